// The browser's localStorage, used so that it never throws: a blocked or full storage is reported once,
// on the page, and the page keeps working with what it holds in memory.
import { bilingual } from "./ui.js";

export const STORE_VERSION = 1;
/** Every key the site stores under (tests/test_storage_keys.py checks that no other file spells one). lang.js runs
 *  in <head> before any module and so cannot import this: it spells "tc:" + a preference's name, keys.pref. */
export const keys = {
  game: (gameId) => `tc:v${STORE_VERSION}:game:${gameId}`, // a game's score sheet (sheet-state.js)
  column: (gameId) => `tc:v${STORE_VERSION}:column:${gameId}`, // one seat's column filled for another phone's sheet (column-mode.js)
  sheet: (gameId, guest) => (guest ? keys.column(gameId) : keys.game(gameId)), // a guest tab's sheets are its own
  columnTab: "tc:column-tab", // sessionStorage: the seat this tab fills for another phone ({game, seat}; column-mode.js)
  undo: (gameId) => `tc:v${STORE_VERSION}:undo:${gameId}`, // the sheet "New game" cleared, for its undo
  history: `tc:v${STORE_VERSION}:history`, // the finished games (scoring/history.py's format)
  finished: (gameId) => `tc:v${STORE_VERSION}:finished:${gameId}`, // when a final sheet was finished (share.js)
  persistSaid: `tc:v${STORE_VERSION}:persist-said`, // whether a save has said what keeping the history means (history.js)
  exported: `tc:v${STORE_VERSION}:exported`, // ids of the records in the last exported JSON file (persist.js)
  keepNoticeSeen: `tc:v${STORE_VERSION}:keep-notice-seen`, // when the history's keep notice was put away (keep-notice.js)
  keepReminderLater: `tc:v${STORE_VERSION}:keep-reminder-later`, // when its export reminder was put off (keep-notice.js)
  pref: (name) => `tc:${name}`, // the interface's language, Chinese script and theme (lang.js)
  wake: "tc:wake", // play/'s screen-awake switch: "on" | "off"
  flow: "tc:flow", // where Enter goes in a grid: "down" | "across"
  rulesView: "tc:rules-view", // the rules pages' columns: "both" | "zh" | "en"
  corrupt: (what) => `tc:corrupt:${what}:${new Date().toISOString()}`, // an unreadable value set aside
  probe: "tc:probe", // written and removed once at start, to learn whether storage works
  offlinePython: "tc:offline-python", // the reader keeps the calculator offline (offline.js; the service worker too)
};

const MESSAGES = {
  blocked: {
    zh: "此浏览器不允许本站保存数据（隐私模式或浏览器设置）：输入的内容只在本页打开期间保留。",
    en: "This browser does not let the site save anything (private mode or a setting): what you type is kept only while this page is open.",
  },
  full: {
    zh: "浏览器存储已满：最近的更改没有保存。请导出历史记录并删除旧的对局以腾出空间。",
    en: "The browser's storage is full: the latest changes are not saved. Export the history and delete old games to make room.",
  },
};

let problem = null; // "blocked" | "full" | null: what the status line says now
const refused = new Set(); // keys whose latest write the browser refused: the line stays until each is saved or removed

function area() {
  try {
    return window.localStorage;
  } catch (error) {
    return null; // reading the property itself throws when storage is blocked
  }
}

function isQuota(error) {
  return error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === 22 || error.name === "NS_ERROR_DOM_QUOTA_REACHED");
}

function show(kind) {
  problem = kind;
  const line = document.querySelector(".storage-state");
  if (!line) return;
  line.hidden = kind === null;
  line.dataset.problem = kind ?? "";
  line.replaceChildren(...(kind === null ? [] : bilingual("span", MESSAGES[kind]).childNodes));
}

/** What the storage refused last: "blocked", "full", or null once a write has worked again. */
export const storageProblem = () => problem;

/** The stored text, or null; a blocked storage is reported and reads as empty. */
export function read(key) {
  const store = area();
  try {
    if (store) return store.getItem(key);
  } catch (error) { /* reported below */ }
  show("blocked");
  return null;
}

/** Store text; false (and a message on the page) when the browser refuses, or when the key holds an unreadable value
 *  that could not be set aside (kept: it is set aside first once there is room). */
export function write(key, value) {
  const store = area();
  try {
    if (!store) throw new DOMException("no storage", "SecurityError");
    if (unkept.size && !keptBefore(store, key)) return refuse(key, problem ?? "full");
    store.setItem(key, value);
    saved(key);
    return true;
  } catch (error) {
    return refuse(key, isQuota(error) ? "full" : "blocked");
  }
}

/** A refused write: its key is remembered, the line says why; false. */
function refuse(key, kind) {
  refused.add(key);
  show(kind);
  return false;
}

/** A key saved or removed: a full storage is no longer reported once no other change is waiting for room. */
function saved(key) {
  refused.delete(key);
  if (problem === "full" && refused.size === 0 && unkept.size === 0) show(null);
}

/** Remove a key; a refused change to it no longer waits for room (the line stays until a write works). */
export function remove(key) {
  try {
    area()?.removeItem(key);
    refused.delete(key);
  } catch (error) { /* nothing stored, nothing to remove */ }
}

const unkept = new Map(); // unreadable values that could not be set aside (raw → what): never overwritten

/** Keep an unreadable value under a key of its own, never overwriting it; the key, or null if it could not be kept
 *  (then the value is not overwritten either, until it can be: write). */
export function setAside(what, raw) {
  const key = keys.corrupt(what);
  if (write(key, raw)) return key;
  refused.delete(key); // its own key is never written again: the value waits in unkept
  unkept.set(raw, what);
  return null;
}

/** Whether key may be written: true unless it holds a value that could not be set aside and still cannot be. */
function keptBefore(store, key) {
  const held = store.getItem(key);
  if (!unkept.has(held)) return true;
  const what = unkept.get(held);
  unkept.delete(held);
  return setAside(what, held) !== null;
}

/** True when the storage works at all (checked once, at start). */
export function usable() {
  if (!write(keys.probe, "1")) return false;
  remove(keys.probe);
  return true;
}

/** A remembered choice (a switch, a view), or null; quietly, as a blocked storage only means it is not remembered. */
export function readChoice(key) {
  try { return area()?.getItem(key) ?? null; } catch (error) { return null; }
}

/** Remember a choice, quietly: a refused write leaves the page's choice as it is, for this visit. */
export function writeChoice(key, value) {
  try { area()?.setItem(key, value); } catch (error) { /* not remembered */ }
}

// play/'s saved state: one sheet per game in localStorage (a versioned format), read so that nothing typed is lost,
// and the players the other games' sheets and the history know, offered as quick picks.
import { STORE_VERSION, keys, read, setAside, write } from "./storage.js";
import { notice } from "./ui.js";

export function emptyState() {
  return { v: STORE_VERSION, players: null, options: {}, names: [], values: {}, ticks: {} };
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isText = (value) => typeof value === "string" || typeof value === "number";

/** A saved sheet this version wrote: anything else is set aside, never read half-way. */
function isState(data) {
  return (
    isObject(data) && data.v === STORE_VERSION &&
    (data.players === null || Number.isInteger(data.players)) &&
    isObject(data.options) && Object.values(data.options).every((v) => typeof v === "boolean") &&
    Array.isArray(data.names) && data.names.every((n) => n === null || isText(n)) &&
    isObject(data.values) && Object.values(data.values).every(isText) &&
    isObject(data.ticks) && Object.values(data.ticks).every((t) => Array.isArray(t) && t.every(Number.isInteger)) &&
    (data.saved === undefined || typeof data.saved === "string") &&
    (data.started === undefined || typeof data.started === "string") &&
    (data.note === undefined || typeof data.note === "string") &&
    (data.start === undefined || isStart(data.start))
  );
}

/** Who starts, as static/start-player.js keeps it: the kind of pick, the names picked, out of how many. */
function isStart(start) {
  return (
    isObject(start) && ["pick", "order"].includes(start.kind) && Number.isInteger(start.from) &&
    Array.isArray(start.names) && start.names.length >= 1 && start.names.every((n) => typeof n === "string")
  );
}

/** A saved state from its text, or null when it is not one this version wrote. */
export function readState(raw) {
  try {
    const data = JSON.parse(raw);
    return isState(data) ? data : null;
  } catch (error) {
    return null;
  }
}

/** The saved state in raw text; an unreadable one is set aside (with a notice) and the sheet starts empty. */
export function parseState(raw, section, what) {
  if (raw === null) return emptyState();
  const data = readState(raw);
  if (data) return data;
  const aside = setAside(what, raw);
  notice(
    section,
    aside ? `保存的数据无法读取，已另存为 ${aside}，此表从空白开始。` : "保存的数据无法读取，而且无法另存（存储不可用）。",
    aside ? `The saved sheet could not be read; it was set aside as ${aside} and this sheet starts empty.` : "The saved sheet could not be read, nor set aside (storage is unavailable).",
  );
  return emptyState();
}

export const load = (gameId, section) => parseState(read(keys.game(gameId)), section, gameId);
export const save = (gameId, state) => write(keys.game(gameId), JSON.stringify(state));

/** Replace a state's contents in place (every part of the page holds the same object). */
export function replaceState(state, data) {
  for (const key of Object.keys(state)) delete state[key];
  Object.assign(state, data);
}

/** Whether a saved value's key (tool|field|player|entry|part) is a table value that "New game" keeps. */
export const isKept = (key, kept) => kept.has(key.split("|")[1]) && key.split("|")[2] === "-1";

/** A state for "New game": the same count and variants, the table's values from the board, and (unless the table
 *  said otherwise) the same players in the same seats. */
export function clearedState(state, kept, keepPlayers) {
  const values = Object.fromEntries(Object.entries(state.values).filter(([key]) => isKept(key, kept)));
  const { saved, start, started, note, ...rest } = state; // a new game picks its start player afresh, has its own clock and note
  return { ...rest, names: keepPlayers ? state.names : [], values, ticks: {} };
}

const MAX_PICKS = 12;
const cleanName = (name) => String(name ?? "").trim().split(/\s+/).join(" ");
const nameKey = (name) => name.normalize("NFKC").toLowerCase(); // as core.name_key, near enough for offering names
let historyNames = { raw: null, names: [] }; // the history's names, read again only when the stored text changes

function namesInHistory() {
  const raw = read(keys.history);
  if (raw === historyNames.raw) return historyNames.names;
  const names = [];
  try {
    const stored = JSON.parse(raw ?? "null");
    // One identity per player (scoring/players.py): a merged or renamed name is offered as the name it became.
    const merged = new Map(Object.entries(stored?.names ?? {}).filter(([, v]) => typeof v === "string").map(([k, v]) => [nameKey(k), v]));
    for (const record of Array.isArray(stored?.records) ? stored.records : []) {
      for (const player of Array.isArray(record?.players) ? record.players : []) {
        if (typeof player?.name === "string") names.push(cleanName(merged.get(nameKey(player.name)) ?? player.name));
      }
    }
  } catch (error) { /* an unreadable history gives no names; history.js reports it when shown */ }
  historyNames = { raw, names };
  return names;
}

/** Player names known from the other games' saved sheets and from the history as stored, most recent first. */
export function knownNames(gameIds) {
  const names = [];
  for (const id of gameIds) {
    const data = readState(read(keys.game(id)) ?? "null");
    if (data) names.push(...data.names.map(cleanName));
  }
  names.push(...namesInHistory());
  const seen = new Set();
  const picks = [];
  for (const name of names) {
    const key = nameKey(name);
    if (!name || seen.has(key) || name.length > 40) continue;
    seen.add(key);
    picks.push(name);
    if (picks.length === MAX_PICKS) break;
  }
  return picks;
}

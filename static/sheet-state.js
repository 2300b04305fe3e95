// play/'s saved state: one sheet per game in localStorage (a versioned format), read so that nothing typed is lost,
// and the players the other games' sheets and the history know, offered as quick picks.
import { STORE_VERSION, keys, read, setAside, storageProblem, write } from "./storage.js";
import { notice } from "./ui.js";
import { isGuest } from "./column-mode.js";

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
    [data.startTime, data.minutes].every((typed) => typed === undefined || typeof typed === "string") &&
    (data.editing === undefined || (isObject(data.editing) && typeof data.editing.id === "string" && typeof data.editing.saved === "string")) &&
    (data.changed === undefined || (Array.isArray(data.changed) && data.changed.every((f) => typeof f === "string"))) &&
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
    aside ? `保存的数据无法读取，已另存为 ${aside}，此表从空白开始。` : `保存的数据无法读取，而且无法另存（${storageProblem() === "full" ? "存储已满" : "存储不可用"}），因此不会被覆盖：这张表的输入不会保存。`,
    aside ? `The saved sheet could not be read; it was set aside as ${aside} and this sheet starts empty.` : `The saved sheet could not be read, nor set aside (storage is ${storageProblem() === "full" ? "full" : "unavailable"}), so it is not overwritten: what is typed on this sheet is not saved.`,
  );
  return emptyState();
}

// Two tabs on one sheet merge by field: a write puts the fields this tab changed over what is stored now and lists
// them ("changed", which older code ignores); a tab taking in another's write takes only the fields it lists.
const synced = new Map(); // game id -> the sheet's fields as this tab last read or wrote them
const PARTS = ["options", "values", "ticks"]; // the parts whose every key is a field of its own (and names, by seat)

/** A state as one entry per field ("players", "values\n<key>", "names\n<seat>", …), each value as JSON text. */
function fields(state) {
  const out = new Map();
  for (const [part, value] of Object.entries(state)) {
    if (part === "v" || part === "changed" || value === undefined) continue;
    if (PARTS.includes(part)) for (const [key, v] of Object.entries(value)) out.set(`${part}\n${key}`, JSON.stringify(v));
    else if (part === "names") value.forEach((v, seat) => out.set(`names\n${seat}`, JSON.stringify(v ?? null)));
    else out.set(part, JSON.stringify(value));
  }
  return out;
}

/** The state those fields make. */
function fromFields(map) {
  const state = emptyState();
  for (const [name, text] of map) {
    const [part, key] = name.split("\n");
    if (key === undefined) state[part] = JSON.parse(text);
    else if (part === "names") state.names[Number(key)] = JSON.parse(text);
    else state[part][key] = JSON.parse(text);
  }
  state.names = Array.from(state.names, (name) => name ?? null);
  return state;
}

/** The fields whose values differ between two field maps. */
const differing = (a, b) => [...new Set([...a.keys(), ...b.keys()])].filter((name) => a.get(name) !== b.get(name));

/** Set the fields named to their values in `from` (absent there: removed). */
function put(into, from, names) {
  for (const name of names) from.has(name) ? into.set(name, from.get(name)) : into.delete(name);
}

export function load(gameId, section) {
  const { changed, ...state } = parseState(read(keys.sheet(gameId, isGuest())), section, gameId);
  synced.set(gameId, fields(state));
  return state;
}

/** Save the fields this tab changed over the sheet as stored now; the state takes in the stored fields it lacked. */
export function save(gameId, state) {
  const mine = fields(state);
  const stored = readState(read(keys.sheet(gameId, isGuest())));
  const changed = stored ? differing(synced.get(gameId) ?? new Map(), mine) : [...mine.keys()];
  const merged = stored ? fields(stored) : new Map();
  put(merged, mine, changed);
  const result = fromFields(merged);
  if (differing(merged, mine).length) replaceState(state, result); // another tab's edit, shown when its event comes
  if (!write(keys.sheet(gameId, isGuest()), JSON.stringify({ ...result, changed }))) return false; // its edits stay changed
  synced.set(gameId, merged);
  return true;
}

/** Another tab's saved sheet taken in: the fields it changed (every field, from code that does not list them), except
 *  `editing`, the fields being typed in here, which stay as typed. True when this tab holds fields that sheet lacks
 *  (its write raced this tab's own), to be saved back. */
export function takeIn(gameId, state, data, editing) {
  const mine = fields(state), theirs = fields(data);
  const changed = (data.changed ?? differing(mine, theirs)).filter((name) => !editing.includes(name));
  put(mine, theirs, changed);
  synced.set(gameId, theirs);
  replaceState(state, fromFields(mine));
  return differing(mine, theirs).some((name) => !editing.includes(name));
}

/** The field name (as takeIn knows it) of a sheet's name or value input, given its saved value's key. */
export const fieldName = (el, valueKey) => (el.dataset.field === "name" ? `names\n${el.dataset.player}` : `values\n${valueKey}`);

/** Replace a state's contents in place (every part of the page holds the same object). */
export function replaceState(state, data) {
  for (const key of Object.keys(state)) delete state[key];
  Object.assign(state, data);
}

/** Whether a saved value's key (tool|field|player|entry|part) is a table value that "New game" keeps. */
export const isKept = (key, kept) => kept.has(key.split("|")[1]) && key.split("|")[2] === "-1";

/** Whether a saved sheet holds a score typed (names and the table values "New game" keeps aside). */
export const hasSavedScores = (state, kept) =>
  Object.entries(state.values).some(([key, value]) => !isKept(key, kept) && String(value).trim() !== "");

/** A state for "New game": the same count and variants, the table's values from the board, and (unless the table
 *  said otherwise) the same players in the same seats. */
export function clearedState(state, kept, keepPlayers) {
  const values = Object.fromEntries(Object.entries(state.values).filter(([key]) => isKept(key, kept)));
  const { saved, start, started, startTime, minutes, note, editing, ...rest } = state; // a new game: its own start player, clock, times, note, record
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

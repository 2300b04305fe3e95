// play/#r=…: what a received result's link itself holds (the game, the players, what they typed) shown at once, while
// this phone's Python works out the ranking (share.js calls it and hides this when Python answers). Only the link's
// contents are shown, labelled with the page's own score sheet: no total, no place, no check. Whether the link is sound
// and what it scores stay Python's (scoring/share.py): a link this cannot read shows nothing here, and Python says why.
// Loaded by play/'s <head> on its own, so that it does not wait for the page's other scripts.

const PREFIX = "#r=";
/** scoring/share.py's MAX_LINK_CHARS and MAX_SHEET_BYTES, written into the page by the build: beyond them Python
 *  refuses the link; nothing to read. */
const { chars: MAX_LINK_CHARS, bytes: MAX_SHEET_BYTES } = JSON.parse(document.querySelector("meta[name=tc-link-limits]").content);

/** The payload's bytes (base64url, written without padding), or null. */
function payloadBytes(payload) {
  if (payload.length > MAX_LINK_CHARS || !/^[A-Za-z0-9_-]*$/.test(payload)) return null;
  try {
    const binary = atob(payload.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (payload.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The text deflated in bytes, or null when it cannot be inflated or is longer than Python would read. */
async function inflated(bytes) {
  if (typeof DecompressionStream !== "function") return null;
  try {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const parts = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_SHEET_BYTES) return null;
      parts.push(value);
    }
    return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(parts).arrayBuffer());
  } catch {
    return null;
  }
}

/** The link's [version, game, saved, sheet] as scoring/share.py's encode wrote it, or null when it does not read so. */
export async function readLink(payload) {
  const bytes = payloadBytes(payload.replace(/^#?r=/, ""));
  const text = bytes && (await inflated(bytes));
  if (!text) return null;
  try {
    const data = JSON.parse(text);
    const players = Array.isArray(data) && data.length === 4 ? data[3]?.players : null;
    if (!Array.isArray(players) || !players.every((p) => p && typeof p === "object")) return null;
    return data;
  } catch {
    return null;
  }
}

/** Copies of an element's language and script spans (the page's bilingual text). */
function wordsOf(element) {
  const copy = document.createElement("span");
  copy.append(...[...element.children].filter((c) => c.matches(".l-zh, .l-en")).map((c) => c.cloneNode(true)));
  return copy;
}

/** A value as the player typed it (a tick for a box that was ticked). */
function typed(value) {
  if (value === true) return "✓";
  if (value === false || value === null || value === undefined) return "–";
  return typeof value === "object" ? "" : String(value);
}

function cell(tag, ...content) {
  const made = document.createElement(tag);
  made.append(...content);
  return made;
}

/** A header cell of the table, for a column or a row. */
function header(scope, ...content) {
  const made = cell("th", ...content);
  made.scope = scope;
  return made;
}

/** A player's typed value of a field, or undefined: only a field of the link's own (never one inherited, such as
 *  `constructor`), of scores that are an object (a link may carry text, a number or a list there: Python says so). */
function typedValue(player, field) {
  const scores = player.scores;
  const usable = scores !== null && typeof scores === "object" && !Array.isArray(scores);
  return usable && Object.hasOwn(scores, field) ? scores[field] : undefined;
}

/** The typed values as a table like the score sheet: a column per player, a row per field of the page's sheet that the
 *  link fills. */
function typedTable(form, players) {
  const corner = header("col");
  corner.className = "head";
  const head = cell("tr", corner);
  players.forEach((player, index) => {
    const name = typeof player.name === "string" ? player.name.trim() : "";
    const fallback = form.querySelector(`th[data-player="${index}"] .visually-hidden`);
    head.append(header("col", name || (fallback ? wordsOf(fallback) : `${index + 1}`)));
  });
  const body = document.createElement("tbody");
  for (const row of form.querySelectorAll("tr[data-row]")) {
    const field = row.dataset.row;
    if (players.every((p) => typedValue(p, field) === undefined)) continue;
    const label = row.querySelector(".label-help") ?? row.querySelector("th");
    const line = cell("tr", header("row", wordsOf(label)));
    for (const player of players) line.append(cell("td", typed(typedValue(player, field))));
    body.append(line);
  }
  const table = cell("table", cell("thead", head), body);
  table.className = "grid received-typed";
  return table;
}

/** Fill the section's preview from the link (section.dataset.state is "working" until share.js has Python's answer;
 *  an answer that came first wins). */
export async function showPreview(section, payload) {
  const preview = section.querySelector(".shared-preview");
  if (!preview || section.dataset.previewOf === payload) return;
  section.dataset.previewOf = payload;
  preview.hidden = true;
  const data = await readLink(payload);
  const game = data && window.tcGameSection(String(data[1])); // put in place if it was not yet (game-sections.js)
  const form = game?.querySelector("form[data-tool=score]");
  if (!form || section.dataset.previewOf !== payload || section.dataset.state !== "working") return;
  preview.querySelector(".preview-game").replaceChildren(wordsOf(game.querySelector("h2")));
  preview.querySelector(".preview-typed").replaceChildren(typedTable(form, data[3].players));
  preview.hidden = false;
}

/** Python has answered (share.js): the ranking, or why the link cannot be read, replaces the preview. */
export function hidePreview(section) {
  const preview = section.querySelector(".shared-preview");
  if (preview) preview.hidden = true;
}

function showOnArrival() {
  const section = document.querySelector("section.shared");
  if (!section || !location.hash.startsWith(PREFIX)) return;
  section.dataset.state ??= "working";
  showPreview(section, location.hash.slice(1));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showOnArrival, { once: true });
else showOnArrival();

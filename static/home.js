// The home page: a score sheet in progress one tap away ("Continue: Bruges, 4 players, started 20:14"), the latest
// first. Reads the sheets play/ saved (sheet-state.js); writes nothing.
import { keys, read } from "./storage.js";
import { hasSavedScores, readState } from "./sheet-state.js";

/** When the game started, as each language writes it: a time today, a date and a time before. */
function startedText(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return null;
  const today = when.toDateString() === new Date().toDateString();
  const time = (locale) => when.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", hour12: false });
  const date = (locale, style) => (today ? "" : `${when.toLocaleDateString(locale, style)} `);
  return {
    zh: date("zh-CN", { month: "long", day: "numeric" }).trim() + time("zh-CN"),
    en: date("en-GB", { day: "numeric", month: "short" }) + time("en-GB"),
  };
}

/** Fill "{name}" in every language's span of a template part. */
function fillIn(part, name, byLang) {
  for (const span of part.querySelectorAll("[lang]")) {
    const value = byLang[span.lang === "en" ? "en" : "zh"];
    span.textContent = span.textContent.replace(`{${name}}`, value);
  }
}

/** One game's line, shown when its saved sheet is in progress; its start time (for the order) or null. */
function showLine(item) {
  const state = readState(read(keys.game(item.dataset.continue)));
  if (!state || !hasSavedScores(state, new Set(item.dataset.kept.split(" ")))) return null;
  const { min, max } = item.dataset; // a count outside the game's (a hand-edited storage) is not shown: the default
  const kept = Number.isInteger(state.players) && state.players >= Number(min) && state.players <= Number(max);
  const players = kept ? state.players : Number(item.dataset.default);
  fillIn(item.querySelector(".continue-players"), "n", { zh: players, en: players });
  const started = state.started ? startedText(state.started) : null;
  if (started) {
    const part = item.querySelector(".continue-started");
    fillIn(part, "time", started);
    part.hidden = false;
  }
  item.hidden = false;
  return state.started ?? "";
}

function showSheetsInProgress() {
  const list = document.querySelector(".continue-list");
  const shown = [...list.children].map((item) => [item, showLine(item)]).filter(([, started]) => started !== null);
  shown.sort(([, a], [, b]) => b.localeCompare(a));
  list.prepend(...shown.map(([item]) => item));
  list.hidden = shown.length === 0;
}

showSheetsInProgress();

// What a saved game keeps beside its sheet (scoring/extras.py holds the rules): how long it took and the note typed
// under the result. How long: the start time or the minutes the table types, else the sheet's own clock, taken at its
// first tick or first value typed (a clock that started less than ten minutes before the save timed the typing, not
// the game: no duration). All of it lives in the sheet's saved state, so a reload loses nothing.
import { save } from "./sheet-state.js";
import { bilingual } from "./ui.js";

/** The game's clock starts now unless it has started already (a tick of its setup, a value typed); the caller
 *  saves the state. */
export function markStarted(state) {
  state.started ??= new Date().toISOString();
}

/** A time of day in each language ("20:14"). */
const timeOf = (iso) => new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

/** What a blank start time and duration mean on this sheet: the clock's start, if it has one. */
function clockLine(state) {
  if (state.startTime || state.minutes) return null;
  const rule = { zh: "不到 10 分钟的不算用时（表格是终局才填的）。", en: "Under 10 minutes counts as no duration (a sheet filled in at the end)." };
  if (!state.started) return bilingual("span", { zh: `留空：从第一个勾选或输入的分数起计时；${rule.zh}`, en: `Left blank: timed from the first tick or score typed. ${rule.en}` });
  const at = timeOf(state.started);
  return bilingual("span", { zh: `留空：从 ${at}（第一个勾选或分数）起计时；${rule.zh}`, en: `Left blank: timed from ${at} (the first tick or score). ${rule.en}` });
}

/** The start time and minutes boxes: typing one empties the other (the history takes one of them). */
function setupTime(game) {
  const start = game.sheet.querySelector("[data-role=start-time]");
  const minutes = game.sheet.querySelector("[data-role=minutes]");
  const clock = game.sheet.querySelector("[data-role=clock]");
  const showClock = () => clock.replaceChildren(...[clockLine(game.state)].filter(Boolean));
  const show = () => {
    start.value = game.state.startTime ?? "";
    minutes.value = game.state.minutes ?? "";
    showClock();
  };
  // The clock starts at a tick or a value (play.js, on the same events): said once that has run.
  for (const type of ["input", "change"]) game.section.addEventListener(type, () => queueMicrotask(showClock));
  for (const [box, key, other] of [[start, "startTime", "minutes"], [minutes, "minutes", "startTime"]]) {
    box.addEventListener("input", () => {
      if (box.value.trim()) {
        game.state[key] = box.value;
        delete game.state[other];
      } else delete game.state[key];
      save(game.gameId, game.state);
      show();
    });
  }
  return show;
}

/** The note box and the time boxes: what is typed goes into the saved state at each keystroke; the function returned
 *  puts the state's back. */
export function setupNote(game) {
  const box = game.sheet.querySelector("[data-role=note]");
  box.addEventListener("input", () => {
    if (box.value) game.state.note = box.value;
    else delete game.state.note;
    save(game.gameId, game.state);
  });
  const showTime = setupTime(game);
  return () => {
    box.value = game.state.note ?? "";
    showTime();
  };
}

/** What the history is told besides the sheet (as scoring.api.history_add and history_replace read it). */
export const extrasOf = (game) =>
  JSON.stringify({
    started: game.state.started ?? null,
    start_time: game.state.startTime ?? null,
    minutes: game.state.minutes ?? null,
    utc_offset: -new Date().getTimezoneOffset(),
    note: game.state.note ?? null,
  });

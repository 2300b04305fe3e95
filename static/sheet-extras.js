// What a saved game keeps beside its sheet (scoring/extras.py holds the rules): how long it took and the note typed
// under the result. How long: the start time or the minutes the table types, else the sheet's own clock, taken at its
// first tick or first value typed (a clock that started less than ten minutes before the save timed the typing, not
// the game: no duration). All of it lives in the sheet's saved state, so a reload loses nothing.
import { save } from "./sheet-state.js";

/** The game's clock starts now unless it has started already (a tick of its setup, a value typed); the caller
 *  saves the state. */
export function markStarted(state) {
  state.started ??= new Date().toISOString();
}

/** A time of day as both languages write it ("20:14"); spelled out, since the first toLocaleTimeString of a visit
 *  (loading the locale's data) was about 100 ms of the page's first keystroke on a phone's processor (issue 44). */
const timeOf = (iso) => {
  const time = new Date(iso);
  return [time.getHours(), time.getMinutes()].map((part) => String(part).padStart(2, "0")).join(":");
};

/** What a blank start time and duration mean on this sheet (the page's two lines, in every language and script): from
 *  the clock's start, if it has one; nothing once a time is typed. */
function showClockLine(clock, state) {
  const typed = Boolean(state.startTime || state.minutes);
  // after every keystroke: each written only when it changes (issue 44)
  const hide = { none: typed || Boolean(state.started), at: typed || !state.started };
  for (const [which, hidden] of Object.entries(hide)) {
    const line = clock.querySelector(`[data-clock=${which}]`);
    if (line.hidden !== hidden) line.hidden = hidden;
  }
  const at = clock.querySelector("[data-role=clock-at]");
  if (state.started && at.textContent !== timeOf(state.started)) at.textContent = timeOf(state.started);
}

/** The start time and minutes boxes: typing one empties the other (the history takes one of them). */
function setupTime(game) {
  const start = game.sheet.querySelector("[data-role=start-time]");
  const minutes = game.sheet.querySelector("[data-role=minutes]");
  const clock = game.sheet.querySelector("[data-role=clock]");
  const showClock = () => showClockLine(clock, game.state);
  const show = () => {
    start.value = game.state.startTime ?? "";
    minutes.value = game.state.minutes ?? "";
    showClock();
  };
  // The clock starts at a tick or a value (play.js, on the same events, after this listener): said once that has run.
  for (const type of ["input", "change"]) game.section.addEventListener(type, () => setTimeout(showClock));
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

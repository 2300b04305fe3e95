// What a saved game keeps beside its sheet (scoring/extras.py holds the rules): when the game started, taken at its
// first tick or first value typed, and the note typed under the result. Both live in the sheet's saved state, so a
// reload loses neither.
import { save } from "./sheet-state.js";

/** The game's clock starts now unless it has started already (a tick of its setup, a value typed); the caller
 *  saves the state. */
export function markStarted(state) {
  state.started ??= new Date().toISOString();
}

/** The note box: what was typed goes into the saved state at each keystroke; show() puts the state's note back. */
export function setupNote(game) {
  const box = game.sheet.querySelector("[data-role=note]");
  box.addEventListener("input", () => {
    if (box.value) game.state.note = box.value;
    else delete game.state.note;
    save(game.gameId, game.state);
  });
  return () => { box.value = game.state.note ?? ""; };
}

/** What the history is told besides the sheet (as scoring.api.history_add reads it): {started, note}. */
export const extrasOf = (game) => JSON.stringify({ started: game.state.started ?? null, note: game.state.note ?? null });

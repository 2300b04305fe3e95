// Whether this tab fills one seat's column for another phone's sheet (play/#c=…, column.js): such a tab keeps its
// sheets under their own keys (keys.column), so the guest's own sheets in progress stay as they were, and it knows
// its seat through a reload (sessionStorage, this tab only).
import { keys } from "./storage.js";

/** The tab's seat as stored: {game, seat}, or null. */
function storedSeat() {
  try {
    const held = JSON.parse(sessionStorage.getItem(keys.columnTab) ?? "null");
    return held && typeof held.game === "string" && Number.isInteger(held.seat) ? held : null;
  } catch (error) {
    return null; // storage blocked: the tab is an ordinary one
  }
}

let guest = location.hash.startsWith("#c=") ? { game: null, seat: null } : storedSeat();

/** The key a game's sheet is stored under in this tab. */
export const sheetKey = (gameId) => keys.sheet(gameId, guest !== null);

/** The seat this tab fills of a game's sheet, or null (an ordinary sheet). */
export const ownSeat = (gameId) => (guest && guest.game === gameId ? guest.seat : null);

/** Whether this tab was opened to fill a column (its seat known or still being read from the link). */
export const isGuest = () => guest !== null;

/** This tab fills this seat from now on ({game, seat}), or (null) is an ordinary tab again. */
export function setGuest(seat) {
  guest = seat;
  try {
    if (seat) sessionStorage.setItem(keys.columnTab, JSON.stringify(seat));
    else sessionStorage.removeItem(keys.columnTab);
  } catch (error) { /* blocked: the seat is known until this page closes */ }
}

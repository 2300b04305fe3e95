// Who starts: the setup checklist's fair random pick among the sheet's names (static/fair-pick.js), shown and kept
// with the game's saved sheet (state.start), so a reload shows the same pick. Which games offer it, and whether the
// source picks one player or shuffles an order, comes from content/<game>/aid.toml ([start_player]).
import { randomBelow, shuffled } from "./fair-pick.js";
import { playerCount } from "./sheet-inputs.js";
import { save } from "./sheet-state.js";
import { message } from "./site.js";

const cleanName = (name) => String(name ?? "").trim().split(/\s+/).join(" ");

/** The names typed in the sheet's columns for the current player count, or null when one is missing. */
function sheetNames(g) {
  const names = Array.from({ length: playerCount(g.section) }, (_, i) => cleanName(g.state.names[i]));
  return names.every(Boolean) ? names : null;
}

/** Wire the pick of one game's checklist; return the function that shows the kept pick (after a reload or a sync). */
export function setupStartPick(g) {
  const box = g.section.querySelector(".start-pick");
  if (!box) return () => {};
  const out = box.querySelector(".start-picked");
  const show = () => {
    const start = g.state.start;
    if (!start) out.replaceChildren();
    else if (start.kind === "order") out.replaceChildren(message("start-order", { names: start.names.join(" → ") }));
    else out.replaceChildren(message("start-picked", { names: start.names[0], count: start.from }));
  };
  box.querySelector("[data-action=pick-start]").addEventListener("click", () => {
    const names = sheetNames(g);
    if (!names) {
      out.replaceChildren(message("start-names"));
      return;
    }
    const kind = box.dataset.kind;
    const picked = kind === "order" ? shuffled(names) : [names[randomBelow(names.length)]];
    g.state.start = { kind, names: picked, from: names.length };
    save(g.gameId, g.state);
    show();
  });
  show();
  return show;
}

// Who starts: the setup checklist's fair random pick among the sheet's names (static/fair-pick.js), shown and kept
// with the game's saved sheet (state.start), so a reload shows the same pick. Which games offer it, and whether the
// source picks one player or shuffles an order, comes from content/<game>/aid.toml ([start_player]).
import { randomBelow, shuffled } from "./fair-pick.js";
import { playerCount } from "./sheet-inputs.js";
import { knownNames, save } from "./sheet-state.js";
import { message } from "./site.js";

const cleanName = (name) => String(name ?? "").trim().split(/\s+/).join(" ");

/** The names typed in the sheet's columns for the current player count, or null when one is missing. */
function sheetNames(game) {
  const names = Array.from({ length: playerCount(game.section) }, (_, i) => cleanName(game.state.names[i]));
  return names.every(Boolean) ? names : null;
}

/** The seats' names, to type right here: each field is a twin of the score sheet's (same data-field and data-player:
 *  play.js keeps twins alike and saves them), with the names this table used before, one tap each (as the sheet's
 *  quick picks: the other games' sheets and the history), for the first seat still empty. */
function nameFields(game) {
  const wrap = document.createElement("p");
  wrap.className = "start-names";
  const inputs = Array.from({ length: playerCount(game.section) }, (_, p) => {
    const input = Object.assign(document.createElement("input"), { type: "text", maxLength: 40, autocomplete: "off" });
    Object.assign(input, { value: game.state.names[p] ?? "", placeholder: `P${p + 1}` });
    Object.assign(input.dataset, { field: "name", player: String(p) });
    input.setAttribute("aria-labelledby", `${game.gameId}-score-p${p}`);
    return input;
  });
  wrap.append(...inputs);
  const ids = Object.keys(JSON.parse(document.querySelector("meta[name=tc-routes]").content)); // every game, placed or not
  const others = ids.filter((id) => id !== game.gameId);
  const seated = new Set(game.state.names.map(cleanName));
  for (const name of knownNames(others).filter((n) => !seated.has(n))) {
    const pick = Object.assign(document.createElement("button"), { type: "button", textContent: name, className: "start-name" });
    pick.addEventListener("click", () => {
      const empty = inputs.find((input) => input.value.trim() === "");
      if (!empty) return;
      empty.value = name;
      empty.dispatchEvent(new Event("input", { bubbles: true }));
      pick.remove();
    });
    wrap.append(pick);
  }
  return wrap;
}

/** The kept pick, or null when its count is not one this game's table can have (a hand-edited storage). */
function keptPick(game) {
  const start = game.state.start;
  return start && start.from >= start.names.length && start.from <= Number(game.section.dataset.max) ? start : null;
}

/** Wire the pick of one game's checklist (game: play.js's controller); return the function that shows the kept pick. */
export function setupStartPick(game) {
  const box = game.section.querySelector(".start-pick");
  if (!box) return () => {};
  const out = box.querySelector(".start-picked");
  const button = box.querySelector("[data-action=pick-start]");
  const show = () => {
    const start = keptPick(game);
    // A pick stands until the table asks again: then the button says it picks again.
    const again = box.dataset.kind === "order" ? "order-again" : "start-again";
    button.replaceChildren(...message(start ? again : button.dataset.first).childNodes);
    if (start) box.querySelector(".start-names")?.remove();
    if (!start) out.replaceChildren();
    else if (start.kind === "order") out.replaceChildren(message("start-order", { names: start.names.join(" → ") }));
    else out.replaceChildren(message("start-picked", { names: start.names[0], count: start.from }));
  };
  button.addEventListener("click", () => {
    const names = sheetNames(game);
    if (!names) {
      out.replaceChildren(message("start-names"));
      box.querySelector(".start-names")?.remove();
      out.after(nameFields(game));
      box.querySelector(".start-names input:placeholder-shown")?.focus();
      return;
    }
    const kind = box.dataset.kind;
    const picked = kind === "order" ? shuffled(names) : [names[randomBelow(names.length)]];
    game.state.start = { kind, names: picked, from: names.length };
    save(game.gameId, game.state);
    show();
  });
  show();
  return show;
}

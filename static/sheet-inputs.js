// play/'s inputs: what the forms hold (counts typed as sums, names), the order Enter/Next moves in, quick picks of
// names. Reading only: every check and every sum's value comes from scoring/ (a sum's value from the last answer).
import { keys, readChoice, writeChoice } from "./storage.js";

/** The key a control is saved under; a radio group (one player holds it) once, as the index of the holder. */
export const inputKey = (tool, el) =>
  [tool, el.dataset.field, el.type === "radio" ? "*" : el.dataset.player ?? "", el.dataset.entry ?? "", el.dataset.part ?? ""].join("|");

/** Whether a control was changed since the page was parsed (its value differs from the one the build wrote). */
export function typedEarly(el) {
  if (el instanceof HTMLSelectElement) {
    const initial = [...el.options].find((o) => o.defaultSelected) ?? el.options[0]; // what a fresh page shows
    return el.selectedIndex !== (initial ? initial.index : -1);
  }
  if (el.type === "radio" || el.type === "checkbox") return el.checked !== el.defaultChecked;
  return el.value !== el.defaultValue;
}

export const toolOf = (el) => el.closest("[data-tool]").dataset.tool;
export const playerCount = (section) => Number(section.querySelector("[data-role=players]").value);
export const optionsOf = (section) =>
  Object.fromEntries([...section.querySelectorAll("[data-option]")].map((c) => [c.dataset.option, c.checked]));

// ---- counts typed as sums: the field keeps "20+8" (shown while focused) and shows 28 (Python's value) otherwise

const isSum = (text) => /\S\s*[+＋]/.test(text);

/** What a count field holds as typed: the sum "20+8" while it shows 28. */
export const typedValue = (el) => el.dataset.typed ?? el.value;

/** Put a saved or typed value into a count field: a sum is kept aside and shown as its value when known. */
export function setTyped(el, text) {
  if (isSum(text)) el.dataset.typed = text;
  else delete el.dataset.typed;
  el.value = text;
  if (document.activeElement !== el) showSum(el);
}

/** After an edit: the field holds what was typed. */
export function typedNow(el) {
  if (isSum(el.value)) el.dataset.typed = el.value;
  else delete el.dataset.typed;
  delete el.dataset.sum;
}

function showSum(el) {
  if (el.dataset.typed !== undefined && el.dataset.sum !== undefined) el.value = el.dataset.sum;
}

/** The values Python gave the sums typed in a form ({path: value}); shown in every field not being edited. */
export function showSums(form, sums) {
  for (const el of form.querySelectorAll("input.num[data-typed]")) {
    const where = [el.dataset.entry, el.dataset.part].filter((i) => i !== undefined).map((i) => `[${i}]`).join("");
    const path = `players[${el.dataset.player}].scores.${el.dataset.field}${where}`;
    if (!(path in (sums ?? {}))) continue;
    el.dataset.sum = String(sums[path]);
    if (document.activeElement !== el) showSum(el);
  }
}

/** Focus shows the sum as typed, leaving shows its value. */
export function followSums(section) {
  section.addEventListener("focusin", (event) => {
    const el = event.target;
    if (el.matches?.("input.num[data-typed]")) el.value = el.dataset.typed;
  });
  section.addEventListener("focusout", (event) => {
    if (event.target.matches?.("input.num[data-typed]")) showSum(event.target);
  });
}

// ---- the sheet as JSON

/** A seat's name as scoring gets it: what was typed, or "P1", "P2"… (the placeholder) when nothing was. */
export function seatName(section, p) {
  const el = section.querySelector(`[data-field=name][data-player="${p}"]`);
  return el.value.trim() === "" ? el.placeholder : el.value;
}

export function collect(section, form) {
  const count = playerCount(section);
  const players = [];
  for (let p = 0; p < count; p++) players.push({ name: seatName(section, p), scores: {} });
  const table = {};
  const options = optionsOf(section);
  for (const el of form.querySelectorAll("[data-field]:not([data-field=name])")) {
    const needs = el.closest("[data-requires]");
    if (needs && !options[needs.dataset.requires]) continue;
    const field = el.dataset.field;
    const p = Number(el.dataset.player);
    if (p >= count) continue;
    const target = p < 0 ? table : players[p].scores;
    let value;
    if (el.type === "radio") {
      if (p < 0) continue;
      value = el.checked ? 1 : 0;
    } else {
      value = typedValue(el);
    }
    if (el.dataset.entry === undefined) {
      target[field] = value;
    } else {
      const list = (target[field] ??= []);
      const entry = Number(el.dataset.entry);
      if (el.dataset.part === undefined) list[entry] = value;
      else (list[entry] ??= [])[Number(el.dataset.part)] = value;
    }
  }
  return { players, table, options };
}

/** Whether anything is typed in a form's per-player fields (names aside). */
export function hasScores(form) {
  return [...form.querySelectorAll("input.num[data-player]:not([data-player='-1'])")].some((el) => typedValue(el).trim() !== "") ||
    [...form.querySelectorAll("input[type=radio]:checked")].length > 0;
}

/** Whether a problem is about something typed (a name, a table value), not about what an untouched sheet lacks. */
export function aboutTyped(form, problem) {
  const paths = problem.fields ?? [problem.field];
  return paths.some((path) => path && fieldElements(form, path).some((el) => el.type !== "radio" && typedValue(el).trim() !== ""));
}

/** The inputs a problem's path names: players[1].scores.animal_kinds[2][0], players[0].name, table.edges[1][0]. */
export function fieldElements(form, path) {
  const m = /^players\[(\d+)\]\.(?:scores\.([a-z_]+)(?:\[(\d+)\])?(?:\[(\d+)\])?|(name))/.exec(path);
  if (m) {
    const field = m[5] ? "name" : m[2];
    let sel = `[data-field="${field}"][data-player="${m[1]}"]`;
    if (m[3] !== undefined) sel += `[data-entry="${m[3]}"]`;
    if (m[4] !== undefined) sel += `[data-part="${m[4]}"]`;
    const scope = field === "name" ? form.closest("section.game") : form;
    return [...scope.querySelectorAll(sel)];
  }
  const t = /^table\.([a-z_]+)(?:\[(\d+)\])?(?:\[(\d+)\])?/.exec(path);
  if (t) {
    let sel = `[data-field="${t[1]}"][data-player="-1"]`;
    if (t[2] !== undefined) sel += `[data-entry="${t[2]}"]`;
    if (t[3] !== undefined) sel += `[data-part="${t[3]}"]`;
    return [...form.querySelectorAll(sel)];
  }
  return [...form.querySelectorAll(`[data-field="${path}"]`)];
}

// ---- Enter / Next: down one player's column (every category), then the next player; or across, row by row

/** The text fields of a grid in the order Enter moves through them. */
function flowOrder(form, across) {
  const fields = [...form.querySelectorAll(".grid input[type=text]")].filter((el) => !el.closest("[hidden]") && el.offsetParent !== null);
  if (across) return fields;
  const column = (el) => Number(el.dataset.player);
  return fields
    .map((el, index) => ({ el, index }))
    .sort((a, b) => column(a.el) - column(b.el) || a.index - b.index)
    .map(({ el }) => el);
}

/** Enter (the keyboard's Next) moves to the next field; the switch beside the grid chooses down or across. */
export function setupFlow(section) {
  const switches = [...section.querySelectorAll("[data-role=flow]")];
  let across = readChoice(keys.flow) === "across";
  for (const box of switches) {
    box.checked = across;
    box.addEventListener("change", () => {
      across = box.checked;
      for (const other of switches) other.checked = across;
      writeChoice(keys.flow, across ? "across" : "down");
    });
  }
  section.addEventListener("keydown", (event) => {
    const el = event.target;
    if (event.key !== "Enter" || event.isComposing || !el.matches?.(".grid input[type=text]")) return;
    event.preventDefault();
    const order = flowOrder(el.closest("form"), across);
    const next = order[order.indexOf(el) + 1];
    if (next) {
      next.focus();
      next.select?.();
    } else el.blur();
  });
}

// ---- names: quick picks from the other games and the history

/** The quick-pick buttons above a grid: a tap puts the name in the focused empty name field, or the first empty seat. */
export function setupNamePicks(section, picksOf, onPick) {
  let lastName = null;
  section.addEventListener("focusin", (event) => {
    if (event.target.matches?.("input.name")) lastName = event.target;
  });
  section.addEventListener("click", (event) => {
    const button = event.target.closest?.("button[data-pick]");
    if (!button) return;
    const form = button.closest("form");
    const seats = [...form.querySelectorAll("input.name")].filter((el) => !el.closest("[hidden]"));
    const target = lastName && seats.includes(lastName) && lastName.value.trim() === "" ? lastName : seats.find((el) => el.value.trim() === "");
    if (!target) return;
    target.value = button.dataset.pick;
    onPick(target);
    lastName = null;
  });
  return function showPicks() {
    const taken = new Set([...section.querySelectorAll("input.name")].map((el) => el.value.trim().toLowerCase()));
    const free = [...section.querySelectorAll("input.name")].some((el) => !el.closest("[hidden]") && el.value.trim() === "");
    for (const box of section.querySelectorAll(".name-picks")) {
      const list = box.querySelector(".picks");
      const names = free ? picksOf().filter((name) => !taken.has(name.toLowerCase())) : [];
      // The same names keep their buttons: Chromium's autofill reads every form of the page again after a button is
      // added or removed (issue 44), and this runs at every name typed and each time the sheet is shown.
      const shown = [...list.children].map((button) => button.dataset.pick);
      const same = shown.length === names.length && shown.every((name, i) => name === names[i]);
      if (!same) list.replaceChildren(...names.map((name) => {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.pick = name;
        const bdi = document.createElement("bdi");
        bdi.textContent = name;
        button.append(bdi);
        return button;
      }));
      box.hidden = names.length === 0;
    }
  };
}

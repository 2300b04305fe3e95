// Correcting a saved game (issue 29 point 4): a history record opens back into its game's sheet, under a banner
// saying which game is being corrected; saving replaces that record under the same identity (scoring/api.py's
// history_replace), once undoable. What is being corrected (`editing`) lives in the sheet's saved state, so a reload
// keeps the banner and every value typed.
import { ask, bilingual } from "./ui.js";
import { hasScores, inputKey, toolOf } from "./sheet-inputs.js";
import { emptyState, replaceState, save } from "./sheet-state.js";
import { extrasOf } from "./sheet-extras.js";

/** The day a game was saved, in each language ("12 Nov", "11月12日"; the year when it is not this one); null when
 *  the stored date is not one (a hand-edited storage). */
function dayOf(saved) {
  const when = new Date(saved);
  if (Number.isNaN(when.getTime())) return null;
  const year = when.getFullYear() === new Date().getFullYear() ? {} : { year: "numeric" };
  return {
    zh: when.toLocaleDateString("zh-CN", { month: "long", day: "numeric", ...year }),
    en: when.toLocaleDateString("en-GB", { day: "numeric", month: "short", ...year }),
  };
}

/** The saved values of a record's sheet (as scoring/history.py keeps it) under the score form's keys. */
function valuesFrom(form, sheet) {
  const values = {};
  for (const el of form.querySelectorAll("[data-field]:not([data-field=name])")) {
    const p = Number(el.dataset.player);
    let value = p < 0 ? sheet.table?.[el.dataset.field] : sheet.players[p]?.scores?.[el.dataset.field];
    if (el.dataset.entry !== undefined) value = value?.[Number(el.dataset.entry)];
    if (el.dataset.part !== undefined) value = value?.[Number(el.dataset.part)];
    if (value === undefined || value === null || Array.isArray(value)) continue;
    if (el.type !== "radio") values[inputKey(toolOf(el), el)] = String(value);
    else if (value === 1) values[inputKey(toolOf(el), el)] = el.value;
  }
  return values;
}

/** Open a history record in its game's sheet for correction; false when the reader keeps the sheet on screen (it
 *  holds a game not saved to the history). Whether it is saved is read from what is typed, not from Python's answer,
 *  which a page just opened on the history has not had yet. */
export async function openRecord(game, record) {
  if (hasScores(game.sheet) && !game.isSaved()) {
    const choice = await ask({
      title: { zh: "替换这张计分表？", en: "Replace this score sheet?" },
      body: {
        zh: "这张表上的对局还没有存入历史记录。打开要修改的对局会替换它。",
        en: "The game on this sheet is not saved to the history. Opening the game to correct replaces it.",
      },
      confirm: { zh: "替换", en: "Replace" },
    });
    if (choice !== "confirm") return false;
  }
  const { sheet } = record;
  replaceState(game.state, {
    ...emptyState(),
    players: sheet.players.length,
    options: Object.fromEntries(Object.entries(sheet.options ?? {}).map(([k, v]) => [k, Boolean(v)])),
    names: sheet.players.map((p) => p.name),
    values: valuesFrom(game.sheet, sheet),
    ...(record.note ? { note: record.note } : {}),
    ...("duration" in record ? { minutes: String(Math.max(1, Math.round(record.duration / 60))) } : {}),
    editing: { id: record.id, saved: record.saved },
  });
  save(game.gameId, game.state);
  game.refresh();
  return true;
}

/** While a saved game is corrected: a banner in the row above the grid, beside "Enter moves across" (no row of its
 *  own: the first score row stays on a phone's first screen) and, beside the save button, what saving does. */
export function showEditing(game) {
  const editing = game.state.editing;
  const gone = editing ? ".editing, .editing-save" : ".editing, .editing-save, .undo-state, [data-action=undo-correction]";
  for (const el of game.sheet.querySelectorAll(gone)) el.remove();
  if (!editing) return;
  const day = dayOf(editing.saved);
  const editingText = day ? { zh: `正在修改 ${day.zh} 的对局`, en: `Editing the game of ${day.en}` } : { zh: "正在修改一局已保存的对局", en: "Editing a saved game" };
  const banner = bilingual("p", editingText, "editing");
  banner.setAttribute("role", "status");
  game.sheet.querySelector(".grid-tools").prepend(banner);
  const saving = day
    ? { zh: `存入会替换历史记录中 ${day.zh} 的那一局。`, en: `Saving replaces the game of ${day.en} in the history.` }
    : { zh: "存入会替换历史记录中的那一局。", en: "Saving replaces that game in the history." };
  game.sheet.querySelector(".save-history").append(bilingual("span", saving, "editing-save"));
}

/** Save the corrected sheet over the record it came from; problems go into box. True when it is stored. */
export async function saveCorrection(game, payload, box) {
  box.replaceChildren();
  const edited = new Date().toISOString();
  const answer = await game.history.run("replace", game.state.editing.id, game.gameId, payload, extrasOf(game), edited);
  if (!answer.ok) {
    box.append(...answer.problems.map((p) => bilingual("p", p)));
    if (answer.problems[0]?.field === "record") box.append(offerNewGame(game));
    return false;
  }
  offerUndo(game, answer.previous);
  return true;
}

/** The game being corrected is gone from the history (deleted in another tab): a button that saves the sheet, values
 *  as they are, as a new game (until then the sheet keeps them, through reloads, as any sheet does). */
function offerNewGame(game) {
  const offer = bilingual("button", { zh: "作为新的一局存入", en: "Save as a new game" });
  offer.type = "button";
  offer.dataset.action = "save-as-new";
  offer.addEventListener("click", async () => {
    offer.disabled = true;
    delete game.state.editing;
    save(game.gameId, game.state);
    showEditing(game);
    if (!(await game.saveToHistory())) offer.disabled = false;
  });
  return offer;
}

/** After a correction is saved: one undo, which puts the record back as it was. */
function offerUndo(game, previous) {
  const line = game.sheet.querySelector(".save-history");
  for (const el of line.querySelectorAll(".undo-state, [data-action=undo-correction]")) el.remove();
  const undo = bilingual("button", { zh: "撤销这次修改", en: "Undo the correction" });
  undo.type = "button";
  undo.dataset.action = "undo-correction";
  undo.addEventListener("click", async () => {
    undo.disabled = true;
    const answer = await game.history.run("undo", JSON.stringify(previous));
    undo.remove();
    const said = answer.ok
      ? { zh: "已撤销：历史记录中的那一局恢复原样。", en: "Undone: the game in the history is as it was." }
      : answer.problems[0];
    line.append(bilingual("span", said, "undo-state"));
    if (!answer.ok) return;
    delete game.state.saved; // the sheet on screen is no longer the one in the history
    save(game.gameId, game.state);
    game.showSaveState();
  });
  line.append(undo);
}

// play/: reads inputs, saves them, asks the Python worker (scoring) for results, writes outputs.
// No rule lives here: every total, ranking, tie-breaker, checklist and helper answer comes from scoring/.
// The parts: sheet-state.js (what is saved), sheet-inputs.js (what is typed, and where Enter goes),
// sheet-results.js (what is shown), sheet-dialogs.js (New game, the help behind a label).
import { callPython, startWorker, timings } from "./calculator.js";
import { message, showPlainTexts, uiLang, uiScript } from "./site.js";
import { keys, readChoice, usable, writeChoice } from "./storage.js";
import { bilingual, whenIdle } from "./ui.js";
import { setupHistory } from "./history.js";
import { setupStats } from "./stats.js";
import { setupShare } from "./share.js";
import { showFigure } from "./figure.js";
import { afterCalculator } from "./offline.js";
import { loadScripts } from "./zh.js";
import { fieldName, knownNames, load, parseState, readState, save, takeIn } from "./sheet-state.js";
import {
  aboutTyped, collect, followSums, hasScores, inputKey, optionsOf, playerCount, setTyped, setupFlow, setupNamePicks, showSums,
  toolOf, typedEarly, typedNow, typedValue,
} from "./sheet-inputs.js";
import { printSheet, quietWhileEdited, setupSharing, showProblems, showResult, typedIn } from "./sheet-results.js";
import { setupHelp, setupNewGame } from "./sheet-dialogs.js";
import { setupNames, showNames } from "./sheet-names.js";
import { setupStartPick } from "./start-player.js";
import { setupPicture } from "./result-picture.js";
import { extrasOf, markStarted, setupNote } from "./sheet-extras.js";
import { openRecord, saveCorrection, showEditing } from "./sheet-edit.js";
import { setupColumns } from "./column.js";
import { ownSeat, sheetKey } from "./column-mode.js";

// Every game's id, in the page's order; a game's section is in the page only once it is needed (window.tcGameSection,
// game-sections.js).
const gameIds = Object.keys(JSON.parse(document.querySelector("meta[name=tc-routes]").content));
const root = document.documentElement;
afterCalculator(startWorker()); // the offline copy is cached once the calculator has started (offline.js)
const scriptsReady = loadScripts().catch((error) => console.warn("Chinese stays in the script Python wrote it in", error));
// A grid wider than the screen swipes sideways: say so above it.
const widths = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const scroller = entry.target.closest(".grid-scroll");
    scroller.parentElement.toggleAttribute("data-overflow", scroller.scrollWidth > scroller.clientWidth + 1);
  }
});

// ------------------------------------------------------------ one game: its saved state in the form

/** The saved sheet into the form. keepTyped: the first time, what was typed before this script ran (the form takes
 *  input from first paint) is kept and saved over the stored value instead of being overwritten. */
function applyState(game, keepTyped = false) {
  const { section, state, countSelect } = game;
  const min = Number(section.dataset.min), max = Number(section.dataset.max);
  const count = Number.isInteger(state.players) && state.players >= min && state.players <= max ? state.players : Number(section.dataset.default);
  const typed = [];
  const kept = (el) => keepTyped && typedEarly(el) && typed.push(el);
  if (!kept(countSelect)) countSelect.value = String(count);
  for (const box of section.querySelectorAll("[data-option]")) {
    if (!kept(box)) box.checked = Boolean(state.options[box.dataset.option]);
  }
  for (const el of section.querySelectorAll("[data-field=name]")) {
    if (!kept(el)) el.value = String(state.names[Number(el.dataset.player)] ?? "");
  }
  for (const el of section.querySelectorAll("[data-tool] [data-field]:not([data-field=name])")) {
    if (kept(el)) {
      if (el.matches("input.num")) typedNow(el);
      continue;
    }
    const stored = state.values[inputKey(toolOf(el), el)];
    if (el.type === "radio") el.checked = stored !== undefined && String(stored) === el.value;
    else if (el.matches("input.num")) setTyped(el, stored === undefined ? "" : String(stored));
    else el.value = stored === undefined ? "" : String(stored);
  }
  if (typed.some((el) => el === countSelect || el.matches("[data-option]"))) {
    state.players = playerCount(section);
    state.options = optionsOf(section);
    save(game.gameId, state);
  }
  for (const el of typed) if (el.matches("[data-field]") && (el.type !== "radio" || el.checked)) remember(game, el);
  showColumns(section);
}

function showColumns(section) {
  const count = playerCount(section);
  const options = optionsOf(section);
  for (const row of section.querySelectorAll("[data-requires]")) row.hidden = !options[row.dataset.requires];
  for (const cell of section.querySelectorAll("[data-tool] [data-player]")) {
    if (cell.matches("th, td")) cell.hidden = Number(cell.dataset.player) >= count;
  }
  for (const label of section.querySelectorAll(".count-label")) label.replaceChildren(message("players", { n: count }));
  const chosen = [...section.querySelectorAll("[data-option]:checked")].map((box) => box.closest("label").cloneNode(true));
  for (const clone of chosen) clone.querySelector("input").remove();
  section.querySelector(".options-label").replaceChildren(...chosen.flatMap((label) => [" · ", ...label.childNodes]));
  showNames(section);
}

function remember(game, el) {
  const { section, state } = game;
  if (el.dataset.field === "name") {
    state.names[Number(el.dataset.player)] = el.value;
    for (const twin of section.querySelectorAll(`[data-field=name][data-player="${el.dataset.player}"]`)) if (twin !== el) twin.value = el.value;
    showNames(section);
  } else {
    if (el.matches("input.num")) typedNow(el);
    state.values[inputKey(toolOf(el), el)] = el.type === "radio" ? el.value : typedValue(el);
    markStarted(state);
  }
  save(game.gameId, state);
}

// ------------------------------------------------------------ one game: the setup checklist

const tickKey = (section) => `${playerCount(section)}|${JSON.stringify(optionsOf(section))}`;

function applyTicks(game) {
  const ticked = new Set(game.state.ticks[tickKey(game.section)] ?? []);
  for (const box of game.checklist.querySelectorAll("input[data-step]")) box.checked = ticked.has(Number(box.dataset.step));
  showDone(game);
}

/** "5 of 15 done" beside the checklist's title. */
function showDone(game) {
  const boxes = game.checklist.querySelectorAll("input[data-step]");
  const done = game.checklist.querySelectorAll("input[data-step]:checked").length;
  game.section.querySelector(".steps-done").replaceChildren(message("done", { done, all: boxes.length }));
}

function saveTicks(game) {
  game.state.ticks[tickKey(game.section)] = [...game.checklist.querySelectorAll("input[data-step]:checked")].map((b) => Number(b.dataset.step));
  if (game.state.ticks[tickKey(game.section)].length) markStarted(game.state);
  save(game.gameId, game.state);
  showDone(game);
}

async function refreshChecklist(game) {
  const { section, checklist, gameId } = game;
  const count = playerCount(section);
  const current = Number(checklist.dataset.players);
  const options = optionsOf(section);
  // The list the build wrote is for the default player count with every variant off.
  const shown = checklist.dataset.options ?? JSON.stringify(Object.fromEntries(Object.keys(options).map((k) => [k, false])));
  if (current === count && JSON.stringify(options) === shown) return applyTicks(game);
  checklist.setAttribute("aria-busy", "true");
  const [answer] = await Promise.all([callPython("setup", gameId, count, JSON.stringify(options)), scriptsReady]);
  checklist.removeAttribute("aria-busy");
  if (!answer.ok) return;
  if (playerCount(section) !== count) return;
  showFigure(section.querySelector("[data-figure=diagram]"), answer.diagram, []);
  showFigure(section.querySelector("[data-figure=print-diagram]"), answer.print_diagram, []);
  const pick = checklist.querySelector(".start-pick"); // who starts: kept, and put back at its step
  checklist.replaceChildren();
  answer.steps.forEach((step, index) => {
    const li = document.createElement("li");
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.step = String(index);
    label.append(box, " ", bilingual("span", step));
    li.append(label);
    if (step.note) li.append(bilingual("p", step.note, "step-note"));
    if (step.start && pick) li.append(pick);
    checklist.append(li);
  });
  checklist.dataset.players = String(count);
  checklist.dataset.options = JSON.stringify(options);
  applyTicks(game);
}

// ------------------------------------------------------------ one game: asking Python

async function recompute(game, form) {
  const n = (game.sequence.get(form) ?? 0) + 1;
  game.sequence.set(form, n);
  await startWorker().catch(() => {}); // while it starts, only the newest edit is asked about (issue 44)
  if (game.sequence.get(form) !== n) return;
  const payload = JSON.stringify(collect(game.section, form));
  const score = form.dataset.tool === "score";
  const started = performance.now();
  const seat = ownSeat(game.gameId); // a sheet filled for one seat of another phone's: that column's checks only
  const asked = !score ? callPython("helper", game.gameId, form.dataset.tool, payload)
    : seat === null ? callPython("compute", game.gameId, payload) : callPython("column", "compute", game.gameId, payload, seat);
  const [answer] = await Promise.all([asked, scriptsReady]);
  if (game.sequence.get(form) !== n) return; // a newer edit is on its way
  if (answer.notStarted) return; // the note beside the grid says so (calculator.js)
  const keep = typedIn(game.section);
  // An untouched sheet (no score typed) has no result yet: no totals, places or chart, and no message about what it
  // still lacks (a tie-breaker, the start player, a turn position); only what was typed (a name, a board value).
  const untouched = score && !hasScores(form);
  if (untouched) {
    delete answer.result;
    delete answer.partial;
    answer.ok = false;
  }
  showProblems(form, (answer.problems ?? []).filter((p) => !untouched || aboutTyped(form, p)), keep);
  if (score) {
    showResult(form, answer, keep);
    showSums(form, answer.sums);
    showNamesHint(game);
    game.showSaveState();
    game.share.sheetComputed(game.gameId, form, payload);
  } else showHelper(game, form, answer, keep);
  timings.recompute.push(performance.now() - started);
  form.dataset.computed = String(Number(form.dataset.computed ?? 0) + 1);
}

/** Once scores are typed, say (quietly) that seats without a name are ranked as P1, P2…. */
function showNamesHint(game) {
  const unnamed = [...game.sheet.querySelectorAll("input.name")].some((el) => !el.closest("[hidden]") && el.value.trim() === "");
  game.sheet.querySelector(".names-hint").hidden = !(unnamed && hasScores(game.sheet));
}

function showHelper(game, form, answer, keep) {
  const out = form.querySelector(".helper-out");
  out.replaceChildren();
  const fills = form.querySelector(".fills");
  fills.hidden = true;
  if (!answer.ok) return;
  for (const line of answer.lines) out.append(bilingual("li", line, "", keep));
  if (Object.keys(answer.fills).length) {
    fills.hidden = false;
    fills.querySelector("button").onclick = () => {
      for (const [field, values] of Object.entries(answer.fills)) {
        values.forEach((value, p) => {
          const el = game.sheet.querySelector(`[data-field="${field}"][data-player="${p}"]`);
          if (el) { setTyped(el, String(value)); remember(game, el); }
        });
      }
      location.hash = `#${game.gameId}/score`;
      recompute(game, game.sheet);
    };
  }
}

const activeForms = (game) => [...game.section.querySelectorAll("form.tool")];

/** Ask Python again for every form of the game (a name, the player count or a variant changed). */
function recomputeAll(game) {
  for (const form of activeForms(game)) recompute(game, form);
}

// ------------------------------------------------------------ one game: saving a final sheet to the history

const sheetPayload = (game) => JSON.stringify(collect(game.section, game.sheet));
const isSaved = (game) => game.state.saved !== undefined && game.state.saved === sheetPayload(game);

function showSaveState(game) {
  const final = game.sheet.dataset.state === "final";
  game.sheet.querySelector("[data-action=save-history]").disabled = !final || isSaved(game);
  game.sheet.querySelector(".saved-state").hidden = !isSaved(game);
}

async function saveToHistory(game) {
  const payload = sheetPayload(game);
  const box = game.sheet.querySelector(".save-problems");
  const stored = game.state.editing ? saveCorrection(game, payload, box) : game.history.save(game.gameId, payload, box, extrasOf(game));
  if (!(await stored)) return false;
  game.state.saved = payload;
  save(game.gameId, game.state);
  game.showSaveState();
  return true;
}

// ------------------------------------------------------------ one game: wiring

function onInput(game, event) {
  const el = event.target;
  if (el.matches("[data-step]") || !el.matches("[data-field]")) return;
  game.section.querySelector(".sync-state").hidden = true;
  remember(game, el);
  if (el.dataset.field === "name") game.showPicks();
  const forms = el.dataset.field === "name" ? activeForms(game) : [el.closest("form")];
  for (const form of forms) if (!form.hidden || form === el.closest("form")) recompute(game, form);
}

function onChange(game, event) {
  const el = event.target;
  if (el.matches("[data-step]")) {
    saveTicks(game);
  } else if (el === game.countSelect || el.matches("[data-option]")) {
    game.state.players = playerCount(game.section);
    game.state.options = optionsOf(game.section);
    save(game.gameId, game.state);
    showColumns(game.section);
    game.showPicks();
    refreshChecklist(game);
    recomputeAll(game);
  } else if (el.matches("select[data-field]") || (el.type === "radio" && el.matches("[data-field]"))) {
    remember(game, el);
    recompute(game, el.closest("form"));
  }
}

/** The same sheet open in another tab: every change is saved as it is made, so its copy is this sheet plus its edit. */
function onOtherTab(game, event) {
  if (event.key !== sheetKey(game.gameId) || event.newValue === null) return;
  const data = readState(event.newValue);
  if (!data) {
    // Something else wrote here: keep its value aside and put this tab's sheet back.
    parseState(event.newValue, game.section, game.gameId);
    save(game.gameId, game.state);
    return;
  }
  const raced = takeIn(game.gameId, game.state, data, editedHere(game));
  game.refresh();
  game.section.querySelector(".sync-state").hidden = false;
  if (raced) save(game.gameId, game.state); // its write lacked an edit made here at the same moment
}

/** The field being typed in here (it stays as typed when another tab writes), as takeIn names fields. */
function editedHere(game) {
  const el = document.activeElement;
  if (el && game.sheet.contains(el) && el.matches("[data-role=note]")) return ["note"]; // sheet-extras.js's note
  if (!el || !game.section.contains(el) || !el.matches("[data-tool] [data-field]")) return [];
  return [fieldName(el, inputKey(toolOf(el), el))];
}

function listen(game) {
  const { section } = game;
  section.addEventListener("input", (event) => onInput(game, event));
  section.addEventListener("change", (event) => onChange(game, event));
  section.addEventListener("submit", (event) => event.preventDefault());
  const newGame = setupNewGame(game);
  addEventListener("storage", (event) => {
    newGame.otherTab(event);
    onOtherTab(game, event);
  });
  for (const button of section.querySelectorAll("[data-action^=print]")) {
    button.addEventListener("click", () => printSheet(button.dataset.action === "print-blank"));
  }
  game.sheet.querySelector("[data-action=save-history]").addEventListener("click", game.saveToHistory);
}

// ------------------------------------------------------------ one game: its controller

/** One game's controller, its whole shape declared here (no member is added later). The functions above take it as
 *  `game`, and so does sheet-dialogs.js's setupNewGame. services: {history, share}, the page's history store
 *  (history.js) and the sheets' links (share.js). */
function gameController(section, { history, share }) {
  const gameId = section.dataset.game;
  const game = Object.seal({
    section, // <section class="game">: one game's score sheet, setup checklist and helpers
    gameId, // its id (scoring's game module)
    state: load(gameId, section), // its saved state (sheet-state.js): changed in place, saved at every edit
    countSelect: section.querySelector("[data-role=players]"), // the player count <select>
    sheet: section.querySelector("form.sheet"), // the score sheet's form (tool "score")
    checklist: section.querySelector(".checklist"), // the setup checklist's <ol>
    sequence: new WeakMap(), // form → number of its latest question to Python: an older answer is dropped
    kept: new Set((section.dataset.kept ?? "").split(" ").filter(Boolean)), // table values from the board ("New game" keeps them)
    history, // where a final sheet is saved (history.js's HistoryStore)
    share, // told of every score computed, for the sheet's link and QR code (share.js)
    showPicks: () => showPicks(), // the quick picks of known names under the empty name fields
    showStart: () => showStart(), // who starts: the pick kept with the sheet, shown (start-player.js)
    showNote: () => showNote(), // the note typed for the history, from the saved state (sheet-extras.js)
    showSaveState: () => showSaveState(game), // the save button and the "saved" line, from the sheet's state
    isFinalUnsaved: () => game.sheet.dataset.state === "final" && !isSaved(game), // a final sheet not in the history
    isSaved: () => isSaved(game), // the sheet holds what was saved to the history, as typed (known before Python answers)
    saveToHistory: () => saveToHistory(game), // save the final sheet to the history; true when it is stored
    refresh: () => refresh(game), // the state (changed by another tab or by "New game") back into the page
    activate: (tool) => activate(game, tool), // the router shows this game's tool
  });
  const showPicks = setupNamePicks(section, () => knownNames(gameIds.filter((id) => id !== gameId)), (el) => {
    remember(game, el);
    game.showPicks();
    recomputeAll(game);
  });
  const showStart = setupStartPick(game);
  const showNote = setupNote(game);
  return game;
}

function refresh(game) {
  applyState(game);
  game.showPicks();
  game.showStart();
  game.showNote();
  showEditing(game);
  refreshChecklist(game);
  recomputeAll(game);
}

function activate(game, tool) {
  refreshChecklist(game);
  game.showPicks();
  const form = game.section.querySelector(`form[data-tool="${tool}"]`);
  if (form) recompute(game, form);
}

/** A game's controller, its listeners, and what was saved (or typed before this script ran) in its form. */
function setupGame(section, services) {
  const game = gameController(section, services);
  showPlainTexts(section); // a section put in place after site.js wrote them (game-sections.js)
  for (const scroller of section.querySelectorAll(".grid-scroll")) {
    widths.observe(scroller);
    widths.observe(scroller.querySelector("table"));
  }
  followSums(section);
  setupFlow(section);
  setupNames(section);
  listen(game);
  const gameName = () => section.querySelector(`h2 ${uiLang() === "en" ? ".l-en" : `.l-zh.s-${uiScript()}`}`).textContent;
  setupSharing(game.sheet, gameName);
  quietWhileEdited(game.sheet);
  setupPicture(game.sheet, gameName, () => `${game.gameId}-${new Date().toISOString().slice(0, 10)}.png`);
  const tickedEarly = [...game.checklist.querySelectorAll("input[data-step]")].filter(typedEarly).map((box) => [box, box.checked]);
  applyState(game, true);
  game.showNote();
  showEditing(game);
  applyTicks(game);
  if (tickedEarly.length) {
    for (const [box, checked] of tickedEarly) box.checked = checked;
    saveTicks(game);
  }
  // Its quick picks are shown when it is shown (activate, refresh), one task later at start: not twice.
  scriptsReady.then(() => columns.sheet(game)); // its Chinese in the reader's script (zh.js's tables)
  return game;
}

// ------------------------------------------------------------ switching game and tool

// Start-up runs as a few short tasks rather than one long one, so the page answers a tap in between.
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
await nextTask();
usable();
setupHelp();
const { store: history, view: historyView } = setupHistory(document.querySelector("section.history"), (...args) => callPython("history", ...args));
const stats = setupStats(document.querySelector("section.stats"), history);
const share = setupShare(callPython, history);
// Each player's own column (column.js): show(id) shows a game's sheet (a column's link is not kept in the address).
const columns = setupColumns(callPython, (id) => {
  window.history.replaceState(null, "", `#${id}/score`);
  route();
  return controller(id);
}, gameIds[0]);
// Each view of <meta name="tc-views"> (sitebuild/views.py) and its controller; the build fails if the two lists differ.
const views = { history: historyView, stats, shared: share };
const viewIds = JSON.parse(document.querySelector("meta[name=tc-views]").content).map((v) => v.id);
// The game on screen is set up at once; another when it is first opened (its section put in place then: the browser
// reads every form control in the page at start, so the games not asked for are not in it).
const controllers = new Map();
function controller(id) {
  if (!controllers.has(id)) controllers.set(id, setupGame(window.tcGameSection(id), { history, share }));
  return controllers.get(id);
}

function route() {
  if (columns.takes(location.hash)) return; // a column's link: column.js shows its game's sheet
  const { view, game: id, tool: chosen } = window.tcView(location.hash); // static/route.js: the view shown at first paint
  root.dataset.view = view;
  document.body.dataset.view = view;
  for (const id of viewIds) views[id].show(view === id);
  for (const s of document.querySelectorAll("section.game")) s.hidden = s.dataset.game !== id;
  for (const a of document.querySelectorAll("[data-game-tab]")) a.setAttribute("aria-current", String(a.dataset.gameTab === (id ?? view)));
  document.querySelector(".game-switch").open = false;
  if (!id) return;
  const section = window.tcGameSection(id);
  for (const t of section.querySelectorAll("[data-tool]")) t.hidden = t.dataset.tool !== chosen;
  for (const a of section.querySelectorAll("[data-tool-tab]")) a.setAttribute("aria-current", String(a.dataset.toolTab === chosen));
  inSight(section.querySelector(`[data-tool-tab="${chosen}"]`));
  controller(id).activate(chosen);
}

/** The tool tab chosen, whole in its row (the row scrolls sideways on a phone: "Ne…" was all of the last tab). */
function inSight(tab) {
  const strip = tab?.parentElement;
  if (!strip || strip.scrollWidth <= strip.clientWidth) return;
  const [a, s] = [tab.getBoundingClientRect(), strip.getBoundingClientRect()];
  if (a.right > s.right) strip.scrollLeft += a.right - s.right;
  else if (a.left < s.left) strip.scrollLeft -= s.left - a.left;
}

// ------------------------------------------------------------ screen awake

// While this page is open the screen stays on (a switch turns it off); where the browser cannot, no switch shows.
function keepAwake() {
  const box = document.querySelector("[data-role=wake]");
  if (!("wakeLock" in navigator)) return;
  let lock = null;
  let asking = null;
  const show = () => { root.dataset.wake = lock ? "held" : "off"; };
  async function hold() {
    if (!box.checked || lock || asking || document.visibilityState !== "visible") return show();
    asking = navigator.wakeLock.request("screen");
    try {
      lock = await asking;
      lock.addEventListener("release", () => { lock = null; show(); });
      if (!box.checked) lock.release();
    } catch (error) {
      lock = null; // not allowed now (power saving, page hidden): the screen sleeps as usual
    }
    asking = null;
    show();
  }
  box.checked = readChoice(keys.wake) !== "off";
  box.closest(".wake").hidden = false;
  box.addEventListener("change", () => {
    writeChoice(keys.wake, box.checked ? "on" : "off");
    if (box.checked) hold();
    else if (lock) lock.release();
  });
  document.addEventListener("visibilitychange", hold);
  hold();
}


addEventListener("hashchange", route);
// A saved game opened from the history to be corrected (history.js): into its sheet, which is then shown.
document.addEventListener("tc:correct-record", async (event) => {
  const record = event.detail;
  if (gameIds.includes(record.game) && (await openRecord(controller(record.game), record))) location.hash = `#${record.game}/score`;
});
// The calculator's worker died and another has started (calculator.js, watchdog.js): the sheet on screen is worked out
// again from its fields (the others are when they are opened). A received link is not opened again by itself.
document.addEventListener("tc:calculator-restarted", () => {
  const { game: id, tool } = window.tcView(location.hash);
  if (id) controller(id).activate(tool);
});
// A new language or script: write the outputs again (the ranking's reasons and the share text follow it).
document.addEventListener("tc:prefs", (event) => {
  if (event.detail.name !== "theme") route();
});
await nextTask();
// The game asked for is set up in a task of its own, before route() shows it (issue 44).
const { game: asked } = window.tcView(location.hash);
if (asked && (!location.hash || location.hash.startsWith(`#${asked}`))) controller(asked); // not a column's link
await nextTask();
route();
await nextTask();
keepAwake();
// Python up and the page idle: the worker reads the stored history once (1000 games: about 0.2 s of its time), so that
// History, Statistics and saving a game do not wait for that.
startWorker().then(() => whenIdle(() => history.hold()), () => {});

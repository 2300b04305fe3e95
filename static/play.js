// play/: reads inputs, saves them, asks the Python worker (scoring) for results, writes outputs.
// No rule lives here: every total, ranking, tie-breaker, checklist and helper answer comes from scoring/.
// The parts: sheet-state.js (what is saved), sheet-inputs.js (what is typed, and where Enter goes),
// sheet-results.js (what is shown), sheet-dialogs.js (New game, the help behind a label).
import { callPython, startWorker, timings } from "./engine.js";
import { message, uiLang, uiScript } from "./site.js";
import { keys, usable } from "./storage.js";
import { bilingual, whenIdle } from "./ui.js";
import { setupHistory } from "./history.js";
import { setupStats } from "./stats.js";
import { setupShare } from "./share.js";
import { showFigure } from "./figure.js";
import { loadScripts } from "./zh.js";
import { knownNames, load, parseState, readState, replaceState, save } from "./sheet-state.js";
import {
  aboutTyped, collect, followSums, hasScores, inputKey, optionsOf, playerCount, setTyped, setupFlow, setupNamePicks, showSums,
  toolOf, typedEarly, typedNow, typedValue,
} from "./sheet-inputs.js";
import { printSheet, setupSharing, showProblems, showResult, typedIn } from "./sheet-results.js";
import { setupHelp, setupNewGame } from "./sheet-dialogs.js";

const games = new Map([...document.querySelectorAll("section.game")].map((s) => [s.dataset.game, s]));
const root = document.documentElement;
const scriptsReady = loadScripts().catch((error) => console.warn("Chinese stays in the script Python wrote it in", error));

// ------------------------------------------------------------ one game: its saved state in the form

/** The saved sheet into the form. keepTyped: the first time, what was typed before this script ran (the form takes
 *  input from first paint) is kept and saved over the stored value instead of being overwritten. */
function applyState(g, keepTyped = false) {
  const { section, state, countSelect } = g;
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
    save(g.gameId, state);
  }
  for (const el of typed) if (el.matches("[data-field]") && (el.type !== "radio" || el.checked)) remember(g, el);
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
}

function remember(g, el) {
  const { section, state } = g;
  if (el.dataset.field === "name") {
    state.names[Number(el.dataset.player)] = el.value;
    for (const twin of section.querySelectorAll(`[data-field=name][data-player="${el.dataset.player}"]`)) if (twin !== el) twin.value = el.value;
  } else {
    if (el.matches("input.num")) typedNow(el);
    state.values[inputKey(toolOf(el), el)] = el.type === "radio" ? el.value : typedValue(el);
  }
  save(g.gameId, state);
}

// ------------------------------------------------------------ one game: the setup checklist

const tickKey = (section) => `${playerCount(section)}|${JSON.stringify(optionsOf(section))}`;

function applyTicks(g) {
  const ticked = new Set(g.state.ticks[tickKey(g.section)] ?? []);
  for (const box of g.checklist.querySelectorAll("input[data-step]")) box.checked = ticked.has(Number(box.dataset.step));
  showDone(g);
}

/** "5 of 15 done" beside the checklist's title. */
function showDone(g) {
  const boxes = g.checklist.querySelectorAll("input[data-step]");
  const done = g.checklist.querySelectorAll("input[data-step]:checked").length;
  g.section.querySelector(".steps-done").replaceChildren(message("done", { done, all: boxes.length }));
}

function saveTicks(g) {
  g.state.ticks[tickKey(g.section)] = [...g.checklist.querySelectorAll("input[data-step]:checked")].map((b) => Number(b.dataset.step));
  save(g.gameId, g.state);
  showDone(g);
}

async function refreshChecklist(g) {
  const { section, checklist, gameId } = g;
  const count = playerCount(section);
  const current = Number(checklist.dataset.players);
  const options = optionsOf(section);
  // The list the build wrote is for the default player count with every variant off.
  const shown = checklist.dataset.options ?? JSON.stringify(Object.fromEntries(Object.keys(options).map((k) => [k, false])));
  if (current === count && JSON.stringify(options) === shown) return applyTicks(g);
  checklist.setAttribute("aria-busy", "true");
  const [answer] = await Promise.all([callPython("setup", gameId, count, JSON.stringify(options)), scriptsReady]);
  checklist.removeAttribute("aria-busy");
  if (!answer.ok) return;
  if (playerCount(section) !== count) return;
  showFigure(section.querySelector("[data-figure=diagram]"), answer.diagram, []);
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
    checklist.append(li);
  });
  checklist.dataset.players = String(count);
  checklist.dataset.options = JSON.stringify(options);
  applyTicks(g);
}

// ------------------------------------------------------------ one game: asking Python

async function recompute(g, form) {
  const n = (g.sequence.get(form) ?? 0) + 1;
  g.sequence.set(form, n);
  const payload = JSON.stringify(collect(g.section, form));
  const started = performance.now();
  const asked = form.dataset.tool === "score"
    ? callPython("compute", g.gameId, payload)
    : callPython("helper", g.gameId, form.dataset.tool, payload);
  const [answer] = await Promise.all([asked, scriptsReady]);
  if (g.sequence.get(form) !== n) return; // a newer edit is on its way
  if (answer.notStarted) return; // the note beside the grid says so (engine.js)
  const keep = typedIn(g.section);
  // An untouched sheet (no score typed) has no result yet: no totals, places or chart, and no message about what it
  // still lacks (a tie-breaker, the start player, a turn position); only what was typed (a name, a board value).
  const untouched = form.dataset.tool === "score" && !hasScores(form);
  if (untouched) {
    delete answer.result;
    delete answer.partial;
    answer.ok = false;
  }
  showProblems(form, (answer.problems ?? []).filter((p) => !untouched || aboutTyped(form, p)), keep);
  if (form.dataset.tool === "score") {
    showResult(form, answer, keep);
    showSums(form, answer.sums);
    showNamesHint(g);
    g.showSaveState();
  } else showHelper(g, form, answer, keep);
  const took = performance.now() - started;
  timings.recompute.push(took);
  form.dataset.computed = String(Number(form.dataset.computed ?? 0) + 1);
  document.dispatchEvent(new CustomEvent("tc:computed", { detail: { game: g.gameId, tool: form.dataset.tool, ms: took, sheet: payload } }));
}

/** Once scores are typed, say (quietly) that seats without a name are ranked as P1, P2…. */
function showNamesHint(g) {
  const unnamed = [...g.sheet.querySelectorAll("input.name")].some((el) => !el.closest("[hidden]") && el.value.trim() === "");
  g.sheet.querySelector(".names-hint").hidden = !(unnamed && hasScores(g.sheet));
}

function showHelper(g, form, answer, keep) {
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
          const el = g.sheet.querySelector(`[data-field="${field}"][data-player="${p}"]`);
          if (el) { setTyped(el, String(value)); remember(g, el); }
        });
      }
      location.hash = `#${g.gameId}/score`;
      recompute(g, g.sheet);
    };
  }
}

// ------------------------------------------------------------ one game: saving a final sheet to the history

function setupSaving(g) {
  const saveButton = g.sheet.querySelector("[data-action=save-history]");
  const savedLine = g.sheet.querySelector(".saved-state");
  const sheetPayload = () => JSON.stringify(collect(g.section, g.sheet));
  const isSaved = () => g.state.saved !== undefined && g.state.saved === sheetPayload();
  g.showSaveState = () => {
    const final = g.sheet.dataset.state === "final";
    saveButton.disabled = !final || isSaved();
    savedLine.hidden = !isSaved();
  };
  g.isFinalUnsaved = () => g.sheet.dataset.state === "final" && !isSaved();
  g.saveToHistory = async () => {
    const payload = sheetPayload();
    if (!(await history.save(g.gameId, payload, g.sheet.querySelector(".save-problems")))) return false;
    g.state.saved = payload;
    save(g.gameId, g.state);
    g.showSaveState();
    return true;
  };
  saveButton.addEventListener("click", g.saveToHistory);
}

// ------------------------------------------------------------ one game: wiring

function listen(g) {
  const { section, checklist, countSelect } = g;
  const activeForms = () => [...section.querySelectorAll("form.tool")];
  section.addEventListener("input", (event) => {
    const el = event.target;
    if (el.matches("[data-step]") || !el.matches("[data-field]")) return;
    section.querySelector(".sync-state").hidden = true;
    remember(g, el);
    if (el.dataset.field === "name") g.showPicks();
    const forms = el.dataset.field === "name" ? activeForms() : [el.closest("form")];
    for (const form of forms) if (!form.hidden || form === el.closest("form")) recompute(g, form);
  });
  section.addEventListener("change", (event) => {
    const el = event.target;
    if (el.matches("[data-step]")) {
      saveTicks(g);
    } else if (el === countSelect || el.matches("[data-option]")) {
      g.state.players = playerCount(section);
      g.state.options = optionsOf(section);
      save(g.gameId, g.state);
      showColumns(section);
      g.showPicks();
      refreshChecklist(g);
      for (const form of activeForms()) recompute(g, form);
    } else if (el.matches("select[data-field]") || (el.type === "radio" && el.matches("[data-field]"))) {
      remember(g, el);
      recompute(g, el.closest("form"));
    }
  });
  section.addEventListener("submit", (event) => event.preventDefault());
  g.refresh = () => {
    applyState(g);
    g.showPicks();
    refreshChecklist(g);
    for (const form of activeForms()) recompute(g, form);
  };
  const newGame = setupNewGame(g);
  // The same sheet open in another tab: every change is saved as it is made, so its copy is this sheet plus its edit.
  addEventListener("storage", (event) => {
    newGame.otherTab(event);
    if (event.key !== keys.game(g.gameId) || event.newValue === null) return;
    const data = readState(event.newValue);
    if (!data) {
      // Something else wrote here: keep its value aside and put this tab's sheet back.
      parseState(event.newValue, section, g.gameId);
      save(g.gameId, g.state);
      return;
    }
    replaceState(g.state, data);
    g.refresh();
    section.querySelector(".sync-state").hidden = false;
  });
  for (const button of section.querySelectorAll("[data-action^=print]")) {
    button.addEventListener("click", () => printSheet(button.dataset.action === "print-blank"));
  }
  return activeForms;
}

function setupGame(section) {
  const gameId = section.dataset.game;
  const g = {
    section,
    gameId,
    state: load(gameId, section),
    countSelect: section.querySelector("[data-role=players]"),
    sheet: section.querySelector("form.sheet"),
    checklist: section.querySelector(".checklist"),
    sequence: new WeakMap(),
    kept: new Set((section.dataset.kept ?? "").split(" ").filter(Boolean)), // table values from the board
  };
  setupSaving(g);
  g.showPicks = setupNamePicks(section, () => knownNames([...games.keys()].filter((id) => id !== gameId)), (el) => {
    remember(g, el);
    g.showPicks();
    for (const form of section.querySelectorAll("form.tool")) recompute(g, form);
  });
  followSums(section);
  setupFlow(section);
  listen(g);
  setupSharing(g.sheet, () => section.querySelector(`h2 ${uiLang() === "en" ? ".l-en" : `.l-zh.s-${uiScript()}`}`).textContent);

  const tickedEarly = [...g.checklist.querySelectorAll("input[data-step]")].filter(typedEarly).map((box) => [box, box.checked]);
  applyState(g, true);
  applyTicks(g);
  if (tickedEarly.length) {
    for (const [box, checked] of tickedEarly) box.checked = checked;
    saveTicks(g);
  }
  g.showPicks();
  return {
    activate(tool) {
      refreshChecklist(g);
      g.showPicks();
      const form = section.querySelector(`form[data-tool="${tool}"]`);
      if (form) recompute(g, form);
    },
  };
}

// ------------------------------------------------------------ switching game and tool

// Start-up runs as a few short tasks rather than one long one, so the page answers a tap in between.
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
await nextTask();
usable();
setupHelp();
const pyHistory = (...args) => callPython("history", ...args);
const history = setupHistory(document.querySelector("section.history"), pyHistory);
const stats = setupStats(document.querySelector("section.stats"), history);
const received = setupShare(callPython, history);
// The game on screen is set up at once; the others when the browser is idle, one per task (no long task at start).
const controllers = new Map();
function controller(id) {
  if (!controllers.has(id)) controllers.set(id, setupGame(games.get(id)));
  return controllers.get(id);
}
function setupTheRest() {
  const next = [...games.keys()].find((id) => !controllers.has(id));
  if (next === undefined) return;
  controller(next);
  whenIdle(setupTheRest);
}

function route() {
  const { view, game: id, tool: chosen } = window.tcView(location.hash); // static/route.js: the view shown at first paint
  root.dataset.view = view;
  document.body.dataset.view = view;
  history.show(view === "history");
  stats.show(view === "stats");
  received.show(view === "shared");
  for (const [other, s] of games) s.hidden = other !== id;
  for (const a of document.querySelectorAll("[data-game-tab]")) a.setAttribute("aria-current", String(a.dataset.gameTab === (id ?? view)));
  document.querySelector(".game-switch").open = false;
  if (!id) return;
  const section = games.get(id);
  for (const t of section.querySelectorAll("[data-tool]")) t.hidden = t.dataset.tool !== chosen;
  for (const a of section.querySelectorAll("[data-tool-tab]")) a.setAttribute("aria-current", String(a.dataset.toolTab === chosen));
  controller(id).activate(chosen);
}

// ------------------------------------------------------------ screen awake, grid width

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
  try { box.checked = localStorage.getItem("tc:wake") !== "off"; } catch (e) { box.checked = true; }
  box.closest(".wake").hidden = false;
  box.addEventListener("change", () => {
    try { localStorage.setItem("tc:wake", box.checked ? "on" : "off"); } catch (e) { /* not remembered */ }
    if (box.checked) hold();
    else if (lock) lock.release();
  });
  document.addEventListener("visibilitychange", hold);
  hold();
}

// A grid wider than the screen swipes sideways: say so above it.
const widths = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const scroller = entry.target.closest(".grid-scroll");
    scroller.parentElement.toggleAttribute("data-overflow", scroller.scrollWidth > scroller.clientWidth + 1);
  }
});
for (const scroller of document.querySelectorAll(".grid-scroll")) {
  widths.observe(scroller);
  widths.observe(scroller.querySelector("table"));
}

addEventListener("hashchange", route);
// The calculator's worker died and another has started (engine.js, watchdog.js): the sheet on screen is worked out
// again from its fields (the others are when they are opened). A received link is not opened again by itself.
document.addEventListener("tc:engine-restarted", () => {
  const { game: id, tool } = window.tcView(location.hash);
  if (id) controller(id).activate(tool);
});
// A new language or script: write the outputs again (the ranking's reasons and the share text follow it).
document.addEventListener("tc:prefs", (event) => {
  if (event.detail.name !== "theme") route();
});
await nextTask();
route();
await nextTask();
keepAwake();
whenIdle(setupTheRest);
// Python up and the page idle: the worker reads the stored history once (1000 games: about 0.2 s of its time), so that
// History, Statistics and saving a game do not wait for that.
startWorker().then(() => whenIdle(() => history.hold()), () => {});

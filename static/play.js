// play/: reads inputs, saves them, asks the Python worker (scoring) for results, writes outputs.
// No rule lives here: every total, ranking, tie-breaker, checklist and helper answer comes from scoring/.
import { callPython, timings } from "./engine.js";
import { message, uiLang, uiScript, uiTag } from "./site.js";
import { STORE_VERSION, keys, read, remove, setAside, usable, write } from "./storage.js";
import { ask, bilingual, nameText, notice, plain, spansIn } from "./ui.js";
import { setupHistory } from "./history.js";
import { setupStats } from "./stats.js";
import { forgetFinished, setupShare } from "./share.js";
import { showFigure } from "./figure.js";
import { loadScripts } from "./zh.js";

const games = new Map([...document.querySelectorAll("section.game")].map((s) => [s.dataset.game, s]));
const root = document.documentElement;
const scriptsReady = loadScripts().catch((error) => console.warn("Chinese stays in the script Python wrote it in", error));

// ------------------------------------------------------------ saved state

function emptyState() {
  return { v: STORE_VERSION, players: null, options: {}, names: [], values: {}, ticks: {} };
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isText = (value) => typeof value === "string" || typeof value === "number";

/** A saved sheet this version wrote: anything else is set aside, never read half-way. */
function isState(data) {
  return (
    isObject(data) && data.v === STORE_VERSION &&
    (data.players === null || Number.isInteger(data.players)) &&
    isObject(data.options) && Object.values(data.options).every((v) => typeof v === "boolean") &&
    Array.isArray(data.names) && data.names.every((n) => n === null || isText(n)) &&
    isObject(data.values) && Object.values(data.values).every(isText) &&
    isObject(data.ticks) && Object.values(data.ticks).every((t) => Array.isArray(t) && t.every(Number.isInteger)) &&
    (data.saved === undefined || typeof data.saved === "string")
  );
}

/** A saved state from its text, or null when it is not one this version wrote. */
function readState(raw) {
  try {
    const data = JSON.parse(raw);
    return isState(data) ? data : null;
  } catch (error) {
    return null;
  }
}

/** The saved state in raw text; an unreadable one is set aside (with a notice) and the sheet starts empty. */
function parseState(raw, section, what) {
  if (raw === null) return emptyState();
  const data = readState(raw);
  if (data) return data;
  const aside = setAside(what, raw);
  notice(
    section,
    aside ? `保存的数据无法读取，已另存为 ${aside}，此表从空白开始。` : "保存的数据无法读取，而且无法另存（存储不可用）。",
    aside ? `The saved sheet could not be read; it was set aside as ${aside} and this sheet starts empty.` : "The saved sheet could not be read, nor set aside (storage is unavailable).",
  );
  return emptyState();
}

const load = (gameId, section) => parseState(read(keys.game(gameId)), section, gameId);
const save = (gameId, state) => write(keys.game(gameId), JSON.stringify(state));

// ------------------------------------------------------------ reading inputs

// A radio group (one player holds it) is saved once, as the index of the player who holds it.
const inputKey = (tool, el) =>
  [tool, el.dataset.field, el.type === "radio" ? "*" : el.dataset.player ?? "", el.dataset.entry ?? "", el.dataset.part ?? ""].join("|");
// Whether a control was changed since the page was parsed (its value differs from the one the build wrote).
function typedEarly(el) {
  if (el instanceof HTMLSelectElement) {
    const initial = [...el.options].find((o) => o.defaultSelected) ?? el.options[0]; // what a fresh page shows
    return el.selectedIndex !== (initial ? initial.index : -1);
  }
  if (el.type === "radio" || el.type === "checkbox") return el.checked !== el.defaultChecked;
  return el.value !== el.defaultValue;
}
const toolOf = (el) => el.closest("[data-tool]").dataset.tool;
const playerCount = (section) => Number(section.querySelector("[data-role=players]").value);
const optionsOf = (section) =>
  Object.fromEntries([...section.querySelectorAll("[data-option]")].map((c) => [c.dataset.option, c.checked]));

function collect(section, form) {
  const count = playerCount(section);
  const players = [];
  for (let p = 0; p < count; p++) {
    const name = section.querySelector(`[data-field=name][data-player="${p}"]`).value;
    players.push({ name, scores: {} });
  }
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
      value = el.value;
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

// ------------------------------------------------------------ writing outputs

// What the players typed (names, values) is never converted between scripts.
function typedIn(section) {
  const typed = [];
  for (const el of section.querySelectorAll("input[type=text]")) if (el.value) typed.push(el.value, el.value.trim(), el.value.trim().split(/\s+/).join(" "));
  return typed;
}

function fieldElements(form, path) {
  // players[1].scores.animal_kinds[2][0] -> inputs of that player, field, entry, part
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

function showProblems(form, problems, keep) {
  const section = form.closest("section.game");
  for (const el of section.querySelectorAll("[aria-invalid=true]")) {
    if (form.contains(el) || el.dataset.field === "name") el.removeAttribute("aria-invalid");
  }
  const box = form.querySelector(".problems");
  box.replaceChildren();
  if (!problems.length) return;
  const list = document.createElement("ul");
  for (const problem of problems) {
    list.append(bilingual("li", problem, "", keep));
    for (const el of fieldElements(form, problem.field)) el.setAttribute("aria-invalid", "true");
  }
  box.append(list);
}

function showResult(form, answer, keep) {
  const ranking = form.querySelector(".ranking");
  const notes = form.querySelector(".result-notes");
  const share = form.querySelector(".share");
  const totals = form.querySelectorAll("output.total");
  const chart = form.querySelector("[data-figure=chart]");
  for (const out of totals) out.textContent = "–";
  ranking.replaceChildren();
  notes.replaceChildren();
  if (answer.ok) {
    const names = collect(form.closest("section.game"), form).players.map((p) => p.name.trim().split(/\s+/).join(" "));
    const other = uiLang() === "zh" ? "en" : "zh";
    for (const player of answer.result.players) {
      const index = names.indexOf(player.name);
      if (index >= 0 && player.total !== null) form.querySelector(`output.total[data-player="${index}"]`).textContent = String(player.total);
      const li = document.createElement("li");
      li.className = "rank";
      const head = document.createElement("span");
      head.className = "who";
      const place = player.place === null ? "–" : `${player.place}.`;
      head.append(`${place} `, nameText(player.name), player.total === null ? "" : ` · ${player.total}`);
      const why = document.createElement("span");
      why.className = "why";
      // Both languages, the interface language first.
      const first = document.createElement("span");
      first.append(...spansIn(uiLang(), player.decided_by, keep));
      const second = document.createElement("span");
      second.className = "other-lang";
      second.append(...spansIn(other, player.decided_by, keep));
      why.append(first, second);
      if (player.decided_by.section) {
        const rule = document.createElement("a");
        rule.className = "rule-link why-rule";
        rule.append(...message("rule").childNodes);
        rule.href = `../rules/${form.closest("section.game").dataset.game}/#${player.decided_by.section}`;
        why.append(rule);
      }
      li.dataset.place = player.place ?? "";
      li.dataset.rule = player.decided_by.rule;
      li.append(head, why);
      ranking.append(li);
    }
    for (const note of answer.result.notes) notes.append(bilingual("li", note, "", keep));
    form.querySelector(".summary").replaceChildren(...bilingual("span", answer.summary, "", keep).childNodes);
    share.dataset.text = plain(answer.summary, keep);
    share.hidden = false;
    announce(form, share.dataset.text);
    showFigure(chart, answer.chart, keep);
    form.dataset.state = "final";
  } else {
    chart.replaceChildren();
    for (const entry of answer.partial ?? []) {
      const out = form.querySelector(`output.total[data-player="${entry.index}"]`);
      if (out && entry.total !== null) out.textContent = String(entry.total);
    }
    share.hidden = true;
    form.dataset.state = "incomplete";
  }
}

// The ranking is read out once typing pauses, not at every key.
const announcing = new WeakMap();
function announce(form, text) {
  clearTimeout(announcing.get(form));
  announcing.set(form, setTimeout(() => {
    const live = form.querySelector(".announce");
    if (live.textContent === text) return;
    live.lang = uiTag();
    live.textContent = text;
  }, 800));
}

// ------------------------------------------------------------ share, copy, print

async function copyText(text, source) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    // No clipboard access (an older browser, or no permission): copy the selected summary the old way.
    const range = document.createRange();
    range.selectNodeContents(source);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    try {
      return document.execCommand("copy");
    } catch (error2) {
      return false;
    }
  }
}

function setupSharing(form, gameName) {
  const share = form.querySelector(".share");
  const state = share.querySelector(".share-state");
  const shareButton = share.querySelector("[data-action=share]");
  shareButton.hidden = typeof navigator.share !== "function";
  share.querySelector("[data-action=copy]").addEventListener("click", async () => {
    const done = await copyText(share.dataset.text, share.querySelector(".summary"));
    state.replaceChildren(...message(done ? "copied" : "not-copied").childNodes);
  });
  shareButton.addEventListener("click", () => {
    navigator.share({ title: gameName(), text: share.dataset.text }).catch((error) => {
      if (error.name !== "AbortError") console.warn("sharing failed", error);
    });
  });
}

function printSheet(blank) {
  if (blank) {
    root.dataset.print = "blank";
    addEventListener("afterprint", () => delete root.dataset.print, { once: true });
  }
  print();
}

// ------------------------------------------------------------ one game

function setupGame(section) {
  const gameId = section.dataset.game;
  const state = load(gameId, section);
  const countSelect = section.querySelector("[data-role=players]");
  const sheet = section.querySelector("form.sheet");
  const checklist = section.querySelector(".checklist");
  const sequence = new WeakMap();

  // The saved sheet into the form. keepTyped: the first time, what was typed before this script ran (the form
  // takes input from first paint) is kept and saved over the stored value instead of being overwritten.
  function applyState(keepTyped = false) {
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
      if (kept(el)) continue;
      const stored = state.values[inputKey(toolOf(el), el)];
      if (el.type === "radio") el.checked = stored !== undefined && String(stored) === el.value;
      else el.value = stored === undefined ? "" : String(stored);
    }
    if (typed.some((el) => el === countSelect || el.matches("[data-option]"))) {
      state.players = playerCount(section);
      state.options = optionsOf(section);
      save(gameId, state);
    }
    for (const el of typed) if (el.matches("[data-field]") && (el.type !== "radio" || el.checked)) remember(el);
    showColumns();
  }

  function showColumns() {
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

  function remember(el) {
    if (el.dataset.field === "name") {
      state.names[Number(el.dataset.player)] = el.value;
      for (const twin of section.querySelectorAll(`[data-field=name][data-player="${el.dataset.player}"]`)) if (twin !== el) twin.value = el.value;
    } else {
      state.values[inputKey(toolOf(el), el)] = el.value;
    }
    save(gameId, state);
  }

  function tickKey() {
    return `${playerCount(section)}|${JSON.stringify(optionsOf(section))}`;
  }

  function applyTicks() {
    const ticked = new Set(state.ticks[tickKey()] ?? []);
    for (const box of checklist.querySelectorAll("input[data-step]")) box.checked = ticked.has(Number(box.dataset.step));
  }

  async function recompute(form) {
    const n = (sequence.get(form) ?? 0) + 1;
    sequence.set(form, n);
    const payload = JSON.stringify(collect(section, form));
    const started = performance.now();
    const asked = form.dataset.tool === "score"
      ? callPython("compute", gameId, payload)
      : callPython("helper", gameId, form.dataset.tool, payload);
    const [answer] = await Promise.all([asked, scriptsReady]);
    if (sequence.get(form) !== n) return; // a newer edit is on its way
    const keep = typedIn(section);
    showProblems(form, answer.problems ?? [], keep);
    if (form.dataset.tool === "score") {
      showResult(form, answer, keep);
      showSaveState();
    } else showHelper(form, answer, keep);
    const took = performance.now() - started;
    timings.recompute.push(took);
    form.dataset.computed = String(Number(form.dataset.computed ?? 0) + 1);
    document.dispatchEvent(new CustomEvent("tc:computed", { detail: { game: gameId, tool: form.dataset.tool, ms: took, sheet: payload } }));
  }

  function showHelper(form, answer, keep) {
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
            const el = sheet.querySelector(`[data-field="${field}"][data-player="${p}"]`);
            if (el) { el.value = String(value); remember(el); }
          });
        }
        location.hash = `#${gameId}/score`;
        recompute(sheet);
      };
    }
  }

  async function refreshChecklist() {
    const count = playerCount(section);
    const current = Number(checklist.dataset.players);
    const options = optionsOf(section);
    // The list the build wrote is for the default player count with every variant off.
    const shown = checklist.dataset.options ?? JSON.stringify(Object.fromEntries(Object.keys(options).map((k) => [k, false])));
    if (current === count && JSON.stringify(options) === shown) return applyTicks();
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
    applyTicks();
  }

  function activeForms() {
    return [...section.querySelectorAll("form.tool")];
  }

  section.addEventListener("input", (event) => {
    const el = event.target;
    if (el.matches("[data-step]")) return;
    if (el.matches("[data-field]")) {
      section.querySelector(".sync-state").hidden = true;
      remember(el);
      const forms = el.dataset.field === "name" ? activeForms() : [el.closest("form")];
      for (const form of forms) if (!form.hidden || form === el.closest("form")) recompute(form);
    }
  });
  section.addEventListener("change", (event) => {
    const el = event.target;
    if (el.matches("[data-step]")) {
      const ticked = [...checklist.querySelectorAll("input[data-step]:checked")].map((b) => Number(b.dataset.step));
      state.ticks[tickKey()] = ticked;
      save(gameId, state);
    } else if (el === countSelect || el.matches("[data-option]")) {
      state.players = playerCount(section);
      state.options = optionsOf(section);
      save(gameId, state);
      showColumns();
      refreshChecklist();
      for (const form of activeForms()) recompute(form);
    } else if (el.type === "radio" && el.matches("[data-field]")) {
      remember(el);
      recompute(el.closest("form"));
    }
  });
  section.addEventListener("submit", (event) => event.preventDefault());

  // ---- saving a final sheet to the history

  const saveButton = sheet.querySelector("[data-action=save-history]");
  const savedLine = sheet.querySelector(".saved-state");
  const sheetPayload = () => JSON.stringify(collect(section, sheet));
  const isSaved = () => state.saved !== undefined && state.saved === sheetPayload();

  function showSaveState() {
    const final = sheet.dataset.state === "final";
    saveButton.disabled = !final || isSaved();
    savedLine.hidden = !isSaved();
  }

  async function saveToHistory() {
    const payload = sheetPayload();
    if (!(await history.save(gameId, payload, sheet.querySelector(".save-problems")))) return false;
    state.saved = payload;
    save(gameId, state);
    showSaveState();
    return true;
  }
  saveButton.addEventListener("click", saveToHistory);

  // ---- new game and its undo

  const undoButton = section.querySelector("[data-action=undo-clear]");
  let undoCopy = null; // the cleared sheet, also kept here in case storage refuses it
  const hasEntries = (s) => Object.values(s.values).some((v) => String(v).trim() !== "") || Object.values(s.ticks).some((t) => t.length);

  function refreshAll() {
    applyState();
    refreshChecklist();
    for (const form of activeForms()) recompute(form);
  }

  section.querySelector("[data-action=new-game]").addEventListener("click", async () => {
    const unsaved = sheet.dataset.state === "final" && !isSaved();
    const choice = await ask({
      title: { zh: "开始新一局？", en: "Start a new game?" },
      body: {
        zh: "分数、勾选和工具中的数值会被清空（名字和人数保留）。之后可以撤销一次。" + (unsaved ? "这张已完成的计分表还没有存入历史记录。" : ""),
        en: "Scores, ticks and helper values are cleared (names and player count stay). You can undo this once." + (unsaved ? " This finished sheet is not saved to the history yet." : ""),
      },
      confirm: { zh: "清空", en: "Clear" },
      extra: unsaved ? { zh: "存入历史记录后清空", en: "Save to history, then clear" } : null,
    });
    if (choice === "cancel") return;
    if (choice === "extra" && !(await saveToHistory())) return;
    undoCopy = JSON.stringify(state);
    write(keys.undo(gameId), undoCopy);
    state.values = {};
    state.ticks = {};
    delete state.saved;
    forgetFinished(gameId); // the next game is another record, even with the same names and scores
    save(gameId, state);
    undoButton.hidden = false;
    refreshAll();
  });

  undoButton.addEventListener("click", async () => {
    const raw = read(keys.undo(gameId)) ?? undoCopy;
    const previous = raw === null ? null : readState(raw);
    if (raw !== null && !previous) parseState(raw, section, `${gameId}:undo`); // set aside, with a notice
    if (previous && hasEntries(state)) {
      const choice = await ask({
        title: { zh: "恢复清空前的计分表？", en: "Bring back the cleared sheet?" },
        body: { zh: "清空之后输入的内容会被替换。", en: "What was entered since the clear will be replaced." },
        confirm: { zh: "恢复", en: "Bring it back" },
      });
      if (choice !== "confirm") return;
    }
    if (previous) {
      for (const key of Object.keys(state)) delete state[key];
      Object.assign(state, previous);
      save(gameId, state);
      refreshAll();
    }
    remove(keys.undo(gameId));
    undoCopy = null;
    undoButton.hidden = true;
  });
  undoButton.hidden = read(keys.undo(gameId)) === null;

  // ---- the same sheet open in another tab

  addEventListener("storage", (event) => {
    if (event.key === keys.undo(gameId)) undoButton.hidden = event.newValue === null;
    if (event.key !== keys.game(gameId) || event.newValue === null) return;
    const data = readState(event.newValue);
    if (!data) {
      // Something else wrote here: keep its value aside and put this tab's sheet back.
      parseState(event.newValue, section, gameId);
      save(gameId, state);
      return;
    }
    // Every change is saved as it is made, so the other tab's copy is this sheet plus its latest edit.
    for (const key of Object.keys(state)) delete state[key];
    Object.assign(state, data);
    refreshAll();
    section.querySelector(".sync-state").hidden = false;
  });

  for (const button of section.querySelectorAll("[data-action^=print]")) {
    button.addEventListener("click", () => printSheet(button.dataset.action === "print-blank"));
  }
  setupSharing(sheet, () => section.querySelector(`h2 ${uiLang() === "en" ? ".l-en" : `.l-zh.s-${uiScript()}`}`).textContent);

  const tickedEarly = [...checklist.querySelectorAll("input[data-step]")].filter(typedEarly).map((box) => [box, box.checked]);
  applyState(true);
  applyTicks();
  if (tickedEarly.length) {
    for (const [box, checked] of tickedEarly) box.checked = checked;
    state.ticks[tickKey()] = [...checklist.querySelectorAll("input[data-step]:checked")].map((b) => Number(b.dataset.step));
    save(gameId, state);
  }
  return {
    activate(tool) {
      refreshChecklist();
      const form = section.querySelector(`form[data-tool="${tool}"]`);
      if (form) recompute(form);
    },
  };
}

// ------------------------------------------------------------ switching game and tool

// Start-up runs as a few short tasks rather than one long one, so the page answers a tap in between.
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
await nextTask();
usable();
const pyHistory = (...args) => callPython("history", ...args);
const history = setupHistory(document.querySelector("section.history"), pyHistory);
const stats = setupStats(document.querySelector("section.stats"), history, pyHistory);
const received = setupShare(callPython, history);
// The game on screen is set up at once; the others when the browser is idle, one per task (no long task at start).
const controllers = new Map();
function controller(id) {
  if (!controllers.has(id)) controllers.set(id, setupGame(games.get(id)));
  return controllers.get(id);
}
const whenIdle = (task) => ("requestIdleCallback" in window ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 20));
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
// A new language or script: write the outputs again (the ranking's reasons and the share text follow it).
document.addEventListener("tc:prefs", (event) => {
  if (event.detail.name !== "theme") route();
});
await nextTask();
route();
await nextTask();
keepAwake();
whenIdle(setupTheRest);

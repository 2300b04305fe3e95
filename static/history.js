// The history of finished games: HistoryStore, the storage protocol (the stored text, the worker holding it by its
// seal, setting a damaged one aside), which the score sheets, the statistics and a shared result call; HistoryView,
// play/#history's list, export and import. What a record holds, the CSV rows and the checks of a stored or imported
// history are Python's (scoring/history.py), through the worker.
import { timings } from "./calculator.js";
import { uiScript } from "./site.js";
import { keys, read, setAside, write } from "./storage.js";
import { ask, bilingual, counted, download, nameText, savedAt, whenIdle } from "./ui.js";
import { keepNotice } from "./keep-notice.js";
import { askPersist, markExported } from "./persist.js";
import { fillBgStats, offerBgStats, watchBgStats } from "./bgstats.js";
import { finishedAt } from "./share.js";
import { inScripts, loadScripts } from "./zh.js";

/** The start of a history this site stored, with its seal (scoring/history.py's SEALED). */
const SEALED = /^\{"format":"table-companion-history","version":1,"checked":"([0-9a-f]{32})",/;
const MAX_FILE_BYTES = 10_000_000; // scoring/history.py refuses more; this spares reading such a file at all
const BUSY = {
  zh: "没有存入历史记录：另一个标签页一直在修改它。请稍后再试。",
  en: "Not saved to the history: another tab kept changing it. Try again in a moment.",
};
const MAX_TRIES = 20; // runs of one change while other pages keep storing the history (then it is stored as it is)
const WATCHED_MS = 5_000; // a write from a text read before this page's save comes within milliseconds; a game deleted
// elsewhere on purpose (open History, Delete, confirm) is deleted later than this, and stays deleted
const NOT_SAVED = {
  zh: "没有存入历史记录：浏览器不允许保存（存储已满或被禁用）。",
  en: "Not saved to the history: the browser refused to store it (storage full or blocked).",
};

/** What an import's merged names changed: which names now count as whom (scoring/players.py's renamed), the first
 *  five named. */
function renamedText(renamed) {
  const shown = renamed.slice(0, 5);
  const more = renamed.length - shown.length;
  const zh = shown.map((r) => `“${r.name}”算作“${r.as}”`).join("，") + (more ? `，另有 ${more} 个` : "");
  const en = shown.map((r) => `“${r.name}” counts as “${r.as}”`).join(", ") + (more ? `, and ${more} more` : "");
  return {
    zh: `文件合并了名字：${zh}。可在统计的“同一个人的不同名字”中分开。`,
    en: `The file merged names: ${en}. Statistics (“One person under several names”) can separate them.`,
  };
}

function say(box, text) {
  box.replaceChildren(bilingual("p", text));
}

/** A title and a list of problems (bilingual) into box. */
function report(box, title, items) {
  const lines = document.createElement("ul");
  for (const item of items) lines.append(bilingual("li", item));
  box.replaceChildren(bilingual("p", title), lines);
}

/** The stored history, through the worker. report(title, problems) says what was set aside (the history view's box). */
export class HistoryStore {
  constructor(py, report) {
    this.py = py; // py(action, ...args): a call to the worker's history actions
    this.report = report;
    this.held = ""; // the seal of the history the worker was last given or gave back: it holds that one, checked
    this.beingDrawn = Promise.resolve(); // a view being drawn (whileDrawing)
    this.added = new Map(); // the games this page added, by id, until another page stores the history (watch)
    addEventListener("storage", (event) => {
      if (event.key === keys.history) this.storedElsewhere(event.newValue);
    });
  }

  /** Have the worker read the stored history while the page is idle, so that History and Statistics need send it
   *  only by its seal (nothing is shown here: the views check it again when they open). A history it had to
   *  re-score is stored as it gives it back, sealed under today's rules. */
  async hold() {
    await this.beingDrawn;
    const raw = read(keys.history);
    try {
      const answer = raw ? await this.send(raw, "hold") : {};
      // Re-scored (the site's rules changed since it was stored): keep the result, unless it changed meanwhile.
      if (typeof answer.stored === "string" && read(keys.history) === raw) write(keys.history, answer.stored);
      timings.historyHeld = performance.now();
    } catch {
      // nothing held: the views send the text when they open, and say what went wrong there
    }
  }

  /** Run a worker action on the stored history (raw): by its seal when the worker holds that one (no 2 MB to send,
   *  read and check again; it asks for the text if it holds another), otherwise its text as UTF-8. */
  async send(raw, action, ...args) {
    const seal = SEALED.exec(raw)?.[1] ?? "";
    let answer = seal && seal === this.held ? await this.py(action, `@${seal}`, ...args) : { resend: true };
    if (answer.resend) {
      answer = await this.py(action, new TextEncoder().encode(raw), ...args);
      this.held = seal;
    }
    if (typeof answer.stored === "string") this.held = SEALED.exec(answer.stored)?.[1] ?? "";
    return answer;
  }

  /** The stored history as Python checked it ({records, stored}); what it could not keep is set aside first. */
  async checked() {
    const raw = read(keys.history) ?? "";
    const answer = await this.send(raw, "view");
    if (answer.notStarted) return answer; // the calculator could not start: the view says so
    if (answer.stored === undefined) throw new Error(answer.problems?.[0]?.en ?? "the calculator failed");
    if (answer.problems.length) {
      const aside = setAside("history", raw);
      if (aside) write(keys.history, answer.stored);
      answer.setAside = {
        title: aside
          ? { zh: `保存的历史记录有问题，原内容已另存为 ${aside}：`, en: `The saved history had problems; the original was set aside as ${aside}:` }
          : { zh: "保存的历史记录有问题，而且无法另存，因此保持原样：", en: "The saved history had problems and could not be set aside, so it was left as it is:" },
        items: answer.problems,
      };
      this.report(answer.setAside.title, answer.setAside.items);
    }
    return answer;
  }

  /** Run an action on the stored history; if Python finds problems in it, set it aside first and try again. The
   *  answer says which stored text it worked on (`based`). */
  async change(action, ...args) {
    const raw = read(keys.history) ?? "";
    const answer = { ...(await this.send(raw, action, ...args)), based: raw };
    if (!answer.stored_problems) return answer;
    const { setAside: told } = await this.checked();
    const again = read(keys.history) ?? "";
    const redone = { ...(await this.send(again, action, ...args)), based: again };
    return told ? { ...redone, setAside: told } : redone; // said by the view that asked too (Statistics)
  }

  /** Run an action that changes the stored history and store its answer, as a change to the history as stored now:
   *  when another tab stored one while Python worked (two saves at the same moment), the action runs again on that
   *  one, so that a save adds its game and never writes back the list read before. {ok: false, problems} when the
   *  browser refused to store it. */
  async commit(action, ...args) {
    for (let tries = 0; ; tries += 1) {
      const answer = await this.change(action, ...args);
      if (!answer.ok || answer.stored === undefined) return answer;
      // No await between this read and the write: no other script of this page's event loop runs in between.
      if ((read(keys.history) ?? "") !== answer.based) {
        if (tries < MAX_TRIES) continue;
        return { ...answer, ok: false, notStored: true, problems: [BUSY] }; // never a write-back over their changes
      }
      if (!write(keys.history, answer.stored)) return { ...answer, ok: false, notStored: true, problems: [NOT_SAVED] };
      if (answer.record?.id && answer.added) this.watch(answer.record.id, action, args);
      return answer;
    }
  }

  /** A game this page added, watched until the next history another page stores: one written from a text read
   *  before this page's (another process's storage may show a write late) lacks it, and it is added again. */
  watch(id, action, args) {
    this.added.set(id, { action, args, until: Date.now() + WATCHED_MS });
  }

  /** Another page stored the history (a storage event): add again what this page added and that text lacks. */
  async storedElsewhere(text) {
    const lost = [];
    for (const [id, added] of this.added) {
      this.added.delete(id); // the first history stored elsewhere after the save decides
      if (added.until >= Date.now() && !(text ?? "").includes(`"id":"${id}"`)) lost.push(added);
    }
    for (const { action, args } of lost) await this.commit(action, ...args);
  }

  /** Save a final sheet (JSON text) to the history with its extras (JSON: {started, note}, sheet-extras.js);
   *  messages go into box. True when it is stored. */
  async save(gameId, sheetJson, box, extrasJson = "null") {
    box.replaceChildren();
    const answer = await this.commit("add", gameId, sheetJson, finishedAt(gameId, sheetJson), extrasJson);
    if (!answer.ok) {
      box.append(...answer.problems.map((p) => bilingual("p", p)));
      return false;
    }
    box.append(...(answer.notices ?? []).map((n) => bilingual("p", n, "save-notice")));
    const saved = box.parentElement?.querySelector(".save-history .saved-state");
    if (saved && answer.record?.id) fillBgStats(this, answer.record.id, offerBgStats(saved));
    // The first game: ask the browser to keep the site's data. Firefox asks the user, so the answer is shown when it
    // comes and the save does not wait for it.
    // The answer is said once (not after every save, as a problem): a calm note with what it means and what to do.
    if (answer.count === 1 || !read(keys.persistSaid)) {
      askPersist().then((said) => {
        if (read(keys.persistSaid)) return;
        write(keys.persistSaid, "1");
        box.append(bilingual("p", said, "persist-state"));
      });
    }
    return true;
  }

  /** Everyone in the history under one identity each, most games first ({name, games, last, also}): for the
   *  score sheet's name suggestions (merged names follow the person). */
  async people() {
    return (await this.change("people")).people ?? [];
  }

  /** A view's own calls go first: hold() waits until the view being drawn is done. The statistics drawn from the
   *  stored ones, the worker then reads every record while the page is idle, for the next filter. */
  whileDrawing(drawing) {
    this.beingDrawn = drawing.catch(() => {});
    this.beingDrawn.then(() => whenIdle(() => this.hold()));
  }

  /** Check the stored history in full and set aside what cannot be kept (as the view does when it opens); what was
   *  said of it ({title, items}), or null when it was sound. */
  async setAside() {
    return (await this.checked()).setAside ?? null;
  }

  /** Run an action on the stored history and store its answer (the statistics' renames, a result received). */
  async run(action, ...args) {
    return this.commit(action, ...args);
  }
}

/** How long the game took (took: its text from scoring, if it was timed) and its note, each as typed: textContent
 *  only, never markup. */
function extrasLines(record, took) {
  const lines = [];
  if (took) lines.push(bilingual("p", { zh: `用时：${took.zh}`, en: `Took ${took.en}` }, "record-duration"));
  if (record.note) {
    const note = document.createElement("p");
    note.className = "record-note";
    note.append(bilingual("span", { zh: "备注：", en: "Note: " }), Object.assign(document.createElement("bdi"), { textContent: record.note }));
    lines.push(note);
  }
  return lines;
}

/** One record of the list: when, the game, the winner and why (with its rule), the places, how long it took and its
 *  note; onDelete(record). */
function entry(record, took, onDelete) {
  const li = document.createElement("li");
  li.className = "record";
  li.dataset.id = record.id;
  li.dataset.game = record.game;
  const head = document.createElement("h3");
  const time = document.createElement("time");
  time.dateTime = record.saved;
  time.textContent = savedAt(record.saved);
  head.append(time, " · ", bilingual("span", record.game_name));
  const places = document.createElement("ol");
  places.className = "places";
  for (const player of record.players) {
    const item = document.createElement("li");
    item.dataset.place = player.place ?? "";
    item.append(player.place === null ? "– " : `${player.place}. `, nameText(player.name), player.total === null ? "" : ` · ${player.total}`);
    places.append(item);
  }
  const remove = document.createElement("button");
  remove.type = "button";
  remove.dataset.action = "delete-record";
  remove.append(bilingual("span", { zh: "删除", en: "Delete" }));
  remove.addEventListener("click", () => onDelete(record));
  const correct = bilingual("button", { zh: "修改", en: "Correct" });
  correct.type = "button";
  correct.dataset.action = "correct-record";
  correct.addEventListener("click", () => document.dispatchEvent(new CustomEvent("tc:correct-record", { detail: record })));
  if (record.edited) head.append(bilingual("span", { zh: "（已修改）", en: " (corrected)" }, "record-edited"));
  const actions = document.createElement("p");
  actions.className = "record-actions";
  actions.append(correct, remove, offerBgStats());
  li.append(head, winnerLine(record), places, ...extrasLines(record, took), actions);
  return li;
}

/** "Winner: A — why", with a link to the rule that decided it. */
function winnerLine(record) {
  const winner = document.createElement("p");
  winner.className = "winner";
  const names = record.winners.flatMap((name, i) => (i ? [", ", nameText(name)] : [nameText(name)]));
  const decided = record.players[0].decided_by;
  winner.append(bilingual("span", { zh: "胜者：", en: "Winner: " }), ...names, " — ", bilingual("span", decided, "why"));
  if (decided.section) {
    const rule = bilingual("a", { zh: "规则", en: "Rule" }, "rule-link");
    rule.href = `../rules/${record.game}/#${decided.section}`;
    winner.append(" ", rule);
  }
  winner.dataset.kind = decided.kind;
  return winner;
}

/** The CSV's Chinese in one script, the reader's (game names come in their source's script, reasons in
 *  scoring's); what the players typed (names, notes) stays as typed. */
async function inReadersScript(answer) {
  try {
    await loadScripts();
  } catch (error) {
    return answer.csv; // no table to convert with: the CSV as Python wrote it
  }
  const typed = [];
  for (const record of JSON.parse(answer.json).records ?? []) {
    typed.push(...record.players.map((p) => p.name), record.note ?? "");
  }
  return inScripts(answer.csv, typed)[uiScript() === "hant" ? "zh-Hant" : "zh-Hans"];
}

/** The history view's word on keeping it (keep-notice.js: once, with what to do, then a reminder). */
function showKeepWord(view) {
  keepNotice(view.section.querySelector(".keep"), view.shown, () => view.exportAs("json"));
}

/** play/#history: the list of finished games, deleting one, sending one to BG Stats, export (one menu: JSON, CSV)
 *  and import. */
export class HistoryView {
  constructor(section, store) {
    this.section = section;
    this.store = store;
    this.visible = false;
    this.shown = []; // the records listed
    this.menu = section.querySelector(".export-menu");
    for (const kind of ["json", "csv"]) {
      section.querySelector(`[data-action=export-${kind}]`).addEventListener("click", () => {
        this.menu.open = false;
        this.exportAs(kind);
      });
    }
    const importInput = section.querySelector("[data-action=import]");
    importInput.addEventListener("change", async () => {
      const file = importInput.files[0];
      importInput.value = ""; // the same file can be chosen again
      if (file) await this.importFile(file);
    });
    addEventListener("storage", (event) => {
      if (this.visible && event.key === keys.history) this.refresh();
    });
  }

  show(on) {
    this.visible = on;
    this.section.hidden = !on;
    if (on) this.refresh();
  }

  render(records, durations = {}) {
    const entries = records.map((record) => entry(record, durations[record.id], (r) => this.deleteRecord(r)));
    this.section.querySelector(".history-list").replaceChildren(...entries);
    this.section.querySelector(".history-empty").hidden = records.length > 0;
    for (const button of this.menu.querySelectorAll("button")) button.disabled = records.length === 0;
    this.menu.hidden = records.length === 0;
    this.section.dataset.count = String(records.length);
    this.shown = records;
    showKeepWord(this);
    watchBgStats(this.section.querySelector(".history-list"), this.store);
  }

  async refresh() {
    const answer = await this.store.checked();
    if (answer.notStarted) return report(this.section.querySelector(".problems"), { zh: "现在无法显示历史记录：", en: "The history cannot be shown now:" }, answer.problems);
    this.render(answer.records, answer.durations);
  }

  async deleteRecord(record) {
    const choice = await ask({
      title: { zh: "删除这条记录？", en: "Delete this record?" },
      body: { zh: `${record.game_name.zh}，${record.saved.slice(0, 10)}。删除后无法恢复（除非之前导出过）。`, en: `${record.game_name.en}, ${record.saved.slice(0, 10)}. It cannot be brought back unless it was exported.` },
      confirm: { zh: "删除", en: "Delete" },
    });
    if (choice !== "confirm") return;
    const answer = await this.store.commit("delete", record.id);
    if (answer.ok) this.render(answer.records, answer.durations);
  }

  async exportAs(kind) {
    const now = new Date().toISOString();
    const answer = await this.store.change("export", now);
    if (!answer.ok) return;
    const day = now.slice(0, 10);
    if (kind === "json") {
      download(`table-companion-history-${day}.json`, answer.json, "application/json");
      markExported(this.shown.map((r) => r.id));
      showKeepWord(this);
    } else download(`table-companion-history-${day}.csv`, await inReadersScript(answer), "text/csv;charset=utf-8");
  }

  async importFile(file) {
    const problems = this.section.querySelector(".problems");
    const status = this.section.querySelector(".history-status");
    problems.replaceChildren();
    status.replaceChildren();
    if (file.size > MAX_FILE_BYTES) {
      return report(problems, { zh: "没有导入：", en: "Nothing was imported:" }, [{ zh: "文件太大（超过 10 MB），不是本站的历史记录。", en: "the file is too large (over 10 MB) to be a history from this site." }]);
    }
    // Its bytes: Python reads them by the command line's rule (UTF-8, a byte-order mark allowed; anything else refused)
    const answer = await this.store.commit("import", new Uint8Array(await file.arrayBuffer()));
    if (answer.notStored) return report(problems, { zh: "没有导入：", en: "Nothing was imported:" }, answer.problems);
    if (!answer.ok) return report(problems, { zh: `没有导入“${file.name}”：`, en: `Nothing was imported from “${file.name}”:` }, answer.problems);
    this.render(answer.records, answer.durations);
    say(status, {
      zh: `已导入 ${answer.added} 局；${answer.already} 局已经在历史记录中；${answer.skipped} 条记录无法读取。`,
      en: `Imported ${counted(answer.added, "game")}; ${answer.already} ${answer.already === 1 ? "was" : "were"} already in the history; ${counted(answer.skipped, "record")} could not be read.`,
    });
    if (answer.replaced.length) status.append(this.replacedLine(answer.replaced));
    if (answer.renamed.length) status.append(bilingual("p", renamedText(answer.renamed)));
    if (answer.problems.length) report(problems, { zh: "文件中的问题：", en: "Problems in the file:" }, answer.problems);
  }

  /** "1 game replaced by a later correction", and an Undo that puts the games back as they were here. */
  replacedLine(previous) {
    const line = bilingual("p", {
      zh: `${previous.length} 局被文件中较晚的修改替换。`,
      en: `${counted(previous.length, "game")} replaced by a later correction.`,
    }, "import-replaced");
    const undo = bilingual("button", { zh: "撤销替换", en: "Undo" });
    undo.type = "button";
    undo.dataset.action = "undo-replaced";
    undo.addEventListener("click", async () => {
      undo.disabled = true;
      const answers = [];
      for (const record of previous) answers.push(await this.store.commit("undo", JSON.stringify(record)));
      const failed = answers.find((a) => !a.ok);
      line.replaceChildren(bilingual("span", failed ? failed.problems[0] : { zh: "已恢复为替换前的记录。", en: "Put back as they were." }));
      await this.refresh();
    });
    line.append(" ", undo);
    return line;
  }
}

/** The history's store (for the sheets, statistics and shared results) and its view (play/#history); what the store
 *  sets aside is reported in the view's problems box. py(action, ...args) calls the worker. */
export function setupHistory(section, py) {
  const problems = section.querySelector(".problems");
  const store = new HistoryStore(py, (title, items) => report(problems, title, items));
  return { store, view: new HistoryView(section, store) };
}

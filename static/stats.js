// play/#stats: the statistics of the history. Every figure and picture is Python's (scoring/stats.py, scoring/svg/),
// computed from the stored records re-scored with today's rules; this file reads the filters and writes the tables.
import { timings } from "./calculator.js";
import { bilingual, counted, nameText } from "./ui.js";
import { showFigure } from "./figure.js";

const percent = (rate) => `${Math.round(rate * 100)}%`;
const dash = (value) => (value === null || value === undefined ? "–" : String(value));

function cell(tag, content) {
  const el = document.createElement(tag);
  if (tag === "th" && typeof content !== "string") el.scope = "col";
  el.append(content);
  return el;
}

/** A table of players: the columns asked for, a header row in both languages. */
function playerTable(players, columns) {
  const table = document.createElement("table");
  table.className = "stats-table";
  const head = document.createElement("tr");
  for (const [title] of columns) head.append(cell("th", bilingual("span", title)));
  table.createTHead().append(head);
  const body = table.createTBody();
  for (const player of players) {
    const row = document.createElement("tr");
    row.dataset.name = player.name;
    for (const [, value] of columns) row.append(cell("td", value(player)));
    body.append(row);
  }
  const wrap = document.createElement("div");
  wrap.className = "grid-scroll stats-scroll";
  wrap.append(table);
  return wrap;
}

const WINS = [
  [{ zh: "玩家", en: "Player" }, (p) => nameText(p.name)],
  [{ zh: "局数", en: "Games" }, (p) => String(p.played)],
  [{ zh: "胜局（并列）", en: "Wins (shared)" }, (p) => `${p.wins}${p.shared_wins ? ` (${p.shared_wins})` : ""}`],
  [{ zh: "胜率", en: "Win rate" }, (p) => percent(p.win_rate)],
];
/** The best score and, under it, the day of that game. */
function best(p) {
  const cell = document.createDocumentFragment();
  cell.append(dash(p.best));
  if (p.best_game) cell.append(document.createElement("br"), Object.assign(document.createElement("small"), { textContent: p.best_game.saved.slice(0, 10) }));
  return cell;
}
// A game's points in a table of their own, after its wins: eight columns side by side did not fit a phone (issue 41).
const POINTS = [
  WINS[0],
  [{ zh: "平均", en: "Average" }, (p) => dash(p.average)],
  [{ zh: "最高（哪天）", en: "Best (when)" }, best],
  [{ zh: "最低", en: "Worst" }, (p) => dash(p.worst)],
];

function figure(pictures, kind, keep) {
  const box = document.createElement("div");
  box.className = `figure ${kind}`;
  box.dataset.figure = kind;
  showFigure(box, pictures, keep);
  return box;
}

/** A game's durations (scoring/extras.py's duration_figures) for its summary line; nothing when no game was timed. */
function tookText(duration) {
  if (!duration?.timed) return { zh: "", en: "" };
  const { timed, average_text: average, longest_text: longest } = duration;
  return {
    zh: ` · 用时（${timed} 局计时）：平均 ${average.zh}，最长 ${longest.zh}`,
    en: ` · time (${counted(timed, "game")} timed): average ${average.en}, longest ${longest.en}`,
  };
}

function summaryLine(block) {
  const breakers = block.tie_breakers ?? [];
  const which = { zh: breakers.map((t) => `${t.zh} ${t.count}`).join("，"), en: breakers.map((t) => `${t.en}: ${t.count}`).join(", ") };
  const margin = dash(block.margin);
  const took = tookText(block.duration);
  return bilingual("p", {
    zh: `${block.games} 局 · 平均胜差 ${margin} 分 · 并列第一 ${block.shared_first} 局 · 第一名由平手决胜规则决定 ${block.tie_breaks} 局${breakers.length ? `（${which.zh}）` : ""}${took.zh}`,
    en: `${counted(block.games, "game")} · average margin of victory ${margin} · shared first ${block.shared_first} · first place decided by a tie-breaker ${block.tie_breaks}${breakers.length ? ` (${which.en})` : ""}${took.en}`,
  }, "stats-summary");
}

/** Write the figures into body; the blocks, by game ("" for all games), for their pictures to follow. */
function render(body, stats) {
  const parts = [];
  const blocks = new Map();
  if (stats.overall.games) {
    const overall = document.createElement("section");
    overall.className = "stats-block";
    overall.dataset.game = "";
    overall.append(
      bilingual("h3", { zh: "所有游戏", en: "All games" }),
      summaryLine(stats.overall),
      playerTable(stats.overall.players, WINS),
    );
    parts.push(overall);
    blocks.set("", overall);
  }
  for (const block of stats.games) {
    const section = document.createElement("section");
    section.className = "stats-block";
    section.dataset.game = block.game;
    section.append(
      bilingual("h3", block.game_name),
      summaryLine(block),
      playerTable(block.players, WINS),
      ...(block.players.some((p) => p.average !== null) ? [playerTable(block.players, POINTS)] : []),
    );
    parts.push(section);
    blocks.set(block.game, section);
  }
  for (const note of stats.notes) parts.push(bilingual("p", note, "stats-note"));
  body.replaceChildren(...parts);
  return blocks;
}

/** Each block's pictures after its table: wins overall; wins, averages and totals over time per game. */
function drawPictures(blocks, charts, keep) {
  if (charts.wins) blocks.get("")?.append(figure(charts.wins, "stats-wins", keep));
  for (const [game, pictures] of Object.entries(charts.games)) {
    for (const kind of ["wins", "averages", "timeline"]) {
      if (pictures[kind]) blocks.get(game)?.append(figure(pictures[kind], `stats-${kind}`, keep));
    }
  }
}

/** The player filter, the rename form's people (one each, other spellings in brackets) and the list of merged names
 *  ({name: as spelled, as: counted under}), from the people in the history; separate(spelled) undoes a merge. */
function showPeople(section, people, aliases, separate) {
  const playerFilter = section.querySelector("[data-filter=player]");
  const chosen = playerFilter.value;
  const option = (value, text) => Object.assign(document.createElement("option"), { value, textContent: text });
  playerFilter.replaceChildren(playerFilter.options[0], ...people.map((p) => option(p.name, p.name)));
  playerFilter.value = people.some((p) => p.name === chosen) ? chosen : "";
  const old = section.querySelector("form.rename [data-role=old]");
  const was = old.value; // kept when the list is written again
  old.replaceChildren(...people.map((p) => option(p.name, p.also.length ? `${p.name} (${p.also.join(", ")})` : p.name)));
  if (people.some((p) => p.name === was)) old.value = was;
  section.querySelector("#stats-people").replaceChildren(...people.map((p) => option(p.name, "")));
  section.querySelector(".aliases").replaceChildren(...aliases.map((alias) => aliasItem(alias, separate)));
  section.querySelector(".identities-count").textContent = aliases.length ? ` (${aliases.length})` : "";
}

/** One merged name: "spelled → shown [Separate]". */
function aliasItem(alias, separate) {
  const li = document.createElement("li");
  const undo = document.createElement("button");
  undo.type = "button";
  undo.dataset.action = "separate";
  undo.append(bilingual("span", { zh: "分开", en: "Separate" }));
  undo.addEventListener("click", () => separate(alias.name));
  li.append(nameText(alias.name), " → ", nameText(alias.as), " ", undo);
  return li;
}

/** The statistics view. history: the history's store (history.js's HistoryStore), whose run() reaches the worker
 *  (by the stored history's seal when the worker holds that history already). */
/** What the history view says of a stored history it set aside (history.js), said here too: the statistics drawn
 *  without it would otherwise read as if there were no games. */
function setAsideLines(told) {
  if (!told) return [];
  const lines = document.createElement("ul");
  for (const item of told.items) lines.append(bilingual("li", item));
  return [bilingual("p", told.title), lines];
}

export class StatsView {
  constructor(section, history) {
    this.section = section;
    this.history = history;
    this.body = section.querySelector(".stats-body");
    this.problems = section.querySelector(":scope > .problems"); // not the rename form's own
    this.filters = section.querySelector(".stats-filters");
    this.asked = 0; // the latest drawing asked for: an older one stops
    this.filters.addEventListener("change", () => this.refresh());
    const renameForm = section.querySelector("form.rename");
    renameForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const box = section.querySelector(".rename-problems");
      const fresh = renameForm.querySelector("[data-role=new]");
      const answer = await history.run("rename", renameForm.querySelector("[data-role=old]").value, fresh.value);
      box.replaceChildren(...(answer.ok ? [] : answer.problems.map((p) => bilingual("p", p))));
      if (answer.ok) {
        fresh.value = "";
        this.refresh();
      }
    });
  }

  show(on) {
    this.section.hidden = !on;
    if (on) this.refresh();
  }

  filterValues() {
    return Object.fromEntries([...this.filters.querySelectorAll("[data-filter]")].map((el) => [el.dataset.filter, el.value]));
  }

  /** Show the figures; the history's own reading (history.hold) waits for them. */
  refresh() {
    const drawing = this.draw();
    this.history.whileDrawing(drawing);
    return drawing;
  }

  async separate(spelled) {
    const answer = await this.history.run("separate", spelled);
    if (answer.ok) this.refresh();
  }

  /** The figures, shown at once ("ready"); then their pictures, drawn by a second call ("drawn"). */
  async draw() {
    const { section, body, problems } = this;
    const n = ++this.asked;
    body.setAttribute("aria-busy", "true");
    section.dataset.state = "loading";
    section.dataset.pictures = "";
    const chosen = JSON.stringify(this.filterValues());
    const answer = await this.history.run("stats", chosen, false); // false: the pictures come from a second call
    if (n !== this.asked) return;
    // Figures from a stored history with problems (only what could be read): set it aside and say so, as History.
    const told = answer.setAside ?? (answer.ok && answer.problems?.length ? await this.history.setAside().catch(() => null) : null);
    if (n !== this.asked) return;
    problems.replaceChildren(...(answer.ok ? [] : answer.problems.map((p) => bilingual("p", p))), ...setAsideLines(told));
    if (!answer.ok) {
      body.removeAttribute("aria-busy");
      section.dataset.state = "refused";
      return;
    }
    showPeople(section, answer.people, answer.aliases, (spelled) => this.separate(spelled));
    section.querySelector(".stats-empty").hidden = answer.stats.overall.games > 0;
    const blocks = render(body, answer.stats);
    section.dataset.state = "ready";
    section.dataset.pictures = "drawing";
    timings.statsReady = performance.now();
    const drawn = await this.history.run("pictures", chosen);
    if (n !== this.asked) return;
    if (drawn.ok) drawPictures(blocks, drawn.charts, answer.people.flatMap((p) => [p.name, ...p.also]));
    else problems.replaceChildren(...drawn.problems.map((p) => bilingual("p", p)));
    body.removeAttribute("aria-busy");
    section.dataset.pictures = drawn.ok ? "drawn" : "failed";
    timings.statsDrawn = performance.now();
  }
}

/** The statistics view (play/#stats) for play.js's router. */
export const setupStats = (section, history) => new StatsView(section, history);

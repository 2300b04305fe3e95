// play/'s dialogs: "New game" and its undo, and the help behind a row's label (its help, what the row is for, and
// the rules section behind it, read from the rules page the site already has, with a link to the whole section).
import { keys, read, remove, storageProblem, write } from "./storage.js";
import { ask, askedOption } from "./ui.js";
import { forgetFinished } from "./share.js";
import { clearedState, hasSavedScores, parseState, readState, replaceState, save } from "./sheet-state.js";

/** What was typed since a clear: the values "New game" keeps do not count. */
const hasEntries = (state, kept) => hasSavedScores(state, kept) || Object.values(state.ticks).some((t) => t.length);

/** Ask, then clear the saved sheet (its copy kept for the undo); the copy, or null when nothing was cleared. */
/** The storage is full and refused the undo copy: say so before clearing (the undo then lasts only while the page is
 *  open), and forget an older stored copy, which "Undo clear" would otherwise bring back after a reload. A blocked
 *  storage was said at start: everything is kept in memory only, the undo too. True: clear. */
async function clearWithUndoInMemory(gameId) {
  remove(keys.undo(gameId));
  if (storageProblem() !== "full") return true;
  const choice = await ask({
    title: { zh: "存储已满：无法保存撤销副本", en: "Storage is full: the undo copy cannot be saved" },
    body: {
      zh: "清空后，只有在本页保持打开时才能撤销；重新加载或关闭后就无法恢复这张计分表。可以先导出历史记录并删除旧的对局以腾出空间。",
      en: "After clearing, undo works only while this page stays open; after a reload or closing it, this sheet cannot be brought back. Export the history and delete old games first to make room.",
    },
    confirm: { zh: "仍然清空", en: "Clear anyway" },
  });
  return choice === "confirm";
}

async function clearSheet(game) {
  const unsaved = game.isFinalUnsaved();
  const choice = await ask({
    title: { zh: "开始新一局？", en: "Start a new game?" },
    body: {
      zh: "分数、勾选和工具中的数值会被清空；人数和图板上的数值（例如边沿分数）保留。之后可以撤销一次。" + (unsaved ? "这张已完成的计分表还没有存入历史记录。" : ""),
      en: "Scores, ticks and helper values are cleared; the player count and the values printed on the board (such as edge points) stay. You can undo this once." + (unsaved ? " This finished sheet is not saved to the history yet." : ""),
    },
    option: { zh: "保留玩家名字和座位", en: "Keep the players' names and seats", checked: true },
    confirm: { zh: "清空", en: "Clear" },
    extra: unsaved ? { zh: "存入历史记录后清空", en: "Save to history, then clear" } : null,
  });
  if (choice === "cancel") return null;
  const keepPlayers = askedOption();
  if (choice === "extra" && !(await game.saveToHistory())) return null;
  const { state, gameId } = game;
  const copy = JSON.stringify(state);
  if (!write(keys.undo(gameId), copy) && !(await clearWithUndoInMemory(gameId))) return null;
  replaceState(state, clearedState(state, game.kept, keepPlayers));
  forgetFinished(gameId); // the next game is another record, even with the same names and scores
  save(gameId, state);
  return copy;
}

/** Bring back the cleared sheet (raw, its saved text), asking first when something was typed since. */
async function undoClear(game, raw) {
  const { state, gameId, section } = game;
  const previous = raw === null ? null : readState(raw);
  if (raw !== null && !previous) parseState(raw, section, `${gameId}:undo`); // set aside, with a notice
  if (previous && hasEntries(state, game.kept)) {
    const choice = await ask({
      title: { zh: "恢复清空前的计分表？", en: "Bring back the cleared sheet?" },
      body: { zh: "清空之后输入的内容会被替换。", en: "What was entered since the clear will be replaced." },
      confirm: { zh: "恢复", en: "Bring it back" },
    });
    if (choice !== "confirm") return false;
  }
  if (previous) {
    replaceState(state, previous);
    save(gameId, state);
    game.refresh();
  }
  return true;
}

/** The "New game" and "Undo clear" buttons of a game. game: play.js's controller (gameController), of which this
 *  uses state, gameId, section, kept, isFinalUnsaved, saveToHistory and refresh. Returns {otherTab(storageEvent)}. */
export function setupNewGame(game) {
  const { gameId, section } = game;
  const undoButton = section.querySelector("[data-action=undo-clear]");
  let undoCopy = null; // the cleared sheet, also kept here in case storage refuses it
  section.querySelector("[data-action=new-game]").addEventListener("click", async () => {
    const copy = await clearSheet(game);
    if (copy === null) return;
    undoCopy = copy;
    undoButton.hidden = false;
    game.refresh();
  });
  undoButton.addEventListener("click", async () => {
    if (!(await undoClear(game, read(keys.undo(gameId)) ?? undoCopy))) return;
    remove(keys.undo(gameId));
    undoCopy = null;
    undoButton.hidden = true;
  });
  undoButton.hidden = read(keys.undo(gameId)) === null;
  return {
    otherTab(event) {
      if (event.key === keys.undo(gameId)) undoButton.hidden = event.newValue === null;
    },
  };
}

// ---- help behind a label

const rulesPages = new Map(); // game id -> the rules page, parsed (fetched once; the service worker has it offline)

async function rulesPage(gameId) {
  if (!rulesPages.has(gameId)) {
    rulesPages.set(gameId, fetch(`../rules/${gameId}/`).then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.status)))).then((html) => new DOMParser().parseFromString(html, "text/html")));
  }
  return rulesPages.get(gameId);
}

/** The first lines of a rules section in each language and script, as plain text (never the page's markup). */
async function ruleExcerpt(gameId, id) {
  const page = await rulesPage(gameId);
  const pair = page.getElementById(id);
  if (!pair) return null;
  const parts = [];
  for (const [selector, className, lang] of [[".col.zh .s-hans", "l-zh s-hans", "zh-Hans"], [".col.zh .s-hant", "l-zh s-hant", "zh-Hant"], [".col.en", "l-en", "en"]]) {
    const col = pair.querySelector(selector);
    if (!col) continue;
    const block = document.createElement("div");
    block.className = className;
    block.lang = lang;
    const heading = document.createElement("p");
    heading.className = "excerpt-title";
    heading.textContent = col.querySelector("h2, h3")?.textContent.trim() ?? "";
    block.append(heading);
    for (const line of [...col.querySelectorAll("p, li")].slice(0, 4)) {
      const p = document.createElement("p");
      p.textContent = line.textContent.trim();
      block.append(p);
    }
    parts.push(block);
  }
  return parts;
}

/** A tap on a row's label opens its help in a dialog over the sheet (the sheet stays where it was). */
export function setupHelp() {
  const dialog = document.querySelector("dialog.help-pop");
  const body = dialog.querySelector(".help-body");
  const rule = dialog.querySelector(".help-rule");
  const more = dialog.querySelector(".help-more");
  let asked = 0;
  document.addEventListener("click", async (event) => {
    const button = event.target.closest?.("button.label-help");
    if (!button) return;
    const gameId = button.closest("section.game").dataset.game;
    dialog.querySelector(".help-title").replaceChildren(...[...button.childNodes].map((n) => n.cloneNode(true)));
    body.replaceChildren(...[...button.parentElement.querySelectorAll(".help-text .help-line")].map((line) => {
      const p = document.createElement("p");
      p.append(...[...line.childNodes].map((n) => n.cloneNode(true)));
      return p;
    }));
    rule.replaceChildren();
    const link = button.parentElement.querySelector(".help-text a.help-link"); // the build's link checker checks it
    more.hidden = !link;
    more.href = link ? link.getAttribute("href") : "#";
    dialog.showModal();
    if (!button.dataset.section) return;
    const mine = ++asked;
    try {
      const excerpt = await ruleExcerpt(gameId, button.dataset.section);
      if (mine !== asked || !excerpt) return;
      const quote = document.createElement("blockquote");
      quote.className = "rule-excerpt";
      quote.append(...excerpt);
      rule.replaceChildren(quote);
    } catch (error) {
      console.warn("rules section not loaded", error); // the link still opens it
    }
  });
  // A tap on the backdrop closes it, as Escape does.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
}

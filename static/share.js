// A finished sheet passed to another phone with no network: its QR code and link (play/#r=…, the sheet compressed
// in the fragment, which is never sent to a server), and play/#r=… itself, the result re-scored by this phone's
// Python with an offer to add it to the history. Links, codes and checks are Python's (scoring/share.py).
import { message, uiLang } from "./site.js";
import { read, remove, write } from "./storage.js";
import { bilingual, nameText, plain } from "./ui.js";
import { showFigure } from "./figure.js";

const finishedKey = (gameId) => `tc:v1:finished:${gameId}`;

/** When this final sheet was finished: the time first given to it (its link or its history record), else now. The
 *  same time on every phone makes the same record, so a result passed by link and saved here too is kept once. */
export function finishedAt(gameId, sheetJson) {
  try {
    const known = JSON.parse(read(finishedKey(gameId)) ?? "null");
    if (known?.sheet === sheetJson && typeof known.at === "string") return known.at;
  } catch (error) { /* an unreadable entry is replaced */ }
  const at = new Date().toISOString();
  write(finishedKey(gameId), JSON.stringify({ sheet: sheetJson, at }));
  return at;
}

/** A new game on this sheet: its finishing time is forgotten. */
export function forgetFinished(gameId) {
  remove(finishedKey(gameId));
}

const playAddress = () => new URL("./", location.href).href; // play/, without the fragment

function linkBlock() {
  const block = document.createElement("div");
  block.className = "share-link";
  block.hidden = true;
  const figure = document.createElement("div");
  figure.className = "figure qr";
  figure.dataset.figure = "qr";
  const caption = bilingual("p", {
    zh: "另一部手机（之前打开过本站一次即可，不需要网络）用相机扫描这个二维码，就能看到这局的结果并存入它的历史记录。",
    en: "Another phone that has opened this site once scans this code with its camera to see the result, with no network, and may add it to its history.",
  }, "qr-caption");
  const actions = document.createElement("p");
  actions.className = "tool-actions";
  const copy = document.createElement("button");
  copy.type = "button";
  copy.dataset.action = "copy-link";
  copy.append(bilingual("span", { zh: "复制链接（给另一部手机）", en: "Copy the link (for another phone)" }));
  const share = document.createElement("button");
  share.type = "button";
  share.dataset.action = "share-link";
  share.hidden = typeof navigator.share !== "function";
  share.append(bilingual("span", { zh: "分享链接", en: "Share the link" }));
  const state = document.createElement("p");
  state.className = "link-state";
  state.setAttribute("role", "status");
  actions.append(copy, share);
  block.append(figure, caption, actions, state);
  return block;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    return false;
  }
}

/** The QR code and link under every finished score sheet. py(name, ...args) calls the worker. */
function setupSheets(py) {
  const waiting = new WeakMap();
  document.addEventListener("tc:computed", (event) => {
    const { game, tool, sheet } = event.detail;
    if (tool !== "score" || sheet === undefined) return;
    const form = document.querySelector(`section.game[data-game="${game}"] form.sheet`);
    const share = form?.querySelector(".share");
    if (!share) return;
    let block = share.querySelector(".share-link");
    if (!block) {
      block = linkBlock();
      share.append(block);
      block.querySelector("[data-action=copy-link]").addEventListener("click", async () => {
        const done = await copy(block.dataset.link);
        block.querySelector(".link-state").replaceChildren(...message(done ? "copied" : "not-copied").childNodes);
      });
      block.querySelector("[data-action=share-link]").addEventListener("click", () => {
        navigator.share({ title: block.dataset.title, text: block.dataset.title, url: block.dataset.link }).catch((error) => {
          if (error.name !== "AbortError") console.warn("sharing failed", error);
        });
      });
    }
    clearTimeout(waiting.get(form));
    if (form.dataset.state !== "final") {
      block.hidden = true;
      return;
    }
    // The code is drawn once typing pauses (a pause of 400 ms), not at every key.
    waiting.set(form, setTimeout(async () => {
      const answer = await py("share", "link", playAddress(), game, sheet, finishedAt(game, sheet));
      if (!answer.ok || form.dataset.state !== "final") return;
      block.dataset.link = answer.link;
      block.dataset.title = plain(answer.summary, []);
      showFigure(block.querySelector("[data-figure=qr]"), answer.qr, []);
      block.querySelector(".link-state").replaceChildren();
      block.hidden = false;
    }, 400));
  });
}

/** play/#r=…: the result a link carries. history: the history view's controller (history.js). */
function setupReceived(section, py, history) {
  const box = section.querySelector(".shared-result");
  const problems = section.querySelector(".problems");
  const state = section.querySelector(".shared-state");
  const add = section.querySelector("[data-action=add-shared]");
  let payload = "";

  async function show() {
    payload = location.hash.slice(1);
    box.hidden = true;
    problems.replaceChildren();
    state.replaceChildren();
    section.setAttribute("aria-busy", "true");
    const answer = await py("share", "view", payload);
    section.removeAttribute("aria-busy");
    if (!answer.ok) {
      problems.replaceChildren(bilingual("p", { zh: "无法显示这个结果：", en: "This result cannot be shown:" }), ...answer.problems.map((p) => bilingual("p", p)));
      section.dataset.state = "refused";
      return;
    }
    const { record, result } = answer;
    const keep = result.players.map((p) => p.name);
    section.querySelector(".shared-game").replaceChildren(...bilingual("span", record.game_name).childNodes);
    const when = section.querySelector(".shared-when");
    when.textContent = new Date(record.saved).toLocaleString(uiLang() === "zh" ? "zh-CN" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
    const ranking = section.querySelector(".ranking");
    ranking.replaceChildren(...result.players.map((player) => {
      const li = document.createElement("li");
      li.dataset.place = player.place ?? "";
      li.append(player.place === null ? "– " : `${player.place}. `, nameText(player.name), player.total === null ? "" : ` · ${player.total}`, " — ", bilingual("span", player.decided_by, "why", keep));
      return li;
    }));
    section.querySelector(".summary").replaceChildren(...bilingual("span", answer.summary, "", keep).childNodes);
    showFigure(section.querySelector("[data-figure=shared-chart]"), answer.chart, keep);
    add.disabled = false;
    box.hidden = false;
    section.dataset.state = "shown";
  }

  add.addEventListener("click", async () => {
    add.disabled = true;
    const answer = await history.run("add-shared", payload);
    if (!answer.ok) {
      add.disabled = false;
      state.replaceChildren(...answer.problems.map((p) => bilingual("span", p)));
      return;
    }
    state.replaceChildren(bilingual("span", answer.added
      ? { zh: "已存入历史记录。", en: "Added to the history." }
      : { zh: "这局已经在历史记录中，没有重复存入。", en: "This game is already in the history; it was not added twice." }));
  });

  return {
    show(on) {
      section.hidden = !on;
      if (on) show();
    },
  };
}

/** Set up the sheets' codes and the received-result view; its controller for play.js's router. */
export function setupShare(py, history) {
  setupSheets(py);
  return setupReceived(document.querySelector("section.shared"), py, history);
}

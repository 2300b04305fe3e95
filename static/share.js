// A finished sheet passed to another phone with no network: its QR code and link (play/#r=…, the sheet compressed
// in the fragment, which is never sent to a server), and play/#r=… itself, the result re-scored by this phone's
// Python with an offer to add it to the history. Links, codes and checks are Python's (scoring/share.py).
import { message } from "./site.js";
import { keys, read, remove, write } from "./storage.js";
import { bilingual, nameText, plain, savedAt } from "./ui.js";
import { showFigure } from "./figure.js";
import { copyText, playAddress, qrFigure, sharing } from "./link-box.js";
import { hidePreview, showPreview } from "./received-preview.js";

/** When this final sheet was finished: the time first given to it (its link or its history record), else now. The
 *  same time on every phone makes the same record, so a result passed by link and saved here too is kept once. */
export function finishedAt(gameId, sheetJson) {
  try {
    const known = JSON.parse(read(keys.finished(gameId)) ?? "null");
    if (known?.sheet === sheetJson && typeof known.at === "string") return known.at;
  } catch (error) { /* an unreadable entry is replaced */ }
  const at = new Date().toISOString();
  write(keys.finished(gameId), JSON.stringify({ sheet: sheetJson, at }));
  return at;
}

/** A new game on this sheet: its finishing time is forgotten. */
export function forgetFinished(gameId) {
  remove(keys.finished(gameId));
}

/** The box of a sheet's QR code (hidden until asked for), and what to do with it. */
function qrBox() {
  const box = document.createElement("div");
  box.className = "qr-box";
  box.hidden = true;
  box.append(qrFigure("qr"), bilingual("p", {
    zh: "另一部手机（之前打开过本站一次即可，不需要网络）用相机扫描这个二维码，就能看到这局的结果并存入它的历史记录。",
    en: "Another phone that has opened this site once scans this code with its camera to see the result, with no network, and may add it to its history.",
  }, "qr-caption"));
  return box;
}

/** The link (and, withCode, the QR code) of a game's last final sheet into its block; the link, or null when the
 *  sheet changed meanwhile or Python refused it. latest: game → {sheet, block}. */
async function linkOf(py, latest, game, withCode) {
  const { sheet, block } = latest.get(game);
  const answer = await py("share", "link", playAddress(), game, sheet, finishedAt(game, sheet), withCode);
  if (!answer.ok || latest.get(game).sheet !== sheet) return null;
  block.dataset.link = answer.link;
  block.dataset.title = plain(answer.summary, []);
  if (withCode) showCode(block, answer);
  return answer.link;
}

/** The QR code into the block; when the link is longer than a QR code holds (Python gives no code), why, and the link
 *  itself to open, copy or share. */
function showCode(block, answer) {
  const figure = block.querySelector("[data-figure=qr]");
  showFigure(figure, answer.qr, []);
  block.querySelector(".qr-caption").hidden = !answer.qr;
  if (answer.qr) return;
  const link = bilingual("a", { zh: "这局结果的链接", en: "The link to this result" }, "qr-link");
  link.href = answer.link;
  const why = bilingual("p", {
    zh: "这局的链接太长，放不进二维码。请用“复制链接”或“分享链接”把它发给另一部手机：",
    en: "This game's link is too long for a QR code. Send it to the other phone with “Copy the link” or “Share the link”: ",
  }, "qr-too-long");
  why.append(link);
  figure.append(why);
}

/** A sheet's share block (in the page's HTML: Show the QR code, Copy and Share its link), wired the first time.
 *  link(withCode) gives the address (linkOf). */
function blockOf(share, link) {
  const block = share.querySelector(".share-link");
  if (block.dataset.wired) return block;
  block.dataset.wired = "yes";
  block.querySelector(".tool-actions").after(qrBox()); // no form control in it: made here, its text once in this file
  const say = (key) => block.querySelector(".link-state").replaceChildren(...message(key).childNodes);
  const show = block.querySelector("[data-action=show-qr]");
  show.addEventListener("click", async () => {
    const open = show.getAttribute("aria-expanded") !== "true";
    show.setAttribute("aria-expanded", String(open));
    block.querySelector(".qr-box").hidden = !open;
    if (open) await link(true);
  });
  block.querySelector("[data-action=copy-link]").addEventListener("click", async () => {
    const address = await link(false);
    if (!address) return; // the sheet changed meanwhile: the next tap copies its link
    const copied = await copyText(address);
    say(copied ? "copied" : "link-not-copied");
    // Not copied: the link itself, to select and copy by hand (the message says where it is).
    if (!copied) block.querySelector(".link-state").append(" ", Object.assign(document.createElement("span"), { className: "link-text", textContent: address }));
  });
  sharing(block.querySelector("[data-action=share-link]"), async () => {
    const address = await link(false);
    return address && { title: block.dataset.title, text: block.dataset.title, url: address };
  });
  return block;
}

/** Under every finished score sheet: its link to copy or share, and its QR code when asked for (drawing a code
 *  takes the worker a moment, so it is not drawn at every edit unless it is on screen). The function returned is
 *  called by play.js after each score computed: sheetComputed(game, form, sheetJson). */
function setupSheets(py) {
  const latest = new Map(); // game → {sheet, block}: the last final sheet of each game
  const waiting = new WeakMap();
  return function sheetComputed(game, form, sheet) {
    const share = form.querySelector(".share");
    if (!share) return;
    const block = blockOf(share, (withCode) => linkOf(py, latest, game, withCode));
    const final = form.dataset.state === "final";
    block.hidden = !final;
    block.querySelector(".link-state").replaceChildren();
    if (!final) return;
    latest.set(game, { sheet, block });
    const codeShown = block.querySelector("[data-action=show-qr]").getAttribute("aria-expanded") === "true";
    if (!codeShown) return;
    clearTimeout(waiting.get(form)); // a code on screen follows the sheet once typing pauses
    waiting.set(form, setTimeout(() => linkOf(py, latest, game, true), 400));
  };
}

/** The result a link carries (the address's fragment) shown in section, as this phone's Python scores it; the
 *  payload, or "" when it was refused. */
async function showReceived(section, py) {
  const payload = location.hash.slice(1);
  const box = section.querySelector(".shared-result");
  const problems = section.querySelector(".problems");
  box.hidden = true;
  problems.replaceChildren();
  section.querySelector(".shared-state").replaceChildren();
  section.setAttribute("aria-busy", "true");
  section.dataset.state = "working";
  showPreview(section, payload); // what the link holds, until Python's answer
  const answer = await py("share", "view", payload);
  section.removeAttribute("aria-busy");
  hidePreview(section);
  if (!answer.ok) {
    problems.replaceChildren(bilingual("p", { zh: "无法显示这个结果：", en: "This result cannot be shown:" }), ...answer.problems.map((p) => bilingual("p", p)));
    section.dataset.state = "refused";
    return payload;
  }
  const { record, result } = answer;
  const keep = result.players.map((p) => p.name);
  section.querySelector(".shared-game").replaceChildren(...bilingual("span", record.game_name).childNodes);
  const when = section.querySelector(".shared-when");
  when.textContent = savedAt(record.saved);
  section.querySelector(".ranking").replaceChildren(...result.players.map((player) => {
    const li = document.createElement("li");
    li.dataset.place = player.place ?? "";
    li.append(player.place === null ? "– " : `${player.place}. `, nameText(player.name), player.total === null ? "" : ` · ${player.total}`, " — ", bilingual("span", player.decided_by, "why", keep));
    return li;
  }));
  section.querySelector(".summary").replaceChildren(...bilingual("span", answer.summary, "", keep).childNodes);
  showFigure(section.querySelector("[data-figure=shared-chart]"), answer.chart, keep);
  section.querySelector("[data-action=add-shared]").disabled = false;
  box.hidden = false;
  section.dataset.state = "shown";
  return payload;
}

/** play/#r=…: the result a link carries, with its offer to add it to the history (history.js's HistoryStore). */
function setupReceived(section, py, history) {
  const state = section.querySelector(".shared-state");
  const add = section.querySelector("[data-action=add-shared]");
  let payload = "";
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
  return (on) => {
    section.hidden = !on;
    if (on) {
      payload = location.hash.slice(1);
      showReceived(section, py);
    }
  };
}

/** The sheets' links and codes, and the received-result view. Returns what play.js calls: show(on), the router
 *  showing play/#r=…; sheetComputed(game, form, sheetJson), after every score computed (the sheet's link follows it). */
export function setupShare(py, history) {
  return {
    sheetComputed: setupSheets(py),
    show: setupReceived(document.querySelector("section.shared"), py, history),
  };
}

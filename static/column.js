// Each player fills in their own column on their own phone, with no network (issue 43, point 1). The host's sheet
// offers one QR code (and link) per seat, play/#c=…; the phone that opens it fills that seat's column of a sheet of the
// same game, player count and variants (its own sheets stay as they were: column-mode.js) and shows a code back,
// play/#k=…; the host's phone opening that (or pasting it) takes the column into its sheet, asking first when it would
// replace anything typed there. Links, checks and the merge are Python's (scoring/column.py): this reads the sheet,
// asks, and writes what Python answers into the fields as typing would (an input event each), so the sheet saves it
// and another tab of the sheet takes it in as it takes any edit. A link's box (its code, Copy, Share) is link-box.js's.
import { ask, bilingual } from "./ui.js";
import { actionButton, linkBox, playAddress, showLink } from "./link-box.js";
import { collect, typedValue } from "./sheet-inputs.js";
import { emptyState, load, readState, replaceState } from "./sheet-state.js";
import { keys, read, write } from "./storage.js";
import { ownSeat, setGuest } from "./column-mode.js";

const ASK = "#c=";
const BACK = "#k=";

function fire(el, type) {
  el.dispatchEvent(new Event(type, { bubbles: true }));
}

/** Problems (each {zh, en}) under a heading into a box, and the link received kept there to copy (nothing is lost). */
function say(box, heading, problems, payload) {
  box.replaceChildren(bilingual("p", heading), ...problems.map((p) => bilingual("p", p)));
  if (payload) {
    const kept = linkBox({
      zh: "收到的链接（可复制到另一个浏览器，或 iPhone 主屏幕上的本站）：",
      en: "The link received (to copy into another browser, or the site on an iPhone's Home Screen):",
    });
    showLink(kept, { link: `${playAddress()}#${payload.replace(/^#/, "")}`, qr: null });
    kept.querySelector("[data-figure=column-qr]").replaceChildren();
    box.append(kept);
  }
  box.hidden = false;
}

// ------------------------------------------------------------ the host: a code per seat, and a column taken in

/** The seat buttons: one per player at the table, named as the sheet names them. */
function seatButtons(section, form) {
  const seats = form.querySelectorAll("thead th[data-player]:not([hidden]) input.name");
  return [...seats].map((input) => {
    const seat = Number(input.dataset.player);
    const made = actionButton("column-seat", { zh: input.value.trim() || `P${seat + 1}`, en: input.value.trim() || `P${seat + 1}` });
    made.dataset.seat = String(seat);
    return made;
  });
}

/** The seats' codes, made the first time the host opens the block (play/ does no more before then): the intro, a
 *  button per seat (redrawn as the sheet's names and player count change) and the box of the code chosen. */
function seatCodes(game, py, block) {
  const { section, sheet: form, gameId } = game;
  const intro = bilingual("p", {
    zh: "每位玩家用手机相机扫描自己座位的二维码（那部手机打开过本站一次即可，不需要网络），填好自己的一列，再把手机上出现的二维码给你，用这部手机的相机扫描。也可以照常在这里填写全部。",
    en: "Each player scans their seat's code with their phone's camera (a phone that has opened this site once needs no network), fills in their column, and shows you the code their phone then gives: scan it with this phone's camera. You can still type everything here.",
  }, "own-columns-intro");
  const seats = document.createElement("p");
  seats.className = "column-seats tool-actions";
  const box = linkBox({
    zh: "这位玩家用手机相机扫描此二维码，打开这张表并只填自己的一列。",
    en: "This player scans the code with their phone's camera to open this sheet with their one column to fill.",
  });
  block.querySelector(".column-paste").before(intro, seats, box);
  const showSeats = () => seats.replaceChildren(...seatButtons(section, form));
  block.addEventListener("toggle", () => block.open && showSeats());
  section.addEventListener("change", () => block.open && showSeats());
  seats.addEventListener("click", async (event) => {
    const chosen = event.target.closest("[data-action=column-seat]");
    if (!chosen) return;
    for (const b of seats.children) b.setAttribute("aria-pressed", String(b === chosen));
    const answer = await py("column", "ask", playAddress(), gameId, JSON.stringify(collect(section, form)), Number(chosen.dataset.seat), true);
    if (answer.ok) showLink(box, answer);
  });
  showSeats();
}

/** The host's block under a sheet (in the page's HTML, folded): shown, with its field to paste a column's link into
 *  (the way through on an iPhone, said in every message about a column received); the seats' codes on first open. */
function hostBlock(block, game, py, take) {
  block.addEventListener("toggle", () => {
    if (!block.open || block.dataset.seats) return;
    block.dataset.seats = "made";
    seatCodes(game, py, block);
  });
  const field = block.querySelector("[data-role=column-link]");
  block.querySelector("[data-action=take-column]").addEventListener("click", () => {
    const text = field.value.trim();
    const at = text.indexOf(BACK);
    take(at < 0 ? text : text.slice(at + 1));
  });
  block.hidden = false;
}

/** A value of a column (by field, entry, part) for one field of the sheet. */
function valueFor(scores, el) {
  let value = scores[el.dataset.field];
  for (const index of [el.dataset.entry, el.dataset.part]) {
    if (index !== undefined) value = Array.isArray(value) ? value[Number(index)] : undefined;
  }
  return value;
}

/** Python's merged column into the sheet, as typing would put it there. */
function typeColumn(section, form, taken) {
  if (taken.adopt) {
    const count = section.querySelector("[data-role=players]");
    if (count.value !== String(taken.players)) { count.value = String(taken.players); fire(count, "change"); }
    for (const box of section.querySelectorAll("[data-option]")) {
      if (box.checked !== Boolean(taken.options[box.dataset.option])) { box.checked = !box.checked; fire(box, "change"); }
    }
  }
  const seat = taken.seat;
  const name = form.querySelector(`input.name[data-player="${seat}"]`);
  if (name.value !== taken.name) { name.value = taken.name; fire(name, "input"); }
  for (const el of form.querySelectorAll(`[data-player="${seat}"][data-field]:not([data-field=name])`)) {
    if (!Object.hasOwn(taken.scores, el.dataset.field)) continue;
    const value = valueFor(taken.scores, el);
    if (el.type === "radio") { // a mark one player holds: Python sends it only where the column ticks it
      if (value === 1 && !el.checked) { el.checked = true; fire(el, "change"); }
      continue;
    }
    const text = value === undefined || value === null ? "" : String(value);
    if (typedValue(el) === text) continue;
    el.value = text;
    fire(el, el.matches("select") ? "change" : "input");
  }
}

/** The box on a sheet that says what became of a column received. */
function receivedBox(form) {
  let box = form.querySelector(".column-received");
  if (!box) {
    box = document.createElement("div");
    box.className = "column-received notice";
    box.setAttribute("role", "alert");
    form.querySelector(".grid-wrap").before(box); // above the grid: the host sees it first
  }
  return box;
}

const IPHONE = {
  zh: "在 iPhone 上：相机总是用 Safari 打开链接，而添加到主屏幕的本站与 Safari 分开保存。若你的表格在主屏幕的本站里，请复制下面的链接，打开主屏幕上的本站，粘贴到“或粘贴收到的一列的链接”。",
  en: "On an iPhone the camera opens links in Safari, and the site added to the Home Screen keeps its own storage apart from Safari's. If your sheet is in the Home Screen app, copy the link below, open the app and paste it under “Or paste a column's link received”.",
};

/** A column's link received (play/#k=… opened, or pasted): into its game's sheet here, asking before it replaces
 *  anything; a clear message and the link kept when it does not fit. show(gameId) shows that game's sheet. */
async function takeColumn(payload, py, show, firstGame) {
  const peek = await py("column", "peek", payload);
  const { section, sheet: form } = show(peek.ok ? peek.game : firstGame);
  const box = receivedBox(form);
  const cannot = { zh: "无法收入这一列，表格没有改动：", en: "This column cannot be taken in; the sheet is unchanged:" };
  if (!peek.ok) return say(box, cannot, peek.problems, payload);
  const taken = await py("column", "take", JSON.stringify(collect(section, form)), payload);
  if (!taken.ok) return say(box, cannot, taken.problems, payload);
  const who = taken.name || `P${taken.seat + 1}`;
  if (taken.replaces.length) {
    const what = { zh: taken.replaces.map((t) => t.zh).join("、"), en: taken.replaces.map((t) => t.en).join(", ") };
    const choice = await ask({
      title: { zh: `第 ${taken.seat + 1} 个座位已经填过`, en: `Seat ${taken.seat + 1} is already filled in` },
      body: {
        zh: `这一列会替换这里已经输入的：${what.zh}。要用 ${who} 的这一列替换吗？`,
        en: `This column would replace what is typed here: ${what.en}. Replace it with ${who}'s column?`,
      },
      confirm: { zh: "替换", en: "Replace" },
    });
    if (choice !== "confirm") {
      return say(box, { zh: `没有收入 ${who} 的一列：这里输入的保持不变。`, en: `${who}'s column was not taken in: what is typed here stays.` }, [], payload);
    }
  }
  typeColumn(section, form, taken);
  say(box, { zh: `已收入 ${who} 的一列（第 ${taken.seat + 1} 个座位）。`, en: `${who}'s column is in (seat ${taken.seat + 1}).` }, [...taken.notes, IPHONE], payload);
  box.dataset.state = "taken";
}

// ------------------------------------------------------------ the player's phone: one seat's column, and its code back

/** The sheet a seat's link asks for, stored for this tab (column-mode.js's keys): what this phone typed before for
 *  the same game, player count and variants is kept. */
function prepareSheet(asked) {
  const held = readState(read(keys.column(asked.game)));
  const same = held && held.players === asked.players && JSON.stringify(held.options) === JSON.stringify(asked.options);
  const state = same ? held : { ...emptyState(), players: asked.players, options: asked.options };
  state.names = Array.from({ length: asked.players }, (_, seat) => state.names[seat] ?? null);
  if (asked.name && !state.names[asked.seat]) state.names[asked.seat] = asked.name; // a name typed here stays
  write(keys.column(asked.game), JSON.stringify(state));
}

/** Mark a game's sheet as filled for one seat: the other columns hidden, the table's shape fixed, the bar shown. */
function guestSheet(game, py, seat) {
  const { section, sheet: form, gameId } = game;
  section.dataset.ownSeat = String(seat);
  for (const el of section.querySelectorAll("[data-role=players], [data-option]")) el.disabled = true;
  form.querySelector(".own-columns").hidden = true;
  const bar = document.createElement("div");
  bar.className = "own-column-bar";
  const named = form.querySelector(`input.name[data-player="${seat}"]`).value.trim();
  const who = named ? { zh: `（${named}）`, en: ` (${named})` } : { zh: "", en: "" };
  bar.append(bilingual("p", {
    zh: `你在为另一部手机上的表格填写第 ${seat + 1} 个座位${who.zh}的一列。这部手机上你自己的表格不受影响。`,
    en: `You are filling in seat ${seat + 1}'s column${who.en} for a sheet on another phone. Your own sheets on this phone are not touched.`,
  }));
  const actions = document.createElement("p");
  actions.className = "tool-actions";
  actions.append(actionButton("column-back", { zh: "填好了：显示给主持人的二维码", en: "Done: show the code for the host" }),
    actionButton("leave-column", { zh: "回到我自己的表格", en: "Back to my own sheets" }));
  const box = linkBox({
    zh: "主持人用手机相机扫描此二维码，把这一列收入他的表格。",
    en: "The host scans this code with their phone's camera to take this column into their sheet.",
  });
  bar.append(actions, box);
  form.querySelector(".grid-wrap").before(bar);
  const draw = async () => {
    const answer = await py("column", "back", playAddress(), gameId, JSON.stringify(collect(section, form)), seat, true);
    if (answer.ok) showLink(box, answer);
  };
  let waiting;
  form.addEventListener("input", () => { // a code on screen follows the column once typing pauses
    if (box.hidden) return;
    clearTimeout(waiting);
    waiting = setTimeout(draw, 400);
  });
  bar.querySelector("[data-action=column-back]").addEventListener("click", draw);
  bar.querySelector("[data-action=leave-column]").addEventListener("click", () => {
    setGuest(null);
    location.replace(`#${gameId}/score`);
    location.reload();
  });
}

/** play/#c=…: the seat's sheet prepared and shown, or why the link cannot be read (on the first game's sheet). */
async function openSeat(payload, py, show, firstGame) {
  const asked = await py("column", "open", payload);
  if (!asked.ok) {
    setGuest(null);
    const { sheet: form } = show(firstGame);
    return say(receivedBox(form), { zh: "无法打开这个链接：", en: "This link cannot be opened:" }, asked.problems, "");
  }
  prepareSheet(asked);
  setGuest({ game: asked.game, seat: asked.seat });
  const game = show(asked.game);
  replaceState(game.state, load(asked.game, game.section)); // its controller may have read the sheet before
  game.refresh();
  if (game.section.dataset.ownSeat === undefined) guestSheet(game, py, asked.seat);
}

/** Each player's own column, for play.js: sheet(game) when a game's controller is made; takes(hash) from the router,
 *  true when the address is a column's link (handled here; show(gameId) then shows a game's sheet and gives its
 *  controller). */
export function setupColumns(py, show, firstGame) {
  let routed = false;
  return {
    sheet(game) {
      const seat = ownSeat(game.gameId);
      if (seat !== null) return guestSheet(game, py, seat);
      hostBlock(game.sheet.querySelector(".own-columns"), game, py, (payload) => takeColumn(payload, py, show, firstGame));
    },
    takes(hash) {
      const first = !routed;
      routed = true;
      if (hash.startsWith(ASK)) {
        if (!first) location.reload(); // a tab whose sheets are open: it starts again as the seat's tab
        else openSeat(hash.slice(1), py, show, firstGame);
        return true;
      }
      if (!hash.startsWith(BACK)) return false;
      takeColumn(hash.slice(1), py, show, firstGame);
      return true;
    },
  };
}

// A link passed to another phone, on screen (share.js: a finished sheet's result; column.js: a seat's column and its
// way back): play/'s own address, a button, copying (the link stays on screen where the browser refuses), sharing,
// and the box of one link: its QR code, the link itself, Copy and Share. Links and codes are Python's.
import { bilingual } from "./ui.js";
import { showFigure } from "./figure.js";

/** play/, without the fragment: the address a link's payload goes after. */
export const playAddress = () => new URL("./", location.href).href;

/** A button for one action, its text in both languages. */
export function actionButton(action, text) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.action = action;
  button.append(bilingual("span", text));
  return button;
}

/** Text onto the clipboard: true, or false where the browser refuses (the link stays on screen to copy by hand). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    return false;
  }
}

/** “Share the link”, hidden where the browser cannot share: a tap shares what data() gives ({url, title…}; nothing
 *  when it gives null). */
export function shareButton(action, data) {
  return sharing(actionButton(action, { zh: "分享链接", en: "Share the link" }), data);
}

/** A “Share the link” button already in the page, made to share what data() gives (shareButton). */
export function sharing(button, data) {
  button.hidden = typeof navigator.share !== "function";
  button.addEventListener("click", async () => {
    const shared = await data();
    if (!shared) return;
    navigator.share(shared).catch((error) => {
      if (error.name !== "AbortError") console.warn("sharing failed", error);
    });
  });
  return button;
}

/** The frame of a QR code Python draws (figure.js's showFigure fills it). */
export function qrFigure(name) {
  const figure = document.createElement("div");
  figure.className = "figure qr";
  figure.dataset.figure = name;
  return figure;
}

/** The line saying what became of a tap (copied or not), read out when it changes. */
export function stateLine(className) {
  const state = document.createElement("p");
  state.className = className;
  state.setAttribute("role", "status");
  return state;
}

/** A box for one link (hidden until showLink): its QR code, the caption, the link itself (selectable), Copy and
 *  Share, and a line saying what became of a copy. */
export function linkBox(caption) {
  const box = document.createElement("div");
  box.className = "column-link";
  box.hidden = true;
  const figure = qrFigure("column-qr");
  const address = document.createElement("p");
  address.className = "column-address";
  const copy = actionButton("copy-column-link", { zh: "复制链接", en: "Copy the link" });
  const actions = document.createElement("p");
  actions.className = "tool-actions";
  actions.append(copy, shareButton("share-column-link", () => ({ url: box.dataset.link })));
  const state = stateLine("column-link-state");
  box.append(figure, bilingual("p", caption, "qr-caption"), address, actions, state);
  copy.addEventListener("click", async () => {
    const copied = await copyText(box.dataset.link);
    state.replaceChildren(bilingual("span", copied
      ? { zh: "链接已复制。", en: "The link is copied." }
      : { zh: "无法复制：请长按上面的链接选中并复制。", en: "It could not be copied: select the link above and copy it." }));
  });
  return box;
}

/** Python's link (and its code: null draws none) into its box; a link too long for a code says so and stays to copy. */
export function showLink(box, answer) {
  box.dataset.link = answer.link;
  const figure = box.querySelector("[data-figure=column-qr]");
  showFigure(figure, answer.qr, []);
  if (!answer.qr) {
    figure.append(bilingual("p", {
      zh: "这个链接太长，放不进二维码：请复制或分享下面的链接。",
      en: "This link is too long for a QR code: copy or share the link below.",
    }, "qr-too-long"));
  }
  box.querySelector(".column-address").textContent = answer.link;
  box.querySelector(".column-link-state").replaceChildren();
  box.hidden = false;
}

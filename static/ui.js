// Small DOM pieces shared by play/ and its history: bilingual text, notices, the in-page dialog, downloads.
// User data only ever goes in through textContent.
import { uiLang, uiTag } from "./site.js";
import { inScripts } from "./zh.js";

/** Spans of one language: English, or Chinese in both scripts (the page shows the reader's); keep: what the
 * players typed, never converted. */
export function spansIn(lang, text, keep = [], className = "") {
  const written = lang === "en" ? { en: text.en } : inScripts(text.zh, keep);
  return Object.entries(written).map(([tag, value]) => {
    const span = document.createElement("span");
    span.className = (tag === "en" ? className : `s-${tag.slice(3).toLowerCase()} ${className}`).trim();
    span.lang = tag;
    span.textContent = value;
    return span;
  });
}

/** An element holding a {zh, en} text; the page's language and script switches show one of them. */
export function bilingual(tag, text, className, keep = []) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.append(...spansIn("zh", text, keep, "l-zh"), ...spansIn("en", text, keep, "l-en"));
  return el;
}

/** A {zh, en} text as a string in the interface language and script. */
export function plain(text, keep = []) {
  return uiLang() === "en" ? text.en : inScripts(text.zh, keep)[uiTag()];
}

/** A name shown as text, isolated so that right-to-left names cannot reorder what is around them. */
export function nameText(name) {
  const el = document.createElement("bdi");
  el.className = "player-name";
  el.textContent = name;
  return el;
}

/** A lasting message at the top of a section (e.g. a saved value that could not be read). */
export function notice(section, zh, en) {
  const box = bilingual("p", { zh, en }, "notice");
  box.setAttribute("role", "alert");
  section.prepend(box);
  return box;
}

/**
 * Ask in the page's dialog; resolves to "confirm", "extra" or "cancel" (Escape and the Cancel button).
 * texts: {title, body, confirm, extra?, option?}, each {zh, en}; option (a tick box) also has `checked`, and what
 * the reader left it at is askedOption() once the dialog has answered.
 */
export function ask(texts) {
  const dialog = document.querySelector("dialog.ask");
  const fill = (selector, text) => {
    const el = dialog.querySelector(selector);
    el.hidden = !text;
    if (text) el.replaceChildren(...bilingual("span", text).childNodes);
  };
  fill(".ask-title", texts.title);
  fill(".ask-body", texts.body);
  fill("button[value=confirm]", texts.confirm);
  fill("button[value=extra]", texts.extra);
  const option = dialog.querySelector(".ask-option");
  option.hidden = !texts.option;
  if (texts.option) {
    option.querySelector("span").replaceChildren(...bilingual("span", texts.option).childNodes);
    option.querySelector("input").checked = texts.option.checked;
  }
  dialog.returnValue = "cancel";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue || "cancel"), { once: true });
    dialog.showModal();
    dialog.querySelector("button[value=cancel]").focus();
  });
}

/** Whether the last ask()'s tick box was left ticked. */
export const askedOption = () => document.querySelector("dialog.ask [name=ask-option]").checked;

/** Offer text as a file to save. */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Run a task when the browser is idle (within a second at most). */
export const whenIdle = (task) => ("requestIdleCallback" in window ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 20));

/** A count with its English noun: "1 game", "3 games". */
export const counted = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** When a game was saved, as History and a received result show it: "24 Nov 2026, 20:14" / "2026年11月24日 20:14". */
export const savedAt = (iso) =>
  new Date(iso).toLocaleString(uiLang() === "zh" ? "zh-CN" : "en-GB", { dateStyle: "medium", timeStyle: "short" });

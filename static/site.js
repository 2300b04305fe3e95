// Every page: the language, script and theme switches shown, messages, offline status, service worker.
const root = document.documentElement;
const prefs = window.tcPrefs;

export const uiLang = () => prefs.get("lang");
export const uiScript = () => prefs.get("script");
/** The lang tag of text in the interface language ("en", "zh-Hans" or "zh-Hant"). */
export const uiTag = () => (uiLang() === "en" ? "en" : uiScript() === "hant" ? "zh-Hant" : "zh-Hans");

/** A message's {placeholders} filled; {name|one|many} is the English noun for the count `name` ("1 term", "2 terms"). */
function fill(text, values) {
  return text.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name, one, many) => {
    if (!(name in values)) return whole;
    return one === undefined ? String(values[name]) : Number(values[name]) === 1 ? one : many;
  });
}

/** A message of #messages with its {placeholders} filled, in every language and script (the page hides the others). */
export function message(key, values = {}) {
  const copy = document.querySelector(`#messages [data-msg="${key}"]`).cloneNode(true);
  copy.removeAttribute("data-msg");
  for (const span of copy.children) span.textContent = fill(span.textContent, values);
  return copy;
}

/** A message as plain text in the interface language and script. */
export function say(key, values = {}) {
  const wanted = uiLang() === "en" ? ".l-en" : `.l-zh.s-${uiScript()}`;
  return fill(document.querySelector(`#messages [data-msg="${key}"] ${wanted}`).textContent, values);
}

function showChoices() {
  for (const b of document.querySelectorAll("[data-ui-lang]")) b.setAttribute("aria-pressed", String(b.dataset.uiLang === uiLang()));
  for (const r of document.querySelectorAll("input[data-pref]")) r.checked = prefs.get(r.dataset.pref) === r.value;
  showPlainTexts(document);
}

/** An <option> or a placeholder holds plain text only: write it in the reader's language and script. */
export function showPlainTexts(root) {
  const key = uiLang() === "en" ? "en" : uiScript() === "hant" ? "zhHant" : "zhHans";
  for (const o of root.querySelectorAll("option[data-en]")) {
    o.textContent = o.dataset[key];
    o.lang = uiTag();
  }
  for (const field of root.querySelectorAll("input[data-en]")) field.placeholder = field.dataset[key];
}

// A switch tapped (static/lang.js, which listens from first paint): the switches show the choice.
document.addEventListener("tc:prefs", () => {
  showChoices();
  showOnline();
});
showChoices();

// The settings panel closes on Escape and on a tap elsewhere.
const settings = document.querySelector("details.settings");
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && settings.open) {
    settings.open = false;
    settings.querySelector("summary").focus();
  }
});
document.addEventListener("click", (event) => {
  if (settings.open && !settings.contains(event.target)) settings.open = false;
});

const state = document.querySelector(".offline-state");
function showOnline() {
  if (state) state.replaceChildren(...(navigator.onLine ? [] : [message("offline")]));
}
addEventListener("online", showOnline);
addEventListener("offline", showOnline);
showOnline();

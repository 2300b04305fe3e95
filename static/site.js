// Every page: language switch, offline status, service worker.
const root = document.documentElement;

export function uiLang() {
  return root.classList.contains("ui-en") ? "en" : "zh";
}

function setLang(lang) {
  root.classList.remove("ui-zh", "ui-en");
  root.classList.add("ui-" + lang);
  root.lang = lang === "zh" ? "zh-Hans" : "en";
  try { localStorage.setItem("tc:lang", lang); } catch (e) { /* not remembered */ }
  for (const b of document.querySelectorAll("[data-ui-lang]")) b.setAttribute("aria-pressed", String(b.dataset.uiLang === lang));
  document.dispatchEvent(new CustomEvent("tc:lang", { detail: lang }));
}

for (const b of document.querySelectorAll("[data-ui-lang]")) {
  b.setAttribute("aria-pressed", String(b.dataset.uiLang === uiLang()));
  b.addEventListener("click", () => setLang(b.dataset.uiLang));
}

const state = document.querySelector(".offline-state");
function showOnline() {
  if (!state) return;
  state.textContent = navigator.onLine ? "" : (uiLang() === "zh" ? "（当前离线）" : "(offline now)");
}
addEventListener("online", showOnline);
addEventListener("offline", showOnline);
showOnline();

// The offline copy is fetched after the page has loaded and, on play/, once the calculator has started, so that
// downloading it never competes with first paint or with Python's start.
function afterStart(then) {
  const engine = document.querySelector(".engine");
  if (!engine || engine.dataset.state !== "loading") return then();
  const watch = new MutationObserver(() => {
    if (engine.dataset.state !== "loading") { watch.disconnect(); then(); }
  });
  watch.observe(engine, { attributes: true, attributeFilter: ["data-state"] });
}
function registerServiceWorker() {
  navigator.serviceWorker.register(new URL(root.dataset.root + "sw.js", location.href)).catch((error) => {
    console.warn("no offline copy this time; the page itself works", error);
  });
}
if ("serviceWorker" in navigator && (location.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname))) {
  if (document.readyState === "complete") afterStart(registerServiceWorker);
  else addEventListener("load", () => afterStart(registerServiceWorker), { once: true });
}

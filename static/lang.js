// Runs in <head> before first paint: apply the remembered interface language, Chinese script and theme.
// site.js changes them through window.tcPrefs, which keeps working when storage is blocked.
(() => {
  const root = document.documentElement;
  const stored = (key) => {
    try { return localStorage.getItem(key); } catch (e) { return null; /* storage blocked: use the browser's */ }
  };
  const browser = (navigator.language || "zh").toLowerCase();
  const dark = matchMedia("(prefers-color-scheme: dark)");
  const prefs = {
    lang: ["zh", "en"].includes(stored("tc:lang")) ? stored("tc:lang") : browser.startsWith("zh") ? "zh" : "en",
    script: ["hans", "hant"].includes(stored("tc:script")) ? stored("tc:script") : /^zh-(tw|hk|mo|hant)/.test(browser) ? "hant" : "hans",
    theme: ["auto", "light", "dark"].includes(stored("tc:theme")) ? stored("tc:theme") : "auto",
  };
  function apply() {
    root.classList.remove("ui-zh", "ui-en", "script-hans", "script-hant");
    root.classList.add("ui-" + prefs.lang, "script-" + prefs.script);
    root.lang = prefs.lang === "en" ? "en" : prefs.script === "hant" ? "zh-Hant" : "zh-Hans";
    root.dataset.theme = prefs.theme === "auto" ? (dark.matches ? "dark" : "light") : prefs.theme;
  }
  if (!("wakeLock" in navigator)) root.classList.add("no-wake-lock"); // play/'s screen switch: none to show
  dark.addEventListener("change", apply);
  apply();
  window.tcPrefs = {
    get: (name) => prefs[name],
    set(name, value) {
      prefs[name] = value;
      try { localStorage.setItem("tc:" + name, value); } catch (e) { /* not remembered */ }
      apply();
    },
  };
  // The language, script and theme switches: one listener from first paint for the page's whole life (a slow phone
  // shows the buttons well before its module scripts run, and a tap then is kept). It tells the page (tc:prefs):
  // site.js shows the choice on the switches, the pages write their text again.
  const choose = (name, value) => {
    window.tcPrefs.set(name, value);
    document.dispatchEvent(new CustomEvent("tc:prefs", { detail: { name, value } }));
  };
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-ui-lang]");
    if (button) choose("lang", button.dataset.uiLang);
  });
  document.addEventListener("change", (event) => {
    const choice = event.target.closest && event.target.closest("input[data-pref]");
    if (choice && choice.checked) choose(choice.dataset.pref, choice.value);
  });
})();

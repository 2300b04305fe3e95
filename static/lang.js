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
    ready: false, // site.js sets it once its own switches listen
  };
  // A tap on a switch before site.js (a module, run after parsing) listens is kept, not lost: a slow phone shows
  // the buttons well before its scripts run.
  const early = (event) => {
    const target = window.tcPrefs.ready ? null : event.target.closest && event.target.closest("[data-ui-lang], input[data-pref]");
    if (target && target.dataset.uiLang) window.tcPrefs.set("lang", target.dataset.uiLang);
    else if (target && target.checked) window.tcPrefs.set(target.dataset.pref, target.value);
  };
  document.addEventListener("click", early);
  document.addEventListener("change", early);
})();

// Runs in <head> before first paint: apply the remembered interface language.
(() => {
  let lang = null;
  try { lang = localStorage.getItem("tc:lang"); } catch (e) { /* storage blocked: use the browser's */ }
  if (lang !== "zh" && lang !== "en") lang = (navigator.language || "zh").toLowerCase().startsWith("zh") ? "zh" : "en";
  document.documentElement.classList.add("ui-" + lang);
  document.documentElement.lang = lang === "zh" ? "zh-Hans" : "en";
})();

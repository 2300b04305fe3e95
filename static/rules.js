// Rules page: show both languages side by side, or one of them.
const article = document.querySelector(".rules");
const buttons = document.querySelectorAll(".view-switch [data-view]");
function show(view) {
  article.dataset.view = view;
  for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.view === view));
  try { localStorage.setItem("tc:rules-view", view); } catch (e) { /* not remembered */ }
}
for (const b of buttons) b.addEventListener("click", () => show(b.dataset.view));
let saved = null;
try { saved = localStorage.getItem("tc:rules-view"); } catch (e) { /* default */ }
if (["both", "zh", "en"].includes(saved)) show(saved);

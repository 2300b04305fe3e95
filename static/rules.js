// Rules page: show both languages side by side, or one of them; highlight what a search found;
// let Escape close a glossary term's translation.
import { keys, readChoice, writeChoice } from "./storage.js";

const article = document.querySelector(".rules, .aid");
const buttons = document.querySelectorAll(".view-switch [data-view]");
function show(view) {
  article.dataset.view = view;
  for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.view === view));
  writeChoice(keys.rulesView, view);
}
for (const b of buttons) b.addEventListener("click", () => show(b.dataset.view));
const saved = readChoice(keys.rulesView);
// Where both columns do not fit side by side, the page opens in the interface language (not remembered: the
// reader's own choice is); side by side stays the default where they fit.
const narrow = matchMedia("(max-width: 44rem)");
const uiView = () => (document.documentElement.classList.contains("ui-en") ? "en" : "zh");
if (["both", "zh", "en"].includes(saved)) show(saved);
else if (narrow.matches) {
  article.dataset.view = uiView();
  for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.view === article.dataset.view));
}

// A jump from the contents lands on the reader's language: with both languages stacked, on that language's column.
document.querySelector(".toc")?.addEventListener("click", (event) => {
  const link = event.target.closest("a[href^='#']");
  if (!link || article.dataset.view !== "both" || !narrow.matches) return;
  const section = document.getElementById(decodeURIComponent(link.hash.slice(1)));
  const column = section?.querySelector(`.col.${uiView()}`);
  if (!column) return;
  event.preventDefault();
  history.pushState(null, "", link.hash);
  column.scrollIntoView({ block: "start" });
});

// ?hl=word (from the search page): mark each occurrence in the section the link points at.
function highlight(words) {
  const id = decodeURIComponent(location.hash.slice(1));
  const scope = (id && document.getElementById(id)) || article;
  const wanted = words.map((w) => w.toLowerCase());
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement.closest("mark.hit") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  const marks = [];
  for (let node of nodes) {
    for (;;) {
      const text = node.data.toLowerCase();
      if (text.length !== node.data.length) break; // case mapping changed the length: leave this text alone
      let at = -1;
      let length = 0;
      for (const w of wanted) {
        const i = text.indexOf(w);
        if (i >= 0 && (at < 0 || i < at || (i === at && w.length > length))) [at, length] = [i, w.length];
      }
      if (at < 0) break;
      const hit = node.splitText(at);
      node = hit.splitText(length);
      const mark = document.createElement("mark");
      mark.className = "hit";
      hit.replaceWith(mark);
      mark.append(hit);
      marks.push(mark);
    }
  }
  const first = marks.find((m) => m.offsetParent !== null);
  if (first) first.scrollIntoView({ block: "center" });
  document.body.dataset.highlighted = String(marks.length);
}
const words = new URLSearchParams(location.search).getAll("hl").map((w) => w.trim()).filter((w) => w && w.length <= 60);
if (words.length) highlight(words.slice(0, 16));

// A term's translation shows on hover and focus (CSS); Escape hides it until the pointer or focus leaves.
document.addEventListener("keydown", (event) => {
  const term = document.activeElement?.closest?.(".term");
  if (event.key === "Escape" && term) term.dataset.dismissed = "";
});
for (const term of document.querySelectorAll(".term")) {
  const reset = () => delete term.dataset.dismissed;
  term.addEventListener("blur", reset);
  term.addEventListener("mouseleave", reset);
}

// Rules page: show both languages side by side, or one of them; highlight what a search found;
// let Escape close a glossary term's translation.
import { keys, readChoice, writeChoice } from "./storage.js";

const article = document.querySelector(".rules, .aid");
const buttons = document.querySelectorAll(".view-switch [data-view]");
/** Show both languages or one (for now: a choice of the page's, not the reader's, is not remembered). */
function present(view) {
  article.dataset.view = view;
  for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.view === view));
}
function show(view) {
  present(view);
  writeChoice(keys.rulesView, view);
}
for (const b of buttons) b.addEventListener("click", () => show(b.dataset.view));
const saved = readChoice(keys.rulesView);
// Where both columns do not fit side by side, the page opens in the interface language (not remembered: the
// reader's own choice is); side by side stays the default where they fit.
const narrow = matchMedia("(max-width: 44rem)");
const uiView = () => (document.documentElement.classList.contains("ui-en") ? "en" : "zh");
if (["both", "zh", "en"].includes(saved)) show(saved);
else if (narrow.matches) present(uiView());

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

// An English word is marked only whole ("in" never inside "Hint"); Chinese, written without spaces, wherever it occurs.
const LATIN = /[a-z0-9\u00c0-\u024f]/;
function indexOf(text, word) {
  const whole = LATIN.test(word[0]) && LATIN.test(word[word.length - 1]);
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (!whole || (!LATIN.test(text[at - 1] ?? "") && !LATIN.test(text[at + word.length] ?? ""))) return at;
  }
  return -1;
}

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
        const i = indexOf(text, w);
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
  const shown = (m) => m.offsetParent !== null;
  // A search's words found only in the language not shown (a Chinese search, the English view): show that language.
  if (marks.length && !marks.some(shown)) present(marks[0].closest(".col.en") ? "en" : "zh");
  const first = marks.find(shown);
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

// "↑ Contents" floats at the bottom right, over the text: it steps away while the reader reads on down the page, and
// comes back on a scroll up (looking for something else), at the end of the page, and after a jump (to jump back).
const toContents = document.querySelector(".to-contents");
let lastY = scrollY;
let jumpedAt = -Infinity;
const opening = performance.now() + 1000; // the page's own scrolls as it opens (to a section, to a search's words)
function placeToContents() {
  const jumping = performance.now() - jumpedAt < 600;
  if (performance.now() < opening && !jumping) {
    toContents.toggleAttribute("data-away", scrollY > 0);
    lastY = scrollY;
    return;
  }
  const atEnd = scrollY + innerHeight >= document.documentElement.scrollHeight - 8;
  toContents.toggleAttribute("data-away", scrollY > lastY && !atEnd && !jumping);
  lastY = scrollY;
}
function jumped() {
  jumpedAt = performance.now();
  toContents.removeAttribute("data-away");
}
if (toContents) {
  addEventListener("scroll", placeToContents, { passive: true });
  addEventListener("hashchange", jumped);
  document.querySelector(".toc")?.addEventListener("click", jumped, { capture: true });
}

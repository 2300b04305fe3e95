// Search page: finds rules sections and glossary terms in Chinese (either script) and English, offline.
// The index (search/index.json, written by build.py) is fetched on demand; the service worker keeps a copy.
// What a query finds and in which order: static/search-match.js.
import { say } from "./site.js";
import { prepare, search } from "./search-match.js";

const form = document.querySelector(".search-form");
const input = form.querySelector("input[name=q]");
const status = document.querySelector(".search-status");
const list = document.querySelector(".results");
const gameSelect = form.querySelector("select[name=game]"); // "" for every game; from a rules page, that game
gameSelect.value = new URLSearchParams(location.search).get("game") ?? "";
if (gameSelect.selectedIndex < 0) gameSelect.value = "";
gameSelect.addEventListener("change", () => run(input.value));
const rulesRoot = new URL("../rules/", location.href);
const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 110;
let index = null;
const timings = (window.__tcSearch = { load: null, queries: [] }); // milliseconds, read by the measurements

function loadIndex() {
  const started = performance.now();
  index ??= fetch(new URL("index.json", location.href))
    .then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.json();
    })
    .then((data) => {
      const prepared = prepare(data);
      timings.load = performance.now() - started;
      return prepared;
    });
  return index;
}

// ------------------------------------------------------------ writing results (text only, never HTML)

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Chinese comes in both scripts (the build wrote the other one with OpenCC); the page shows the reader's.
const OTHER = { "zh-Hans": "zh-Hant", "zh-Hant": "zh-Hans" };
const scriptClass = (tag) => `s-${tag.slice(3).toLowerCase()}`;

function inScripts(tag, className, source, other, lang, write) {
  if (!(lang in OTHER)) {
    const node = el(tag, className);
    node.lang = lang;
    write(node, source);
    return [node];
  }
  return [[lang, source], [OTHER[lang], other || source]].map(([script, text]) => {
    const node = el(tag, `${className} ${scriptClass(script)}`.trim());
    node.lang = script;
    write(node, text);
    return node;
  });
}

const plainText = (node, text) => { node.textContent = text; };

function gameName(idx, id) {
  const game = idx.games.get(id);
  const span = el("span", "result-game");
  const en = el("span", "l-en", game.en); en.lang = "en";
  span.append(...inScripts("span", "l-zh", game.zh, game.zh_other, game.lang, plainText), en);
  return span;
}

function snippet(doc, hits) {
  return inScripts("p", "snippet", doc.text, doc.other_text, doc.lang, (p, text) => writeSnippet(p, doc, text, hits));
}

function writeSnippet(p, doc, text, hits) {
  const first = hits[0][0];
  let start = Math.max(0, first - SNIPPET_BEFORE);
  if (doc.lang === "en" && start > 0) start = Math.min(first, doc.text.indexOf(" ", start) + 1 || first);
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (start > 0) p.append("…");
  let at = start;
  for (const [from, to] of hits) {
    if (to <= start || from >= end) continue;
    const a = Math.max(from, at);
    const b = Math.min(to, end);
    p.append(text.slice(at, a), el("mark", "", text.slice(a, b)));
    at = b;
  }
  p.append(text.slice(at, end));
  if (end < text.length) p.append("…");
}

function sectionResult(idx, { section, found }) {
  const words = new Set();
  for (const { doc, hits } of found) {
    for (const [a, b] of hits.slice(0, 6)) {
      words.add(doc.text.slice(a, b));
      if (doc.other_text) words.add(doc.other_text.slice(a, b)); // the rules page shows the reader's script
    }
  }
  const params = new URLSearchParams([...words].slice(0, 16).map((w) => ["hl", w]));
  const query = words.size ? `?${params}` : "";
  const ownPage = { aid: "aid/", reference: "reference/", teach: "teach/" }[section.section]; // pages of their own
  const hash = section.section === "intro" || ownPage ? "" : `#${section.section}`;
  const page = ownPage || "";
  const li = el("li", "result");
  const link = el("a", "result-link");
  link.href = new URL(`${section.game}/${page}${query}${hash}`, rulesRoot).href;
  link.append(gameName(idx, section.game));
  section.docs.forEach((doc, i) => {
    const title = inScripts("span", "result-title", doc.title, doc.other_title, doc.lang, plainText);
    link.append(...(i ? [el("span", "sep", " · ")] : []), ...title);
  });
  li.append(link);
  for (const { doc, hits } of found) if (hits.length) li.append(...snippet(doc, hits));
  return li;
}

function termResult(idx, term) {
  const li = el("li", "result term-result");
  const link = el("a", "result-link");
  link.href = new URL(`${term.game}/#${term.row}`, rulesRoot).href;
  const zh = inScripts("span", "term-zh", term.zh, term.zh_other, idx.games.get(term.game).lang, plainText);
  const en = el("span", "term-en", term.en); en.lang = "en";
  link.append(gameName(idx, term.game), ...zh, el("span", "sep", " = "), en);
  li.append(link);
  if (term.note) {
    const note = el("p", "snippet", term.note); note.lang = "en";
    li.append(note);
  }
  return li;
}

async function run(query, { push = false } = {}) {
  const text = query.trim();
  const url = new URL(location.href);
  if (text) url.searchParams.set("q", text); else url.searchParams.delete("q");
  if (gameSelect.value) url.searchParams.set("game", gameSelect.value); else url.searchParams.delete("game");
  if (url.href !== location.href) history[push ? "pushState" : "replaceState"](null, "", url);
  if (!text) {
    list.replaceChildren();
    status.textContent = "";
    return;
  }
  let idx;
  try {
    idx = await loadIndex();
  } catch (error) {
    index = null; // try again next time
    console.error(error);
    status.textContent = say("no-index");
    return;
  }
  if (input.value.trim() !== text) return; // typing went on meanwhile
  const started = performance.now();
  const found = search(idx, text, gameSelect.value);
  const items = [...found.glossary.map((t) => termResult(idx, t)), ...found.sections.map((e) => sectionResult(idx, e))];
  list.replaceChildren(...items);
  timings.queries.push(performance.now() - started);
  document.body.dataset.searched = text;
  if (!found.terms.length) status.textContent = say("too-short");
  else if (!items.length) status.textContent = say("nothing", { text });
  else status.textContent = say("found", { text, sections: found.total, terms: found.glossary.length });
  status.lang = document.documentElement.lang;
}

let timer = 0;
input.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(() => run(input.value), 150);
});
input.addEventListener("focus", () => loadIndex().catch(() => { index = null; }), { once: true });
form.addEventListener("submit", (event) => {
  event.preventDefault();
  clearTimeout(timer);
  run(input.value, { push: true });
});
addEventListener("popstate", () => {
  input.value = new URLSearchParams(location.search).get("q") ?? "";
  run(input.value);
});
document.addEventListener("tc:prefs", (event) => {
  if (event.detail.name !== "theme") run(input.value);
});

input.value = new URLSearchParams(location.search).get("q") ?? "";
if (input.value) run(input.value);
else input.focus();

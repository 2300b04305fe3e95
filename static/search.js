// Search page: finds rules sections and glossary terms in Chinese (either script) and English, offline.
// The index (search/index.json, written by build.py) is fetched on demand; the service worker keeps a copy.
// Matching works on folded text (Traditional to Simplified, lower case, no accents), one character for one,
// so a hit found in folded text is at the same place in the original: substrings (工人 finds 工人卡),
// English words by their start, and for longer Chinese queries the longest part that occurs.
import { say } from "./site.js";

const form = document.querySelector(".search-form");
const input = form.querySelector("input[name=q]");
const status = document.querySelector(".search-status");
const list = document.querySelector(".results");
const gameSelect = form.querySelector("select[name=game]"); // "" for every game; from a rules page, that game
gameSelect.value = new URLSearchParams(location.search).get("game") ?? "";
if (gameSelect.selectedIndex < 0) gameSelect.value = "";
gameSelect.addEventListener("change", () => run(input.value));
const rulesRoot = new URL("../rules/", location.href);
const MAX_RESULTS = 40;
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

function prepare(data) {
  const table = new Map();
  for (let i = 0; i < data.fold.length; i += 2) table.set(data.fold[i], data.fold[i + 1]);
  const fold = (text) => {
    let out = "";
    for (const ch of text) out += table.get(ch) ?? ch;
    return out;
  };
  const games = new Map(data.games.map((g, order) => [g.id, { ...g, order }]));
  // One entry per rules section (or introduction), holding its text in each language.
  const sections = new Map();
  data.docs.forEach((d, order) => {
    const key = `${d.game}#${d.section}`;
    if (!sections.has(key)) sections.set(key, { key, game: d.game, section: d.section, order, docs: [] });
    sections.get(key).docs.push({ ...d, folded: fold(d.text), foldedTitle: fold(d.title) });
  });
  const terms = data.terms.map((t) => ({ ...t, folded: fold(`${t.zh} ${t.en}`) }));
  const ideas = (data.ideas ?? []).map((idea) => ({ ...idea, words: new Set(idea.words) }));
  return { fold, games, sections: [...sections.values()], terms, ideas };
}

// ------------------------------------------------------------ matching

// English words match by their start, so "pets" is looked up as "pet" and "abilities" as "abilit".
function stem(word) {
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

function queryTerms(folded) {
  const terms = [];
  for (const m of folded.matchAll(/[a-z0-9]+|\p{Script=Han}+/gu)) {
    const han = /\p{Script=Han}/u.test(m[0]);
    if (!han && m[0].length < 2 && !/\d/.test(m[0])) continue; // one letter would find everything
    terms.push({ text: han ? m[0] : stem(m[0]), han });
  }
  return terms;
}

const WORD_CHAR = /[a-z0-9]/;

function wordEnd(text, stop) {
  while (stop < text.length && WORD_CHAR.test(text[stop])) stop++;
  return stop;
}

function positions(text, needle, wordStart) {
  const found = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (!wordStart || at === 0 || !WORD_CHAR.test(text[at - 1])) found.push(at);
  }
  return found;
}

// Where a query term occurs in folded text: exact, or (Chinese, 3+ characters) its longest part of 60 % or more.
// Returns the [start, end] ranges found (an English hit runs to the end of its word) and a weight.
function find(text, term) {
  const exact = positions(text, term.text, !term.han);
  if (exact.length || !term.han || term.text.length < 3) {
    const end = (at) => (term.han ? at + term.text.length : wordEnd(text, at + term.text.length));
    return { ranges: exact.map((at) => [at, end(at)]), weight: 1 };
  }
  const shortest = Math.max(2, Math.ceil(term.text.length * 0.6));
  for (let size = term.text.length - 1; size >= shortest; size--) {
    for (let start = 0; start + size <= term.text.length; start++) {
      const at = positions(text, term.text.slice(start, start + size), false);
      if (at.length) return { ranges: at.map((a) => [a, a + size]), weight: size / term.text.length };
    }
  }
  return { ranges: [], weight: 0 };
}

// A section matches when every term occurs in it, in either language; an English query of several words
// counts most where it occurs as a phrase, and then only the phrase is marked.
function scoreSection(section, terms, phrase) {
  let score = 0;
  const hits = section.docs.map(() => []);
  for (const term of terms) {
    let found = false;
    section.docs.forEach((doc, i) => {
      const inText = find(doc.folded, term);
      const inTitle = find(doc.foldedTitle, term);
      if (!inText.ranges.length && !inTitle.ranges.length) return;
      found = true;
      const count = Math.min(inText.ranges.length, 5) + (inTitle.ranges.length ? 6 : 0);
      score += Math.max(inText.weight, inTitle.weight) * count;
      hits[i].push(...inText.ranges);
    });
    if (!found) return null;
  }
  section.docs.forEach((doc, i) => {
    if (!phrase) return;
    const whole = positions(doc.folded, phrase, true);
    score += 4 * Math.min(whole.length, 5) + (positions(doc.foldedTitle, phrase, true).length ? 12 : 0);
    if (whole.length) hits[i] = whole.map((at) => [at, wordEnd(doc.folded, at + phrase.length)]);
  });
  return { score, found: section.docs.map((doc, i) => ({ doc, hits: merge(hits[i]) })) };
}

function merge(ranges) {
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([...r]);
  }
  return out;
}

/** The sections of an idea the query names (content/synonyms.toml): "决胜规则", "tiebreak", "tie-breaker" all
 *  mean every game's tie-breaker sections, found whether or not their text uses that word. */
function ideaSections(idx, folded) {
  const keys = new Set();
  for (const idea of idx.ideas) if (idea.words.has(folded.toLowerCase())) for (const key of idea.sections) keys.add(key);
  return keys;
}

function search(idx, query, game = "") {
  const folded = idx.fold(query).trim().split(/\s+/).join(" ");
  const terms = queryTerms(folded);
  if (!terms.length) return { terms, sections: [], glossary: [] };
  const phrase = terms.length > 1 && !terms.some((t) => t.han) ? terms.map((t) => t.text).join(" ") : "";
  const meant = ideaSections(idx, folded);
  const sections = [];
  for (const section of idx.sections) {
    if (game && section.game !== game) continue;
    const scored = scoreSection(section, terms, phrase);
    if (scored) sections.push({ section, ...scored, score: scored.score + (meant.has(section.key) ? 1000 : 0) });
    else if (meant.has(section.key)) sections.push({ section, score: 1000, found: section.docs.map((doc) => ({ doc, hits: [] })) });
  }
  sections.sort((a, b) => b.score - a.score || a.section.order - b.section.order);
  const glossary = idx.terms.filter((t) => (!game || t.game === game) && terms.every((term) => find(t.folded, term).ranges.length));
  return { terms, sections: sections.slice(0, MAX_RESULTS), glossary: glossary.slice(0, 8), total: sections.length };
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
  const ownPage = { aid: "aid/", reference: "reference/" }[section.section]; // the aid and the reference: pages of their own
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

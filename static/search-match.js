// What the offline search finds and in which order (static/search.js shows it; Node runs it in the unit tests).
// Matching works on folded text (Traditional to Simplified, lower case, no accents), one character for one, so a
// hit found in folded text is at the same place in the original. Chinese has no spaces: a query finds substrings
// (工人 finds 工人卡), and for longer Chinese queries the longest part that occurs. English finds whole words, a
// plural with its singular ("pets" finds "pet" and "pets"; "in" never finds "Hint" or "including").
// A section whose heading holds a query word ranks above one whose text only mentions it.

/** The index as search() reads it: each text folded, the sections gathered with their languages. */
export function prepare(data) {
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

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An English query word as a pattern for whole words: its singular and plural ("pets" and "pet" the same word;
 *  "abilities" and "ability"). */
export function wordPattern(word) {
  if (word.length > 4 && word.endsWith("ies")) return `${escape(word.slice(0, -3))}(?:y|ies)`;
  if (word.length > 3 && word.endsWith("y") && !/[aeiou]y$/.test(word)) return `${escape(word.slice(0, -1))}(?:y|ies)`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return `${escape(word.slice(0, -1))}(?:s|es)?`;
  return `${escape(word)}(?:s|es)?`;
}

const whole = (pattern) => new RegExp(`(?<![a-z0-9])${pattern}(?![a-z0-9])`, "g");

/** The words of a folded query: Chinese runs as they are, English words of two letters or more (or with a digit). */
export function queryTerms(folded) {
  const terms = [];
  for (const m of folded.matchAll(/[a-z0-9]+|\p{Script=Han}+/gu)) {
    const han = /\p{Script=Han}/u.test(m[0]);
    if (!han && m[0].length < 2 && !/\d/.test(m[0])) continue; // one letter would find everything
    terms.push(han ? { text: m[0], han } : { text: m[0], han, pattern: wordPattern(m[0]) });
  }
  return terms;
}

function positions(text, needle) {
  const found = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

const ranges = (text, pattern) => [...text.matchAll(whole(pattern))].map((m) => [m.index, m.index + m[0].length]);

/** Where a query term occurs in folded text: English as whole words, Chinese exact or (3+ characters) its longest
 *  part of 60 % or more. The [start, end] ranges found and a weight. */
export function find(text, term) {
  if (!term.han) return { ranges: ranges(text, term.pattern), weight: 1 };
  const exact = positions(text, term.text);
  if (exact.length || term.text.length < 3) return { ranges: exact.map((at) => [at, at + term.text.length]), weight: 1 };
  const shortest = Math.max(2, Math.ceil(term.text.length * 0.6));
  for (let size = term.text.length - 1; size >= shortest; size--) {
    for (let start = 0; start + size <= term.text.length; start++) {
      const at = positions(text, term.text.slice(start, start + size));
      if (at.length) return { ranges: at.map((a) => [a, a + size]), weight: size / term.text.length };
    }
  }
  return { ranges: [], weight: 0 };
}

// A section matches when every term occurs in it, in either language; `titled` counts the terms its heading holds
// (the first order of the results). An English query of several words counts most where it occurs as a phrase, and
// then only the phrase is marked.
function scoreSection(section, terms, phrase) {
  let score = 0;
  let titled = 0;
  const hits = section.docs.map(() => []);
  for (const term of terms) {
    let found = false;
    let inHeading = false;
    section.docs.forEach((doc, i) => {
      const inText = find(doc.folded, term);
      const inTitle = find(doc.foldedTitle, term);
      if (!inText.ranges.length && !inTitle.ranges.length) return;
      found = true;
      inHeading ||= inTitle.ranges.length > 0;
      score += Math.max(inText.weight, inTitle.weight) * Math.min(inText.ranges.length, 5);
      hits[i].push(...inText.ranges);
    });
    if (!found) return null;
    titled += inHeading ? 1 : 0;
  }
  section.docs.forEach((doc, i) => {
    if (!phrase) return;
    const said = ranges(doc.folded, phrase);
    score += 4 * Math.min(said.length, 5) + (ranges(doc.foldedTitle, phrase).length ? 12 : 0);
    if (said.length) hits[i] = said;
  });
  return { score, titled, found: section.docs.map((doc, i) => ({ doc, hits: merge(hits[i]) })) };
}

function merge(found) {
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out = [];
  for (const r of found) {
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

/** The sections and glossary terms a query finds (in one game, or all): an idea's sections first, then the sections
 *  whose headings hold more of the query's words, then by how often and how closely the text says them. */
export function search(idx, query, game = "", max = 40) {
  const folded = idx.fold(query).trim().split(/\s+/).join(" ");
  const terms = queryTerms(folded);
  if (!terms.length) return { terms, sections: [], glossary: [] };
  const phrase = terms.length > 1 && !terms.some((t) => t.han) ? terms.map((t) => t.pattern).join("\\s+") : "";
  const meant = ideaSections(idx, folded);
  const sections = [];
  for (const section of idx.sections) {
    if (game && section.game !== game) continue;
    const scored = scoreSection(section, terms, phrase) ?? (meant.has(section.key) ? unscored(section) : null);
    if (scored) sections.push({ section, ...scored, meant: meant.has(section.key) });
  }
  sections.sort((a, b) => b.meant - a.meant || b.titled - a.titled || b.score - a.score || a.section.order - b.section.order);
  const glossary = idx.terms.filter((t) => (!game || t.game === game) && terms.every((term) => find(t.folded, term).ranges.length));
  return { terms, sections: sections.slice(0, max), glossary: glossary.slice(0, 8), total: sections.length };
}

const unscored = (section) => ({ score: 0, titled: 0, found: section.docs.map((doc) => ({ doc, hits: [] })) });

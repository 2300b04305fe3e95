// Chinese that Python writes at run time, in both scripts. The build generated the tables with OpenCC from
// every Chinese literal in scoring/ (zh-script.json); this walks them the way zh_script.Conversion.apply does.
const SCRIPTS = ["zh-Hans", "zh-Hant"];
let loading = null;
let tables = null;

/** Fetch the tables once; resolves when inScripts can be used. */
export function loadScripts() {
  loading ??= fetch(new URL("zh-script.json", import.meta.url))
    .then((response) => {
      if (!response.ok) throw new Error(`zh-script.json: ${response.status}`);
      return response.json();
    })
    .then((data) => {
      tables = Object.fromEntries(SCRIPTS.map((tag) => [tag, index(data[tag])]));
    });
  return loading;
}

function index(entries) {
  const byFirst = new Map();
  for (const key of Object.keys(entries).sort((a, b) => b.length - a.length)) {
    if (!byFirst.has(key[0])) byFirst.set(key[0], []);
    byFirst.get(key[0]).push(key);
  }
  return { entries, byFirst };
}

function apply(text, { entries, byFirst }) {
  let out = "";
  let kept = 0; // text[kept, i) is copied as it is, in one piece (a picture's markup is mostly ASCII)
  for (let i = 0; i < text.length; ) {
    const key = byFirst.get(text[i])?.find((k) => text.startsWith(k, i));
    if (key) {
      out += text.slice(kept, i) + entries[key];
      i += key.length;
      kept = i;
    } else i += 1;
  }
  return out + text.slice(kept);
}

/** Split text around the strings in keep (what the players typed: names, values), longest first. */
function pieces(text, keep) {
  const kept = [...new Set(keep.filter((k) => k && text.includes(k)))].sort((a, b) => b.length - a.length);
  let parts = [{ text, keep: false }];
  for (const k of kept) {
    parts = parts.flatMap((part) =>
      part.keep ? [part] : part.text.split(k).flatMap((t, i) => (i ? [{ text: k, keep: true }, { text: t, keep: false }] : [{ text: t, keep: false }])),
    );
  }
  return parts;
}

/** The text in each script, by lang tag; what the players typed stays as they typed it. */
export function inScripts(text, keep = []) {
  if (!tables) return Object.fromEntries(SCRIPTS.map((tag) => [tag, text]));
  const parts = pieces(text, keep);
  return Object.fromEntries(SCRIPTS.map((tag) => [tag, parts.map((p) => (p.keep ? p.text : apply(p.text, tables[tag]))).join("")]));
}

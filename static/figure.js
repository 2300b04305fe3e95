// Pictures drawn by scoring/svg/ (which escapes every text in it), in each language: parsed as SVG and imported
// node by node, never assigned as HTML; anything that is not a plain SVG picture is dropped.
import { inScripts } from "./zh.js";

const svgParser = new DOMParser();

/** An SVG element from markup, or null when it is anything but a plain picture. */
export function svgNode(markup) {
  const doc = svgParser.parseFromString(markup, "image/svg+xml");
  const root = doc.documentElement;
  if (root.namespaceURI !== "http://www.w3.org/2000/svg" || root.localName !== "svg") return null;
  if (doc.querySelector("parsererror, script, foreignObject, [style]")) return null;
  for (const el of doc.querySelectorAll("*")) {
    for (const attribute of el.attributes) if (/^on/i.test(attribute.name)) return null;
  }
  return document.importNode(root, true);
}

/** Show {zh, en} pictures in box, the Chinese in both scripts (keep: what the players typed, never converted). */
export function showFigure(box, pictures, keep) {
  box.replaceChildren();
  if (!pictures) return;
  const written = { ...inScripts(pictures.zh, keep), en: pictures.en }; // Chinese in both scripts
  for (const [lang, markup] of Object.entries(written)) {
    const svg = svgNode(markup);
    if (!svg) continue;
    const wrap = document.createElement("div");
    wrap.className = lang === "en" ? "l-en" : `l-zh s-${lang.slice(3).toLowerCase()}`;
    wrap.lang = lang;
    wrap.append(svg);
    box.append(wrap);
  }
}

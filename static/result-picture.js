// A finished sheet as a picture (PNG) to send to a chat that does not open links: the game's name, each player's
// place, name (as typed) and total, and the chart the sheet shows, in the reader's language and script. Drawn in
// the page: one SVG made of the page's own texts and chart, drawn onto a canvas from a blob: URL (the play page's
// img-src allows blob: for this alone), shared as a file where the browser can, else downloaded.
import { message } from "./site.js";

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 720;
const PAD = 24;
const LINE = 34;
const INK = "#1f1a17";
const FONT = 'system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Noto Sans CJK TC", "PingFang SC", sans-serif';

function svgText(x, y, size, content, weight = "400") {
  const text = document.createElementNS(NS, "text");
  for (const [name, value] of Object.entries({ x, y, "font-size": size, "font-weight": weight, fill: "currentColor" })) {
    text.setAttribute(name, String(value));
  }
  text.textContent = content; // serialised escaped: a name is text, never markup
  return text;
}

/** A ranking line as text, its names isolated as the page shows them (<bdi>): first-strong isolates around each, so
 *  that an Arabic or Hebrew name cannot carry the place and total across it ("2. 47 · مريم"). */
function lineText(who) {
  const parts = [...who.childNodes].map((node) => (node.nodeName === "BDI" ? `\u2068${node.textContent}\u2069` : node.textContent));
  return parts.join("").trim();
}

let measuring = null; // a canvas context to measure lines with the picture's font

/** A ranking line as SVG text, squeezed into the picture's width when it is wider (a 40-character name), so that its
 *  total is never cut off. */
function rowText(y, content) {
  const text = svgText(PAD, y, 22, content);
  measuring ??= document.createElement("canvas").getContext("2d");
  measuring.font = `22px ${FONT}`;
  const room = WIDTH - 2 * PAD;
  if (measuring.measureText(content).width > room) {
    text.setAttribute("textLength", String(room));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return text;
}

/** The finished sheet as one SVG: title, the ranking's lines as shown, the chart in the reader's language. */
export function resultSvg(form, title) {
  const rows = [...form.querySelectorAll(".ranking .rank .who")].map(lineText);
  const chart = [...form.querySelectorAll("[data-figure=chart] svg")].find((svg) => svg.getClientRects().length > 0);
  const svg = document.createElementNS(NS, "svg");
  let y = PAD + 26;
  const parts = [svgText(PAD, y, 26, title, "700")];
  for (const row of rows) parts.push(rowText((y += LINE), row));
  y += PAD;
  if (chart) {
    const copy = chart.cloneNode(true);
    const [, , w, h] = (copy.getAttribute("viewBox") ?? `0 0 ${WIDTH} 0`).split(/\s+/).map(Number);
    const height = Math.round(((WIDTH - 2 * PAD) * h) / w) || 0;
    for (const [name, value] of Object.entries({ x: PAD, y, width: WIDTH - 2 * PAD, height })) copy.setAttribute(name, String(value));
    parts.push(copy);
    y += height;
  }
  const height = y + PAD;
  const background = document.createElementNS(NS, "rect");
  for (const [name, value] of Object.entries({ width: "100%", height: "100%", fill: "#ffffff" })) background.setAttribute(name, value);
  for (const [name, value] of Object.entries({ width: WIDTH, height, viewBox: `0 0 ${WIDTH} ${height}`, color: INK, "font-family": FONT })) {
    svg.setAttribute(name, String(value));
  }
  svg.append(background, ...parts);
  return svg;
}

/** The SVG drawn at twice its size onto a canvas, as a PNG blob. */
export async function svgToPng(svg) {
  const markup = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Number(svg.getAttribute("width")) * 2;
    canvas.height = Number(svg.getAttribute("height")) * 2;
    canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offer the PNG as a file to the system's share sheet where the browser can share files; else download it. */
async function sendPicture(blob, name, title) {
  const file = new File([blob], name, { type: "image/png" });
  if (typeof navigator.canShare === "function" && navigator.canShare({ files: [file] })) {
    await navigator.share({ files: [file], title });
    return "shared";
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return "downloaded";
}

/** Wire a finished sheet's "Share as a picture" button. gameName(): the game's name in the reader's language. */
export function setupPicture(form, gameName, fileName) {
  const button = form.querySelector("[data-action=share-picture]");
  const state = form.querySelector(".share-state");
  button?.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const blob = await svgToPng(resultSvg(form, gameName()));
      const how = await sendPicture(blob, fileName(), gameName());
      state.replaceChildren(...message(`picture-${how}`).childNodes);
      form.dataset.picture = String(blob.size);
    } catch (error) {
      if (error.name !== "AbortError") state.replaceChildren(...message("picture-failed").childNodes);
    } finally {
      button.disabled = false;
    }
  });
}

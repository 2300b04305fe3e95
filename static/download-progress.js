// The status line while a first visit downloads the calculator: "Downloading the calculator: 1.2 of 3.6 MB".
// static/pyodide-start.mjs reports from the worker how many bytes of each of its downloads have come (decoded, with the
// response's encoding); the build wrote what each of those files weighs as stored and as each encoding sends it
// (meta tc-download, build.py's download_sizes), so the line counts what goes over the wire.

/** The channel static/pyodide-start.mjs reports on. */
const PROGRESS_CHANNEL = "__PROGRESS_CHANNEL__";
const MB = 1_000_000;

/** The site's root (this module is in static/), which the build's paths are relative to. */
const ROOT = new URL("../", import.meta.url).href;

/** Bytes over the wire of one file: its share received, times what its encoding sends. */
function wireBytes(weights, heard) {
  const sent = weights[heard.encoding] ?? weights[""];
  return Math.min(1, heard.read / weights[""]) * sent;
}

/** Received and total bytes over the wire; files not heard of yet count as sent the way the last one heard was,
 *  of those the build compressed. Null until one of those is heard: a file too small to compress, such as the lock
 *  file, says nothing of how the host sends the others. */
export function progress(sizes, heardByPath) {
  let encoding = null;
  for (const [path, file] of heardByPath) if (Object.keys(sizes[path]).length > 1) encoding = file.encoding;
  if (encoding === null) return null;
  let received = 0;
  let total = 0;
  for (const [path, weights] of Object.entries(sizes)) {
    const file = heardByPath.get(path);
    total += weights[file ? file.encoding : encoding] ?? weights[""];
    if (file) received += wireBytes(weights, file);
  }
  return { received, total };
}

const megabytes = (bytes) => (bytes / MB).toFixed(1);

/** Show the progress in the status line (every language's copy of the sentence holds the two numbers). */
function show(line, { received, total }) {
  for (const number of line.querySelectorAll("[data-download=received]")) number.textContent = megabytes(received);
  for (const number of line.querySelectorAll("[data-download=total]")) number.textContent = megabytes(total);
  if (received < total) line.dataset.downloading = "";
  else delete line.dataset.downloading;
}

/** Follow the worker's downloads until stop() is called (Python answered or failed): the status line says how far
 *  they have got while any is under way. Returns stop. */
export function followDownloads() {
  const meta = document.querySelector("meta[name=tc-download]");
  if (!meta || typeof BroadcastChannel !== "function") return () => {};
  const sizes = JSON.parse(meta.content);
  const heard = new Map();
  const channel = new BroadcastChannel(PROGRESS_CHANNEL);
  channel.onmessage = ({ data }) => {
    const path = data.url.startsWith(ROOT) ? data.url.slice(ROOT.length).split("?")[0] : null;
    if (!(path in sizes)) return;
    heard.set(path, data);
    const line = document.querySelector(".calculator-state");
    const counted = progress(sizes, heard);
    if (line && counted) show(line, counted);
  };
  return () => {
    channel.close();
    const line = document.querySelector(".calculator-state");
    if (line) delete line.dataset.downloading;
  };
}

// The offline copy (sw.js, two tiers): registered after the page has loaded; the Offline panel in settings and the
// home page's one-line offer show what is offline and let the reader keep or free the calculator's Python.
import { message } from "./site.js";
import { keys, read, remove, writeChoice } from "./storage.js";

const root = document.documentElement;
const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
const supported = "serviceWorker" in navigator && (location.protocol === "https:" || local);

let calculator = null; // play/'s calculator starting (afterCalculator), or null on the other pages

/** play.js hands over the calculator's start (calculator.js's startWorker()); the offline copy is registered once it has
 *  started or failed, so that caching never competes with it. On other pages it is registered at load. */
export function afterCalculator(started) {
  calculator = started;
}

function afterStart(then) {
  if (!calculator) return then();
  calculator.then(() => then(), () => then());
}

/** Ask the active service worker: "status", "repair", "keep-python" or "free-python" (and what goes with it); the
 *  answer is what is offline. */
async function ask(type, data = {}) {
  const registration = await navigator.serviceWorker.ready;
  const channel = new MessageChannel();
  const answer = new Promise((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data);
  });
  // The reader's choice to keep the calculator, remembered here too: deleting the caches deletes the worker's marker.
  // Only the choice itself changes it: an answer that arrives after the caches were deleted must not forget it.
  // Quietly: the worker keeps its own marker, and a full storage's line is about what the reader typed (issue 38: the
  // line stayed for good when this copy was refused while the storage was full, and the sheet saved again).
  if (type === "keep-python") writeChoice(keys.offlinePython, "1");
  registration.active.postMessage({ ...data, type }, [channel.port2]);
  const state = await answer;
  if (state.error) throw new Error(state.error);
  if (type === "free-python") remove(keys.offlinePython);
  else if (state.python.wanted) writeChoice(keys.offlinePython, "1");
  return state;
}

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

function show(state) {
  for (const mark of document.querySelectorAll("[data-offline-tier]")) {
    const tier = state[mark.dataset.offlineTier];
    const stored = tier.stored === tier.total;
    mark.querySelector(".yes").hidden = !stored;
    mark.querySelector(".no").hidden = stored;
    mark.dataset.stored = String(stored);
  }
  for (const size of document.querySelectorAll("[data-python-size]")) size.textContent = megabytes(state.python.bytes);
  const kept = state.python.stored === state.python.total;
  for (const button of document.querySelectorAll('[data-offline-action="keep"]')) button.hidden = kept;
  for (const button of document.querySelectorAll('[data-offline-action="free"]')) button.hidden = state.python.stored === 0;
  for (const shown of document.querySelectorAll("[data-offline]")) shown.hidden = false;
  const missing = state.light.missing ?? [];
  if (missing.length) {
    console.warn("offline copy: not stored yet (tried again on the next visit):", missing);
    note("offline-missing", { files: missing.join(", ") });
  }
}

function note(key, values = {}) {
  for (const line of document.querySelectorAll("[data-offline-note]")) line.replaceChildren(...(key ? [message(key, values)] : []));
}

async function act(type, busy, done) {
  const buttons = document.querySelectorAll("[data-offline-action]");
  for (const button of buttons) button.disabled = true;
  note(busy);
  try {
    const state = await ask(type);
    note(type === "keep-python" && state.python.stored < state.python.total ? "offline-failed" : done);
    show(state);
  } catch (error) {
    console.warn("offline copy:", error);
    note("offline-failed");
  } finally {
    for (const button of buttons) button.disabled = false;
  }
}

for (const button of document.querySelectorAll('[data-offline-action="keep"]')) {
  button.addEventListener("click", () => act("keep-python", "offline-saving", "offline-saved"));
}
for (const button of document.querySelectorAll('[data-offline-action="free"]')) {
  button.addEventListener("click", () => act("free-python", null, "offline-freed"));
}

function start() {
  navigator.serviceWorker
    .register(new URL(root.dataset.root + "sw.js", location.href))
    .then(() => (document.body.classList.contains("page-play") ? ask("keep-python") : ask("repair", { wanted: read(keys.offlinePython) === "1" })))
    .then(show)
    .catch((error) => console.warn("no offline copy this time; the page itself works", error));
}

if (supported) {
  if (document.readyState === "complete") afterStart(start);
  else addEventListener("load", () => afterStart(start), { once: true });
}

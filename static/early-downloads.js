// Pyodide's two large files, downloaded by play/ itself as soon as it starts on a visit that does not hold the
// calculator offline, and handed to the worker when it asks. Left to the worker, their download began only once
// the hidden frame, PyScript and the worker had loaded one after another (over a phone's link, a second or more of a
// first visit); from here it begins while the page's own files download. The worker (static/pyodide-start.mjs) asks
// for each before fetching it itself, so nothing is downloaded twice:
//   worker -> {ask: url, id}       every play/ page answers one of:
//   page   -> {offer: id, page}    it has that file under way, unclaimed, or
//   page   -> {decline: id}        it has not (the worker then fetches the file itself);
//   worker -> {take: id, page}     to the first page that offered; that page then sends, and forgets the file:
//   page   -> {id, head: {status, statusText, headers}}, then {id, chunk} for each part, then {id, end} or {id, error}.
// This module imports nothing and nothing imports it: play/ loads it first, beside python-frame-start.js.

/** The channel static/pyodide-start.mjs asks on. */
const EARLY_CHANNEL = "__EARLY_CHANNEL__";
/** The files, as Pyodide's loader asks for them (relative to this module; the build writes the list in). */
const FILES = __EARLY_FILES__.map((name) => `../pyodide/${name}`);
/** The offline copy's cache and the memory snapshot in it (static/sw.template.js): a visit that holds the snapshot
 *  starts Python from the offline copy and asks for nothing. */
const OFFLINE_CACHE = "__OFFLINE_CACHE__";
const SNAPSHOT = "../pyodide/__SNAPSHOT__";
/** A download no worker has claimed after this long is dropped (its memory freed). */
const UNCLAIMED_MS = 120_000;
/** At most this long of one task is spent sending a download's parts to the worker. */
const SLICE_MS = 8;

/** Whether this browser holds the calculator offline, as static/pyodide-start.mjs decides it. */
async function heldOffline() {
  try {
    if (!self.caches || !(await caches.has(OFFLINE_CACHE))) return false;
    const cache = await caches.open(OFFLINE_CACHE);
    return (await cache.match(new URL(SNAPSHOT, import.meta.url).href, { ignoreSearch: true })) !== undefined;
  } catch {
    return false;
  }
}

/** One file under way: its parts are kept until a worker takes it, then sent to that worker as they come. */
function download(url, channel) {
  const file = { head: null, parts: [], ended: false, failed: null, to: null, stop: new AbortController() };
  // Messages go out in order, a few milliseconds' worth per task: each is a copy, and the parts kept until a worker
  // asked, sent in one go, were one long task of the page while its first field was taking input (issue 44).
  const outbox = [];
  let pumping = false;
  const pump = () => {
    const until = performance.now() + SLICE_MS;
    while (outbox.length && performance.now() < until) channel.postMessage(outbox.shift());
    pumping = outbox.length > 0;
    if (pumping) setTimeout(pump);
  };
  const send = (...messages) => {
    for (const message of messages) outbox.push({ id: file.to, ...message });
    if (!pumping) pump();
  };
  file.take = (id) => {
    file.to = id;
    const backlog = file.parts.splice(0).map((chunk) => ({ chunk }));
    if (file.head) backlog.unshift({ head: file.head });
    if (file.ended) backlog.push({ end: true });
    else if (file.failed) backlog.push({ error: file.failed });
    send(...backlog);
  };
  (async () => {
    const response = await fetch(url, { signal: file.stop.signal });
    file.head = { status: response.status, statusText: response.statusText, headers: [...response.headers] };
    if (file.to) send({ head: file.head });
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (file.to) send({ chunk: value });
      else file.parts.push(value);
    }
    file.ended = true;
    if (file.to) send({ end: true });
  })().catch((error) => {
    file.failed = String(error);
    if (file.to) send({ error: file.failed });
  });
  return file;
}

/** Start the downloads (unless the calculator is held offline) and answer the workers' questions about them. */
function start() {
  if (typeof BroadcastChannel !== "function") return; // the worker then fetches the files itself
  const channel = new BroadcastChannel(EARLY_CHANNEL);
  const page = `${Date.now()}-${Math.random()}`;
  const files = new Map(); // URL -> its download, until a worker takes it
  const offered = new Map(); // question id -> URL
  const ready = heldOffline().then((held) => {
    if (held) return;
    for (const relative of FILES) {
      const url = new URL(relative, import.meta.url).href;
      files.set(url, download(url, channel));
    }
    setTimeout(() => {
      for (const file of files.values()) file.stop.abort();
      files.clear();
    }, UNCLAIMED_MS);
  });
  channel.onmessage = async ({ data }) => {
    await ready; // a question asked while this page looks for the offline copy is answered once it knows
    if (data.ask) {
      if (files.has(data.ask)) offered.set(data.id, data.ask);
      channel.postMessage(files.has(data.ask) ? { offer: data.id, page } : { decline: data.id });
    } else if (data.take && data.page === page) {
      const url = offered.get(data.take);
      offered.delete(data.take);
      const file = files.get(url);
      files.delete(url);
      if (file) file.take(data.take);
      else channel.postMessage({ id: data.take, error: "taken by another worker" });
    }
  };
}

start();

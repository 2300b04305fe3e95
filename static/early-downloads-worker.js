// A worker of its own (play/'s first script, early-downloads.js, starts it on a visit that does not hold the calculator
// offline): Pyodide's two large files downloaded at once, and handed to the calculator's worker when it asks.
// Left to that worker, their download began only once the hidden frame, PyScript and the worker had loaded one after
// another (over a phone's link, a second or more of a first visit); from here it begins while the page's own files
// download. Not on the page itself: there, reading each part of a 10 MB body and Chromium's end of it (about 25 ms of
// the thread that read it, 100 ms at a phone's speed) were long tasks while the first field took input (issue 44).
// The calculator's worker (static/pyodide-start.mjs) asks for each file before fetching it itself, so nothing is
// downloaded twice:
//   worker -> {ask: url, id}       every early-downloads worker answers one of:
//   early  -> {offer: id, from}    it has that file under way, unclaimed, or
//   early  -> {decline: id}        it has not (the worker then fetches the file itself);
//   worker -> {take: id, from}     to the first that offered; that one then sends, and forgets the file:
//   early  -> {id, head: {status, statusText, headers}}, then {id, chunk} for each part, then {id, end} or {id, error}.
// A classic worker script (every engine runs those); it imports nothing.

/** The channel static/pyodide-start.mjs asks on. */
const EARLY_CHANNEL = "__EARLY_CHANNEL__";
/** The files, as Pyodide's loader asks for them (relative to this script; the build writes the list in). */
const FILES = __EARLY_FILES__.map((name) => `../pyodide/${name}`);
/** A download no worker has claimed after this long is dropped (its memory freed). */
const UNCLAIMED_MS = 120_000;

/** One file under way: its parts are kept until a worker takes it, then sent to that worker as they come. */
function download(url, channel) {
  const file = { head: null, parts: [], ended: false, failed: null, to: null, stop: new AbortController() };
  const send = (...messages) => {
    for (const message of messages) channel.postMessage({ id: file.to, ...message });
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

/** Start the downloads and answer the calculator's workers' questions about them. */
function start() {
  const channel = new BroadcastChannel(EARLY_CHANNEL);
  const from = `${Date.now()}-${Math.random()}`; // this worker, in the messages' `from`
  const files = new Map(); // URL -> its download, until a worker takes it
  const offered = new Map(); // question id -> URL
  for (const relative of FILES) {
    const url = new URL(relative, self.location.href).href;
    files.set(url, download(url, channel));
  }
  setTimeout(() => {
    for (const file of files.values()) file.stop.abort();
    files.clear();
  }, UNCLAIMED_MS);
  channel.onmessage = ({ data }) => {
    if (data.ask) {
      if (files.has(data.ask)) offered.set(data.id, data.ask);
      channel.postMessage(files.has(data.ask) ? { offer: data.id, from } : { decline: data.id });
    } else if (data.take && data.from === from) {
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

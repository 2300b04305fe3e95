// Pyodide for PyScript's PyWorker, restored from the memory snapshot made at build time (tools/python_start.mjs) when
// this browser holds it already, so the work of starting Python is done once at build time rather than on every
// visit. A first visit starts Python normally: over a phone's link the snapshot's 6 MB cost more time than they save;
// the service worker fetches it with the rest of the calculator after the first total, and later visits use it.
// PyScript imports this module in place of pyodide.mjs (calculator.js passes its URL as `version`) and calls its
// loadPyodide; the rest is Pyodide's.
import { loadPyodide as loadStock, version } from "../pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../pyodide/", import.meta.url).href;
const SNAPSHOT = "__SNAPSHOT__";
/** The offline copy's cache (static/sw.template.js). */
const OFFLINE_CACHE = "__OFFLINE_CACHE__";

/** The snapshot's bytes, inflated: the offline copy stores it inflated (static/sw.template.js), read in one piece
 *  (the worker's thread is free while the browser reads it); the server sends it gzipped, and an offline copy made
 *  by an older service worker holds it so. */
async function inflated(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Python's memory from python_snapshot.bin.gz: the pages that are not all zeros, each written into place (the
 *  format: static/snapshot-format.mjs, loaded on a visit that restores only); with the length of its start that is
 *  XORed with the memory the WebAssembly module starts with (`restoring` puts it right). */
export async function snapshot(response) {
  const [{ withZeroPages }, bytes] = await Promise.all([import("./snapshot-format.mjs"), inflated(response)]);
  return withZeroPages(bytes, SNAPSHOT);
}

/** Run `load` (Pyodide's loadPyodide, given `unpacked`'s memory to restore) with the snapshot put right as the
 *  WebAssembly is instantiated: its static data XORed with the new instance's memory (the module's data segments,
 *  as the build tool XORed it) and Pyodide's magic number restored. Without that step Pyodide refuses the snapshot. */
export async function restoring(unpacked, load) {
  const { onFirstMemory, xorInto } = await import("./initial-memory.mjs"); // a visit that restores only
  return onFirstMemory(async (start) => {
    try {
      const { memory, xorLength } = await unpacked;
      // Pyodide's header comes first (its length is the second u32): Python's memory starts after it.
      const header = new DataView(memory.buffer);
      xorInto(memory, header.getUint32(4, true), start, xorLength);
      header.setUint32(0, ~header.getUint32(0, true), true);
    } catch (error) {
      console.warn("the snapshot could not be put right", error); // Pyodide then refuses it
    }
  }, load);
}

/** The snapshot as the offline copy holds it (any build's: one made by another Pyodide fails to load and Python
 *  starts normally; stale scoring modules in it are replaced by static/worker.py), or null. */
async function heldSnapshot() {
  try {
    if (!self.caches || !(await caches.has(OFFLINE_CACHE))) return null;
    const cache = await caches.open(OFFLINE_CACHE);
    return (await cache.match(new URL(SNAPSHOT, indexURL).href, { ignoreSearch: true })) ?? null;
  } catch (error) {
    console.warn("the offline copy could not be read", error);
    return null;
  }
}

/** The channel static/download-progress.js listens on. */
const PROGRESS_CHANNEL = "__PROGRESS_CHANNEL__";
/** At most one report per download this often, ms (one when it ends, and the count so far once bytes pause). */
const REPORT_EVERY_MS = 150;

/** Read a copy of a response's body as it arrives and report, by URL, how many bytes (decoded) have come and with
 *  which encoding; the response itself goes to its caller untouched. Bytes that came too soon after a report are
 *  reported REPORT_EVERY_MS after it, so a download that stalls shows all it has received. */
async function report(url, response, channel) {
  const reader = response.body.getReader();
  const encoding = response.headers.get("content-encoding") ?? "";
  let read = 0;
  let reported = 0;
  let later = null;
  const send = (done) => {
    clearTimeout(later);
    later = null;
    channel.postMessage({ url, read, encoding, done });
    reported = performance.now();
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return send(true);
    read += value.byteLength;
    const since = performance.now() - reported;
    if (since >= REPORT_EVERY_MS) send(false);
    else later ??= setTimeout(() => send(false), REPORT_EVERY_MS - since);
  }
}

/** The channel static/early-downloads-worker.js answers on (its header has the exchange). */
const EARLY_CHANNEL = "__EARLY_CHANNEL__";
/** Pyodide's files that play/'s early worker may have under way (static/early-downloads-worker.js's FILES). */
const EARLY_FILES = __EARLY_FILES__.map((name) => new URL(name, indexURL).href);
/** How long to wait for an early worker to answer before fetching a file here (none is started on a visit that holds
 *  the calculator offline). */
const ANSWER_WAIT_MS = 3000;

/** The worker's own fetch, before fetchEarly() wraps it. */
const STOCK_FETCH = globalThis.fetch.bind(globalThis);

/** The rest of a file whose first `received` bytes came from play/ before its download failed, fetched here and
 *  put on the same stream: Pyodide's compiling of a stream that errors never ends (nor says so). */
async function resumeHere(url, received, body) {
  try {
    const reader = (await STOCK_FETCH(url)).body.getReader();
    for (let skip = received; ; ) {
      const { done, value } = await reader.read();
      if (done) break;
      if (skip < value.byteLength) body.enqueue(skip ? value.subarray(skip) : value);
      skip = Math.max(0, skip - value.byteLength);
    }
    body.close();
  } catch (error) {
    body.error(new Error(`${url}: ${error}`));
  }
}

/** A file play/'s early worker has under way, as a response streamed from it; null if none has it (or it failed
 *  before its first byte), and then the caller fetches it. Should that download fail part-way, the rest is fetched
 *  here. */
function fromEarlyWorker(url) {
  if (typeof BroadcastChannel !== "function") return Promise.resolve(null);
  const channel = new BroadcastChannel(EARLY_CHANNEL);
  const id = `${Date.now()}-${Math.random()}`;
  return new Promise((resolve) => {
    let body = null; // the stream's controller, once the head has come
    let received = 0; // bytes of the body the early worker has passed on
    const finish = (response) => {
      clearTimeout(timer);
      resolve(response);
    };
    const timer = setTimeout(() => [channel.close(), finish(null)], ANSWER_WAIT_MS);
    channel.onmessage = ({ data }) => {
      if (data.decline === id && !body) [channel.close(), finish(null)];
      else if (data.offer === id && !body) {
        clearTimeout(timer);
        channel.postMessage({ take: id, from: data.from });
        body = "asked";
      } else if (data.id !== id) return;
      else if (data.head) {
        const stream = new ReadableStream({ start: (controller) => (body = controller) });
        const { status, statusText, headers } = data.head;
        finish(new Response(stream, { status, statusText, headers }));
      } else if (data.chunk) {
        received += data.chunk.byteLength;
        body.enqueue(data.chunk);
      } else if (data.end) [body.close(), channel.close()];
      else if (data.error) {
        channel.close();
        if (body === "asked") finish(null);
        else resumeHere(url, received, body);
      }
    };
    channel.postMessage({ ask: url, id });
  });
}

/** The site's Python files (build.py's write_python_file_list), which PyScript fetches only once Python has started. */
const PYTHON_FILES = new URL("../py/files.json", import.meta.url).href;

/** The site's Python files fetched at once, beside Pyodide's own, rather than after Python has started (over a
 *  phone's link that wait left the link idle for a round trip or more; from the offline copy, it kept Python waiting
 *  for 27 answers of the service worker): PyScript's own fetch of one gets the response already under way. On a
 *  first visit, each download is also reported to the page (static/download-progress.js) and Pyodide's largest
 *  files are taken from play/'s early worker when it has them under way (static/early-downloads-worker.js). */
function fetchEarly(firstVisit) {
  const stockFetch = self.fetch.bind(self);
  const channel = firstVisit && typeof BroadcastChannel === "function" ? new BroadcastChannel(PROGRESS_CHANNEL) : null;
  const reported = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
    const early = firstVisit && EARLY_FILES.includes(url) && (await fromEarlyWorker(url));
    const response = early || (await stockFetch(input, init));
    if (channel && response.ok && response.body) report(url, response.clone(), channel).catch(() => {});
    return response;
  };
  const early = new Map(); // URL -> the response under way
  const asked = new Set(); // URLs PyScript asked for before the list came: not fetched twice
  reported(PYTHON_FILES)
    .then((response) => (response.ok ? response.json() : []))
    .then((names) => {
      for (const name of names) {
        const url = new URL(name, PYTHON_FILES).href;
        if (!asked.has(url)) early.set(url, reported(url));
      }
    })
    .catch((error) => console.warn("the Python files are fetched when asked for", error));
  self.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input?.url;
    const underWay = early.get(url);
    asked.add(url);
    if (!underWay || init?.method) return reported(input, init);
    early.delete(url);
    return underWay.catch(() => reported(input, init));
  };
}

/** Python made ready for PyScript and static/worker.py, on every start (restored or not):
 *  - PyScript writes its Python package (pyscript/, 14 modules as source) at every start and imports it before it runs
 *    the worker's code; the calculator uses none of it. A finder has Python run the package the first time something
 *    uses it (importlib.util.LazyLoader) rather than compile and run it at every start.
 *  - The long sources PyScript runs at every start (the code that writes that package, 33 KB, and static/worker.py)
 *    are compiled once and kept (`keep_compiled`, as marshal data): Pyodide's runPython dedents, parses to an AST in
 *    Python objects, walks it and compiles it (keeping them made warm visits 96 ms shorter: docs/performance.md,
 *    session 18). A kept code object is used only for the same source, options and Python (its key says which),
 *    otherwise the source compiles as before; the kept set holds only what the last visit that compiled anything
 *    used. */
const START_PYTHON = `
import importlib.machinery, importlib.util, marshal, sys
from hashlib import sha256
import pyodide.code
from _pyodide._base import CodeRunner
from pyodide.ffi import to_js
from tc_paths import compiled as _compiled_bytes, keep_compiled as _keep_compiled

class LazyPyScript:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "pyscript":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = importlib.util.LazyLoader(spec.loader)
        return spec

sys.meta_path.insert(0, LazyPyScript)

class CompiledOnce:
    shortest = 2000  # shorter sources compile in a few milliseconds
    held = {}
    used = {}
    plain = pyodide.code.eval_code

    @classmethod
    def read(cls, data):
        try:
            held = marshal.loads(data.to_bytes()) if data is not None else {}
        except Exception:
            held = {}
        cls.held = {k: v for k, v in held.items() if isinstance(k, str) and isinstance(v, bytes)} if isinstance(held, dict) else {}

    @classmethod
    def runner(cls, source, options):
        key = sha256(repr((importlib.util.MAGIC_NUMBER, sorted(options.items()), source)).encode()).hexdigest()
        code = None
        if key in cls.held:
            try:
                code = marshal.loads(cls.held[key])
            except Exception:
                pass  # damaged: compiled again below
        if code is None:  # a compile error is raised from here as from Pyodide's own runPython
            runner = CodeRunner(source, **options).compile()
            cls.used[key] = marshal.dumps(runner.code)
            _keep_compiled(to_js(marshal.dumps(cls.used)))
            return runner
        cls.used[key] = cls.held[key]
        runner = object.__new__(CodeRunner)
        runner._compiled, runner._source, runner.code = True, source, code
        return runner

    @classmethod
    def eval_code(cls, source, globals=None, locals=None, **options):
        if not isinstance(source, str) or len(source) < cls.shortest or not options.keys() <= {"filename"}:
            return cls.plain(source, globals, locals, **options)
        return cls.runner(source, options).run(globals, locals)

CompiledOnce.read(_compiled_bytes)
pyodide.code.eval_code = CompiledOnce.eval_code
`;

/** Python made ready (START_PYTHON), with what the worker cannot ask Pyodide for as the module `tc_paths`: where the
 *  rest of the standard library is, whether Python was restored from the snapshot, and the compiled code kept. */
export function prepared(python, restored = false, compiled = null) {
  python.registerJsModule("tc_paths", {
    later_library: new URL("python_later.zip", indexURL).href,
    restored,
    compiled,
    keep_compiled: keepCompiled,
  });
  const builtins = python.pyimport("builtins");
  const namespace = builtins.dict();
  builtins.exec(START_PYTHON, namespace); // exec: a plain compile, not runPython's
  namespace.destroy();
  builtins.destroy();
  return python;
}

/** Where compiled code is kept: a cache of its own beside the offline copy, whose service worker deletes the entries
 *  no build lists (and keeps its own name for "free the space"). */
const COMPILED_CACHE = "__COMPILED_CACHE__";
const COMPILED_KEY = new URL("__compiled-python", indexURL).href;

/** The compiled code kept by an earlier visit (marshal data), or null. */
async function heldCompiled() {
  try {
    if (!globalThis.caches || !(await caches.has(COMPILED_CACHE))) return null;
    const hit = await (await caches.open(COMPILED_CACHE)).match(COMPILED_KEY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** Keep compiled code for the next visit (not awaited: nothing waits for it). */
function keepCompiled(bytes) {
  const copy = bytes.slice();
  if (!globalThis.caches) return;
  caches
    .open(COMPILED_CACHE)
    .then((cache) => cache.put(COMPILED_KEY, new Response(copy)))
    .catch((error) => console.warn("compiled code not kept", error));
}

export async function loadPyodide(options) {
  const compiled = heldCompiled();
  const held = await heldSnapshot();
  fetchEarly(!held);
  if (!held) return prepared(await loadStock({ ...options, indexURL }), false, await compiled);
  try {
    const unpacked = snapshot(held);
    const memory = unpacked.then(({ memory }) => memory);
    const python = await restoring(unpacked, () => loadStock({ ...options, indexURL, _loadSnapshot: memory }));
    console.debug("Python restored from the snapshot held offline");
    return prepared(python, true, await compiled);
  } catch (error) {
    console.warn("Python snapshot not used; starting Python from scratch.", error);
    return prepared(await loadStock({ ...options, indexURL }), false, await compiled);
  }
}

// Service worker: the offline copy in two tiers, every file stored under its content hash (build.py writes the lists).
// Light tier (pages, styles, scripts, search index, icons): cached on any visit. Python tier (Pyodide, its start-up
// snapshot, PyScript, scoring): cached on a visit to play/, or when the reader asks (the Offline panel, site.js).
// A new build fetches only the files whose hash changed; entries no build lists any more are deleted on activation.
const VERSION = "__VERSION__";
const LIGHT = __LIGHT__;
const PYTHON = __PYTHON__;
const PYTHON_BYTES = __PYTHON_BYTES__;
const FILES = { ...LIGHT, ...PYTHON };
const CACHE = "__OFFLINE_CACHE__";
const PARALLEL = 4;

const scope = () => self.registration.scope;
/** The cache key of a listed file: its URL with its content hash. */
const key = (path) => new URL(`${path}?__tc=${FILES[path]}`, scope()).href;
/** The reader chose to keep the calculator offline: updates then fetch its changed files too. */
const wantedKey = () => new URL("./__tc-python-wanted", scope()).href;
/** Python's memory snapshot: fetched gzipped, stored inflated (see `storable`). */
const SNAPSHOT = "./pyodide/__SNAPSHOT__";
const GZIP_MAGIC = [0x1f, 0x8b];
/** Python code compiled by the calculator's worker and kept for its next start (static/pyodide-start.mjs). */
const COMPILED_CACHE = "__COMPILED_CACHE__";

/** A fetched file as the offline copy stores it: as it came, but for the memory snapshot, which is stored inflated
 *  (11 MB rather than 2.9): every returning visit to play/ reads it on the calculator worker's thread before Python
 *  can start, and inflating it there took ~86 ms of that thread (static/pyodide-start.mjs reads either form). */
async function storable(path, response) {
  if (path !== SNAPSHOT || typeof DecompressionStream !== "function") return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gzipped = GZIP_MAGIC.every((byte, at) => bytes[at] === byte);
  const body = gzipped ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer() : bytes;
  return new Response(body, { headers: { "content-type": "application/octet-stream" } });
}

/** The URLs stored now: one read of the cache's keys (a lookup per path, ~140 in a row, was the slow part of every
 *  visit's repair and status, more so on a busy phone). */
const storedUrls = async (cache) => new Set((await cache.keys()).map((request) => request.url));
/** The paths not stored under their current hash. */
const absent = (stored, paths) => paths.filter((path) => !stored.has(key(path)));

/** Fetch and store the listed files not stored yet under their current hash, as many as arrive: one that cannot be
 *  fetched (a build missing a file, the network dropping) is left for the next visit, never the rest with it.
 *  The paths still missing afterwards. */
async function fill(paths) {
  const cache = await caches.open(CACHE);
  const todo = absent(await storedUrls(cache), paths);
  const missing = [];
  let next = 0;
  async function worker() {
    while (next < todo.length) {
      const path = todo[next++];
      try {
        const response = await fetch(new URL(path, scope()), { cache: "no-cache" });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        await cache.put(key(path), await storable(path, response));
      } catch (error) {
        missing.push(`${path} (${error.message ?? error})`);
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (missing.length) console.warn(`offline copy: ${missing.length} files not stored, tried again on the next visit:`, missing);
  return missing;
}

async function pythonWanted() {
  return Boolean(await (await caches.open(CACHE)).match(wantedKey()));
}

/** Store again whatever of the offline copy is gone (the caches deleted by the reader or under storage pressure, a
 *  file that could not be fetched before): the light tier always, the calculator's when the reader keeps it (its
 *  marker, or `wanted`: the page remembers the choice where a deleted cache cannot take it along). */
async function repair(wanted = false) {
  if (wanted && !(await pythonWanted())) await (await caches.open(CACHE)).put(wantedKey(), new Response("1"));
  await fill(Object.keys(LIGHT));
  if (await pythonWanted()) await fill(Object.keys(PYTHON));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await repair();
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("table-companion-") && name !== CACHE) await caches.delete(name);
      const cache = await caches.open(CACHE);
      const current = new Set([...Object.keys(FILES).map(key), wantedKey()]);
      for (const request of await cache.keys()) if (!current.has(request.url)) await cache.delete(request);
      await self.clients.claim();
    })(),
  );
});

/** The listed path a request asks for ("./rules/bruges/" for …/rules/bruges/index.html), or null. */
function listed(url) {
  const base = new URL(scope());
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const path = "./" + url.pathname.slice(base.pathname.length).replace(/(^|\/)index\.html$/, "$1");
  return path in FILES ? path : null;
}

async function respond(event, path) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const hit = path && (await cache.match(key(path)));
  if (hit) return hit;
  try {
    const response = await fetch(request);
    // The calculator's files are kept as play/ loads them, so that making it offline does not fetch them twice.
    if (path in PYTHON && response.ok && response.status === 200 && new URL(request.url).search === "") {
      event.waitUntil(storable(path, response.clone()).then((stored) => cache.put(key(path), stored)));
    }
    return response;
  } catch (error) {
    // The page that asked has gone (a link followed while Python was loading): nobody waits for this answer.
    if (error?.name === "AbortError" || request.signal?.aborted) return Response.error();
    if (request.mode === "navigate") {
      const fallback = await cache.match(key("./offline.html"));
      if (fallback) return fallback;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const path = listed(new URL(request.url));
  if (path || request.mode === "navigate") event.respondWith(respond(event, path));
});

/** What is offline: counts of stored files per tier, the light tier's missing files, and the calculator's weight. */
async function status() {
  const cache = await caches.open(CACHE);
  const stored = await storedUrls(cache);
  const light = absent(stored, Object.keys(LIGHT));
  const python = absent(stored, Object.keys(PYTHON));
  const tier = (files, gone) => ({ stored: Object.keys(files).length - gone.length, total: Object.keys(files).length });
  return {
    version: VERSION,
    light: { ...tier(LIGHT, light), missing: light },
    python: { ...tier(PYTHON, python), bytes: PYTHON_BYTES, wanted: await pythonWanted() },
  };
}

const ACTIONS = {
  status,
  /** Every visit's question: what is offline, once what went missing has been stored again. */
  async repair(data) {
    await repair(data.wanted === true);
    return status();
  },
  async "keep-python"() {
    await repair(true);
    return status();
  },
  async "free-python"() {
    const cache = await caches.open(CACHE);
    await cache.delete(wantedKey());
    for (const path of Object.keys(PYTHON)) await cache.delete(key(path));
    await caches.delete(COMPILED_CACHE);
    return status();
  },
};

// offline.js asks through a MessageChannel: { type: "status" | "repair" | "keep-python" | "free-python" }; the answer
// is status().
self.addEventListener("message", (event) => {
  const action = ACTIONS[event.data?.type];
  const port = event.ports[0];
  if (!action || !port) return;
  event.waitUntil(action(event.data).then((value) => port.postMessage(value), (error) => port.postMessage({ error: String(error) })));
});

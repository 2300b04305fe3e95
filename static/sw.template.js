// Service worker: precache the whole site (pages, scoring, PyScript, Pyodide) and serve it offline.
const VERSION = "__VERSION__";
const CACHE = "table-companion-" + VERSION;
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("table-companion-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // An exact lookup first: matching with ignoreSearch has to read every entry of the cache.
      const hit = (await cache.match(request)) ?? (url.search ? await cache.match(request, { ignoreSearch: true }) : undefined);
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        if (request.mode === "navigate") {
          const fallback = await cache.match(new URL("offline.html", self.registration.scope).href);
          if (fallback) return fallback;
        }
        throw error;
      }
    }),
  );
});

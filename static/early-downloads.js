// play/'s first script (in <head>, before the style sheet, so that Chromium does not hold it back behind it): on a
// visit that does not hold the calculator offline, it starts early-downloads-worker.js, which downloads Pyodide's two
// large files at once and hands them to the calculator's worker when it asks. The download runs in a worker of its
// own, not on the page: there, reading each part of a 10 MB body and Chromium's end of it were long tasks of the page
// while its first field took input (issue 44). A visit that holds the calculator offline starts no worker at all.
(() => {
  /** The offline copy's cache and the memory snapshot in it (static/sw.template.js): a visit that holds the snapshot
   *  starts Python from the offline copy and asks for nothing. */
  const OFFLINE_CACHE = "__OFFLINE_CACHE__";
  const SNAPSHOT = "../pyodide/__SNAPSHOT__";
  const script = document.currentScript.src; // known only while this script first runs

  /** Whether this browser holds the calculator offline, as static/pyodide-start.mjs decides it. */
  async function heldOffline() {
    try {
      if (!self.caches || !(await caches.has(OFFLINE_CACHE))) return false;
      const cache = await caches.open(OFFLINE_CACHE);
      return (await cache.match(new URL(SNAPSHOT, script).href, { ignoreSearch: true })) !== undefined;
    } catch {
      return false;
    }
  }

  if (typeof Worker !== "function" || typeof BroadcastChannel !== "function") return; // fetched by the other worker
  heldOffline().then((held) => {
    if (held) return;
    try {
      const url = new URL("early-downloads-worker.js", script);
      window.tcEarlyDownloads = new Worker(url, { name: "early-downloads" }); // held while the page is open
    } catch {
      // not allowed here: the calculator's worker fetches them itself
    }
  });
})();

// play/'s first script (in <head>, before the style sheet, so that Chromium does not hold it back behind it): starts
// early-downloads-worker.js, which downloads Pyodide's two large files at once and hands them to the calculator's
// worker when it asks. The download runs in a worker of its own, not on the page: there, reading each part of a
// 10 MB body and Chromium's end of it were long tasks of the page while its first field took input (issue 44).
(() => {
  if (typeof Worker !== "function" || typeof BroadcastChannel !== "function") return; // fetched by the other worker
  try {
    const url = new URL("early-downloads-worker.js", document.currentScript.src);
    window.tcEarlyDownloads = new Worker(url, { name: "early-downloads" }); // held while the page is open
  } catch {
    // not allowed here: the calculator's worker fetches them itself
  }
})();

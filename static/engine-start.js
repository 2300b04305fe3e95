// Starts the calculator's Python (PyScript's PyWorker on the local Pyodide, in a web worker) as early as it can: a
// small classic script at the top of play/'s <head>, run before the page's text is parsed, so the worker starts
// while the page is still being laid out. PyScript itself loads in a hidden frame of its own (play/python.html, see
// python-frame.js). engine.js, imported by play.js, takes the worker from window.tcEngine.
(() => {
  const timings = (window.__tcTimings ??= { recompute: [] });
  timings.workerStart = performance.now();
  const here = document.currentScript.src;
  const config = JSON.parse(document.querySelector("meta[name=tc-worker-config]").content);
  const pyWorker = new Promise((resolve, reject) => {
    const frame = document.createElement("iframe");
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    frame.title = "Python";
    frame.src = new URL("../play/python.html", here).href;
    frame.addEventListener("load", () => {
      let found = null;
      try {
        found = frame.contentWindow.tcPyWorker;
      } catch (error) {
        // an error page in the frame (python.html could not be loaded) is not ours to read
      }
      // Resolved in a task of its own, so PyScript's start and the worker's creation are two short tasks, not one.
      if (found) setTimeout(() => resolve(found));
      else reject(new Error("play/python.html: PyScript did not load"));
    });
    document.head.append(frame);
  });
  window.tcEngine = pyWorker.then((PyWorker) =>
    PyWorker(new URL("worker.py", here).href, {
      type: "pyodide",
      version: new URL("pyodide-start.mjs", here).href,
      config,
    }),
  );
  window.tcEngine.catch(() => {}); // reported by engine.js, which waits for it
})();

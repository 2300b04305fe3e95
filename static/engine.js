// The calculator's Python (PyScript's PyWorker on the local Pyodide, in a web worker), started by <head> while the
// page is still being parsed; play.js calls into it. Timings for the benchmark: window.__tcTimings.
export const timings = (window.__tcTimings ??= { recompute: [] });
const config = JSON.parse(document.querySelector("meta[name=tc-worker-config]").content);

/** After this long without an answer, the sheet says the calculator is slow to start (it may still come). */
const SLOW_MS = 30_000;

function whenParsed(work) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", work, { once: true });
  else work();
}

/** The status line at the top, and html[data-engine] for the note beside every grid (loading, slow, ready, failed,
 *  absent: offline and never downloaded). */
function showState(state, error = null) {
  document.documentElement.dataset.engine = state;
  whenParsed(() => {
    const line = document.querySelector(".engine");
    if (state !== "slow") line.dataset.state = state;
    if (error) for (const code of document.querySelectorAll(".engine-error")) code.textContent = String(error);
  });
}

whenParsed(() => {
  document.addEventListener("click", (event) => {
    if (event.target.closest?.("[data-action=reload]")) location.reload();
  });
});

/** How long a loaded frame may take to offer PyWorker before it is made again (once). */
const FRAME_GRACE_MS = 4000;

/** The hidden frame PyScript loads in (see python-frame.js); resolves with the frame's promise of PyWorker. */
function loadFrame() {
  return new Promise((resolve, reject) => {
    const frame = document.createElement("iframe");
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    frame.title = "Python";
    frame.src = new URL("../play/python.html", import.meta.url).href;
    frame.addEventListener("load", () => {
      const offered = () => frame.contentWindow?.tcPyWorker;
      if (offered()) return setTimeout(() => resolve(offered()));
      // A frame whose module has not run (seen once in WebKit on a visit served by the service worker): wait a little
      // for it to say so, then give up on this frame.
      const timer = setTimeout(() => { frame.remove(); reject(new Error("play/python.html: PyScript did not load")); }, FRAME_GRACE_MS);
      frame.contentWindow?.addEventListener("tc:pyworker", () => { clearTimeout(timer); resolve(offered()); }, { once: true });
    }, { once: true });
    document.head.append(frame);
  });
}

/** PyWorker, from PyScript loaded in a hidden frame of its own, so that PyScript does not search this page's elements
 *  for Python to run; taken in a task after the frame's load, to keep long tasks apart. A frame that offers nothing is
 *  made again once. */
function pyscriptFrame() {
  return loadFrame().catch((error) => {
    console.warn("making the Python frame again:", error);
    return loadFrame();
  });
}

/** Whether the failure is that the calculator was never downloaded: no network, and the offline copy (sw.js) holds
 *  none of Pyodide. The sheet then says so and what to do, rather than that the browser cannot run it. */
async function notDownloaded() {
  if (navigator.onLine !== false) return false;
  try {
    const wasm = new URL("../pyodide/pyodide.asm.wasm", import.meta.url).href;
    return !(await caches.match(wasm, { ignoreSearch: true }));
  } catch {
    return true;
  }
}

let workerPromise = null;
export function startWorker() {
  if (workerPromise) return workerPromise;
  timings.workerStart = performance.now();
  showState("loading");
  const slow = setTimeout(() => showState("slow"), SLOW_MS);
  workerPromise = pyscriptFrame()
    .then((PyWorker) =>
      PyWorker(new URL("../static/worker.py", import.meta.url).href, {
        type: "pyodide",
        version: new URL("./pyodide-start.mjs", import.meta.url).href,
        config,
      }),
    )
    .then(async (worker) => {
      await worker.sync.ping();
      timings.workerReady = performance.now();
      clearTimeout(slow);
      showState("ready");
      return worker.sync;
    })
    .catch(async (error) => {
      clearTimeout(slow);
      showState((await notDownloaded()) ? "absent" : "failed", error);
      console.error("calculator failed to start", error);
      throw error;
    });
  return workerPromise;
}

export async function callPython(name, ...args) {
  const py = await startWorker();
  return JSON.parse(await py[name](...args));
}

startWorker();

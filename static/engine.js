// The calculator's Python (PyScript's PyWorker on the local Pyodide, in a web worker), started by <head> while the
// page is still being parsed; play.js calls into it. Timings for the benchmark: window.__tcTimings.
export const timings = (window.__tcTimings ??= { recompute: [] });
const config = JSON.parse(document.querySelector("meta[name=tc-worker-config]").content);

function showState(state) {
  const apply = () => { document.querySelector(".engine").dataset.state = state; };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply, { once: true });
  else apply();
}

let workerPromise = null;
export function startWorker() {
  if (workerPromise) return workerPromise;
  timings.workerStart = performance.now();
  workerPromise = import("../pyscript/core.js")
    .then(({ PyWorker }) =>
      PyWorker(new URL("../static/worker.py", import.meta.url).href, {
        type: "pyodide",
        version: new URL("./pyodide-start.mjs", import.meta.url).href,
        config,
      }),
    )
    .then(async (worker) => {
      await worker.sync.ping();
      timings.workerReady = performance.now();
      showState("ready");
      return worker.sync;
    })
    .catch((error) => {
      showState("failed");
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

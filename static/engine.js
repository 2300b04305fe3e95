// The calculator's Python for play.js: the worker started by engine-start.js (in <head>), and calls into it.
// Timings for the benchmark: window.__tcTimings.
export const timings = (window.__tcTimings ??= { recompute: [] });

function showState(state) {
  const apply = () => { document.querySelector(".engine").dataset.state = state; };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply, { once: true });
  else apply();
}

let workerPromise = null;
export function startWorker() {
  if (workerPromise) return workerPromise;
  workerPromise = (window.tcEngine ?? Promise.reject(new Error("static/engine-start.js did not run")))
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

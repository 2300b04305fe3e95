// The calculator's Python (PyScript's PyWorker on the local Pyodide, in a web worker), started by <head> while the
// page is still being parsed; play.js calls into it. Timings for the benchmark: window.__tcTimings.
import { watch } from "./watchdog.js";
import { followDownloads } from "./download-progress.js";
import { firstFrame, loadFrame } from "./python-frame-start.js";

export const timings = (window.__tcTimings ??= { recompute: [] });

const config = JSON.parse(document.querySelector("meta[name=tc-worker-config]").content);

/** After this long without an answer, the sheet says the calculator is slow to start (it may still come). */
const SLOW_MS = 30_000;

function whenParsed(work) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", work, { once: true });
  else work();
}

/** The status line at the top, and html[data-calculator] for the note beside every grid (loading, restarting, slow,
 *  ready, failed, absent: offline and never downloaded); the line says "ready again" once a worker has died and
 *  another started. */
function showState(state, error = null) {
  document.documentElement.dataset.calculator = state;
  whenParsed(() => {
    // The latest state, not this call's: a call made while the page was parsed waits for DOMContentLoaded, which
    // comes after the page's modules have run, and a start that failed meanwhile had already written "failed" (a
    // "loading" written after it stayed for good: clean-clone runs 29 and 31).
    const latest = document.documentElement.dataset.calculator;
    const line = document.querySelector(".calculator-state");
    if (latest !== "slow") line.dataset.state = latest;
    if (restarts) line.dataset.restarted = String(restarts);
    if (error) for (const code of document.querySelectorAll(".calculator-error")) code.textContent = String(error);
  });
}

whenParsed(() => {
  document.addEventListener("click", (event) => {
    if (event.target.closest?.("[data-action=reload]")) location.reload();
  });
});

/** PyWorker, from PyScript loaded in a hidden frame of its own, so that PyScript does not search this page's elements
 *  for Python to run; taken in a task after the frame's load, to keep long tasks apart. A frame that offers nothing is
 *  made again once. */
function pyscriptFrame() {
  return firstFrame.catch((error) => {
    console.warn("making the Python frame again:", error);
    return loadFrame();
  });
}

/** Whether the calculator is not on this device and cannot be downloaded now: the offline copy (sw.js) holds none of
 *  Pyodide (never downloaded, or evicted) and the browser says it is offline, or, with `probe` (before another worker
 *  is started), a request for Pyodide finds no network. The sheet then says so and what to do, rather than that the
 *  browser cannot run it (a start that failed online, its files refused, stays a failure). */
async function notDownloaded(probe = false) {
  const wasm = new URL("../pyodide/pyodide.asm.wasm", import.meta.url).href;
  try {
    if (await caches.match(wasm, { ignoreSearch: true })) return false;
  } catch {
    return navigator.onLine === false;
  }
  if (navigator.onLine === false) return true;
  if (!probe) return false;
  try {
    await fetch(wasm, { method: "HEAD", cache: "no-store" }); // any answer, even a refusal: there is a network
    return false;
  } catch {
    return true;
  }
}

let workerPromise = null;
let framePromise = null; // PyWorker, from the frame made once for the page
let watched = null; // the worker in use, watched (watchdog.js)
let restarts = 0;
/** A worker that dies this many times is not started again: the page says the calculator failed. */
const MAX_RESTARTS = 3;

/** The calculator's worker, started once (again after it died: restart()). */
export function startWorker() {
  workerPromise ??= launchWorker();
  return workerPromise;
}

/** Start a worker and watch it; the status line follows its start. */
function launchWorker() {
  if (!restarts) timings.workerStart = performance.now();
  showState(restarts ? "restarting" : "loading");
  const slow = setTimeout(() => showState("slow"), SLOW_MS);
  const stopFollowing = followDownloads();
  framePromise ??= pyscriptFrame();
  return framePromise
    .then((PyWorker) =>
      PyWorker(new URL("../static/worker.py", import.meta.url).href, {
        type: "pyodide",
        version: new URL("./pyodide-start.mjs", import.meta.url).href,
        config,
      }),
    )
    .then(async (worker) => {
      await worker.sync.ping();
      if (!restarts) timings.workerReady = performance.now();
      clearTimeout(slow);
      stopFollowing();
      showState("ready");
      watched = watch(worker, worker.sync, restart);
      return watched;
    })
    .catch(async (error) => {
      clearTimeout(slow);
      stopFollowing();
      showState((await notDownloaded()) ? "absent" : "failed", error);
      console.error("calculator failed to start", error);
      throw error;
    });
}

/** The worker died (watchdog.js has answered its waiting calls): start another, then let the page compute again. */
function restart(reason) {
  restarts += 1;
  if (restarts > MAX_RESTARTS) {
    workerPromise = Promise.reject(new Error(`the calculator stopped ${restarts} times: ${reason}`));
    workerPromise.catch(() => {});
    showState("failed", `the calculator stopped ${restarts} times; the last time: ${reason}`);
    return;
  }
  // Offline with the offline copy's Python gone (evicted), a new worker could only wait on downloads that cannot
  // come: the page says at once that the calculator cannot start here now, and what to do (issue 40, point 7).
  workerPromise = replaceWorker(reason);
  workerPromise.then(
    () => document.dispatchEvent(new CustomEvent("tc:calculator-restarted", { detail: { reason, restarts } })),
    () => {},
  );
}

/** Another worker in place of one that died, unless offline without the calculator's files (then the page says so). */
async function replaceWorker(reason) {
  if (!(await notDownloaded(true))) return launchWorker();
  const error = new Error(`the calculator stopped (${reason}); offline, its files are not on this device`);
  showState("absent", error);
  console.error("calculator failed to start", error);
  throw error;
}

/** The worker in use and its watch (for tests, which end it to check that the page recovers), or null. */
export const watchedWorker = () => watched;

/** What a call gets when the calculator could not start (offline without its files, say): the status line and the
 *  note beside every grid say so already; nothing is thrown at the caller. */
const NOT_STARTED = {
  ok: false,
  notStarted: true,
  problems: [{ field: "", zh: "计算引擎无法启动，所以现在无法处理。", en: "The calculator could not start, so this cannot be worked out now." }],
};

/** Python's answer to name(...args), parsed; NOT_STARTED when the calculator could not start. */
export async function callPython(name, ...args) {
  let py;
  try {
    py = await startWorker();
  } catch (error) {
    return structuredClone(NOT_STARTED); // said where it happened (showState, console)
  }
  return JSON.parse(await py.call(name, ...args));
}

startWorker();

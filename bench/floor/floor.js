// The benchmark's floor: a PyScript PyWorker on the stock local Pyodide, as play/ starts one, running one line.
import { PyWorker } from "./pyscript/core.js";

const worker = await PyWorker(new URL("floor.py", import.meta.url).href, {
  type: "pyodide",
  version: new URL("./pyodide/pyodide.mjs", import.meta.url).href,
  config: {},
});
const answer = await worker.sync.one();
window.__floorReady = performance.now();
document.getElementById("answer").textContent = answer;

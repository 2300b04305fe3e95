// Pyodide for PyScript's PyWorker, restored from the memory snapshot made at build time (tools/python_start.mjs), so
// the work of starting Python is done once at build time rather than on every visit. PyScript imports this module
// in place of pyodide.mjs (engine.js passes its URL as `version`) and calls its loadPyodide; the rest is Pyodide's.
import { loadPyodide as loadStock, version } from "../pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../pyodide/", import.meta.url).href;

async function snapshot() {
  const response = await fetch(new URL("python_snapshot.bin.gz", indexURL));
  if (!response.ok) throw new Error(`python_snapshot.bin.gz: HTTP ${response.status}`);
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

export async function loadPyodide(options) {
  try {
    return await loadStock({ ...options, indexURL, _loadSnapshot: snapshot() });
  } catch (error) {
    console.warn("Python snapshot not used; starting Python from scratch.", error);
    return loadStock({ ...options, indexURL });
  }
}

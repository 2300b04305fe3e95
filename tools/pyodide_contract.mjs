// The run-time half of the site's contract with Pyodide (sitebuild/pyodide_contract.py lists it whole; docs/python-start.md
// explains it): the private options, fields and behaviour the build's tools and the calculator's worker rely on,
// tried in the Pyodide at PYODIDE_DIR under Node.js, each by the name the contract gives it.
//   node tools/pyodide_contract.mjs PYODIDE_DIR
// Prints one JSON object: assumption name -> null when it holds, else what was found instead.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { onFirstMemory } from "../static/initial-memory.mjs";

const indexURL = `${resolve(process.argv[2])}/`;
const found = {};

/** Run one check: it returns true when the assumption holds, or a text saying what was found. */
async function check(name, holds) {
  try {
    const result = await holds();
    found[name] = result === true || result === "holds" ? null : String(result);
  } catch (error) {
    found[name] = `raised ${error?.message ?? error}`.slice(0, 600);
  }
}

const pyodide = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
await check("pyodide.mjs exports loadPyodide and version", () =>
  typeof pyodide.loadPyodide === "function" && typeof pyodide.version === "string"
    ? true
    : `loadPyodide: ${typeof pyodide.loadPyodide}, version: ${typeof pyodide.version}`,
);

let firstMemory = null;
const python = await onFirstMemory(
  (memory) => (firstMemory = memory.length),
  () => pyodide.loadPyodide({ indexURL, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } }),
);

await check("the first WebAssembly memory instantiated is Python's", () =>
  firstMemory > 0 ? true : `no memory seen as the module was instantiated (${firstMemory})`,
);

await check("public API the tools and the worker call", () => {
  const missing = ["runPython", "registerJsModule", "pyimport", "toPy", "makeMemorySnapshot"].filter(
    (name) => typeof python[name] !== "function",
  );
  for (const name of ["mkdirTree", "writeFile", "readFile"]) if (typeof python.FS?.[name] !== "function") missing.push(`FS.${name}`);
  if (!python.globals) missing.push("globals");
  return missing.length ? `missing: ${missing.join(", ")}` : true;
});

await check("_module's allocator: _malloc_set_footprint_limit, _malloc_footprint, _malloc, _free, HEAPU8", () => {
  const module = python._module;
  const names = ["_malloc_set_footprint_limit", "_malloc_footprint", "_malloc", "_free"];
  const missing = names.filter((name) => typeof module?.[name] !== "function");
  if (!(module?.HEAPU8 instanceof Uint8Array)) missing.push("HEAPU8");
  if (missing.length) return `missing: ${missing.join(", ")}`;
  const heap = module.HEAPU8.length;
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const beyond = module._malloc(64 << 20); // more than is free: refused under the limit, the memory not grown
  module._malloc_set_footprint_limit(-1);
  if (beyond) module._free(beyond);
  return !beyond && module.HEAPU8.length === heap ? true : "a block beyond the footprint limit was allocated";
});

await check("pyodide_js._api.on_fatal", () => {
  const reachable = python.runPython("import pyodide_js\nhasattr(pyodide_js, '_api')");
  const called = /\bon_fatal\s*&&\s*[\w.]*on_fatal\(/.test(readFileSync(`${indexURL}pyodide.asm.mjs`, "utf8"));
  if (!reachable) return "pyodide_js has no _api";
  return called ? true : "pyodide.asm.mjs no longer calls API.on_fatal(error) on a fatal error";
});

await check("_pyodide._base.CodeRunner built with object.__new__", () =>
  python.runPython(`
import traceback
from _pyodide._base import CodeRunner
def kept(source):
    runner = object.__new__(CodeRunner)
    runner._compiled, runner._source, runner.code = True, source, CodeRunner(source, filename="kept.py").compile().code
    return runner
try:
    answer = kept("x = 40\\nx + 2").run({}, None)
    kept("def f():\\n    raise ValueError('line kept')\\nf()").run({}, None)
    found = f"no error raised (answer {answer!r})"
except ValueError:
    shown = traceback.format_exc()
    found = "holds" if answer == 42 and "raise ValueError('line kept')" in shown else f"answer {answer!r}: {shown}"
except Exception as error:
    found = f"{type(error).__name__}: {error}"
found
`),
);

await check("runPython calls pyodide.code.eval_code", () => {
  python.runPython(`
import pyodide.code
calls = []
plain = pyodide.code.eval_code
pyodide.code.eval_code = lambda *a, **k: (calls.append(1), plain(*a, **k))[1]
`);
  python.runPython("1 + 1");
  const calls = python.globals.get("calls").length; // read without running Python
  python.runPython("pyodide.code.eval_code = plain");
  return calls === 1 ? true : `runPython called the replaced eval_code ${calls} times`;
});

python.runPython("import json, sys\nmarker = 'restored'");
let made = null;
await check("_makeSnapshot and makeMemorySnapshot: Pyodide's header first, its magic then its length", () => {
  made = python.makeMemorySnapshot();
  const header = new DataView(made.buffer, made.byteOffset);
  const length = header.getUint32(4, true);
  return length > 8 && length % 4 === 0 && length < made.length ? true : `header length ${length} of ${made.length}`;
});

await check("_loadSnapshot restores the memory", async () => {
  const again = await pyodide.loadPyodide({ indexURL, _loadSnapshot: made.slice() });
  const seen = again.runPython("import sys\n'json' in sys.modules");
  return seen === true ? true : "a module imported before the snapshot is not imported after restoring it";
});

await check("a snapshot with its magic number inverted is refused", async () => {
  const broken = made.slice();
  const header = new DataView(broken.buffer);
  header.setUint32(0, ~header.getUint32(0, true), true);
  try {
    await pyodide.loadPyodide({ indexURL, _loadSnapshot: broken });
  } catch (error) {
    return /invalid magic number/.test(error.message) ? true : `refused otherwise: ${error.message}`;
  }
  return "restored a snapshot whose magic number was inverted";
});

console.log(JSON.stringify(found));

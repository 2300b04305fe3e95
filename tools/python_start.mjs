// Prepares Python's start in the browser, inside the pinned Pyodide under Node.js (so the bytecode and memory match
// the browser's CPython exactly):
// 1. the standard library cut to the modules the site's Python imports, as bytecode (tools/stdlib_bytecode.py), and
//    the few more only a QR code needs, apart;
// 2. a memory snapshot of Python started on that library with those modules and the scoring package
//    imported (from SCORING_DIR, where PyScript puts its files in the browser: /home/pyodide/scoring). Each scoring
//    module records the SHA-256 of its source, so static/worker.py can tell whether the files served with the page
//    are the ones in the snapshot, and import them afresh if not. Before it is taken, the free memory of C's
//    allocator is overwritten with zeros (what freed objects left there compresses badly), and Python's static data
//    is XORed with the memory the module starts with (its data segments: static/initial-memory.mjs), which Python's
//    start changes little. About half of Python's memory is then 64 KiB pages of zeros; the file leaves them out
//    (static/pyodide-start.mjs puts the rest back in place and XORs the start memory back in), so the browser unpacks
//    half as much. Pyodide's own header comes first in the memory; its first word (Pyodide's magic number) is stored
//    inverted and put right by that XOR, so a snapshot restored without it is refused by Pyodide rather than used.
//    The file's format, TCSNAP3: static/snapshot-format.mjs (build.py gzips the file).
// Run with `node --import ./tools/deterministic.mjs` (build.py does): the same inputs then give the same bytes.
// The two parts run apart, and build.py caches each by what it is made from (a change to scoring/ makes a new
// snapshot, not a new library):
//   node tools/python_start.mjs STOCK_DIR library SOURCE_ZIP TARGET_ZIP LATER_ZIP MODULE... -- LATER_MODULE...
//   node tools/python_start.mjs STOCK_DIR snapshot LIBRARY_ZIP TARGET_SNAPSHOT INDEX_DIR SCORING_DIR START_MODULE...
// STOCK_DIR: Pyodide as npm installs it (build.py's settings name it), whose loader both parts run.
// library (part 1), in the stock Pyodide, whose CPython compiles the bytecode: the MODULEs are kept in the cut
// library; the LATER_MODULEs' own and those they import, but none in the cut library, go to LATER_ZIP.
// snapshot (part 2), in INDEX_DIR's Pyodide (with the pyodide.asm.wasm the site serves) started on the cut library:
// the START_MODULEs are imported in the snapshot.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { onFirstMemory, xorInto } from "../static/initial-memory.mjs";
import { withoutZeroPages } from "../static/snapshot-format.mjs";

const [stock, part, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(stock, "pyodide.mjs")).href);
const env = { PYTHONHASHSEED: "0" };
// Emscripten keeps this script's path and arguments in Python's memory (its program name): the checkout's folder
// would make two checkouts of one commit differ. A fixed name instead.
process.argv = [process.argv[0], "/python_start.mjs"];

/** Part 1: the cut standard library, and apart the modules only a QR code needs (tools/stdlib_bytecode.py). */
async function makeLibrary(source, library, later, ...names) {
  const split = names.includes("--") ? names.indexOf("--") : names.length;
  const compiler = await loadPyodide({ env });
  compiler.FS.writeFile("/tmp/source.zip", readFileSync(source));
  compiler.globals.set("MODULES", compiler.toPy(names.slice(0, split)));
  compiler.globals.set("LATER_MODULES", compiler.toPy(names.slice(split + 1)));
  compiler.runPython(readFileSync(new URL("./stdlib_bytecode.py", import.meta.url), "utf8"));
  writeFileSync(library, compiler.FS.readFile("/tmp/target.zip"));
  writeFileSync(later, compiler.FS.readFile("/tmp/later.zip"));
}

/** Part 2: Python's memory once started on the cut library with the modules and scoring/ imported, in the format
 *  above. */
async function makeSnapshot(library, snapshot, index, scoring, ...modules) {
  let start; // the memory the module starts with, up to its last byte that is not zero
  const python = await onFirstMemory(
    (memory) => (start = memory.slice(0, usedLength(memory))),
    () => loadPyodide({ indexURL: index, stdLibURL: library, _makeSnapshot: true, env }),
  );
  python.runPython(modules.map((name) => `import ${name}`).join("\n"));
  for (const name of readdirSync(scoring, { recursive: true }).filter((n) => n.endsWith(".py")).sort()) {
    const target = `/home/pyodide/scoring/${name}`;
    python.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    python.FS.writeFile(target, readFileSync(join(scoring, name)));
  }
  python.runPython(`
import hashlib, importlib, os, pkgutil, sys
os.chdir("/home/pyodide")
import scoring
for info in pkgutil.walk_packages(scoring.__path__, "scoring."):
    if info.name not in ("scoring.__main__", "scoring.answers"):  # run in CPython only (sitebuild/python_start.py, NOT_IN_BROWSER)
        importlib.import_module(info.name)
for name, module in list(sys.modules.items()):
    if name == "scoring" or name.startswith("scoring."):
        with open(module.__file__, "rb") as source:
            module.__tc_source_sha256__ = hashlib.sha256(source.read()).hexdigest()
`);
  python.runPython("import gc; gc.collect()");
  zeroFreeMemory(python._module);
  const memory = python.makeMemorySnapshot();
  // Pyodide's header comes first (its length is the second u32): Python's memory starts after it.
  const header = new DataView(memory.buffer, memory.byteOffset);
  xorInto(memory, header.getUint32(4, true), start, start.length);
  header.setUint32(0, ~header.getUint32(0, true), true);
  writeFileSync(snapshot, withoutZeroPages(memory, start.length));
}

/** The length of `memory` up to its last byte that is not zero, rounded up to a multiple of 4. */
function usedLength(memory) {
  let end = memory.length;
  while (end > 0 && memory[end - 1] === 0) end--;
  return Math.ceil(end / 4) * 4;
}

/** Overwrite the C allocator's free memory with zeros: take every free block it has (without growing the memory),
 *  fill it, and give it back. */
function zeroFreeMemory(module) {
  const taken = [];
  module._malloc_set_footprint_limit(module._malloc_footprint());
  for (let size = 1 << 22; size >= 16; size >>= 2) {
    for (let block = module._malloc(size); block; block = module._malloc(size)) {
      module.HEAPU8.fill(0, block, block + size);
      taken.push(block);
    }
  }
  module._malloc_set_footprint_limit(-1); // no limit, as before
  for (const block of taken.reverse()) module._free(block);
}

if (part === "library") await makeLibrary(...args);
else if (part === "snapshot") await makeSnapshot(...args);
else throw new Error(`python_start.mjs: the first argument is "library" or "snapshot", not ${JSON.stringify(part)}`);

// Prepares Python's start in the browser, inside the pinned Pyodide under Node.js (so the bytecode and memory match
// the browser's CPython exactly):
// 1. the standard library with the modules imported at start as bytecode (tools/stdlib_bytecode.py);
// 2. a memory snapshot (gzipped) of Python started on that library with those modules imported. No code of the
//    site is in it: scoring/ is imported from its files after the snapshot is restored.
// Usage: node tools/python_start.mjs SOURCE_ZIP TARGET_ZIP TARGET_SNAPSHOT MODULE...
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [source, library, snapshot, ...modules] = process.argv.slice(2);

const compiler = await loadPyodide();
compiler.FS.writeFile("/tmp/source.zip", readFileSync(source));
compiler.globals.set("MODULES", compiler.toPy(modules));
compiler.runPython(readFileSync(new URL("./stdlib_bytecode.py", import.meta.url), "utf8"));
writeFileSync(library, compiler.FS.readFile("/tmp/target.zip"));

const python = await loadPyodide({ stdLibURL: library, _makeSnapshot: true });
python.runPython(modules.map((name) => `import ${name}`).join("\n"));
writeFileSync(snapshot, gzipSync(python.makeMemorySnapshot(), { level: 9 }));

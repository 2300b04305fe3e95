// Run tools/stdlib_bytecode.py inside the pinned Pyodide (Node.js), so the bytecode matches the browser's CPython.
// Usage: node tools/stdlib_bytecode.mjs SOURCE_ZIP TARGET_ZIP MODULE...
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [source, target, ...modules] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(source));
pyodide.globals.set("MODULES", pyodide.toPy(modules));
pyodide.runPython(readFileSync(new URL("./stdlib_bytecode.py", import.meta.url), "utf8"));
writeFileSync(target, pyodide.FS.readFile("/tmp/target.zip"));

// PyScript in a blank frame of its own (play/python.html, made by engine.js): on loading, and for every element added
// to its document later, PyScript searches the document for Python to run. On play/'s four thousand elements that was
// about 35 ms of the page's main thread per visit (measured), and more work on every result the page draws. Here the
// document is empty; engine.js takes PyWorker from this frame and starts the calculator's worker with it.
import { PyWorker } from "../pyscript/core.js";

window.tcPyWorker = PyWorker;

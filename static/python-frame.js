// PyScript in a blank frame of its own (play/python.html, made by python-frame-start.js): on loading, and for every element added
// to its document later, PyScript searches the document for Python to run. On play/'s four thousand elements that was
// about 35 ms of the page's main thread per visit (measured), and more work on every result the page draws. Here the
// document is empty; calculator.js takes PyWorker from this frame and starts the calculator's worker with it.

/** The one JavaScript worker hook PyScript 0.7 adds itself: it registers the `_pyscript` module that only
 *  `pyscript.fs` imports (the calculator uses no pyscript module at all). */
const FS_HOOK = /registerJsModule\(\s*["']_pyscript["']/;

/** PyScript hands JavaScript worker hooks to the worker as source text, made into code with Function(): a strict
 *  Content-Security-Policy (no 'unsafe-eval') forbids that, and Firefox and WebKit refused to start the calculator.
 *  Remove PyScript's own fs hook; refuse to go on, naming them, if a later PyScript brings any other. */
function withoutEvaluatedHooks(hooks) {
  for (const hook of hooks.worker.onBeforeRunAsync) {
    if (FS_HOOK.test(String(hook))) hooks.worker.onBeforeRunAsync.delete(hook);
  }
  const left = Object.entries(hooks.worker)
    .filter(([name, set]) => name.startsWith("on") && set.size > 0)
    .map(([name]) => name);
  if (left.length) throw new Error(`PyScript worker hooks would need eval under the page's policy: ${left.join(", ")}`);
}

// PyWorker reads PyScript's hooks once its plugins have loaded; before that it starts the worker with none at all
// (0.7.31 awaits the plugins' loader function instead of calling it), which is why Chromium, quicker to the frame's
// load event, never ran into the policy. PyScript defines <py-script> right after it has set its hooks up: waiting for
// that makes every engine start the worker the same way.
// PyScript is imported here rather than statically, so that a PyScript that cannot be loaded (a file refused, an offline
// copy without it) rejects this promise at once: play/ then says so, rather than waiting on a frame that offers nothing
// (python-frame-start.js's grace, twice). The frame's modulepreload links fetch it as early as a static import would.
window.tcPyWorker = import("../pyscript/core.js").then(async ({ PyWorker, hooks }) => {
  withoutEvaluatedHooks(hooks);
  await customElements.whenDefined("py-script");
  return PyWorker;
});
window.tcPyWorker.catch(() => {}); // calculator.js reports the failure (the page's status line, the note by every grid)
dispatchEvent(new Event("tc:pyworker"));

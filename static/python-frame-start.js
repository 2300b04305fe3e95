// play/python.html's hidden frame, where PyScript starts the calculator's worker (python-frame.js), made as soon as
// play/ starts: <head> loads this module first and it imports nothing, so the frame, and with it Pyodide's downloads,
// begin before the page's own scripts have arrived (on a phone's link that is a second or more; calculator.js used to make
// the frame once its own imports had come). calculator.js takes the frame's PyWorker from here.

/** How long a loaded frame may take to offer PyWorker before it is made again (once). */
const FRAME_GRACE_MS = 4000;

/** The hidden frame PyScript loads in (see python-frame.js); resolves with the frame's promise of PyWorker. */
export function loadFrame() {
  return new Promise((resolve, reject) => {
    const frame = document.createElement("iframe");
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    frame.title = "Python";
    frame.src = new URL("../play/python.html", import.meta.url).href;
    frame.addEventListener("load", () => {
      const offered = () => frame.contentWindow?.tcPyWorker;
      if (offered()) return setTimeout(() => resolve(offered()));
      // A frame whose module has not run (seen once in WebKit on a visit served by the service worker): wait a little
      // for it to say so, then give up on this frame.
      const timer = setTimeout(() => { frame.remove(); reject(new Error("play/python.html: PyScript did not load")); }, FRAME_GRACE_MS);
      frame.contentWindow?.addEventListener("tc:pyworker", () => { clearTimeout(timer); resolve(offered()); }, { once: true });
    }, { once: true });
    document.head.append(frame);
  });
}

/** The first frame, made now; calculator.js makes another if it offers nothing. */
export const firstFrame = loadFrame();
firstFrame.catch(() => {}); // calculator.js handles its failure, perhaps a moment after it happens

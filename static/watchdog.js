// The calculator's worker, watched: when it dies (Pyodide's fatal error, a call that never answers), every call still
// waiting gets an answer that says so, the worker is ended, and calculator.js starts another; play.js then computes the
// sheets again from the form, where everything typed still is (and in storage).

/** The bounds, in milliseconds (a test may shorten them through this module):
 *  silentMs: while a call waits, the worker must answer some call within this (re-scoring 1000 stored games, the
 *    longest call, takes about 1 s on a computer);
 *  pingMs: after an error the worker reports, it must answer a ping within this, or it is taken for dead. */
export const limits = { silentMs: 30_000, pingMs: 5_000 };

/** What a call gets when the worker died before answering it: the shape of worker.py's answers to a failure. */
export const STOPPED = JSON.stringify({
  ok: false,
  stopped: true,
  problems: [{
    field: "",
    zh: "计算引擎在处理这项内容时停止了，已重新启动；已输入的内容都保留着。",
    en: "The calculator stopped while working this out and was started again; everything typed is kept.",
  }],
});

/** One worker and the calls waiting for it; onDead(reason) is called once, when it is taken for dead. */
class WatchedWorker {
  constructor(worker, sync, onDead) {
    this.worker = worker;
    this.sync = sync;
    this.onDead = onDead;
    this.waiting = new Set(); // the resolve() of every call not answered yet
    this.dead = false;
    this.timer = null;
    // worker.py has Pyodide post "tc:fatal" on its fatal error, after which no call is answered.
    worker.addEventListener("message", (event) => {
      if (event.data === "tc:fatal") this.die("Pyodide's fatal error");
    });
    worker.addEventListener("error", (event) => this.suspect(event));
    worker.addEventListener("messageerror", (event) => this.suspect(event));
  }

  /** Python's answer (JSON text) to sync[name](...args); STOPPED if the worker dies first. */
  call(name, ...args) {
    if (this.dead) return Promise.resolve(STOPPED);
    return new Promise((resolve, reject) => {
      this.waiting.add(resolve);
      if (this.waiting.size === 1) this.arm(); // the bound runs from the last answer, not from each new call
      const settle = (then) => (value) => {
        if (!this.waiting.delete(resolve)) return; // answered STOPPED already
        this.arm();
        then(value);
      };
      Promise.resolve().then(() => this.sync[name](...args)).then(settle(resolve), settle(reject));
    });
  }

  /** While calls wait, the worker must answer one within limits.silentMs. */
  arm() {
    clearTimeout(this.timer);
    const silent = () => this.die(`no answer in ${limits.silentMs / 1000} s`);
    this.timer = this.waiting.size ? setTimeout(silent, limits.silentMs) : null;
  }

  /** End the worker, answer every waiting call STOPPED, and tell calculator.js. */
  die(reason) {
    if (this.dead) return;
    this.dead = true;
    clearTimeout(this.timer);
    try { this.worker.terminate(); } catch (error) { /* gone already */ }
    for (const resolve of this.waiting) resolve(STOPPED);
    this.waiting.clear();
    console.warn("the calculator stopped:", reason);
    this.onDead(reason);
  }

  /** An error the worker let through: dead unless it still answers a ping. */
  async suspect(event) {
    event.preventDefault?.(); // said on the page (the status line), not left as an uncaught error
    const timeout = new Promise((resolve) => setTimeout(resolve, limits.pingMs, "silent"));
    const answer = await Promise.race([Promise.resolve().then(() => this.sync.ping()), timeout]).catch(() => "failed");
    if (answer !== "ok") this.die(`error in the worker: ${event.message ?? event.type}`);
  }
}

/** Watch a started worker (PyScript's, with its sync proxy); onDead(reason) once it is taken for dead. */
export const watch = (worker, sync, onDead) => new WatchedWorker(worker, sync, onDead);

// Loaded with `node --import` before tools/python_start.mjs: the same inputs then make a byte-identical snapshot.
// Without it two runs differ in about 50 places (measured, /work/shared/notes/reproducible-snapshot.md): Unix times
// taken at start and import (Emscripten's file times among them) and a ChaCha state seeded from the system's
// entropy. Here the clock starts at a fixed moment and advances by one millisecond per reading, and every source of
// random bytes Pyodide or Node reach is one seeded generator. The browser reseeds Python's `random` after a restore
// (static/worker.py); the hash seed, one per build as before, is shared by every visitor.
import crypto from "node:crypto";

const START_MS = Date.UTC(2020, 0, 1);
let ticks = 0;
const now = () => START_MS + ticks++;
const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args) {
    super(...(args.length ? args : [now()]));
  }
  static now() {
    return now();
  }
}
globalThis.Date = FixedDate;
let performanceTicks = 0;
performance.now = () => performanceTicks++;

// xorshift128+, seeded with constants: predictable by design (this process makes a build artefact, not secrets).
let [s0, s1] = [0x9e3779b97f4a7c15n, 0xbf58476d1ce4e5b9n];
const MASK = (1n << 64n) - 1n;
function nextWord() {
  let x = s0;
  const y = s1;
  s0 = y;
  x = (x ^ (x << 23n)) & MASK;
  s1 = x ^ y ^ (x >> 17n) ^ (y >> 26n);
  return (s1 + y) & MASK;
}
function fill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let at = 0; at < bytes.length; at += 8) {
    let word = nextWord();
    for (let i = at; i < Math.min(at + 8, bytes.length); i++, word >>= 8n) bytes[i] = Number(word & 0xffn);
  }
  return view;
}
Math.random = () => Number(nextWord() >> 11n) / 2 ** 53;
const getRandomValues = (view) => fill(view);
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: getRandomValues, configurable: true });
Object.defineProperty(crypto, "randomFillSync", { value: (view) => fill(view), configurable: true });
Object.defineProperty(crypto, "randomBytes", { value: (size) => fill(Buffer.alloc(size)), configurable: true });

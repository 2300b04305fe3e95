// A fair random pick (who starts): whole numbers below n from a source of uniform random words, with no modulo bias
// (rejection sampling), and a shuffle built on it (Fisher–Yates). No rule lives here, and no page is touched.

const WORDS = 2 ** 32;

/** A uniform random 32-bit word from the browser's cryptographic generator. */
export function cryptoWord() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** A whole number in [0, n), each equally likely: words at or above the largest multiple of n below `range` are
 *  drawn again, so every remainder comes from exactly as many words. draw() gives a uniform word in [0, range). */
export function randomBelow(n, draw = cryptoWord, range = WORDS) {
  if (!Number.isInteger(n) || n < 1 || n > range) throw new RangeError(`randomBelow: n must be 1–${range}, not ${n}`);
  const limit = range - (range % n);
  for (;;) {
    const word = draw();
    if (word < limit) return word % n;
  }
}

/** The items in a random order, every order equally likely (Fisher–Yates on randomBelow). */
export function shuffled(items, draw = cryptoWord, range = WORDS) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, draw, range);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

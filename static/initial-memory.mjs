// The memory a WebAssembly module starts with (its data segments over zeros), caught as the module is instantiated.
// The memory snapshot (tools/python_start.mjs) stores Python's static data XORed with it, since Python's start changes
// only about 2 % of those 3.8 MB: the pages are then nearly all zeros and are left out of the file. The worker
// (static/pyodide-start.mjs) XORs them back in from the memory of the instance Pyodide has just made, which holds
// exactly those bytes at that moment, before anything has run in it: no second read of pyodide.asm.wasm.

/** Run `load`, calling and awaiting `withMemory` with the bytes of the first instance's memory that WebAssembly
 *  instantiates meanwhile, as soon as it is instantiated (before its caller can run anything in it). */
export async function onFirstMemory(withMemory, load) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  let seen = false;
  const watch = async (result) => {
    const memory = (result.instance ?? result).exports?.memory;
    if (!seen && memory instanceof WebAssembly.Memory) {
      seen = true;
      await withMemory(new Uint8Array(memory.buffer));
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(watch);
  if (instantiateStreaming) {
    WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(watch);
  }
  try {
    return await load();
  } finally {
    WebAssembly.instantiate = instantiate;
    if (instantiateStreaming) WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/** XOR `from`'s first `length` bytes into `into` from `at` on (a word at a time: `at` and `length` are multiples of
 *  4); applied twice, nothing changes. */
export function xorInto(into, at, from, length) {
  if (at % 4 || length % 4 || at + length > into.length || length > from.length) {
    throw new Error(`initial memory: cannot XOR ${length} bytes at ${at}`);
  }
  const target = new Int32Array(into.buffer, into.byteOffset + at, length / 4);
  const source = new Int32Array(from.buffer, from.byteOffset, length / 4);
  for (let i = 0; i < target.length; i++) target[i] ^= source[i];
}

// The initial contents of a WebAssembly module's memory: its active data segments, read from the module's bytes.
// The memory snapshot (tools/python_start.mjs) stores Python's static data XORed with them, since Python's start
// changes only about 2 % of those 3.8 MB: the pages are then nearly all zeros and are left out of the file, and
// static/pyodide-start.mjs XORs the segments back in from the offline copy's pyodide.asm.wasm.

/** An unsigned LEB128 number at `at`: [value, the offset after it]. */
function unsigned(bytes, at) {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    if (byte === undefined) throw new Error("pyodide.asm.wasm: cut short");
    value += (byte & 0x7f) * 2 ** shift;
    if (!(byte & 0x80)) return [value, at];
  }
}

/** A signed 32-bit LEB128 number at `at`: [value, the offset after it]. */
function signed(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    if (byte === undefined) throw new Error("pyodide.asm.wasm: cut short");
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [shift < 32 && byte & 0x40 ? value | (-1 << shift) : value, at];
}

const DATA_SECTION = 11;

/** Each active data segment of the module as [memory offset, bytes]; anything else in the data section (passive
 *  segments, offsets that are not constants) is refused, since the memory it makes could not be known here. */
export function dataSegments(bytes) {
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) {
    throw new Error("pyodide.asm.wasm: not WebAssembly");
  }
  for (let at = 8; at < bytes.length; ) {
    const id = bytes[at];
    const [size, start] = unsigned(bytes, at + 1);
    at = start + size;
    if (id !== DATA_SECTION) continue;
    const segments = [];
    let [count, next] = unsigned(bytes, start);
    for (; count > 0; count--) {
      const [mode, afterMode] = unsigned(bytes, next);
      if (mode !== 0 || bytes[afterMode] !== 0x41) throw new Error("pyodide.asm.wasm: a data segment not at a fixed place");
      const [offset, afterOffset] = signed(bytes, afterMode + 1);
      if (bytes[afterOffset] !== 0x0b) throw new Error("pyodide.asm.wasm: a data segment not at a fixed place");
      const [length, first] = unsigned(bytes, afterOffset + 1);
      segments.push([offset >>> 0, bytes.subarray(first, first + length)]);
      next = first + length;
    }
    return segments;
  }
  return [];
}

/** XOR the module's data segments into `memory`, where memory offset 0 is at `base`: applied twice, nothing changes. */
export function xorDataSegments(memory, base, wasm) {
  for (const [offset, segment] of dataSegments(wasm)) {
    const at = base + offset;
    if (at + segment.length > memory.length) throw new Error("pyodide.asm.wasm: a data segment beyond the memory");
    for (let i = 0; i < segment.length; i++) memory[at + i] ^= segment[i];
  }
}

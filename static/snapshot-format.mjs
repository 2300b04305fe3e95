// The memory snapshot's file format, TCSNAP3, declared once: tools/python_start.mjs writes it under Node.js
// (`withoutZeroPages`) and static/pyodide-start.mjs reads it in the browser (`withZeroPages`, imported on a visit that
// restores Python only); docs/python-start.md has the table and tests/test_python_start.py checks all three agree.
// build.py gzips the file:
//   bytes 0-7    "TCSNAP3\n"
//   then little-endian u32s: the memory's length, the page size, the length of the start memory XORed in (from the
//   first byte after Pyodide's header), the count of pages kept, and each kept page's index, ascending;
//   then the kept pages' bytes in that order (the last page of the memory may be short). Pages of zeros are left out.

export const MAGIC = "TCSNAP3\n";
/** The header's u32s after the magic, in their order. */
export const FIELDS = ["length", "pageSize", "xorLength", "count"];
/** The header's length before the page indices: the magic and the FIELDS. */
export const HEADER_BYTES = MAGIC.length + 4 * FIELDS.length;
export const PAGE_SIZE = 65536;

/** `memory` without its pages of zeros, in the format above. */
export function withoutZeroPages(memory, xorLength, pageSize = PAGE_SIZE) {
  const kept = [];
  for (let start = 0; start < memory.length; start += pageSize) {
    const end = Math.min(start + pageSize, memory.length);
    for (let at = start; at < end; at++) {
      if (memory[at] !== 0) {
        kept.push(start / pageSize);
        break;
      }
    }
  }
  const pages = kept.map((index) => memory.subarray(index * pageSize, (index + 1) * pageSize));
  const file = new Uint8Array(HEADER_BYTES + 4 * kept.length + pages.reduce((sum, page) => sum + page.length, 0));
  const view = new DataView(file.buffer);
  file.set(Array.from(MAGIC, (letter) => letter.charCodeAt(0)));
  const header = { length: memory.length, pageSize, xorLength, count: kept.length };
  FIELDS.forEach((field, i) => view.setUint32(MAGIC.length + 4 * i, header[field], true));
  kept.forEach((index, i) => view.setUint32(HEADER_BYTES + 4 * i, index, true));
  let at = HEADER_BYTES + 4 * kept.length;
  for (const page of pages) {
    file.set(page, at);
    at += page.length;
  }
  return file;
}

/** The memory a file in the format above holds, each kept page written into place, and the length XORed in; a file
 *  that is not one, cut short or too long is refused with an error naming `name`. */
export function withZeroPages(bytes, name) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
  if (bytes.length < HEADER_BYTES || magic !== MAGIC) throw new Error(`${name}: not a snapshot`);
  const header = Object.fromEntries(FIELDS.map((field, i) => [field, view.getUint32(MAGIC.length + 4 * i, true)]));
  const { length, pageSize, xorLength, count } = header;
  const memory = new Uint8Array(length);
  let at = HEADER_BYTES + 4 * count;
  for (let page = 0; page < count; page++) {
    const start = view.getUint32(HEADER_BYTES + 4 * page, true) * pageSize;
    const size = Math.min(pageSize, length - start);
    if (size <= 0 || at + size > bytes.length) throw new Error(`${name}: cut short`);
    memory.set(bytes.subarray(at, at + size), start);
    at += size;
  }
  if (at !== bytes.length) throw new Error(`${name}: more bytes than pages`);
  return { memory, xorLength };
}

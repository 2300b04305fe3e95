// The memory snapshot's file format, TCSNAP3, as tools/python_start.mjs writes it (docs/python-start.md describes it;
// static/pyodide-start.mjs's `snapshot` reads it, and tests/test_python_start.py checks that it reads what this
// writes). build.py gzips the file:
//   bytes 0-7    "TCSNAP3\n"
//   then little-endian u32s: the memory's length, the page size, the length of the start memory XORed in (from the
//   first byte after Pyodide's header), the count of pages kept, and each kept page's index, ascending;
//   then the kept pages' bytes in that order (the last page of the memory may be short). Pages of zeros are left out.

export const MAGIC = "TCSNAP3\n";
/** The header's length before the page indices: the magic and four u32s. */
export const HEADER_BYTES = 24;
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
  const header = Buffer.alloc(HEADER_BYTES + 4 * kept.length);
  header.write(MAGIC, 0, "latin1");
  header.writeUInt32LE(memory.length, 8);
  header.writeUInt32LE(pageSize, 12);
  header.writeUInt32LE(xorLength, 16);
  header.writeUInt32LE(kept.length, 20);
  kept.forEach((index, i) => header.writeUInt32LE(index, HEADER_BYTES + 4 * i));
  const pages = kept.map((index) => memory.subarray(index * pageSize, (index + 1) * pageSize));
  return Buffer.concat([header, ...pages]);
}

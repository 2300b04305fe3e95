"""pyodide.asm.wasm without tables the site's Python never reads: the CJK codecs' and the Unicode names.

Pyodide links CPython's Chinese, Japanese and Korean codecs (`_codecs_cn`, `_codecs_hk`, `_codecs_iso2022`,
`_codecs_jp`, `_codecs_kr`, `_codecs_tw`) into its WebAssembly, and their mapping tables are 0.59 MB of its static
data: 0.17 MB of the file in brotli, on every first visit. The site reads and writes UTF-8 only (its standard library
holds none of the `encodings` modules that would use them), so the build writes zeros over the tables and their
indexes; the file keeps its length and every other byte. A lookup through a zeroed index finds no table and fails
as an unmapped character does (CPython checks each index entry's pointer before reading through it), so a codec
asked anyway raises an error and never answers wrongly; static/worker.py also refuses to import those modules.

The tables are found by their shape: an index is 256 entries of (pointer to a table, first byte, last byte, two
zero bytes), its pointers ascending and even, each table 2 bytes per byte from first to last. Each is then
checked against Python's own codecs: a row of each codec's characters must be inside a table about to be zeroed.
A Pyodide whose WebAssembly does not look like this stops the build, naming the file.

musl's iconv(), which the C library links in and CPython does not call (it has its own codecs),
keeps four more such tables: GB18030, Big5, JIS X 0208 and KS X 1001, 0.11 MB (73 KB of the file in brotli). Each
is a [lead][trail] array of UTF-16 code units, found by a run of Python's own decoding of it and checked whole
against that decoding (they agree in at least 98 % of the defined characters: musl's Big5 is not quite CPython's);
these are zeroed too.

The Unicode character names (unicodedata's `packed_name_dawg` and `dawg_pos_to_codepoint`, 0.33 MB, 0.21 MB of the
file in brotli) go the same way: the site's Python uses unicodedata's categories, widths, digits and normalization,
which are other tables, and never a character's name. With the name graph zeroed, its first node has no edges, so
`unicodedata.lookup`, `unicodedata.name` and a `\\N{...}` escape fail as for a name that does not exist (KeyError,
ValueError, SyntaxError) and never give another character; names made by rule (Hangul syllables, CJK ideographs)
still work. The graph is found where the name of LATIN SMALL LETTER A leads through it, and checked with every name
this Python knows: at least 98 % of them (Pyodide's Unicode may be older or newer) must lead to a position, each to
its own, and the table of code points must give each of those names its character.
"""

from __future__ import annotations

import array
import itertools
import re
import struct
import sys
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

DATA_SECTION = 11
INDEX_ENTRIES = 256
ENTRY = struct.Struct("<IBBH")  # const ucs2_t/DBCHAR *map; unsigned char bottom, top; padding
TABLES = 27  # CPython's mappings_{cn,hk,jp,kr,tw}.h declare this many indexes
PROBES = (  # (codec, lead byte, trail bytes): a row each codec module's tables hold, as UTF-16
    ("gb2312", 0xB0, range(0xA1, 0xB5)),
    ("gbk", 0x81, range(0x40, 0x54)),
    ("big5", 0xA4, range(0x40, 0x54)),
    ("cp950", 0xF9, range(0xD6, 0xE0)),
    ("shift_jis", 0x88, range(0x9F, 0xB3)),
    ("euc_jp", 0xB0, range(0xA1, 0xB5)),
    ("euc_kr", 0xB0, range(0xA1, 0xB5)),
    ("cp949", 0x81, range(0x41, 0x55)),
)


MUSL_TABLES = (  # (codec, lead bytes, trail bytes): musl's src/locale/{gb18030,big5,jis0208,ksc}.h
    ("gb18030", range(0x81, 0xFF), tuple(t for t in range(0x40, 0xFF) if t != 0x7F)),
    ("big5", range(0xA1, 0xFA), (*range(0x40, 0x7F), *range(0xA1, 0xFF))),
    ("euc_jp", range(0xA1, 0xF5), tuple(range(0xA1, 0xFF))),
    ("euc_kr", range(0xA1, 0xFE), tuple(range(0xA1, 0xFF))),
)
AGREEMENT = 0.98
NAME_PROBE = b"LATIN SMALL LETTER A"  # a name the graph holds: where it leads from the first node is the graph
NAMES_AT_LEAST = 10_000  # the first node counts the names below it (40,951 in Pyodide 314.0.7's)
NAMED_BY_RULE = ("HANGUL SYLLABLE ", "CJK UNIFIED IDEOGRAPH-")  # not in the graph: unicodedata.c makes these
GRAPH_START = re.compile(b"(?=[" + bytes(range(0x80, 0x100, 2)) + b"][\x80-\xff])")
"""Where the first node's count could start: an even LEB128 number of three bytes or more (2 × NAMES_AT_LEAST is over
what two bytes hold), so its first byte is even and both first bytes go on; the regular expression skips the rest."""


class TrimError(Exception):
    """The WebAssembly is not as this module expects; the message names what differs."""


@dataclass(frozen=True)
class Segment:
    """An active data segment: where it lands in memory and where its bytes are in the file."""

    address: int
    start: int
    length: int


def unsigned(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number at `at`, and the offset after it."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def signed32(data: bytes, at: int) -> tuple[int, int]:
    """A signed LEB128 number at `at` (an i32.const), and the offset after it."""
    value, end = unsigned(data, at)
    bits = 7 * (end - at)
    if data[end - 1] & 0x40 and bits < 32:
        value -= 1 << bits
    return value & 0xFFFFFFFF, end


def data_segments(wasm: bytes) -> list[Segment]:
    """The module's active data segments at fixed addresses; anything else in its data section is refused."""
    if wasm[:4] != b"\0asm":
        raise TrimError("not WebAssembly")
    at = 8
    while at < len(wasm):
        section, size_at = wasm[at], at + 1
        size, start = unsigned(wasm, size_at)
        at = start + size
        if section != DATA_SECTION:
            continue
        count, at = unsigned(wasm, start)
        segments = []
        for _ in range(count):
            mode, at = unsigned(wasm, at)
            if mode != 0 or wasm[at] != 0x41:
                raise TrimError("a data segment not at a fixed address")
            address, at = signed32(wasm, at + 1)
            if wasm[at] != 0x0B:
                raise TrimError("a data segment not at a fixed address")
            length, at = unsigned(wasm, at + 1)
            segments.append(Segment(address, at, length))
            at += length
        return segments
    raise TrimError("no data section")


def initial_memory(wasm: bytes, segments: list[Segment]) -> bytearray:
    """The memory the module starts with, up to its last segment's end."""
    memory = bytearray(max(s.address + s.length for s in segments))
    for s in segments:
        memory[s.address : s.address + s.length] = wasm[s.start : s.start + s.length]
    return memory


def index_tables(memory: bytes) -> list[tuple[int, list[tuple[int, int]]]]:
    """Every index of the codecs' shape in memory: its address, and its tables as (address, length)."""
    words = array.array("I", bytes(memory[: len(memory) // 4 * 4]))
    if sys.byteorder != "little":
        words.byteswap()
    # an entry can start at word i: null, or an even pointer with first <= last and zero padding
    entry = [
        (pointer == 0 and rest == 0) or (rest >> 16 == 0 and rest & 0xFF <= rest >> 8 and pointer % 2 == 0)
        for pointer, rest in zip(words, itertools.islice(words, 1, None), strict=False)
    ]
    run = [0] * (len(entry) + 2)  # how many entries in a row start at word i
    for i in range(len(entry) - 1, -1, -1):
        run[i] = run[i + 2] + 1 if entry[i] else 0
    found = []
    size = INDEX_ENTRIES * ENTRY.size
    i = 0
    while i < len(entry):
        plausible = run[i] >= INDEX_ENTRIES and memory.count(0, 4 * i, 4 * i + size) < size - 4
        tables = index_at(memory, 4 * i) if plausible else None
        if tables is None:
            i += 1
            continue
        found.append((4 * i, tables))
        i += size // 4
    return found


def index_at(memory: bytes, at: int) -> list[tuple[int, int]] | None:
    """The tables of the index at `at`, or None if no index of the codecs' shape is there."""
    tables = []
    for entry in range(INDEX_ENTRIES):
        pointer, first, last, padding = ENTRY.unpack_from(memory, at + entry * ENTRY.size)
        if padding or (pointer == 0 and (first or last)):
            return None
        if pointer == 0:
            continue
        length = 2 * (last - first + 1)
        if first > last or pointer % 2 or pointer + length > len(memory) or (tables and pointer <= tables[-1][0]):
            return None
        tables.append((pointer, length))
    return tables if len(tables) >= 4 else None


def probe(codec: str, lead: int, trails: range) -> bytes:
    """A row of a codec's characters as its tables store them (UTF-16, little-endian)."""
    return "".join(bytes([lead, trail]).decode(codec) for trail in trails).encode("utf-16-le")


def cjk_spans(memory: bytes) -> list[tuple[int, int]]:
    """The (address, length) of every CJK index and table, checked against Python's codecs."""
    indexes = index_tables(memory)
    if len(indexes) != TABLES:
        raise TrimError(f"{len(indexes)} indexes of the CJK codecs' shape, not {TABLES}")
    spans = sorted({(at, INDEX_ENTRIES * ENTRY.size) for at, _ in indexes} | {t for _, ts in indexes for t in ts})
    for codec, lead, trails in PROBES:
        row = probe(codec, lead, trails)
        place = memory.find(row)
        if place < 0 or not any(a <= place and place + len(row) <= a + n for a, n in spans):
            raise TrimError(f"no {codec} row among the tables")
    return spans


def decoded(codec: str, leads: range, trails: tuple[int, ...]) -> list[int | None]:
    """A [lead][trail] table as Python's codec decodes it: each pair's UTF-16 code unit, None where undefined."""
    table: list[int | None] = []
    for lead in leads:
        for trail in trails:
            try:
                text = bytes([lead, trail]).decode(codec)
            except UnicodeDecodeError:
                text = ""
            table.append(ord(text) if len(text) == 1 and ord(text) < 0x10000 else None)
    return table


def musl_spans(memory: bytes) -> list[tuple[int, int]]:
    """The (address, length) of musl's four iconv tables, each found and checked against Python's codecs."""
    spans = []
    for codec, leads, trails in MUSL_TABLES:
        want = decoded(codec, leads, trails)
        middle = next(i for i in range(len(want) // 2, len(want)) if None not in want[i : i + 32])
        place = memory.find(struct.pack("<32H", *want[middle : middle + 32]))
        start = place - 2 * middle
        if place < 0 or start < 0 or start + 2 * len(want) > len(memory):
            raise TrimError(f"musl's {codec} table not found")
        have = struct.unpack_from(f"<{len(want)}H", memory, start)
        defined = [(a, b) for a, b in zip(want, have, strict=True) if a is not None]
        if sum(a == b for a, b in defined) < AGREEMENT * len(defined):
            raise TrimError(f"musl's {codec} table differs from Python's")
        spans.append((start, 2 * len(want)))
    return spans


def node_at(memory: bytes, graph: int, node: int) -> tuple[int, int]:
    """The name graph's node at offset `node` from `graph`: its number (the names below it, times 2, plus 1 if a name
    ends there) and the offset of its edges (unicodedata.c's _dawg_decode_node)."""
    number, edges = unsigned(memory, graph + node)
    return number, edges - graph


def edges_from(memory: bytes, graph: int, edge: int) -> Iterator[tuple[int, int, int]]:
    """A node's edges from offset `edge`, as (label offset, label size, target node), up to its last one; none after a
    final node without edges (unicodedata.c's _dawg_decode_edge)."""
    target, first = edge, True
    while True:
        number, label = unsigned(memory, graph + edge)
        label -= graph
        if number == 0 and first:
            return
        one, target = number >> 1 & 1, target + (number >> 2)
        size = 1 if one else memory[graph + label]
        label += 0 if one else 1
        yield label, size, target
        if number & 1:
            return
        first, edge = False, label + size


def name_position(memory: bytes, graph: int, name: bytes) -> int | None:
    """Where `name` (upper case) leads in the name graph at `graph`: its position among the names, or None
    (unicodedata.c's _lookup_dawg_packed)."""
    at = node = position = 0
    while at < len(name):
        number, edge = node_at(memory, graph, node)
        for label, size, target in edges_from(memory, graph, edge):
            if size == 0:
                return None  # no graph: an edge always has a label
            if memory[graph + label : graph + label + size] == name[at : at + size]:
                position += number & 1
                at, node = at + size, target
                break
            position += node_at(memory, graph, target)[0] >> 1
        else:
            return None  # no edge goes on with the name
    return position if node_at(memory, graph, node)[0] & 1 else None


def graph_length(memory: bytes, graph: int) -> int:
    """How many bytes the name graph at `graph` spans: every node and edge reached from its first node."""
    seen, todo, end = set(), [0], 0
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        _, edge = node_at(memory, graph, node)
        end = max(end, edge + 1)  # its first edge, or the 0 byte after a final node without edges
        for label, size, target in edges_from(memory, graph, edge):
            end = max(end, label + size)
            todo.append(target)
    return end


def graph_candidates(memory: bytes) -> list[int]:
    """Every address where a name graph could start that NAME_PROBE leads through."""
    found = []
    for start in GRAPH_START.finditer(memory, 0, len(memory) - 8):
        at = start.start()
        count, edge = unsigned(memory, at)
        if count & 1 or count >> 1 < NAMES_AT_LEAST or edge + 2 > len(memory):
            continue
        number, label = unsigned(memory, edge)
        if number == 0 or not 0x41 <= memory[label if number & 2 else label + 1] <= 0x5A:  # names are upper case
            continue
        try:
            if name_position(memory, at, NAME_PROBE) is not None:
                found.append(at)
        except IndexError:  # bytes that are no graph ran off the memory's end
            continue
    return found


def name_spans(memory: bytes) -> list[tuple[int, int]]:
    """The (address, length) of unicodedata's name graph and its table of code points, checked against Python's
    own names."""
    graphs = graph_candidates(memory)
    if len(graphs) != 1:
        raise TrimError(f"{len(graphs)} Unicode name graphs, not 1")
    graph = graphs[0]
    count = unsigned(memory, graph)[0] >> 1
    names = {}  # position -> code point, for every name this Python knows that the graph holds
    asked = 0
    for code in range(sys.maxunicode + 1):
        name = unicodedata.name(chr(code), "")
        if not name or name.startswith(NAMED_BY_RULE):
            continue
        asked += 1
        position = name_position(memory, graph, name.encode("ascii"))
        if position is not None:
            if position in names or position >= count:
                raise TrimError(f"the Unicode name graph gives {name} a position it gives another")
            names[position] = code
    if len(names) < AGREEMENT * asked:
        raise TrimError(f"the Unicode name graph holds {len(names)} of Python's {asked} names")
    known = sorted(names)
    run = next(p for p in known if all(p + i in names for i in range(16)))
    place = memory.find(struct.pack("<16I", *(names[run + i] for i in range(16))))
    table = place - 4 * run
    if place < 0 or table < 0 or table + 4 * count > len(memory):
        raise TrimError("the Unicode names' table of code points not found")
    codes = struct.unpack_from(f"<{count}I", memory, table)
    if any(codes[p] != code for p, code in names.items()):
        raise TrimError("the Unicode names' table of code points differs from Python's")
    return [(graph, graph_length(memory, graph)), (table, 4 * count)]


def without_unused_tables(wasm: bytes) -> tuple[bytes, int]:
    """The module with zeros over the CJK codecs' indexes and tables, musl's, and the Unicode names, and how many of
    its bytes those are."""
    segments = data_segments(wasm)
    memory = initial_memory(wasm, segments)
    codecs = cjk_spans(memory)
    for address, length in codecs:  # before musl's are looked for: CPython's hold the same rows
        memory[address : address + length] = bytes(length)
    spans = sorted(codecs + musl_spans(memory) + name_spans(memory))
    if any(a + n > b for (a, n), (b, _) in itertools.pairwise(spans)):
        raise TrimError("the tables overlap")
    covered = bytearray(len(memory))
    for address, length in spans:
        memory[address : address + length] = bytes(length)
        covered[address : address + length] = b"\1" * length
    trimmed = bytearray(wasm)
    for s in segments:
        trimmed[s.start : s.start + s.length] = memory[s.address : s.address + s.length]
    return bytes(trimmed), sum(covered.count(1, s.address, s.address + s.length) for s in segments)

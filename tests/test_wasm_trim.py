"""sitebuild/wasm_trim.py: pyodide.asm.wasm without the CJK codecs' tables and the Unicode names, every other byte
as shipped."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import build
from sitebuild.wasm_trim import (
    MUSL_TABLES,
    PROBES,
    TABLES,
    TrimError,
    cjk_spans,
    data_segments,
    index_tables,
    initial_memory,
    musl_spans,
    name_position,
    name_spans,
    probe,
    unsigned,
    without_unused_tables,
)

STOCK = build.NODE / "pyodide" / "pyodide.asm.wasm"


@pytest.fixture(scope="module")
def stock() -> bytes:
    return STOCK.read_bytes()


@pytest.fixture(scope="module")
def trimmed(stock: bytes) -> tuple[bytes, int]:
    return without_unused_tables(stock)


@pytest.fixture(scope="module")
def stock_memory(stock: bytes) -> bytes:
    """The memory the stock WebAssembly starts with (read-only: a test that changes it copies it)."""
    return bytes(initial_memory(stock, data_segments(stock)))


@pytest.fixture(scope="module")
def trimmed_memory(trimmed: tuple[bytes, int]) -> bytes:
    return bytes(initial_memory(trimmed[0], data_segments(trimmed[0])))


@pytest.fixture(scope="module")
def stock_names(stock_memory: bytes) -> list[tuple[int, int]]:
    """unicodedata's name graph and table of code points in the stock memory (a walk of every name: done once)."""
    return name_spans(stock_memory)


def changed_bytes(before: bytes, after: bytes, block: int = 4096) -> list[int]:
    """The offsets where two files of one length differ (compared a block at a time, then byte by byte)."""
    return [
        i
        for start in range(0, len(before), block)
        if before[start : start + block] != after[start : start + block]
        for i in range(start, min(start + block, len(before)))
        if before[i] != after[i]
    ]


def test_only_the_tables_inside_the_data_section_become_zeros(stock: bytes, trimmed: tuple[bytes, int]) -> None:
    wasm, zeroed = trimmed
    assert len(wasm) == len(stock)
    changed = changed_bytes(stock, wasm)
    segments = data_segments(stock)
    first, last = segments[0].start, segments[-1].start + segments[-1].length
    assert changed and first <= changed[0] and changed[-1] < last
    assert all(wasm[i] == 0 for i in changed)
    assert 1_000_000 < zeroed < 1_100_000 and len(changed) <= zeroed


def test_no_row_of_any_codec_is_left(stock_memory: bytes, trimmed_memory: bytes) -> None:
    before, after = stock_memory, trimmed_memory
    for codec, lead, trails in PROBES:
        row = probe(codec, lead, trails)
        place = before.find(row)  # in the codec's own table (musl's iconv, unused, keeps a copy of GB18030's too)
        assert place > 0 and after[place : place + len(row)] == bytes(len(row)), codec
    assert len(index_tables(before)) == TABLES and index_tables(after) == []


def test_trimming_twice_finds_nothing_to_trim(trimmed: tuple[bytes, int]) -> None:
    with pytest.raises(TrimError, match=f"0 indexes of the CJK codecs' shape, not {TABLES}"):
        without_unused_tables(trimmed[0])


def test_a_wasm_of_another_shape_is_refused(stock: bytes, stock_memory: bytes) -> None:
    with pytest.raises(TrimError, match="not WebAssembly"):
        without_unused_tables(b"PK\3\4" + stock[4:])
    with pytest.raises(TrimError, match="no data section"):
        without_unused_tables(b"\0asm\1\0\0\0")
    memory = stock_memory
    index, tables = index_tables(memory)[0]
    entry = next(
        e for e in range(256) if memory[index + 8 * e : index + 8 * e + 4] == tables[0][0].to_bytes(4, "little")
    )
    padding = index + 8 * entry + 6  # an entry that is not all zeros is in a data segment
    segment = next(s for s in data_segments(stock) if s.address <= padding < s.address + s.length)
    changed = bytearray(stock)
    changed[segment.start + padding - segment.address] = 1
    with pytest.raises(TrimError, match=f"{TABLES - 1} indexes"):
        without_unused_tables(bytes(changed))


DECODE = """
import { loadPyodide } from "%(pyodide)s";
const python = await loadPyodide({ indexURL: process.argv[2] });
console.log(python.runPython(`
import json, _codecs_cn, _codecs_jp
def answer(codec, data):
    try:
        return codec.decode(data)[0]
    except UnicodeDecodeError as error:
        return "error: " + error.reason
def named(ask):
    try:
        return ask()
    except (KeyError, ValueError, SyntaxError) as error:
        return type(error).__name__
import unicodedata
names = [
    named(lambda: unicodedata.lookup("LATIN SMALL LETTER A")),
    named(lambda: unicodedata.name("a")),
    named(lambda: eval(r'"\\\\N{LATIN SMALL LETTER A}"')),
    named(lambda: unicodedata.name("\\uac00")),  # named by rule, not from the graph
]
used = [  # what scoring/ asks of unicodedata
    unicodedata.normalize("NFKC", "\\uff11\\uff12\\u2160"), unicodedata.category("\\u200b"),
    unicodedata.east_asian_width("\\u4e2d"), unicodedata.decimal("\\u0663"),
]
json.dumps([answer(_codecs_cn.getcodec("gb2312"), b"\\\\xb0\\\\xa1"), answer(_codecs_jp.getcodec("shift_jis"), b"\\\\x88\\\\x9f"), names, used])
`));
"""


USED = ["12I", "Cf", "W", 3]
NAMES = ["a", "LATIN SMALL LETTER A", "a", "HANGUL SYLLABLE GA"]
NO_NAMES = ["KeyError", "ValueError", "SyntaxError", "HANGUL SYLLABLE GA"]


@pytest.fixture(scope="module")
def answers(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[object]]:
    """What DECODE prints in Pyodide under Node.js with the stock WebAssembly and with the site's: both processes run
    at once (one Pyodide each, one core each)."""
    runs = {}
    for which, wasm in (("stock", STOCK), ("site", built_site / "pyodide" / "pyodide.asm.wasm")):
        index = tmp_path_factory.mktemp(which) / "index"
        index.mkdir()
        for name in ("pyodide.asm.mjs", "pyodide-lock.json", "python_stdlib.zip", "pyodide.mjs"):
            (index / name).symlink_to(STOCK.parent / name)
        (index / "pyodide.asm.wasm").symlink_to(wasm)
        script = index.parent / "decode.mjs"
        script.write_text(DECODE % {"pyodide": (index / "pyodide.mjs").as_uri()}, encoding="utf-8")
        runs[which] = subprocess.Popen(["node", script, f"{index}/"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    printed = {}
    for which, run in runs.items():
        out, err = run.communicate(timeout=240)
        assert run.returncode == 0, err.decode()[-2000:]
        printed[which] = json.loads(out.decode().strip().splitlines()[-1])
    return printed


@pytest.mark.parametrize(
    ("which", "expected"),
    [("stock", ["啊", "亜", NAMES, USED]), ("site", [*["error: illegal multibyte sequence"] * 2, NO_NAMES, USED])],
)
def test_a_codec_asked_anyway_fails_and_never_answers_wrongly(
    answers: dict[str, list[object]], which: str, expected: list[object]
) -> None:
    """In Pyodide under Node.js: the stock WebAssembly decodes GB2312 and Shift JIS and knows characters' names; the
    site's refuses to, with the errors of an unknown character or name, and answers what scoring/ asks alike."""
    assert answers[which] == expected


def test_the_site_serves_the_trimmed_wasm(built_site: Path, trimmed: tuple[bytes, int]) -> None:
    assert (built_site / "pyodide" / "pyodide.asm.wasm").read_bytes() == trimmed[0]


def test_the_worker_refuses_the_codecs_without_tables() -> None:
    """static/worker.py takes the trimmed codecs' modules out of reach: importing one fails, naming it."""
    names = ("_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw")
    code = f"""
import importlib, json, sys
sys.path[:0] = [{str(build.STATIC)!r}, {str(build.ROOT)!r}]
import worker
refused = []
for name in {names!r}:
    try:
        importlib.import_module(name)
    except ImportError as error:
        refused.append(name in str(error))
print(json.dumps(refused))
"""
    done = subprocess.run([sys.executable, "-I", "-B", "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [True] * len(names)


def test_musls_iconv_tables_are_zeros_too(stock_memory: bytes, trimmed_memory: bytes) -> None:
    """musl's GB18030, Big5, JIS X 0208 and KS X 1001 tables: found in the stock WebAssembly, zeros in the trimmed."""
    after = trimmed_memory
    with pytest.raises(TrimError, match="musl's gb18030 table not found"):
        musl_spans(after)
    before = bytearray(stock_memory)
    for address, length in cjk_spans(before):  # as without_unused_tables looks: CPython's codecs hold the same rows
        before[address : address + length] = bytes(length)
    spans = musl_spans(before)
    assert [n // 2 for _, n in spans] == [len(leads) * len(trails) for _, leads, trails in MUSL_TABLES]
    for address, length in spans:
        assert before[address : address + length].count(0) < length // 2
        assert after[address : address + length] == bytes(length)


def test_the_unicode_names_are_zeros_too(
    stock_memory: bytes, trimmed_memory: bytes, stock_names: list[tuple[int, int]]
) -> None:
    """unicodedata's name graph and its table of code points: found in the stock WebAssembly, zeros in the trimmed."""
    before, after = stock_memory, trimmed_memory
    (graph, length), (table, size) = stock_names
    assert name_position(before, graph, b"LATIN SMALL LETTER A") is not None
    assert name_position(before, graph, b"LATIN SMALL LETTER AX") is None
    assert 100_000 < length < 400_000 and size == 4 * (unsigned(before, graph)[0] >> 1)
    assert after[graph : graph + length] == bytes(length) and after[table : table + size] == bytes(size)
    with pytest.raises(TrimError, match="0 Unicode name graphs, not 1"):
        name_spans(after)


def test_a_table_of_code_points_unlike_pythons_names_is_refused(
    stock_memory: bytes, stock_names: list[tuple[int, int]]
) -> None:
    memory = bytearray(stock_memory)
    (graph, _), (table, _) = stock_names
    position = name_position(memory, graph, b"LATIN SMALL LETTER A")
    memory[table + 4 * position] = ord("b")
    with pytest.raises(TrimError, match="table of code points differs from Python's"):
        name_spans(memory)

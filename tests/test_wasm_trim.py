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


def test_only_the_tables_inside_the_data_section_become_zeros(stock: bytes, trimmed: tuple[bytes, int]) -> None:
    wasm, zeroed = trimmed
    assert len(wasm) == len(stock)
    changed = [i for i in range(len(stock)) if stock[i] != wasm[i]]
    segments = data_segments(stock)
    first, last = segments[0].start, segments[-1].start + segments[-1].length
    assert changed and first <= changed[0] and changed[-1] < last
    assert all(wasm[i] == 0 for i in changed)
    assert 1_000_000 < zeroed < 1_100_000 and len(changed) <= zeroed


def test_no_row_of_any_codec_is_left(stock: bytes, trimmed: tuple[bytes, int]) -> None:
    before = initial_memory(stock, data_segments(stock))
    after = initial_memory(trimmed[0], data_segments(trimmed[0]))
    for codec, lead, trails in PROBES:
        row = probe(codec, lead, trails)
        place = before.find(row)  # in the codec's own table (musl's iconv, unused, keeps a copy of GB18030's too)
        assert place > 0 and after[place : place + len(row)] == bytes(len(row)), codec
    assert len(index_tables(before)) == TABLES and index_tables(after) == []


def test_trimming_twice_finds_nothing_to_trim(trimmed: tuple[bytes, int]) -> None:
    with pytest.raises(TrimError, match=f"0 indexes of the CJK codecs' shape, not {TABLES}"):
        without_unused_tables(trimmed[0])


def test_a_wasm_of_another_shape_is_refused(stock: bytes) -> None:
    with pytest.raises(TrimError, match="not WebAssembly"):
        without_unused_tables(b"PK\3\4" + stock[4:])
    with pytest.raises(TrimError, match="no data section"):
        without_unused_tables(b"\0asm\1\0\0\0")
    memory = initial_memory(stock, data_segments(stock))
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


@pytest.mark.parametrize(
    ("which", "answers"),
    [("stock", ["啊", "亜", NAMES, USED]), ("site", [*["error: illegal multibyte sequence"] * 2, NO_NAMES, USED])],
)
def test_a_codec_asked_anyway_fails_and_never_answers_wrongly(
    built_site: Path, tmp_path: Path, which: str, answers: list[str]
) -> None:
    """In Pyodide under Node.js: the stock WebAssembly decodes GB2312 and Shift JIS and knows characters' names; the
    site's refuses to, with the errors of an unknown character or name, and answers what scoring/ asks alike."""
    index = tmp_path / "index"
    index.mkdir()
    for name in ("pyodide.asm.mjs", "pyodide-lock.json", "python_stdlib.zip", "pyodide.mjs"):
        (index / name).symlink_to(STOCK.parent / name)
    (index / "pyodide.asm.wasm").symlink_to(STOCK if which == "stock" else built_site / "pyodide" / "pyodide.asm.wasm")
    script = tmp_path / "decode.mjs"
    script.write_text(DECODE % {"pyodide": (index / "pyodide.mjs").as_uri()}, encoding="utf-8")
    done = subprocess.run(["node", script, f"{index}/"], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == answers


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


def test_musls_iconv_tables_are_zeros_too(stock: bytes, trimmed: tuple[bytes, int]) -> None:
    """musl's GB18030, Big5, JIS X 0208 and KS X 1001 tables: found in the stock WebAssembly, zeros in the trimmed."""
    after = initial_memory(trimmed[0], data_segments(trimmed[0]))
    with pytest.raises(TrimError, match="musl's gb18030 table not found"):
        musl_spans(after)
    before = initial_memory(stock, data_segments(stock))
    for address, length in cjk_spans(before):  # as without_unused_tables looks: CPython's codecs hold the same rows
        before[address : address + length] = bytes(length)
    spans = musl_spans(before)
    assert [n // 2 for _, n in spans] == [len(leads) * len(trails) for _, leads, trails in MUSL_TABLES]
    for address, length in spans:
        assert before[address : address + length].count(0) < length // 2
        assert after[address : address + length] == bytes(length)


def test_the_unicode_names_are_zeros_too(stock: bytes, trimmed: tuple[bytes, int]) -> None:
    """unicodedata's name graph and its table of code points: found in the stock WebAssembly, zeros in the trimmed."""
    before = initial_memory(stock, data_segments(stock))
    after = initial_memory(trimmed[0], data_segments(trimmed[0]))
    (graph, length), (table, size) = name_spans(before)
    assert name_position(before, graph, b"LATIN SMALL LETTER A") is not None
    assert name_position(before, graph, b"LATIN SMALL LETTER AX") is None
    assert 100_000 < length < 400_000 and size == 4 * (unsigned(before, graph)[0] >> 1)
    assert after[graph : graph + length] == bytes(length) and after[table : table + size] == bytes(size)
    with pytest.raises(TrimError, match="0 Unicode name graphs, not 1"):
        name_spans(after)


def test_a_table_of_code_points_unlike_pythons_names_is_refused(stock: bytes) -> None:
    memory = initial_memory(stock, data_segments(stock))
    (graph, _), (table, _) = name_spans(memory)
    position = name_position(memory, graph, b"LATIN SMALL LETTER A")
    memory[table + 4 * position] = ord("b")
    with pytest.raises(TrimError, match="table of code points differs from Python's"):
        name_spans(memory)

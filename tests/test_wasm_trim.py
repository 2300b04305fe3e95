"""sitebuild/wasm_trim.py: pyodide.asm.wasm without the CJK codecs' tables, every other byte as shipped."""

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
    probe,
    without_cjk_tables,
)

STOCK = build.NODE / "pyodide" / "pyodide.asm.wasm"


@pytest.fixture(scope="module")
def stock() -> bytes:
    return STOCK.read_bytes()


@pytest.fixture(scope="module")
def trimmed(stock: bytes) -> tuple[bytes, int]:
    return without_cjk_tables(stock)


def test_only_the_tables_inside_the_data_section_become_zeros(stock: bytes, trimmed: tuple[bytes, int]) -> None:
    wasm, zeroed = trimmed
    assert len(wasm) == len(stock)
    changed = [i for i in range(len(stock)) if stock[i] != wasm[i]]
    segments = data_segments(stock)
    first, last = segments[0].start, segments[-1].start + segments[-1].length
    assert changed and first <= changed[0] and changed[-1] < last
    assert all(wasm[i] == 0 for i in changed)
    assert 650_000 < zeroed < 750_000 and len(changed) <= zeroed


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
        without_cjk_tables(trimmed[0])


def test_a_wasm_of_another_shape_is_refused(stock: bytes) -> None:
    with pytest.raises(TrimError, match="not WebAssembly"):
        without_cjk_tables(b"PK\3\4" + stock[4:])
    with pytest.raises(TrimError, match="no data section"):
        without_cjk_tables(b"\0asm\1\0\0\0")
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
        without_cjk_tables(bytes(changed))


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
json.dumps([answer(_codecs_cn.getcodec("gb2312"), b"\\\\xb0\\\\xa1"), answer(_codecs_jp.getcodec("shift_jis"), b"\\\\x88\\\\x9f")])
`));
"""


@pytest.mark.parametrize(
    ("which", "answers"), [("stock", ["啊", "亜"]), ("site", ["error: illegal multibyte sequence"] * 2)]
)
def test_a_codec_asked_anyway_fails_and_never_answers_wrongly(
    built_site: Path, tmp_path: Path, which: str, answers: list[str]
) -> None:
    """In Pyodide under Node.js: the stock WebAssembly decodes GB2312 and Shift JIS; the site's refuses to."""
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
    for address, length in cjk_spans(before):  # as without_cjk_tables looks: CPython's codecs hold the same rows
        before[address : address + length] = bytes(length)
    spans = musl_spans(before)
    assert [n // 2 for _, n in spans] == [len(leads) * len(trails) for _, leads, trails in MUSL_TABLES]
    for address, length in spans:
        assert before[address : address + length].count(0) < length // 2
        assert after[address : address + length] == bytes(length)

"""Python's start-up, one room: the snapshot's format (TCSNAP3), declared once in static/snapshot-format.mjs, as
tools/python_start.mjs writes it is what static/pyodide-start.mjs reads and what docs/python-start.md's table says, and the names the scripts share (the offline copy's caches, the snapshot's file, the
channels) are declared once, in sitebuild/offline_copy.py, and written into the built scripts (docs/python-start.md)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

import build
from sitebuild import BuildError
from sitebuild.offline_copy import PLACEHOLDER, SHARED_NAMES, as_written, with_shared_names, write_shared_names
from sitebuild.publish import minify_static
from sitebuild.python_start import EARLY_FILES, START_DOWNLOADS

ROUND_TRIP = """
import { gzipSync } from "node:zlib";
import { MAGIC, PAGE_SIZE, withoutZeroPages } from "%(writer)s";
import { snapshot } from "%(reader)s";
const [pageSize, pages] = [Number(process.argv[2]), Number(process.argv[3])];
// A memory of whole and part pages: data at a page's first byte, its last, a page full, pages of zeros between, and
// a short last page (so the reader must not read past the memory's end).
const memory = new Uint8Array(Math.floor(pageSize * pages));
const set = (at, value) => at < memory.length && (memory[at] = value);
set(0, 1);
set(2 * pageSize + pageSize - 1, 2);
memory.fill(3, 4 * pageSize, Math.min(5 * pageSize, memory.length));
set(memory.length - 1, 4);
const written = withoutZeroPages(memory, 8, pageSize);
const read = async (bytes) => {
  try {
    const { memory: back, xorLength } = await snapshot(new Response(bytes));
    return [Buffer.compare(Buffer.from(back), Buffer.from(memory)) === 0, back.length, xorLength];
  } catch (error) {
    return String(error.message);
  }
};
const damaged = Buffer.from(written);
damaged.write("TCSNAP2", 0, "latin1");
console.log(JSON.stringify({
  magic: MAGIC, defaultPageSize: PAGE_SIZE, bytes: written.length,
  plain: await read(written), gzipped: await read(gzipSync(written)),
  cut: await read(written.subarray(0, written.length - 1)), longer: await read(Buffer.concat([written, Buffer.alloc(1)])),
  otherMagic: await read(damaged),
}));
"""


def round_trip(site: Path, tmp_path: Path, page_size: int, pages: float) -> dict[str, object]:
    """ROUND_TRIP in Node.js: the writer's file for a made-up memory, read back by the site's reader."""
    script = tmp_path / "round_trip.mjs"
    writer = build.SETTINGS.static / "snapshot-format.mjs"
    reader = site / "static" / "pyodide-start.mjs"
    script.write_text(ROUND_TRIP % {"writer": writer.as_uri(), "reader": reader.as_uri()}, encoding="utf-8")
    done = subprocess.run(
        ["node", script, str(page_size), str(pages)], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(("page_size", "pages"), [(65536, 5.5), (4096, 7.25), (65536, 6)])
def test_the_reader_reads_what_the_writer_writes(
    built_site: Path, tmp_path: Path, page_size: int, pages: float
) -> None:
    """TCSNAP3 from static/snapshot-format.mjs's writer, gzipped or not, is the same memory in static/pyodide-start.mjs's
    `snapshot`, with the page size the file names; a file cut short, longer, or of another magic is refused."""
    found = round_trip(built_site, tmp_path, page_size, pages)
    length = int(page_size * pages)
    kept = 4  # pages 0, 2, 4 and the last one (short unless pages is whole)
    assert found["bytes"] == 24 + 4 * kept + kept * page_size - (page_size - length % page_size) % page_size
    assert found["plain"] == found["gzipped"] == [True, length, 8]
    assert found["cut"] == "python_snapshot.bin.gz: cut short"
    assert found["longer"] == "python_snapshot.bin.gz: more bytes than pages"
    assert found["otherMagic"] == "python_snapshot.bin.gz: not a snapshot"
    assert found["magic"] == "TCSNAP3\n" and found["defaultPageSize"] == 65536


FORMAT = "static/snapshot-format.mjs"
WRITER_AND_READER = {
    "tools/python_start.mjs": "../static/snapshot-format.mjs",
    "static/pyodide-start.mjs": "./snapshot-format.mjs",
}
"""The snapshot's writer and reader, each with the path it imports the format by."""
SPELLS_THE_FORMAT = re.compile(r"TCSNAP|\b(?:8|12|16|20|24|65536|0x10000)\b|\bfunction withZeroPages")
"""A constant of the format spelled by hand: its magic, a header field's offset, the header's length, the page size,
or a reader of its own."""
NOT_THE_FORMAT = {"for (let size = 1 << 22; size >= 16; size >>= 2) {"}
"""Lines with such a number that is not the format's: tools/python_start.mjs's zeroFreeMemory's block sizes."""


def test_the_writer_and_the_reader_take_the_format_from_one_module() -> None:
    """tools/python_start.mjs and static/pyodide-start.mjs import static/snapshot-format.mjs and spell none of its
    constants themselves: they cannot disagree on one."""
    root = build.SETTINGS.root
    for name, imported in WRITER_AND_READER.items():
        source = (root / name).read_text(encoding="utf-8")
        code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("//", "/*", "*")))
        assert f'"{imported}"' in code, f"{name} does not import the snapshot's format from {FORMAT}"
        spelled = [line.strip() for line in code.splitlines() if SPELLS_THE_FORMAT.search(line)]
        spelled = [line for line in spelled if line not in NOT_THE_FORMAT]
        assert not spelled, f"{name} spells the snapshot's format itself ({FORMAT} declares it): {spelled}"


DECLARED = """
import * as format from "%(format)s";
console.log(JSON.stringify({ magic: format.MAGIC, fields: format.FIELDS, header: format.HEADER_BYTES,
  pageSize: format.PAGE_SIZE }));
"""


def documented_layout() -> list[tuple[int, int | None, str]]:
    """docs/python-start.md's table of TCSNAP3: each row's first byte, last byte (None: runs on) and what it holds."""
    text = (build.SETTINGS.root / "docs" / "python-start.md").read_text(encoding="utf-8")
    table = text.split("## The snapshot's format, TCSNAP3", 1)[1].split("\n\n")[2]
    rows = []
    for row in table.splitlines()[2:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if found := re.fullmatch(r"(\d+)(?:–(\d+)|…)", cells[0]):
            rows.append((int(found[1]), int(found[2]) if found[2] else None, cells[1]))
    return rows


def test_the_documented_layout_is_the_declared_one(tmp_path: Path) -> None:
    """docs/python-start.md's table has the magic, the header's u32s in their order and the page indices where
    static/snapshot-format.mjs puts them."""
    script = tmp_path / "declared.mjs"
    script.write_text(DECLARED % {"format": (build.SETTINGS.root / FORMAT).as_uri()}, encoding="utf-8")
    done = subprocess.run(["node", script], capture_output=True, text=True, check=True, timeout=60)
    declared = json.loads(done.stdout)
    magic = len(declared["magic"])
    expected = [(0, magic - 1)] + [(magic + 4 * i, magic + 4 * i + 3) for i in range(len(declared["fields"]))]
    rows = documented_layout()
    assert [(first, last) for first, last, _ in rows] == [*expected, (declared["header"], None)], rows
    assert rows[0][2] == "`" + declared["magic"].replace("\n", "\\n") + "`", rows[0]
    assert f"({declared['pageSize']})" in rows[1 + declared["fields"].index("pageSize")][2]


def sources_naming_the_shared() -> dict[str, str]:
    """The scripts whose sources may write a shared name: static's scripts and the service worker's template."""
    static = build.SETTINGS.static
    return {p.name: p.read_text(encoding="utf-8") for p in sorted([*static.glob("*.js"), *static.glob("*.mjs")])}


def spelling(value: str | tuple[str, ...]) -> re.Pattern[str]:
    """A shared name spelled in a script's code: in quotes, perhaps after a path ("tc-x", "../pyodide/x.gz"); a
    list, as an array literal holding one of its names (calculator.js may still name pyodide.asm.wasm for its own ends)."""
    if isinstance(value, str):
        return re.compile(rf"[\"'`](?:[./a-z]*/)?{re.escape(value)}[\"'`]")
    names = "|".join(re.escape(name) for name in value)
    return re.compile(rf"\[[^\]]*[\"'`](?:[./a-z]*/)?(?:{names})[\"'`]")


def test_each_shared_name_is_written_by_the_build_not_by_hand() -> None:
    """No script's code spells a shared name itself (a comment may name it); each is used by two scripts or more."""
    for name, source in sources_naming_the_shared().items():
        code = [line for line in source.splitlines() if not line.lstrip().startswith(("//", "/*", "*"))]
        for key, value in SHARED_NAMES.items():
            spelled = [line.strip() for line in code if spelling(value).search(line)]
            assert not spelled, f"static/{name} spells {value!r}: write __{key}__ (sitebuild/offline_copy.py)"
    for key in SHARED_NAMES:
        users = [name for name, source in sources_naming_the_shared().items() if f"__{key}__" in source]
        assert len(users) >= 2, f"__{key}__ is used by {users} only: a name one script uses needs no sharing"


def test_tests_and_bench_take_the_names_from_the_declaration() -> None:
    """No test or benchmark spells a cache's or a channel's name in its code (the JavaScript it runs in the page
    writes "__OFFLINE_CACHE__" and is filled by with_shared_names): renaming one cannot leave them looking elsewhere."""
    root = build.SETTINGS.root
    names = {key: value for key, value in SHARED_NAMES.items() if key.endswith(("_CACHE", "_CHANNEL"))}
    for path in sorted([*(root / "tests").rglob("*.py"), *(root / "bench").rglob("*.py")]):
        code = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#")]
        for key, value in names.items():
            spelled = [line.strip() for line in code if spelling(value).search(line)]
            where = path.relative_to(root)
            assert not spelled, f"{where} spells {value!r}: write __{key}__ and fill it (with_shared_names)"


def test_the_built_scripts_hold_the_names(built_site: Path, tmp_path: Path) -> None:
    """Every built script is its source with the shared names written in, then minified; none is left unfilled."""
    sources = sources_naming_the_shared()
    for name, source in sources.items():
        (tmp_path / name).write_text(with_shared_names(source), encoding="utf-8")
    (tmp_path / "sw.template.js").unlink()  # sw.js is written from it with its lists, and not minified
    minify_static(tmp_path, build.SETTINGS.tools)
    for name, source in sources.items():
        if name == "sw.template.js":
            built = (built_site / "sw.js").read_text(encoding="utf-8")
            for key, value in SHARED_NAMES.items():
                assert (f"__{key}__" in source) == (as_written(value) in built), (key, value)
        else:
            built = (built_site / "static" / name).read_text(encoding="utf-8")
            expected = (tmp_path / name).read_text(encoding="utf-8")
            assert built == expected, f"static/{name} is not its source with the names written in, minified"
        assert not PLACEHOLDER.search(built), f"{name}: {PLACEHOLDER.search(built)[0]} left unfilled"
    assert f'const CACHE = "{SHARED_NAMES["OFFLINE_CACHE"]}";' in (built_site / "sw.js").read_text(encoding="utf-8")


def test_the_early_files_are_served_and_downloaded_at_start(built_site: Path) -> None:
    """The files play/ downloads early for the worker are Pyodide's files the site serves, among those a first visit's
    worker fetches, written as one list into both scripts."""
    for name in EARLY_FILES:
        assert (built_site / "pyodide" / name).is_file(), f"pyodide/{name}: not served, yet play/ downloads it early"
        assert f"pyodide/{name}" in START_DOWNLOADS, name
    for script in ("early-downloads-worker.js", "pyodide-start.mjs"):
        built = (built_site / "static" / script).read_text(encoding="utf-8")
        written = re.search(r"(\[[^\]]*\])\s*\.map\(", built)
        assert written and json.loads(written[1]) == list(EARLY_FILES), (
            f"static/{script}: the early files not written in"
        )


def test_an_unknown_name_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "a.mjs").write_text('const CACHE = "__OFFLINE_CACHE__";\nconst X = "__NO_SUCH_NAME__";\n')
    with pytest.raises(BuildError, match=r"static/a\.mjs: __NO_SUCH_NAME__ is not a name the build fills"):
        write_shared_names(tmp_path)
    assert re.search("__OFFLINE_CACHE__", (tmp_path / "a.mjs").read_text()), "nothing written when one is unknown"

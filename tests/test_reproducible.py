"""Two builds of one commit give the same Python start-up files (so a deploy republishes unchanged files unchanged).

The memory snapshot is the one file that used to differ (times and random state in Python's memory): here the tool
runs once more from nothing and its files are compared with the build's. This costs one run of
tools/python_start.mjs and of zopfli on the snapshot (about 20 s and 35 s on a quiet machine, more under load).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import build


def test_the_start_up_files_are_made_the_same_way_twice(built_site: Path, tmp_path: Path) -> None:
    build.make_python_start(tmp_path)
    for name in build.PYTHON_START_FILES:
        again = (tmp_path / name).read_bytes()
        assert again == (built_site / "pyodide" / name).read_bytes(), f"{name} differs between two runs"


def test_the_snapshot_does_not_hold_the_checkouts_folder(built_site: Path) -> None:
    """Two checkouts of one commit in different folders make the same snapshot (the tool's path was kept in it)."""
    memory = gzip.decompress((built_site / "pyodide" / "python_snapshot.bin.gz").read_bytes())
    assert str(build.ROOT).encode() not in memory

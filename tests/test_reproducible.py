"""Python's start-up files: two builds of one commit give the same bytes (so a deploy republishes unchanged files
unchanged), and each is made again when, and only when, what it is made from changes.

The memory snapshot is the file that used to differ (times and random state in Python's memory). Here both runs of
tools/python_start.mjs are made once more from nothing, side by side, and compared with the built site's: the
library from Pyodide's standard library, the snapshot from the site's own WebAssembly and library (the trimmed
WebAssembly is compared with a fresh trim in tests/test_wasm_trim.py), so each file's making is checked once.
"""

from __future__ import annotations

import gzip
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

import build
from sitebuild import python_start
from sitebuild.settings import Settings


def test_the_start_up_files_are_made_the_same_way_twice(built_site: Path, tmp_path: Path) -> None:
    start, pyscript_start, later = python_start.python_start_sources(build.SETTINGS)
    library, snapshot = tmp_path / "library", tmp_path / "snapshot"
    library.mkdir()
    snapshot.mkdir()
    served = built_site / "pyodide"
    with ThreadPoolExecutor(2) as both:  # each run is one Node.js process: both cores at once
        runs = [
            both.submit(python_start.make_library, library, build.SETTINGS, start, pyscript_start, later),
            both.submit(python_start.make_snapshot, snapshot, build.SETTINGS, served, served, start),
        ]
        for run in runs:
            run.result()
    for folder, name in [(library, name) for name in python_start.LIBRARY_FILES] + [
        (snapshot, "python_snapshot.bin.gz")
    ]:
        assert (folder / name).read_bytes() == (served / name).read_bytes(), f"{name} differs between two runs"


def test_the_snapshot_does_not_hold_the_checkouts_folder(built_site: Path) -> None:
    """Two checkouts of one commit in different folders make the same snapshot (the tool's path was kept in it)."""
    memory = gzip.decompress((built_site / "pyodide" / "python_snapshot.bin.gz").read_bytes())
    assert str(build.ROOT).encode() not in memory


def keys(settings: Settings = build.SETTINGS) -> dict[str, str]:
    """The cache keys of the three start-up files as the build computes them from these settings' folders."""
    start, pyscript_start, later = python_start.python_start_sources(settings)
    wasm, library = python_start.wasm_key(settings), python_start.library_key(settings, start, pyscript_start, later)
    return {"wasm": wasm, "library": library, "snapshot": python_start.snapshot_key(settings, wasm, library, start)}


@pytest.fixture
def scoring_copy(tmp_path: Path) -> Settings:
    """The build's settings with a copy of scoring/ in place of the checkout's (in another folder: a key names files
    by their place in it)."""
    copy = tmp_path / "scoring"
    shutil.copytree(build.SETTINGS.scoring, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return replace(build.SETTINGS, scoring=copy)


def test_a_changed_game_module_makes_a_new_snapshot_only(scoring_copy: Settings) -> None:
    """A change to scoring/ reaches the browser: the snapshot (which holds scoring's modules, imported, with their
    sources' hashes) is made again; the WebAssembly and the library, which do not depend on it, come from the cache."""
    before = keys(scoring_copy)
    game = scoring_copy.scoring / "games" / "bruges.py"
    game.write_text(game.read_text(encoding="utf-8") + "\nCHANGED = True\n", encoding="utf-8")
    after = keys(scoring_copy)
    assert after["snapshot"] != before["snapshot"]
    assert (after["wasm"], after["library"]) == (before["wasm"], before["library"])


def test_a_new_standard_import_makes_a_new_library_and_snapshot(scoring_copy: Settings) -> None:
    before = keys(scoring_copy)
    game = scoring_copy.scoring / "games" / "bruges.py"
    game.write_text("import fractions\n" + game.read_text(encoding="utf-8"), encoding="utf-8")
    after = keys(scoring_copy)
    assert after["library"] != before["library"] and after["snapshot"] != before["snapshot"]
    assert after["wasm"] == before["wasm"]


def test_an_unchanged_copy_changes_no_key(scoring_copy: Settings) -> None:
    """The keys name files by their place in scoring/, not by the checkout's folder: a second checkout shares them."""
    assert keys(scoring_copy) == keys(build.SETTINGS)

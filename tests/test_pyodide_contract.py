"""The contract with Pyodide and PyScript (sitebuild/pyodide_contract.py, docs/python-start.md): each private name or
internal the site relies on still holds in the installed versions, one test per assumption, named by it; and no
source uses a private name of theirs that the contract does not list."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

import build
from sitebuild.pyodide_contract import CONTRACT, Assumption

NODE_MODULES = "TC_NODE_MODULES"
"""An environment variable naming another node_modules to check (an upgrade tried before package.json changes)."""
SETTINGS = (
    replace(build.SETTINGS, node=Path(os.environ[NODE_MODULES])) if os.environ.get(NODE_MODULES) else build.SETTINGS
)

SOURCES = (
    "static/pyodide-start.mjs",
    "static/initial-memory.mjs",
    "static/worker.py",
    "static/python-frame.js",
    "static/calculator.js",
    "tools/python_start.mjs",
    "tools/stdlib_bytecode.py",
)
"""The files that talk to Pyodide or PyScript directly."""
PRIVATE = re.compile(
    r"\b(?:python|pyodide|pyodide_js|module|runner|compiler)\.(_[a-zA-Z]\w*)|\b(_(?:make|load)Snapshot)\b"
    r"|from (_pyodide)\b|(object\.__new__)\("
)
"""A private name of Pyodide's used in our code: a field or option that starts with one underscore, Pyodide's private
package, or an object made without its constructor."""


@pytest.mark.parametrize("assumption", CONTRACT, ids=[a.name for a in CONTRACT])
def test_the_assumption_holds(assumption: Assumption) -> None:
    if assumption.check is None:
        assert (build.ROOT / assumption.tested_by).is_file(), f"{assumption.name}: {assumption.tested_by} is gone"
        return
    problem = assumption.check(SETTINGS)
    assert problem is None, (
        f"{assumption.package} no longer keeps the assumption {assumption.name!r}, which "
        f"{assumption.relied_on_by} relies on (docs/python-start.md): {problem}"
    )


def test_every_private_name_used_is_in_the_contract() -> None:
    listed = " ".join(f"{a.name} {a.relied_on_by}" for a in CONTRACT)
    used = {
        (path, next(group for group in found.groups() if group))
        for path in SOURCES
        for found in PRIVATE.finditer((build.ROOT / path).read_text(encoding="utf-8"))
    }
    assert {name for _, name in used} >= {"_makeSnapshot", "_loadSnapshot", "_api", "_malloc_set_footprint_limit"}
    unlisted = sorted((path, name) for path, name in used if name not in listed)
    assert not unlisted, f"private names of Pyodide's used but not in sitebuild/pyodide_contract.py: {unlisted}"


def test_the_docs_list_the_whole_contract() -> None:
    """docs/python-start.md's table names every assumption of sitebuild/pyodide_contract.py, and no other."""
    page = (build.ROOT / "docs" / "python-start.md").read_text(encoding="utf-8")
    table = page[page.index("## The contract") : page.index("## Upgrading")]
    rows = [line.split(" | ")[0].removeprefix("| ") for line in table.splitlines() if line.startswith("| ")][1:]
    assert rows == [a.name for a in CONTRACT], "docs/python-start.md's contract table differs from CONTRACT"

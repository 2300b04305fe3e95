"""The map is true: docs/architecture.md (or docs/tests.md, for the tests) names every file the repository tracks, so
a newcomer finds each one where the map says."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNLISTED = ("content/", "tests/unit/data/", ".")
"""Named by folder, not one by one: a game's content (content/FORMAT.md), test data, dotfiles (CI, git)."""


def test_every_tracked_file_is_on_the_map() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    maps = (ROOT / "docs" / "architecture.md").read_text() + (ROOT / "docs" / "tests.md").read_text()
    missing = [
        path
        for path in tracked
        if not path.startswith(UNLISTED) and Path(path).name not in ("__init__.py",) and Path(path).name not in maps
    ]
    assert not missing, f"not named in docs/architecture.md or docs/tests.md: {missing}"

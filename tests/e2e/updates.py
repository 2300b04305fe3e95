"""A new build after a one-page content change, for the update tests and the benchmark (bytes a returning visitor
downloads)."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import build

CHANGED = "bruges/en.md"
"""The page changed: one sentence added to the English rules of Bruges."""


def rebuild_with_one_page_changed(work: Path) -> Path:
    """Build the site from a copy of content/ with one sentence added to one rules text; return the new site."""
    content = work / "content"
    shutil.copytree(build.CONTENT, content)
    text = content / CHANGED
    text.write_text(text.read_text(encoding="utf-8") + "\nA sentence added for the update test.\n", encoding="utf-8")
    build.build(work / "site", replace(build.SETTINGS, content=content))
    return work / "site"


def replace_site(live: Path, new: Path) -> None:
    """Publish a new build where the old one was served (as a host's deploy does)."""
    for child in live.iterdir():
        shutil.rmtree(child) if child.is_dir() else child.unlink()
    shutil.copytree(new, live, dirs_exist_ok=True)

"""The one Firefox console line the engine table does not count (tests/engines/drivers/firefox.py `LEFT_ICON`):
a page's icon whose service-worker answer was cut off by leaving the page. It covers every icon base.html links,
and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.engines.drivers.firefox import LEFT_ICON

ROOT = Path(__file__).resolve().parent.parent
ICONS = re.findall(
    r'<link rel="(?:icon|apple-touch-icon)"[^>]* href="\{\{ root \}\}([^"]+)"',
    (ROOT / "templates" / "base.html").read_text(encoding="utf-8"),
)


def line(path: str) -> str:
    """Firefox's line for a cut-off interception of this path."""
    return (
        f"pageerror: Failed to load ‘http://127.0.0.1:42939/{path}’. "
        "A ServiceWorker intercepted the request and encountered an unexpected error."
    )


def test_the_page_links_two_icons() -> None:
    assert sorted(ICONS) == ["static/apple-touch-icon.png", "static/icon-192.png"]


@pytest.mark.parametrize("path", ICONS)
def test_a_cut_off_icon_is_not_counted(path: str) -> None:
    assert LEFT_ICON.fullmatch(line(path))


@pytest.mark.parametrize(
    "text",
    [
        line("static/play.js"),
        line("static/icon-512.png"),
        line("pyodide/pyodide.mjs"),
        line("static/icon-192.png") + " and more",
        "pageerror: calculator failed to start",
    ],
)
def test_any_other_line_still_counts(text: str) -> None:
    assert not LEFT_ICON.fullmatch(text)

"""Issue 41 point 9, the small things that the built pages and the docs show: a placeholder that lists the values a
field takes (Tuscany's red track start said "50–50"), the home page's download size saying what it counts (6.2 MB,
all the calculator's files; the sheet's 2.9 MB is what it needs to start), docs/cli.md's sheet accepted by the command line it documents."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def placeholders(built_site: Path) -> dict[str, set[str]]:
    """Each count field's placeholders on the built play/ page (score sheets and helpers), by field key."""
    page = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    found: dict[str, set[str]] = {}
    for shown, key in re.findall(r'placeholder="([^"]*)" data-field="([^"]+)"', page):
        found.setdefault(key, set()).add(shown)
    return found


def test_a_placeholder_lists_the_values_a_field_takes(built_site: Path) -> None:
    shown = placeholders(built_site)
    assert shown["red_start"] == {"0/50"}  # Tuscany's red track start: was "50–50"
    assert shown["statues"] == {"2–7"}  # Bruges' statues, a run: from–to
    same_ends = {k: v for k, v in shown.items() for p in v if p and re.fullmatch(r"(\d+)–\1", p)}
    assert not same_ends


def test_each_download_size_says_what_it_counts(built_site: Path) -> None:
    home = (built_site / "index.html").read_text(encoding="utf-8")
    play = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    # The home page's figure is every file of the calculator; the sheet's, what it downloads to start (the sheet's line
    # keeps its length: a longer one took a third line on a 390 px phone and moved the first score row down).
    assert "Calculator offline (all its files, more than the score sheet first downloads to start):" in home
    assert "计算器离线（全部文件，多于计分表首次打开时下载的启动部分）：" in home
    assert "Downloading the calculator: " in play and "正在下载计算引擎：" in play


def test_the_command_lines_sheet_example_is_accepted(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    (sheet,) = re.findall(r"```json\n(.*?)```", text, re.S)
    game = re.search(r"-m scoring score (\S+) sheet\.json", text)[1]
    (tmp_path / "sheet.json").write_text(sheet, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "score", game, str(tmp_path / "sheet.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert '"place": 1' in done.stdout

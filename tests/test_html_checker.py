"""Every built page passes the Nu HTML Checker (npm `vnu-jar`, run by Debian's Java) with no error."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from sitebuild.game_blocks import games_in_place

ROOT = Path(__file__).resolve().parent.parent
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
JAVA = shutil.which("java")
FAST_START = ["-Xss4m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"]
"""One short run: the quick compiler alone checks the site about three times faster (it needs a larger thread stack
than the checker's 512k minimum); one garbage collector thread leaves the other core to the rest of the tests."""


def pages(site: Path) -> list[str]:
    """Every HTML page the build writes (Pyodide's own files aside), relative to the site."""
    return sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*.html") if "pyodide" not in p.relative_to(site).parts
    )


@pytest.fixture(scope="module")
def checked(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict]]:
    """The checker's messages by page: every page in one Java process. play/ is checked with every game in place of
    its data block (sitebuild/game_blocks.py): the games' markup is checked as the browser has it once opened, and
    the blocks themselves, which the checker takes for inline code, are the build's check."""
    if JAVA is None or not VNU.is_file():
        pytest.fail("the HTML checker needs java (make java) and node_modules/vnu-jar (npm ci)")
    play = tmp_path_factory.mktemp("checked") / "play" / "index.html"
    play.parent.mkdir()
    play.write_text(games_in_place((built_site / "play" / "index.html").read_text(encoding="utf-8")), encoding="utf-8")
    named = {play if name == "play/index.html" else built_site / name: name for name in pages(built_site)}
    run = subprocess.run(
        [JAVA, *FAST_START, "-jar", str(VNU), "--format", "json", *map(str, named)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    try:
        messages = json.loads(run.stderr)["messages"]
    except json.JSONDecodeError:
        pytest.fail(f"the HTML checker did not run: {run.stdout[:400]} {run.stderr[:400]}")
    by_page: dict[str, list[dict]] = {name: [] for name in named.values()}
    for message in messages:
        url = message.get("url", "")
        page = next((name for path, name in named.items() if url.endswith(path.as_posix())), url)
        by_page.setdefault(page, []).append(message)
    return by_page


def test_every_page_was_checked(checked: dict[str, list[dict]]) -> None:
    assert {"index.html", "play/index.html", "search/index.html", "rules/palais-royal/index.html"} <= set(checked)
    assert len(checked) >= 10


def test_every_built_page_has_no_html_error(checked: dict[str, list[dict]]) -> None:
    errors = {
        page: [
            f"line {m.get('lastLine')}: {m['message']}" for m in found if m["type"] in {"error", "non-document-error"}
        ]
        for page, found in checked.items()
    }
    assert {page: found for page, found in errors.items() if found} == {}


def test_no_heading_is_empty(checked: dict[str, list[dict]]) -> None:
    empty = [
        (page, m.get("lastLine")) for page, found in checked.items() for m in found if "Empty heading" in m["message"]
    ]
    assert empty == []


def test_only_the_file_url_csp_warnings_remain(checked: dict[str, list[dict]]) -> None:
    # Checked as files, every page's own scripts and styles are "blocked" by its 'self' policy: not so when served.
    others = [
        (page, m["message"])
        for page, found in checked.items()
        for m in found
        if m["type"] == "info" and not m["message"].startswith("Resource violates Content Security Policy")
    ]
    assert others == []


@pytest.mark.parametrize(
    ("title", "html"),
    [
        ("4. Recruit nobles — action: take noble tiles", "4. Recruit nobles — action: take noble tiles"),
        ("1. Parade Ground", "1. Parade Ground"),
        ("- a dash", "- a dash"),
        ("{+Majorities+}", '<ins class="repair">Majorities</ins>'),
        ("*Palais* {?Royal?}", '<em>Palais</em> <mark class="doubt">Royal</mark>'),
    ],
)
def test_a_section_title_is_inline_text_never_a_list(title: str, html: str) -> None:
    import build

    assert build.inline_marks(title) == html

"""Send to BG Stats and the history view on a phone (issue 43, points 2 and 3), on Chromium, Firefox and WebKit at
360 and 390 px: a saved game's "Send to BG Stats" link carries BG Stats' documented import link for that game
(scoring/bgstats.py builds it; tests/unit/test_bgstats.py checks the format for every game), and the history's one
notice on keeping it, its one Export menu and the game fit the screen. Screenshots go to
test-results/history-on-a-phone/ to look at (not compared)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.engines.conftest import PHONE, SMALL_PHONE
from tests.engines.drivers import Tab
from tests.engines.test_around_the_sheet import in_frame
from tests.engines.test_sheet_at_table import framed, load
from tests.unit.test_stats import history, sheet

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "history-on-a-phone"
STORED = history([("2026-01-01T10:00:00Z", sheet(("Ann", 10, 0), ("小明", 7, 0)))])
"""One game saved long before the run, never exported: the notice (where storage is not kept) and the reminder."""
SEEN = """(win, doc) => {
    const link = doc.querySelector('.history-list .record [data-action=bgstats]');
    if (!link || link.hidden || !link.href) return null;
    const right = (css) => [...doc.querySelectorAll(css)].filter((el) => el.checkVisibility())
        .map((el) => Math.round(el.getBoundingClientRect().right));
    return { href: link.href, id: link.closest('.record').dataset.id, text: link.innerText.trim(),
             rights: right('.history-list .record, .record-actions > *, .export-menu summary, .file-button, .keep-notice > div') };
}"""
SCROLL_TO = "(win, doc, css) => win.scrollTo(0, doc.querySelector(css).getBoundingClientRect().top + win.scrollY)"
OPEN_MENU = "(win, doc) => { doc.querySelector('.export-menu').open = true; return doc.querySelector('.export-choices').innerText; }"


def test_a_saved_game_offers_its_bgstats_link_and_the_history_fits_a_phone(warm_tab: Tab) -> None:
    tab = warm_tab
    in_frame(tab)
    tab.js("(text) => localStorage.setItem('tc:v1:history', text)", STORED)
    for width, height in (SMALL_PHONE, PHONE):
        load(tab, f"play/?bgstats={width}#history", (width, height))
        seen = tab.wait(framed(SEEN), what="the game's Send to BG Stats link")
        assert seen["text"] == "Send to BG Stats", seen
        parts = urlsplit(seen["href"])
        assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html"), seen
        play = json.loads(parse_qs(parts.query)["data"][0])
        assert play["sourcePlayId"] == seen["id"] and play["playDate"] == "2026-01-01 10:00:00", play
        assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
            ("Ann", 10, True),
            ("小明", 7, False),
        ]
        assert max(seen["rights"]) <= width, f"{tab.engine} at {width} px: {seen['rights']}"
        SHOTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(SHOTS / f"history-{width}-{tab.engine}.png")
        tab.js(framed(SCROLL_TO), ".history .keep")
        tab.screenshot(SHOTS / f"keep-{width}-{tab.engine}.png")
        tab.js(framed(SCROLL_TO), ".history .controls")
        assert "JSON" in tab.js(framed(OPEN_MENU)) and "CSV" in tab.js(framed(OPEN_MENU))
        tab.screenshot(SHOTS / f"export-menu-{width}-{tab.engine}.png")

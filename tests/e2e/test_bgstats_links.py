"""Send to BG Stats on a long history (issue 43, point 2): a game's link gets its address as the game comes near the
screen, so opening a history of many games asks Python for the links of the games looked at, not of every game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.unit.test_stats import history, sheet

pytestmark = pytest.mark.e2e
GAMES = 80
STORED = history(
    [(f"2026-01-01T10:{i // 60:02d}:{i % 60:02d}Z", sheet(("Ann", 10, 0), ("Bo", 7, 0))) for i in range(GAMES)]
)
LINKED = "() => [...document.querySelectorAll('.history-list [data-action=bgstats]')].filter((a) => a.href).length"


def test_links_are_made_for_the_games_looked_at(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_server.url}play/#history")
    page.evaluate("text => localStorage.setItem('tc:v1:history', text)", STORED)
    page.reload()
    expect(page.locator("section.history")).to_have_attribute("data-count", str(GAMES), timeout=60_000)
    records = page.locator(".history-list .record")
    first, last = records.first.locator("[data-action=bgstats]"), records.last.locator("[data-action=bgstats]")
    expect(first).to_have_attribute("href", re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data="))
    made = page.evaluate(LINKED)
    assert 0 < made < GAMES / 2, f"{made} of {GAMES} links made before any was near the screen"
    expect(last).to_be_hidden()
    records.last.scroll_into_view_if_needed()
    expect(last).to_have_attribute("href", re.compile(records.last.get_attribute("data-id")))

"""A page's outline as a screen reader and Lighthouse read it, on a phone (issue 28, point 14)."""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
WARM_CONTEXT = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
"""The module's warm pages are a touch phone's (tests/e2e/conftest.py), as test_sheet_on_a_phone.py's: the same
context."""

HEADINGS = """() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter((h) => h.getClientRects().length > 0)
    .map((h) => [Number(h.tagName[1]), h.textContent.trim().slice(0, 30)])"""


@pytest.mark.parametrize("path", ["", "play/", "rules/bruges/", "search/"])
def test_headings_step_down_one_level_at_a_time_on_a_phone(warm_page: Page, site_server, path: str) -> None:
    """On a phone the score sheet's h3 was display: none, leaving "Ranking" (h4) under the game's h2."""
    page = warm_page
    page.goto(f"{site_server.url}{path}")
    expect(page.locator("h1").first).to_be_attached()
    shown = page.evaluate(HEADINGS)
    jumps = [(a, b) for a, b in itertools.pairwise(shown) if b[0] > a[0] + 1]
    assert shown and jumps == [], f"{path or 'home'}: headings skip a level: {jumps}"


@pytest.mark.parametrize("view", ["history", "stats"])
def test_history_and_statistics_show_nothing_of_a_game_s_tools(warm_page: Page, site_server, view: str) -> None:
    """Issue 28 point 10: History and Statistics showed "Game: History ▾", "Calculator ready", "Keep the screen on"."""
    page = warm_page
    page.goto(f"{site_server.url}play/#{view}")
    page.get_by_role("button", name="English").click()
    expect(page.locator(f"#{view}")).to_be_visible()
    expect(page.locator(".calculator-state[data-state=ready]")).to_be_attached(timeout=60_000)
    for words in ("Game:", "Calculator ready", "Keep the screen on", "Starting the calculator"):
        shown = page.evaluate(
            "(words) => [...document.querySelectorAll('body *')].filter((el) => el.children.length === 0"
            " && el.textContent.includes(words) && el.checkVisibility()).length",
            words,
        )
        assert shown == 0, f"{view}: {words!r} is shown"

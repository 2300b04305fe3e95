"""How long the game took, said by the table (issue 41 point 5), in Chromium on a 390×844 phone: a sheet typed at the
end keeps no duration and says why; a start time typed is kept; a saved game's minutes are corrected. The rules
themselves are unit-tested (tests/unit/test_game_duration.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"
SHEET = [("Ann", {"estate_sets": 14}), ("Bo", {"estate_sets": 20, "start_player": 1})]
RECORDS = "() => JSON.parse(localStorage.getItem('tc:v1:history') ?? 'null')?.records ?? []"
SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screenshots"
SINCE = """([saved, start]) => {
  const at = new Date(saved), began = new Date(saved);
  began.setHours(...start.split(":").map(Number), 0, 0);
  if (began > at) began.setDate(began.getDate() - 1);
  return Math.floor((at - began) / 1000);
}"""
"""Seconds from a start time typed (local hours:minutes) to a record's saved moment, in the page's time zone."""


def final_sheet(page: Page, base_url: str) -> Play:
    """The game's score sheet, in English, filled and final; the first value typed says when the clock started."""
    page.goto(base_url)
    page.evaluate("() => localStorage.setItem('tc:lang', 'en')")
    play = Play(page, base_url, GAME).open("score")
    play.wait_ready()
    play.set_players(2)
    play.fill("estate_sets", 0, 14)  # the first value starts the clock, and the line under the result says so
    expect(play.tool().locator("[data-role=clock]")).to_contain_text(
        re.compile(r"Left blank: timed from \d\d:\d\d \(the first tick or score\)"), use_inner_text=True
    )
    play.fill_sheet(SHEET)
    expect(play.tool()).to_have_attribute("data-state", "final")
    return play


def test_the_table_says_when_the_game_started_and_corrects_it(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    play = final_sheet(page, site_server.url)
    form = play.tool()
    clock = form.locator("[data-role=clock] > :not([hidden]) .l-en")
    # Saved at once: the clock ran while the sheet was typed, not the game.
    form.locator("[data-action=save-history]").click()
    expect(form.locator(".saved-state")).to_be_visible()
    assert "duration" not in page.evaluate(RECORDS)[0]
    expect(form.locator(".save-notice .l-en")).to_contain_text("No duration kept: the sheet's clock started only 0 min")

    # The next game: its start typed as the table remembers it, 40 minutes ago.
    page.evaluate(f"() => localStorage.removeItem('tc:v1:game:{GAME}')")
    page.reload()
    play.wait_ready()
    play.fill_sheet([("Ann", {"estate_sets": 30}), ("Bo", {"estate_sets": 20, "start_player": 1})])  # another game
    expect(form).to_have_attribute("data-state", "final")
    start = page.evaluate(
        "() => new Date(Date.now() - 40 * 60000).toLocaleTimeString('en-GB', {hour: '2-digit', minute: '2-digit'})"
    )
    form.locator("[data-role=start-time]").fill(start)
    expect(clock).to_have_count(0)
    form.locator("[data-role=minutes]").fill("5")  # typing the minutes empties the start time: one or the other
    expect(form.locator("[data-role=start-time]")).to_have_value("")
    form.locator("[data-role=start-time]").fill(start)
    expect(form.locator("[data-role=minutes]")).to_have_value("")
    SHOTS.mkdir(parents=True, exist_ok=True)
    form.locator(".game-time").scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "game-time-390.png")
    form.locator("[data-action=save-history]").click()
    page.wait_for_function(f"() => ({RECORDS})().length === 2")
    timed = next(r for r in page.evaluate(RECORDS) if "duration" in r)
    # From the start typed to the moment saved, whichever minute the save fell in (no luck with the clock).
    assert timed["duration"] == page.evaluate(SINCE, [timed["saved"], start]) >= 40 * 60, timed

    # Corrected from the history: the sheet shows its minutes; 55 typed replaces them.
    page.evaluate("() => { location.hash = '#history'; }")
    page.locator(".history-list .record:has(.record-duration) [data-action=correct-record]").click()
    expect(form.locator("[data-role=minutes]")).to_have_value(re.compile(r"^4[01]$"))
    form.locator("[data-role=minutes]").fill("55")
    form.locator("[data-action=save-history]").click()
    page.wait_for_function(f"() => ({RECORDS})().some((r) => r.edited)")
    assert {r.get("duration") for r in page.evaluate(RECORDS) if r.get("edited")} == {55 * 60}

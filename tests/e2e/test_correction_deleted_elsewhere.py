"""A correction whose game was deleted in another tab (issue 40 point 3): Save says so and offers to save the sheet as
a new game, which keeps the corrected values and saves them once; a reload before that keeps the values too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play
from tests.e2e.test_correct_game import GAME, HISTORY, open_correction, saved_game

pytestmark = pytest.mark.e2e


def test_a_correction_of_a_game_deleted_elsewhere_is_saved_as_a_new_game(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open()
    page.get_by_role("button", name="English").click()
    old = saved_game(page, play)
    open_correction(page, site_server.url)
    play.field("estate_sets", 0).fill("30")
    play.expect_ranking(["1. Ann · 30", "2. Bo · 21"])
    page.evaluate("localStorage.setItem('tc:v1:history', '')")  # deleted in another tab
    play.tool().locator("[data-action=save-history]").click()
    problems = play.tool().locator(".save-problems")
    expect(problems).to_contain_text("no longer in the history")
    page.reload()
    play.wait_ready()
    expect(play.field("estate_sets", 0)).to_have_value("30")
    play.tool().locator("[data-action=save-history]").click()
    offer = play.tool().locator("[data-action=save-as-new]")
    expect(offer).to_be_visible()
    offer.click()
    expect(play.tool().locator(".saved-state")).to_be_visible()
    expect(play.tool().locator(".editing")).to_have_count(0)
    records = page.evaluate(HISTORY)
    assert len(records) == 1 and records[0]["id"] != old["id"] and "edited" not in records[0]
    assert [(p["name"], p["total"]) for p in records[0]["players"]] == [("Ann", 30), ("Bo", 21)]
    assert records[0]["note"] == "at Mia's"
    expect(play.field("estate_sets", 0)).to_have_value("30")

"""The last mile at the table (issue 41) where only a browser shows it: Tuscany's copy from the scoring-phase helper
names no tie before a final-scoring value is typed (point 7); correcting a saved game warns only when something would
really be lost (point 4); a start pick stands until the table asks again (point 6). What scoring decides is proved in
tests/unit/test_filling.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play
from tests.e2e.test_history import open_history

pytestmark = pytest.mark.e2e
SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "last-mile"
HISTORY = "() => JSON.parse(localStorage.getItem('tc:v1:history')).records"


def test_copied_tracks_name_no_tie_until_the_final_scoring_is_typed(warm_page: Page, site_server) -> None:
    """Point 7: two players level on the red track after the third scoring; the copy alone raises no tie prompt."""
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    play = Play(page, site_server.url, "tuscany").open("scoring-phase")
    play.fill_sheet([("韩梅梅", {"green": [10, 25, 49]}), ("Michael", {"green": [10, 25, 49]})], tool="scoring-phase")
    helper = play.tool("scoring-phase")
    expect(helper.locator(".helper-out")).to_contain_text("Scorings entered: 3 of 3.", timeout=60_000)
    helper.locator("[data-action=fill]").click()
    form = play.tool()
    expect(play.field("red_track", 1)).to_have_value("84")
    waiting = form.locator(".problems li")
    expect(waiting).to_have_text(
        [
            "韩梅梅 and Michael: no final-scoring value is typed yet; type their rows (0 where they have none) to rank them."
        ],
        timeout=60_000,
        use_inner_text=True,
    )
    expect(form.locator(".problems li.tie-open")).to_have_count(0)  # no tie named, nothing outlined as a tie
    expect(form.locator(".problems")).not_to_contain_text("settle")
    expect(form.locator("output.place")).to_have_text(["1?", "1?", "–", "–"])
    expect(form.locator("[data-action=save-history]")).to_be_disabled()
    SHOTS.mkdir(parents=True, exist_ok=True)
    form.locator(".problems").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "copied-tracks-390.png"))
    # The final scoring typed for both: the tie is real now, and named.
    play.fill("marble", 0, 2)
    play.fill("marble", 1, 2)
    expect(form.locator(".problems li.tie-open")).to_contain_text(
        "Tied on 86 points: Empty spaces on the region boards for 韩梅梅 and Michael settle this tie."
    )


def test_correcting_the_saved_game_on_the_sheet_asks_nothing(warm_page: Page, site_server) -> None:
    """Point 4: History opened afresh (the sheet not worked out yet), "Correct" on the game the sheet holds opens it
    without the warning; a change not saved is still warned about."""
    page = warm_page
    play = Play(page, site_server.url, "burgundy-cards").open()
    play.fill_sheet([("Ann", {"estate_sets": 14}), ("Bo", {"estate_sets": 20, "start_player": 1})])
    play.expect_ranking(["1. Bo · 21", "2. Ann · 14"])
    play.tool().locator("[data-action=save-history]").click()
    expect(play.tool().locator(".saved-state")).to_be_visible()
    page.goto(f"{site_server.url}rules/")  # away, and back to the history in a new document
    open_history(page, site_server.url)
    page.locator(".history-list .record [data-action=correct-record]").click()
    expect(play.tool().locator(".editing")).to_be_visible(timeout=30_000)
    expect(page.locator("dialog[open]")).to_have_count(0)
    # Something typed and not saved would be lost: that is still asked about.
    play.fill("estate_sets", 0, 15)
    expect(play.tool()).to_have_attribute("data-state", "final", timeout=60_000)
    page.goto(f"{site_server.url}rules/")
    open_history(page, site_server.url)
    page.locator(".history-list .record [data-action=correct-record]").click()
    expect(page.locator("dialog[open]")).to_contain_text("not saved to the history")


def test_a_start_pick_stands_until_the_table_asks_again(warm_page: Page, site_server) -> None:
    """Point 6: once picked, the button no longer reads as the first pick: a tap is the table asking again."""
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    play = Play(page, site_server.url, "bruges").open()
    play.fill_sheet([("韩梅梅", {}), ("欧阳娜娜", {}), ("Michael", {}), ("Anna", {})])
    page.goto(f"{site_server.url}play/#bruges/setup")
    box = page.locator("#game-bruges .start-pick")
    button = box.locator("button")
    expect(button).to_have_text("Pick the start player at random", use_inner_text=True)
    button.click()
    expect(box.locator(".start-picked")).to_contain_text("picked at random from 4", use_inner_text=True)
    expect(button).to_have_text("Pick again", use_inner_text=True)
    picked = page.evaluate("JSON.parse(localStorage.getItem('tc:v1:game:bruges')).start.names")
    page.reload()
    expect(button).to_have_text("Pick again", use_inner_text=True)
    assert page.evaluate("JSON.parse(localStorage.getItem('tc:v1:game:bruges')).start.names") == picked
    box.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "start-pick-390.png"))


def test_who_starts_offers_the_names_right_there(warm_page: Page, site_server) -> None:
    """Point 6: with names missing, the box offers the seats' names right there, with the table's remembered names."""
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    names = ["韩梅梅", "欧阳娜娜", "Michael", "Anna"]
    Play(page, site_server.url, "tuscany").open().fill_sheet([(n, {}) for n in names])  # another game's sheet
    page.goto(f"{site_server.url}play/#palais-royal/setup")
    box = page.locator("#game-palais-royal .start-pick")
    box.locator("button").first.click()
    fields = box.locator(".start-names input")
    expect(fields).to_have_count(4)
    offered = box.locator(".start-names button")
    expect(offered).to_have_text(names)
    for _ in names[:3]:
        offered.first.click()
    fields.nth(3).fill("Dee")
    sheet = Play(page, site_server.url, "palais-royal")
    expect(sheet.tool().locator('input.name[data-player="3"]')).to_have_value("Dee")  # the sheet's own field
    box.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "start-names-390.png"))
    box.locator("[data-action=pick-start]").click()
    expect(box.locator(".start-picked")).to_contain_text("picked at random from 4", use_inner_text=True)
    expect(box.locator(".start-names")).to_have_count(0)
    stored = page.evaluate("JSON.parse(localStorage.getItem('tc:v1:game:palais-royal'))")
    assert stored["names"][:4] == [*names[:3], "Dee"] and stored["start"]["names"][0] in [*names[:3], "Dee"]

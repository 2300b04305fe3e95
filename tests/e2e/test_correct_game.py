"""Correcting a saved game (issue 29 point 4): a history record opens back into its sheet under a banner in the
reader's language; a reload loses nothing; saving replaces the record (same identity, no duplicate), once undoable;
the corrected sheet's link carries the new sheet."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import GAMES
from scoring.share import decode
from tests.e2e.playpage import VIEWPORTS, Play, csp_violations, fresh_page, site_context
from tests.e2e.test_duration_note import SHOTS
from tests.e2e.test_history import open_history

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"
HISTORY = "() => JSON.parse(localStorage.getItem('tc:v1:history')).records"


def saved_game(page: Page, play: Play) -> dict:
    """Ann 14, Bo 21 saved to the history, with a note; the record."""
    play.fill_sheet([("Ann", {"estate_sets": 14}), ("Bo", {"estate_sets": 20, "start_player": 1})])
    play.expect_ranking(["1. Bo · 21", "2. Ann · 14"])
    play.tool().locator("[data-role=note]").fill("at Mia's")
    play.tool().locator("[data-action=save-history]").click()
    expect(play.tool().locator(".saved-state")).to_be_visible()
    return page.evaluate(HISTORY)[0]


def open_correction(page: Page, base_url: str) -> None:
    """The history's one record opened for correction."""
    open_history(page, base_url)
    page.locator(".history-list .record [data-action=correct-record]").click()
    expect(page.locator(f'section.game[data-game="{GAME}"] .editing')).to_be_visible(timeout=30_000)


def corrected_in_place_and_undone(page: Page, base_url: str) -> None:
    """In English: the record opened under its banner, edited, kept through a reload, saved in place (same identity),
    its link carrying the new sheet, the correction undone once."""
    play = Play(page, base_url, GAME).open()
    page.get_by_role("button", name="English").click()
    old = saved_game(page, play)
    open_correction(page, base_url)
    banner = play.tool().locator(".editing")
    expect(banner).to_have_text("Editing the game of 12 Nov", use_inner_text=True)
    expect(play.tool().locator(".editing-save")).to_have_text(
        "Saving replaces the game of 12 Nov in the history.", use_inner_text=True
    )
    assert page.evaluate("location.hash") == f"#{GAME}/score"
    expect(play.field("estate_sets", 0)).to_have_value("14")
    expect(play.tool().locator("[data-field=name][data-player='1']")).to_have_value("Bo")
    expect(play.tool().locator("[data-role=note]")).to_have_value("at Mia's")
    for viewport in ({"width": 390, "height": 844}, VIEWPORTS["phone"]):
        page.set_viewport_size(viewport)
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"editing-banner-{viewport['width']}.png"))
    box = play.field("estate_sets", 0).bounding_box()
    assert box and box["y"] + box["height"] <= 740, box  # the first score field on the first screen

    play.fill("estate_sets", 0, 30)
    play.expect_ranking(["1. Ann · 30", "2. Bo · 21"])
    page.reload()  # nothing typed is lost during the edit
    expect(banner).to_be_visible(timeout=30_000)
    expect(play.field("estate_sets", 0)).to_have_value("30")
    play.expect_ranking(["1. Ann · 30", "2. Bo · 21"])
    play.tool().locator("[data-action=save-history]").click()
    expect(play.tool().locator(".saved-state")).to_be_visible()
    records = page.evaluate(HISTORY)
    assert len(records) == 1 and records[0]["id"] == old["id"] and records[0]["saved"] == old["saved"]
    assert [(p["name"], p["total"]) for p in records[0]["players"]] == [("Ann", 30), ("Bo", 21)]

    play.tool().get_by_role("button", name="Show the QR code (for another phone)").click()
    expect(play.tool().locator(".share-link")).to_have_attribute("data-link", re.compile("#r="), timeout=30_000)
    shared = decode(play.tool().locator(".share-link").get_attribute("data-link").split("#", 1)[1])
    assert shared["sheet"] == records[0]["sheet"]

    play.tool().locator(".save-history").screenshot(path=str(SHOTS / "editing-saved-360.png"))
    play.tool().locator("[data-action=undo-correction]").click()
    expect(play.tool().locator(".undo-state")).to_have_text(
        "Undone: the game in the history is as it was.", use_inner_text=True
    )
    expect(play.tool().locator("[data-action=undo-correction]")).to_have_count(0)  # once
    assert page.evaluate(HISTORY) == [old]
    expect(play.tool().locator("[data-action=save-history]")).to_be_enabled()  # the sheet can be saved again
    open_history(page, base_url)
    expect(page.locator(".history-list .record")).to_have_count(1)
    assert csp_violations(page) == []


def banner_in_chinese_and_an_unsaved_sheet_not_replaced_unasked(page: Page, base_url: str) -> None:
    """In Chinese, a sheet not saved to the history: Correct asks first (Cancel keeps it), Replace opens the record
    under the Chinese banner."""
    play = Play(page, base_url, GAME).open()
    page.get_by_role("button", name="中文").click()
    saved_game(page, play)
    play.fill("estate_sets", 0, 15)  # a sheet not saved to the history
    open_history(page, base_url)
    page.locator(".history-list .record [data-action=correct-record]").click()
    dialog = page.locator("dialog.ask")
    expect(dialog).to_contain_text("这张表上的对局还没有存入历史记录")
    dialog.get_by_role("button", name="取消").click()
    assert page.evaluate("location.hash") == "#history"
    assert json.loads(page.evaluate(f"localStorage.getItem('tc:v1:game:{GAME}')")).get("editing") is None
    page.locator(".history-list .record [data-action=correct-record]").click()
    dialog.get_by_role("button", name="替换").click()
    banner = play.tool().locator(".editing")
    expect(banner).to_have_text("正在修改 11月12日 的对局", use_inner_text=True)
    expect(play.field("estate_sets", 0)).to_have_value("14")


def test_a_saved_game_is_corrected_in_place_and_undone_and_an_unsaved_sheet_is_not_replaced_unasked(
    browser: Browser, site_server
) -> None:
    """Both in one context whose clock is set (the banner's date; the clock is the context's): in English, then on a
    new page of the same context with the site's storage emptied, in Chinese."""
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        page.clock.install(time=datetime(2026, 11, 12, 20, 0, tzinfo=UTC))
        corrected_in_place_and_undone(page, site_server.url)
        page = fresh_page(context, site_server.url)  # the next part's storage empty, as a test's own
        banner_in_chinese_and_an_unsaved_sheet_not_replaced_unasked(page, site_server.url)


def test_every_game_being_corrected_keeps_its_first_score_row_on_the_first_screen(warm_page: Page, site_server) -> None:
    """At 360×740 and 390×844: every game's sheet, opened for correction, shows its first score row on the first
    screen. Each game's sheet is stored as being corrected before play/ loads; play/ is loaded once and each game's
    sheet shown in turn (a change of view), at each size."""
    page = warm_page
    editing = {"id": "0" * 20, "saved": "2026-11-12T20:00:00Z"}
    state = {"v": 1, "players": None, "options": {}, "names": [], "values": {}, "ticks": {}, "editing": editing}
    page.evaluate(  # warm_page is on a stylesheet of the site: no script of the site runs while this is stored
        "([keys, text]) => keys.forEach((key) => localStorage.setItem(key, text))",
        [[f"tc:v1:game:{game}" for game in GAMES], json.dumps(state)],
    )
    off_screen = []
    for viewport in (VIEWPORTS["phone"], {"width": 390, "height": 844}):
        page.set_viewport_size(viewport)
        for game in GAMES:
            play = Play(page, site_server.url, game).open()
            expect(play.tool().locator(".editing")).to_be_visible(timeout=30_000)
            first = play.tool().locator(".grid tbody input.num, .grid tbody input[type=radio]").first
            box = first.bounding_box()
            if box is None or box["y"] + box["height"] > viewport["height"]:
                off_screen.append((viewport["width"], game, box))
    assert off_screen == []

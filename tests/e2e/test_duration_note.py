"""How long a game took and its note (issue 29 point 3): the clock starts at the first value typed, the note survives
a reload, both are saved, listed (as text), counted in the statistics and exported; a note too long is refused."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.playpage import VIEWPORTS, Play, csp_violations, site_context
from tests.e2e.test_history import open_history

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"
NOTE = "<b>At Mia's</b> & co\n5-player variant"
START = datetime(2026, 11, 12, 19, 0, tzinfo=UTC)
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


def fill_final(play: Play) -> None:
    """A finished two-player game (Bo wins)."""
    play.fill_sheet([("Ann", {"estate_sets": 14}), ("Bo", {"estate_sets": 20, "start_player": 1})])
    play.expect_ranking(["1. Bo · 21", "2. Ann · 14"])


def test_a_game_is_timed_and_noted_then_listed_counted_and_exported(browser: Browser, site_server, tmp_path) -> None:
    with site_context(browser, VIEWPORTS["phone"], accept_downloads=True) as context:
        page = context.new_page()
        page.clock.install(time=START)
        play = Play(page, site_server.url, GAME).open()
        page.get_by_role("button", name="English").click()
        fill_final(play)  # the first value typed starts the clock
        started = page.evaluate(f"JSON.parse(localStorage.getItem('tc:v1:game:{GAME}')).started")
        assert started.startswith("2026-11-12T19:0")
        note = play.tool().locator("[data-role=note]")
        note.fill(NOTE)
        note.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "sheet-note-360.png"))
        page.clock.fast_forward("01:25:00")
        page.reload()  # nothing typed is lost
        expect(note).to_have_value(NOTE, timeout=30_000)
        play.expect_ranking(["1. Bo · 21", "2. Ann · 14"])
        play.tool().get_by_role("button", name="Save to history").click()
        expect(play.tool().locator(".saved-state")).to_be_visible()

        open_history(page, site_server.url)
        record = page.locator(".history-list .record")
        expect(record.locator(".record-duration")).to_have_text(
            re.compile(r"^Took 1 h 2[56] min$"), use_inner_text=True
        )
        expect(record.locator(".record-note")).to_have_text(f"Note: {NOTE}", use_inner_text=True)
        assert record.locator(".record-note b").count() == 0  # text, never markup
        for viewport in ({"width": 390, "height": 844}, VIEWPORTS["phone"]):
            page.set_viewport_size(viewport)
            record.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"history-note-{viewport['width']}.png"))

        page.locator(".export-menu > summary").click()  # one Export action, its choices inside
        with page.expect_download() as download:
            page.get_by_role("button", name="JSON: a copy to import here again").click()
        data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
        assert data["records"][0]["note"] == NOTE and 85 * 60 <= data["records"][0]["duration"] < 86 * 60
        page.locator(".export-menu > summary").click()
        with page.expect_download() as download:
            page.get_by_role("button", name="CSV: for a spreadsheet").click()
        rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig"))))
        assert {(r["note"], r["duration"][:4]) for r in rows} == {(NOTE, "1:25")}

        page.goto(f"{site_server.url}play/#stats")
        block = page.locator(f'section.stats .stats-block[data-game="{GAME}"] .stats-summary')
        expect(block).to_contain_text(
            re.compile(r"time \(1 game timed\): average 1 h 2[56] min, longest 1 h 2[56] min")
        )
        assert csp_violations(page) == []


def test_a_note_too_long_is_refused_in_the_users_language_and_kept(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open()
    page.get_by_role("button", name="中文").click()
    fill_final(play)
    play.tool().locator("[data-role=note]").fill("很" * 501)
    play.tool().get_by_role("button", name="存入历史记录").click()
    expect(play.tool().locator(".save-problems")).to_have_text(
        "备注太长：501 个字符，最多 500 个。请删减后再保存。", use_inner_text=True
    )
    expect(play.tool().locator(".saved-state")).to_be_hidden()
    expect(play.tool().locator("[data-role=note]")).to_have_value("很" * 501)  # nothing typed is lost
    play.tool().locator("[data-role=note]").fill("很" * 500)
    play.tool().get_by_role("button", name="存入历史记录").click()
    expect(play.tool().locator(".saved-state")).to_be_visible()

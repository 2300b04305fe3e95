"""The home page (issue 28 point 13): a sheet in progress one tap away, the latest first, in the reader's language
and script; each game named in both languages; the first screen at 360×740 and 390×844."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

SHOTS = "/tmp/polish-shots"

TODAY_AT = (
    """([hours, minutes]) => { const d = new Date(); d.setHours(hours, minutes, 0, 0); return d.toISOString(); }"""
)


def saved_sheet(page: Page, game: str, state: dict) -> None:
    """Put a sheet into storage as play/ saves it (sheet-state.js's format)."""
    full = {"v": 1, "players": None, "options": {}, "names": [], "values": {}, "ticks": {}, **state}
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [f"tc:v1:game:{game}", json.dumps(full)])


@pytest.mark.parametrize(
    ("lang", "script", "viewport", "bruges", "palais"),
    [
        (
            "en",
            "hans",
            {"width": 390, "height": 844},
            "Continue: Bruges, 4 players, started 00:02",
            "Continue: Palais Royal, 3 players, started 00:01",
        ),
        (
            "zh",
            "hant",
            {"width": 360, "height": 740},
            "繼續：布魯日，4 人，00:02 開始",
            "繼續：皇家宮殿，3 人，00:01 開始",
        ),
        (
            "zh",
            "hans",
            {"width": 360, "height": 740},
            "继续：布鲁日，4 人，00:02 开始",
            "继续：皇家宫殿，3 人，00:01 开始",
        ),
    ],
)
def test_a_sheet_in_progress_is_one_tap_away(
    warm_page: Page, site_server, lang: str, script: str, viewport: dict, bruges: str, palais: str
) -> None:
    page = warm_page
    page.set_viewport_size(viewport)
    page.goto(site_server.url)
    page.evaluate(f"localStorage.setItem('tc:lang', '{lang}'); localStorage.setItem('tc:script', '{script}');")
    first, second = page.evaluate(TODAY_AT, [0, 1]), page.evaluate(TODAY_AT, [0, 2])
    saved_sheet(page, "palais-royal", {"players": 3, "values": {"score|nobles|0||": "12"}, "started": first})
    saved_sheet(page, "bruges", {"names": ["Ann"], "values": {"score|persons|1||": "3"}, "started": second})
    # Names only, and the board's edge points kept by "New game": no sheet in progress.
    saved_sheet(page, "tuscany", {"names": ["Ann", "Bo"]})
    page.reload()
    lines = page.locator(".continue-list li:not([hidden])")
    expect(lines).to_have_count(2)
    expect(lines).to_have_text([bruges, palais], use_inner_text=True)  # the latest first
    box = lines.first.bounding_box()
    assert box and box["y"] + box["height"] <= viewport["height"], box  # on the first screen
    page.screenshot(path=f"{SHOTS}/home-continue-{lang}-{script}-{viewport['width']}.png")
    lines.first.locator("a").click()
    expect(page).to_have_url(f"{site_server.url}play/#bruges/score")


def test_no_sheet_in_progress_shows_no_line(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_server.url)
    saved_sheet(page, "palais-royal", {"values": {"score|edges|-1|0|0": "6"}})  # the board's points only
    page.reload()
    expect(page.locator(".continue-list")).to_be_hidden()


@pytest.mark.parametrize(("lang", "other"), [("en", "布鲁日"), ("zh", "Bruges")])
def test_each_game_is_named_in_both_languages(warm_page: Page, site_server, lang: str, other: str) -> None:
    page = warm_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(f"localStorage.setItem('tc:lang', '{lang}');")
    page.goto(site_server.url)
    names = page.locator(".game-card h2")
    expect(names).to_have_count(5)
    bruges = names.filter(has_text="Bruges")
    expect(bruges).to_contain_text(other, use_inner_text=True)
    expect(bruges).to_contain_text({"en": "Bruges", "zh": "布鲁日"}[lang], use_inner_text=True)
    page.screenshot(path=f"{SHOTS}/home-names-{lang}-360.png")

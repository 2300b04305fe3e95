"""The result as a picture (issue 29 point 5): a finished sheet drawn to a PNG in the page, downloaded where the
browser cannot share files (headless Chromium), with nothing fetched from elsewhere and nothing blocked by the CSP."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import PHONE, Play, csp_violations, foreign_requests

pytestmark = pytest.mark.e2e
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header (and the header checked)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("reader", ["en", "hant"])
def test_a_finished_sheet_is_downloaded_as_a_png(warm_page: Page, site_server, reader: str) -> None:
    page = warm_page
    page.set_viewport_size(PHONE)
    lang, script = ("en", "hans") if reader == "en" else ("zh", "hant")
    page.add_init_script(f"localStorage.setItem('tc:lang', '{lang}'); localStorage.setItem('tc:script', '{script}');")
    play = Play(page, site_server.url, "burgundy-cards").open("score")
    play.set_players(2)
    play.fill_sheet(
        [
            ('Ann & "Al"', {"estate_sets": 14, "bonus_cards": 3, "goods_sold": 6, "animal_kinds": 4}),
            ("王小明", {"estate_sets": 20, "goods_sold": 8, "start_player": 1}),
        ]
    )
    play.wait_ready()
    expect(play.problems()).to_have_text("")
    play.expect_ranking(["1. 王小明 · 29", '2. Ann & "Al" · 27'])
    button = play.tool("score").locator("[data-action=share-picture]")
    with page.expect_download() as download:
        button.click()
    path = download.value.path()
    assert download.value.suggested_filename.startswith("burgundy-cards-")
    data = Path(path).read_bytes()
    width, height = png_size(data)
    assert width == 1440 and height > 600, (width, height)  # the ranking and the chart, at twice 720 px
    expect(play.tool("score").locator(".share-state")).to_contain_text("PNG")
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"result-picture-{reader}.png").write_bytes(data)
    assert foreign_requests(page.context, site_server.url) == []
    assert csp_violations(page) == []

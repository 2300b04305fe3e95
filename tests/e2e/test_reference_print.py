"""Each game's reference prints as a reference card: one A4 or Letter page in the reader's language (Chromium)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import GAMES
from tests.e2e.test_aid import PAPER, READERS, as_reader, pdf_pages

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_reference_prints_on_one_page_in_the_readers_language(
    warm_page: Page, site_server, game: str, reader: str
) -> None:
    page = warm_page
    as_reader(page, reader)
    page.goto(f"{site_server.url}rules/{game}/reference/")
    for paper in PAPER:
        assert pdf_pages(page.pdf(format=paper)) == 1, paper
    page.emulate_media(media="print")
    shown, hidden = ("l-en", "l-zh") if reader == "en" else ("l-zh", "l-en")
    effect = page.locator(".ref-entry .ref-effect").first
    expect(effect.locator(f".{shown}").locator("visible=true")).to_have_count(1)
    expect(effect.locator(f".{hidden}").locator("visible=true")).to_have_count(0)

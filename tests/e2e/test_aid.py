"""The player aid pages in Chromium: one tap from the rules page and from play/, one printed page, offline, search."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import GAMES
from tests.e2e.playpage import (
    PHONE,
    READERS,
    as_reader,
    csp_violations,
    foreign_requests,
    pdf_pages,
    prints_on_one_page_in_the_readers_language,
    site_context,
    wait_until_offline_ready,
)

pytestmark = pytest.mark.e2e


def fits_the_phone(page: Page) -> bool:
    """Nothing wider than the screen."""
    return page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("viewport", [PHONE, {"width": 390, "height": 844}], ids=["360", "390"])
def test_the_rules_page_opens_the_aid_in_one_tap(browser: Browser, site_server, viewport: dict) -> None:
    with site_context(browser, viewport, locale="zh-CN") as context:
        page = context.new_page()
        page.goto(f"{site_server.url}rules/tuscany/")
        link = page.locator(".rules-head .aid-link")
        expect(link).to_be_in_viewport()
        link.click()
        expect(page).to_have_url(f"{site_server.url}rules/tuscany/aid/")
        expect(page.locator("h1")).to_contain_text("托斯卡纳城堡")
        expect(page.locator("#aid-scoring h2 span:visible")).to_have_text("最终计分")
        expect(page.locator("#aid-scoring .aid-field span:visible").first).to_have_text("红色计分轨")
        assert fits_the_phone(page)
        page.locator("#aid-scoring .aid-ref:visible").first.click()
        expect(page).to_have_url(f"{site_server.url}rules/tuscany/#scoring-phase")
        assert foreign_requests(page.context, site_server.url) == []
        assert csp_violations(page) == []


def test_play_opens_the_aid_in_one_tap(warm_page: Page, site_server) -> None:
    page = warm_page
    as_reader(page, "en")
    page.goto(f"{site_server.url}play/#bruges/score")
    link = page.locator("#game-bruges .aid-link")
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(f"{site_server.url}rules/bruges/aid/")
    expect(page.locator("#aid-action li:visible").first).to_contain_text("Take 2 workers")
    assert fits_the_phone(page)


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_aid_prints_on_one_page_in_the_readers_language(
    warm_page: Page, site_server, game: str, reader: str
) -> None:
    url = f"{site_server.url}rules/{game}/aid/"
    prints_on_one_page_in_the_readers_language(warm_page, url, reader, ".aid-line", ":scope > .{lang}")


def test_the_print_check_counts_pages() -> None:
    # The page count read from the PDF: two page objects are two pages (the check can fail).
    assert pdf_pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page >>") == 2


def test_search_finds_an_aid_line_and_opens_the_aid(warm_page: Page, site_server) -> None:
    page = warm_page
    as_reader(page, "en")
    page.goto(f"{site_server.url}search/?q=1%20and%206%20wrap%20round")
    link = page.locator(".result-link", has_text="Player aid").first
    expect(link).to_have_attribute("href", re.compile(r"/rules/burgundy-cards/aid/\?hl="))
    link.click()
    expect(page).to_have_url(re.compile(r"/rules/burgundy-cards/aid/\?hl="))
    expect(page.locator("mark.hit:visible", has_text=re.compile("wrap", re.I)).first).to_be_visible()


def test_the_aid_works_offline_after_a_rules_page_was_visited(browser: Browser, site_server) -> None:
    with site_context(browser, PHONE) as context:
        page = context.new_page()
        page.goto(f"{site_server.url}rules/bruges/")
        wait_until_offline_ready(page, python=False)
        context.set_offline(True)
        page.goto(f"{site_server.url}rules/palais-royal/aid/")
        expect(page.locator("#aid-game-end li")).to_have_count(1)

"""The reference page in Chromium on a phone (390 × 844): one tap from the player aid, the entry a player looks up
("what does the Crane do?") in the reader's language and script, nothing wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.playpage import csp_violations, foreign_requests, site_context

pytestmark = pytest.mark.e2e


def test_the_aid_opens_the_reference_in_one_tap(browser: Browser, site_server) -> None:
    with site_context(browser, {"width": 390, "height": 844}, locale="zh-TW") as context:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('tc:lang', 'zh'); localStorage.setItem('tc:script', 'hant');")
        page.goto(f"{site_server.url}rules/furstenfeld/aid/")
        link = page.locator(".aid-head .ref-link")
        expect(link).to_be_in_viewport()
        link.click()
        expect(page).to_have_url(f"{site_server.url}rules/furstenfeld/reference/")
        crane = page.locator("#ref-crane")
        expect(crane.locator("h3 .ref-name-zh:visible")).to_have_text("起重機")
        expect(crane.locator("h3 .ref-name-en")).to_have_text("Crane")
        expect(crane.locator(".ref-effect span:visible")).to_contain_text("-2折扣")
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
        crane.locator(".aid-ref:visible").click()
        expect(page).to_have_url(f"{site_server.url}rules/furstenfeld/#building-cards")
        assert foreign_requests(page.context, site_server.url) == []
        assert csp_violations(page) == []

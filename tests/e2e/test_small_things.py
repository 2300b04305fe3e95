"""Issue 41 point 9, the small things seen on a phone, in Chromium at 360×740: a ranking reason and its link apart
("first.Rule"); a link that could not be copied shown to copy by hand. What layout can cut (the tool tab, "屏幕常亮",
History's first game, the statistics' tables) is checked on the three engines at 390 and 360 px
(tests/engines/test_wording_layout.py), and a name that shrinks rather than breaks ("Micha/el") too
(tests/engines/test_sheet_on_a_phone.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.playpage import PHONE, Play, site_context

pytestmark = pytest.mark.e2e
SMALL = {"width": 360, "height": 740}


def opened(page: Page, base_url: str, route: str, lang: str = "en", viewport: dict = SMALL) -> None:
    """play/ at this route, in this language, at this size."""
    page.set_viewport_size(viewport)
    page.goto(base_url)
    page.evaluate("(lang) => localStorage.setItem('tc:lang', lang)", lang)
    page.goto(f"{base_url}play/#{route}")


def test_a_reason_and_its_rule_link_are_apart(warm_page: Page, site_server) -> None:
    page = warm_page
    opened(page, site_server.url, "burgundy-cards/score")
    play = Play(page, site_server.url, "burgundy-cards")
    play.fill_sheet([("Ann", {"estate_sets": 14}), ("Bo", {"estate_sets": 20, "start_player": 1})])
    why = play.tool().locator(".ranking .why").first
    expect(why).to_have_text(re.compile(r"^Placed by total points \(21\)\. Rule$"), use_inner_text=True)


def test_a_link_not_copied_is_shown_to_copy_by_hand(warm_page: Page, site_server) -> None:
    page = warm_page
    page.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));")
    opened(page, site_server.url, "burgundy-cards/score")
    play = Play(page, site_server.url, "burgundy-cards")
    play.fill_sheet([("Ann", {"estate_sets": 14}), ("Bo", {"estate_sets": 20, "start_player": 1})])
    copy = play.tool().locator("[data-action=copy-link]")
    expect(copy).to_be_visible(timeout=60_000)
    copy.click()
    state = play.tool().locator(".link-state")
    expect(state).to_contain_text("Could not copy; the link is below")
    expect(state.locator(".link-text")).to_be_visible()
    expect(state.locator(".link-text")).to_have_text(re.compile(r"^http://.*/play/#r="))


def test_a_language_tap_before_the_page_scripts_run_is_kept(browser: Browser, site_server) -> None:
    """A slow phone shows the language buttons before site.js (a module, run after parsing) listens: a tap then was
    lost (clean-clone run 25: Chinese chosen on a rules page stayed English). lang.js keeps it until site.js takes over."""
    with site_context(browser, PHONE, service_workers="block") as context:
        page = context.new_page()
        held: list[Route] = []
        page.route("**/static/site.js", lambda route: held.append(route))
        page.goto(f"{site_server.url}rules/bruges/", wait_until="commit")
        expect(page.locator("html")).to_have_attribute("lang", "en")  # the browser's language (Playwright's en-US)
        page.locator("[data-ui-lang=zh]").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        assert len(held) == 1, "site.js was not held: the tap did not come before it ran"
        held[0].continue_()
        expect(page.locator("[data-ui-lang=zh]")).to_have_attribute("aria-pressed", "true")
        page.locator("[data-ui-lang=en]").click()
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("[data-ui-lang=en]")).to_have_attribute("aria-pressed", "true")


def test_a_calculator_start_that_fails_while_the_page_scripts_run_is_said(browser: Browser, site_server) -> None:
    """calculator.js starts Python while play/ is parsed; a start that failed after parsing, while the page's modules
    still ran (before DOMContentLoaded), wrote "failed", and the "loading" written during parsing then overwrote it for
    good (clean-clone runs 29 and 31). Made to happen here: Python's files refused only once the page is parsed, and
    play.js (a module: DOMContentLoaded waits for it) held until the page has said the start failed."""
    with site_context(browser, PHONE, service_workers="block") as context:
        page = context.new_page()
        parsed: list[bool] = []
        waiting: list[Route] = []
        context.route("**/pyodide/**", lambda route: route.abort() if parsed else waiting.append(route))
        held: list[Route] = []
        page.route("**/static/play.js", lambda route: held.append(route))
        page.goto(f"{site_server.url}play/#bruges/score", wait_until="commit")
        page.wait_for_function("() => document.readyState !== 'loading'")
        parsed.append(True)
        for route in waiting:
            route.abort()
        page.wait_for_function("() => document.documentElement.dataset.calculator === 'failed'", timeout=60_000)
        assert len(held) == 1, "play.js was not held: the page's modules had run before the start failed"
        assert page.evaluate("() => document.readyState") == "interactive", (
            "DOMContentLoaded came before the start failed"
        )
        held[0].continue_()
        page.wait_for_function("() => document.readyState === 'complete'")
        expect(page.locator(".calculator-state")).to_have_attribute("data-state", "failed")

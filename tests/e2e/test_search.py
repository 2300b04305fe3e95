"""Search, glossary terms and rule links on the built site, in Chromium, on a phone and a desktop."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.playpage import VIEWPORTS, Play, foreign_requests, site_context, wait_until_offline_ready

pytestmark = pytest.mark.e2e


def search_from_header(page: Page, base_url: str, query: str) -> None:
    """Type a query into the header field of the home page and submit it."""
    page.goto(base_url)
    field = page.locator(".site-search input[name=q]")
    field.fill(query)
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"/search/\?q="))
    expect(page.locator("body")).to_have_attribute("data-searched", query)


def open_first_section(page: Page, game: str, section: str) -> None:
    """Follow the first section result (glossary entries come first) and check where it lands."""
    first = page.locator(".result:not(.term-result) .result-link").first
    expect(first).to_have_attribute("href", re.compile(rf"/rules/{game}/\?hl=.*#{section}$"))
    first.click()
    expect(page).to_have_url(re.compile(rf"/rules/{game}/\?hl=.*#{section}$"))


def visible_hits(page: Page, section: str):
    """The search hits marked in a section, in the columns shown."""
    return page.locator(f"section#{section} mark.hit:visible")


def test_chinese_term_lands_on_its_section_with_the_hit_marked(
    browser: Browser, site_server, layout_viewport: dict
) -> None:
    # A reader of Chinese (browser in Chinese): on a phone the rules open in the Chinese column, where the hit is.
    with site_context(browser, layout_viewport, locale="zh-CN") as context:
        page = context.new_page()
        search_from_header(page, site_server.url, "枢机主教")
        open_first_section(page, "palais-royal", "cardinal")
        hits = visible_hits(page, "cardinal")
        expect(hits.first).to_have_text("枢机主教")
        expect(hits.first).to_be_in_viewport()
        assert foreign_requests(page.context, site_server.url) == []


def test_english_term_lands_on_its_section(warm_page: Page, site_server, layout_viewport: dict) -> None:
    page = warm_page
    page.set_viewport_size(layout_viewport)  # where a link lands depends on the screen's size
    search_from_header(page, site_server.url, "Cardinal")
    expect(page.locator(".term-result").first).to_contain_text("枢机主教")
    open_first_section(page, "palais-royal", "cardinal")
    expect(visible_hits(page, "cardinal").first).to_have_text(re.compile("^cardinal$", re.I))
    expect(visible_hits(page, "cardinal").first).to_be_in_viewport()


def test_simplified_query_finds_traditional_source(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size(VIEWPORTS["desktop"])
    page.goto(f"{site_server.url}search/?q={quote('警卫室')}")  # Bruges' source writes 警衛室
    expect(page.locator("body")).to_have_attribute("data-searched", "警卫室")
    open_first_section(page, "bruges", "setup")
    expect(visible_hits(page, "setup").first).to_have_text("警卫室")  # shown in the reader's script (Simplified)


def test_a_word_finds_longer_words_and_english_plurals(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size(VIEWPORTS["desktop"])
    page.goto(f"{site_server.url}search/?q={quote('工人')}")
    burgundy_workers = page.locator(".result", has=page.locator('a[href*="/burgundy-cards/"][href$="#workers"]'))
    expect(burgundy_workers.locator(".snippet").first).to_contain_text("工人卡")
    field = page.locator("#q")
    field.fill("pets")  # typing searches as it goes
    expect(page.locator("body")).to_have_attribute("data-searched", "pets")
    expect(page).to_have_url(re.compile(r"\?q=pets$"))
    expect(page.locator(".term-result").first).to_contain_text("寵物")
    expect(page.locator(".result-link").nth(3)).to_have_attribute("href", re.compile(r"/bruges/.*#pets-expansion$"))
    field.fill("zzqx")
    expect(page.locator(".search-status")).to_contain_text(re.compile("Nothing found|没有找到"))
    expect(page.locator(".result")).to_have_count(0)


def shown_gloss(page: Page, term) -> str:
    """What the term's pop-up shows now ('none' when closed)."""
    return page.evaluate("el => getComputedStyle(el, '::after').content", term.element_handle())


def test_glossary_term_shows_its_pair_on_tap_and_to_screen_readers(browser: Browser, site_server) -> None:
    # A reader of Chinese taps a Chinese term: on a phone the rules open in the Chinese column (the interface's).
    with site_context(browser, VIEWPORTS["phone"], has_touch=True, locale="zh-CN") as context:
        page = context.new_page()
        page.goto(f"{site_server.url}rules/burgundy-cards/#workers")
        term = page.locator("#workers .col.zh .term", has_text="工人卡").first
        expect(term).to_have_attribute("role", "term")
        expect(term).to_have_text("工人卡")  # the text itself is unchanged: copy and find-in-page work as before
        expect(term).to_have_accessible_description("worker card")  # from the glossary table, read on focus
        assert shown_gloss(page, term) == "none"
        term.tap()
        page.wait_for_function("el => getComputedStyle(el, '::after').content !== 'none'", arg=term.element_handle())
        assert shown_gloss(page, term) == '"worker card"'
        page.keyboard.press("Escape")
        page.wait_for_function("el => getComputedStyle(el, '::after').content === 'none'", arg=term.element_handle())
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS["phone"]["width"], f"page scrolls sideways on a phone ({width}px)"


def test_glossary_term_is_reached_with_the_keyboard(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size(VIEWPORTS["desktop"])
    page.goto(f"{site_server.url}rules/bruges/")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('term')"):
            break
    focused = page.locator(".term:focus")
    expect(focused).to_have_count(1)
    assert shown_gloss(page, focused) not in ("none", "")
    english = page.locator("#setup .col.en .term", has_text="reputation track").first
    english.focus()
    assert shown_gloss(page, english) == '"声望轨"'  # the source's 聲望軌, in the reader's script (Simplified)
    expect(english).to_have_accessible_description("声望轨")
    cell = page.get_by_role("cell", name="reputation track", exact=True)
    row = page.locator("#glossary tr", has=cell)
    expect(row).to_have_text(re.compile(r"^声望轨\s*reputation track"), use_inner_text=True)


def test_category_and_tie_breaker_rule_links_open_their_sections(
    warm_page: Page, site_server, layout_viewport: dict
) -> None:
    page = warm_page
    page.set_viewport_size(layout_viewport)  # where a link lands depends on the screen's size
    play = Play(page, site_server.url, "tuscany").open("score")
    tie = play.tool().locator(".tiebreak-rule a.rule-link")
    expect(tie).to_have_count(3)
    expect(tie.first).to_have_attribute("href", "../rules/tuscany/#game-end")
    # A row's label opens its help and rule over the sheet; the full section is one more tap.
    play.tool().locator('tr[data-row="red_track"] button.label-help').click()
    page.locator("dialog.help-pop .help-more").click()
    expect(page).to_have_url(re.compile(r"/rules/tuscany/#scoring-phase$"))
    expect(page.locator("section#scoring-phase")).to_be_in_viewport()
    expect(page.locator("section#scoring-phase h2").first).to_have_text("计分阶段")


def test_result_reasons_link_the_rule_that_decided(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size(VIEWPORTS["desktop"])
    play = Play(page, site_server.url, "burgundy-cards").open("score")
    play.fill_sheet(
        [
            ("Ann", {"estate_sets": 10, "storage_cards": 2, "start_player": 1}),
            ("Bo", {"estate_sets": 11, "storage_cards": 5}),
        ]
    )
    play.expect_ranking(["1. Bo · 11", "2. Ann · 11"])
    links = play.tool().locator(".ranking .why a.rule-link")
    expect(links).to_have_count(2)
    expect(links.first).to_have_attribute("href", "../rules/burgundy-cards/#end-of-game")
    links.first.click()
    expect(page).to_have_url(re.compile(r"/rules/burgundy-cards/#end-of-game$"))
    expect(page.locator("section#end-of-game")).to_be_in_viewport()


def test_search_works_offline(browser: Browser, site_server) -> None:
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        page.goto(f"{site_server.url}search/")
        wait_until_offline_ready(page)
        context.set_offline(True)
        page.goto(f"{site_server.url}search/?q=guardhouse")
        expect(page.locator("body")).to_have_attribute("data-searched", "guardhouse")
        open_first_section(page, "bruges", "setup")
        expect(visible_hits(page, "setup").first).to_have_text(re.compile("guardhouse", re.I))
        assert foreign_requests(page.context, site_server.url) == []

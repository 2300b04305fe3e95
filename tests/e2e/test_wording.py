"""The interface's English counts its nouns (issue 28, points 10 and 12): "1 term", not "1 terms"."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play

pytestmark = pytest.mark.e2e

SAY = """([sections, terms]) => import('../static/site.js').then((site) => {
    document.documentElement.classList.remove('ui-zh'); document.documentElement.classList.add('ui-en');
    return site.say('found', { text: 'x', sections, terms });
})"""


SEARCH_SAYS = {
    (1, 1): "“x”: 1 section, 1 term.",
    (2, 0): "“x”: 2 sections, 0 terms.",
    (0, 3): "“x”: 0 sections, 3 terms.",
}
"""What search says for (sections, terms) found."""


def test_search_counts_its_findings_in_english(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_server.url}search/")
    assert {counts: page.evaluate(SAY, list(counts)) for counts in SEARCH_SAYS} == SEARCH_SAYS


def stored_bruges_game() -> str:
    """A stored history of one Bruges game (its Chinese name is in the source's Traditional script)."""
    from scoring.api import history_add

    sheet = {
        "players": [{"name": "李后", "scores": {"score_track": 20}}, {"name": "Ann", "scores": {"score_track": 12}}]
    }
    answer = history_add("", "bruges", sheet, "2026-01-01T10:00:00Z")
    assert answer["ok"], answer["problems"]
    return answer["stored"]


CSV_FIRST_ROW = {"hans": ("布鲁日", "李后", "总分 20 分决定名次。"), "hant": ("布魯日", "李后", "總分 20 分決定名次。")}
"""The CSV's first row (game_zh, player, reason_zh) exported in each Chinese script: names as typed."""


def exported_first_row(page: Page) -> tuple[str, str, str]:
    """Export the history as CSV from its Export menu; the first row's game_zh, player and reason_zh."""
    menu = page.locator(".export-menu")
    if menu.get_attribute("open") is None:
        menu.locator("> summary").click()  # one Export action, its choices inside
    with page.expect_download() as download:
        page.locator("[data-action=export-csv]").click()
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    row = next(csv.DictReader(io.StringIO(text)))
    return row["game_zh"], row["player"], row["reason_zh"]


def test_the_csv_export_writes_chinese_in_the_reader_s_script(warm_page: Page, site_server) -> None:
    """Issue 28 point 12: the CSV's game names and reasons in one script, the reader's; names as typed. Exported in
    Simplified, then in Traditional, the script switched in place as the reader does (the settings' switch)."""
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_server.url}play/#history")
    page.evaluate(
        "(stored) => { localStorage.setItem('tc:v1:history', stored); localStorage.setItem('tc:script', 'hans'); }",
        stored_bruges_game(),
    )
    page.reload()
    expect(page.locator("section.history")).to_have_attribute("data-count", "1", timeout=60_000)
    rows = {"hans": exported_first_row(page)}
    settings = page.locator("details.settings")
    settings.locator("summary").click()
    settings.get_by_role("radio", name=re.compile("繁體")).check()
    page.keyboard.press("Escape")
    rows["hant"] = exported_first_row(page)
    assert rows == CSV_FIRST_ROW


REASON_SHOWN = [("zh", "总分", "Placed by"), ("en", "Placed by total points", "总分")]
"""A place's reason in each interface language: a text shown, one of the other language's never shown."""


def test_a_place_s_reason_is_shown_in_the_reader_s_language_only(warm_page: Page, site_server) -> None:
    """Issue 28 point 12: one language for a place's reason when one is chosen (on screen and so in print): in
    Chinese, then switched to English in place (the reader's button)."""
    page = warm_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script("localStorage.setItem('tc:lang', 'zh');")
    play = Play(page, site_server.url, "bruges").open()
    play.fill_sheet([("Ann", {"score_track": 20}), ("Bo", {"score_track": 12})])
    why = play.tool().locator(".ranking .why").first
    for lang, shown, hidden in REASON_SHOWN:
        if lang == "en":
            page.get_by_role("button", name="English", exact=True).click()
        expect(why).to_contain_text(shown, timeout=60_000, use_inner_text=True)
        assert hidden not in why.inner_text(), lang
        page.emulate_media(media="print")
        assert hidden not in why.inner_text(), f"{lang} in print"
        page.emulate_media(media="screen")
        why.scroll_into_view_if_needed()
        page.screenshot(path=f"/tmp/polish-shots/reason-{lang}-360.png")


def test_the_notes_summary_keeps_a_space_before_its_count(warm_page: Page, site_server) -> None:
    """Issue 28 point 12: “Notes from the source, ties (3)”, not “ties(3)” (a flex summary drops the space)."""
    page = warm_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script("localStorage.setItem('tc:lang', 'en');")
    Play(page, site_server.url, "tuscany").open()
    summary = page.locator('section.game[data-game="tuscany"] .source-notes > summary')
    gap = summary.evaluate(
        """(el) => {
            const label = [...el.children].find((c) => c.offsetParent !== null);
            const range = document.createRange();
            range.selectNodeContents(el.lastChild);
            return range.getBoundingClientRect().left - label.getBoundingClientRect().right;
        }"""
    )
    assert gap >= 3, f"{gap} px between the label and its count"

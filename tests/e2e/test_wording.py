"""The interface's English counts its nouns (issue 28, points 10 and 12): "1 term", not "1 terms"."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play

pytestmark = pytest.mark.e2e

SAY = """([sections, terms]) => import('../static/site.js').then((site) => {
    document.documentElement.classList.remove('ui-zh'); document.documentElement.classList.add('ui-en');
    return site.say('found', { text: 'x', sections, terms });
})"""


@pytest.mark.parametrize(
    ("counts", "said"),
    [((1, 1), "“x”: 1 section, 1 term."), ((2, 0), "“x”: 2 sections, 0 terms."), ((0, 3), "“x”: 0 sections, 3 terms.")],
)
def test_search_counts_its_findings_in_english(warm_page: Page, site_server, counts: tuple, said: str) -> None:
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_server.url}search/")
    assert page.evaluate(SAY, list(counts)) == said


def stored_bruges_game() -> str:
    """A stored history of one Bruges game (its Chinese name is in the source's Traditional script)."""
    from scoring.api import history_add

    sheet = {
        "players": [{"name": "李后", "scores": {"score_track": 20}}, {"name": "Ann", "scores": {"score_track": 12}}]
    }
    answer = history_add("", "bruges", sheet, "2026-01-01T10:00:00Z")
    assert answer["ok"], answer["problems"]
    return answer["stored"]


@pytest.mark.parametrize(
    ("script", "game", "reason"),
    [("hans", "布鲁日", "总分 20 分决定名次。"), ("hant", "布魯日", "總分 20 分決定名次。")],
)
def test_the_csv_export_writes_chinese_in_the_reader_s_script(
    warm_page: Page, site_server, script: str, game: str, reason: str
) -> None:
    """Issue 28 point 12: the CSV's game names and reasons in one script, the reader's; names as typed."""
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_server.url}play/#history")
    page.evaluate(
        "([stored, script]) => { localStorage.setItem('tc:v1:history', stored); localStorage.setItem('tc:script', script); }",
        [stored_bruges_game(), script],
    )
    page.reload()
    expect(page.locator("section.history")).to_have_attribute("data-count", "1", timeout=60_000)
    page.locator(".export-menu > summary").click()  # one Export action, its choices inside
    with page.expect_download() as download:
        page.locator("[data-action=export-csv]").click()
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert next((r["game_zh"], r["player"], r["reason_zh"]) for r in rows) == (game, "李后", reason)


@pytest.mark.parametrize(
    ("lang", "shown", "hidden"), [("en", "Placed by total points", "总分"), ("zh", "总分", "Placed by")]
)
def test_a_place_s_reason_is_shown_in_the_reader_s_language_only(
    warm_page: Page, site_server, lang: str, shown: str, hidden: str
) -> None:
    """Issue 28 point 12: one language for a place's reason when one is chosen (on screen and so in print)."""
    page = warm_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(f"localStorage.setItem('tc:lang', '{lang}');")
    play = Play(page, site_server.url, "bruges").open()
    play.fill_sheet([("Ann", {"score_track": 20}), ("Bo", {"score_track": 12})])
    why = play.tool().locator(".ranking .why").first
    expect(why).to_contain_text(shown, timeout=60_000, use_inner_text=True)
    assert hidden not in why.inner_text()
    page.emulate_media(media="print")
    assert hidden not in why.inner_text()
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

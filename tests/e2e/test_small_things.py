"""Issue 41 point 9, the small things seen on a phone, in Chromium at 360×740 (and the statistics at 390×844): a name
breaks between words or shrinks, never inside a short word ("Micha/el"); the tool tab chosen is whole in its row
("Ne…"); "屏幕常亮" on one line; a ranking reason and its link apart ("first.Rule"); History's first game on the first
screen; the statistics' tables inside the screen; a link that could not be copied shown to copy by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.api import history_add
from tests.e2e.playpage import Play
from tests.unit.test_history import ANN_BO, SAVED

pytestmark = pytest.mark.e2e
SMALL = {"width": 360, "height": 740}
SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screenshots"
NAMES = ["韩梅梅", "欧阳娜娜", "Michael", "Anna"]
LINES = "(el) => { const r = document.createRange(); r.selectNodeContents(el); return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size; }"


def opened(page: Page, base_url: str, route: str, lang: str = "en", viewport: dict = SMALL) -> None:
    """play/ at this route, in this language, at this size."""
    page.set_viewport_size(viewport)
    page.goto(base_url)
    page.evaluate("(lang) => localStorage.setItem('tc:lang', lang)", lang)
    page.goto(f"{base_url}play/#{route}")


def test_names_tabs_and_the_wake_switch_stay_whole_at_360(warm_page: Page, site_server) -> None:
    page = warm_page
    opened(page, site_server.url, "furstenfeld/score")
    play = Play(page, site_server.url, "furstenfeld")
    play.set_players(4)
    for i, name in enumerate(NAMES):
        play.name(i, name)
    page.locator("body").click(position={"x": 5, "y": 5})  # no name field focused: every overlay shows
    michael = play.tool().locator("[data-player='2'] + .name-full")
    expect(michael).to_have_text("Michael")
    expect(michael).to_be_visible()
    assert michael.evaluate(LINES) == 1, "Michael broken inside the word"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / "names-360.png")

    page.evaluate("() => { location.hash = '#furstenfeld/turn-order'; }")
    tab = play.section.locator("[data-tool-tab='turn-order']")
    expect(tab).to_have_attribute("aria-current", "true")
    inside = tab.evaluate(
        "(a) => { const s = a.parentElement.getBoundingClientRect(), b = a.getBoundingClientRect();"
        " return b.left >= s.left - 1 && b.right <= s.right + 1; }"
    )
    assert inside, "the tool tab chosen is cut off at the row's edge"

    page.evaluate("() => localStorage.setItem('tc:lang', 'zh')")
    page.reload()
    wake = page.locator(".play-bar .wake .l-zh.s-hans")
    if page.locator(".play-bar .wake").is_visible():  # only where the browser can keep the screen on
        expect(wake).to_have_text("屏幕常亮")
        assert wake.evaluate(LINES) == 1, "屏幕常亮 wraps"
    page.screenshot(path=SHOTS / "play-bar-zh-360.png")


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


def test_history_opens_on_its_first_game_and_statistics_fit_a_phone(warm_page: Page, site_server) -> None:
    page = warm_page
    stored = history_add("", "burgundy-cards", ANN_BO, SAVED, {"started": "2026-11-21T19:15:03Z"})["stored"]
    page.goto(site_server.url)
    page.evaluate("(s) => localStorage.setItem('tc:v1:history', s)", stored)
    opened(page, site_server.url, "history", viewport={"width": 390, "height": 844})
    first = page.locator(".history-list .record").first
    expect(first).to_be_visible(timeout=60_000)
    assert first.bounding_box()["y"] + 60 < 844, "History's first game is not on the first screen"

    page.evaluate("() => { location.hash = '#stats'; }")
    tables = page.locator(".stats-block[data-game='burgundy-cards'] .stats-scroll")
    expect(tables).to_have_count(2)
    for i in range(2):
        clipped = tables.nth(i).evaluate("(w) => w.scrollWidth > w.clientWidth + 1")
        assert not clipped, f"table {i} of the game's statistics is wider than the screen"

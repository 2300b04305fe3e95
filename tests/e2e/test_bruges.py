"""Bruges with the pets expansion on the built site, in Chromium, on a phone and a desktop."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.playpage import VIEWPORTS, Play, foreign_requests, site_context

pytestmark = pytest.mark.e2e
GAME = "bruges"


def says(locator, en: str, zh: str, timeout: int = 5_000) -> None:
    """The element shows this in both languages."""
    expect(locator).to_contain_text(en, timeout=timeout)
    expect(locator).to_contain_text(zh, timeout=timeout)


def says_neither(locator, en: str, zh: str) -> None:
    """The element shows this in neither language."""
    expect(locator).not_to_contain_text(en)
    expect(locator).not_to_contain_text(zh)


def fits_the_phone(page, viewport: dict) -> None:
    """On a phone, the page does not scroll sideways."""
    if viewport["width"] < 400:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"page scrolls sideways on a phone ({width}px)"


def test_fill_a_sheet_and_read_the_ranking(browser: Browser, site_server, viewport: dict) -> None:
    with site_context(browser, viewport) as context:
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("score")
        play.fill_sheet(
            [
                (
                    "Ann",
                    {
                        "score_track": 31,
                        "persons": 12,
                        "houses": 6,
                        "laurel": 4,
                        "majority_markers": 2,
                        "canals_third": 2,
                        "statues": [7, 5],
                        "reputation": 6,
                    },
                ),
                ("Bo", {"score_track": 40, "persons": 9, "houses": 5, "majority_markers": 1, "statues": [6, ""]}),
                ("Cy", {"score_track": 22, "canals_third": 1}),
            ]
        )
        # Ann 31 + 12 + 6 + 4 + 8 + 6 + 12 + 6 = 85; Bo 40 + 9 + 5 + 4 + 6 = 64; Cy 22 + 3 = 25.
        play.expect_ranking(["1. Ann · 85", "2. Bo · 64", "3. Cy · 25"])
        expect(play.tool().locator('output.total[data-player="1"]')).to_have_text("64")
        expect(play.tool().locator('[data-row="pets"]')).to_be_hidden()
        play.tool().locator("details.source-notes > summary").click()  # folded into one line until opened
        notes = play.tool().locator(".game-notes")
        says(notes, "gives no tie-breaker", "原文沒有決勝規則")
        expect(play.tool().locator(".tiebreak-rule")).to_be_hidden()  # the money rule is a variant, off by default
        expect(play.tool().locator('[data-row="guilders"]')).to_be_hidden()
        fits_the_phone(page, viewport)
        assert foreign_requests(context, site_server.url) == []


def test_tie_is_shared_unless_the_table_switches_the_money_rule_on(
    browser: Browser, site_server, viewport: dict
) -> None:
    with site_context(browser, viewport) as context:
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("score")
        play.fill_sheet([("Ann", {"score_track": 40}), ("Bo", {"score_track": 36, "houses": 4})])
        play.expect_ranking(["1. Ann · 40", "1. Bo · 40"])
        assert "the source text gives no tie-breaker" in play.reasons()[0]
        play.set_option("guilders_tiebreak", True)
        says(play.tool().locator(".tiebreak-rule"), "most money left", "剩餘金錢較多")
        play.fill_sheet(
            [
                ("Ann", {"score_track": 40, "guilders": 3}),
                ("Bo", {"score_track": 36, "houses": 4, "guilders": 8}),
            ]
        )
        play.expect_ranking(["1. Bo · 40", "2. Ann · 40"])
        first = play.reasons()[0]
        assert "most money left (8)" in first
        assert "not in the source text" in first
        assert "剩余金钱较多" in first  # Python's Chinese in the default script (Simplified)
        result_notes = play.tool().locator(".result-notes")
        expect(result_notes).to_contain_text(
            "The publisher's rule (most guilders left wins; if still tied, the place is shared) is not in the source"
        )
        play.fill("guilders", 0, 8)
        play.expect_ranking(["1. Ann · 40", "1. Bo · 40"])
        assert "shared" in play.reasons()[0]


def test_pets_add_a_fourth_majority_marker_and_pet_points(browser: Browser, site_server, viewport: dict) -> None:
    with site_context(browser, viewport) as context:
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("score")
        play.fill_sheet([("Ann", {"score_track": 10}), ("Bo", {"score_track": 12})])
        play.expect_ranking(["1. Bo · 12", "2. Ann · 10"])
        for row in ("pets", "pet_majority_marker"):
            expect(play.tool().locator(f'[data-row="{row}"]')).to_be_hidden()
        play.fill("majority_markers", 0, 4)
        says(play.problems(), "Ann: Majority markers: at most 3.", "Ann：多數標記：最大為 3。")
        expect(play.field("majority_markers", 0)).to_have_attribute("aria-invalid", "true")
        play.fill("majority_markers", 0, 3)
        play.set_option("pets", True)
        for row in ("pets", "pet_majority_marker"):
            expect(play.tool().locator(f'[data-row="{row}"]')).to_be_visible()
        play.fill("pet_majority_marker", 0, 1)
        play.fill("pets", 1, 5)
        # Ann 10 + 3 × 4 + 4 = 26; Bo 12 + 5 = 17.
        play.expect_ranking(["1. Ann · 26", "2. Bo · 17"])
        expect(play.problems()).to_be_empty()
        play.fill("pet_majority_marker", 0, 2)
        says(play.problems(), "Pet majority marker: at most 1.", "寵物多數標記：最大為 1。")
        play.fill("pet_majority_marker", 0, 1)
        play.set_option("pets", False)
        expect(play.tool().locator('[data-row="pets"]')).to_be_hidden()
        # Without the expansion the pet rows are not counted: Ann 10 + 12 = 22.
        play.expect_ranking(["1. Ann · 22", "2. Bo · 12"])
        fits_the_phone(page, viewport)


def test_bad_statue_and_canal_values_get_a_message(browser: Browser, site_server) -> None:
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("score")
        play.fill_sheet([("Ann", {"score_track": 10}), ("Bo", {"score_track": 12})])
        play.expect_ranking(["1. Bo · 12", "2. Ann · 10"])
        play.fill("statues", 0, 1, entry=1)
        says(play.problems(), "Statues (second): must be one of 0, 2, 3", "雕像（第二個）：只能是 0、2、3")
        expect(play.field("statues", 0, entry=1)).to_have_attribute("aria-invalid", "true")
        play.fill("statues", 0, 7, entry=1)
        play.fill("canals_third", 1, 3)
        says(play.problems(), "Canals: third section: at most 2", "運河第三段：最大為 2")
        play.fill("canals_third", 1, 2)
        play.expect_ranking(["1. Bo · 18", "2. Ann · 17"])


def test_checklist_follows_player_count_and_pets(browser: Browser, site_server, viewport: dict) -> None:
    with site_context(browser, viewport) as context:
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("setup")
        checklist = play.tool("setup").locator(".checklist")
        says(checklist, "5 stacks (33 cards each)", "5 疊（每疊 33 張）")
        play.set_players(2)
        says(checklist, "shuffle 2 stacks together (66 cards)", "將 2 疊洗混", timeout=60_000)
        says(checklist, "describes 3 and 4 players only", "原文只描述 3 位和 4 位玩家")
        says(checklist, "remaining 3 stacks (99 cards)", "剩下的 3 疊（99 張）")
        says_neither(checklist, "pet cards", "寵物卡")
        play.set_players(3)
        says(checklist, "50 and 49", "50 張與 49 張", timeout=60_000)
        says_neither(checklist, "describes 3 and 4 players only", "原文只描述 3 位和 4 位玩家")
        play.set_option("pets", True)
        says(checklist, "17 pet cards into the deck", "17 張寵物卡", timeout=60_000)
        says(checklist, "agree on it at the table", "請全桌先說好")
        says(checklist, "4 majority markers", "4 個多數標記")
        fits_the_phone(page, viewport)


def test_dice_helper_shows_cost_threats_and_penalties(browser: Browser, site_server, viewport: dict) -> None:
    with site_context(browser, viewport) as context:
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("dice")
        helper = play.tool("dice")
        expect(helper).to_be_visible()
        for entry, face in enumerate([1, 2, 3, 5, 6]):
            play.fill("dice", -1, face, tool="dice", entry=entry)
        out = helper.locator(".helper-out")
        says(out, "Reputation step cost: 3 guilders", "聲望軌推進成本：3 元", timeout=60_000)
        says(out, "brown die shows 5", "褐色的骰子是 5")
        says(out, "fifth colour die shows 6", "第五種顏色的骰子是 6")
        says(out, "does not say which colour brings which penalty", "原文沒有說明哪一種顏色對應哪一種懲罰")
        for penalty in ("Flood|水災", "Plague|鼠疫", "Riot|暴動", "Fire|火災", "Betrayal|背叛"):
            says(out, *penalty.split("|"))
        play.fill("dice", -1, 3, tool="dice", entry=0)
        play.fill("dice", -1, 4, tool="dice", entry=1)
        play.fill("dice", -1, 4, tool="dice", entry=3)
        play.fill("dice", -1, 3, tool="dice", entry=4)
        says(out, "No die shows 1 or 2", "沒有骰子是 1 或 2", timeout=60_000)
        says(out, "No die shows 5 or 6", "沒有骰子是 5 或 6")
        says_neither(out, "Flood", "水災")
        fits_the_phone(page, viewport)
        assert foreign_requests(context, site_server.url) == []


def test_dice_helper_bad_input_names_the_die(browser: Browser, site_server) -> None:
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("dice")
        for entry, face in enumerate([1, 2, 3, 4, 7]):
            play.fill("dice", -1, face, tool="dice", entry=entry)
        problems = play.problems("dice")
        says(problems, "The five dice (fifth colour): at most 6", "五個骰子（第五種顏色）：最大為 6", timeout=60_000)
        expect(play.field("dice", -1, entry=4, tool="dice")).to_have_attribute("aria-invalid", "true")
        play.fill("dice", -1, "", tool="dice", entry=4)
        says(problems, "enter the fifth colour die (1–6)", "請輸入第五種顏色骰子的點數")
        play.fill("dice", -1, 6, tool="dice", entry=4)
        expect(problems).to_be_empty()
        says(play.tool("dice").locator(".helper-out"), "Reputation step cost: 3", "推進成本：3 元")


def test_pets_option_is_kept_after_reload(browser: Browser, site_server) -> None:
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("score")
        play.set_option("pets", True)
        play.fill_sheet(
            [("Ann", {"pets": 6, "majority_markers": 3, "pet_majority_marker": 1}), ("Bo", {"score_track": 20})]
        )
        play.expect_ranking(["1. Ann · 22", "2. Bo · 20"])
        page.reload()
        expect(play.section.locator('[data-option="pets"]')).to_be_checked()
        expect(play.field("pets", 0)).to_have_value("6")
        play.expect_ranking(["1. Ann · 22", "2. Bo · 20"])


def test_rules_page_has_the_sections_the_sheet_links_to(browser: Browser, site_server, viewport: dict) -> None:
    with site_context(browser, viewport) as context:
        page = context.new_page()
        page.goto(f"{site_server.url}rules/{GAME}/")
        for section in ("final-scoring", "majorities", "actions", "threats", "pets-expansion", "game-flow"):
            expect(page.locator(f"#{section}")).to_be_attached()
        expect(page.locator("#threats .col.zh")).to_contain_text("水災")
        play = Play(page, site_server.url, GAME).open("score")
        play.tool().locator('[data-row="majority_markers"] button.label-help').click()
        expect(page.locator("dialog.help-pop .help-more")).to_have_attribute(
            "href", re.compile(r"rules/bruges/#majorities$")
        )
        page.locator("dialog.help-pop button[value=close]").click()
        assert foreign_requests(context, site_server.url) == []

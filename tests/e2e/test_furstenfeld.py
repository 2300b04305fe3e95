"""Fürstenfeld on the built site, in Chromium on a phone: setup, the winner, and the three in-game helpers. The
winner rule's cases and bad sheets are checked through scoring.api (tests/unit/test_game_tables.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play, foreign_requests, no_sideways_scroll

pytestmark = pytest.mark.e2e
GAME = "furstenfeld"


def test_setup_checklist_basic_and_advanced(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("setup")
    checklist = play.tool("setup").locator(".checklist")
    expect(checklist).to_contain_text("the 26 cards of their colour (without “Tour Guide” and “Scavenger”)")
    expect(checklist).to_contain_text("deal 4 onto the demand spaces of 4 breweries; the other 3 are out of play")
    expect(checklist).to_contain_text("Put 4 palace price markers")
    expect(checklist).to_contain_text("“8” on top, “18” at the bottom")
    play.set_players(2)
    expect(checklist).to_contain_text("the other 5 are out of play", timeout=60_000)
    expect(checklist).to_contain_text("The 3 breweries without a demand card are closed")
    expect(checklist).to_contain_text("draws 3 from the top")
    play.set_option("advanced", True)
    expect(checklist).to_contain_text(
        "the 28 cards of their colour (with “Tour Guide” and “Scavenger”)", timeout=60_000
    )
    expect(checklist).to_contain_text("draws 10, keeps 1 in hand and puts the other 9 back")
    expect(checklist.locator(".step-note")).to_contain_text("The source does not say whether")
    expect(checklist).to_contain_text("top row I, II, III and bottom row IV, V, VI")
    expect(checklist).not_to_contain_text("draws 3 from the top")
    play.set_players(5)
    expect(checklist).to_contain_text("All 5 breweries are open.", timeout=60_000)
    expect(checklist).to_contain_text("Shuffle the 5 turn order markers")
    no_sideways_scroll(page, viewport)
    assert foreign_requests(page.context, site_server.url) == []


def test_the_only_player_at_six_palaces_wins_and_no_one_else_is_ranked(
    warm_page: Page, site_server, viewport: dict
) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    play.fill_sheet(
        [
            ("Ann", {"palaces": 5, "turn_position": 1}),
            ("Bo", {"palaces": 6, "turn_position": 3}),
            ("Cy", {"palaces": 4, "turn_position": 2}),
        ]
    )
    play.expect_ranking(["1. Bo", "– Ann", "– Cy"])
    reasons = play.reasons()
    assert "The only player with all 6 palaces built." in reasons[0]
    assert "唯一建造完 6 张宫殿卡的玩家。" in reasons[0]  # shown in the default script (Simplified)
    assert "Built 5 palaces. The rules decide only the winner" in reasons[1]
    expect(play.tool().locator(".result-notes")).to_contain_text("Fürstenfeld has no points")
    expect(play.tool().locator(".ranking li").first).to_have_attribute("data-kind", "winner")
    expect(play.tool().locator(".ranking li").nth(1)).to_have_attribute("data-kind", "unranked")
    expect(play.tool().locator(".ranking li").nth(1)).to_have_attribute("data-place", "")
    # A problem of the whole sheet marks the fields it is about, and no one is ranked until it is solved.
    play.fill("palaces", 1, 4)
    expect(play.problems()).to_contain_text("no player has built all 6 palaces", timeout=60_000)
    expect(play.field("palaces", 0)).to_have_attribute("aria-invalid", "true")
    expect(play.tool().locator(".ranking li")).to_have_count(0)
    play.fill("palaces", 1, 6)
    play.expect_ranking(["1. Bo", "– Ann", "– Cy"])
    no_sideways_scroll(page, viewport)
    assert foreign_requests(page.context, site_server.url) == []


def test_palace_price_takes_the_player_count_from_the_page(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("palace-price")
    helper = play.tool("palace-price")
    out = helper.locator(".helper-out")
    play.set_players(3)
    helper.locator('[data-field="palaces_built"]').fill("7")
    expect(out).to_contain_text("Palace price now: 12 coins.", timeout=60_000)
    expect(out).to_contain_text("1 of 3; after 2 more palaces the price becomes 14 coins.")
    expect(out).to_contain_text("宮殿卡現在的價格：12 枚硬幣。")
    play.set_players(5)
    expect(out).to_contain_text("Palace price now: 10 coins.")
    helper.locator('[data-field="palaces_built"]').fill("25")
    expect(out).to_contain_text("Palace price now: 18 coins.")
    expect(out).to_contain_text("This is the last palace price card (18).")
    play.set_players(2)
    expect(helper.locator(".problems")).to_contain_text("2 players have only 12 palace cards")
    expect(helper.locator('[data-field="palaces_built"]')).to_have_attribute("aria-invalid", "true")
    expect(out.locator("li")).to_have_count(0)
    helper.locator('[data-field="palaces_built"]').fill("0")
    expect(out).to_contain_text("Palace price now: 8 coins.")
    expect(helper.locator(".fills")).to_be_hidden()
    no_sideways_scroll(page, viewport)
    page.reload()
    expect(play.tool("palace-price").locator('[data-field="palaces_built"]')).to_have_value("0")


def test_turn_order_from_income_with_equal_income_and_administration(
    warm_page: Page, site_server, viewport: dict
) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("turn-order")
    helper = play.tool("turn-order")
    out = helper.locator(".helper-out")
    play.fill_sheet(
        [
            ("Ann", {"income": 4, "position": 1}),
            ("Bo", {"income": 4, "position": 3}),
            ("Cy", {"income": 7, "administration": 1, "position": 2}),
            ("Di", {"income": 9, "position": 4}),
        ],
        tool="turn-order",
    )
    expect(out).to_contain_text(
        "Next round's turn order: 1. Bo (space 4), 2. Cy (space 4), 3. Ann (space 4), 4. Di (space 9).",
        timeout=60_000,
    )
    expect(out).to_contain_text("Cy: income 7 − 3 (administration) = space 4 on the income track.")
    expect(out).to_contain_text("3 markers on space 4: a marker placed later this round sits on top")
    play.fill("income", 2, 2, tool="turn-order")
    expect(out).to_contain_text(
        "Next round, among the players who can be placed: 1. Bo (space 4), 2. Ann (space 4), 3. Di (space 9)."
    )
    expect(out).to_contain_text("Cy: income 2 − 3 (administration) = −1, below 0 on the income track.")
    expect(out).to_contain_text("The source does not say where the marker goes then")
    expect(out).to_contain_text("原文沒有說明這時標示物放在哪裡")
    play.fill("position", 3, 1, tool="turn-order")
    expect(helper.locator(".problems")).to_contain_text("position 1 is already Ann's")
    expect(play.field("position", 3, tool="turn-order")).to_have_attribute("aria-invalid", "true")
    play.fill("administration", 3, 2, tool="turn-order")
    expect(helper.locator(".problems")).to_contain_text(re.compile("Administration: at most 1|行政處：最大"))
    play.fill("administration", 3, 0, tool="turn-order")
    play.fill("position", 3, 4, tool="turn-order")
    expect(helper.locator(".problems")).to_be_empty()
    expect(out).to_contain_text("3. Di (space 9)")
    no_sideways_scroll(page, viewport)
    # The names typed here are the game's names: the score sheet has them too.
    expect(play.tool("score").locator('[data-field=name][data-player="2"]')).to_have_value("Cy")
    assert foreign_requests(page.context, site_server.url) == []
    # The helper's rules link opens its section of the rules.
    page.locator('[data-tool="turn-order"] h3 a.rule-link').click()
    expect(page.locator("#turn-order")).to_be_visible()
    expect(page.locator("#turn-order .col.zh")).to_contain_text("順序標示物最上方的玩家先執行")


def test_brewery_prices_at_the_bounds(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("brewery-prices")
    helper = play.tool("brewery-prices")
    out = helper.locator(".helper-out")

    def enter(key: str, values: tuple[int, int, int]) -> None:
        for entry, value in enumerate(values):
            helper.locator(f'[data-field="{key}"][data-player="-1"][data-entry="{entry}"]').fill(str(value))

    enter("price", (1, 3, 2))
    enter("surplus", (3, 0, 0))
    enter("open_plus", (0, 2, 1))
    expect(out).to_contain_text(
        "Hops: now 1 → after sales 0 (3 surplus; not below 0; at 0 this brewery takes no hops)", timeout=60_000
    )
    expect(out).to_contain_text(
        "Barley: now 3 → after sales 3 (0 surplus) → after phase 6: 3 (2 unfilled “+”; at most 3)."
    )
    expect(out).to_contain_text("Spring water: now 2 → after sales 2 (0 surplus) → after phase 6: 3 (1 unfilled “+”).")
    expect(out).to_contain_text("啤酒花：現在 1 → 出售後 0")
    enter("price", (0, 3, 2))
    expect(helper.locator(".problems")).to_contain_text("at price 0 this brewery takes no hops")
    expect(helper.locator('[data-field="surplus"][data-entry="0"]')).to_have_attribute("aria-invalid", "true")
    expect(out.locator("li")).to_have_count(0)
    enter("surplus", (0, 1, 0))
    expect(helper.locator(".problems")).to_contain_text("every barley demand space is filled")
    enter("open_plus", (2, 0, 1))
    expect(helper.locator(".problems")).to_be_empty()
    expect(out).to_contain_text(
        "Hops: now 0 → after sales 0 (0 surplus; at 0 this brewery takes no hops) → after phase 6: 2"
    )
    expect(out).to_contain_text("Barley: now 3 → after sales 2 (1 surplus) → after phase 6: 2 (0 unfilled “+”).")
    enter("price", (4, 3, 2))
    expect(helper.locator(".problems")).to_contain_text("at most 3")
    no_sideways_scroll(page, viewport)
    assert foreign_requests(page.context, site_server.url) == []


def test_palaces_that_decide_need_no_turn_positions(warm_page: Page, site_server) -> None:
    """Issue 28: palaces 6/5/4/3 name the winner with the turn positions blank; no field shows a 0 it refuses."""
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    play.set_players(4)
    play.fill_sheet([(n, {"palaces": p}) for n, p in (("Ann", 6), ("Bo", 5), ("Cy", 4), ("Di", 3))])
    play.expect_ranking(["1. Ann", "– Bo", "– Cy", "– Di"])
    expect(play.problems()).to_be_empty()
    assert play.field("turn_position", 0).get_attribute("placeholder") == "1–5"  # no 0: it refuses 0
    play.fill("palaces", 2, 6)
    problem = play.problems().locator("li")
    expect(problem).to_have_count(1)
    expect(problem).to_have_class(re.compile("needed"))
    expect(problem).to_contain_text("Ann and Cy both built all 6 palaces")
    expect(play.field("turn_position", 0)).to_have_attribute("data-needed", "true")
    expect(play.field("turn_position", 1)).not_to_have_attribute("data-needed", "true")
    # point 4: the heading and the disabled save button say why there is no ranking
    expect(play.tool().locator(".result h4")).to_have_text(
        "Ranking: not yet, see the messages above.", use_inner_text=True
    )
    expect(play.tool().locator("[data-action=save-history]")).to_be_disabled()
    expect(play.tool().locator(".save-why")).to_be_visible()
    play.fill("turn_position", 0, 2)
    play.fill("turn_position", 2, 1)
    play.expect_ranking(["1. Cy", "– Ann", "– Bo", "– Di"])
    expect(play.tool().locator(".result h4")).to_have_text("Ranking", use_inner_text=True)
    expect(play.tool().locator(".save-why")).to_be_hidden()
    # point 7: the screen reader's line says the ranking shown, and nothing once the sheet is open again
    announced = play.tool().locator(".announce")
    expect(announced).to_contain_text("Cy", timeout=10_000)
    play.fill("turn_position", 2, "")
    expect(announced).to_have_text("", timeout=10_000)

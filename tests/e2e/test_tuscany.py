"""The Castles of Tuscany on the built site, in Chromium on a phone: the checklist by player count, one sheet and its
notes, the scoring-phase helper filling the sheet. The tie-breakers and bounds are checked through scoring.api
(tests/unit/test_game_tables.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play, foreign_requests, no_sideways_scroll

pytestmark = pytest.mark.e2e
GAME = "tuscany"
HELPER = "scoring-phase"


def test_setup_checklist_for_two_three_and_four_players(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("setup")
    checklist = play.tool("setup").locator(".checklist")
    for fact in (
        "122 region cards",
        "27 yield cards",
        "12 marbles, 12 workers and 10 blue hex markers",
        "other 21 hexes face down into 3 stacks of 7",
        "one each of A, B and C",
        "along their long edges",
        "offset by at most one hex",
        "three dark-green hex spaces",
        "start player card",
        "green-track marker 2 spaces forward",
        "two rows of four",
        "“at 50”, which is unclear",
    ):
        expect(checklist).to_contain_text(fact)
    expect(checklist).to_contain_text("(20 in all; 102 stay in the pile)")
    boxes = checklist.locator("input[type=checkbox]")
    expect(boxes).to_have_count(19)
    boxes.nth(9).check()
    for players, dealt, left in ((2, 10, 112), (3, 15, 107)):
        play.set_players(players)
        expect(checklist).to_contain_text(f"({dealt} in all; {left} stay in the pile)", timeout=60_000)
        expect(checklist).to_contain_text(f"共 {dealt} 张，牌库剩 {left} 张")
        expect(checklist).to_contain_text(f"{players} players also use 8")
        assert checklist.locator("input:checked").count() == 0  # ticks belong to their player count
    play.set_players(4)
    expect(checklist).to_contain_text("(20 in all; 102 stay in the pile)", timeout=60_000)
    expect(boxes.nth(9)).to_be_checked()
    no_sideways_scroll(page, viewport)
    assert foreign_requests(page.context, site_server.url) == []


def test_final_scoring_and_the_sheet_notes(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    play.fill_sheet(
        [
            (
                "Ann",
                {
                    "red_track": 92,
                    "unplaced_tiles": 3,
                    "hex_markers": 1,
                    "marble": 4,
                    "workers": 2,
                    "cards_in_hand": 8,
                },
            ),
            ("Bo", {"red_track": 101, "cards_in_hand": 2}),
        ]
    )
    # Ann: 92 + 3 + 1 + 4 + 2 + 8 // 3; Bo: 101 + 2 // 3.
    play.expect_ranking(["1. Ann · 104", "2. Bo · 101"])
    expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("104")
    play.tool().locator("details.source-notes > summary").click()  # folded into one line until opened
    expect(play.tool().locator(".tiebreak-rule")).to_contain_text(
        re.compile(
            "most empty spaces on the region boards → fewest points on the green track → fewest region cards left"
            "|区域图板上空格最多 → 绿色计分轨分数最少 → 剩下的区域牌最少"
        ),
        use_inner_text=True,
    )
    expect(play.tool().locator(".result-notes")).to_contain_text("tiles left in the player's stacks")
    expect(play.tool().locator(".result-notes")).to_contain_text("50的位置上")
    no_sideways_scroll(page, viewport)


def test_scoring_phase_helper_keeps_the_red_track_and_fills_the_sheet(
    warm_page: Page, site_server, viewport: dict
) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open(HELPER)
    helper = play.tool(HELPER)
    out = helper.locator(".helper-out")
    play.fill_sheet(
        [("Ann", {"green": [20, 0, 0], "red_other": [2, 0, 0]}), ("Bo", {"green": [12, 0, 0]})], tool=HELPER
    )
    expect(out).to_contain_text("Red track counted from 0: points scored only.", timeout=60_000)
    expect(out).to_contain_text("“at 50”, which is unclear; to count from 50 as literally written, enter 50 above")
    expect(out).to_contain_text("whole green-track score at that moment is added to the red track")
    expect(out).to_contain_text("Scorings entered: 1 of 3.")
    expect(out).to_contain_text("Ann: after the 1st scoring 22; red track now 22.")
    expect(helper.locator(".fills")).to_be_hidden()
    for player, greens in ((0, (45, 70)), (1, (30, 51))):
        for entry, value in enumerate(greens, start=1):
            play.fill("green", player, value, tool=HELPER, entry=entry)
    expect(out).to_contain_text("Scorings entered: 3 of 3.")
    expect(out).to_contain_text("red track now 137; 50/100 marker turned to its 100 side")
    expect(out).to_contain_text("Bo: after the 1st scoring 12, after the 2nd scoring 42, after the 3rd scoring 93")
    start = helper.locator('[data-field="red_start"][data-player="-1"]')
    start.fill("50")
    expect(out).to_contain_text("Red track counted from 50 (setup step 11 read literally")
    expect(out).to_contain_text("red track now 187")
    start.fill("25")
    expect(play.problems(HELPER)).to_contain_text(re.compile("must be one of 0, 50|只能是 0、50"))
    expect(start).to_have_attribute("aria-invalid", "true")
    start.fill("")
    expect(out).to_contain_text("red track now 137")
    no_sideways_scroll(page, viewport)
    helper.locator("[data-action=fill]").click()
    sheet = play.tool("score")
    expect(sheet).to_be_visible()
    expect(play.field("red_track", 0)).to_have_value("137")
    expect(play.field("red_track", 1)).to_have_value("93")
    expect(play.field("green_track", 0)).to_have_value("70")
    expect(play.field("green_track", 1)).to_have_value("51")
    play.expect_ranking(["1. Ann · 137", "2. Bo · 93"])
    page.reload()
    expect(play.field("green", 0, entry=2, tool=HELPER)).to_have_value("70")
    assert foreign_requests(page.context, site_server.url) == []

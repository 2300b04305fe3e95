"""Palais Royal on the built site, in Chromium on a phone: one sheet, the edge tie's question and choice, a bad value,
the checklist, the majority helper, the screen reader's line."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play, foreign_requests, no_sideways_scroll

pytestmark = pytest.mark.e2e
GAME = "palais-royal"
EDGE_POINTS = [[6, 3], [5, 2], [4, 1], [3, 1]]


def fill_edge_points(play: Play, points: list[list[int]]) -> None:
    """Type the points printed for first and second place on each edge (a table field)."""
    for edge, parts in enumerate(points):
        for part, value in enumerate(parts):
            play.fill("edges", -1, value, entry=edge, part=part)


def tie_rule(play: Play):
    """The table's choice of how a tie on an edge is settled."""
    return play.tool().locator('select[data-field="edge_tie_rule"]')


def test_fill_a_sheet_and_read_the_ranking(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    fill_edge_points(play, EDGE_POINTS)
    play.fill_sheet(
        [
            (
                "Ann",
                {"nobles": 24, "privileges_played": 3, "privileges_unplayed": 9, "edge_servants": [3, 1, 0, 0]},
            ),
            ("Bo", {"nobles": 30, "privileges_unplayed": 2, "edge_servants": [1, 2, 0, 1]}),
            ("Cy", {"nobles": 18, "edge_servants": [0, 0, 2, 0]}),
        ]
    )
    # Ann 24 + 3 + 6 (unplayed, capped) + 6 + 2 = 41; Bo 30 + 2 + 3 + 5 + 3 = 43; Cy 18 + 4 = 22.
    play.expect_ranking(["1. Bo · 43", "2. Ann · 41", "3. Cy · 22"])
    expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("41")
    notes = play.tool().locator(".result-notes")
    expect(notes).to_contain_text(re.compile("Edge 1: first Ann \\(3 servants\\) scores 6|边沿 1：第一名 Ann"))
    expect(notes).to_contain_text(re.compile("no tie-breaker|没有决胜规则"))
    no_sideways_scroll(page, viewport)
    assert foreign_requests(page.context, site_server.url) == []


def test_edge_tie_needs_the_table_s_rule(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    play.wait_ready()
    fill_edge_points(play, EDGE_POINTS)
    play.fill_sheet(
        [
            ("Ann", {"nobles": 10, "edge_servants": [2, 0, 0, 0]}),
            ("Bo", {"nobles": 10, "edge_servants": [2, 0, 0, 0]}),
        ]
    )
    expect(play.problems()).to_contain_text(
        re.compile("Edge 1: Ann and Bo, 2 servants each, tied for first|边沿 1：Ann、Bo 各 2 个仆人，并列第一名")
    )
    expect(play.problems()).to_contain_text(re.compile("source does not say|原文没有说明"))
    expect(tie_rule(play)).to_have_attribute("data-needed", "true")  # asked for, not wrong
    tie_rule(play).select_option("split-down")
    play.expect_ranking(["1. Ann · 14", "1. Bo · 14"])
    expect(play.problems()).to_be_empty()
    assert "no tie-breaker" in play.reasons()[0]
    tie_rule(play).select_option("each-scores")
    play.expect_ranking(["1. Ann · 16", "1. Bo · 16"])
    page.reload()
    expect(tie_rule(play)).to_have_value("each-scores")
    play.expect_ranking(["1. Ann · 16", "1. Bo · 16"])


def test_bad_input_names_the_field(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    play.fill_sheet([("Ann", {"nobles": 5}), ("Bo", {"nobles": 3})])
    play.expect_ranking(["1. Ann · 5", "2. Bo · 3"])
    play.fill("edge_servants", 1, 26, entry=2)
    expect(play.problems()).to_contain_text(re.compile(r"Servants on the edges \(Edge 3\): at most 25|最大为 25"))
    expect(play.field("edge_servants", 1, entry=2)).to_have_attribute("aria-invalid", "true")
    play.fill("edge_servants", 1, 1, entry=2)
    # Bo is first on Edge 3, whose printed points are blank: missing, not 0, so nobody is named the winner yet.
    expect(play.problems()).to_contain_text("Edge 3: the points printed on the board for first place are blank")
    expect(play.field("edges", -1, entry=2, part=0)).to_have_attribute("data-needed", "true")
    expect(play.tool("score").locator(".ranking .who")).to_have_count(0)
    play.fill("edges", -1, 4, entry=2, part=0)
    play.expect_ranking(["1. Bo · 7", "2. Ann · 5"])


def test_checklist_by_player_count(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("setup")
    checklist = play.tool("setup").locator(".checklist")
    expect(checklist).to_contain_text(re.compile("seat 4: 3|第 4 位：3 个"))
    expect(checklist).to_contain_text(re.compile("72 in all|共 72 个"))
    expect(checklist).to_contain_text(re.compile("picture the source refers to is missing|不在源文本中"))
    checklist.locator("input[type=checkbox]").nth(1).check()
    play.set_players(2)
    expect(checklist).to_contain_text(re.compile("36 in all|共 36 个"), timeout=60_000)
    expect(checklist).to_contain_text(re.compile("seat 2: 1\\.|第 2 位：1 个。"))
    expect(checklist).not_to_contain_text(re.compile("seat 3:|第 3 位："))
    expect(checklist).to_contain_text(re.compile("describes four seats|按四个座位描述"))
    assert checklist.locator("input:checked").count() == 0
    play.set_players(4)
    expect(checklist).to_contain_text(re.compile("72 in all|共 72 个"), timeout=60_000)
    expect(checklist.locator("input[type=checkbox]").nth(1)).to_be_checked()


def test_majority_helper(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("majority")
    play.wait_ready()
    # Rooms: parade ground, stairway, mint, King's Residence, Madame, office, gate, back door, Cardinal.
    play.fill_sheet(
        [
            ("Ann", {"room_servants": [3, 2, 2, 0, 0, 1, 0, 0, 1]}),
            ("Bo", {"room_servants": [3, 2, 1, 0, 0, 4, 0, 0, 0]}),
            ("Cy", {"room_servants": [0, 2, 0, 1, 0, 0, 0, 0, 1]}),
        ],
        tool="majority",
    )
    out = play.tool("majority").locator(".helper-out")
    expect(out).to_contain_text(
        re.compile(
            "Parade ground: Ann and Bo tie \\(3 each\\); Ann has the most servants with the Cardinal|阅兵场：Ann、Bo 平手"
        )
    )
    expect(out).to_contain_text(re.compile("Mint: Ann has the most \\(2 servants\\)|铸币房：Ann 最多"))
    expect(out).to_contain_text(re.compile("Stairway: .*still tied with the Cardinal|阶梯：.*依然平手"))
    expect(out).to_contain_text(re.compile("Office: majority bonus: none|办公室：最多数奖励：无"))
    expect(out).to_contain_text(re.compile("Gate: the source gives the gate no action|大门：原文没有"))
    expect(play.tool("majority").locator(".fills")).to_be_hidden()
    play.fill("room_servants", 2, 9, tool="majority", entry=0)
    expect(out).to_contain_text(re.compile("Parade ground: Cy has the most \\(9 servants\\)|阅兵场：Cy 最多"))
    play.fill("room_servants", 0, 26, tool="majority", entry=0)
    expect(play.problems("majority")).to_contain_text(re.compile("at most 25|最大为 25"))
    no_sideways_scroll(page, viewport)


TIED_EDGES = {
    "en": [
        "Edge 1: Ann and Bo, 2 servants each",
        "Edge 2: Ann, Bo and the third player, 1 servant each",
        "Edge 3: Ann and Bo, 3 servants each",
        "How does your table score a tie on an edge?",
    ],
    "zh": ["边沿 1：Ann、Bo 各 2 个仆人", "边沿 2：Ann、Bo、第三位玩家 各 1 个仆人", "你们怎样计算边沿上的平手？"],
}
"""The one question three tied edges make, as the table reads it in each language."""


def test_ties_on_several_edges_ask_one_question_once(warm_page: Page, site_server) -> None:
    """Issue 28 point 5: three tied edges make one calm question with one choice, in the table's words: in English
    on a 390 px phone, then switched to Chinese in place (the reader's button) on a 360 px one."""
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('tc:lang', 'en');")
    play = Play(page, site_server.url, GAME).open("score")
    play.wait_ready()
    fill_edge_points(play, EDGE_POINTS)
    play.fill_sheet(
        [
            ("Ann", {"nobles": 10, "edge_servants": [2, 1, 3, 0]}),
            ("Bo", {"nobles": 12, "edge_servants": [2, 1, 3, 0]}),
            ("P3", {"nobles": 9, "edge_servants": [0, 1, 0, 0]}),
        ]
    )
    question = play.problems().locator("li")
    for lang, viewport, choose in (("en", 390, "Choose…"), ("zh", 360, "请选择……")):
        if lang == "zh":
            page.set_viewport_size({"width": 360, "height": 740})
            page.get_by_role("button", name="中文").click()
        expect(question).to_have_count(1, timeout=60_000)
        expect(question).to_have_class(re.compile("tie-open"))
        expect(play.problems().locator("select")).to_have_count(1)
        expect(play.problems().locator('select option[value=""]')).to_have_text(choose)
        for part in TIED_EDGES[lang]:
            expect(question).to_contain_text(part, use_inner_text=True)
        expect(play.tool().locator("[aria-invalid=true]")).to_have_count(0)  # nothing typed is wrong
        page.screenshot(path=f"/tmp/polish-shots/edge-question-{lang}-{viewport}.png")
        question.scroll_into_view_if_needed()
        page.screenshot(path=f"/tmp/polish-shots/edge-question-{lang}-{viewport}-question.png")
    question.locator("select").select_option("each-scores")
    expect(tie_rule(play)).to_have_value("each-scores")
    expect(play.tool()).to_have_attribute("data-state", "final", timeout=60_000)
    expect(play.problems()).to_be_empty()


HEARD = """() => { window.__heard = [];
    new MutationObserver(() => window.__heard.push(document.querySelector('section.game[data-game="palais-royal"] .announce').textContent))
        .observe(document.querySelector('section.game[data-game="palais-royal"] .announce'), { childList: true, characterData: true, subtree: true }); }"""
"""From now on, record every text the screen reader's line takes."""


def test_the_screen_reader_line_is_current(warm_page: Page, site_server) -> None:
    """Issue 28 point 7: the live region says the ranking shown, in the reader's language; nothing while the edge
    rule is asked for, and nothing stale once a value is edited (until the new ranking is shown). In English, then
    switched to Chinese in place (the reader's button): the line says the ranking in Chinese, and an edit empties it
    before the new one."""
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('tc:lang', 'en');")
    play = Play(page, site_server.url, GAME).open("score")
    play.wait_ready()
    fill_edge_points(play, EDGE_POINTS)
    play.fill_sheet([("Ann", {"nobles": 10}), ("Bo", {"nobles": 12})])
    announced = play.tool().locator(".announce")
    expect(announced).to_contain_text("Palais Royal — 1. Bo 12", timeout=10_000)
    expect(announced).to_have_attribute("lang", "en")
    # An edit: the line empties at once (the ranking it said is no longer the sheet's), then says the new one.
    page.evaluate(HEARD)
    play.fill("nobles", 0, 20)
    expect(announced).to_contain_text("1. Ann 20", timeout=10_000)
    heard = page.evaluate("window.__heard")
    assert heard[0] == "" and all("Bo 12" not in h or "Ann 20" in h for h in heard[1:]), heard
    # A tie on an edge: a choice pending, so no ranking is said.
    play.fill("edge_servants", 0, 2, entry=0)
    play.fill("edge_servants", 1, 2, entry=0)
    expect(play.problems().locator("select")).to_have_count(1, timeout=60_000)
    expect(announced).to_have_text("", timeout=10_000)
    tie_rule(play).select_option("each-scores")
    expect(announced).to_contain_text("Ann 26", timeout=10_000)
    # In Chinese: the ranking said again in Chinese; an edit empties the line, then the new ranking.
    page.get_by_role("button", name="中文").click()
    expect(announced).to_contain_text("皇家宫殿 — 1. Ann 26", timeout=10_000)
    expect(announced).to_have_attribute("lang", "zh-Hans")
    page.evaluate(HEARD)
    play.fill("nobles", 1, 30)  # Bo 30 + 6 = 36 goes first
    expect(announced).to_contain_text("皇家宫殿 — 1. Bo 36", timeout=10_000)
    heard = page.evaluate("window.__heard")
    assert heard[0] == "" and all("1. Ann" not in h for h in heard[1:]), heard

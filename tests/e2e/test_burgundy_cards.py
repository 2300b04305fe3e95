"""The Castles of Burgundy card game on the built site, in Chromium on a phone: one sheet, a bad value, the checklist's
ticks, a reload, offline after one visit, the rules page and the home page's links. The tie-breaker's arithmetic is
checked through scoring.api (tests/unit/test_game_tables.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.playpage import (
    VIEWPORTS,
    Play,
    foreign_requests,
    no_sideways_scroll,
    site_context,
    wait_until_offline_ready,
)

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"


def test_fill_a_sheet_and_read_the_ranking(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    play.fill_sheet(
        [
            ("Ann", {"estate_sets": 14, "bonus_cards": 3, "vp_cards": 2, "goods_sold": 6, "animal_kinds": 4}),
            ("Bo", {"estate_sets": 20, "animal_kinds": 2, "start_player": 1}),
            ("Cy", {"estate_sets": 9, "goods_sold": 3}),
        ]
    )
    play.expect_ranking(["1. Ann · 29", "2. Bo · 22", "3. Cy · 12"])
    expect(play.tool().locator('output.total[data-player="1"]')).to_have_text("22")
    assert "Placed by total points (29)." in play.reasons()[0] or "总分 29 分决定名次。" in play.reasons()[0]
    no_sideways_scroll(page, viewport)
    assert foreign_requests(page.context, site_server.url) == []


def test_checklist_ticks_and_player_count(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("setup")
    checklist = play.tool("setup").locator(".checklist")
    expect(checklist).to_contain_text(re.compile("lay 13 action cards|把 13 张行动卡"))
    boxes = checklist.locator("input[type=checkbox]")
    boxes.nth(0).check()
    boxes.nth(2).check()
    play.set_players(2)
    expect(checklist).to_contain_text(re.compile("lay 7 action cards|把 7 张行动卡"), timeout=60_000)
    expect(checklist).to_contain_text(re.compile("seat 2: 2|第 2 位：2 张"))
    expect(checklist).to_contain_text(re.compile("same pattern|沿用同一模式"))
    assert checklist.locator("input:checked").count() == 0  # ticks belong to their player count
    play.set_players(4)
    expect(checklist).to_contain_text(re.compile("lay 13 action cards|把 13 张行动卡"), timeout=60_000)
    expect(boxes.nth(0)).to_be_checked()
    expect(boxes.nth(2)).to_be_checked()
    page.reload()
    expect(play.tool("setup").locator(".checklist input").nth(2)).to_be_checked()


def test_reload_keeps_the_sheet(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo <i>", {"estate_sets": 3})])
    expect(play.problems()).to_contain_text(re.compile("cannot contain < or >|不能包含 < 或 >"), timeout=60_000)
    page.reload()
    expect(play.field("estate_sets", 0)).to_have_value("5")
    expect(play.tool().locator('[data-field=name][data-player="1"]')).to_have_value("Bo <i>")
    expect(play.field("start_player", 0)).to_be_checked()
    play.name(1, "Bo")
    play.expect_ranking(["1. Ann · 6", "2. Bo · 3"])


def test_bad_input_gets_a_message_and_the_rest_keeps_computing(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open("score")
    play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo", {"estate_sets": 3})])
    play.expect_ranking(["1. Ann · 6", "2. Bo · 3"])
    play.fill("animal_kinds", 0, 5)
    expect(play.problems()).to_contain_text(re.compile("Animal kinds: at most 4|动物种类：最大为 4"))
    expect(play.field("animal_kinds", 0)).to_have_attribute("aria-invalid", "true")
    expect(play.tool().locator('output.total[data-player="1"]')).to_have_text("3")
    play.fill("goods_sold", 1, "x")
    expect(play.problems()).to_contain_text(re.compile("is not a number|不是数字"))


def test_offline_after_one_visit(browser: Browser, site_server) -> None:
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        Play(page, site_server.url, GAME).open("score").wait_ready()
        wait_until_offline_ready(page)
        context.set_offline(True)
        site_server.stop()
        try:
            for path in ("", f"rules/{GAME}/"):
                page.goto(site_server.url + path)
                expect(page.locator("h1").first).to_be_visible()
            play = Play(page, site_server.url, GAME).open("score")
            play.wait_ready()
            play.fill_sheet([("Ann", {"estate_sets": 4}), ("Bo", {"estate_sets": 8, "start_player": 1})])
            play.expect_ranking(["1. Bo · 9", "2. Ann · 4"])
        finally:
            site_server.start()
        assert foreign_requests(page.context, site_server.url) == []


def test_rules_page_pairs_sections_and_loads_no_python(warm_page: Page, site_server, viewport: dict) -> None:
    page = warm_page
    by_page: list[str] = []  # the page's own requests; the service worker's precaching is separate
    page.on("request", lambda request: by_page.append(request.url))
    page.goto(f"{site_server.url}rules/{GAME}/")
    expect(page.locator("#end-of-game .col.zh")).to_contain_text("储藏库剩余最多卡片")
    expect(page.locator("#end-of-game .col.en")).to_contain_text("storage")
    for section in page.locator("section.pair").all():
        assert section.locator(".col.zh").inner_text().strip()
        assert section.locator(".col.en").inner_text().strip()
    page.get_by_role("button", name=re.compile("English only|只看英文")).click()
    expect(page.locator("#setup .col.zh")).to_be_hidden()
    # Whatever the page starts is started once the service worker controls it and holds the light tier.
    wait_until_offline_ready(page, python=False)
    assert by_page, "no request was recorded"
    python = [u for u in by_page if re.search(r"pyodide|pyscript|\.py$", u)]
    assert python == []
    assert foreign_requests(page.context, site_server.url) == []


def test_home_links_to_rules_setup_and_score(warm_page: Page, site_server) -> None:
    page = warm_page
    page.goto(site_server.url)
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    card = page.locator(".game-card", has_text="Castles of Burgundy: The Card Game")
    card.get_by_role("link", name="Score sheet").click()
    expect(page.locator(f'section.game[data-game="{GAME}"] [data-tool=score]')).to_be_visible()
    page.go_back()
    page.locator(".game-card", has_text="Castles of Burgundy: The Card Game").get_by_role("link", name="Rules").click()
    expect(page.locator("#setup")).to_be_visible()
    page.get_by_role("button", name="中文").click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")

"""Who starts (issue 29 point 2): the setup checklist's random pick among the sheet's names, in Chromium."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import csp_violations, foreign_requests

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "<b>Bo</b>", "张三", "Dee"]


def open_setup(page: Page, url: str, game: str) -> None:
    """play/ on a game's setup checklist, in English."""
    page.add_init_script("localStorage.setItem('tc:lang', 'en');")
    page.goto(f"{url}play/#{game}/setup")
    expect(page.locator(f"#game-{game} .start-pick button")).to_be_visible()


def type_names(page: Page, game: str, names: list[str]) -> None:
    """Type the players' names on the score sheet, then go back to the setup checklist."""
    page.locator(f"#game-{game} [data-tool-tab=score]").click()
    for seat, name in enumerate(names):
        page.locator(f'#game-{game} form.sheet input.name[data-player="{seat}"]').fill(name)
    page.locator(f"#game-{game} [data-tool-tab=setup]").click()


def test_a_pick_needs_the_names_then_picks_one_and_keeps_it(warm_page: Page, site_server) -> None:
    page = warm_page
    open_setup(page, site_server.url, "tuscany")
    box = page.locator("#game-tuscany .start-pick")
    expect(box).to_contain_text("The source does not say how to choose the start player")
    box.locator("button").click()
    picked = box.locator(".start-picked .l-en")
    expect(picked).to_have_text("Type every player's name first, here or on the score sheet, then pick:")
    type_names(page, "tuscany", NAMES)
    box.locator("button").click()
    expect(picked).to_have_text(re.compile(r"^Start player: (.+) \(picked at random from 4\)$"))
    shown = picked.text_content()
    assert shown is not None
    assert any(f"Start player: {name} (" in shown for name in NAMES), shown
    expect(box.locator("b")).to_have_count(0)  # a name is text, never markup
    stored = page.evaluate("JSON.parse(localStorage.getItem('tc:v1:game:tuscany')).start")
    assert stored["kind"] == "pick" and stored["from"] == 4 and stored["names"][0] in NAMES
    page.reload()
    expect(page.locator("#game-tuscany .start-picked .l-en")).to_have_text(shown)
    assert foreign_requests(page.context, site_server.url) == []
    assert csp_violations(page) == []


def test_every_name_is_picked_sometimes(warm_page: Page, site_server) -> None:
    page = warm_page
    open_setup(page, site_server.url, "bruges")
    type_names(page, "bruges", NAMES)
    button = page.locator("#game-bruges .start-pick button")
    seen: dict[str, int] = {}
    for _ in range(80):
        button.click()
        name = page.evaluate("JSON.parse(localStorage.getItem('tc:v1:game:bruges')).start.names[0]")
        seen[name] = seen.get(name, 0) + 1
    assert set(seen) == set(NAMES), seen  # each is missed 80 times in a row with probability (3/4)^80 < 1e-9


def test_furstenfeld_draws_an_order_of_every_name(warm_page: Page, site_server) -> None:
    page = warm_page
    open_setup(page, site_server.url, "furstenfeld")
    box = page.locator("#game-furstenfeld .start-pick")
    expect(box).to_contain_text("the first is the starting player")
    type_names(page, "furstenfeld", NAMES)
    box.locator("button").click()
    expect(box.locator(".start-picked .l-en")).to_have_text(
        re.compile(r"^Order: .+ \(the first starts; drawn at random\)$")
    )
    stored = page.evaluate("JSON.parse(localStorage.getItem('tc:v1:game:furstenfeld')).start")
    assert stored["kind"] == "order" and sorted(stored["names"]) == sorted(NAMES)
    assert " → ".join(stored["names"]) in (box.locator(".start-picked .l-en").text_content() or "")


def test_a_kept_pick_shows_and_a_new_game_forgets_it(warm_page: Page, site_server) -> None:
    page = warm_page
    state = {"v": 1, "players": 2, "options": {}, "names": ["A", "B"], "values": {}, "ticks": {}}
    state["start"] = {"kind": "pick", "names": ["B"], "from": 2}
    page.add_init_script(f"localStorage.setItem('tc:v1:game:palais-royal', {json.dumps(json.dumps(state))});")
    open_setup(page, site_server.url, "palais-royal")
    picked = page.locator("#game-palais-royal .start-picked")
    expect(picked.locator(".l-en")).to_have_text("Start player: B (picked at random from 2)")
    page.locator("#game-palais-royal [data-action=new-game]").click()
    page.locator("dialog[open] button[value=confirm]").click()
    expect(picked).to_be_empty()
    assert page.evaluate("JSON.parse(localStorage.getItem('tc:v1:game:palais-royal')).start") is None

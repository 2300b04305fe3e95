"""Hand-edited stored sheets never show a nonsense text (issue 40 point 11): a player count the game cannot have
("Continue: Bruges, 999 players"), a correction's date that is no date ("Editing the game of Invalid Date"), a start
pick from a count below its names ("picked at random from -5"). Each bad value is ignored or said plainly; a good
value beside it still shows. Several games' sheets in one page load, in Chromium (the texts are the same script on
every engine)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import csp_violations

pytestmark = pytest.mark.e2e
NAMES = ["Ann", "Bo", "Cy", "Dee"]


def sheet(players: object, **more: object) -> str:
    """A stored sheet as sheet-state.js writes it, with one score typed."""
    state = {"v": 1, "players": players, "options": {}, "names": NAMES, "values": {"score|x|0||": "5"}, "ticks": {}}
    return json.dumps({**state, **more})


HOME = {
    "bruges": sheet(999),
    "burgundy-cards": sheet(-3),
    "tuscany": sheet(0),
    "palais-royal": sheet(3),  # a count the game has: shown
}
PLAY = {
    "tuscany": sheet(4, start={"kind": "pick", "names": ["Ann"], "from": -5}),
    "bruges": sheet(4, start={"kind": "pick", "names": ["Bo"], "from": 999}),
    "burgundy-cards": sheet(4, start={"kind": "pick", "names": ["Cy"], "from": 4}),  # a good pick: shown
    "furstenfeld": sheet(4, editing={"id": "r1", "saved": "not a date"}),
    "palais-royal": sheet(4, editing={"id": "r2", "saved": "2024-03-05T10:00:00Z"}),  # a good date: shown
}


def store(page: Page, url: str, sheets: dict[str, str]) -> None:
    """The stored sheets, the interface in English."""
    page.goto(url + "static/site.css")  # runs none of the site's scripts
    page.evaluate(
        "(sheets) => { localStorage.setItem('tc:lang', 'en');"
        " for (const [game, raw] of Object.entries(sheets)) localStorage.setItem(`tc:v1:game:${game}`, raw); }",
        sheets,
    )


def test_the_home_page_shows_no_player_count_a_game_cannot_have(warm_page: Page, site_server) -> None:
    page = warm_page
    store(page, site_server.url, HOME)
    page.goto(site_server.url)
    shown = {game: page.locator(f'[data-continue="{game}"] .continue-players .l-en') for game in HOME}
    expect(shown["palais-royal"]).to_have_text(", 3 players")
    for game in ("bruges", "burgundy-cards", "tuscany"):
        expect(page.locator(f'[data-continue="{game}"]')).to_be_visible()
        default = page.locator(f'[data-continue="{game}"]').get_attribute("data-default")
        expect(shown[game]).to_have_text(f", {default} players")
    assert csp_violations(page) == []


def test_play_shows_no_pick_from_an_impossible_count_and_no_invalid_date(warm_page: Page, site_server) -> None:
    page = warm_page
    store(page, site_server.url, PLAY)
    page.goto(site_server.url + "play/#furstenfeld/score")
    banner = page.locator("#game-furstenfeld .editing .l-en")
    expect(banner).to_have_text("Editing a saved game")
    expect(page.locator("#game-furstenfeld .editing-save .l-en")).to_have_text(
        "Saving replaces that game in the history."
    )
    # Each other game comes into the page when it is opened (static/game-sections.js): opened in turn.
    page.goto(site_server.url + "play/#palais-royal/score")
    expect(page.locator("#game-palais-royal .editing .l-en")).to_have_text("Editing the game of 5 Mar 2024")
    page.goto(site_server.url + "play/#burgundy-cards/score")
    expect(page.locator("#game-burgundy-cards .start-picked .l-en")).to_have_text(
        "Start player: Cy (picked at random from 4)"
    )
    for game in ("tuscany", "bruges"):
        page.goto(f"{site_server.url}play/#{game}/score")
        expect(page.locator(f"#game-{game} .start-picked")).to_have_count(1)
        expect(page.locator(f"#game-{game} .start-picked")).to_have_text("")
    texts = page.evaluate("() => document.body.textContent")
    assert "Invalid Date" not in texts and "from -5" not in texts and "from 999" not in texts
    assert csp_violations(page) == []

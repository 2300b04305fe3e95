"""Problems name players as the table does (issue 28 point 4): the name typed, an unnamed seat in words, in the
reader's language and script; while they block the result the heading says so and Save to history says why."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play

pytestmark = pytest.mark.e2e

SHOTS = "/tmp/polish-shots"


@pytest.mark.parametrize(
    ("lang", "script", "viewport", "said"),
    [
        ("en", "hans", {"width": 390, "height": 844}, ["王芳: Red track", "The second player: Red track"]),
        ("zh", "hant", {"width": 360, "height": 740}, ["王芳：紅色", "第二位玩家：紅色"]),
    ],
)
def test_problems_name_players_as_the_table_does(
    warm_page: Page, site_server, lang: str, script: str, viewport: dict, said: list[str]
) -> None:
    page = warm_page
    page.set_viewport_size(viewport)
    page.add_init_script(f"localStorage.setItem('tc:lang', '{lang}'); localStorage.setItem('tc:script', '{script}');")
    play = Play(page, site_server.url, "tuscany").open()
    play.wait_ready()
    play.set_players(3)
    play.name(0, "王芳")
    play.name(2, "Cy")
    play.fill("red_track", 0, "x")
    play.fill("red_track", 1, "-3")
    play.fill("red_track", 2, 40)
    problems = play.problems()
    for part in said:
        expect(problems).to_contain_text(part, timeout=60_000, use_inner_text=True)
    text = problems.inner_text()
    for seat in ("1:", "2:", "P2", "player 2", "玩家 2"):
        assert seat not in text, text
    expect(play.tool().locator("[data-action=save-history]")).to_be_disabled()
    expect(play.tool().locator(".save-why")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/problem-names-{lang}-{viewport['width']}.png", full_page=False)
    problems.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/problem-names-{lang}-{viewport['width']}-problems.png", full_page=False)

"""play/ holds only the game asked for when it starts (issue 44), on Chromium, Firefox and WebKit: the other games'
sections wait in <template>s (static/game-sections.js) and come into the page, in their place, when opened; what was
typed in each is kept across a switch and restored after a reload."""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
FIRST, OTHER = "burgundy-cards", "tuscany"  # the page's first game, and one after it


def games_in_page(tab: Tab) -> list[str]:
    """The games whose section is in the page, in its order."""
    return tab.js("() => [...document.querySelectorAll('section.game')].map((s) => s.dataset.game)")


def value(tab: Tab, css: str) -> str:
    """An input's value."""
    return tab.js("(css) => document.querySelector(css).value", css)


def test_a_game_comes_in_when_opened_and_keeps_what_was_typed(warm_tab: Tab) -> None:
    """Opened at another game, only that game is in the page; the first comes in before it when opened; a value typed
    in each stays through switches and comes back after a reload."""
    tab = warm_tab
    score = play.field_css(OTHER, "marble", 0)
    name = play.field_css(FIRST, "name", 0)
    play.open_tool(tab, OTHER)
    assert games_in_page(tab) == [OTHER]
    tab.type(score, "3")
    play.open_tool(tab, FIRST)
    assert games_in_page(tab) == [FIRST, OTHER]
    tab.type(name, "Ann")
    play.open_tool(tab, OTHER, "setup")
    play.open_tool(tab, OTHER)
    assert (value(tab, score), value(tab, name)) == ("3", "Ann")
    tab.reload()
    tab.wait("(css) => document.querySelector(css)?.value === '3'", score, what="the typed value after a reload")
    assert games_in_page(tab) == [OTHER]
    play.open_tool(tab, FIRST)
    assert value(tab, name) == "Ann"

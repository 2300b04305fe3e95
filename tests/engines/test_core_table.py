"""The core end-to-end table, on Chromium, Firefox and WebKit alike (tests/engines/conftest.py: one browser per
engine, a fresh origin per test, CSP reports and other hosts watched outside the browser)."""

from __future__ import annotations

import pytest

from scoring import GAMES
from tests.engines import play
from tests.engines.drivers import Tab
from tests.engines.sheets import case

pytestmark = [pytest.mark.e2e, pytest.mark.engines]


def test_every_game_ranks_two_and_four_players(tab: Tab) -> None:
    """Each game's sheet typed for 2 and for 4 players: the ranking, and why each place, as scoring says."""
    first = next(iter(GAMES))
    play.open_tool(tab, first)
    play.in_english(tab)
    play.wait_ready(tab)
    tie_breakers = 0
    for game in GAMES:
        play.open_tool(tab, game)
        for players in (2, 4):
            expected = case(game, players)
            play.fill(tab, expected)
            play.ranking(tab, expected)
            tie_breakers += expected.rules.count("tie-breaker")
    assert tie_breakers >= 4  # the table reads tie-breaker reasons, not only totals

"""A count field's grey placeholder shows only what typing nothing means (issue 41, point 2): no “0” in a box whose
blank is not 0 (a tie-breaker a tie needs, Palais Royal's edge points), read from the built play/ page."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from scoring import GAMES
from sitebuild.game_blocks import games_in_place

BLANK_IS_NOT_ZERO = {
    "burgundy-cards": {"storage_cards"},
    "tuscany": {"empty_spaces", "green_track", "cards_in_hand"},
    "furstenfeld": set(),
    "bruges": {"guilders"},
    "palais-royal": {"edges"},
}
"""The score sheets' fields whose blank is missing, not 0: every tie-breaker's input (a tie names it when blank) and
the points printed on Palais Royal's board (docs/score-sheet.md, “Never confidently wrong”)."""


class SheetInputs(HTMLParser):
    """Every count input of each game's score sheet: (game, field key, placeholder or None)."""

    def __init__(self) -> None:
        super().__init__()
        self.game: str | None = None
        self.inputs: list[tuple[str, str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note the score form a count input is in."""
        found = dict(attrs)
        route = found.get("data-route") or ""
        if tag == "form":
            self.game = route.removesuffix("/score") if route.endswith("/score") else None
        elif tag == "input" and self.game and "num" in (found.get("class") or "").split():
            self.inputs.append((self.game, found["data-field"] or "", found.get("placeholder")))

    def handle_endtag(self, tag: str) -> None:
        """A form ends: inputs after it are in no score sheet."""
        if tag == "form":
            self.game = None


@pytest.fixture(scope="module")
def inputs(built_site: Path) -> list[tuple[str, str, str | None]]:
    """The score sheets' count inputs on the built play/ page."""
    parser = SheetInputs()
    parser.feed(games_in_place((built_site / "play" / "index.html").read_text(encoding="utf-8")))
    return parser.inputs


def test_the_table_of_fields_is_the_games_own() -> None:
    assert {g.id: set(g.blank_is_missing()) for g in GAMES.values()} == BLANK_IS_NOT_ZERO


@pytest.mark.parametrize(("game", "key"), [(g, k) for g, keys in BLANK_IS_NOT_ZERO.items() for k in sorted(keys)])
def test_no_placeholder_where_blank_is_not_zero(inputs: list[tuple[str, str, str | None]], game: str, key: str) -> None:
    shown = [placeholder for g, k, placeholder in inputs if (g, k) == (game, key)]
    assert shown, f"{game} has no {key} on its score sheet"
    assert shown == [None] * len(shown)


def test_a_blank_that_counts_as_0_still_says_0(inputs: list[tuple[str, str, str | None]]) -> None:
    zeros = {(g, k) for g, k, placeholder in inputs if placeholder == "0"}
    assert ("tuscany", "marble") in zeros and ("palais-royal", "edge_servants") in zeros
    assert not {(g, k) for g, k in zeros if k in BLANK_IS_NOT_ZERO[g]}

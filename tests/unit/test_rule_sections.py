"""Every place in a result names the rules section behind it: a tie-breaker's own, else where the game says who wins."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import GAMES
from scoring.api import score_json
from scoring.core import DecisionKind, check_sheet, score
from tests.unit.test_properties import POINT_GAMES, sheets

CONTENT = Path(__file__).resolve().parents[2] / "content"


def section_ids(game_id: str) -> set[str]:
    """The section ids of a game's Chinese rules text."""
    return set(re.findall(r"^## .* \{#([a-z0-9-]+)\}$", (CONTENT / game_id / "zh.md").read_text("utf-8"), re.M))


def burgundy(*rows: tuple[int, int]) -> dict:
    """A Burgundy sheet of (estate sets, storage cards) rows; the first player holds the start-player card."""
    players = [
        {"name": f"P{i}", "scores": {"estate_sets": sets, "storage_cards": cards, "start_player": int(i == 0)}}
        for i, (sets, cards) in enumerate(rows)
    ]
    return {"players": players}


def test_each_kind_of_decision_names_its_section() -> None:
    game = GAMES["burgundy-cards"]
    result = score(game, burgundy((10, 1), (11, 4), (20, 0), (11, 4)))
    kinds = {p.name: (p.decided_by.kind, p.decided_by.section) for p in result.players}
    assert kinds["P2"] == (DecisionKind.TOTAL, "end-of-game")
    assert kinds["P0"] == (DecisionKind.TIE_BREAKER, "end-of-game")  # 10 + 1 start player = 11, fewer cards
    assert kinds["P1"] == kinds["P3"] == (DecisionKind.SHARED, "end-of-game")


def test_json_carries_the_section() -> None:
    tuscany = GAMES["tuscany"]
    rows = [{"name": n, "scores": {"red_track": 50, "empty_spaces": e}} for n, e in (("Ann", 2), ("Bo", 5))]
    players = score_json(tuscany.id, {"players": rows})["players"]
    assert [(p["name"], p["decided_by"]["kind"], p["decided_by"]["section"]) for p in players] == [
        ("Bo", "tie-breaker", "game-end"),
        ("Ann", "tie-breaker", "game-end"),
    ]


def test_games_without_points_or_tie_breakers_name_where_the_winner_is_decided() -> None:
    palais = score_json("palais-royal", {"players": [{"name": "A"}, {"name": "B"}], "table": {"edges": [[0, 0]] * 4}})
    assert {p["decided_by"]["section"] for p in palais["players"]} == {"final-scoring"}
    rows = [{"name": "A", "scores": {"palaces": 6, "turn_position": 2}}, {"name": "B", "scores": {"turn_position": 1}}]
    furstenfeld = score_json("furstenfeld", {"players": rows})
    assert [p["decided_by"]["section"] for p in furstenfeld["players"]] == ["game-end", "game-end"]


@pytest.mark.parametrize("game", POINT_GAMES, ids=lambda g: g.id)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_every_decision_names_a_real_section_of_its_game(game, data: st.DataObject) -> None:
    sheet = data.draw(sheets(game))
    assume(not check_sheet(game, sheet)[1])
    allowed = {game.section} | {t.section for t in game.tie_breakers}
    for player in score(game, sheet).players:
        assert player.decided_by.section in allowed & section_ids(game.id), player.decided_by
        if player.decided_by.kind is DecisionKind.TIE_BREAKER:
            rule = next(t.section for t in game.tie_breakers if t.key == player.decided_by.key)
            assert player.decided_by.section == rule

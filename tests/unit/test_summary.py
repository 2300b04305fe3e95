"""The one-line result that the score sheet copies and shares."""

from __future__ import annotations

import pytest

from scoring import get_game
from scoring.api import evaluate
from scoring.core import Text, score, summary


def players(*entries: tuple[str, dict], **options: bool) -> dict:
    """A sheet from (name, scores) pairs, with these options."""
    return {"players": [{"name": name, "scores": scores} for name, scores in entries], "options": options}


def line(game_id: str, sheet: dict) -> Text:
    """The summary of a valid sheet."""
    game = get_game(game_id)
    return summary(game, score(game, sheet))


def test_places_and_points_in_order_with_the_tie_breaker_that_decided() -> None:
    text = line(
        "bruges",
        players(
            ("Ann", {"score_track": 40, "guilders": 3}),
            ("Bo", {"score_track": 40, "guilders": 8}),
            ("Cy", {"score_track": 22}),
            guilders_tiebreak=True,
        ),
    )
    assert text.en == "Bruges — 1. Bo 40, 2. Ann 40, 3. Cy 22; tie broken by most money left"
    assert text.zh == "布魯日 — 1. Bo 40，2. Ann 40，3. Cy 22；平手以「剩餘金錢較多」决定"


def test_no_tie_breaker_is_named_when_none_was_needed() -> None:
    text = line(
        "bruges",
        players(("Ann", {"score_track": 41, "guilders": 3}), ("Bo", {"score_track": 40}), guilders_tiebreak=True),
    )
    assert text.en == "Bruges — 1. Ann 41, 2. Bo 40"


def test_shared_places_are_said() -> None:
    text = line(
        "burgundy-cards",
        players(
            ("Ann", {"estate_sets": 11, "storage_cards": 2, "start_player": 1}),
            ("Bo", {"estate_sets": 12, "storage_cards": 5}),
            ("Cy", {"estate_sets": 12, "storage_cards": 5}),
        ),
    )
    assert text.en == (
        "The Castles of Burgundy: The Card Game — 1. Bo 12, 1. Cy 12, 3. Ann 12; "
        "tie broken by most cards left in storage; Bo and Cy share place 1"
    )
    assert text.zh.endswith("；Bo、Cy 并列第 1 名")


def test_a_game_that_only_names_the_winner_lists_the_others_as_not_ranked() -> None:
    text = line(
        "furstenfeld",
        players(
            ("Ann", {"palaces": 5, "turn_position": 1}),
            ("Bo", {"palaces": 6, "turn_position": 3}),
            ("Cy", {"palaces": 4, "turn_position": 2}),
        ),
    )
    assert text.en == "Fürstenfeld — 1. Bo; not ranked: Ann, Cy"
    assert text.zh == "啤酒侯爵 — 1. Bo；未排名：Ann、Cy"


@pytest.mark.parametrize("game_id", ["bruges", "tuscany"])
def test_the_page_gets_the_summary_only_with_a_final_result(game_id: str) -> None:
    bad = evaluate(game_id, players(("Ann", {}), ("Ann", {})))
    assert not bad["ok"] and "summary" not in bad
    first = {"bruges": "score_track", "tuscany": "red_track"}[game_id]
    good = evaluate(game_id, players(("Ann", {first: 1}), ("Bo", {})))
    assert good["ok"] and good["summary"]["en"].startswith(get_game(game_id).name.en + " — ")

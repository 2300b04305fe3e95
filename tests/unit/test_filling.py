"""A sheet still being filled names no tie (issue 41, point 7): a tie waits on a blank tie-breaker only among players
who have a final-scoring value typed; before that, the places wait for those players' columns, calmly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import GAMES, get_game
from scoring.api import evaluate, run_helper
from scoring.core import FieldKind

NAMES = ("韩梅梅", "欧阳娜娜", "Michael", "Anna")


def tuscany(*scores: dict) -> dict:
    """A Tuscany sheet of these players' scores, as the page sends it (blank fields left out)."""
    return {"players": [{"name": NAMES[i], "scores": s} for i, s in enumerate(scores)]}


def copied(reds: list[int], greens: list[int]) -> list[dict]:
    """What “Copy to the score sheet” puts in each column: the red and green tracks, nothing else."""
    return [{"red_track": r, "green_track": g} for r, g in zip(reds, greens, strict=True)]


def kinds(answer: dict) -> list[str | None]:
    """The kind of each problem of an answer."""
    return [p.get("kind") for p in answer["problems"]]


def test_copied_tracks_alone_name_no_tie() -> None:
    """The issue's sheet: two players on 49 after the third scoring, nothing of the final scoring typed."""
    answer = evaluate("tuscany", tuscany(*copied([49, 49, 40, 35], [20, 20, 18, 15])))
    assert "tie" not in kinds(answer)
    assert not [p for p in answer["problems"] if "Tied" in p["en"] or "平手" in p["zh"] or "同为" in p["zh"]]
    assert answer["ok"] is False  # the places still wait: nothing is saved as final
    [waiting] = answer["problems"]
    assert waiting["kind"] == "missing"
    assert waiting["en"] == (
        "韩梅梅 and 欧阳娜娜: no final-scoring value is typed yet; type their rows (0 where they have none) to "
        "rank them."
    )
    assert waiting["zh"] == "韩梅梅、欧阳娜娜：还没有填写终局计分；请填写他们的各行（没有的填 0）后再排名。"
    assert waiting["fields"] == ["players[0].scores.unplaced_tiles", "players[1].scores.unplaced_tiles"]


def test_the_helper_s_copy_is_what_the_game_declares() -> None:
    """Helper.fills names the sheet rows its copy fills: the ones that do not start a column."""
    helper = next(h for h in get_game("tuscany").helpers if h.id == "scoring-phase")
    form = {"players": [{"name": n, "scores": {"green": [5, 9, 12], "red_other": [0, 0, 0]}} for n in NAMES[:2]]}
    answer = run_helper("tuscany", "scoring-phase", form)
    assert set(answer["fills"]) == set(helper.fills) == {"red_track", "green_track"}


def test_once_each_tied_player_has_a_final_value_the_tie_is_named() -> None:
    players = copied([49, 49, 40, 35], [20, 20, 18, 15])
    players[0]["marble"] = 0  # typed 0 is a value
    answer = evaluate("tuscany", tuscany(*players))
    assert "tie" not in kinds(answer)  # 欧阳娜娜 has none yet
    players[1]["workers"] = 0
    answer = evaluate("tuscany", tuscany(*players))
    assert kinds(answer) == ["tie"]
    assert answer["problems"][0]["en"].startswith("Tied on 49 points: Empty spaces on the region boards for 韩梅梅")


@pytest.mark.parametrize("game_id", [g.id for g in GAMES.values() if g.tie_breakers and g.score is None])
def test_columns_not_reached_yet_name_no_tie(game_id: str) -> None:
    """Typed column by column: the players not reached yet are level on 0, which is no tie to settle yet."""
    game = get_game(game_id)
    first = next(c.field for c in game.categories if not c.field.allowed)
    marks = [c.field.key for c in game.categories if c.field.kind is FieldKind.ONE_PLAYER]  # sent for every seat
    scores = [{first.key: 30}, {}, {}]
    for i, s in enumerate(scores):
        s.update({key: int(i == 0) for key in marks})
    raw = {
        "players": [{"name": n, "scores": s} for n, s in zip(NAMES, scores, strict=False)],
        "options": {o.key: True for o in game.options},  # Bruges' money tie-breaker on
    }
    answer = evaluate(game_id, raw)
    assert kinds(answer) == ["missing"]
    assert answer["problems"][0]["en"].startswith("欧阳娜娜 and Michael: no final-scoring value is typed yet")


@settings(max_examples=200, deadline=None)
@given(
    reds=st.lists(st.integers(40, 42), min_size=2, max_size=4),
    typed=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_a_tie_is_named_only_among_players_with_a_final_value(reds: list[int], typed: list[bool]) -> None:
    players = copied(reds, [10] * len(reds))
    for player, has in zip(players, typed, strict=False):
        if has:
            player["hex_markers"] = 0
    answer = evaluate("tuscany", tuscany(*players))
    for problem in answer["problems"]:
        named = {int(path.split("]")[0].removeprefix("players[")) for path in problem["fields"]}
        if problem["kind"] == "tie":
            assert all(typed[i] for i in named)
        else:
            assert problem["kind"] == "missing" and not any(typed[i] for i in named)
    tied = [i for i, r in enumerate(reds) if reds.count(r) > 1]
    assert bool(answer["problems"]) == bool(tied)

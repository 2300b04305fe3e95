"""Problems name players as the table does: the name typed; an unnamed seat (the page sends its placeholder P1, P2…,
or a name that is itself a problem) in words, in each language; never “1:”, “P4:” or “player 1's name”."""

from __future__ import annotations

import re

import pytest

from scoring.api import evaluate
from scoring.core import called, called_at_start, listed, seat_words

SEAT_NUMBERS = re.compile(r"(^|\| )P?\d[:：]|\bP\d\b|player \d|玩家 \d")
"""A seat named by its number: “1:”, “P4:”, “P4”, “player 1's name”, “玩家 1 的名字”."""


def problems(game: str, sheet: dict) -> list[dict]:
    """The problems the page would show for this sheet."""
    return evaluate(game, sheet)["problems"]


def players(*rows: tuple[str, dict]) -> list[dict]:
    """A player list from (name, scores) rows."""
    return [{"name": name, "scores": scores} for name, scores in rows]


FOUR = ("Ann", "Bo", "P3", "P4")  # the last two seats left unnamed: the page sends their placeholders


CASES = [
    pytest.param(
        "tuscany",
        {"players": players(("Ann", {"red_track": "x"}), ("P2", {"red_track": "y"}))},
        ["Ann: Red track", "The second player: Red track"],
        ["Ann：", "第二位玩家："],
        id="a bad value: the name, else the seat in words",
    ),
    pytest.param(
        "tuscany",
        {"players": players(("Ann", {}), ("ann", {"red_track": "x"}))},
        ["The second player's name: “ann” is used twice", "The second player: Red track"],
        ["第二位玩家的名字：“ann”重复了", "第二位玩家："],
        id="a name used twice: the seat in words",
    ),
    pytest.param(
        "tuscany",
        {"players": players(("Ann", {}), ("", {}))},
        ["The second player's name: cannot be empty."],
        ["第二位玩家的名字：不能为空。"],
        id="an empty name (the command line)",
    ),
    pytest.param(
        "tuscany",
        {"players": players(*((n, {"red_track": 40, "marble": 0}) for n in FOUR))},  # marble: the columns are begun
        ["for Ann, Bo, the third player and the fourth player settle this tie."],
        ["同为 40 分：Ann、Bo、第三位玩家、第四位玩家 的「"],
        id="a tie-breaker asked for",
    ),
    pytest.param(
        "furstenfeld",
        {"players": players(("P1", {"palaces": 6}), ("Bo", {"palaces": 6}), ("Cy", {"palaces": 2}))},
        ["The first player and Bo both built all 6 palaces", "for the first player and Bo."],
        ["第一位玩家、Bo 都建造完", "請填 第一位玩家、Bo 的"],
        id="turn positions asked for",
    ),
    pytest.param(
        "furstenfeld",
        {
            "players": players(
                ("Ann", {"palaces": 6, "turn_position": 1}),
                ("P2", {"palaces": 6, "turn_position": 1}),
                ("Cy", {"palaces": 6, "turn_position": 4}),
            )
        },
        ["The second player: Turn position", "already Ann's", "Cy: Turn position in the final round: with 3"],
        ["第二位玩家：最後一輪的順序", "已經填給 Ann", "Cy：最後一輪的順序"],
        id="turn positions that clash",
    ),
    pytest.param(
        "palais-royal",
        {
            "players": players(*((n, {"edge_servants": [2, 0, 0, 0]}) for n in ("Ann", "P2", "Cy"))),
            "table": {"edges": [[5, 2], [5, 2], [5, 2], [5, 2]]},
        },
        ["Edge 1: Ann, the second player and Cy, 2 servants each"],
        ["边沿 1：Ann、第二位玩家、Cy 各 2 个仆人"],
        id="an edge tie",
    ),
]


@pytest.mark.parametrize(("game", "sheet", "en", "zh"), CASES)
def test_problems_name_players_as_the_table_does(game: str, sheet: dict, en: list[str], zh: list[str]) -> None:
    found = problems(game, sheet)
    assert found
    english, chinese = " | ".join(p["en"] for p in found), " | ".join(p["zh"] for p in found)
    for part in en:
        assert part in english
    for part in zh:
        assert part in chinese
    assert not SEAT_NUMBERS.search(english), english
    assert not SEAT_NUMBERS.search(chinese), chinese


@pytest.mark.parametrize(
    ("name", "index", "en", "zh"),
    [
        ("Ann", 0, "Ann", "Ann"),
        ("王芳", 3, "王芳", "王芳"),
        ("", 2, "the third player", "第三位玩家"),
        ("P4", 3, "the fourth player", "第四位玩家"),
        ("P4", 0, "P4", "P4"),  # typed at another seat, P4 is a name
        ("", 8, "player 9", "第 9 位玩家"),
    ],
)
def test_called(name: str, index: int, en: str, zh: str) -> None:
    assert (called(name, index).en, called(name, index).zh) == (en, zh)


def test_a_seat_in_words_at_the_start_has_its_capital_and_a_name_is_left_as_typed() -> None:
    assert called_at_start("", 0).en == "The first player"
    assert called_at_start("ann", 0).en == "ann"
    assert listed(["", "bo"], [0, 1], at_start=True).en == "The first player and bo"
    assert listed(["ann", ""], [0, 1], at_start=True).en == "ann and the second player"
    assert seat_words(1).zh == "第二位玩家"

"""Limits across the table that a source states (issue 41, point 3): no more of a component than the game has, one
statue of each number; named in both languages, and a sheet past them is neither ranked nor saved."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import GAMES, get_game, history
from scoring.api import evaluate
from scoring.core import Conflict, SheetError, active_player_fields, check_sheet
from scoring.history import make_record

NAMES = ("韩梅梅", "欧阳娜娜", "Michael", "Anna")
SAVED = "2026-11-26T19:00:00Z"


def sheet(game_id: str, *scores: dict, **options: bool) -> dict:
    """A sheet of these players' scores (names from NAMES), tie-breakers typed where they could be needed."""
    game = get_game(game_id)
    breakers = {t.key: 0 for t in game.tie_breakers}
    fields = {f.key for f in active_player_fields(game, options)}
    players = [
        {"name": NAMES[i], "scores": {k: v for k, v in (breakers | s).items() if k in fields}}
        for i, s in enumerate(scores)
    ]
    return {"players": players, "options": options}


def conflicts(game_id: str, raw: dict) -> list[Conflict]:
    """The limits across the table that a sheet passes."""
    return [p for p in check_sheet(get_game(game_id), raw)[1] if isinstance(p, Conflict)]


@pytest.mark.parametrize(
    ("game_id", "scores", "options", "en", "zh"),
    [
        (
            "tuscany",
            [{"marble": 12}, {"marble": 12}],
            {},
            "Marble: 24 claimed (韩梅梅 12, 欧阳娜娜 12), the game has 12.",
            "大理石：全桌共填了 24（韩梅梅 12、欧阳娜娜 12），游戏只有 12 个。",
        ),
        (
            "tuscany",
            [{"workers": 5}, {"workers": 4}, {}, {"workers": 4}],
            {},
            "Workers: 13 claimed (韩梅梅 5, 欧阳娜娜 4, Anna 4), the game has 12.",
            "工人：全桌共填了 13（韩梅梅 5、欧阳娜娜 4、Anna 4），游戏只有 12 个。",
        ),
        (
            "tuscany",
            [{"hex_markers": 6}, {"hex_markers": 5}],
            {},
            "Hex markers: 11 claimed (韩梅梅 6, 欧阳娜娜 5), the game has 10.",
            "六角指示物：全桌共填了 11（韩梅梅 6、欧阳娜娜 5），游戏只有 10 个。",
        ),
        (
            "tuscany",
            [{"cards_in_hand": 100}, {"cards_in_hand": 23}],
            {},
            "Region cards in hand: 123 claimed (韩梅梅 100, 欧阳娜娜 23), the game has 122 region cards.",
            "手上的区域牌：全桌共填了 123（韩梅梅 100、欧阳娜娜 23），游戏只有 122 张区域牌。",
        ),
        (
            "bruges",
            [{"statues": [7, 0]}, {"statues": [7, 2]}],
            {},
            "欧阳娜娜: Statues: statue 7 is already 韩梅梅's; there is one statue of each number.",
            "欧阳娜娜：雕像：7 号雕像已经是 韩梅梅 的；每个数字的雕像只有一个。",
        ),
        (
            "bruges",
            [{"statues": [5, 5]}, {}],
            {},
            "韩梅梅: Statues: statue 5 is typed twice; there is one statue of each number.",
            "韩梅梅：雕像：5 号雕像填了两次；每个数字的雕像只有一个。",
        ),
        (
            "bruges",
            [{"houses": 100}, {"houses": 66}],
            {},
            "Houses: 166 claimed (韩梅梅 100, 欧阳娜娜 66), the game has 165 cards.",
            "房屋：全桌共填了 166（韩梅梅 100、欧阳娜娜 66），游戏只有 165 張卡片。",
        ),
        (
            "bruges",
            [{"houses": 100}, {"houses": 83}],
            {"pets": True},
            "Houses: 183 claimed (韩梅梅 100, 欧阳娜娜 83), the game has 182 cards.",
            "房屋：全桌共填了 183（韩梅梅 100、欧阳娜娜 83），游戏只有 182 張卡片。",
        ),
        (
            "bruges",
            [{"guilders": 50}, {"guilders": 43}],
            {"guilders_tiebreak": True},
            "Money left: 93 claimed (韩梅梅 50, 欧阳娜娜 43), the game has 92 guilders.",
            "剩餘金錢：全桌共填了 93（韩梅梅 50、欧阳娜娜 43），游戏只有 92 元。",
        ),
        (
            "palais-royal",
            [{"edge_servants": [7, 7, 6, 6]}, {}],
            {},
            "韩梅梅: Servants on the edges: 26 in all, but each colour has only 25.",
            "韩梅梅：边沿上的仆人共填了 26，每种颜色只有 25。",
        ),
        (
            "palais-royal",
            [{"edge_servants": [5, 5, 5, 5]}, {"edge_servants": [5, 5, 5, 2]}],
            {},
            "Servants on the edges: 37 claimed (韩梅梅 20, 欧阳娜娜 17), the game has 36 spaces for noble tiles.",
            "边沿上的仆人：全桌共填了 37（韩梅梅 20、欧阳娜娜 17），游戏只有 36 个放贵族图块的格子。",
        ),
    ],
)
def test_a_limit_passed_is_named_in_both_languages(
    game_id: str, scores: list[dict], options: dict, en: str, zh: str
) -> None:
    found = conflicts(game_id, sheet(game_id, *scores, **options))
    assert [(c.message.en, c.message.zh) for c in found] == [(en, zh)]


@pytest.mark.parametrize(
    ("game_id", "scores", "options"),
    [
        ("tuscany", [{"marble": 6, "workers": 12, "hex_markers": 10}, {"marble": 6}], {}),
        ("tuscany", [{"cards_in_hand": 122}, {}], {}),
        ("bruges", [{"statues": [7, 6]}, {"statues": [5, 4]}, {"statues": [3, 2]}], {}),
        ("bruges", [{"statues": [7, 0]}, {"statues": [0, 0]}, {"statues": [0, 0]}], {}),
        ("bruges", [{"houses": 100}, {"houses": 65}], {}),
        ("bruges", [{"houses": 100}, {"houses": 82}], {"pets": True}),
        ("bruges", [{"guilders": 50}, {"guilders": 42}], {"guilders_tiebreak": True}),
        # majority markers: "很有可能有兩位以上的玩家將同一個項目翻面" (two players may turn the same one)
        ("bruges", [{"majority_markers": 3}, {"majority_markers": 3}, {"majority_markers": 3}], {}),
        ("palais-royal", [{"edge_servants": [7, 6, 6, 6]}, {"edge_servants": [5, 3, 3, 0]}], {}),
        ("burgundy-cards", [{"animal_kinds": 4, "start_player": 1}, {"animal_kinds": 4, "start_player": 0}], {}),
    ],
)
def test_what_the_game_can_produce_passes(game_id: str, scores: list[dict], options: dict) -> None:
    assert conflicts(game_id, sheet(game_id, *scores, **options)) == []


def test_limits_are_the_source_s_numbers() -> None:
    """The numbers the docs quote from each source (docs/score-sheet.md, “Limits across the table”)."""
    limits = {
        game_id: sorted(
            (s.key, s.limit({}), s.limit({o.key: True for o in game.options}), s.per_player) for s in game.supplies
        )
        for game_id, game in GAMES.items()
    }
    assert limits == {
        "burgundy-cards": [],
        "tuscany": [
            ("cards_in_hand", 122, 122, False),
            ("hex_markers", 10, 10, False),
            ("marble", 12, 12, False),
            ("workers", 12, 12, False),
        ],
        "furstenfeld": [],
        "bruges": [("guilders", 92, 92, False), ("houses", 165, 182, False)],
        "palais-royal": [("edge_servants", 25, 25, True), ("edge_servants", 36, 36, False)],
    }
    assert {g: [p.key for p in game.one_each] for g, game in GAMES.items() if game.one_each} == {"bruges": ["statues"]}


@settings(max_examples=200, deadline=None)
@given(counts=st.lists(st.integers(0, 12), min_size=2, max_size=4), key=st.sampled_from(["marble", "workers"]))
def test_tuscany_refuses_exactly_the_tables_past_twelve(counts: list[int], key: str) -> None:
    found = conflicts("tuscany", sheet("tuscany", *({key: n} for n in counts)))
    assert bool(found) == (sum(counts) > 12)
    if found:
        claimed = [f"players[{i}].scores.{key}" for i, n in enumerate(counts) if n]
        assert list(found[0].paths) == claimed  # every claim outlined, and only those
        assert f"{sum(counts)} claimed" in found[0].message.en


@settings(max_examples=200, deadline=None)
@given(
    statues=st.lists(st.lists(st.sampled_from((0, 2, 3, 4, 5, 6, 7)), min_size=2, max_size=2), min_size=2, max_size=4)
)
def test_bruges_refuses_exactly_a_statue_number_typed_twice(statues: list[list[int]]) -> None:
    found = conflicts("bruges", sheet("bruges", *({"statues": s} for s in statues)))
    typed = [n for s in statues for n in s if n]
    assert len(found) == len(typed) - len(set(typed))


@settings(max_examples=200, deadline=None)
@given(edges=st.lists(st.lists(st.integers(0, 25), min_size=4, max_size=4), min_size=2, max_size=4))
def test_palais_royal_servants_of_a_colour_and_the_board_s_spaces(edges: list[list[int]]) -> None:
    found = conflicts("palais-royal", sheet("palais-royal", *({"edge_servants": e} for e in edges)))
    over_colour = [i for i, e in enumerate(edges) if sum(e) > 25]
    over_board = sum(map(sum, edges)) > 36
    assert len(found) == len(over_colour) + over_board


@pytest.mark.parametrize(
    ("game_id", "scores", "options"),
    [
        ("tuscany", [{"marble": 12}, {"marble": 12}], {}),
        ("bruges", [{"score_track": 40, "statues": [7, 0]}, {"score_track": 30, "statues": [7, 0]}], {}),
        ("palais-royal", [{"nobles": 20, "edge_servants": [25, 25, 25, 25]}, {"nobles": 10}], {}),
    ],
)
def test_a_sheet_past_a_limit_is_neither_ranked_nor_saved(game_id: str, scores: list[dict], options: dict) -> None:
    raw = sheet(game_id, *scores, **options)
    answer = evaluate(game_id, raw)
    assert answer["ok"] is False and "result" not in answer
    assert all("kind" not in p for p in answer["problems"])  # a problem (red), not a blank field the sheet waits for
    assert all(p["total"] is None for p in answer["partial"] if p["index"] in claimants(answer))
    with pytest.raises(SheetError):
        make_record(game_id, raw, SAVED)


def claimants(answer: dict) -> set[int]:
    """The players a refused answer's problems name."""
    return {int(path.split("]")[0].removeprefix("players[")) for p in answer["problems"] for path in p["fields"]}


def test_a_game_saved_before_the_limits_is_read_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record past a limit, saved before the limits were checked, stays in the history when the new rules read it
    (the seal changes with the rules, so the browser's stored history is read in full): nothing saved is lost."""
    raw = sheet("bruges", {"score_track": 30, "statues": [7, 0]}, {"score_track": 20, "statues": [7, 0]})
    bruges = GAMES["bruges"]
    monkeypatch.setitem(GAMES, "bruges", dataclasses.replace(bruges, one_each=()))  # the rules before this check
    stored = history.stored_text(history.History(records=[make_record("bruges", raw, SAVED)]))
    monkeypatch.setitem(GAMES, "bruges", bruges)
    monkeypatch.setattr(history, "RULES", history.RULES + " and the limits")  # a new version: the seal no longer holds
    read = history.read_stored(stored)
    assert not read.skipped
    assert [(p["name"], p["total"]) for p in read.records[0]["players"]] == [("韩梅梅", 37), ("欧阳娜娜", 27)]
    with pytest.raises(Conflict):  # a new save of the same sheet is refused
        make_record("bruges", raw, SAVED)

"""Fürstenfeld: setup counts, the winner rule, palace prices, turn order and brewery prices."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get_game
from scoring.api import evaluate, run_helper, setup_json
from scoring.core import DecisionKind, SheetError, checklist, score
from scoring.games.furstenfeld import (
    GAME,
    PALACES,
    next_turn_order,
    palace_price,
    price_after_phase_six,
    price_after_sales,
    setup,
    track_space,
    winner,
)

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


def sheet(*rows: tuple[int, int]) -> dict:
    """A score sheet from (palaces, turn position) per player."""
    return {
        "players": [
            {"name": NAMES[i], "scores": {"palaces": palaces, "turn_position": position}}
            for i, (palaces, position) in enumerate(rows)
        ]
    }


def step(steps: tuple, needle: str):
    """The one setup step whose English text contains needle."""
    found = [s for s in steps if needle in s.text.en]
    assert len(found) == 1, needle
    return found[0]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(("advanced", "cards"), [(False, 26), (True, 28)])
def test_each_player_takes_board_coins_marker_and_cards(players: int, advanced: bool, cards: int) -> None:
    first = setup(players, advanced=advanced)[0]
    assert f"Each of the {players} players takes 1 Fürstenfeld board, 2 grey coins" in first.text.en
    assert f"the {cards} cards of their colour" in first.text.en
    assert f"{cards} 張卡片" in first.text.zh
    assert ("with “Tour Guide”" in first.text.en) is advanced
    assert ("without “Tour Guide”" in first.text.en) is not advanced


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_basic_game_draws_three(players: int) -> None:
    draw = step(setup(players), "shuffles their 26 cards")
    assert "draws 3 from the top" in draw.text.en
    assert "抽 3 張" in draw.text.zh
    assert draw.note is None
    assert not [s for s in setup(players) if "draws 10" in s.text.en]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_advanced_game_draws_ten_keeps_one_and_says_what_the_source_leaves_open(players: int) -> None:
    steps = setup(players, advanced=True)
    draw = step(steps, "shuffles their 28 cards")
    assert "draws 10, keeps 1 in hand" in draw.text.en
    assert "other 9 back at the bottom" in draw.text.en
    assert "抽 10 張，只留 1 張" in draw.text.zh
    assert draw.note is not None and "does not say" in draw.note.en and "原文沒有說明" in draw.note.zh
    assert not [s for s in steps if "draws 3 from the top" in s.text.en]
    palace_rows = step(steps, "Advanced game: each palace card")
    assert "top row I, II, III" in palace_rows.text.en and "bottom row IV, V, VI" in palace_rows.text.en
    assert not [s for s in setup(players) if "Advanced game:" in s.text.en]


@pytest.mark.parametrize(
    ("players", "out_of_play", "closed"),
    [(2, 5, 3), (3, 4, 2), (4, 3, 1), (5, 2, 0)],
)
def test_demand_cards_and_open_breweries(players: int, out_of_play: int, closed: int) -> None:
    demand = step(setup(players), "demand cards")
    assert f"deal {players} onto the demand spaces of {players} breweries" in demand.text.en
    assert f"the other {out_of_play} are out of play" in demand.text.en
    assert f"其餘 {out_of_play} 張不使用" in demand.text.zh
    if closed:
        assert f"The {closed} brewer" in demand.text.en and "closed for the whole game" in demand.text.en
        assert f"{closed} 間啤酒廠關店" in demand.text.zh
    else:
        assert "All 5 breweries are open" in demand.text.en
        assert "關店" not in demand.text.zh


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("advanced", [False, True])
def test_prices_markers_and_turn_order(players: int, advanced: bool) -> None:
    steps = setup(players, advanced=advanced)
    prices = step(steps, "open breweries")
    assert f"each of the {players} open breweries" in prices.text.en
    assert "hops, barley and spring water price markers on “1”" in prices.text.en
    palace_cards = step(steps, "palace price cards in ascending order")
    assert "“8” on top, “18” at the bottom" in palace_cards.text.en
    assert "「8」在最上面，「18」在最下面" in palace_cards.text.zh
    markers = step(steps, "palace price markers (one per player)")
    assert f"Put {players} palace price markers" in markers.text.en
    order = step(steps, "turn order markers and stack")
    assert f"Shuffle the {players} turn order markers" in order.text.en
    assert "“0” of the left income track" in order.text.en
    assert "marker on top is the starting player" in order.text.en


def test_setup_through_the_api_reads_the_option() -> None:
    basic = setup_json("furstenfeld", 3)
    advanced = setup_json("furstenfeld", 3, {"advanced": True})
    assert "26 cards" in basic["steps"][0]["en"]
    assert "28 cards" in advanced["steps"][0]["en"]
    assert len(advanced["steps"]) == len(basic["steps"]) + 1


@pytest.mark.parametrize("players", [0, 1, 6, 9])
def test_setup_outside_the_player_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2–5 players"):
        checklist(GAME, players)
    with pytest.raises(ValueError, match="2–5 players"):
        checklist(GAME, players, advanced=True)


# ---------------------------------------------------------------- winner


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([(6, 2), (5, 1)], "Ann"),  # alone at six, though later in turn order
        ([(3, 1), (6, 2), (6, 3)], "Bo"),  # two at six: first in turn order
        ([(6, 3), (6, 2), (4, 1)], "Bo"),
        ([(6, 5), (6, 4), (6, 3), (6, 2), (6, 1)], "Ed"),  # everyone at six
        ([(0, 1), (0, 2), (0, 3), (6, 4)], "Di"),
        ([(5, 1), (6, 4), (5, 2), (6, 3)], "Di"),
    ],
)
def test_winner_rule(rows: list[tuple[int, int]], expected: str) -> None:
    result = score(GAME, sheet(*rows))
    assert result.players[0].name == expected
    assert result.players[0].place == 1
    assert [p.place for p in result.players[1:]] == [None] * (len(rows) - 1)


def test_winner_alone_at_six_says_so() -> None:
    result = score(GAME, sheet((4, 1), (6, 2), (5, 3)))
    bo = result.players[0]
    assert bo.decided_by.kind is DecisionKind.WINNER
    assert "only player with all 6 palaces" in bo.decided_by.text.en
    assert "唯一建造完 6 張宮殿卡" in bo.decided_by.text.zh


def test_winner_among_several_at_six_says_why() -> None:
    result = score(GAME, sheet((6, 3), (6, 2), (2, 1)))
    bo, ann, cy = result.players
    assert bo.name == "Bo" and bo.decided_by.kind is DecisionKind.WINNER
    assert "Bo and Ann both completed 6 palaces this round" in bo.decided_by.text.en
    assert "first in this round's turn order (position 2)" in bo.decided_by.text.en
    assert "Bo、Ann 都在這一輪建造完 6 張宮殿卡" in bo.decided_by.text.zh
    assert "（第 2 位）" in bo.decided_by.text.zh
    assert ann.decided_by.kind is DecisionKind.UNRANKED
    assert "later in this round's turn order (position 3)" in ann.decided_by.text.en
    assert cy.decided_by.kind is DecisionKind.UNRANKED
    assert "Built 2 palaces" in cy.decided_by.text.en and "建造了 2 張宮殿卡" in cy.decided_by.text.zh


def test_three_at_six_are_listed_in_turn_order() -> None:
    result = score(GAME, sheet((6, 2), (6, 3), (6, 1)))
    assert "Cy, Ann and Bo all completed" in result.players[0].decided_by.text.en


def test_nobody_else_gets_a_place_or_a_total() -> None:
    result = score(GAME, sheet((1, 4), (6, 3), (5, 2), (0, 1)))
    assert [(p.name, p.place, p.total) for p in result.players] == [
        ("Bo", 1, None),
        ("Ann", None, None),
        ("Cy", None, None),
        ("Di", None, None),
    ]
    assert [dict(p.breakdown) for p in result.players] == [
        {"palaces": 6},
        {"palaces": 1},
        {"palaces": 5},
        {"palaces": 0},
    ]
    assert "Built 1 palace." in result.players[1].decided_by.text.en
    assert [p.seat for p in result.players] == [1, 0, 2, 3]  # each line's column on the sheet
    assert result.notes == GAME.notes


def test_result_json_has_null_places_and_totals() -> None:
    result = score(GAME, sheet((6, 1), (3, 2))).as_dict()
    assert result["players"][0]["decided_by"]["kind"] == "winner"
    assert result["players"][1] | {"decided_by": None} == {
        "name": "Bo",
        "total": None,
        "place": None,
        "breakdown": {"palaces": 3},
        "decided_by": None,
        "seat": 1,
    }
    assert result["players"][1]["decided_by"]["kind"] == "unranked"


def test_no_one_at_six_is_not_a_game_end() -> None:
    with pytest.raises(SheetError) as caught:
        score(GAME, sheet((5, 1), (5, 2), (0, 3)))
    assert caught.value.path == "palaces"
    assert "game ends only at the end of the round" in caught.value.message.en
    assert "沒有玩家建造完 6 張宮殿卡" in caught.value.message.zh


def test_winner_function_refuses_no_finisher() -> None:
    with pytest.raises(ValueError, match="no player"):
        winner([5, 4], [1, 2])


@pytest.mark.parametrize(
    ("rows", "field", "message"),
    [
        ([(6, 1), (3, 3)], "players[1].scores.turn_position", "with 2 players it must be 1–2"),
        ([(6, 1), (3, 1)], "players[1].scores.turn_position", "position 1 is already Ann's"),
        ([(6, 2), (3, 1), (2, 1)], "players[2].scores.turn_position", "position 1 is already Bo's"),
        ([(6, 1), (3, 0)], "players[1].scores.turn_position", "at least 1"),
        ([(6, 1), (3, 6)], "players[1].scores.turn_position", "at most 5"),
        ([(7, 1), (3, 2)], "players[0].scores.palaces", "at most 6"),
        ([(6, 1), (-1, 2)], "players[1].scores.palaces", "cannot be negative"),
    ],
)
def test_bad_sheets_name_the_field(rows: list[tuple[int, int]], field: str, message: str) -> None:
    with pytest.raises(SheetError) as caught:
        score(GAME, sheet(*rows))
    assert caught.value.path == field
    assert message in caught.value.message.en
    assert caught.value.message.zh


def blank_positions(*palaces: int, **typed: int) -> dict:
    """A sheet with these palace counts and turn positions only where given (by name)."""
    players = []
    for i, built in enumerate(palaces):
        scores = {"palaces": built} | ({"turn_position": typed[NAMES[i]]} if NAMES[i] in typed else {})
        players.append({"name": NAMES[i], "scores": scores})
    return {"players": players}


def test_palaces_alone_decide_without_turn_positions() -> None:
    answer = evaluate("furstenfeld", blank_positions(6, 5, 4, 3))
    assert answer["ok"], answer["problems"]
    assert answer["result"]["players"][0]["name"] == "Ann"
    assert answer["result"]["players"][0]["decided_by"]["kind"] == "winner"


def test_turn_positions_are_asked_only_of_the_players_at_six() -> None:
    answer = evaluate("furstenfeld", blank_positions(6, 3, 6, 2))
    assert not answer["ok"]
    [problem] = answer["problems"]
    assert problem["kind"] == "missing"
    assert problem["fields"] == ["players[0].scores.turn_position", "players[2].scores.turn_position"]
    assert problem["en"] == (
        "Ann and Cy both built all 6 palaces: the one who completed first wins (the site reads this as the one "
        "first in the final round's turn order). Type the turn position in the final round (1–4) for Ann and Cy."
    )
    assert "Ann、Cy 都建造完 6 張宮殿卡" in problem["zh"]


def test_a_turn_position_typed_is_not_asked_again() -> None:
    answer = evaluate("furstenfeld", blank_positions(6, 6, 1, Ann=2))
    [problem] = answer["problems"]
    assert problem["fields"] == ["players[1].scores.turn_position"]
    assert evaluate("furstenfeld", blank_positions(6, 6, 1, Ann=2, Bo=1))["result"]["players"][0]["name"] == "Bo"


def test_turn_positions_typed_are_still_checked_when_not_needed() -> None:
    answer = evaluate("furstenfeld", blank_positions(6, 2, 1, Bo=4, Cy=4))
    assert [p["field"] for p in answer["problems"]] == [
        "players[1].scores.turn_position",
        "players[2].scores.turn_position",
    ]
    assert answer["problems"][0]["en"] == "Bo: Turn position in the final round: with 3 players it must be 1–3."


@given(st.lists(st.integers(0, PALACES), min_size=2, max_size=5))
def test_property_turn_positions_are_needed_exactly_when_several_are_at_six(palaces: list[int]) -> None:
    answer = evaluate("furstenfeld", blank_positions(*palaces))
    at_six = palaces.count(PALACES)
    if at_six == 1:
        assert answer["ok"]
    elif at_six > 1:
        assert [p.get("kind") for p in answer["problems"]] == ["missing"]
        assert len(answer["problems"][0]["fields"]) == at_six
    else:
        assert [p["field"] for p in answer["problems"]] == ["palaces"]


def test_the_page_sees_every_problem_at_once() -> None:
    answer = evaluate("furstenfeld", sheet((5, 1), (4, 1), (3, 7 - 3)))
    fields = [p["field"] for p in answer["problems"]]
    assert fields == ["players[1].scores.turn_position", "players[2].scores.turn_position", "palaces"]
    assert answer["partial"] == []


def test_the_page_gets_the_result_of_a_good_sheet() -> None:
    answer = evaluate("furstenfeld", sheet((2, 1), (6, 2)))
    assert answer["ok"] and answer["result"]["players"][0]["name"] == "Bo"


@pytest.mark.parametrize("count", [1, 6])
def test_wrong_player_count(count: int) -> None:
    rows = [(6, i + 1) for i in range(count)]
    raw = {
        "players": [{"name": f"P{i}", "scores": {"palaces": p, "turn_position": t}} for i, (p, t) in enumerate(rows)]
    }
    with pytest.raises(SheetError, match="2–5 players"):
        score(GAME, raw)


def test_registry_knows_the_game() -> None:
    assert get_game("furstenfeld") is GAME
    assert GAME.source_lang == "zh-Hant"
    assert [o.key for o in GAME.options] == ["advanced"]


# ---------------------------------------------------------------- winner properties


@st.composite
def finished_rounds(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Palace counts with at least one six, and turn positions 1..N in some order."""
    count = draw(st.integers(2, 5))
    palaces = draw(st.lists(st.integers(0, 6), min_size=count, max_size=count))
    palaces[draw(st.integers(0, count - 1))] = 6
    positions = draw(st.permutations(range(1, count + 1)))
    return palaces, list(positions)


@settings(max_examples=200, deadline=None)
@given(finished_rounds())
def test_property_the_winner_is_first_in_turn_order_among_those_at_six(game: tuple[list[int], list[int]]) -> None:
    palaces, positions = game
    result = score(GAME, sheet(*zip(palaces, positions, strict=True)))
    top = result.players[0]
    index = NAMES.index(top.name)
    assert palaces[index] == 6
    assert all(positions[index] <= positions[i] for i in range(len(palaces)) if palaces[i] == 6)
    assert top.place == 1 and top.decided_by.kind is DecisionKind.WINNER
    assert sorted(p.name for p in result.players) == sorted(NAMES[: len(palaces)])
    for player in result.players[1:]:
        assert player.place is None and player.total is None
        assert player.decided_by.kind is DecisionKind.UNRANKED
        assert dict(player.breakdown) == {"palaces": palaces[NAMES.index(player.name)]}
    alone = palaces.count(6) == 1
    assert ("only player" in top.decided_by.text.en) is alone


@settings(max_examples=200, deadline=None)
@given(finished_rounds(), st.randoms(use_true_random=False))
def test_property_the_order_of_the_rows_does_not_matter(game: tuple[list[int], list[int]], rng) -> None:
    palaces, positions = game
    rows = list(zip(NAMES, palaces, positions, strict=False))
    shuffled = rows[:]
    rng.shuffle(shuffled)

    def winner_of(entries: list[tuple[str, int, int]]) -> str:
        raw = {"players": [{"name": n, "scores": {"palaces": p, "turn_position": t}} for n, p, t in entries]}
        return score(GAME, raw).players[0].name

    assert winner_of(rows) == winner_of(shuffled)


@settings(max_examples=200, deadline=None)
@given(finished_rounds(), st.data())
def test_property_only_a_six_can_change_the_winner(game: tuple[list[int], list[int]], data: st.DataObject) -> None:
    palaces, positions = game
    before = winner(palaces, positions)
    other = data.draw(st.sampled_from([i for i in range(len(palaces)) if i != before]))
    changed = palaces[:]
    changed[other] = data.draw(st.integers(0, 5))
    assert winner(changed, positions) == before
    changed[other] = 6
    after = winner(changed, positions)
    assert after == (other if positions[other] < positions[before] else before)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.lists(st.integers(0, 5), min_size=n, max_size=n)))
def test_property_without_a_six_there_is_no_result(palaces: list[int]) -> None:
    with pytest.raises(SheetError):
        score(GAME, sheet(*((p, i + 1) for i, p in enumerate(palaces))))


# ---------------------------------------------------------------- palace price


@pytest.mark.parametrize(
    ("players", "built", "price"),
    [
        (2, 0, 8),
        (2, 1, 8),
        (2, 2, 10),
        (2, 3, 10),
        (2, 4, 12),
        (2, 9, 16),
        (2, 10, 18),
        (2, 12, 18),
        (3, 2, 8),
        (3, 3, 10),
        (3, 8, 12),
        (3, 9, 14),
        (3, 14, 16),
        (3, 15, 18),
        (3, 18, 18),
        (4, 3, 8),
        (4, 4, 10),
        (4, 12, 14),
        (4, 19, 16),
        (4, 20, 18),
        (4, 24, 18),
        (5, 4, 8),
        (5, 5, 10),
        (5, 10, 12),
        (5, 24, 16),
        (5, 25, 18),
        (5, 30, 18),
    ],
)
def test_palace_price_table(players: int, built: int, price: int) -> None:
    assert palace_price(built, players) == price
    answer = run_helper("furstenfeld", "palace-price", {"players": [{}] * players, "table": {"palaces_built": built}})
    assert answer["ok"]
    assert answer["lines"][0]["en"] == f"Palace price now: {price} coins."
    assert answer["lines"][0]["zh"] == f"宮殿卡現在的價格：{price} 枚硬幣。"
    assert answer["fills"] == {}


@pytest.mark.parametrize(
    ("players", "built", "line"),
    [
        (3, 0, "Palace price markers on the price card: 0 of 3; after 3 more palaces the price becomes 10 coins."),
        (3, 7, "Palace price markers on the price card: 1 of 3; after 2 more palaces the price becomes 14 coins."),
        (4, 19, "Palace price markers on the price card: 3 of 4; after 1 more palace the price becomes 18 coins."),
        (2, 10, "This is the last palace price card (18)."),
        (5, 27, "This is the last palace price card (18)."),
    ],
)
def test_palace_price_says_when_it_rises(players: int, built: int, line: str) -> None:
    answer = run_helper("furstenfeld", "palace-price", {"players": [{}] * players, "table": {"palaces_built": built}})
    assert answer["lines"][1]["en"] == line


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, 6 * n - 1))))
def test_property_palace_price_steps(case: tuple[int, int]) -> None:
    players, built = case
    now, after = palace_price(built, players), palace_price(built + 1, players)
    assert 8 <= now <= after <= 18
    rises = (built + 1) % players == 0 and now < 18
    assert after - now == (2 if rises else 0)


@pytest.mark.parametrize(
    ("players", "built", "field", "message"),
    [
        (2, 13, "table.palaces_built", "2 players have only 12 palace cards"),
        (4, 25, "table.palaces_built", "4 players have only 24 palace cards"),
        (5, 31, "table.palaces_built", "at most 30"),
        (3, -1, "table.palaces_built", "cannot be negative"),
        (3, "x", "table.palaces_built", "is not a number"),
        (1, 0, "players", "2–5 players"),
        (6, 0, "players", "2–5 players"),
    ],
)
def test_palace_price_bad_input(players: int, built: object, field: str, message: str) -> None:
    answer = run_helper("furstenfeld", "palace-price", {"players": [{}] * players, "table": {"palaces_built": built}})
    assert not answer["ok"]
    assert answer["problems"][0]["field"] == field
    assert message in answer["problems"][0]["en"]
    assert answer["problems"][0]["zh"]


# ---------------------------------------------------------------- turn order


def turn_order(*rows: tuple[int, int, int]) -> dict:
    """Run the turn order helper on (income, administration, this round's position) per player."""
    raw = {
        "players": [
            {"name": NAMES[i], "scores": {"income": income, "administration": admin, "position": position}}
            for i, (income, admin, position) in enumerate(rows)
        ]
    }
    return run_helper("furstenfeld", "turn-order", raw)


@pytest.mark.parametrize(
    ("rows", "order"),
    [
        ([(5, 0, 1), (3, 0, 2), (8, 0, 3)], "1. Bo (space 3), 2. Ann (space 5), 3. Cy (space 8)"),
        # equal income: the marker placed later this round sits on top and goes first
        ([(4, 0, 1), (4, 0, 2)], "1. Bo (space 4), 2. Ann (space 4)"),
        ([(4, 0, 2), (4, 0, 1)], "1. Ann (space 4), 2. Bo (space 4)"),
        ([(0, 0, 3), (0, 0, 1), (0, 0, 2)], "1. Ann (space 0), 2. Cy (space 0), 3. Bo (space 0)"),
        # administration: income − 3
        ([(6, 1, 1), (4, 0, 2)], "1. Ann (space 3), 2. Bo (space 4)"),
        ([(7, 1, 1), (4, 0, 2)], "1. Bo (space 4), 2. Ann (space 4)"),
        ([(7, 1, 2), (4, 0, 1)], "1. Ann (space 4), 2. Bo (space 4)"),
        ([(3, 1, 1), (0, 0, 2)], "1. Bo (space 0), 2. Ann (space 0)"),
        ([(3, 1, 2), (0, 0, 1)], "1. Ann (space 0), 2. Bo (space 0)"),
        (
            [(9, 0, 5), (2, 0, 4), (5, 1, 3), (2, 0, 2), (12, 1, 1)],
            "1. Bo (space 2), 2. Cy (space 2), 3. Di (space 2), 4. Ann (space 9), 5. Ed (space 9)",
        ),
    ],
)
def test_next_turn_order(rows: list[tuple[int, int, int]], order: str) -> None:
    answer = turn_order(*rows)
    assert answer["ok"], answer
    assert answer["lines"][0]["en"] == f"Next round's turn order: {order}."
    assert answer["lines"][0]["zh"].startswith("下一輪的順序：1. ")
    assert answer["fills"] == {}


def test_equal_income_is_explained() -> None:
    answer = turn_order((4, 0, 1), (4, 0, 3), (2, 0, 2))
    lines = [line["en"] for line in answer["lines"]]
    assert (
        "2 markers on space 4: a marker placed later this round sits on top of those placed earlier and goes first: "
        "Bo (position 3 this round), Ann (position 1 this round)." in lines
    )
    assert not [line for line in lines if "markers on space 2" in line]


def test_administration_is_shown() -> None:
    answer = turn_order((7, 1, 1), (2, 0, 2))
    assert "Ann: income 7 − 3 (administration) = space 4 on the income track." in [x["en"] for x in answer["lines"]]
    assert "Ann：收入 7 − 3（行政處）＝ 收入表上的 4。" in [x["zh"] for x in answer["lines"]]


@pytest.mark.parametrize(("income", "shown"), [(0, "−3"), (1, "−2"), (2, "−1")])
def test_administration_below_zero_is_not_invented(income: int, shown: str) -> None:
    answer = turn_order((income, 1, 1), (5, 0, 2), (3, 0, 3))
    assert answer["ok"]
    lines = [x["en"] for x in answer["lines"]]
    assert lines[0] == "Next round, among the players who can be placed: 1. Cy (space 3), 2. Bo (space 5)."
    assert lines[-1] == (
        f"Ann: income {income} − 3 (administration) = {shown}, below 0 on the income track. The source does not "
        "say where the marker goes then, so Ann is not placed here: the table decides."
    )
    assert "原文沒有說明" in answer["lines"][-1]["zh"]


def test_administration_at_exactly_zero_is_placed() -> None:
    answer = turn_order((3, 1, 1), (1, 0, 2))
    assert answer["lines"][0]["en"] == "Next round's turn order: 1. Ann (space 0), 2. Bo (space 1)."


def test_nobody_placeable() -> None:
    answer = turn_order((1, 1, 1), (2, 1, 2))
    lines = [x["en"] for x in answer["lines"]]
    assert len(lines) == 2 and all("not placed" in line for line in lines)


@pytest.mark.parametrize(
    ("income", "admin", "space"),
    [(0, False, 0), (5, False, 5), (3, True, 0), (10, True, 7), (1, True, -2)],
)
def test_track_space(income: int, admin: bool, space: int) -> None:
    assert track_space(income, admin) == space


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 5).flatmap(
        lambda n: st.tuples(st.lists(st.integers(0, 12), min_size=n, max_size=n), st.permutations(range(1, n + 1)))
    )
)
def test_property_turn_order_is_by_space_then_latest_placed(case: tuple[list[int], list[int]]) -> None:
    spaces, positions = case
    order = next_turn_order(spaces, positions)
    assert sorted(order) == list(range(len(spaces)))
    for a, b in itertools.pairwise(order):
        assert spaces[a] <= spaces[b]
        if spaces[a] == spaces[b]:
            assert positions[a] > positions[b]


@pytest.mark.parametrize(
    ("rows", "field", "message"),
    [
        ([(4, 0, 1), (4, 0, 1)], "players[1].scores.position", "position 1 is already Ann's"),
        ([(4, 0, 1), (4, 0, 3)], "players[1].scores.position", "with 2 players it must be 1–2"),
        ([(4, 0, 1), (4, 0, 0)], "players[1].scores.position", "at least 1"),
        ([(4, 2, 1), (4, 0, 2)], "players[0].scores.administration", "at most 1"),
        ([(-1, 0, 1), (4, 0, 2)], "players[0].scores.income", "cannot be negative"),
    ],
)
def test_turn_order_bad_input(rows: list[tuple[int, int, int]], field: str, message: str) -> None:
    answer = turn_order(*rows)
    assert not answer["ok"]
    assert answer["problems"][0]["field"] == field
    assert message in answer["problems"][0]["en"]


def test_turn_order_needs_every_position() -> None:
    raw = {
        "players": [{"name": "Ann", "scores": {"income": 3, "position": 1}}, {"name": "Bo", "scores": {"income": 2}}]
    }
    answer = run_helper("furstenfeld", "turn-order", raw)
    assert [p["field"] for p in answer["problems"]] == ["players[1].scores.position"]
    assert answer["problems"][0]["en"] == "Bo: Turn position this round: enter 1–2."


def test_turn_order_needs_names() -> None:
    raw = {"players": [{"name": "", "scores": {"income": 3, "position": 1}}, {"name": "Bo", "scores": {"position": 2}}]}
    answer = run_helper("furstenfeld", "turn-order", raw)
    assert answer["problems"][0]["field"] == "players[0].name"


# ---------------------------------------------------------------- brewery prices


@pytest.mark.parametrize(
    ("price", "surplus", "after"),
    [(3, 0, 3), (3, 1, 2), (3, 3, 0), (2, 5, 0), (1, 1, 0), (1, 2, 0), (0, 0, 0)],
)
def test_price_falls_one_step_per_surplus_token_not_below_zero(price: int, surplus: int, after: int) -> None:
    assert price_after_sales(price, surplus) == after


@pytest.mark.parametrize(
    ("price", "open_plus", "after"),
    [(0, 0, 0), (0, 1, 1), (0, 3, 3), (0, 4, 3), (1, 2, 3), (2, 2, 3), (3, 1, 3), (3, 0, 3)],
)
def test_price_rises_one_step_per_unfilled_plus_at_most_three(price: int, open_plus: int, after: int) -> None:
    assert price_after_phase_six(price, open_plus) == after


def brewery(price: list[int], surplus: list[int], open_plus: list[int]) -> dict:
    """Run the brewery helper on one brewery's three goods (hops, barley, spring water)."""
    table = {"price": price, "surplus": surplus, "open_plus": open_plus}
    return run_helper("furstenfeld", "brewery-prices", {"table": table})


def test_brewery_helper_lines() -> None:
    answer = brewery([1, 3, 2], [3, 0, 0], [0, 2, 1])
    assert answer["ok"], answer
    assert [x["en"] for x in answer["lines"]] == [
        "Hops: now 1 → after sales 0 (3 surplus; not below 0; at 0 this brewery takes no hops) "
        "→ after phase 6: 0 (0 unfilled “+”).",
        "Barley: now 3 → after sales 3 (0 surplus) → after phase 6: 3 (2 unfilled “+”; at most 3).",
        "Spring water: now 2 → after sales 2 (0 surplus) → after phase 6: 3 (1 unfilled “+”).",
    ]
    assert answer["lines"][0]["zh"] == (
        "啤酒花：現在 1 → 出售後 0（過剩 3 個；最低為 0；價格為 0 時這間啤酒廠不收啤酒花）→ 階段6後 0（空出的「+」號 0 個）。"
    )


@pytest.mark.parametrize(
    ("good", "price", "surplus", "open_plus", "after_sales", "final"),
    [
        (0, 2, 2, 0, 0, 0),
        (1, 0, 0, 2, 0, 2),
        (2, 3, 0, 0, 3, 3),
        (0, 1, 0, 3, 1, 3),
        (1, 2, 1, 0, 1, 1),
    ],
)
def test_brewery_helper_each_good(
    good: int, price: int, surplus: int, open_plus: int, after_sales: int, final: int
) -> None:
    prices, surpluses, opens = [1, 1, 1], [0, 0, 0], [0, 0, 0]
    prices[good], surpluses[good], opens[good] = price, surplus, open_plus
    line = brewery(prices, surpluses, opens)["lines"][good]["en"]
    assert f"now {price} → after sales {after_sales} (" in line
    assert f"→ after phase 6: {final} (" in line


@pytest.mark.parametrize(
    ("price", "surplus", "open_plus", "field", "message"),
    [
        ([0, 1, 1], [1, 0, 0], [0, 0, 0], "table.surplus[0]", "at price 0 this brewery takes no hops"),
        ([1, 2, 1], [0, 1, 0], [0, 1, 0], "table.open_plus[1]", "every barley demand space is filled"),
        ([1, 1, 4], [0, 0, 0], [0, 0, 0], "table.price[2]", "at most 3"),
        ([1, 1, 1], [0, -1, 0], [0, 0, 0], "table.surplus[1]", "cannot be negative"),
        ([1, 1], [0, 0, 0], [0, 0, 0], "table.price", "needs 3 values"),
    ],
)
def test_brewery_bad_input(price: list, surplus: list, open_plus: list, field: str, message: str) -> None:
    answer = brewery(price, surplus, open_plus)
    assert not answer["ok"]
    assert answer["problems"][0]["field"] == field
    assert message in answer["problems"][0]["en"]
    assert answer["problems"][0]["zh"]


def test_helpers_link_to_rules_sections_that_exist() -> None:
    from pathlib import Path

    zh = (Path(__file__).resolve().parents[2] / "content" / "furstenfeld" / "zh.md").read_text(encoding="utf-8")
    for helper in GAME.helpers:
        assert f"{{#{helper.section}}}" in zh
        for field in (*helper.player_fields, *helper.table_fields):
            assert f"{{#{field.section}}}" in zh
    for field in GAME.player_fields:
        assert f"{{#{field.section}}}" in zh

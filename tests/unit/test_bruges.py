"""Bruges with the pets expansion: setup counts, every category bound, scoring, the tie-breaker, the dice helper."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get_game
from scoring.api import run_helper, setup_json
from scoring.core import DecisionKind, SheetError, Text, check_sheet, checklist, score
from scoring.games.bruges import (
    DICE_COLOURS,
    DICE_HELPER,
    GAME,
    PENALTIES,
    PET_PENALTIES,
    STATUE_VALUES,
    draw_pile_cards,
    draw_piles,
    extra_pile_cards,
    reputation_cost,
    setup,
    threat_colours,
)

NAMES = ("Ann", "Bo", "Cy", "Di")


def sheet(*players: dict, pets: bool = False, money: bool = False) -> dict:
    """A score sheet: one scores dict per player; money: the publisher's money tie-breaker switched on."""
    return {
        "players": [{"name": NAMES[i], "scores": dict(p)} for i, p in enumerate(players)],
        "options": {"pets": pets, "guilders_tiebreak": money},
    }


def by_name(result) -> dict:
    """Players of a result by name."""
    return {p.name: p for p in result.players}


def dice(*faces: int, pets: bool = False) -> dict:
    """The dice helper's answer for these five faces."""
    return run_helper("bruges", "dice", {"table": {"dice": list(faces)}, "options": {"pets": pets}})


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("players", "drawn", "halves", "extra"),
    [(2, 66, (33, 33), 99), (3, 99, (50, 49), 66), (4, 132, (66, 66), 33)],
)
def test_one_stack_of_33_per_player_into_the_draw_piles_the_rest_extra(
    players: int, drawn: int, halves: tuple[int, int], extra: int
) -> None:
    assert draw_pile_cards(players) == drawn
    assert draw_piles(players) == halves
    assert sum(halves) == drawn
    assert extra_pile_cards(players) == extra
    assert drawn + extra == 165
    steps = setup(players)
    holders = next(s for s in steps if "card holder" in s.text.en)
    assert f"shuffle {players} stacks together ({drawn} cards)" in holders.text.en
    assert f"將 {players} 疊洗混（{drawn} 張）" in holders.text.zh
    assert f"{halves[0]}" in holders.text.en and f"{halves[1]}" in holders.text.en
    left = next(s for s in steps if "extra draw pile" in s.text.en)
    assert f"({extra} cards)" in left.text.en
    assert f"剩下的 {5 - players} 疊（{extra} 張）" in left.text.zh


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pets", [False, True])
def test_five_stacks_of_33(players: int, pets: bool) -> None:
    stacks = next(s for s in setup(players, pets=pets) if "divide them into" in s.text.en)
    assert stacks.text.en == "Shuffle the 165 cards and divide them into 5 stacks (33 cards each)."
    assert "分成 5 疊（每疊 33 張）" in stacks.text.zh


@pytest.mark.parametrize(("players", "note"), [(2, True), (3, False), (4, False)])
def test_only_two_players_carry_the_note_that_the_source_is_silent(players: int, note: bool) -> None:
    holders = next(s for s in setup(players) if "card holder" in s.text.en)
    assert (holders.note is not None) == note
    if note:
        assert "describes 3 and 4 players only" in holders.note.en
        assert "原文只描述 3 位和 4 位玩家" in holders.note.zh


def test_three_players_cannot_halve_99_cards_exactly_and_say_so() -> None:
    holders = next(s for s in setup(3) if "card holder" in s.text.en)
    assert "99 cards cannot split exactly: 50 and 49" in holders.text.en
    even = next(s for s in setup(4) if "card holder" in s.text.en)
    assert "(66 each)" in even.text.en


@pytest.mark.parametrize("players", [2, 3, 4])
def test_per_player_supplies(players: int) -> None:
    text = " ".join(s.text.en for s in setup(players))
    assert f"Each of the {players} players chooses a colour" in text
    assert "2 pawns, 2 badges (one large, one small) and 3 majority markers" in text
    assert "“5 points” space of the score track" in text
    assert "“town hall”" in text
    assert "grey side up" in text
    assert (
        f"({5 * players} guilders, {2 * players} reference cards and {players} workers of each colour in all)" in text
    )
    assert "start player marker" in text
    assert "number 7 on top" in text


@pytest.mark.parametrize(("pets", "markers"), [(False, 3), (True, 4)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_majority_markers_per_player_with_and_without_pets(players: int, pets: bool, markers: int) -> None:
    steps = setup(players, pets=pets)
    take = next(s for s in steps if "chooses a colour" in s.text.en)
    assert f"{markers} majority markers" in take.text.en
    assert f"{markers} 個多數標記" in take.text.zh
    assert ("pet majority marker" in take.text.en) == pets
    grey = next(s for s in steps if "grey side up" in s.text.en)
    assert (grey.note is not None) == pets


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pets_are_shuffled_into_the_deck_and_the_unclear_step_is_said(players: int) -> None:
    plain = setup(players)
    pets = setup(players, pets=True)
    assert len(pets) == len(plain) + 1
    added = [s for s in pets if "pet cards" in s.text.en]
    assert len(added) == 1 and not any("pet cards" in s.text.en for s in plain)
    step = added[0]
    assert "shuffle the 17 pet cards into the deck" in step.text.en
    assert "將 17 張寵物卡一起洗進牌堆中" in step.text.zh
    assert step.note is not None
    assert "does not say whether" in step.note.en and "agree on it at the table" in step.note.en
    assert "原文只說「洗進牌堆中」" in step.note.zh
    # It comes after the piles are formed and before the supply is set aside.
    texts = [s.text.en for s in pets]
    assert texts.index(step.text.en) == len(texts) - 2
    assert "supply" in texts[-1]


@pytest.mark.parametrize("players", [0, 1, 5, 9])
def test_setup_outside_the_player_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2–4 players"):
        checklist(GAME, players)
    with pytest.raises(ValueError, match="2–4 players"):
        checklist(GAME, players, pets=True)


def test_setup_json_passes_the_pets_option() -> None:
    plain = setup_json("bruges", 3)
    pets = setup_json("bruges", 3, {"pets": True})
    assert pets["options"] == {"pets": True}
    assert len(pets["steps"]) == len(plain["steps"]) + 1


# ---------------------------------------------------------------- category bounds


@pytest.mark.parametrize(
    ("key", "value", "pets", "ok"),
    [
        ("score_track", 0, False, True),
        ("score_track", 999, False, True),
        ("score_track", 1000, False, False),
        ("score_track", -1, False, False),
        ("persons", 0, False, True),
        ("persons", 999, False, True),
        ("persons", -1, False, False),
        ("persons", 1000, False, False),
        ("houses", 165, False, True),
        ("houses", 166, False, False),
        ("houses", 182, True, True),
        ("houses", 183, True, False),
        ("houses", 999, False, False),
        ("houses", -1, False, False),
        ("houses", 1000, False, False),
        ("laurel", 999, False, True),
        ("laurel", -1, False, False),
        ("laurel", 1000, False, False),
        ("reputation", 999, False, True),
        ("reputation", -1, False, False),
        ("reputation", 1000, False, False),
        ("majority_markers", 0, False, True),
        ("majority_markers", 3, False, True),
        ("majority_markers", 4, False, False),
        ("majority_markers", 5, False, False),
        ("majority_markers", -1, False, False),
        ("majority_markers", 3, True, True),
        ("majority_markers", 4, True, False),
        ("pet_majority_marker", 0, True, True),
        ("pet_majority_marker", 1, True, True),
        ("pet_majority_marker", 2, True, False),
        ("pet_majority_marker", -1, True, False),
        ("pet_majority_marker", 1, False, False),
        ("pet_majority_marker", 0, False, False),
        ("canals_third", 0, False, True),
        ("canals_third", 2, False, True),
        ("canals_third", 3, False, False),
        ("canals_third", -1, False, False),
        ("canals_third", 2, True, True),
        ("canals_third", 3, True, False),
        ("pets", 0, True, True),
        ("pets", 999, True, True),
        ("pets", -1, True, False),
        ("pets", 1000, True, False),
        ("pets", 1, False, False),
        ("guilders", 0, False, True),
        ("guilders", 92, False, True),
        ("guilders", 93, False, False),
        ("guilders", 999, False, False),
        ("guilders", -1, False, False),
        ("guilders", 1000, False, False),
    ],
)
def test_count_bounds(key: str, value: int, pets: bool, ok: bool) -> None:
    _, problems = check_sheet(GAME, sheet({key: value}, {}, pets=pets, money=key == "guilders"))
    mine = [p for p in problems if p.path == f"players[0].scores.{key}"]
    assert not [p for p in problems if p not in mine]
    assert bool(mine) != ok
    for problem in mine:
        assert problem.message.zh and problem.message.en


@pytest.mark.parametrize(
    ("statues", "ok"),
    [
        ([0, 0], True),
        ([7, 0], True),
        ([0, 2], True),
        ([7, 6], True),
        ([2, 2], False),  # one statue of each number
        *[([v, 0], True) for v in range(2, 8)],
        ([1, 0], False),
        ([0, 1], False),
        ([8, 0], False),
        ([0, 8], False),
        ([-2, 0], False),
        ([7, 6, 5], False),
        ([7], False),
    ],
)
def test_statue_values_are_0_or_2_to_7_two_at_most(statues: list[int], ok: bool) -> None:
    _, problems = check_sheet(GAME, sheet({"statues": statues}, {}))
    assert bool(problems) != ok
    assert all(p.path.startswith("players[0].scores.statues") for p in problems)


@pytest.mark.parametrize(("pets", "most"), [(False, 3), (True, 4)])
def test_at_most_three_majority_markers_or_four_with_pets(pets: bool, most: int) -> None:
    full = {"majority_markers": 3, **({"pet_majority_marker": 1} if pets else {})}
    ann = by_name(score(GAME, sheet(full, {}, pets=pets)))["Ann"]
    assert ann.total == 4 * most
    with pytest.raises(SheetError) as caught:
        score(GAME, sheet({**full, "majority_markers": 4}, {}, pets=pets))
    assert caught.value.path == "players[0].scores.majority_markers"
    assert caught.value.message.en.startswith("Ann: Majority markers: at most 3. (Basic markers turned")
    assert caught.value.message.zh.startswith("Ann：多數標記：")


def test_pet_majority_marker_is_refused_without_the_expansion() -> None:
    with pytest.raises(SheetError) as caught:
        score(GAME, sheet({"pet_majority_marker": 1}, {}))
    assert caught.value.path == "players[0].scores.pet_majority_marker"
    assert caught.value.message.en == "Pet majority marker: used only with the option “Pets expansion” on."


def test_pets_field_is_refused_without_the_expansion() -> None:
    with pytest.raises(SheetError, match="Pets: used only with the option “Pets expansion” on"):
        score(GAME, sheet({"pets": 3}, {}))


@pytest.mark.parametrize("count", [1, 5])
def test_wrong_player_count(count: int) -> None:
    players = [{"name": f"P{i}", "scores": {}} for i in range(count)]
    with pytest.raises(SheetError, match="2–4 players"):
        score(GAME, {"players": players})


# ---------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("key", "value", "points"),
    [
        ("score_track", 5, 5),
        ("score_track", 47, 47),
        ("persons", 12, 12),
        ("houses", 6, 6),
        ("laurel", 9, 9),
        ("reputation", 8, 8),
        ("majority_markers", 1, 4),
        ("majority_markers", 2, 8),
        ("majority_markers", 3, 12),
        ("canals_third", 1, 3),
        ("canals_third", 2, 6),
        ("statues", [7, 0], 7),
        ("statues", [0, 2], 2),
        ("statues", [7, 6], 13),
        ("statues", [3, 5], 8),
    ],
)
def test_category_points(key: str, value: object, points: int) -> None:
    result = score(GAME, sheet({}, {key: value}))
    bo = by_name(result)["Bo"]
    assert dict(bo.breakdown)[key] == points
    assert bo.total == points


def test_four_majority_markers_and_pet_points_count_with_pets() -> None:
    result = score(GAME, sheet({"majority_markers": 3, "pet_majority_marker": 1, "pets": 7}, {}, pets=True))
    ann = by_name(result)["Ann"]
    assert dict(ann.breakdown) == {
        "score_track": 0,
        "persons": 0,
        "houses": 0,
        "laurel": 0,
        "majority_markers": 12,
        "pet_majority_marker": 4,
        "canals_third": 0,
        "statues": 0,
        "reputation": 0,
        "pets": 7,
    }
    assert ann.total == 23


def test_pets_are_not_on_the_sheet_without_the_expansion() -> None:
    ann = by_name(score(GAME, sheet({"persons": 3}, {})))["Ann"]
    assert "pets" not in dict(ann.breakdown)
    assert "pet_majority_marker" not in dict(ann.breakdown)


def test_total_is_the_sum_of_every_category_and_guilders_are_not_scored() -> None:
    full = {
        "score_track": 38,
        "persons": 14,
        "houses": 7,
        "laurel": 5,
        "majority_markers": 2,
        "pet_majority_marker": 1,
        "canals_third": 2,
        "statues": [7, 4],
        "reputation": 6,
        "pets": 3,
        "guilders": 12,
    }
    ann = by_name(score(GAME, sheet(full, {}, pets=True, money=True)))["Ann"]
    assert ann.total == 38 + 14 + 7 + 5 + 3 * 4 + 2 * 3 + 7 + 4 + 6 + 3
    assert "guilders" not in dict(ann.breakdown)


def test_higher_total_places_first() -> None:
    result = score(GAME, sheet({"score_track": 30}, {"score_track": 41}, {"score_track": 12, "houses": 2}))
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("Ann", 2), ("Cy", 3)]
    assert all(p.decided_by.kind is DecisionKind.TOTAL for p in result.players)


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(
        st.tuples(
            st.integers(0, 60),
            st.integers(0, 3),
            st.integers(0, 2),
            st.booleans(),
            st.booleans(),
            st.integers(0, 20),
        ),
        min_size=2,
        max_size=4,
    ),
    statues=st.permutations(STATUE_VALUES),
)
def test_total_matches_the_final_scoring_list(
    values: list[tuple[int, int, int, bool, bool, int]], statues: list[int]
) -> None:
    pile = [*statues, 0, 0]  # six statues, one of each number: a fourth player's two find none left
    values = [
        (track, markers, canals, pile[2 * i] * first, pile[2 * i + 1] * second, money)
        for i, (track, markers, canals, first, second, money) in enumerate(values)
    ]
    players = [
        {
            "score_track": track,
            "majority_markers": markers,
            "canals_third": canals,
            "statues": [a, b],
            "guilders": money,
        }
        for track, markers, canals, a, b, money in values
    ]
    result = by_name(score(GAME, sheet(*players, money=True)))
    for name, (track, markers, canals, a, b, _) in zip(NAMES, values, strict=False):
        assert result[name].total == track + 4 * markers + 3 * canals + a + b


# ---------------------------------------------------------------- tie-breaker


def test_by_default_tied_totals_share_the_place_as_the_source_has_no_tie_breaker() -> None:
    result = score(GAME, sheet({"score_track": 40}, {"score_track": 36, "houses": 4}))
    assert [p.place for p in result.players] == [1, 1]
    for player in result.players:
        assert player.decided_by.kind is DecisionKind.SHARED
        assert "the source text gives no tie-breaker" in player.decided_by.text.en


def test_money_is_no_field_until_the_variant_is_switched_on() -> None:
    _, problems = check_sheet(GAME, sheet({"guilders": 3}, {}))
    assert [p.path for p in problems] == ["players[0].scores.guilders"]
    assert "used only with the option" in problems[0].message.en
    option = next(o for o in GAME.options if o.key == "guilders_tiebreak")
    assert "not in the source" in option.label.en and "不在原文中" in option.label.zh
    assert not option.setup  # a scoring variant: the setup checklist does not change
    assert setup_json("bruges", 3, {"guilders_tiebreak": True})["options"] == {}


def test_tie_is_broken_by_most_guilders_and_said_to_be_outside_the_source() -> None:
    result = score(
        GAME,
        sheet({"score_track": 40, "guilders": 3}, {"score_track": 36, "houses": 4, "guilders": 8}, money=True),
    )
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("Ann", 2)]
    bo, ann = result.players
    assert bo.total == ann.total == 40
    assert bo.decided_by.kind is DecisionKind.TIE_BREAKER and bo.decided_by.key == "guilders"
    assert "most money left (8)" in bo.decided_by.text.en
    assert "not in the source text" in bo.decided_by.text.en
    assert "剩餘金錢較多" in bo.decided_by.text.zh
    assert ann.decided_by.kind is DecisionKind.TIE_BREAKER


def test_full_tie_shares_the_place() -> None:
    result = score(
        GAME,
        sheet(
            {"score_track": 20, "guilders": 4},
            {"persons": 20, "guilders": 4},
            {"score_track": 19, "guilders": 9},
            {"score_track": 25},
            money=True,
        ),
    )
    assert [(p.name, p.place) for p in result.players] == [("Di", 1), ("Ann", 2), ("Bo", 2), ("Cy", 4)]
    places = by_name(result)
    assert places["Ann"].decided_by.kind is DecisionKind.SHARED
    assert places["Bo"].decided_by.kind is DecisionKind.SHARED
    assert "the place is shared" in places["Bo"].decided_by.text.en
    assert places["Cy"].decided_by.kind is DecisionKind.TOTAL
    assert places["Di"].decided_by.kind is DecisionKind.TOTAL


def test_three_way_tie_guilders_separate_some_and_share_the_rest() -> None:
    result = score(
        GAME,
        sheet(
            {"score_track": 20, "guilders": 4},
            {"persons": 20, "guilders": 4},
            {"houses": 20, "guilders": 2},
            money=True,
        ),
    )
    assert [(p.name, p.place) for p in result.players] == [("Ann", 1), ("Bo", 1), ("Cy", 3)]
    ann, bo, cy = result.players
    assert cy.decided_by.key == "guilders"
    assert ann.decided_by.kind is DecisionKind.SHARED and "level with Bo" in ann.decided_by.text.en
    assert bo.decided_by.kind is DecisionKind.SHARED and "level with Ann" in bo.decided_by.text.en


def test_guilders_never_lift_a_lower_total() -> None:
    result = score(GAME, sheet({"score_track": 21}, {"score_track": 20, "guilders": 92}, money=True))
    assert [p.name for p in result.players] == ["Ann", "Bo"]


def test_the_tie_breaker_is_marked_not_in_source_and_every_result_says_so() -> None:
    assert [(t.key, t.most_wins, t.in_source, t.requires) for t in GAME.tie_breakers] == [
        ("guilders", True, False, "guilders_tiebreak")
    ]
    result = score(GAME, sheet({}, {}))
    tie_note = next(n for n in result.notes if "tie-breaker" in n.en)
    assert "share the place" in tie_note.en and "is not in the source" in tie_note.en
    assert "共享名次" in tie_note.zh and "不在原文中" in tie_note.zh
    assert tie_note in GAME.notes


# ---------------------------------------------------------------- dice helper


@pytest.mark.parametrize(
    ("faces", "cost", "threats"),
    [
        ((1, 2, 3, 4, 5), 3, (4,)),
        ((2, 2, 2, 2, 2), 10, ()),
        ((1, 1, 1, 1, 1), 5, ()),
        ((3, 4, 3, 4, 3), 0, ()),
        ((6, 5, 6, 5, 6), 0, (0, 1, 2, 3, 4)),
        ((5, 1, 6, 2, 4), 3, (0, 2)),
        ((4, 3, 2, 6, 1), 3, (3,)),
    ],
)
def test_cost_and_threat_colours(faces: tuple[int, ...], cost: int, threats: tuple[int, ...]) -> None:
    assert reputation_cost(faces) == cost
    assert threat_colours(faces) == threats
    answer = dice(*faces)
    assert answer["ok"] and answer["fills"] == {}
    english = [line["en"] for line in answer["lines"]]
    if cost:
        assert english[0].startswith(f"Reputation step cost: {cost} guilders (")
    else:
        assert english[0] == "No die shows 1 or 2: nobody can advance on the reputation track this round."
    threat_lines = [line for line in english if "threat token of this colour" in line]
    assert threat_lines == [
        f"The {DICE_COLOURS[i].en} die shows {faces[i]}: every player takes 1 threat token of this colour."
        for i in threats
    ]


def test_cost_line_names_the_paying_dice_in_both_languages() -> None:
    first = dice(1, 2, 3, 4, 5)["lines"][0]
    assert first["en"].startswith("Reputation step cost: 3 guilders (red 1 + purple 2).")
    assert first["zh"].startswith("聲望軌推進成本：3 元（紅色 1 + 紫色 2）。")


def test_threats_list_every_penalty_without_colours_and_say_so() -> None:
    lines = dice(3, 3, 6, 3, 3)["lines"]
    english = [line["en"] for line in lines]
    assert "The source does not say which colour brings which penalty" in english[2]
    assert "原文沒有說明哪一種顏色對應哪一種懲罰" in lines[2]["zh"]
    assert english[3:] == [p.en for p in PENALTIES]
    assert [p.en.split(":")[0] for p in PENALTIES] == ["Flood", "Plague", "Riot", "Fire", "Betrayal"]
    for penalty in PENALTIES:
        assert not any(colour.en in penalty.en for colour in DICE_COLOURS)


def test_no_threats_shows_no_penalty_list() -> None:
    english = [line["en"] for line in dice(1, 2, 3, 4, 4)["lines"]]
    assert english[-1] == "No die shows 5 or 6: no threat tokens this round."
    assert not any(p.en in english for p in PENALTIES)


@pytest.mark.parametrize(("pets", "shown"), [(False, False), (True, True)])
def test_pet_penalty_changes_only_with_pets(pets: bool, shown: bool) -> None:
    english = [line["en"] for line in dice(6, 1, 1, 1, 1, pets=pets)["lines"]]
    assert (PET_PENALTIES[0].en in english) == shown


def test_fifth_die_colour_is_not_named_and_the_intro_says_so() -> None:
    assert [c.en for c in DICE_COLOURS[:4]] == ["red", "purple", "yellow", "brown"]
    assert DICE_COLOURS[4].en == "fifth colour"
    assert "names only red, purple, yellow and brown" in DICE_HELPER.intro.en


@pytest.mark.parametrize(
    ("faces", "field", "message"),
    [
        ([1, 2, 3, 4, ""], "table.dice[4]", "enter the fifth colour die (1–6)."),
        ([None, 2, 3, 4, 5], "table.dice[0]", "enter the red die (1–6)."),
        ([1, 2, 0, 4, 5], "table.dice[2]", "at least 1"),
        ([1, 2, 3, 7, 5], "table.dice[3]", "at most 6"),
        ([1, 2, 3, 4, -1], "table.dice[4]", "cannot be negative"),
        ([1, 2, 3, 4, "x"], "table.dice[4]", "is not a number"),
        ([1, 2, 3, 4, 2.5], "table.dice[4]", "whole number"),
        ([1, 2, 3, 4], "table.dice", "needs 5 values"),
        ([1, 2, 3, 4, 5, 6], "table.dice", "needs 5 values"),
    ],
)
def test_bad_dice_name_the_die(faces: list, field: str, message: str) -> None:
    answer = run_helper("bruges", "dice", {"table": {"dice": faces}})
    assert not answer["ok"]
    problem = answer["problems"][0]
    assert problem["field"] == field
    assert message in problem["en"]
    assert problem["zh"]


def test_no_dice_at_all_asks_for_the_first() -> None:
    answer = run_helper("bruges", "dice", {})
    assert answer["problems"][0]["field"] == "table.dice[0]"


@settings(max_examples=300, deadline=None)
@given(faces=st.lists(st.integers(1, 6), min_size=5, max_size=5), pets=st.booleans())
def test_dice_helper_properties(faces: list[int], pets: bool) -> None:
    answer = dice(*faces, pets=pets)
    assert answer["ok"]
    expected_cost = faces.count(1) + 2 * faces.count(2)
    first = answer["lines"][0]["en"]
    if expected_cost:
        assert f"Reputation step cost: {expected_cost} guilders" in first
    else:
        assert first.startswith("No die shows 1 or 2")
    threat_lines = [line for line in answer["lines"] if "threat token of this colour" in line["en"]]
    assert len(threat_lines) == sum(1 for f in faces if f >= 5)
    penalties = [line for line in answer["lines"] if line in [p.as_dict() for p in PENALTIES]]
    assert len(penalties) == (5 if threat_lines else 0)


def test_dice_helper_covers_every_roll() -> None:
    # 7776 rolls: every one answers, and 3s and 4s never change the answer.
    for faces in itertools.product(range(1, 7), repeat=5):
        assert reputation_cost(faces) == sum(f for f in faces if f <= 2)
        calm = tuple(3 if 3 <= f <= 4 else f for f in faces)
        assert reputation_cost(calm) == reputation_cost(faces)
        assert threat_colours(calm) == threat_colours(faces)


# ---------------------------------------------------------------- text and registry


def all_texts() -> list[Text]:
    """Every user-facing text of the game."""
    texts: list[Text] = [GAME.name, *GAME.notes, DICE_HELPER.title, DICE_HELPER.intro, *DICE_COLOURS]
    texts += [*PENALTIES, *PET_PENALTIES, *(o.label for o in GAME.options), *(t.label for t in GAME.tie_breakers)]
    for f in (*GAME.player_fields, *DICE_HELPER.table_fields):
        texts += [f.label, f.help, *f.entries]
    for players, pets in itertools.product((2, 3, 4), (False, True)):
        for step in setup(players, pets=pets):
            texts += [step.text, *([step.note] if step.note else [])]
    for faces in ((1, 2, 5, 6, 3), (3, 3, 3, 3, 3)):
        texts += [Text(**line) for line in dice(*faces, pets=True)["lines"]]
    return texts


def test_chinese_is_traditional_like_the_source() -> None:
    assert GAME.source_lang == "zh-Hant"
    for text in all_texts():
        assert text.en.strip() or not text.zh.strip()
        text.zh.encode("big5")  # simplified-only characters (这, 说, 张…) are not in Big5


def test_score_sheet_labels_link_to_rule_sections() -> None:
    content = (Path(__file__).resolve().parents[2] / "content" / "bruges" / "en.md").read_text(encoding="utf-8")
    for f in (*GAME.player_fields, *DICE_HELPER.table_fields):
        assert f.section and f"{{#{f.section}}}" in content
    assert f"{{#{DICE_HELPER.section}}}" in content


def test_registry_knows_the_game() -> None:
    assert get_game("bruges") is GAME
    assert [f.key for f in GAME.player_fields] == [
        "score_track",
        "persons",
        "houses",
        "laurel",
        "majority_markers",
        "pet_majority_marker",
        "canals_third",
        "statues",
        "reputation",
        "pets",
        "guilders",
    ]
    assert [f.key for f in GAME.player_fields if f.requires == "pets"] == ["pet_majority_marker", "pets"]

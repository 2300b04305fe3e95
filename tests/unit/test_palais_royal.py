"""Palais Royal: setup counts, final scoring with the four edges under each tie rule, the majority helper."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get_game
from scoring.api import run_helper, setup_json
from scoring.core import DecisionKind, MissingValues, SheetError, check_sheet, checklist, score, setup_diagram
from scoring.games.palais_royal import (
    EACH_SCORES,
    GAME,
    ROOMS,
    SPLIT_DOWN,
    edge_places,
    majority_holder,
    setup,
    starting_gold,
)
from scoring.history import make_record
from tests.unit.test_properties import check_ranking

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
POINTS = ((6, 3), (5, 2), (4, 1), (3, 1))
ROOM_INDEX = {room.name.en: i for i, room in enumerate(ROOMS)}


def sheet(*players: dict, edges: tuple = POINTS, rule: str | None = None) -> dict:
    """A score sheet: one dict of scores per player, the table's edge points and tie rule."""
    table: dict = {"edges": [list(e) for e in edges]}
    if rule is not None:
        table["edge_tie_rule"] = rule
    return {"players": [{"name": NAMES[i], "scores": dict(p)} for i, p in enumerate(players)], "table": table}


def by_name(result) -> dict:
    """Player results by name."""
    return {p.name: p for p in result.players}


def step(players: int, words: str):
    """The setup step whose English text contains these words."""
    return next(s for s in setup(players) if words in s.text.en)


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nobles_and_rooms_do_not_depend_on_player_count(players: int) -> None:
    nobles = step(players, "noble tiles")
    assert "Shuffle the 42 noble tiles" in nobles.text.en and "place 36 at random" in nobles.text.en
    assert "other 6 back in the box" in nobles.text.en
    assert "42 张贵族图块" in nobles.text.zh and "36 块" in nobles.text.zh and "6 块放回包装盒" in nobles.text.zh
    rooms = step(players, "castle rooms and lay them out")
    assert "3×3" in rooms.text.en
    assert rooms.note is not None and "missing" in rooms.note.en and "does not make one up" in rooms.note.en
    assert "不在源文本中" in rooms.note.zh
    assert step(players, "privilege cards").text.en.endswith("as the draw pile.")


@pytest.mark.parametrize(
    ("players", "servants", "stairway", "parade", "placed"),
    [(2, 36, 6, 4, 10), (3, 54, 9, 6, 15), (4, 72, 12, 8, 20)],
)
def test_servant_counts_by_player_count(players: int, servants: int, stairway: int, parade: int, placed: int) -> None:
    take = step(players, "chooses a colour")
    assert f"Each of the {players} players" in take.text.en
    assert "the 18 servants of that colour" in take.text.en and f"({servants} in all)" in take.text.en
    assert f"共 {servants} 个" in take.text.zh
    supply = step(players, "general supply.")
    assert "remaining 7 servants of each colour" in supply.text.en
    assert supply.note is not None and "how many colours" in supply.note.en
    board = step(players, "to the stairway")
    assert "3 servants from his play area to the stairway and 2 to the parade ground" in board.text.en
    assert f"({stairway} on the stairway and {parade} on the parade ground in all)" in board.text.en
    place = step(players, "places 5 servants")
    assert f"({placed} in all)" in place.text.en and "8 servants left" in place.text.en
    assert f"共 {placed} 个" in place.text.zh and "应剩 8 个仆人" in place.text.zh


@pytest.mark.parametrize(
    ("players", "gold"),
    [(2, (0, 1)), (3, (0, 1, 2)), (4, (0, 1, 2, 3))],
)
def test_starting_gold_by_seat(players: int, gold: tuple[int, ...]) -> None:
    assert starting_gold(players) == gold
    seats = "; ".join(f"seat {s}{' (start player)' if s == 1 else ''}: {g}" for s, g in enumerate(gold, 1))
    assert seats in step(players, "Choose a start player").text.en


def test_four_seats_follow_the_source_and_fewer_say_so() -> None:
    assert step(4, "Choose a start player").note is None
    for players in (2, 3):
        note = step(players, "Choose a start player").note
        assert note is not None
        assert "describes four seats" in note.en and "only the seats that exist" in note.en
        assert "按四个座位描述" in note.zh


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_json_has_every_step(players: int) -> None:
    answer = setup_json("palais-royal", players)
    assert len(answer["steps"]) == len(setup(players)) == 10
    assert all(s["zh"] and s["en"] for s in answer["steps"])


@pytest.mark.parametrize("players", [0, 1, 5, 9])
def test_setup_outside_the_player_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2–4 players"):
        checklist(GAME, players)
    with pytest.raises(ValueError, match="2–4 players"):
        setup_diagram(GAME, players)


# ---------------------------------------------------------------- plain categories


@pytest.mark.parametrize(
    ("cards", "points"),
    [(0, 0), (1, 1), (5, 5), (6, 6), (7, 6), (12, 6)],
)
def test_unplayed_privilege_cards_score_one_each_at_most_six(cards: int, points: int) -> None:
    result = by_name(score(GAME, sheet({"privileges_unplayed": cards}, {})))
    assert dict(result["Ann"].breakdown)["privileges_unplayed"] == points
    assert result["Ann"].total == points


@pytest.mark.parametrize(("category", "value"), [("nobles", 23), ("privileges_played", 7)])
def test_printed_points_count_as_entered(category: str, value: int) -> None:
    bo = by_name(score(GAME, sheet({}, {category: value})))["Bo"]
    assert dict(bo.breakdown)[category] == value
    assert bo.total == value


def test_breakdown_keys_and_total_is_the_sum() -> None:
    result = by_name(
        score(
            GAME,
            sheet(
                {"nobles": 30, "privileges_played": 4, "privileges_unplayed": 9, "edge_servants": [2, 0, 1, 0]},
                {"nobles": 28, "edge_servants": [1, 0, 0, 3]},
            ),
        )
    )
    ann, bo = result["Ann"], result["Bo"]
    assert dict(ann.breakdown) == {"nobles": 30, "privileges_played": 4, "privileges_unplayed": 6, "edges": 6 + 4}
    assert ann.total == 30 + 4 + 6 + 10
    assert dict(bo.breakdown)["edges"] == 3 + 3
    assert "edge_servants" not in dict(ann.breakdown)


# ---------------------------------------------------------------- one edge


@pytest.mark.parametrize(
    ("counts", "rule", "expected"),
    [
        # (players, servants, place, points each) per scoring place
        ((5, 3, 1), "", [((0,), 5, 1, 6), ((1,), 3, 2, 3)]),
        ((1, 3, 5), "", [((2,), 5, 1, 6), ((1,), 3, 2, 3)]),
        ((0, 0, 0), "", []),
        ((0, 2, 0), "", [((1,), 2, 1, 6)]),
        ((4, 0, 0, 4), EACH_SCORES, [((0, 3), 4, 1, 6)]),
        ((4, 0, 0, 4), SPLIT_DOWN, [((0, 3), 4, 1, 4)]),
        ((3, 0, 0, 0), "", [((0,), 3, 1, 6)]),
        # a tie on zero servants is no tie: nobody places on an empty edge
        ((2, 0, 0, 0), "", [((0,), 2, 1, 6)]),
        # three tied for first
        ((2, 2, 2), EACH_SCORES, [((0, 1, 2), 2, 1, 6)]),
        ((2, 2, 2), SPLIT_DOWN, [((0, 1, 2), 2, 1, 3)]),
        # tied for second behind a clear first
        ((4, 2, 2), EACH_SCORES, [((0,), 4, 1, 6), ((1, 2), 2, 2, 3)]),
        ((4, 2, 2), SPLIT_DOWN, [((0,), 4, 1, 6), ((1, 2), 2, 2, 1)]),
        ((4, 2, 2, 2), SPLIT_DOWN, [((0,), 4, 1, 6), ((1, 2, 3), 2, 2, 1)]),
        # a tie behind second place scores nothing and needs no rule
        ((4, 3, 1, 1), "", [((0,), 4, 1, 6), ((1,), 3, 2, 3)]),
        ((4, 3, 1, 1), SPLIT_DOWN, [((0,), 4, 1, 6), ((1,), 3, 2, 3)]),
        # a rule changes nothing where there is no tie
        ((5, 3, 1), EACH_SCORES, [((0,), 5, 1, 6), ((1,), 3, 2, 3)]),
        ((5, 3, 1), SPLIT_DOWN, [((0,), 5, 1, 6), ((1,), 3, 2, 3)]),
    ],
)
def test_edge_places(counts: tuple[int, ...], rule: str, expected: list) -> None:
    places = edge_places(counts, (6, 3), rule, 0)
    assert [(p.players, p.servants, p.place, p.points) for p in places] == expected


@pytest.mark.parametrize(
    ("first", "second", "rule", "each"),
    [
        (6, 3, SPLIT_DOWN, 4),
        (7, 4, SPLIT_DOWN, 5),
        (8, 4, SPLIT_DOWN, 6),
        (7, 4, EACH_SCORES, 7),
        (0, 0, SPLIT_DOWN, 0),
    ],
)
def test_two_player_tie_for_first(first: int, second: int, rule: str, each: int) -> None:
    places = edge_places((3, 3), (first, second), rule, 1)
    assert [(p.players, p.points) for p in places] == [((0, 1), each)]


@pytest.mark.parametrize(
    ("counts", "place", "who"),
    [((3, 3), "first", "Ann and Bo"), ((5, 2, 2), "second", "Bo and Cy"), ((1, 1, 1, 0), "first", "Ann, Bo and Cy")],
)
def test_edge_tie_without_a_rule_is_an_error_naming_the_edge(counts: tuple, place: str, who: str) -> None:
    with pytest.raises(SheetError) as caught:
        edge_places(counts, (6, 3), "", 2, NAMES)
    assert caught.value.path == "table.edges[2]"
    en, zh = caught.value.message.en, caught.value.message.zh
    assert en.startswith(f"Edge 3: {who} are tied for {place} place")
    assert "source has no rule" in en and "table must choose" in en
    assert zh.startswith("边沿 3：") and "原文没有说明" in zh


# ---------------------------------------------------------------- the whole sheet


def test_edges_add_up_across_the_four_edges_two_players() -> None:
    result = by_name(
        score(
            GAME,
            sheet({"edge_servants": [3, 1, 0, 2]}, {"edge_servants": [1, 2, 0, 2]}, rule=SPLIT_DOWN),
        )
    )
    # edge 1: Ann 6, Bo 3; edge 2: Bo 5, Ann 2; edge 3 empty; edge 4 tied for first: (3 + 1) // 2 each.
    assert dict(result["Ann"].breakdown)["edges"] == 6 + 2 + 0 + 2
    assert dict(result["Bo"].breakdown)["edges"] == 3 + 5 + 0 + 2


@pytest.mark.parametrize(
    ("rule", "ann", "bo", "cy"),
    [(EACH_SCORES, 6, 6, 0), (SPLIT_DOWN, 4, 4, 0)],
)
def test_tie_rule_applies_on_the_sheet(rule: str, ann: int, bo: int, cy: int) -> None:
    edge = [2, 0, 0, 0]
    result = by_name(
        score(GAME, sheet({"edge_servants": edge}, {"edge_servants": edge}, {"edge_servants": [1, 0, 0, 0]}, rule=rule))
    )
    assert [dict(result[n].breakdown)["edges"] for n in ("Ann", "Bo", "Cy")] == [ann, bo, cy]


def test_edge_notes_show_each_edge_and_the_rule_used() -> None:
    result = score(
        GAME,
        sheet({"edge_servants": [2, 1, 0, 0]}, {"edge_servants": [2, 3, 0, 0]}, rule=SPLIT_DOWN),
    )
    notes = [n.en for n in result.notes]
    assert (
        "Edge 1: Ann and Bo tie for first with 2 servants each and score 4 each (split, rounded down); nobody is second."
        in notes
    )
    assert "Edge 2: first Bo (3 servants) scores 5; second Ann (1 servant) scores 2." in notes
    assert "Edge 3: nobody has servants there; nobody scores." in notes
    assert any("平分向下取整" in n.zh for n in result.notes)


def test_every_tied_edge_is_named_in_one_question_when_no_rule_is_chosen() -> None:
    """Issue 28 point 5: one question, asked once, naming each tied edge in the table's words, for the table's rule."""
    raw = sheet({"edge_servants": [2, 0, 1, 4]}, {"edge_servants": [2, 0, 1, 3]})
    _, problems = check_sheet(GAME, raw)
    assert [p.as_dict()["kind"] for p in problems] == ["choice"]
    asked = problems[0].as_dict()
    assert asked["fields"] == ["table.edge_tie_rule"]
    assert asked["en"] == (
        "Edge 1: Ann and Bo, 2 servants each, tied for first; Edge 3: Ann and Bo, 1 servant each, tied for first. "
        "The source does not say how a tie on an edge scores. How does your table score a tie on an edge?"
    )
    assert asked["zh"] == (
        "边沿 1：Ann、Bo 各 2 个仆人，并列第一名；边沿 3：Ann、Bo 各 1 个仆人，并列第一名。"
        "原文没有说明边沿上的平手怎样计分。你们怎样计算边沿上的平手？"
    )
    with pytest.raises(SheetError) as caught:
        score(GAME, raw)
    assert caught.value.path == "table.edge_tie_rule"


def test_a_tie_with_a_rule_chosen_is_no_problem() -> None:
    _, problems = check_sheet(
        GAME, sheet({"edge_servants": [2, 0, 0, 0]}, {"edge_servants": [2, 0, 0, 0]}, rule=EACH_SCORES)
    )
    assert problems == []


def test_custom_score_refuses_an_unsettled_tie_even_when_called_directly() -> None:
    from scoring.core import parse_sheet

    parsed = parse_sheet(
        GAME, sheet({"edge_servants": [1, 1, 0, 0]}, {"edge_servants": [1, 2, 0, 0]}, rule=EACH_SCORES)
    )
    unsettled = type(parsed)(parsed.players, {**parsed.table, "edge_tie_rule": ""}, parsed.options)
    with pytest.raises(SheetError, match="Edge 1"):
        GAME.score(GAME, unsettled)


def test_tied_totals_share_the_place_and_say_the_source_has_no_tie_breaker() -> None:
    result = score(GAME, sheet({"nobles": 20}, {"nobles": 14, "privileges_unplayed": 6}, {"nobles": 3}))
    assert [(p.name, p.place) for p in result.players] == [("Ann", 1), ("Bo", 1), ("Cy", 3)]
    assert result.players[0].decided_by.kind is DecisionKind.SHARED
    assert "no tie-breaker" in result.players[0].decided_by.text.en
    assert result.players[2].decided_by.kind is DecisionKind.TOTAL
    assert GAME.tie_breakers == ()
    assert any("no tie-breaker" in n.en for n in result.notes)


def test_higher_total_places_first() -> None:
    result = score(GAME, sheet({"nobles": 5}, {"nobles": 9}, {"nobles": 1}, {"nobles": 7}))
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("Di", 2), ("Ann", 3), ("Cy", 4)]


@pytest.mark.parametrize(
    ("raw", "field", "message"),
    [
        (sheet({"nobles": -1}, {}), "players[0].scores.nobles", "cannot be negative"),
        (sheet({"nobles": "2.5"}, {}), "players[0].scores.nobles", "whole number"),
        (sheet({"edge_servants": [1, 2, 3]}, {}), "players[0].scores.edge_servants", "needs 4 values"),
        (sheet({"edge_servants": [26, 0, 0, 0]}, {}), "players[0].scores.edge_servants[0]", "at most 25"),
        (sheet({}, {}, rule="coin"), "table.edge_tie_rule", "must be one of each-scores, split-down"),
        (sheet({}, {}, edges=((6, 3),) * 3), "table.edges", "needs 4 values"),
        (sheet({}, {}, edges=((6, 3, 1),) * 4), "table.edges[0]", "needs 2 values"),
        (sheet({}, {}, edges=((6, -3),) * 4), "table.edges[0][1]", "cannot be negative"),
        (sheet({"castles": 1}, {}), "players[0].scores.castles", "unknown category"),
    ],
)
def test_bad_values_name_the_field(raw: dict, field: str, message: str) -> None:
    with pytest.raises(SheetError) as caught:
        score(GAME, raw)
    assert caught.value.path == field
    assert message in caught.value.message.en
    assert caught.value.message.zh


@pytest.mark.parametrize("count", [1, 5])
def test_wrong_player_count(count: int) -> None:
    with pytest.raises(SheetError, match="2–4 players"):
        score(GAME, {"players": [{"name": f"P{i}", "scores": {}} for i in range(count)]})


def test_choice_labels_define_both_rules() -> None:
    labels = {c.value: c.label for c in next(f for f in GAME.table_fields if f.key == "edge_tie_rule").choices}
    assert set(labels) == {EACH_SCORES, SPLIT_DOWN}
    assert "every tied player scores that place's points" in labels[EACH_SCORES].en
    assert "nobody is second" in labels[EACH_SCORES].en
    assert "share them evenly, rounded down" in labels[SPLIT_DOWN].en
    assert "向下取整" in labels[SPLIT_DOWN].zh


def test_registry_knows_the_game() -> None:
    assert get_game("palais-royal") is GAME
    assert GAME.source_lang == "zh-Hans"


# ---------------------------------------------------------------- majority helper


def rooms(**servants: int) -> list[int]:
    """Nine room counts from room names (English, spaces as underscores)."""
    counts = [0] * len(ROOMS)
    for key, value in servants.items():
        counts[ROOM_INDEX[key.replace("_", " ").replace("Kings", "King's")]] = value
    return counts


def helper(*players: list[int]) -> dict:
    """Run the majority helper."""
    raw = {"players": [{"name": NAMES[i], "scores": {"room_servants": p}} for i, p in enumerate(players)]}
    return run_helper("palais-royal", "majority", raw)


def line(answer: dict, room: str) -> str:
    """The English answer line of one room."""
    return next(x["en"] for x in answer["lines"] if x["en"].startswith(room + ":"))


@pytest.mark.parametrize(
    ("counts", "cardinal", "holder"),
    [
        ((3, 2, 1), (0, 0, 0), 0),
        ((0, 0, 0), (1, 2, 0), None),
        ((2, 2, 1), (0, 0, 5), None),
        ((2, 2, 1), (1, 0, 5), 0),
        ((2, 2, 1), (0, 3, 5), 1),
        ((2, 2, 1), (2, 2, 5), None),
        ((2, 2, 2), (1, 3, 3), None),
        ((2, 2, 2), (1, 3, 2), 1),
        ((1, 4), (9, 0), 1),
        ((4, 4), (0, 1), 1),
    ],
)
def test_majority_holder(counts: tuple, cardinal: tuple, holder: int | None) -> None:
    assert majority_holder(counts, cardinal) == holder


def test_helper_names_each_holder_and_the_bonus() -> None:
    answer = helper(
        rooms(Parade_ground=3, Mint=2, Stairway=2, Cardinal=1),
        rooms(Parade_ground=3, Mint=1, Stairway=2),
        rooms(Kings_Residence=1, Stairway=2, Cardinal=1),
    )
    assert answer["ok"]
    assert len(answer["lines"]) == 9
    assert line(answer, "Mint") == "Mint: Ann has the most (2 servants) → gets 1 extra gold coin."
    assert line(answer, "Parade ground") == (
        "Parade ground: Ann and Bo tie (3 each); Ann has the most servants with the Cardinal (1) → "
        "may place 1 more servant at the gate."
    )
    assert "still tied with the Cardinal: nobody gets" in line(answer, "Stairway")
    assert "Cy has the most (1 servant)" in line(answer, "King's Residence")
    assert "no servants there; nobody gets" in line(answer, "Madame de Pompadour")
    assert answer["fills"] == {}


def test_helper_tie_with_no_cardinal_servants() -> None:
    answer = helper(rooms(Madame_de_Pompadour=2), rooms(Madame_de_Pompadour=2))
    assert "none of them has servants with the Cardinal: nobody gets the majority bonus" in line(
        answer, "Madame de Pompadour"
    )


@pytest.mark.parametrize(
    ("room", "bonus"),
    [
        ("Parade ground", "1 more servant at the gate"),
        ("Stairway", "1 more move"),
        ("Mint", "1 extra gold coin"),
        ("King's Residence", "1 extra servant to the King's Residence"),
        ("Madame de Pompadour", "1 extra servant to Madame de Pompadour"),
        ("Office", "majority bonus: none"),
        ("Back door", "majority bonus: none"),
        ("Gate", "no action and no majority bonus"),
        ("Cardinal", "settle ties in the other rooms"),
    ],
)
def test_each_room_says_its_bonus(room: str, bonus: str) -> None:
    counts = [0] * len(ROOMS)
    counts[ROOM_INDEX[room]] = 2
    answer = helper(counts, [0] * len(ROOMS))
    assert bonus in line(answer, room)


def test_rooms_without_a_bonus_name_no_holder() -> None:
    answer = helper(rooms(Office=5, Back_door=3), rooms(Office=1))
    for room in ("Office", "Back door", "Gate", "Cardinal"):
        assert "Ann" not in line(answer, room) and "Bo" not in line(answer, room)


@pytest.mark.parametrize(
    ("counts", "field", "message"),
    [
        ([1] * 8, "players[0].scores.room_servants", "needs 9 values"),
        ([26, 0, 0, 0, 0, 0, 0, 0, 0], "players[0].scores.room_servants[0]", "at most 25"),
        ([-1, 0, 0, 0, 0, 0, 0, 0, 0], "players[0].scores.room_servants[0]", "cannot be negative"),
        ([5, 5, 5, 5, 5, 1, 0, 0, 0], "players[0].scores.room_servants", "26 servants in the rooms"),
    ],
)
def test_helper_bad_input(counts: list, field: str, message: str) -> None:
    answer = helper(counts, [0] * 9)
    assert not answer["ok"]
    problem = answer["problems"][0]
    assert problem["field"] == field
    assert message in problem["en"] and problem["zh"]


def test_helper_accepts_all_servants_of_a_colour() -> None:
    assert helper([5, 5, 5, 5, 5, 0, 0, 0, 0], [0] * 9)["ok"]


@pytest.mark.parametrize("count", [1, 5])
def test_helper_player_count(count: int) -> None:
    answer = helper(*([[0] * 9] * count))
    assert not answer["ok"] and "2–4 players" in answer["problems"][0]["en"]


# ---------------------------------------------------------------- properties


def tie_on_scoring_places(counts: list[int]) -> bool:
    """A tie for first, or for second behind a single first, among players with servants."""
    ranked = sorted((c for c in counts if c > 0), reverse=True)
    return (len(ranked) >= 2 and ranked[0] == ranked[1]) or (len(ranked) >= 3 and ranked[1] == ranked[2])


@st.composite
def sheets(draw: st.DrawFn, rules: tuple[str, ...] = ("", EACH_SCORES, SPLIT_DOWN)) -> dict:
    """A valid sheet with few servants per edge, so that ties are common."""
    count = draw(st.integers(GAME.min_players, GAME.max_players))
    players = []
    for i in range(count):
        scores = {
            "nobles": draw(st.integers(0, 40)),
            "privileges_played": draw(st.integers(0, 10)),
            "privileges_unplayed": draw(st.integers(0, 10)),
            # at most 2 an edge: four players' 32 leave room for one more under the board's 36 noble spaces
            "edge_servants": draw(st.lists(st.integers(0, 2), min_size=4, max_size=4)),
        }
        players.append({"name": NAMES[i], "scores": scores})
    first = draw(st.lists(st.integers(0, 12), min_size=4, max_size=4))
    edges = [[f, draw(st.integers(0, f))] for f in first]
    return {"players": players, "table": {"edges": edges, "edge_tie_rule": draw(st.sampled_from(rules))}}


def edge_column(raw: dict, edge: int) -> list[int]:
    """Every player's servants on one edge."""
    return [p["scores"]["edge_servants"][edge] for p in raw["players"]]


@settings(max_examples=300, deadline=None)
@given(raw=sheets())
def test_totals_are_sums_and_places_a_ranking(raw: dict) -> None:
    unsettled = not raw["table"]["edge_tie_rule"] and any(tie_on_scoring_places(edge_column(raw, e)) for e in range(4))
    if unsettled:
        with pytest.raises(SheetError):
            score(GAME, raw)
        return
    result = score(GAME, raw)
    assert len(result.players) == len(raw["players"])
    for player in result.players:
        assert player.total == sum(dict(player.breakdown).values())
    check_ranking(result)


@settings(max_examples=200, deadline=None)
@given(raw=sheets(rules=(EACH_SCORES, SPLIT_DOWN)))
def test_edge_points_stay_within_the_printed_points(raw: dict) -> None:
    rule = raw["table"]["edge_tie_rule"]
    for edge in range(4):
        first, second = raw["table"]["edges"][edge]
        column = edge_column(raw, edge)
        places = edge_places(column, (first, second), rule, edge)
        handed = {i: p.points for p in places for i in p.players}
        assert all(column[i] > 0 for i in handed)  # nobody places on an edge without servants
        if rule == EACH_SCORES:
            assert all(points in (first, second) for points in handed.values())
        else:
            assert sum(handed.values()) <= first + second
        if not tie_on_scoring_places(column):
            scored = sorted(handed.values(), reverse=True)
            assert scored == [first, second][: len(scored)]
            assert len(scored) == min(2, sum(c > 0 for c in column))


@settings(max_examples=200, deadline=None)
@given(raw=sheets(rules=(EACH_SCORES,)), data=st.data())
def test_one_more_servant_never_costs_edge_points_when_each_scores(raw: dict, data: st.DataObject) -> None:
    before = {p.name: dict(p.breakdown)["edges"] for p in score(GAME, raw).players}
    index = data.draw(st.integers(0, len(raw["players"]) - 1))
    edge = data.draw(st.integers(0, 3))
    raw["players"][index]["scores"]["edge_servants"][edge] += 1
    after = {p.name: dict(p.breakdown)["edges"] for p in score(GAME, raw).players}
    name = raw["players"][index]["name"]
    assert after[name] >= before[name]


@settings(max_examples=100, deadline=None)
@given(raw=sheets(rules=(EACH_SCORES, SPLIT_DOWN)), data=st.data())
def test_seat_order_does_not_change_anyone_s_score(raw: dict, data: st.DataObject) -> None:
    before = {p.name: (p.total, p.place) for p in score(GAME, raw).players}
    raw["players"] = data.draw(st.permutations(raw["players"]))
    after = {p.name: (p.total, p.place) for p in score(GAME, raw).players}
    assert after == before


# ---------------------------------------------------------------- blank edge points: missing, not 0

BLANK = (("", ""), ("", ""), ("", ""), ("", ""))


@pytest.mark.parametrize(
    ("servants", "edges", "rule", "needed"),
    [
        # one player on edge 1, its points blank: first place's points are needed, second's are not
        ([[2, 0, 0, 0], [0, 0, 0, 0]], BLANK, None, ["table.edges[0][0]"]),
        # first and second on edge 2: both its points
        ([[0, 3, 0, 0], [0, 1, 0, 0]], BLANK, None, ["table.edges[1][0]", "table.edges[1][1]"]),
        # only second place's points blank
        ([[0, 3, 0, 0], [0, 1, 0, 0]], ((6, 3), (5, ""), (4, 1), (3, 1)), None, ["table.edges[1][1]"]),
        # a tie for first, each scores first place's points: second place's are not used
        ([[2, 0, 0, 0], [2, 0, 0, 0]], ((6, ""), (5, 2), (4, 1), (3, 1)), EACH_SCORES, []),
        # the same tie split rounded down: both places' points
        ([[2, 0, 0, 0], [2, 0, 0, 0]], ((6, ""), (5, 2), (4, 1), (3, 1)), SPLIT_DOWN, ["table.edges[0][1]"]),
        # nobody on any edge: no points needed
        ([[0, 0, 0, 0], [0, 0, 0, 0]], BLANK, None, []),
        # 0 typed is a value, not a blank
        ([[2, 0, 0, 0], [1, 0, 0, 0]], ((0, 0), (5, 2), (4, 1), (3, 1)), None, []),
    ],
)
def test_blank_edge_points_a_place_scores_from_are_missing(servants, edges, rule, needed) -> None:
    raw = sheet(*({"nobles": 10 + i, "edge_servants": s} for i, s in enumerate(servants)), edges=edges, rule=rule)
    _, problems = check_sheet(GAME, raw)
    missing = [path for p in problems if isinstance(p, MissingValues) for path in p.paths]
    assert missing == needed
    edges = [p.path.split("]")[0] for p in problems]  # "table.edges[1" for table.edges[1][0], table.edges[1][1]
    assert len(edges) == len(set(edges))  # one message per edge
    if needed:
        assert all("blank is not 0" in p.message.en and "空着不算 0" in p.message.zh for p in problems)
        with pytest.raises(SheetError):
            score(GAME, raw)
    else:
        assert problems == []


def test_edge_points_left_out_of_a_sheet_are_all_blank() -> None:
    raw = {"players": [{"name": "Ann", "scores": {"edge_servants": [1, 0, 0, 1]}}, {"name": "Bo", "scores": {}}]}
    _, problems = check_sheet(GAME, raw)
    assert [p.as_dict()["fields"] for p in problems] == [["table.edges[0][0]"], ["table.edges[3][0]"]]
    assert {p.as_dict()["kind"] for p in problems} == {"missing"}


def test_a_history_refuses_a_sheet_with_blank_edge_points_and_reads_old_records_as_scored() -> None:
    raw = sheet({"nobles": 10, "edge_servants": [2, 0, 0, 0]}, {"nobles": 12}, edges=BLANK)
    with pytest.raises(SheetError) as refused:
        make_record("palais-royal", raw, "2026-01-01T10:00:00Z")
    assert refused.value.path == "table.edges[0][0]"
    # A history keeps blank points as 0 (history._normal), as records saved before this check did: such a record
    # reads as it was scored.
    unused = make_record("palais-royal", sheet({"nobles": 10}, {"nobles": 12}, edges=BLANK), "2026-01-01T10:00:00Z")
    assert unused["sheet"]["table"]["edges"] == [[0, 0]] * 4
    old = sheet({"nobles": 10, "edge_servants": [2, 0, 0, 0]}, {"nobles": 12}, edges=((0, 0),) * 4)
    record = make_record("palais-royal", old, "2026-01-01T10:00:00Z")
    assert {p["name"]: p["total"] for p in record["players"]} == {"Ann": 10, "Bo": 12}
    assert record["sheet"]["table"]["edges"] == [[0, 0]] * 4


def test_blank_table_values_are_read_only_as_deep_as_the_field_goes() -> None:
    nested: object = 1
    for _ in range(900):  # json.loads reads this deep; walking it by recursion would not
        nested = [nested]
    raw = sheet({"nobles": 1, "edge_servants": [1, 0, 0, 0]}, {"nobles": 2}, edges=((nested, 3), [None], "x", ()))
    _, problems = check_sheet(GAME, raw)
    assert problems and all(isinstance(p, SheetError) for p in problems)

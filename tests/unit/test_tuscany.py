"""The Castles of Tuscany: setup counts, every scoring rule, each tie-breaker step, the scoring-phase helper."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get_game
from scoring.api import run_helper, score_json, setup_json
from scoring.core import MAX_VALUE, DecisionKind, SheetError, check_sheet, checklist, score, setup_diagram
from scoring.games.tuscany import GAME, card_points, red_after, setup

NAMES = ("Ann", "Bo", "Cy", "Di")


def sheet(*players: dict) -> dict:
    """A score sheet with these players' values; tie-breakers not given are 0 (blank ones: see tied())."""
    zero = {t.key: 0 for t in GAME.tie_breakers}
    return {"players": [{"name": NAMES[i], "scores": zero | dict(p)} for i, p in enumerate(players)]}


def by_name(result) -> dict:
    """Players of a result by name."""
    return {p.name: p for p in result.players}


def helper(*players: dict, start: object = None) -> dict:
    """Run the scoring-phase helper on these players' green and red entries."""
    form: dict = {"players": [{"name": NAMES[i], "scores": dict(p)} for i, p in enumerate(players)]}
    if start is not None:
        form["table"] = {"red_start": start}
    return run_helper("tuscany", "scoring-phase", form)


def english(answer: dict) -> list[str]:
    """The helper's lines in English."""
    return [line["en"] for line in answer["lines"]]


# ---------------------------------------------------------------- setup


def step(players: int, fragment: str):
    """The one setup step whose English text holds this fragment."""
    found = [s for s in setup(players) if fragment in s.text.en]
    assert len(found) == 1, fragment
    return found[0]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    ("en", "zh"),
    [
        ("one each of A, B and C", "A、B、C 各一张"),
        ("along their long edges", "沿长边拼在一起"),
        ("offset by at most one hex", "高度差不能超过一个六角板块"),
        (
            "starting castle on any one of the three dark-green hex spaces",
            "起始城堡放到自己区域图板上三个深绿色六角区域",
        ),
        ("other 21 hexes face down into 3 stacks of 7", "其余 21 个板块正面朝下洗混，分成 3 叠、每叠 7 个"),
        ("draws 5 region cards", "抽 5 张区域牌"),
        ("takes the start player card", "拿起始玩家牌"),
        (
            "In turn order from the start player, each player takes 1 square bonus tile",
            "按回合顺序，每名玩家拿 1 个正方奖励板块",
        ),
        ("+1 storage space at once moves their green-track marker 2 spaces forward", "绿色计分轨上的指示物推进 2 格"),
        ("Turn 8 neutral hexes face up", "翻开 8 块中立六角板块"),
        ("two rows of four", "排成两列、每列四个"),
        ("122 region cards", "122 张区域牌"),
        ("27 yield cards", "27 张生产牌"),
        ("12 marbles, 12 workers and 10 blue hex markers", "12 个大理石、12 个工人和 10 个蓝色六角指示物"),
        ("25 square bonus tiles", "25 个正方奖励板块"),
        ("8 colour bonus tiles in a row, the side showing 1 face up", "8 个颜色奖励板块排成一列，显示 1 的那面朝上"),
        ("32 neutral hexes (beige backs)", "32 块中立六角板块"),
        ("all 22 hexes of their colour", "全部 22 个六角板块"),
        ("50/100 marker", "50/100 分数标记"),
    ],
)
def test_every_setup_fact_in_both_languages(players: int, en: str, zh: str) -> None:
    found = step(players, en)
    assert zh in found.text.zh


@pytest.mark.parametrize(("players", "dealt", "left"), [(2, 10, 112), (3, 15, 107), (4, 20, 102)])
def test_region_cards_dealt_and_left_by_player_count(players: int, dealt: int, left: int) -> None:
    deal = step(players, "draws 5 region cards")
    assert f"({dealt} in all; {left} stay in the pile)" in deal.text.en
    assert f"共 {dealt} 张，牌库剩 {left} 张" in deal.text.zh


@pytest.mark.parametrize(("players", "boards"), [(2, 6), (3, 9), (4, 12)])
def test_three_region_boards_each(players: int, boards: int) -> None:
    assert f"({boards} in all)" in step(players, "3 random region boards").text.en
    assert f"每名玩家（共 {players} 名）拿 1 个玩家图板" in step(players, "takes 1 player board").text.zh


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_follows_the_source_order(players: int) -> None:
    steps = setup(players)
    assert len(steps) == 19
    order = ["scoring board", "122 region", "27 yield", "square bonus", "colour bonus", "marbles", "32 neutral"]
    order += [
        "takes 1 player board",
        "22 hexes",
        "3 stacks of 7",
        "red) track",
        "50/100",
        "draws 5",
        "region boards, one",
    ]
    order += ["long edges", "starting castle on", "start player card", "square bonus tile and", "Turn 8 neutral"]
    assert [next(i for i, s in enumerate(steps) if word in s.text.en) for word in order] == list(range(19))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_marker_start_is_doubtful_and_not_invented(players: int) -> None:
    markers = step(players, "inner (red) track")
    assert "50" not in markers.text.en and "50" not in markers.text.zh
    assert markers.note is not None
    assert "“at 50”, which is unclear" in markers.note.en and "does not guess" in markers.note.en
    assert "“50的位置上”，意思不明" in markers.note.zh


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_count_depends_on_players_and_the_display_says_so(players: int) -> None:
    display = step(players, "Turn 8 neutral hexes")
    assert display.note is not None
    assert f"{players} players also use 8" in display.note.en
    assert f"{players} 人游戏同样是 8 个" in display.note.zh


def test_setup_json_matches_setup() -> None:
    answer = setup_json("tuscany", 3)
    assert [s["en"] for s in answer["steps"]] == [s.text.en for s in setup(3)]
    assert answer["steps"][10]["note"]["zh"] == setup(3)[10].note.zh


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_setup_outside_the_player_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2–4 players"):
        checklist(GAME, players)
    with pytest.raises(ValueError, match="2–4 players"):
        setup_diagram(GAME, players)


# ---------------------------------------------------------------- score sheet


@pytest.mark.parametrize(
    ("category", "value", "points"),
    [
        ("red_track", 0, 0),
        ("red_track", 73, 73),
        ("red_track", 148, 148),
        ("unplaced_tiles", 4, 4),
        ("unplaced_tiles", 21, 21),
        ("hex_markers", 2, 2),
        ("hex_markers", 10, 10),
        ("marble", 3, 3),
        ("marble", 12, 12),
        ("workers", 5, 5),
        ("workers", 12, 12),
    ],
)
def test_one_point_each(category: str, value: int, points: int) -> None:
    bo = by_name(score(GAME, sheet({}, {category: value})))["Bo"]
    assert dict(bo.breakdown)[category] == points
    assert bo.total == points


@pytest.mark.parametrize(
    ("cards", "points"),
    [(0, 0), (1, 0), (2, 0), (3, 1), (4, 1), (5, 1), (6, 2), (8, 2), (9, 3), (100, 33), (122, 40)],
)
def test_one_point_per_three_cards_rounded_down(cards: int, points: int) -> None:
    assert card_points(cards) == points
    ann = by_name(score(GAME, sheet({"cards_in_hand": cards}, {})))["Ann"]
    assert dict(ann.breakdown)["cards_in_hand"] == points
    assert ann.total == points


def test_total_is_the_sum_and_tie_breaker_inputs_are_not_scored() -> None:
    values = {"red_track": 92, "unplaced_tiles": 3, "hex_markers": 1, "marble": 4, "workers": 2, "cards_in_hand": 7}
    ann = by_name(score(GAME, sheet({**values, "empty_spaces": 30, "green_track": 40}, {})))["Ann"]
    assert ann.total == 92 + 3 + 1 + 4 + 2 + 2
    assert set(dict(ann.breakdown)) == {
        "red_track",
        "unplaced_tiles",
        "hex_markers",
        "marble",
        "workers",
        "cards_in_hand",
    }


@pytest.mark.parametrize(
    ("field", "largest"),
    [
        ("red_track", MAX_VALUE),
        ("unplaced_tiles", 21),
        ("hex_markers", 10),
        ("marble", 12),
        ("workers", 12),
        ("cards_in_hand", 122),
        ("empty_spaces", MAX_VALUE),
        ("green_track", MAX_VALUE),
    ],
)
def test_bounds_from_the_source(field: str, largest: int) -> None:
    score(GAME, sheet({field: largest}, {}))
    with pytest.raises(SheetError) as caught:
        score(GAME, sheet({field: largest + 1}, {}))
    assert caught.value.path == f"players[0].scores.{field}"
    assert f"at most {largest}" in caught.value.message.en
    assert f"最大为 {largest}" in caught.value.message.zh
    with pytest.raises(SheetError, match="cannot be negative"):
        score(GAME, sheet({}, {field: -1}))


@pytest.mark.parametrize(
    ("value", "message"),
    [("2.5", "whole number"), (1.5, "whole number"), ("many", "is not a number"), ([3], "enter a number")],
)
def test_bad_values_name_the_field(value: object, message: str) -> None:
    with pytest.raises(SheetError) as caught:
        score(GAME, sheet({}, {"marble": value}))
    assert caught.value.path == "players[1].scores.marble"
    assert message in caught.value.message.en and caught.value.message.zh


@pytest.mark.parametrize("count", [1, 5])
def test_wrong_player_count(count: int) -> None:
    players = [{"name": f"P{i}", "scores": {}} for i in range(count)]
    with pytest.raises(SheetError, match="2–4 players"):
        score(GAME, {"players": players})


def test_higher_total_places_first_whatever_the_tie_breakers() -> None:
    result = score(
        GAME,
        sheet(
            {"red_track": 80, "empty_spaces": 0, "green_track": 99, "cards_in_hand": 2},
            {"red_track": 81, "empty_spaces": 0, "green_track": 99, "cards_in_hand": 2},
            {"red_track": 79, "empty_spaces": 40, "green_track": 0, "cards_in_hand": 0},
        ),
    )
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("Ann", 2), ("Cy", 3)]
    assert all(p.decided_by.kind is DecisionKind.TOTAL for p in result.players)


# Each row: two players tied on 60 points, and the tie-breaker that must separate them (Ann wins).
TIE_ROWS = [
    pytest.param(
        {"empty_spaces": 6, "green_track": 70, "cards_in_hand": 5},
        {"empty_spaces": 5, "green_track": 10, "cards_in_hand": 3},
        "empty_spaces",
        "most empty spaces on the region boards (6)",
        "区域图板上空格最多",
        id="1-most-empty-spaces",
    ),
    pytest.param(
        {"empty_spaces": 5, "green_track": 41, "cards_in_hand": 5},
        {"empty_spaces": 5, "green_track": 42, "cards_in_hand": 3},
        "green_track",
        "fewest points on the green track (41)",
        "绿色计分轨分数最少",
        id="2-fewest-green",
    ),
    pytest.param(
        {"empty_spaces": 5, "green_track": 42, "cards_in_hand": 4},
        {"empty_spaces": 5, "green_track": 42, "cards_in_hand": 5},
        "cards_in_hand",
        "fewest region cards left (4)",
        "剩下的区域牌最少",
        id="3-fewest-cards-not-card-points",
    ),
]


@pytest.mark.parametrize(("ann", "bo", "key", "en", "zh"), TIE_ROWS)
def test_each_tie_breaker_step(ann: dict, bo: dict, key: str, en: str, zh: str) -> None:
    # Red points make up the difference so both total 60.
    ann = {**ann, "red_track": 60 - card_points(ann["cards_in_hand"])}
    bo = {**bo, "red_track": 60 - card_points(bo["cards_in_hand"])}
    for order in ((ann, bo), (bo, ann)):
        names = ("Ann", "Bo") if order[0] is ann else ("Bo", "Ann")
        players = [{"name": n, "scores": v} for n, v in zip(names, order, strict=True)]
        result = score(GAME, {"players": players})
        assert [(p.name, p.total, p.place) for p in result.players] == [("Ann", 60, 1), ("Bo", 60, 2)]
        winner, loser = result.players
        assert winner.decided_by.kind is DecisionKind.TIE_BREAKER and winner.decided_by.key == key
        assert loser.decided_by.key == key
        assert en in winner.decided_by.text.en
        assert zh in winner.decided_by.text.zh


def test_cards_tie_breaker_compares_cards_not_their_points() -> None:
    # 3 and 5 cards are both worth 1 point; the tie-breaker still tells them apart.
    result = score(
        GAME,
        sheet(
            {"red_track": 40, "cards_in_hand": 5, "empty_spaces": 2, "green_track": 9},
            {"red_track": 40, "cards_in_hand": 3, "empty_spaces": 2, "green_track": 9},
        ),
    )
    assert [p.name for p in result.players] == ["Bo", "Ann"]
    assert [dict(p.breakdown)["cards_in_hand"] for p in result.players] == [1, 1]


def test_three_way_tie_resolved_on_the_third_tie_breaker() -> None:
    same = {"empty_spaces": 8, "green_track": 55}
    result = score(
        GAME,
        sheet(
            {**same, "red_track": 70, "cards_in_hand": 5},
            {**same, "red_track": 70, "cards_in_hand": 3},
            {**same, "red_track": 70, "cards_in_hand": 4},
            {**same, "red_track": 20},
        ),
    )
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("Cy", 2), ("Ann", 3), ("Di", 4)]
    assert [p.decided_by.key for p in result.players[:3]] == ["cards_in_hand"] * 3
    assert result.players[3].decided_by.kind is DecisionKind.TOTAL


def test_three_way_tie_where_two_still_share_after_the_third_tie_breaker() -> None:
    same = {"empty_spaces": 8, "green_track": 55, "red_track": 70}
    result = score(
        GAME, sheet({**same, "cards_in_hand": 5}, {**same, "cards_in_hand": 3}, {**same, "cards_in_hand": 3})
    )
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("Cy", 1), ("Ann", 3)]
    assert result.players[2].decided_by.key == "cards_in_hand"


def test_tie_breakers_apply_in_order_within_one_tie() -> None:
    # Cy wins on empty spaces; Ann and Bo are still tied there and part on the green track.
    result = score(
        GAME,
        sheet(
            {"red_track": 50, "empty_spaces": 3, "green_track": 30, "cards_in_hand": 0},
            {"red_track": 50, "empty_spaces": 3, "green_track": 20, "cards_in_hand": 2},
            {"red_track": 50, "empty_spaces": 4, "green_track": 90, "cards_in_hand": 2},
        ),
    )
    assert [(p.name, p.place) for p in result.players] == [("Cy", 1), ("Bo", 2), ("Ann", 3)]
    assert result.players[0].decided_by.key == "empty_spaces"


def test_full_tie_shares_the_place() -> None:
    same = {"red_track": 64, "empty_spaces": 2, "green_track": 50, "cards_in_hand": 4}
    result = score(GAME, sheet(same, same, {**same, "red_track": 63}))
    assert [(p.name, p.place) for p in result.players] == [("Ann", 1), ("Bo", 1), ("Cy", 3)]
    assert [p.decided_by.kind for p in result.players] == [DecisionKind.SHARED, DecisionKind.SHARED, DecisionKind.TOTAL]


def test_tie_breakers_never_lift_a_lower_total() -> None:
    result = score(
        GAME,
        sheet({"red_track": 60}, {"red_track": 59, "empty_spaces": 99, "green_track": 0}),
    )
    assert [p.name for p in result.players] == ["Ann", "Bo"]


def test_notes_say_what_the_source_leaves_open() -> None:
    result = score(GAME, sheet({}, {}))
    text = " ".join(n.en for n in result.notes)
    assert "tiles left in the player's stacks" in text
    assert "“at 50”" in text and "adds or removes no starting points" in text
    assert all(n.zh for n in result.notes)


def test_tie_breakers_are_the_sources_in_order() -> None:
    assert [(t.key, t.most_wins, t.in_source) for t in GAME.tie_breakers] == [
        ("empty_spaces", True, True),
        ("green_track", False, True),
        ("cards_in_hand", False, True),
    ]
    assert [f.key for f in GAME.extra_player_fields] == ["empty_spaces", "green_track"]


def test_registry_and_json() -> None:
    assert get_game("tuscany") is GAME
    answer = score_json("tuscany", sheet({"red_track": 9}, {"red_track": 3}))
    assert [p["name"] for p in answer["players"]] == ["Ann", "Bo"]


# ---------------------------------------------------------------- scoring-phase helper


@pytest.mark.parametrize(
    ("greens", "others", "start", "reds", "done"),
    [
        pytest.param([(0, 0, 0), (0, 0, 0)], [(0, 0, 0), (0, 0, 0)], "", (0, 0), 0, id="nothing-yet"),
        pytest.param([(0, 0, 0), (0, 0, 0)], [(2, 0, 0), (0, 0, 0)], "", (2, 0), 0, id="hex-marker-no-room"),
        pytest.param([(20, 0, 0), (2, 0, 0)], [(0, 0, 0), (0, 0, 0)], "", (20, 2), 1, id="first-scoring"),
        pytest.param([(20, 45, 0), (12, 30, 0)], [(0, 2, 0), (0, 0, 0)], "0", (67, 42), 2, id="second-scoring"),
        pytest.param([(20, 45, 70), (12, 30, 51)], [(0, 2, 0), (4, 0, 2)], "", (137, 99), 3, id="third-scoring"),
        pytest.param([(20, 45, 70), (12, 30, 51)], [(0, 2, 0), (4, 0, 2)], "50", (187, 149), 3, id="from-fifty"),
        pytest.param([(0, 0, 5), (0, 0, 0)], [(0, 0, 0), (0, 0, 0)], "", (5, 0), 3, id="green-zero-until-third"),
    ],
)
def test_red_track_after_each_scoring(greens: list, others: list, start: str, reds: tuple, done: int) -> None:
    players = [{"green": list(g), "red_other": list(o)} for g, o in zip(greens, others, strict=True)]
    answer = helper(*players, start=start)
    assert answer["ok"], answer
    lines = english(answer)
    assert f"Scorings entered: {done} of 3." in lines
    for name, red in zip(NAMES, reds, strict=False):
        assert any(line.startswith(f"{name}: ") and f"red track now {red}" in line for line in lines)
    if done == 3:
        assert answer["fills"] == {"red_track": list(reds), "green_track": [g[2] for g in greens]}
    else:
        assert answer["fills"] == {}
        assert "after the third scoring" in lines[-1]


def test_each_scoring_adds_the_whole_green_total_without_reset() -> None:
    answer = helper({"green": [10, 25, 40], "red_other": [0, 2, 0]}, {"green": [1, 1, 1]})
    ann = next(line for line in english(answer) if line.startswith("Ann: "))
    assert "after the 1st scoring 10, after the 2nd scoring 37, after the 3rd scoring 77" in ann
    assert red_after(0, (10, 25, 40), (0, 2, 0), 2) == 10 + 25 + 2


@pytest.mark.parametrize(
    ("start", "en", "zh"),
    [
        (None, "Red track counted from 0: points scored only.", "红色计分轨从 0 起算，只计本局得分。"),
        ("", "Red track counted from 0: points scored only.", "红色计分轨从 0 起算，只计本局得分。"),
        ("0", "Red track counted from 0: points scored only.", "红色计分轨从 0 起算，只计本局得分。"),
        (50, "Red track counted from 50 (setup step 11 read literally;", "红色计分轨从 50 起算"),
    ],
)
def test_the_output_says_what_it_assumes(start: object, en: str, zh: str) -> None:
    answer = helper({"green": [3, 0, 0]}, {}, start=start)
    assert answer["lines"][0]["en"].startswith(en)
    assert answer["lines"][0]["zh"].startswith(zh)
    if "from 0" in en:
        assert (
            "“at 50”, which is unclear; to count from 50 as literally written, enter 50 above"
            in answer["lines"][0]["en"]
        )
    assert "whole green-track score at that moment is added to the red track" in answer["lines"][1]["en"]
    assert "不要重置绿色计分轨" in answer["lines"][1]["zh"]


@pytest.mark.parametrize(
    ("red", "marker"),
    [
        (49, None),
        (50, "50 marker on the lion's head"),
        (99, "50 marker on the lion's head"),
        (100, "50/100 marker turned to its 100 side"),
        (180, "50/100 marker turned to its 100 side"),
    ],
)
def test_fifty_and_hundred_marker(red: int, marker: str | None) -> None:
    answer = helper({"green": [0, 0, 0], "red_other": [red, 0, 0]}, {})
    ann = next(line for line in english(answer) if line.startswith("Ann: "))
    assert ann.endswith(f"red track now {red}." if marker is None else f"red track now {red}; {marker}.")


@pytest.mark.parametrize(
    ("players", "path", "message"),
    [
        pytest.param(
            ({"green": [30, 20, 0]}, {"green": [5, 9, 0]}),
            "players[0].scores.green[1]",
            "the 2nd scoring (20) is below the one before (30)",
            id="green-went-down",
        ),
        pytest.param(
            ({"green": [30, 40, 60]}, {"green": [5, 9, ""]}),
            "players[1].scores.green[2]",
            "the 3rd scoring (0) is below the one before (9)",
            id="third-scoring-left-empty",
        ),
        pytest.param(
            ({"green": [-1, 0, 0]}, {}),
            "players[0].scores.green[0]",
            "cannot be negative",
            id="negative",
        ),
        pytest.param(
            ({"green": ["x", 0, 0]}, {}),
            "players[0].scores.green[0]",
            "is not a number",
            id="not-a-number",
        ),
        pytest.param(({"green": [1, 2]}, {}), "players[0].scores.green", "needs 3 values", id="two-values"),
        pytest.param(
            ({"red_other": [0, 0, 1.5]}, {}),
            "players[0].scores.red_other[2]",
            "whole number",
            id="fraction",
        ),
        pytest.param(
            ({"green": [999, 999, 999]}, {}),
            "players[0].scores.green",
            "would pass 999",
            id="red-beyond-the-sheet",
        ),
        pytest.param(({"marble": 1}, {}), "players[0].scores.marble", "unknown category", id="not-a-helper-field"),
    ],
)
def test_helper_bad_input_names_the_field(players: tuple, path: str, message: str) -> None:
    answer = helper(*players)
    assert not answer["ok"]
    problem = answer["problems"][0]
    assert problem["field"] == path
    assert message in problem["en"] and problem["zh"]


def test_a_scoring_nobody_entered_is_not_checked() -> None:
    answer = helper({"green": [10, 0, 0]}, {"green": [4, 0, 0]})
    assert answer["ok"]
    assert "Scorings entered: 1 of 3." in english(answer)


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"players": [{"name": "Ann"}], "table": {}}, "2–4 players"),
        ({"players": [{"name": "Ann"}, {"name": ""}]}, "cannot be empty"),
        ({"players": [{"name": "Ann"}, {"name": "Bo"}], "table": {"red_start": "25"}}, "must be one of 0, 50"),
        ({"players": [{"name": "Ann"}, {"name": "Bo"}], "table": {"red_start": 51}}, "must be one of 0, 50"),
        ({"players": [{"name": "Ann"}, {"name": "Bo"}], "table": {"start": "0"}}, "unknown entry"),
    ],
)
def test_helper_form_problems(form: dict, message: str) -> None:
    answer = run_helper("tuscany", "scoring-phase", form)
    assert not answer["ok"]
    assert any(message in p["en"] for p in answer["problems"])


def test_fills_carry_to_the_score_sheet() -> None:
    answer = helper({"green": [20, 45, 70], "red_other": [2, 0, 0]}, {"green": [30, 50, 60]})
    fills = answer["fills"]
    players = [{"name": n, "scores": {key: fills[key][i] for key in fills}} for i, n in enumerate(("Ann", "Bo"))]
    result = by_name(score(GAME, {"players": players}))
    assert dict(result["Ann"].breakdown)["red_track"] == 137
    assert dict(result["Bo"].breakdown)["red_track"] == 140
    assert result["Bo"].place == 1


# ---------------------------------------------------------------- properties

green_totals = st.lists(st.integers(0, 150), min_size=3, max_size=3).map(sorted)
other_points = st.lists(st.integers(0, 20), min_size=3, max_size=3)
sheet_values = st.fixed_dictionaries(
    {
        "red_track": st.integers(0, 12),
        "unplaced_tiles": st.integers(0, 2),
        "hex_markers": st.integers(0, 2),
        "marble": st.integers(0, 2),
        "workers": st.integers(0, 2),
        "cards_in_hand": st.integers(0, 8),
        "empty_spaces": st.integers(0, 2),
        "green_track": st.integers(0, 2),
    }
)


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(st.tuples(green_totals, other_points), min_size=2, max_size=4),
    start=st.sampled_from(["", "0", "50"]),
)
def test_after_three_scorings_red_is_start_plus_greens_plus_other(rows: list, start: str) -> None:
    rows[0][0][2] = max(rows[0][0][2], 1)  # someone has reached the third scoring
    answer = helper(*({"green": g, "red_other": o} for g, o in rows), start=start)
    assert answer["ok"], answer
    base = 50 if start == "50" else 0
    assert answer["fills"]["red_track"] == [base + sum(g) + sum(o) for g, o in rows]
    assert answer["fills"]["green_track"] == [g[2] for g, _ in rows]
    players = [{"name": NAMES[i], "scores": {k: v[i] for k, v in answer["fills"].items()}} for i in range(len(rows))]
    assert check_sheet(GAME, {"players": players})[1] == []  # the fills are a valid score sheet


@settings(max_examples=100, deadline=None)
@given(green=green_totals, other=other_points, start=st.sampled_from([0, 50]))
def test_red_never_goes_down_from_one_scoring_to_the_next(green: list, other: list, start: int) -> None:
    reds = [red_after(start, tuple(green), tuple(other), k) for k in range(4)]
    assert reds[0] == start
    assert reds == sorted(reds)


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(sheet_values, min_size=2, max_size=4), data=st.data())
def test_ties_follow_the_breakers_in_order_and_seats_do_not_matter(rows: list, data: st.DataObject) -> None:
    result = score(GAME, sheet(*rows))
    values = {NAMES[i]: row for i, row in enumerate(rows)}

    def order_key(name: str) -> tuple[int, ...]:
        v = values[name]
        return (-v["empty_spaces"], v["green_track"], v["cards_in_hand"])

    for a, b in zip(result.players, result.players[1:], strict=False):
        if a.total == b.total:
            assert order_key(a.name) <= order_key(b.name)
            assert (a.place == b.place) == (order_key(a.name) == order_key(b.name))
    for p in result.players:
        v = values[p.name]
        one_each = v["red_track"] + v["unplaced_tiles"] + v["hex_markers"] + v["marble"] + v["workers"]
        assert p.total == one_each + v["cards_in_hand"] // 3
    seats = data.draw(st.permutations(range(len(rows))))
    shuffled = {"players": [{"name": NAMES[i], "scores": rows[i]} for i in seats]}
    assert {p.name: p.place for p in score(GAME, shuffled).players} == {p.name: p.place for p in result.players}

"""Issue 17 in scoring: a blank tie-breaker a tie needs is missing, not 0; counts typed as sums ("20+8")."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import GAMES, get_game
from scoring.api import evaluate, history_add
from scoring.core import DecisionKind, MissingTieBreaker, SheetError, check_sheet, score, score_sheet

TUSCANY = get_game("tuscany")
SAVED = "2026-11-23T09:00:00Z"


def players(*entries: tuple[str, dict]) -> dict:
    """A sheet from (name, scores) pairs."""
    return {"players": [{"name": name, "scores": scores} for name, scores in entries]}


def tuscany_tie(**tie_breakers: dict) -> dict:
    """Four players; Ann and 小明 tie on 87, Bo 90, Cy 50; tie-breaker values by player name. Each has a final-scoring
    value typed (marble 0): a column with only the red track (a helper's copy) names no tie yet (issue 41, point 7)."""
    rows = [("Ann", 87), ("Bo", 90), ("小明", 87), ("Cy", 50)]
    return players(*((name, {"red_track": total, "marble": 0, **tie_breakers.get(name, {})}) for name, total in rows))


# ---------------------------------------------------------------- blank tie-breakers


def test_the_issue_case_blank_tie_breakers_leave_the_tie_open_and_name_the_fields() -> None:
    sheet = tuscany_tie(Ann={"cards_in_hand": 2}, 小明={"cards_in_hand": 1})  # both worth 0 points
    result = score_sheet(TUSCANY, check_sheet(TUSCANY, sheet)[0])
    assert [m.paths for m in result.missing] == [("players[0].scores.empty_spaces", "players[2].scores.empty_spaces")]
    assert (
        result.missing[0].message.en
        == "Tied on 87 points: Empty spaces on the region boards for Ann and 小明 settle this tie."
    )
    assert "Ann、小明" in result.missing[0].message.zh and "区域图板上的空格" in result.missing[0].message.zh
    tied = [p for p in result.players if p.total == 87]
    assert [p.decided_by.kind for p in tied] == [DecisionKind.PENDING] * 2
    assert {p.place for p in tied} == {2}  # not told apart: neither is second yet
    assert [(p.name, p.place, p.decided_by.kind) for p in result.players if p.total != 87] == [
        ("Bo", 1, DecisionKind.TOTAL),
        ("Cy", 4, DecisionKind.TOTAL),
    ]
    with pytest.raises(MissingTieBreaker):
        score(TUSCANY, sheet)


def test_only_the_blank_one_is_named_when_the_other_player_filled_it() -> None:
    sheet = tuscany_tie(Ann={"empty_spaces": 3})
    (missing,) = score_sheet(TUSCANY, check_sheet(TUSCANY, sheet)[0]).missing
    assert missing.paths == ("players[2].scores.empty_spaces",)
    assert missing.message.en.endswith("for 小明 settles this tie.")


def test_the_next_tie_breaker_is_asked_for_only_when_the_first_leaves_them_level() -> None:
    sheet = tuscany_tie(Ann={"empty_spaces": 3}, 小明={"empty_spaces": 3})
    (missing,) = score_sheet(TUSCANY, check_sheet(TUSCANY, sheet)[0]).missing
    assert missing.paths == ("players[0].scores.green_track", "players[2].scores.green_track")
    settled = tuscany_tie(Ann={"empty_spaces": 3}, 小明={"empty_spaces": 4})
    result = score(TUSCANY, settled)  # green track and cards stay blank: not needed
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("小明", 2), ("Ann", 3), ("Cy", 4)]
    assert result.players[1].decided_by.key == "empty_spaces"


def test_blank_tie_breakers_without_a_tie_are_not_asked_for() -> None:
    result = score(TUSCANY, players(("Ann", {"red_track": 3}), ("Bo", {"red_track": 2})))
    assert not result.missing and [p.place for p in result.players] == [1, 2]


def test_zero_typed_is_a_value_not_a_blank() -> None:
    sheet = tuscany_tie(Ann={"empty_spaces": "0"}, 小明={"empty_spaces": 1})
    result = score(TUSCANY, sheet)
    assert [p.name for p in result.players[:3]] == ["Bo", "小明", "Ann"]


@pytest.mark.parametrize("blank", [None, "", "  "])
def test_every_kind_of_blank_is_missing(blank: object) -> None:
    sheet = tuscany_tie(Ann={"empty_spaces": blank}, 小明={"empty_spaces": 2})
    with pytest.raises(MissingTieBreaker) as caught:
        score(TUSCANY, sheet)
    assert caught.value.paths == ("players[0].scores.empty_spaces",)


def test_the_page_gets_the_fields_and_the_places_so_far() -> None:
    answer = evaluate("tuscany", tuscany_tie())
    assert not answer["ok"] and "summary" not in answer
    (problem,) = answer["problems"]
    assert problem["kind"] == "tie" and problem["fields"] == [
        "players[0].scores.empty_spaces",
        "players[2].scores.empty_spaces",
    ]
    assert [p["decided_by"]["kind"] for p in answer["result"]["players"]] == ["total", "pending", "pending", "total"]


def test_the_command_line_exits_2_naming_the_fields(tmp_path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(tuscany_tie()), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "scoring", "score", "tuscany", str(path)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 2
    assert "players[0].scores.empty_spaces, players[2].scores.empty_spaces" in run.stderr
    assert "settle this tie" in run.stderr


def test_the_history_refuses_an_open_tie_and_keeps_unneeded_blanks_blank() -> None:
    refused = history_add(None, "tuscany", tuscany_tie(), SAVED)
    assert not refused["ok"] and "settle this tie" in refused["problems"][0]["en"]
    added = history_add(None, "tuscany", tuscany_tie(Ann={"empty_spaces": 1}, 小明={"empty_spaces": 2}), SAVED)
    assert added["ok"]
    scores = [p["scores"] for p in added["record"]["sheet"]["players"]]
    assert [s["empty_spaces"] for s in scores] == [1, None, 2, None]
    assert all(s["green_track"] is None and s["cards_in_hand"] is None for s in scores)
    assert all(s["marble"] == 0 for s in scores)  # a blank scoring field that breaks no tie counts 0


@pytest.mark.parametrize("game", [g for g in GAMES.values() if g.tie_breakers], ids=lambda g: g.id)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_blank_tie_breaker_never_decides_a_place(game, data: st.DataObject) -> None:
    """Property: whatever is filled in, a place decided by a tie-breaker never rests on a blank field."""
    options = {o.key: data.draw(st.booleans()) for o in game.options}
    count = data.draw(st.integers(game.min_players, game.max_players))
    keys = [t.key for t in game.tie_breakers]
    rows = []
    for index in range(count):
        scores = {k: data.draw(st.one_of(st.none(), st.integers(0, 2))) for k in keys}
        rows.append({"name": f"P{index}", "scores": {k: v for k, v in scores.items() if v is not None}})
    raw = {"players": rows, "options": options}
    parsed, problems = check_sheet(game, raw)
    if problems or parsed is None:
        return
    try:
        result = score_sheet(game, parsed)
    except SheetError:
        return
    blank = {p.name: p.blank for p in parsed.players}
    for player in result.players:
        decision = player.decided_by
        if decision.kind is DecisionKind.TIE_BREAKER:
            tried = keys[: keys.index(decision.key) + 1]
            assert not set(tried) & blank[player.name]


# ---------------------------------------------------------------- sums


@pytest.mark.parametrize(
    ("typed", "value"), [("20+8", 28), (" 20 + 8 ", 28), ("3+6+2", 11), ("２０＋８", 28), ("+5", 5)]
)
def test_a_count_takes_a_sum(typed: str, value: int) -> None:
    result = score(get_game("palais-royal"), players(("Ann", {"nobles": typed}), ("Bo", {"nobles": 1})))
    assert dict(result.players[0].breakdown)["nobles"] == value


@pytest.mark.parametrize("typed", ["20+", "20++8", "20+a", "2.5+1", "20-8+1", "20+-8", "1+" * 30 + "1"])
def test_a_bad_sum_names_the_field(typed: str) -> None:
    _, problems = check_sheet(get_game("palais-royal"), players(("Ann", {"nobles": typed}), ("Bo", {})))
    (problem,) = problems
    assert problem.path == "players[0].scores.nobles"
    assert "Nobles" in problem.message.en and "sum like 20+8" in problem.message.en
    assert "贵族" in problem.message.zh


def test_a_sum_beyond_the_bound_is_refused_like_a_number() -> None:
    _, problems = check_sheet(get_game("tuscany"), players(("Ann", {"marble": "10+3"}), ("Bo", {})))
    assert [(p.path, ": at most 12. (1 point each (12 exist))" in p.message.en) for p in problems] == [
        ("players[0].scores.marble", True)
    ]


def test_the_page_gets_each_sum_s_value_and_the_history_keeps_the_sum() -> None:
    sheet = players(("Ann", {"nobles": "20 + 8"}), ("Bo", {"nobles": "3"}))
    assert evaluate("palais-royal", sheet)["sums"] == {"players[0].scores.nobles": 28}
    record = history_add(None, "palais-royal", sheet, SAVED)["record"]
    assert record["sheet"]["players"][0]["scores"]["nobles"] == "20+8"
    assert record["players"][0]["total"] == 28


def test_the_command_line_takes_a_sum(tmp_path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(players(("Ann", {"nobles": "20+8"}), ("Bo", {"nobles": 3}))), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "scoring", "score", "palais-royal", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout)["players"][0]["total"] == 28


def test_sums_in_entries_are_sent_back_by_path() -> None:
    sheet = players(("Ann", {"edge_servants": ["1+2", "3", " 2 + 2 ", "x+1"]}), ("Bo", {}))
    assert evaluate("palais-royal", sheet)["sums"] == {
        "players[0].scores.edge_servants[0]": 3,
        "players[0].scores.edge_servants[2]": 4,
    }


@pytest.mark.parametrize(
    ("game_id", "scores", "said_en", "said_zh"),
    [
        # Bruges: "1" for one statue; the field wants the number printed on each statue
        (
            "bruges",
            {"statues": ["1", ""]},
            "must be one of 0, 2, 3, 4, 5, 6, 7. (The number on each statue (2–7: the site's reading)",
            "每個雕像上的數字",
        ),
        # Burgundy card game: 5 typed as points for four kinds; the field wants the number of kinds
        ("burgundy-cards", {"animal_kinds": "5"}, "at most 4. (Different animals (0–4): 2 kinds 1 point", "2 种 1 分"),
    ],
)
def test_a_value_out_of_bounds_says_what_the_field_wants(
    game_id: str, scores: dict, said_en: str, said_zh: str
) -> None:
    """Issue 28: a refused value says again what to type there (the field's help), in both languages."""
    raw = {"players": [{"name": "Ann", "scores": scores}, {"name": "Bo"}]}
    [problem] = [p for p in evaluate(game_id, raw)["problems"] if p["field"].startswith("players[0]")]
    assert said_en in problem["en"]
    assert said_zh in problem["zh"]

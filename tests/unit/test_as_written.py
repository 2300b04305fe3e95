"""Issue 19's corrections to validation: crashes become messages, wrong input is refused, messages name the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring import GAMES, __main__
from scoring.api import evaluate, history_import, run_helper, score_json
from scoring.core import SheetError, check_sheet
from scoring.history import FORMAT, VERSION, make_record, read_history

TWO = [{"name": "Ann"}, {"name": "Bo"}]
SAVED = "2026-11-21T20:15:00Z"


def problems(game_id: str, sheet: dict) -> dict[str, str]:
    """The sheet's problems, English message by field."""
    return {p.path: p.message.en for p in check_sheet(GAMES[game_id], sheet)[1]}


def history_file(*records: dict) -> str:
    """A history file holding these records as written."""
    return json.dumps({"format": FORMAT, "version": VERSION, "records": list(records)})


# ---------------------------------------------------------------- crashes become messages


@pytest.mark.parametrize("choice", [["each-scores"], {"a": 1}, 3, True, 2.5])
def test_a_choice_that_is_not_text_is_refused_naming_the_field(choice: object) -> None:
    sheet = {"players": TWO, "table": {"edge_tie_rule": choice}}
    found = problems("palais-royal", sheet)
    assert found["table.edge_tie_rule"].startswith("Ties on an edge: must be one of each-scores, split-down")
    assert evaluate("palais-royal", sheet)["ok"] is False


def test_a_choice_that_is_not_text_inside_a_history_leaves_that_record_out() -> None:
    good = make_record("palais-royal", {"players": TWO}, SAVED)
    bad = {**good, "sheet": {**good["sheet"], "table": {"edge_tie_rule": ["each-scores"]}}}
    history = read_history(history_file(bad, {**good, "saved": "2026-11-22T20:15:00Z"}))
    assert [p.path for p in history.skipped] == ["records[0].table.edge_tie_rule"]
    assert len(history.records) == 1
    answer = history_import(None, history_file(bad))
    assert answer["skipped"] == 1


def deep(levels: int) -> str:
    """A sheet with a value nested this many lists deep."""
    return '{"players": [{"name": "Ann", "scores": {"estate_sets": ' + "[" * levels + "]" * levels + "}}]}"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The command line's exit code, standard output and standard error."""
    try:
        code = __main__.main(argv)
    except SystemExit as stop:
        code = stop.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_nested_a_thousand_deep_is_a_message_on_the_command_line(tmp_path, capsys) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(deep(1000), encoding="utf-8")
    code, out, err = run(["score", "burgundy-cards", str(path)], capsys)
    assert (code, out, err) == (2, "", "error: sheet: JSON nested too deeply to read.\n")


def test_json_nested_a_thousand_deep_is_a_message_in_a_history_too() -> None:
    history = read_history(history_file().replace("[]", "[" * 1000 + "]" * 1000))
    assert history.error is not None and history.error.path == "file"


# ---------------------------------------------------------------- accepted although wrong


@pytest.mark.parametrize("value", ["no", "false", "true", 1, 0, None, [], {}])
def test_an_option_is_exactly_true_or_false(value: object) -> None:
    sheet = {"players": TWO, "options": {"pets": value}}
    assert problems("bruges", sheet) == {"options.pets": "Pets expansion (pets): must be true or false."}
    answer = evaluate("bruges", sheet)
    assert answer["ok"] is False and answer["problems"][0]["zh"].startswith("寵物擴充（pets）")


def test_true_and_false_are_not_numbers() -> None:
    sheet = {"players": [{"name": "Ann", "scores": {"estate_sets": True, "start_player": 1}}, {"name": "Bo"}]}
    assert problems("burgundy-cards", sheet) == {
        "players[0].scores.estate_sets": "Ann: Estate: sets of three: enter a number."
    }
    sheet["players"][0]["scores"] = {"estate_sets": 1, "start_player": True}
    assert "players[0].scores.start_player" in problems("burgundy-cards", sheet)


def test_a_sheet_naming_another_game_is_refused_and_its_own_name_is_fine() -> None:
    sheet = {"game": "bruges", "players": TWO}
    assert problems("tuscany", sheet) == {
        "game": "this sheet names another game (“bruges”), not The Castles of Tuscany (tuscany)."
    }
    assert problems("tuscany", {"game": "tuscany", "players": TWO}) == {}
    assert "game" in problems("tuscany", {"game": ["tuscany"], "players": TWO})
    with pytest.raises(SheetError, match="names another game"):
        score_json("tuscany", sheet)


@pytest.mark.parametrize("name", ["\u200d", "\u200c\u200d", "\U000e0041\U000e007f", " \u200d ", "\u2060"])
def test_a_name_of_only_invisible_characters_is_refused(name: str) -> None:
    found = problems("tuscany", {"players": [{"name": name}, {"name": "Bo"}]})
    assert found["players[0].name"].startswith("The first player's name: ")


@pytest.mark.parametrize("twin", ["An\u200dn", "\u200dAnn", "A\u200cnn", "Ann\U000e0041"])
def test_names_are_compared_without_format_characters(twin: str) -> None:
    found = problems("tuscany", {"players": [{"name": "Ann"}, {"name": twin}]})
    assert "is used twice" in found["players[1].name"]


def test_an_emoji_sequence_with_joiners_is_still_a_name() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert problems("tuscany", {"players": [{"name": family}, {"name": "Bo"}]}) == {}


# ---------------------------------------------------------------- messages that name the field


def test_a_five_thousand_digit_number_names_its_field(tmp_path, capsys) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(
        '{"players": [{"name": "Ann", "scores": {"estate_sets": '
        + "9" * 5000
        + '}}, {"name": "Bo", "scores": {"start_player": 1}}]}',
        encoding="utf-8",
    )
    code, out, err = run(["score", "burgundy-cards", str(path)], capsys)
    assert code == 2 and out == ""
    assert err == "error: players[0].scores.estate_sets: Ann: Estate: sets of three: at most 999.\n"
    path.write_text("9" * 5000, encoding="utf-8")
    assert run(["score", "burgundy-cards", str(path)], capsys)[2] == "error: sheet: the sheet must be an object.\n"


def test_a_five_thousand_digit_number_in_a_history_is_a_message() -> None:
    text = history_file({"game": "burgundy-cards", "saved": SAVED, "sheet": {"players": TWO}}).replace(
        '"version": 1', '"version": ' + "9" * 5000
    )
    history = read_history(text)
    assert history.error is not None and "newer version" in history.error.message.en


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["setup", "bruges", "--players", "abc"], "error: argument --players: “abc” is not a whole number\n"),
        (["setup", "bruges"], "error: the following arguments are required: --players\n"),
        (["setup", "nowhere", "--players", "3"], "error: unknown game 'nowhere'; known: "),
    ],
)
def test_bad_arguments_give_one_line_naming_the_field_and_exit_2(argv: list[str], message: str, capsys) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_helpers_refuse_a_bad_option_too() -> None:
    answer = run_helper("bruges", "dice", {"table": {"dice": [1, 2, 3, 4, 5]}, "options": {"pets": "no"}})
    assert answer["ok"] is False and answer["problems"][0]["field"] == "options.pets"


# ---------------------------------------------------------------- Bruges's money tie-breaker, a variant


def test_a_bruges_record_saved_before_the_variant_keeps_its_money_ranking() -> None:
    scores = [{"score_track": 40, "guilders": 3}, {"score_track": 40, "guilders": 8}]
    old_sheet = {
        "players": [{"name": n, "scores": s} for n, s in zip(["Ann", "Bo"], scores, strict=True)],
        "options": {"pets": False},  # as records were written before `guilders_tiebreak` existed
    }
    record = {"game": "bruges", "saved": SAVED, "sheet": old_sheet}
    history = read_history(history_file(record))
    assert not history.problems
    (kept,) = history.records
    assert kept["sheet"]["options"] == {"pets": False, "guilders_tiebreak": True}
    assert [(p["name"], p["place"]) for p in kept["players"]] == [("Bo", 1), ("Ann", 2)]
    switched_off = {**old_sheet, "options": {"pets": False, "guilders_tiebreak": False}}
    assert read_history(history_file({**record, "sheet": switched_off})).skipped  # an explicit "off" stays off


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
def test_a_games_tie_breakers_are_switched_on_together(game) -> None:
    assert len({t.requires for t in game.tie_breakers}) <= 1  # play/ shows or hides the "Ties:" line as one


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
def test_no_rule_outside_the_source_applies_unless_the_table_switches_it_on(game) -> None:
    for breaker in game.tie_breakers:
        assert breaker.in_source or breaker.requires, breaker.key  # the introductions say no rules were added


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", ["burgundy-cards", "tuscany"])
def test_a_winner_only_tie_breaker_applied_to_every_place_is_said_on_sheet_and_rules_page(game_id: str) -> None:
    notes = GAMES[game_id].notes
    assert any("decide the winner only" in n.en or "decides the winner only" in n.en for n in notes)
    assert any("只用来决定胜者" in n.zh for n in notes)
    assert "to decide the winner only" in (ROOT / "content" / game_id / "en.md").read_text(encoding="utf-8")
    assert "只用来决定胜者" in (ROOT / "content" / game_id / "zh.md").read_text(encoding="utf-8")


def test_the_bruges_rules_page_says_ties_are_shared_and_the_money_rule_is_a_variant() -> None:
    en = (ROOT / "content" / "bruges" / "en.md").read_text(encoding="utf-8")
    zh = (ROOT / "content" / "bruges" / "zh.md").read_text(encoding="utf-8")
    assert "The site applies the publisher's rule" not in en and "本站採用出版社的規則" not in zh
    assert "share the place" in en and "共享名次" in zh
    assert "Ties: most money left" in en and "平手時比剩餘金錢" in zh  # the option's label, as the sheet shows it


def test_money_without_the_variant_names_the_option_that_takes_it() -> None:
    found = problems("bruges", {"players": [{"name": "Ann", "scores": {"guilders": 3}}, {"name": "Bo"}]})
    assert found == {
        "players[0].scores.guilders": "Money left: used only with the option "
        "“Ties: most money left (publisher's rule, not in the source)” on."
    }
    assert problems("bruges", {"players": [{"name": "Ann", "scores": {"gold": 3}}, {"name": "Bo"}]}) == {
        "players[0].scores.gold": "unknown category: gold."
    }

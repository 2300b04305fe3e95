"""The history of finished games: records, the history file, CSV, import checks (scoring/history.py, api)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import GAMES
from scoring import history as history_module
from scoring.__main__ import main
from scoring.api import history_add, history_delete, history_export, history_import, history_stats, history_view
from scoring.core import check_sheet, score
from scoring.history import CSV_COLUMNS, FORMAT, MAX_RECORDS, VERSION, make_record, read_history, read_stored, to_csv
from tests.unit.test_properties import sheets

SAVED = "2026-11-21T20:15:03.123Z"
ANN_BO = {
    "players": [
        {"name": " Ann ", "scores": {"estate_sets": "14", "animal_kinds": "４", "start_player": 1}},
        {"name": "Bo", "scores": {"estate_sets": 20, "storage_cards": "2"}},
    ]
}


def stored(*records: dict) -> str:
    """A stored history holding these records."""
    return json.dumps({"format": FORMAT, "version": VERSION, "records": list(records)})


def add(sheet: dict, saved: str = SAVED, game: str = "burgundy-cards", history: str = "") -> dict:
    """Add a sheet to a history; fail the test if it is refused."""
    answer = history_add(history, game, sheet, saved)
    assert answer["ok"], answer["problems"]
    return answer


# ---------------------------------------------------------------- one record


def test_a_record_keeps_date_game_players_totals_winner_and_rule() -> None:
    record = make_record("burgundy-cards", ANN_BO, SAVED)
    assert record["saved"] == "2026-11-21T20:15:03Z"
    assert record["game"] == "burgundy-cards"
    assert record["game_name"]["en"] == "The Castles of Burgundy: The Card Game"
    assert [(p["name"], p["total"], p["place"]) for p in record["players"]] == [("Bo", 20, 1), ("Ann", 19, 2)]
    assert record["winners"] == ["Bo"]
    assert record["players"][0]["decided_by"]["kind"] == "total"
    assert record["players"][0]["decided_by"]["en"] == "Placed by total points (20)."
    # the sheet is kept cleaned: names without stray spaces, numbers as numbers, every field in use
    ann = record["sheet"]["players"][0]
    assert ann["name"] == "Ann"
    assert ann["scores"]["animal_kinds"] == 4 and ann["scores"]["goods_sold"] == 0


def test_the_same_game_saved_at_the_same_second_is_the_same_record() -> None:
    first = make_record("burgundy-cards", ANN_BO, "2026-11-21T21:15:03+01:00")
    assert first["saved"] == "2026-11-21T20:15:03Z"
    assert make_record("burgundy-cards", ANN_BO, SAVED)["id"] == first["id"]
    assert make_record("burgundy-cards", ANN_BO, "2026-11-21T20:15:04Z")["id"] != first["id"]


@pytest.mark.parametrize(
    ("game", "sheet", "saved", "field", "message"),
    [
        ("chess", ANN_BO, SAVED, "game", "unknown game"),
        ("burgundy-cards", ANN_BO, "yesterday", "saved", "not a date"),
        ("burgundy-cards", ANN_BO, "2026-11-21T20:15:03", "saved", "not a date"),  # no time zone
        ("burgundy-cards", {"players": [{"name": "Ann"}]}, SAVED, "players", "2–4 players"),
        (
            "burgundy-cards",
            {"players": [{"name": "Ann", "scores": {"start_player": 1}}, {"name": "ann"}]},
            SAVED,
            "players[1].name",
            "used twice",
        ),
        ("furstenfeld", {"players": [{"name": "Ann"}, {"name": "Bo"}]}, SAVED, "palaces", "no player has built all 6"),
    ],
)
def test_only_a_final_sheet_is_saved(game: str, sheet: dict, saved: str, field: str, message: str) -> None:
    answer = history_add("", game, sheet, saved)
    assert not answer["ok"]
    assert answer["problems"][0]["field"].startswith(field)
    assert message in answer["problems"][0]["en"]
    assert answer["problems"][0]["zh"]


# ---------------------------------------------------------------- the stored history and files


def test_export_then_import_restores_every_record() -> None:
    history = ""
    for minute, sheet in enumerate([ANN_BO, {**ANN_BO, "players": ANN_BO["players"][::-1]}]):
        history = add(sheet, f"2026-11-21T20:{minute:02}:00Z", history=history)["stored"]
    exported = history_export(history, "2026-11-22T08:00:00Z")
    file = json.loads(exported["json"])
    assert file["format"] == FORMAT and file["version"] == VERSION and file["exported"] == "2026-11-22T08:00:00Z"
    restored = history_import("", exported["json"])
    assert restored["ok"] and restored["added"] == 2 and restored["already"] == 0 and restored["problems"] == []
    assert restored["records"] == history_view(history)["records"]
    again = history_import(restored["stored"], exported["json"])
    assert again["added"] == 0 and again["already"] == 2 and len(again["records"]) == 2


def test_records_are_newest_first_and_can_be_deleted() -> None:
    history = ""
    for saved in ("2026-01-02T00:00:00Z", "2026-03-01T00:00:00Z", "2026-02-01T00:00:00Z"):
        history = add(ANN_BO, saved, history=history)["stored"]
    records = history_view(history)["records"]
    assert [r["saved"][:7] for r in records] == ["2026-03", "2026-02", "2026-01"]
    left = history_delete(history, records[1]["id"])
    assert [r["saved"][:7] for r in left["records"]] == ["2026-03", "2026-01"]


def test_csv_has_one_row_per_player_and_never_a_formula() -> None:
    sheet = {
        "players": [
            {"name": "=HYPERLINK(1)", "scores": {"estate_sets": 3, "start_player": 1}},
            {"name": "-Bo", "scores": {"estate_sets": 9}},
            {"name": "@Cy", "scores": {}},
        ]
    }
    history = add(sheet)["stored"]
    text = history_export(history, SAVED)["csv"]
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    labels = GAMES["burgundy-cards"].category_labels()
    assert rows[0] == [*CSV_COLUMNS, *(f"burgundy-cards.{key}" for key in labels)]
    table = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    # every category's points, adding up to the total
    for row in table:
        assert sum(int(row[f"burgundy-cards.{key}"] or 0) for key in labels) == int(row["total"])
    assert table[0]["burgundy-cards.estate_sets"] == "9"
    # a leading apostrophe makes a spreadsheet show the name as text instead of running it
    assert [(r["place"], r["player"], r["total"], r["winner"]) for r in table] == [
        ("1", "'-Bo", "9", "yes"),
        ("2", "'=HYPERLINK(1)", "4", "no"),
        ("3", "'@Cy", "0", "no"),
    ]
    assert table[0]["decided_by"] == "total" and table[0]["reason_en"] == "Placed by total points (9)."


def test_csv_of_a_game_without_totals_leaves_them_empty() -> None:
    sheet = {
        "players": [
            {"name": "Ann", "scores": {"palaces": 6, "turn_position": 2}},
            {"name": "Bo", "scores": {"palaces": 6, "turn_position": 1}},
            {"name": "Cy", "scores": {"palaces": 3, "turn_position": 3}},
        ]
    }
    record = make_record("furstenfeld", sheet, SAVED)
    assert record["winners"] == ["Bo"]
    rows = list(csv.DictReader(io.StringIO(to_csv([record]).removeprefix("\ufeff"))))
    assert [(r["player"], r["place"], r["total"], r["decided_by"]) for r in rows] == [
        ("Bo", "1", "", "winner"),
        ("Ann", "", "", "unranked"),
        ("Cy", "", "", "unranked"),
    ]


BAD_FILES = [
    ("", "file", "the file is empty"),  # an empty file is no history file (the command line says the same)
    ("{not json", "file", "not JSON"),
    ("[1, 2]", "file", "not a history file"),
    (json.dumps({"format": "other", "records": []}), "file", "not a history file"),
    (json.dumps({"format": FORMAT, "records": []}), "file", "no valid version"),
    (json.dumps({"format": FORMAT, "version": "1", "records": []}), "file", "no valid version"),
    (json.dumps({"format": FORMAT, "version": True, "records": []}), "file", "no valid version"),
    (json.dumps({"format": FORMAT, "version": VERSION + 1, "records": []}), "file", "newer version"),
    (json.dumps({"format": FORMAT, "version": VERSION, "records": {}}), "file", "no list of records"),
    (json.dumps({"format": FORMAT, "version": VERSION, "records": [{}] * (MAX_RECORDS + 1)}), "file", "too many"),
    ("[" * 100_000 + "]" * 100_000, "file", "not a history file"),  # refused before parsing (nesting.py)
    (" " * 10_000_001, "file", "too large"),
]


@pytest.mark.parametrize(("text", "field", "message"), BAD_FILES, ids=[f"bad-{i}" for i in range(len(BAD_FILES))])
def test_a_bad_file_is_refused_with_a_message_and_changes_nothing(text: str, field: str, message: str | None) -> None:
    history = add(ANN_BO)["stored"]
    answer = history_import(history, text)
    if message is None:
        assert answer["ok"] and answer["added"] == 0 and answer["stored"] == history
        return
    assert not answer["ok"] and "stored" not in answer  # nothing for the page to store
    assert answer["problems"][0]["field"] == field
    assert message in answer["problems"][0]["en"]
    assert answer["problems"][0]["zh"]


def test_bad_records_are_left_out_by_number_and_the_rest_imported() -> None:
    good = make_record("burgundy-cards", ANN_BO, SAVED)
    script = json.loads(json.dumps(good))
    script["sheet"]["players"][0]["name"] = "<script>alert(1)</script>"
    text = stored(
        good,
        {"game": "chess", "sheet": {}, "saved": SAVED},
        script,
        {**good, "saved": "not a date"},
        "a string",
        {**good, "sheet": {**good["sheet"], "players": good["sheet"]["players"] * 3}},
    )
    answer = history_import("", text)
    assert answer["ok"] and answer["added"] == 1 and answer["skipped"] == 5
    assert [p["field"] for p in answer["problems"]] == [
        "records[1].game",
        "records[2].players[0].name",
        "records[3].saved",
        "records[4]",
        "records[5].players",
    ]
    assert answer["problems"][1]["en"] == "record 3: The first player's name: cannot contain < or >."
    assert answer["problems"][1]["zh"].startswith("第 3 条记录：")


def test_a_record_whose_totals_were_edited_is_recomputed_and_said_so() -> None:
    record = make_record("burgundy-cards", ANN_BO, SAVED)
    edited = json.loads(json.dumps(record))
    edited["players"][0]["total"] = 99
    answer = history_import("", stored(edited))
    assert answer["ok"] and answer["added"] == 1
    assert answer["records"] == [record]
    assert answer["problems"][0]["field"] == "records[0].players"
    assert "recomputed" in answer["problems"][0]["en"]


def test_a_record_needs_only_its_game_time_and_sheet() -> None:
    answer = history_import("", stored({"game": "burgundy-cards", "saved": SAVED, "sheet": ANN_BO}))
    assert answer["ok"] and answer["added"] == 1 and answer["problems"] == []
    assert answer["records"] == [make_record("burgundy-cards", ANN_BO, SAVED)]


def test_a_corrupt_stored_history_is_reported_not_used() -> None:
    view = history_view("{garbage")
    assert not view["ok"] and view["problems"][0]["field"] == "file" and view["records"] == []
    assert json.loads(view["stored"])["records"] == []  # what to store once the original is set aside
    assert history_view("")["ok"] and history_view("")["problems"] == []


def test_nothing_changes_or_leaves_a_stored_history_with_problems() -> None:
    """Dropping its bad records silently would lose them: the page must set the original aside first."""
    good = make_record("burgundy-cards", ANN_BO, SAVED)
    for history in ("{garbage", stored(good, {"game": "chess"})):
        for answer in (
            history_add(history, "burgundy-cards", ANN_BO, "2026-12-01T00:00:00Z"),
            history_import(history, stored(good)),
            history_delete(history, good["id"]),
            history_export(history, SAVED),
        ):
            assert not answer["ok"] and answer["stored_problems"]
            assert answer["problems"] == history_view(history)["problems"]
            assert "json" not in answer and "record" not in answer


# ---------------------------------------------------------------- every game


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_every_final_sheet_survives_export_and_import(game, data: st.DataObject) -> None:
    sheet = data.draw(sheets(game))
    assume(not check_sheet(game, sheet)[1])
    answer = add(sheet, game=game.id)
    record = answer["record"]
    result = score(game, sheet)
    assert [(p["name"], p["total"], p["place"]) for p in record["players"]] == [
        (p.name, p.total, p.place) for p in result.players
    ]
    assert record["winners"] == [p.name for p in result.players if p.place == 1]
    assert record["players"][0]["decided_by"] == result.players[0].decided_by.as_dict()
    exported = history_export(answer["stored"], SAVED)
    assert read_history(exported["json"]).records == [record]
    rows = list(csv.DictReader(io.StringIO(exported["csv"].removeprefix("\ufeff"))))
    assert [r["player"] for r in rows] == [p.name for p in result.players]
    assert [r["total"] for r in rows] == ["" if p.total is None else str(p.total) for p in result.players]


def test_command_line_lists_a_history_file_or_prints_it_as_csv(tmp_path, capsys) -> None:
    file = tmp_path / "history.json"
    file.write_text(history_export(add(ANN_BO)["stored"], SAVED)["json"], encoding="utf-8")
    assert main(["history", str(file)]) == 0
    assert capsys.readouterr().out == (
        "2026-11-21T20:15:03Z  The Castles of Burgundy: The Card Game: Bo won. "
        "Placed by total points (20). (Bo 20, Ann 19)\n"
    )
    assert main(["history", str(file), "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(",".join(CSV_COLUMNS) + ",burgundy-cards.estate_sets,")
    file.write_text("[1]", encoding="utf-8")
    assert main(["history", str(file)]) == 2
    assert capsys.readouterr().err == "error: file: this is not a history file exported by Table Companion.\n"


def test_a_stored_history_sealed_under_todays_rules_is_read_without_re_scoring(monkeypatch) -> None:
    text = add(ANN_BO)["stored"]
    assert text.startswith('{"format":"table-companion-history","version":1,"checked":"')

    def no_scoring(*args: object) -> None:
        raise AssertionError("a sealed history was re-scored")

    monkeypatch.setattr(history_module, "make_record", no_scoring)
    assert read_stored(text).records[0]["players"][0]["name"] == "Bo"


@pytest.mark.parametrize("change", ["edited", "other rules"])
def test_a_seal_that_does_not_match_means_a_full_check(monkeypatch, change: str) -> None:
    text = add(ANN_BO)["stored"]
    if change == "edited":
        before, records = text.split(',"records":', 1)  # the head before them has totals too
        text = before + ',"records":' + records.replace('"total":20', '"total":99', 1)
        assert '"total":99' in text
    else:
        monkeypatch.setattr(history_module, "RULES", "a later version of the rules")
    read = read_stored(text)
    assert read.records[0]["players"][0]["total"] == 20
    assert bool(read.recomputed) == (change == "edited")


def test_an_imported_file_is_always_checked_even_with_a_valid_seal(monkeypatch) -> None:
    data = json.loads(add(ANN_BO)["stored"])
    data["records"][0]["players"][0]["total"] = 99
    rest = json.dumps({"names": data["names"], "records": data["records"]}, ensure_ascii=False, separators=(",", ":"))
    forged = f'{{"format":"{FORMAT}","version":1,"checked":"{history_module._seal(rest[1:])}",{rest[1:]}'
    assert read_stored(forged).records[0]["players"][0]["total"] == 99  # the browser's own copy: trusted
    answer = history_import("", forged)
    assert answer["records"][0]["players"][0]["total"] == 20 and answer["problems"]


DATA = Path(__file__).parent / "data"
BEFORE_KIND = (DATA / "history-before-kind.stored.txt", DATA / "history-before-kind.json")
"""A history as the site stored it and as it exported it while a decision's kind was written "rule" (now "kind"):
made with commit 6342455, two games, one decided by a tie-breaker."""


@pytest.mark.parametrize("path", BEFORE_KIND, ids=["stored", "exported"])
def test_a_history_written_when_a_decision_said_rule_reads_as_today(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert '"rule":"tie-breaker"' in text.replace(" ", "")  # the old form, as written then
    view = history_view(text)
    assert view["ok"] and view["problems"] == []
    decided = [[p["decided_by"] for p in r["players"]] for r in view["records"]]
    assert [[d["kind"] for d in players] for players in decided] == [["tie-breaker", "tie-breaker"], ["total", "total"]]
    assert not any("rule" in d for players in decided for d in players)
    assert history_stats(view["stored"], {})["stats"]["overall"]["tie_breaks"] == 1
    imported = history_import("", text)
    assert imported["ok"] and imported["added"] == 2 and imported["problems"] == []


def test_the_seal_covers_the_modules_that_shape_a_stored_history(tmp_path) -> None:
    """After an update that changes only pictures, links, the calls or the command line, a stored history is still
    sealed (not re-scored); a change to the rules, the records or the statistics stored with them breaks the seal."""
    source = Path(history_module.__file__).parent
    modules = sorted(p.relative_to(source).as_posix() for p in source.rglob("*.py"))
    for name in modules:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((source / name).read_bytes())
    assert history_module.rules_digest(tmp_path) == history_module.RULES
    for name in sorted(history_module.NOT_STORED):
        (tmp_path / name).write_text((source / name).read_text() + "\n# changed\n")
    assert history_module.rules_digest(tmp_path) == history_module.RULES
    shaping = [name for name in modules if name not in history_module.NOT_STORED]
    assert {"core/ranking.py", "core/entry.py", "games/bruges.py", "games/__init__.py", "stats.py"} <= set(shaping)
    for name in shaping:
        (tmp_path / name).write_text((source / name).read_text() + "\n# changed\n")
        assert history_module.rules_digest(tmp_path) != history_module.RULES, name
        (tmp_path / name).write_bytes((source / name).read_bytes())
    (tmp_path / "games" / "a_new_game.py").write_text("GAME = None\n")
    assert history_module.rules_digest(tmp_path) != history_module.RULES

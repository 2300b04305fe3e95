"""How long a game took and its note (scoring/extras.py): kept with a record, read back, shown, counted, exported."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.__main__ import main
from scoring.api import history_add, history_export, history_import, history_stats, history_view
from scoring.core import SheetError
from scoring.extras import (
    MAX_DURATION,
    MAX_NOTE_CHARS,
    clock,
    duration_of,
    duration_text,
    not_in_a_note,
    note_of,
)
from scoring.history import FORMAT, VERSION, make_record, read_history, read_stored, seal_of
from tests.unit.test_history import ANN_BO, SAVED, stored

START = "2026-11-21T18:50:00Z"  # 1 h 25 min 03 s before SAVED


def add(history: str = "", saved: str = SAVED, **extras: object) -> dict:
    """Save ANN_BO with these extras ({started, note}); fail the test if it is refused."""
    answer = history_add(history, "burgundy-cards", ANN_BO, saved, extras)
    assert answer["ok"], answer["problems"]
    return answer


def test_a_record_keeps_how_long_the_game_took_and_its_note() -> None:
    answer = add(started=START, note="  At Mia's, with the 5-player variant\r\nsecond line ")
    record = answer["record"]
    assert record["duration"] == 85 * 60 + 3
    assert record["note"] == "At Mia's, with the 5-player variant\nsecond line"
    assert answer["notices"] == []
    # the identity is the game, the time and the sheet: a note does not make another record
    assert record["id"] == make_record("burgundy-cards", ANN_BO, SAVED)["id"]
    view = history_view(answer["stored"])
    assert view["records"] == [record]
    assert view["durations"] == {record["id"]: {"zh": "1 小时 25 分钟", "en": "1 h 25 min"}}


def test_a_game_saved_without_either_has_neither() -> None:
    record = add(note="   ")["record"]
    assert "duration" not in record and "note" not in record
    assert history_add("", "burgundy-cards", ANN_BO, SAVED)["record"] == record  # as the page did before


@pytest.mark.parametrize(
    ("started", "said"),
    [
        ("2026-11-20T20:15:02Z", "more than 24 hours"),
        ("2026-11-21T20:16:00Z", "more than 24 hours"),  # after it was saved (a clock put back)
        ("soon", "could not be read"),
        (12, "could not be read"),
    ],
)
def test_a_start_that_gives_no_duration_saves_the_game_and_says_why(started: object, said: str) -> None:
    answer = add(started=started)
    assert "duration" not in answer["record"]
    assert said in answer["notices"][0]["en"] and answer["notices"][0]["zh"]


def test_a_whole_day_is_the_longest_duration_kept() -> None:
    assert add(started="2026-11-20T20:15:03Z")["record"]["duration"] == MAX_DURATION


def test_a_note_beyond_the_limit_is_refused_with_a_message_in_both_languages() -> None:
    assert add(note="字" * MAX_NOTE_CHARS)["record"]["note"] == "字" * MAX_NOTE_CHARS
    answer = history_add("", "burgundy-cards", ANN_BO, SAVED, {"note": "字" * (MAX_NOTE_CHARS + 1)})
    assert not answer["ok"] and "stored" not in answer
    problem = answer["problems"][0]
    assert problem["field"] == "note"
    assert problem["en"] == "the note is too long: 501 characters, at most 500. Shorten it, then save."
    assert problem["zh"] == "备注太长：501 个字符，最多 500 个。请删减后再保存。"


@pytest.mark.parametrize("extras", [[1], "note", {"note": 5}, {"note": ["a"]}])
def test_bad_extras_are_refused_with_a_message(extras: object) -> None:
    answer = history_add("", "burgundy-cards", ANN_BO, SAVED, extras)
    assert not answer["ok"] and answer["problems"][0]["en"] and answer["problems"][0]["zh"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=600),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(duration=JSON | st.sampled_from([" ", "", 0, MAX_DURATION, -1, True, "x" * 501]), note=JSON | st.just(" \n"))
def test_any_json_in_a_records_duration_or_note_is_kept_or_said_never_a_crash(duration: object, note: object) -> None:
    record = {**make_record("burgundy-cards", ANN_BO, SAVED), "duration": duration, "note": note}
    history = read_history(stored(record))
    assert len(history.records) == 1 and not history.skipped  # the game itself is never lost
    kept = history.records[0]
    for key, value, check in (("duration", duration, duration_of), ("note", note, note_of)):
        said = [p for p in history.dropped if p.path == f"records[0].{key}"]
        assert all(p.message.zh and p.message.en.startswith("record 1: ") for p in said)
        try:
            expected = check(value)
        except SheetError:
            assert said and key not in kept
        else:
            assert not said and kept.get(key) == expected


@settings(max_examples=150, deadline=None)
@given(extras=JSON)
def test_any_json_as_the_pages_extras_is_saved_or_refused_never_a_crash(extras: object) -> None:
    answer = history_add("", "burgundy-cards", ANN_BO, SAVED, extras)
    assert answer["ok"] or (answer["problems"] and all(p["zh"] and p["en"] for p in answer["problems"]))


def keepable(note: str) -> str:
    """A note without what a note may not hold (tests/unit/test_history_notes.py: controls, lone surrogates), stripped."""
    return "".join(ch for ch in note if not not_in_a_note(ch)).strip()


@settings(max_examples=60, deadline=None)
@given(
    games=st.lists(
        st.tuples(
            st.integers(0, 59),
            st.none() | st.integers(0, MAX_DURATION),
            st.none() | st.text(max_size=MAX_NOTE_CHARS).map(keepable).filter(lambda n: "\r" not in n),
        ),
        max_size=4,
        unique_by=lambda g: g[0],
    )
)
def test_export_then_import_is_the_identity_on_durations_and_notes(games: list) -> None:
    records = [make_record("burgundy-cards", ANN_BO, f"2026-11-21T20:{m:02}:00Z", n, d) for m, d, n in games]
    text = stored(*records)
    exported = history_export(history_view(text)["stored"], SAVED)["json"]
    back = history_import("", exported)
    assert back["ok"] and back["problems"] == []
    assert back["records"] == read_history(text).records
    assert sorted(map(json.dumps, back["records"])) == sorted(map(json.dumps, records))


def test_an_old_history_without_them_still_reads() -> None:
    old = make_record("burgundy-cards", ANN_BO, SAVED)
    history = read_history(stored(old))
    assert history.records == [old] and history.problems == []


def test_a_sealed_history_with_them_is_used_as_stored() -> None:
    text = add(started=START, note="n")["stored"]
    assert seal_of(text) is not None
    assert read_stored(text).records[0]["note"] == "n"
    forged = json.loads(text)
    forged["records"][0]["duration"] = MAX_DURATION + 1  # sealed again by someone: read in full, the duration said
    history = read_stored(json.dumps(forged))
    assert "duration" not in history.records[0] and history.dropped


def test_csv_carries_the_duration_and_the_note_never_as_a_formula() -> None:
    text = add(started=START, note="=SUM(A1)")["stored"]
    rows = list(csv.DictReader(io.StringIO(history_export(text, SAVED)["csv"].removeprefix("\ufeff"))))
    assert [(r["duration"], r["note"]) for r in rows] == [("1:25:03", "'=SUM(A1)")] * 2
    plain = list(csv.DictReader(io.StringIO(history_export(add()["stored"], SAVED)["csv"].removeprefix("\ufeff"))))
    assert [(r["duration"], r["note"]) for r in plain] == [("", "")] * 2


def test_statistics_give_each_games_average_and_longest_duration() -> None:
    history = ""
    for day, started in ((21, "20:00"), (22, "20:30"), (23, None)):
        begun = None if started is None else f"2026-11-{day}T{started}:00Z"
        history = add(history, f"2026-11-{day}T21:00:00Z", started=begun)["stored"]
    figures = history_stats(history, None)["stats"]["games"][0]["duration"]
    assert figures == {
        "timed": 2,
        "average": 2700,
        "longest": 3600,
        "average_text": {"zh": "45 分钟", "en": "45 min"},
        "longest_text": {"zh": "1 小时 00 分钟", "en": "1 h 00 min"},
    }
    untimed = history_stats(add()["stored"], None)["stats"]["games"][0]["duration"]
    assert untimed["timed"] == 0 and untimed["average"] is None and untimed["average_text"]["en"] == "–"


@pytest.mark.parametrize(
    ("seconds", "zh", "en", "as_clock"),
    [(0, "不到 1 分钟", "under a minute", "0:00:00"), (29, "不到 1 分钟", "under a minute", "0:00:29"),
     (30, "1 分钟", "1 min", "0:00:30"), (3599, "1 小时 00 分钟", "1 h 00 min", "0:59:59"),
     (MAX_DURATION, "24 小时 00 分钟", "24 h 00 min", "24:00:00")],
)  # fmt: skip
def test_a_duration_as_text_and_as_a_clock(seconds: int, zh: str, en: str, as_clock: str) -> None:
    assert duration_text(seconds).as_dict() == {"zh": zh, "en": en}
    assert clock(seconds) == as_clock


def test_the_command_line_lists_prints_and_counts_them(tmp_path, capsys) -> None:
    file = tmp_path / "history.json"
    file.write_text(history_export(add(started=START, note="<b>Mia's</b>\nvariant")["stored"], SAVED)["json"])
    assert main(["history", str(file)]) == 0
    assert capsys.readouterr().out == (
        "2026-11-21T20:15:03Z  The Castles of Burgundy: The Card Game: Bo won. "
        "Placed by total points (20). (Bo 20, Ann 19) Took 1 h 25 min.\n"
        "    Note: <b>Mia's</b>\n          variant\n"
    )
    assert main(["history", str(file), "--csv"]) == 0
    assert ',1:25:03,"<b>Mia\'s</b>\nvariant",' in capsys.readouterr().out
    assert main(["history", str(file), "--stats"]) == 0
    assert "1 timed: average 1 h 25 min, longest 1 h 25 min" in capsys.readouterr().out
    assert json.loads(file.read_text())["format"] == FORMAT and VERSION == 1

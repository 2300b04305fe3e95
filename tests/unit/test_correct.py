"""Correcting a saved game (issue 29 point 4): the record is replaced under the same identity, once undoable, and a
history file carries the correction (scoring/api.py's history_replace, history_undo; history.corrected)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from scoring.api import history_add, history_export, history_import, history_replace, history_undo, history_view
from scoring.history import read_history, read_stored
from tests.unit.test_extras import JSON
from tests.unit.test_history import ANN_BO, SAVED

EDITED = "2026-11-22T09:00:00Z"
FIXED = {"players": [ANN_BO["players"][0], {"name": "Bo", "scores": {"estate_sets": 10, "storage_cards": "2"}}]}


def saved_twice() -> tuple[str, dict]:
    """A history of two games (the first timed and noted) and the first one's record."""
    first = history_add("", "burgundy-cards", ANN_BO, SAVED, {"started": "2026-11-21T19:15:03Z", "note": "n"})
    both = history_add(first["stored"], "burgundy-cards", FIXED, "2026-11-23T20:00:00Z")
    return both["stored"], first["record"]


def test_a_corrected_game_replaces_its_record_under_the_same_identity() -> None:
    history, old = saved_twice()
    answer = history_replace(history, old["id"], "burgundy-cards", FIXED, {"note": "Bo miscounted"}, EDITED)
    assert answer["ok"], answer["problems"]
    record = answer["record"]
    assert (record["id"], record["saved"], record["duration"]) == (old["id"], old["saved"], 3600)
    assert record["note"] == "Bo miscounted" and record["edited"] == EDITED
    assert [(p["name"], p["total"]) for p in record["players"]] == [("Ann", 19), ("Bo", 10)]
    assert answer["previous"] == old
    records = history_view(answer["stored"])["records"]
    assert len(records) == 2 and records[1] == record  # no duplicate, still in its place by date
    # read back in full (as from a file, or after the rules change): the same identity
    assert read_history(answer["stored"].replace('"checked":"', '"checked":"0', 1)).records == records
    assert read_stored(answer["stored"]).records == records


def test_a_correction_can_be_undone_once() -> None:
    history, old = saved_twice()
    answer = history_replace(history, old["id"], "burgundy-cards", FIXED, None, EDITED)
    back = history_undo(answer["stored"], answer["previous"])
    assert back["ok"] and back["record"] == old
    assert history_view(back["stored"])["records"] == history_view(history)["records"]


@pytest.mark.parametrize(
    ("record_id", "game", "sheet", "extras", "edited", "field", "said"),
    [
        ("0" * 20, "burgundy-cards", FIXED, None, EDITED, "record", "no longer in the history"),
        (None, "tuscany", FIXED, None, EDITED, "record", "no longer in the history"),
        (None, "burgundy-cards", {"players": [{"name": "Ann"}]}, None, EDITED, "players", "2–4 players"),
        (None, "burgundy-cards", FIXED, {"note": "x" * 501}, EDITED, "note", "too long"),
        (None, "burgundy-cards", FIXED, None, "now", "edited", "not a date"),
    ],
)
def test_a_correction_that_cannot_be_saved_says_why_and_changes_nothing(
    record_id, game, sheet, extras, edited, field: str, said: str
) -> None:
    history, old = saved_twice()
    answer = history_replace(history, record_id or old["id"], game, sheet, extras, edited)
    assert not answer["ok"] and "stored" not in answer
    assert answer["problems"][0]["field"] == field and said in answer["problems"][0]["en"]
    assert answer["problems"][0]["zh"]


@settings(max_examples=100, deadline=None)
@given(previous=JSON)
def test_any_json_to_undo_is_refused_with_a_message_never_a_crash(previous: object) -> None:
    history, _ = saved_twice()
    answer = history_undo(history, previous)
    assert not answer["ok"] and all(p["zh"] and p["en"] for p in answer["problems"])


def test_an_exported_correction_replaces_the_original_on_import_and_not_the_reverse() -> None:
    history, old = saved_twice()
    fixed = history_replace(history, old["id"], "burgundy-cards", FIXED, None, EDITED)["stored"]
    into_old = history_import(history, history_export(fixed, EDITED)["json"])
    assert into_old["added"] == 0 and history_view(into_old["stored"])["records"] == history_view(fixed)["records"]
    into_fixed = history_import(fixed, history_export(history, EDITED)["json"])
    assert history_view(into_fixed["stored"])["records"] == history_view(fixed)["records"]


@pytest.mark.parametrize("change", [{"edited": "then"}, {"edited": EDITED, "id": "not-an-id"}])
def test_a_correction_that_cannot_be_read_keeps_the_game_and_says_so(change: dict) -> None:
    history, old = saved_twice()
    fixed = json.loads(history_replace(history, old["id"], "burgundy-cards", FIXED, None, EDITED)["stored"])
    fixed["checked"] = "0" * 32
    fixed["records"][1].update(change)
    read = read_history(json.dumps(fixed))
    assert len(read.records) == 2 and read.records[1]["id"] != old["id"] and "edited" not in read.records[1]
    assert read.dropped[0].path == "records[1].edited" and "kept as a new one" in read.dropped[0].message.en


@settings(max_examples=30, deadline=None)
@given(edited=JSON)
def test_any_json_as_a_records_correction_time_is_kept_or_said(edited: object) -> None:
    history, old = saved_twice()
    fixed = json.loads(history_replace(history, old["id"], "burgundy-cards", FIXED, None, EDITED)["stored"])
    fixed["checked"] = "0" * 32
    fixed["records"][1]["edited"] = edited
    read = read_history(json.dumps(fixed))
    assert len(read.records) == 2
    assert read.records[1].get("edited") is not None or edited is None or read.dropped

"""An imported file's corrections (issue 40 point 1): a correction dated in the future is refused; a game replaced by a
later correction is reported and can be put back; the owner's backup restores what a future-dated correction replaced,
in a history stored before this rule too (scoring/history.py's merged, api.history_import)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.api import history_export, history_import, history_replace, history_undo, history_view
from scoring.history import FUTURE_SLACK, corrected, merged
from tests.unit.test_correct import FIXED, saved_twice

FAR = "2999-12-31T23:59:59Z"
PAST = "2026-11-24T10:00:00Z"


def file_of(*records: dict) -> str:
    """A history file holding these records."""
    return json.dumps({"format": "table-companion-history", "version": 1, "records": list(records)})


def a_correction(old: dict, edited: str, note: str = "crafted") -> dict:
    """A file's record that corrects `old`: the other sheet (the loser now wins), another note, this date."""
    answer = history_replace(saved_twice()[0], old["id"], "burgundy-cards", FIXED, {"note": note}, PAST)
    return {**answer["record"], "edited": edited}


@pytest.mark.parametrize("edited", [FAR, "2100-01-01T00:00:00Z"])
def test_a_correction_dated_in_the_future_is_refused(edited: str) -> None:
    history, old = saved_twice()
    answer = history_import(history, file_of(a_correction(old, edited)))
    assert answer["ok"] and answer["added"] == 0 and answer["replaced"] == []
    assert answer["already"] == 1
    kept = next(r for r in answer["records"] if r["id"] == old["id"])
    assert kept == old  # its winner, its note, its duration; not "(corrected)"
    said = [p["en"] for p in answer["problems"]]
    assert said == [
        f"the game of {old['saved']}: its correction is dated {edited}, in the future; it was refused and the game saved here was kept."
    ]
    assert all(p["zh"] for p in answer["problems"])


def test_a_game_replaced_by_a_later_correction_is_reported_and_put_back() -> None:
    history, old = saved_twice()
    answer = history_import(history, file_of(a_correction(old, PAST)))
    assert answer["ok"] and (answer["added"], answer["already"]) == (0, 0)
    assert answer["replaced"] == [old]
    assert next(r for r in answer["records"] if r["id"] == old["id"])["edited"] == PAST
    back = history_undo(answer["stored"], answer["replaced"][0])
    assert back["ok"] and history_view(back["stored"])["records"] == history_view(history)["records"]


def test_the_owners_backup_restores_a_game_a_future_dated_correction_replaced() -> None:
    """A history stored before this rule, where a crafted file's correction dated 2999 already replaced a game."""
    history, old = saved_twice()
    backup = history_export(history, "2026-11-24T12:00:00Z")["json"]
    poisoned = history_replace(history, old["id"], "burgundy-cards", FIXED, {"note": "crafted"}, FAR)["stored"]
    assert next(r for r in history_view(poisoned)["records"] if r["id"] == old["id"])["edited"] == FAR
    answer = history_import(poisoned, backup)
    assert answer["ok"] and [r["id"] for r in answer["replaced"]] == [old["id"]]
    assert history_view(answer["stored"])["records"] == history_view(history)["records"]


def test_a_correction_a_little_ahead_of_this_clock_still_counts() -> None:
    """Another device's clock may be ahead of this one's: up to FUTURE_SLACK."""
    now = datetime(2026, 11, 24, 12, 0, 0, tzinfo=UTC)
    _, old = saved_twice()
    ahead = (now + FUTURE_SLACK - timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    beyond = (now + FUTURE_SLACK + timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert merged([old], [corrected(old, old["id"], ahead)], now).replaced == [old]
    refused = merged([old], [corrected(old, old["id"], beyond)], now)
    assert refused.records == [old] and refused.replaced == [] and len(refused.future) == 1


MOMENTS = st.sampled_from([None, "2000-01-01T00:00:00Z", "2026-11-23T00:00:00Z", PAST, "2100-01-01T00:00:00Z", FAR])


@settings(max_examples=40, deadline=None)
@given(here=MOMENTS, there=MOMENTS)
def test_any_two_corrections_of_a_game_merge_without_losing_it(here: str | None, there: str | None) -> None:
    """Whatever the two copies' correction dates: the game stays, one copy of it, never one corrected in the future
    over one that was not; a replaced copy is reported and can be put back."""
    _, old = saved_twice()
    mine = corrected(old, old["id"], here) if here else old
    theirs = corrected({**old, "note": "theirs"}, old["id"], there) if there else {**old, "note": "theirs"}
    both = merged([mine], [theirs])
    assert len(both.records) == 1 and both.added == 0
    kept = both.records[0]
    assert kept in (mine, theirs)
    if there == FAR or there == "2100-01-01T00:00:00Z":
        assert kept == mine
    assert both.replaced == ([mine] if kept is theirs else [])

"""How long a game took (issue 41 point 5, scoring/extras.py): the minutes or the start time the table typed, else the
sheet's own clock unless it started less than MIN_CLOCKED before the save (a sheet filled in at the end: no duration,
said why); a saved game's duration corrected; the statistics average only what was kept."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.api import history_add, history_replace, history_stats
from scoring.extras import MIN_CLOCKED, since_start_time
from tests.unit.test_history import ANN_BO, SAVED

EDITED = "2026-11-22T09:00:00Z"
# SAVED is 2026-11-21T20:15:03Z.


def saved_with(extras: object) -> dict:
    """history_add's answer for ANN_BO saved at SAVED with these extras."""
    return history_add("", "burgundy-cards", ANN_BO, SAVED, extras)


@pytest.mark.parametrize(
    ("extras", "duration"),
    [
        (
            {"started": "2026-11-21T20:14:03Z"},
            None,
        ),  # the clock started a minute before: the sheet was typed at the end
        ({"started": "2026-11-21T20:05:04Z"}, None),  # 9 min 59 s
        ({"started": "2026-11-21T20:05:03Z"}, MIN_CLOCKED),  # 10 min: a game
        ({"started": "2026-11-21T19:15:03Z"}, 3600),
        ({"started": "2026-11-21T20:14:03Z", "minutes": "75"}, 75 * 60),  # typed minutes win over the clock
        ({"started": "2026-11-21T20:14:03Z", "minutes": "４５"}, 45 * 60),  # full-width digits
        ({"minutes": "3"}, 180),  # a typed short game is a short game
        ({"started": "2026-11-21T20:14:03Z", "start_time": "19:00"}, 75 * 60 + 3),  # UTC page
        ({"start_time": "20:00", "utc_offset": 60}, 75 * 60 + 3),  # 21:15:03 local (UTC+1)
        ({"start_time": "20：00", "utc_offset": 60}, 75 * 60 + 3),  # full-width colon
        ({"start_time": "23:30", "utc_offset": -60}, 19 * 3600 + 45 * 60 + 3),  # 19:15:03 local: 23:30 the day before
        ({"minutes": "", "start_time": "", "started": None}, None),
    ],
)
def test_the_duration_kept(extras: dict, duration: int | None) -> None:
    answer = saved_with(extras)
    assert answer["ok"], answer["problems"]
    assert answer["record"].get("duration") == duration


def test_a_clock_started_at_the_end_says_why_no_duration_was_kept() -> None:
    answer = saved_with({"started": "2026-11-21T20:14:03Z"})
    assert "duration" not in answer["record"]
    (said,) = answer["notices"]
    assert "1 min before saving" in said["en"] and "1 分钟" in said["zh"]


@pytest.mark.parametrize(
    ("extras", "field"),
    [
        ({"minutes": "0"}, "minutes"),
        ({"minutes": "1441"}, "minutes"),
        ({"minutes": "an hour"}, "minutes"),
        ({"minutes": 45}, "minutes"),
        ({"start_time": "25:00"}, "start_time"),
        ({"start_time": "8pm"}, "start_time"),
        ({"minutes": "45", "start_time": "19:00"}, "minutes"),  # both: which one is meant?
        ({"start_time": "19:00", "utc_offset": 100000}, "utc_offset"),
    ],
)
def test_what_the_table_typed_and_cannot_be_read_is_refused_in_both_languages(extras: dict, field: str) -> None:
    answer = saved_with(extras)
    assert not answer["ok"]
    (problem,) = answer["problems"]
    assert problem["field"] == field and problem["zh"] and problem["en"]


@settings(max_examples=200, deadline=None)
@given(
    hour=st.integers(0, 23),
    minute=st.integers(0, 59),
    offset=st.integers(-14 * 60, 14 * 60),
    seconds=st.integers(0, 24 * 3600 - 1),
)
def test_a_start_time_is_the_latest_such_time_before_the_save(
    hour: int, minute: int, offset: int, seconds: int
) -> None:
    saved = f"2026-11-21T{seconds // 3600:02}:{seconds // 60 % 60:02}:{seconds % 60:02}Z"
    took = since_start_time((hour, minute), saved, timedelta(minutes=offset))
    assert 0 <= took < 24 * 3600
    local = (seconds + offset * 60) % (24 * 3600)
    assert (local - took) % (24 * 3600) == hour * 3600 + minute * 60


def corrected(extras: object, first: object = None) -> dict:
    """The record of ANN_BO saved with `first` (one hour by its clock, by default), then corrected with `extras`."""
    answer = saved_with(first or {"started": "2026-11-21T19:14:33Z"})
    old = answer["record"]
    replaced = history_replace(answer["stored"], old["id"], "burgundy-cards", ANN_BO, extras, EDITED)
    assert replaced["ok"], replaced["problems"]
    return replaced["record"]


@pytest.mark.parametrize(
    ("extras", "duration"),
    [
        ({"note": "n"}, 3630),  # an older page (or the command line): the duration stays
        ({"minutes": "61", "start_time": None}, 3630),  # the minutes the page showed, untouched: its seconds stay
        ({"minutes": "90", "start_time": None}, 5400),
        ({"minutes": None, "start_time": "19:45"}, 30 * 60 + 3),  # the saved game's day and time, not today's
        ({"minutes": None, "start_time": None}, None),  # both cleared: no duration
    ],
)
def test_a_saved_games_duration_is_corrected(extras: dict, duration: int | None) -> None:
    assert corrected(extras).get("duration") == duration


def test_a_game_saved_without_a_duration_gets_one_on_correction() -> None:
    record = corrected({"minutes": "50", "start_time": None}, first={"started": "2026-11-21T20:14:03Z"})
    assert record["duration"] == 3000


def test_the_statistics_average_only_the_durations_kept() -> None:
    first = saved_with({"started": "2026-11-21T19:15:03Z"})  # an hour
    later = "2026-11-22T20:15:03Z"
    second = history_add(first["stored"], "burgundy-cards", ANN_BO, later, {"started": "2026-11-22T20:14:03Z"})
    took = history_stats(second["stored"], None)["stats"]["games"][0]["duration"]
    assert (took["timed"], took["average"]) == (1, 3600)

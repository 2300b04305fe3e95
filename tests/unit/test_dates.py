"""One canonical date and time, accepted on the way in and out (issue 30, point 7): a record saved as
2000-01-01T00:30:00+01:00 was accepted, stored as 1999-12-31T23:30:00Z and refused when that export was imported."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.api import history_add, history_export, history_import, share_view
from scoring.core import SheetError
from scoring.history import FORMAT, VERSION, timestamp
from scoring.share import encode
from tests.unit.test_history import ANN_BO

OFFSETS = st.integers(min_value=-(24 * 60 - 1), max_value=24 * 60 - 1).map(lambda m: timezone(timedelta(minutes=m)))
MOMENTS = st.datetimes(min_value=datetime(1999, 12, 30), max_value=datetime(3000, 1, 2), timezones=OFFSETS)
"""Moments around both ends of the range, with any offset a clock can have."""


def as_text(moment: datetime, seconds: str) -> str:
    """A moment written as a browser, a file or a person might."""
    return moment.isoformat(timespec=seconds)


@given(MOMENTS, st.sampled_from(["seconds", "milliseconds", "microseconds"]))
@settings(max_examples=300, derandomize=True)
def test_a_time_accepted_is_written_in_the_one_form_that_is_read_back(moment: datetime, seconds: str) -> None:
    try:
        written = timestamp(as_text(moment, seconds))
    except SheetError:
        assert not 2000 <= moment.astimezone(UTC).year <= 2999  # refused only outside the range, in UTC
        return
    assert timestamp(written) == written  # read back as itself: what is written is accepted
    assert written == moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@given(MOMENTS)
@settings(max_examples=40, derandomize=True, deadline=None)
def test_export_then_import_is_the_identity(moment: datetime) -> None:
    added = history_add("", "burgundy-cards", ANN_BO, moment.isoformat())
    if not added["ok"]:
        assert added["problems"][0]["field"] == "saved"
        return
    exported = history_export(added["stored"], "2026-11-24T00:00:00Z")["json"]
    imported = history_import("", exported)
    assert imported["ok"] and imported["added"] == 1 and not imported["problems"]
    assert imported["records"] == [added["record"]]
    again = history_import("", history_export(imported["stored"], "2026-11-24T00:00:00Z")["json"])
    assert again["records"] == imported["records"]


@pytest.mark.parametrize(
    ("saved", "kept"),
    [
        ("2000-01-01T00:30:00+01:00", None),  # 1999 in UTC: refused on the way in, never written
        ("1999-12-31T23:30:00-01:00", "2000-01-01T00:30:00Z"),  # 2000 in UTC
        ("2999-12-31T23:30:00-01:00", None),  # 3000 in UTC
        ("2026-11-21T20:15:03.999Z", "2026-11-21T20:15:03Z"),
    ],
)
def test_the_range_is_checked_in_utc_in_a_file_and_a_link(saved: str, kept: str | None) -> None:
    record = {"game": "burgundy-cards", "saved": saved, "sheet": ANN_BO}
    imported = history_import("", json.dumps({"format": FORMAT, "version": VERSION, "records": [record]}))
    linked = share_view(encode(record))
    if kept is None:
        assert imported["skipped"] == 1 and "not a date and time" in imported["problems"][0]["en"]
        assert "not a date and time" in linked["problems"][0]["en"]
    else:
        assert imported["records"][0]["saved"] == linked["record"]["saved"] == kept

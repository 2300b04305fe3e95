"""A sum is stored as its value's terms, not as typed (issue 40 point 10): leading zeros, spaces and other scripts'
digits are not kept, so a megabyte of zeros is one digit in the record and the sender's link is read by the receiver;
a history stored before, holding a sum as typed, still reads with the same totals."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.api import history_add, history_view, share_link, share_view
from scoring.history import make_record, read_history
from tests.fuzz import SAVED
from tests.unit.test_history_corrections import file_of

ZEROS = "0" * 1_000_000


def sheet_with(typed: str) -> dict:
    """A final sheet whose first player typed this into a field."""
    return {
        "players": [
            {"name": "Ann", "scores": {"estate_sets": typed, "start_player": 1, "storage_cards": 1}},
            {"name": "Bo", "scores": {"estate_sets": "3", "storage_cards": 2}},
        ]
    }


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        (ZEROS + "1+1", "1+1"),
        ("1+" + ZEROS + "1", "1+1"),
        (" 20 + 8 ", "20+8"),
        ("007+0", "7+0"),
        ("０７+１", "7+1"),  # full-width digits
        ("٠٣+٢", "3+2"),  # Arabic-Indic digits
    ],
)
def test_a_sum_is_stored_as_the_values_of_its_terms(typed: str, stored: str) -> None:
    record = make_record("burgundy-cards", sheet_with(typed), SAVED)
    assert record["sheet"]["players"][0]["scores"]["estate_sets"] == stored
    assert len(json.dumps(record, ensure_ascii=False)) < 3_000
    link = share_link("https://example.org/play/", "burgundy-cards", sheet_with(typed), SAVED, qr=False)
    received = share_view(link["link"].split("#r=")[1])
    assert received["ok"], received["problems"]
    assert received["record"]["players"] == record["players"]


def test_a_history_stored_before_with_a_sum_as_typed_still_reads() -> None:
    """A record written by the site before this change kept the sum as typed ("007+1"): its totals read the same."""
    before = make_record("burgundy-cards", sheet_with("7+1"), SAVED)
    before["sheet"]["players"][0]["scores"]["estate_sets"] = "007 + 1"  # as the site stored it then
    read = read_history(file_of(before))
    assert read.problems == [] and len(read.records) == 1
    assert read.records[0]["players"] == before["players"]
    assert history_view(history_add("", "burgundy-cards", sheet_with("007 + 1"), SAVED)["stored"])["records"] == [
        read.records[0]
    ]


@settings(max_examples=60, deadline=None)
@given(terms=st.lists(st.tuples(st.integers(0, 30), st.integers(0, 9)), min_size=2, max_size=4))
def test_leading_zeros_never_change_what_is_stored(terms: list[tuple[int, int]]) -> None:
    padded = "+".join("0" * zeros + str(value) for zeros, value in terms)
    plain = "+".join(str(value) for _, value in terms)
    assert make_record("burgundy-cards", sheet_with(padded), SAVED) == make_record(
        "burgundy-cards", sheet_with(plain), SAVED
    )

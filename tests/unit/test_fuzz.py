"""The fuzz suite on the Python side: generated links, history files and stored values thrown at the command line
(in-process main()) and at the entry points the worker calls; every input gets an answer or a one-line message, none
raises, and a sheet still computes afterwards. Examples, seed and the longer run: tests/fuzz.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.__main__ import main
from scoring.api import (
    _held,
    history_add,
    history_import,
    history_stats,
    history_undo,
    history_view,
    score_json,
    share_view,
)
from tests.fuzz import CORRECTED_FILES, FILES, FUZZ, LINKS, SAVED, SHEET

pytestmark = pytest.mark.fuzz


def a_sheet_computes() -> None:
    """Scoring still works after the input."""
    assert score_json("burgundy-cards", SHEET)["players"][0]["total"] == 4


def said(answer: dict) -> None:
    """An answer the page can show: a result, or problems in both languages."""
    assert isinstance(answer.get("ok"), bool)
    for problem in answer["problems"]:
        assert problem["zh"] and problem["en"], problem
    if not answer["ok"]:
        assert answer["problems"], answer


@given(LINKS)
@FUZZ
def test_any_link_gets_a_result_or_a_message(payload: str) -> None:
    said(share_view(payload))
    said(share_view("r=" + payload))
    a_sheet_computes()


@given(content=FILES)
@FUZZ
def test_any_file_gets_a_message_on_the_command_line_and_in_the_page(content: bytes, tmp_path_factory) -> None:
    file = Path(tmp_path_factory.mktemp("fuzz")) / "history.json"
    file.write_bytes(content)
    for argv in (["history", str(file)], ["history", str(file), "--stats"], ["score", "burgundy-cards", str(file)]):
        assert main(argv) in (0, 2)
    said(history_import("", content))
    said(history_import("", content.decode("utf-8", errors="replace")))  # as an older page sent it
    a_sheet_computes()


@given(FILES | st.builds(str.encode, st.text(max_size=40)), st.booleans())
@FUZZ
def test_any_stored_value_is_read_or_set_aside(stored: bytes, as_text: bool) -> None:
    _held.clear()
    value = stored.decode("utf-8", errors="replace") if as_text else stored
    said(history_view(value))
    _held.clear()
    said(history_stats(value, {}))
    a_sheet_computes()


@given(content=CORRECTED_FILES)
@FUZZ
def test_any_note_or_correction_in_a_file_is_kept_or_said_and_loses_no_game(content: bytes, tmp_path_factory) -> None:
    file = Path(tmp_path_factory.mktemp("fuzz")) / "history.json"
    file.write_bytes(content)
    for argv in (["history", str(file)], ["history", str(file), "--csv"], ["history", str(file), "--stats"]):
        assert main(argv) == 0
    _held.clear()
    before = history_add("", "burgundy-cards", SHEET, SAVED)
    answer = history_import(before["stored"], content)
    said(answer)
    answer["stored"].encode()  # stored as UTF-8: no lone surrogate kept
    kept = next(r for r in answer["records"] if r["id"] == before["record"]["id"])
    assert kept == before["record"] or kept.get("edited", "") <= "2100"  # never a correction dated in the future
    stored = answer["stored"]
    for previous in answer["replaced"]:
        stored = history_undo(stored, previous)["stored"]
    assert [r for r in history_view(stored)["records"] if r["id"] == before["record"]["id"]] == [before["record"]]
    a_sheet_computes()

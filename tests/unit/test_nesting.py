"""JSON from outside nested beyond any sheet or history is refused before it is parsed (scoring/nesting.py): Python in
the browser dies on a few thousand brackets (issue 30, point 1)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import GAMES, history, share
from scoring.__main__ import main
from scoring.api import history_add, history_export, history_import, history_view, share_view
from scoring.core import check_sheet
from scoring.nesting import MAX_DEPTH, depth, read_json, too_deep
from tests.unit.test_properties import sheets

SAVED = "2026-11-20T10:00:00Z"


def payload(sheet_text: str) -> str:
    """A link's payload (raw-deflated, base64url) for a sheet given as JSON text."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    text = f'[1,"burgundy-cards","{SAVED}",{sheet_text}]'.encode()
    return base64.urlsafe_b64encode(squeeze.compress(text) + squeeze.flush()).decode().rstrip("=")


def nested(levels: int) -> str:
    """A list nested `levels` deep."""
    return "[" * levels + "]" * levels


DEEP_LINK = payload(nested(4000))
"""The issue's link: 4,000 brackets deep, 95 characters."""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", 0),
        ("1", 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[", "]]]]]]"]', 1),  # brackets in strings do not count
        (r'["\"[[", "\\", [[]]]', 3),  # nor after an escaped quote; an escaped backslash ends nothing
        ('"[[[', 3),  # an unclosed string: its brackets count (a parser stops there anyway)
        (nested(100_000), 100_000),
        ("[" * 5 + "]" * 2 + "[" * 3, 6),
    ],
)
def test_depth_is_counted_outside_strings(text: str, expected: int) -> None:
    assert depth(text) == expected
    assert depth(text.encode()) == expected


@given(
    st.recursive(
        st.none() | st.integers() | st.text(alphabet='[]{}"\\ab'),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
        max_leaves=20,
    )
)
@settings(max_examples=100, derandomize=True)
def test_depth_is_the_depth_of_the_parsed_value(value: object) -> None:
    def levels(v: object) -> int:
        if isinstance(v, list):
            return 1 + max(map(levels, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(levels, v.values()), default=0)
        return 0

    assert depth(json.dumps(value, ensure_ascii=False)) == levels(value)


def test_the_deepest_valid_sheets_and_histories_are_far_below_the_limit() -> None:
    """MAX_DEPTH is derived from these: a sheet 5 deep, a link 6, a history file 8, a stored history 9."""
    deepest = {"sheet": 0, "stored": 0, "file": 0}
    stored = ""

    @settings(max_examples=75, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(list(GAMES)), st.data())
    def add(game_id: str, data: st.DataObject) -> None:
        nonlocal stored
        sheet = data.draw(sheets(GAMES[game_id]))
        if check_sheet(GAMES[game_id], sheet)[1]:
            return
        deepest["sheet"] = max(deepest["sheet"], depth(json.dumps(sheet)))
        answer = history_add(
            stored, game_id, sheet, f"2026-01-01T00:{len(stored) % 3600 // 60:02}:{len(stored) % 60:02}Z"
        )
        stored = answer.get("stored", stored)

    add()
    deepest["stored"] = depth(stored)
    deepest["file"] = depth(history_export(stored, SAVED)["json"])
    assert deepest["sheet"] <= 5 and deepest["file"] <= 8 and 8 <= deepest["stored"] <= 9, deepest  # as measured
    assert max(deepest.values()) * 3 < MAX_DEPTH < 100  # room to grow, far below any engine's limit


def test_the_issue_s_95_character_link_is_damaged_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(DEEP_LINK) == 95
    monkeypatch.setattr(share.json, "loads", lambda *_: pytest.fail("parsed"))
    answer = share_view(DEEP_LINK)
    assert not answer["ok"] and "damaged" in answer["problems"][0]["en"] and "损坏" in answer["problems"][0]["zh"]


def test_a_link_is_refused_one_level_past_the_limit_and_read_at_it() -> None:
    at_limit = share_view(payload(nested(MAX_DEPTH - 1)))  # and the record's own list around it
    assert "damaged" not in at_limit["problems"][0]["en"]  # read: the sheet is wrong, not the link
    past = share_view(payload(nested(MAX_DEPTH)))
    assert "damaged" in past["problems"][0]["en"]


def test_a_history_is_refused_one_level_past_the_limit_and_read_at_it(monkeypatch: pytest.MonkeyPatch) -> None:
    inside = '{"format":"table-companion-history","version":1,"records":[' + nested(MAX_DEPTH - 2) + "]}"
    assert depth(inside) == MAX_DEPTH
    assert "not a record" in history_import("", inside)["problems"][0]["en"]
    monkeypatch.setattr(history.json, "loads", lambda *_, **__: pytest.fail("parsed"))
    past = inside.replace("[[", "[[[", 1).replace("]]", "]]]", 1)
    answer = history_import("", past)
    assert not answer["ok"] and answer["problems"][0]["en"] == "this is not a history file exported by Table Companion."
    assert history_import("", "[" * 100_000)["problems"][0]["zh"] == "这不是“桌游助手”的历史记录文件。"


def test_a_deep_stored_history_is_set_aside_not_parsed() -> None:
    answer = history_view(nested(4000))
    assert not answer["ok"] and "not a history file" in answer["problems"][0]["en"]


def test_read_json_refuses_past_the_limit() -> None:
    assert read_json(nested(MAX_DEPTH), "sheet") == json.loads(nested(MAX_DEPTH))
    assert not too_deep(nested(MAX_DEPTH)) and too_deep(nested(MAX_DEPTH + 1))
    with pytest.raises(Exception, match="nested too deeply"):
        read_json(nested(MAX_DEPTH + 1), "sheet")


def test_the_command_line_refuses_deep_input_with_one_line(tmp_path, capsys) -> None:
    sheet = tmp_path / "sheet.json"
    sheet.write_text(nested(4000))
    assert main(["score", "burgundy-cards", str(sheet)]) == 2
    assert capsys.readouterr().err == "error: sheet: JSON nested too deeply to read.\n"
    file = tmp_path / "history.json"
    file.write_text("[" * 100_000)
    assert main(["history", str(file)]) == 2
    assert capsys.readouterr().err == "error: file: this is not a history file exported by Table Companion.\n"

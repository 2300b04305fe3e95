"""A name's length is counted as the name field counts it (issue 40 point 11: the field's maxlength cut a name of emoji
at 20, since it counts UTF-16 code units, while Python allowed 40 code points): Python counts UTF-16 code units too, so
what the field lets through Python takes, and what it would cut Python refuses with a message that says why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.core import MAX_NAME_LENGTH, SheetError, check_name
from scoring.core.entry import field_length

ROOT = Path(__file__).resolve().parents[2]


@given(st.text())
def test_a_name_is_counted_as_javascript_counts_a_string(text: str) -> None:
    assert field_length(text) == len(text.encode("utf-16-le", "surrogatepass")) // 2


@pytest.mark.parametrize(
    ("name", "fits"),
    [
        ("W" * 40, True),
        ("长" * 40, True),
        ("😀" * 20, True),
        ("😀" * 19 + "ab", True),
        ("W" * 41, False),
        ("😀" * 21, False),  # 21 code points: allowed before, though the field could not hold it
        ("😀" * 20 + "a", False),
    ],
)
def test_the_limit_is_the_fields(name: str, fits: bool) -> None:
    if fits:
        assert check_name(name, 0) == name
        return
    with pytest.raises(SheetError) as refused:
        check_name(name, 0)
    assert "at most 40 characters (an emoji counts as two)" in refused.value.message.en
    assert "表情符号算两个" in refused.value.message.zh


def test_every_name_field_has_pythons_limit() -> None:
    templates = [ROOT / "templates" / name for name in ("play.html", "stats.html")]
    fields = [m for path in templates for m in re.findall(r"<input[^>]*>", path.read_text(encoding="utf-8"))]
    names = [f for f in fields if 'data-field="name"' in f or 'data-role="new"' in f]
    assert names and all(f'maxlength="{MAX_NAME_LENGTH}"' in f for f in names), names
    script = (ROOT / "static" / "start-player.js").read_text(encoding="utf-8")
    assert f"maxLength: {MAX_NAME_LENGTH}" in script


def test_a_game_saved_before_with_a_longer_name_of_emoji_is_read_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record (and a merged name) kept when a name counted code points, 30 emoji, is read back, not left out (it would
    be lost at the next save); a new sheet with that name is refused."""
    import json

    from scoring.core import validation
    from scoring.history import document, make_record, read_history
    from scoring.players import read_names

    name = "😀" * 30
    raw = {"players": [{"name": name, "scores": {"score_track": 5}}, {"name": "Bo", "scores": {"score_track": 3}}]}
    with monkeypatch.context() as then:
        then.setattr(validation, "field_length", len)  # the count before
        record = make_record("bruges", raw, "2026-11-20T10:00:00Z")
    history = read_history(json.dumps(document([record], names={name: name})))
    assert [r["players"][0]["name"] for r in history.records] == [name]
    assert read_names({name: name}) == ({name: name}, [])
    with pytest.raises(SheetError, match="an emoji counts as two"):
        make_record("bruges", raw, "2026-11-20T10:00:00Z")

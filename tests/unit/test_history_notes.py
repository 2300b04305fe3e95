"""A note holding any character (issue 40 point 4): checked as a name is (scoring/extras.py's note_of), so that a lone
surrogate or a control character gives a message in both languages on the page and one line on the command line,
never a raw Python error; every other note (format characters such as direction marks too) is kept, stored as UTF-8
and listed."""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

import pytest

from scoring.__main__ import main
from scoring.api import history_add, history_export, history_import
from tests.fuzz import SAVED, SHEET, one_of_each_category
from tests.unit.test_history_corrections import file_of

KEPT_CONTROLS = "\n\t"


def refused(ch: str) -> bool:
    """Whether a note holding ch is refused: a control character other than a line end or tab, a lone surrogate."""
    return ch not in KEPT_CONTROLS and unicodedata.category(ch) in {"Cc", "Cs"}


@pytest.mark.parametrize("ch", one_of_each_category(), ids=lambda ch: f"U+{ord(ch):04X}")
def test_a_note_with_any_character_is_kept_or_said_in_both_languages(ch: str) -> None:
    note = f"at Mia's {ch} table"
    saved = history_add("", "burgundy-cards", SHEET, SAVED, {"note": note})
    imported = history_import("", file_of({"game": "burgundy-cards", "saved": SAVED, "sheet": SHEET, "note": note}))
    assert imported["ok"] and len(imported["records"]) == 1
    imported["stored"].encode()  # storable as UTF-8, exportable, listable
    history_export(imported["stored"], SAVED)["json"].encode()
    if refused(ch):
        assert not saved["ok"] and saved["problems"][0]["field"] == "note"
        assert f"U+{ord(ch):04X}" in saved["problems"][0]["en"] and f"U+{ord(ch):04X}" in saved["problems"][0]["zh"]
        assert "note" not in imported["records"][0] and len(imported["problems"]) == 1
    else:
        assert saved["ok"] and saved["record"]["note"] == note.strip()
        assert imported["records"][0]["note"] == note.strip() and imported["problems"] == []


@pytest.mark.parametrize("note", ["a\ud800b", "\udfff", "clear \x1b[2J screen", "title \x1b]0;pwned\x07", "\x00"])
def test_the_command_line_lists_the_game_without_such_a_note_and_says_why(
    note: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "history.json"
    file.write_text(file_of({"game": "burgundy-cards", "saved": SAVED, "sheet": SHEET, "note": note}), "utf-8")
    assert json.loads(file.read_text("utf-8"))["records"][0]["note"] == note
    for argv in (["history", str(file)], ["history", str(file), "--csv"]):
        assert main(argv) == 0
        out, err = capsys.readouterr()
        out.encode(sys.stdout.encoding or "utf-8")
        assert "\x1b" not in out and "\x00" not in out and "Ann" in out
        assert err.count("\n") == 1 and "the note contains a control character" in err

"""scoring/core/script_fold.py is what tools/script_fold.py writes from the OpenCC installed (its t2s table)."""

from __future__ import annotations

from scoring.core import name_key
from scoring.core.script_fold import SIMPLIFIED, TRADITIONAL
from tools import script_fold


def test_the_committed_table_is_opencc_s() -> None:
    assert script_fold.TARGET.read_text(encoding="utf-8") == script_fold.module_source(), (
        "OpenCC's t2s table changed: run .venv/bin/python tools/script_fold.py and read the difference"
    )


def test_each_traditional_character_folds_to_one_final_simplified_one() -> None:
    assert len(TRADITIONAL) == len(SIMPLIFIED) == len(set(TRADITIONAL)) > 2000
    assert not set(TRADITIONAL) & set(SIMPLIFIED)  # folding twice is folding once
    assert name_key("張偉") == name_key("张伟") == "张伟" and name_key("Ｍｉｋｅ") == "mike"

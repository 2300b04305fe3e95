"""Generated links, history files and stored values for the fuzz suite (tests/unit/test_fuzz.py on the command line
and the Python entry points, tests/e2e/test_fuzz_page.py on the page's real worker).

CI runs a few examples with a fixed seed (derandomized); a longer run, with fresh random examples:
    TC_FUZZ_EXAMPLES=2000 TC_FUZZ_RANDOM=1 .venv/bin/python -m pytest tests/unit/test_fuzz.py -q
    TC_FUZZ_PAGE_INPUTS=200 TC_FUZZ_RANDOM=1 .venv/bin/python -m pytest -m e2e tests/e2e/test_fuzz_page.py -q
"""

from __future__ import annotations

import base64
import functools
import json
import os
import sys
import unicodedata
import zlib

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scoring.history import FORMAT, VERSION, make_record
from scoring.nesting import MAX_DEPTH

EXAMPLES = int(os.environ.get("TC_FUZZ_EXAMPLES", "25"))
PAGE_INPUTS = int(os.environ.get("TC_FUZZ_PAGE_INPUTS", "3"))
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=not os.environ.get("TC_FUZZ_RANDOM"),
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
SAVED = "2026-11-20T10:00:00Z"
SHEET = {"players": [{"name": "Ann", "scores": {"estate_sets": 3, "start_player": 1}}, {"name": "Bo"}]}


def packed(text: bytes) -> str:
    """Bytes as a link's payload (raw deflate, base64url, no padding)."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(squeeze.compress(text) + squeeze.flush()).decode().rstrip("=")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
"""Any JSON value."""
DEPTHS = st.sampled_from([MAX_DEPTH - 6, MAX_DEPTH - 5, MAX_DEPTH, MAX_DEPTH + 1, 4000, 100_000])
"""Nestings around the limit and far past it (the issue's 4,000 and 100,000)."""
VALID = packed(json.dumps([1, "burgundy-cards", SAVED, SHEET]).encode())


def _nested(levels: int, opener: str = "[") -> str:
    """A list (or an object) nested `levels` deep."""
    if opener == "[":
        return "[" * levels + "]" * levels
    return '{"a":' * levels + "1" + "}" * levels


@st.composite
def _mutated(draw: st.DrawFn, valid: str) -> str:
    """A valid text with a few characters changed, added or cut."""
    text = valid
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "append", "cut"]))
        char = draw(st.characters(codec="utf-8", max_codepoint=0x2FFF))
        if kind == "insert":
            text = text[:where] + char + text[where:]
        elif kind == "delete":
            text = text[:where] + text[where + 1 :]
        elif kind == "replace":
            text = text[:where] + char + text[where + 1 :]
        elif kind == "append":
            text += draw(st.text(max_size=4))
        else:
            text = text[:where]
    return text


LINKS = st.one_of(
    _mutated(VALID),
    st.builds(lambda levels: packed(f'[1,"burgundy-cards","{SAVED}",{_nested(levels)}]'.encode()), DEPTHS),
    st.builds(lambda value: packed(json.dumps(value).encode()), JSON),
    st.builds(
        lambda game, saved, sheet: packed(json.dumps([1, game, saved, sheet]).encode()),
        st.sampled_from(["burgundy-cards", "bruges", "chess", 1]),
        st.sampled_from([SAVED, "2000-01-01T00:30:00+01:00", "yesterday", 3]),
        JSON | st.just(SHEET),
    ),
    st.text(max_size=60),
)
"""What a link's fragment (after r=) may carry."""

RECORD = {"game": "burgundy-cards", "saved": SAVED, "sheet": SHEET}
VALID_FILE = json.dumps({"format": FORMAT, "version": VERSION, "names": {"ann": "Ann"}, "records": [RECORD]})
FILES = st.one_of(
    st.binary(max_size=80),
    st.builds(str.encode, _mutated(VALID_FILE)),
    st.builds(lambda levels, opener: _nested(levels, opener).encode(), DEPTHS, st.sampled_from(["[", "{"])),
    st.builds(
        lambda value: json.dumps({"format": FORMAT, "version": VERSION, **value}).encode(),
        st.dictionaries(st.sampled_from(["records", "names", "version", "exported"]), JSON, max_size=3),
    ),
    st.builds(
        lambda names: json.dumps({"format": FORMAT, "version": VERSION, "names": names, "records": []}).encode(),
        st.dictionaries(st.text(max_size=6), st.text(max_size=6), max_size=5),
    ),
    st.builds(
        lambda text, bom: (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8", "surrogatepass"),
        st.sampled_from([VALID_FILE, "", " ", "{}", "[]"]),
        st.booleans(),
    ),
)
"""What a file chosen for import (or given to the command line) may hold."""


@functools.cache
def one_of_each_category() -> tuple[str, ...]:
    """The first character of every Unicode general category (lone surrogates, controls, private use, unassigned…), and
    the line ends, tab, joiners and direction marks a note may meet."""
    first: dict[str, str] = {}
    for code in range(sys.maxunicode + 1):
        first.setdefault(unicodedata.category(chr(code)), chr(code))
    return (*first.values(), "\n", "\t", "\u200d", "\u200f", "\u202e", "\u2028", "\udfff", "\U000e0041", "\ufeff")


ANY_TEXT = st.lists(
    st.one_of(
        st.characters(exclude_categories=()),
        st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, exclude_categories=()),
        st.sampled_from(one_of_each_category()),
    ),
    max_size=12,
).map("".join)
"""Text of every category of character, lone surrogates included."""
_DATES = st.sampled_from(
    ["2000-01-01T00:00:00Z", SAVED, "2026-11-21T00:00:00+14:00", "2100-01-01T00:00:00Z", "2999-12-31T23:59:59Z"]
)
MOMENTS = st.one_of(_DATES, _DATES, _DATES, st.none(), ANY_TEXT)
"""A record's correction time: past, near, offset, future, none or anything."""
CORRECTED_FILES = st.builds(
    lambda note, edited, same_id, name: json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "records": [
                {
                    **RECORD,
                    "sheet": {"players": [SHEET["players"][0], {"name": name, "scores": {"estate_sets": 9}}]},
                    "edited": edited,
                    "id": make_record("burgundy-cards", SHEET, SAVED)["id"] if same_id else note,
                    "note": note,
                },
                {**RECORD, "note": note},
            ],
        }
    ).encode(),
    ANY_TEXT,
    MOMENTS,
    st.booleans(),
    st.one_of(st.just("Bo"), st.just("Bo"), ANY_TEXT),
)
"""A history file with a note of any characters and a second copy of its game corrected at any time, under the id of a
game already stored or not (json.dumps writes a lone surrogate as its escape: valid JSON, as a crafted file has it)."""

"""How deep JSON text nests, counted before it is parsed: Python in the browser (Pyodide) runs out of the JavaScript
stack on a few thousand brackets and the worker dies (Chromium near 3,500, Firefox near 20,000), where CPython raises
RecursionError.

A sheet nests 5 deep, a link 6, a history file 8 and the history as the browser stores it (with its statistics) 9
(tests/unit/test_nesting.py measures them on generated histories of every game). MAX_DEPTH leaves room for a format
that grows and stays a hundred times below what any engine parses.
"""

from __future__ import annotations

import re
from array import array
from itertools import accumulate

from .core import SheetError, Text, parse_json

MAX_DEPTH = 32
"""The deepest JSON text from outside (a link, a file, a stored value, a call from the page) may nest to be read."""
_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""A JSON string: brackets inside it do not count."""
_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_NOT_BRACKET = bytes(sorted(set(range(256)) - set(b"[]{}")))


def depth(text: str | bytes) -> int:
    """How deep the brackets of JSON text nest outside its strings; linear, in C loops (2 MB in about 20 ms).

    An unclosed string counts the brackets after its quote, which can only over-count; a parser stops at a broken
    string before any bracket after it."""
    data = text.encode(errors="surrogatepass") if isinstance(text, str) else text
    steps = _STRINGS.sub(b"", data).translate(_STEP, _NOT_BRACKET)
    return max(accumulate(array("b", steps)), default=0)


def too_deep(text: str | bytes) -> bool:
    """Whether JSON text nests beyond what this site ever reads (MAX_DEPTH)."""
    return depth(text) > MAX_DEPTH


def read_json(text: str | bytes, what: str) -> object:
    """JSON text from outside as the sheets read it (core.parse_json), refused unread when it nests beyond MAX_DEPTH;
    SheetError naming `what`."""
    if too_deep(text):
        raise SheetError(what, Text("JSON 嵌套层数过多，无法读取。", "JSON nested too deeply to read."))
    return parse_json(text if isinstance(text, str) else text.decode(), what)

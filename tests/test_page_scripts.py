"""The page's scripts (static/*.js and the worker's *.mjs) keep their declared shape: storage keys in one module,
functions that fit on a screen."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
SCRIPTS = sorted([*STATIC.glob("*.js"), *STATIC.glob("*.mjs")])
STORAGE_CALL = re.compile(r"\b(read|write|remove|readChoice|writeChoice)\((?!\))([^,)]*)")
KEY_LITERAL = re.compile(r"""["'`]tc:(v\d+:|corrupt:|wake|flow|rules-view|probe)""")
LONGEST = 50
"""Lines a function may take (its nested functions included): one screen."""


def test_only_storage_js_spells_a_storage_key() -> None:
    """Every key is declared in storage.js's `keys`; lang.js (run before any module) spells the preferences' prefix."""
    for path in SCRIPTS:
        text = path.read_text(encoding="utf-8")
        if path.name not in {"storage.js", "lang.js"}:
            assert "localStorage" not in text.replace("in localStorage (", ""), path.name
            assert not KEY_LITERAL.search(text), f"{path.name}: a storage key outside storage.js"
        if "./storage.js" in text:
            for call, key in STORAGE_CALL.findall(text):
                assert key.startswith("keys."), f"{path.name}: {call}({key}"
    lang = (STATIC / "lang.js").read_text(encoding="utf-8")
    assert re.findall(r"localStorage\.setItem\(([^,]+),", lang) == ['"tc:" + name']
    assert "pref: (name) => `tc:${name}`" in (STATIC / "storage.js").read_text(encoding="utf-8")


def function_lengths(text: str) -> list[tuple[int, int]]:
    """(lines, first line) of every function, method and block-bodied arrow in a script, nested ones included."""
    code = [strip_strings(line) for line in text.splitlines()]
    start = re.compile(
        r"\bfunction\b[^(]*\(|=>\s*\{|^\s*(?:async\s+|static\s+)?(?!if\b|for\b|while\b|switch\b|catch\b)[A-Za-z_$][\w$]*\s*\([^)]*\)\s*\{\s*$"
    )
    lengths = []
    for first, line in enumerate(code):
        found = start.search(line)
        if found:
            lengths.append((block_end(code, first, found.start()) - first + 1, first + 1))
    return lengths


def strip_strings(line: str) -> str:
    """A line without its string literals' contents and its // comment (braces in text are not code)."""
    line = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`(?:\\.|[^`\\])*`', '""', line)
    return line.split("//", 1)[0]


def block_end(code: list[str], first: int, column: int) -> int:
    """The line where the block opened on code[first] (at or after column) closes."""
    depth = 0
    for number in range(first, len(code)):
        for char in code[number][column if number == first else 0 :]:
            depth += {"{": 1, "}": -1}.get(char, 0)
            if depth == 0 and char == "}":
                return number
    return len(code) - 1


def test_function_lengths_are_measured() -> None:
    sample = (
        "function a() {\n  const s = '}';\n  return () => {\n    x();\n  };\n}\nclass B {\n  m(y) {\n    y();\n  }\n}\n"
    )
    assert sorted(function_lengths(sample)) == [(3, 3), (3, 8), (6, 1)]


def test_every_function_fits_on_a_screen() -> None:
    longest = [
        (n, f"{path.name}:{line}") for path in SCRIPTS for n, line in function_lengths(path.read_text(encoding="utf-8"))
    ]
    assert max(longest) <= (LONGEST, "~"), sorted(longest)[-3:]

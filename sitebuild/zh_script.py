"""Chinese in both scripts, at build time: OpenCC turns each Chinese text into Simplified and Traditional.

Pages are rendered with both scripts in them (the reader's choice hides one). Text that Python writes at
run time in the browser (and the few messages the page's JavaScript writes) is converted by the page with a conversion
(zh-script.json) that OpenCC generates here from every Chinese literal in scoring/ (each in its module's script) and in
static/*.js, so the browser needs no OpenCC.

Two wordings: a source text (the rules, and a game module's text, which follows its source) is converted
character by character (`s2tw` / `tw2s`), so its wording stays the source's; the interface's own text (the
templates, core messages, the page's JavaScript) is converted with Taiwan phrases (`s2twp`: 设置 → 設定, not 設置).
Where OpenCC is wrong, CORRECTIONS (reviewed, each with why) mend its output.
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import opencc

from . import BuildError

SCRIPTS = ("zh-Hans", "zh-Hant")
CONFIGS = {"zh-Hans": "tw2s", "zh-Hant": "s2tw"}
"""OpenCC configuration that writes each script from the other (Taiwan standard forms, as the sources use)."""
INTERFACE_CONFIGS = {"zh-Hans": "tw2sp", "zh-Hant": "s2twp"}
"""The same for the interface's own text, with Taiwan wording in Traditional (螢幕, 搜尋, 設定)."""
UI = "ui"
"""The script tag templates give the interface's own text: written in Simplified, converted with INTERFACE_CONFIGS."""


@dataclass(frozen=True)
class Correction:
    """A phrase OpenCC converts wrongly: where the source text has `phrase`, the target script gets `right`."""

    phrase: str
    target: str
    opencc: str  # what OpenCC writes (the test holds it, so an entry OpenCC no longer needs is noticed)
    right: str
    why: str


CORRECTIONS = (
    Correction("并叠", "zh-Hant", "併疊", "並疊", "并 is 'and' (並) here, not 'merge' (併): 'and stacked on top'."),
    Correction("是只算", "zh-Hant", "是隻算", "是只算", "只 is 'only' here, not the measure word 隻."),
    Correction(
        "格里", "zh-Hant", "格里", "格裡", "'in the space' (格 + 里 = 裡); OpenCC keeps 格里 as a name (Gerry)."
    ),
)
"""Reviewed corrections of OpenCC's output, applied after it (every entry keeps the text's length)."""
TAIWAN_WORDS = {"二维码": "QR碼", "回车键": "Enter鍵"}
"""The interface's words that s2twp leaves in mainland wording, as Taiwan says them (the rest of its text does)."""
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NON_ASCII = re.compile(r"[^\x00-\x7f]+")


@functools.cache
def _converter(target: str, interface: bool = False) -> opencc.OpenCC:
    """OpenCC writing the target script (with Taiwan phrases for the interface's text)."""
    return opencc.OpenCC(f"{(INTERFACE_CONFIGS if interface else CONFIGS)[target]}.json")


@functools.cache
def convert(text: str, source: str, target: str, interface: bool = False) -> str:
    """Text written in the source script, in the target script; interface: the site's own words, not a source's."""
    if source not in SCRIPTS or target not in SCRIPTS:
        raise ValueError(f"unknown script: {source!r} or {target!r}")
    if source == target or not CJK.search(text):
        return text
    for phrase, right in TAIWAN_WORDS.items() if interface and target == "zh-Hant" else ():
        if phrase in text:
            return right.join(convert(piece, source, target, interface) for piece in text.split(phrase))
    for fix in CORRECTIONS:
        if fix.target == target and fix.phrase in text:
            return fix.right.join(convert(piece, source, target, interface) for piece in text.split(fix.phrase))
    return _converter(target, interface).convert(text)


def other(script: str) -> str:
    """The other script's tag."""
    return next(s for s in SCRIPTS if s != script)


def both(text: str, source: str) -> dict[str, str]:
    """The text in each script, by script tag; source UI: the interface's own text (written in Simplified)."""
    if source == UI:
        return {target: convert(text, "zh-Hans", target, interface=True) for target in SCRIPTS}
    return {target: convert(text, source, target) for target in SCRIPTS}


# ---------------------------------------------------------------- run-time conversion


def module_name(path: Path, package: str) -> str:
    """The dotted name of a module file inside the package folder named package: scoring/games/bruges.py is
    scoring.games.bruges, scoring/core/__init__.py is scoring.core."""
    parts = path.with_suffix("").parts
    inside = parts[len(parts) - 1 - parts[::-1].index(package) :]
    return ".".join(inside[:-1] if inside[-1] == "__init__" else inside)


def module_script(path: Path, package: str) -> str:
    """The script a file's Chinese is written in: a game module's source script (its text follows the source), else
    (the core modules and the page's JavaScript: the interface's own text) UI."""
    if path.suffix != ".py":
        return UI
    module = importlib.import_module(module_name(path, package))
    game = getattr(module, "GAME", None)
    return getattr(game, "source_lang", UI)


def _written(text: str, script: str, target: str) -> str:
    """A literal of the given script (or UI) in the target script."""
    return both(text, script)[target]


def literals(path: Path) -> set[str]:
    """Every piece of Chinese text written in a file: in Python, string constants and the fixed parts of f-strings;
    in a JavaScript file, each run of non-ASCII text."""
    if path.suffix != ".py":
        return {run for run in NON_ASCII.findall(path.read_text(encoding="utf-8")) if CJK.search(run)}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.update(piece for piece in PLACEHOLDER.split(node.value) if CJK.search(piece))
    return found


def collect(files: Iterable[Path], package: str) -> dict[str, str]:
    """Chinese literal -> its script, for every file; fails if one literal is written in both scripts."""
    corpus: dict[str, str] = {}
    where: dict[str, Path] = {}
    for path in sorted(files):
        script = module_script(path, package)
        for text in literals(path):
            known = corpus.get(text)
            if known and known != script and both(text, known) != both(text, script):
                raise BuildError(f"{path}: {text!r} reads differently as {script} here and as {known} in {where[text]}")
            corpus.setdefault(text, script)
            where.setdefault(text, path)
    return corpus


class Conversion:
    """Text in one script -> text in the other, applied longest key first (the same walk as static/zh.js)."""

    def __init__(self) -> None:
        self.entries: dict[str, str] = {}
        self._by_first: dict[str, list[str]] = {}

    @classmethod
    def of(cls, entries: Mapping[str, str]) -> Conversion:
        """A conversion holding these entries (as written to zh-script.json)."""
        conversion = cls()
        for key, value in entries.items():
            conversion.add(key, value)
        return conversion

    def add(self, key: str, value: str) -> None:
        """Add or replace an entry."""
        if key not in self.entries:
            keys = self._by_first.setdefault(key[0], [])
            keys.append(key)
            keys.sort(key=len, reverse=True)
        self.entries[key] = value

    def apply(self, text: str) -> str:
        """The text with the longest matching key replaced at each position."""
        out = []
        i = 0
        while i < len(text):
            key = next((k for k in self._by_first.get(text[i], ()) if text.startswith(k, i)), None)
            out.append(self.entries[key] if key else text[i])
            i += len(key) if key else 1
        return "".join(out)


def conversion_for(corpus: Mapping[str, str], target: str) -> Conversion:
    """A conversion that writes every literal of the corpus in the target script: characters, then whole literals."""
    conversion = Conversion()
    for text, source in corpus.items():
        if source != target:
            for char in CJK.findall(text):
                if (written := _written(char, source, target)) != char and char not in conversion.entries:
                    conversion.add(char, written)
    for text in sorted(corpus, key=len):  # a key only changes texts that contain it: shorter ones stay right
        wanted = _written(text, corpus[text], target)
        if conversion.apply(text) != wanted:
            conversion.add(text, wanted)
    return conversion


def run_time_conversions(files: Iterable[Path], package: str) -> dict[str, dict[str, str]]:
    """For each script, the conversion the page applies to Chinese that Python writes at run time."""
    corpus = collect(files, package)
    return {target: conversion_for(corpus, target).entries for target in SCRIPTS}

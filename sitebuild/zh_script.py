"""Chinese in both scripts, at build time: OpenCC turns each Chinese text into Simplified and Traditional.

Pages are rendered with both scripts in them (the reader's choice hides one). Text that Python writes at
run time in the browser (and the few messages the page scripts write) is converted by the page with a table
that OpenCC generates here from every Chinese literal in scoring/ (each in its module's script) and in
static/*.js, so the browser needs no OpenCC.
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import opencc

from . import BuildError

SCRIPTS = ("zh-Hans", "zh-Hant")
CONFIGS = {"zh-Hans": "tw2s", "zh-Hant": "s2tw"}
"""OpenCC configuration that writes each script from the other (Taiwan standard forms, as the sources use)."""
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NON_ASCII = re.compile(r"[^\x00-\x7f]+")


@functools.cache
def _converter(target: str) -> opencc.OpenCC:
    """OpenCC writing the target script."""
    return opencc.OpenCC(f"{CONFIGS[target]}.json")


@functools.cache
def convert(text: str, source: str, target: str) -> str:
    """Text written in the source script, in the target script."""
    if source not in SCRIPTS or target not in SCRIPTS:
        raise ValueError(f"unknown script: {source!r} or {target!r}")
    return text if source == target or not CJK.search(text) else _converter(target).convert(text)


def other(script: str) -> str:
    """The other script's tag."""
    return next(s for s in SCRIPTS if s != script)


def both(text: str, source: str) -> dict[str, str]:
    """The text in each script, by script tag."""
    return {target: convert(text, source, target) for target in SCRIPTS}


# ---------------------------------------------------------------- run-time table


def module_script(path: Path, package: str) -> str:
    """The script a file's Chinese is written in: a game module's source script, else (page scripts too) Simplified."""
    if path.suffix != ".py":
        return "zh-Hans"
    module = importlib.import_module(package if path.stem == "__init__" else f"{package}.{path.stem}")
    game = getattr(module, "GAME", None)
    return getattr(game, "source_lang", "zh-Hans")


def literals(path: Path) -> set[str]:
    """Every piece of Chinese text written in a file: in Python, string constants and the fixed parts of f-strings;
    in a page script, each run of non-ASCII text."""
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


class Table:
    """Text in one script -> text in the other, applied longest key first (the same walk as static/zh.js)."""

    def __init__(self) -> None:
        self.entries: dict[str, str] = {}
        self._by_first: dict[str, list[str]] = {}

    @classmethod
    def of(cls, entries: Mapping[str, str]) -> Table:
        """A table holding these entries (as written to zh-script.json)."""
        table = cls()
        for key, value in entries.items():
            table.add(key, value)
        return table

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


def table_for(corpus: Mapping[str, str], target: str) -> Table:
    """A table that writes every literal of the corpus in the target script: characters, then whole literals."""
    table = Table()
    for text, source in corpus.items():
        if source != target:
            for char in CJK.findall(text):
                if (written := convert(char, source, target)) != char and char not in table.entries:
                    table.add(char, written)
    for text in sorted(corpus, key=len):  # a key only changes texts that contain it: shorter ones stay right
        wanted = convert(text, corpus[text], target)
        if table.apply(text) != wanted:
            table.add(text, wanted)
    return table


def runtime_tables(files: Iterable[Path], package: str) -> dict[str, dict[str, str]]:
    """For each script, the table the page applies to Chinese that Python writes at run time."""
    corpus = collect(files, package)
    return {target: table_for(corpus, target).entries for target in SCRIPTS}

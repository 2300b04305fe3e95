"""The Python sources keep their shape: functions that fit on a screen (as the page scripts', tests/test_page_scripts.py),
and the benchmark's modules importing one another without a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    {
        ROOT / "build.py",
        *ROOT.glob("scoring/**/*.py"),
        *ROOT.glob("sitebuild/*.py"),
        *ROOT.glob("tools/*.py"),
        *ROOT.glob("bench/**/*.py"),
        *ROOT.glob("static/*.py"),
    }
)
BUILD_RECIPE_LINES = 400
"""build.py reads as the recipe it is (issue 39): its steps that are more than a function live in sitebuild/."""
LONGEST = 50
"""Lines a function may take, from its first decorator or `def` to its last line, nested functions included: one
screen, the page scripts' limit."""
KNOWN_LONGER = {
    "scoring/games/tuscany.py:setup": "a setup checklist: one list of steps in both languages, in the rules' order",
    "scoring/games/bruges.py:setup": "a setup checklist: one list of steps in both languages, in the rules' order",
    "scoring/games/furstenfeld.py:setup": "a setup checklist: one list of steps in both languages, in the rules' order",
    "scoring/games/palais_royal.py:setup": "a setup checklist: one list of steps in both languages, in the rules' order",
    "scoring/games/burgundy_cards.py:setup": "a setup checklist: one list of steps in both languages, in the rules' order",
}
"""Functions longer than LONGEST, each with why. A checklist reads as the rules' setup section does, top to bottom;
cut in parts it would be one list spread over several functions."""


def function_lengths(source: str) -> list[tuple[int, str]]:
    """(lines, name) of every function and method in a module's source, nested ones included."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found.append((node.end_lineno - first + 1, node.name))
    return found


def test_function_lengths_are_measured() -> None:
    sample = "@cache\ndef a():\n    def b():\n        return 1\n\n    return b\n\n\nclass C:\n    async def m(self):\n        pass\n"
    assert sorted(function_lengths(sample)) == [(2, "b"), (2, "m"), (6, "a")]


def test_every_function_fits_on_a_screen() -> None:
    lengths = {
        f"{path.relative_to(ROOT).as_posix()}:{name}": lines
        for path in SOURCES
        for lines, name in function_lengths(path.read_text(encoding="utf-8"))
        if lines > LONGEST
    }
    unlisted = sorted((lines, name) for name, lines in lengths.items() if name not in KNOWN_LONGER)
    assert not unlisted, f"functions longer than {LONGEST} lines (cut them, or list one with why): {unlisted}"
    fitting = sorted(set(KNOWN_LONGER) - set(lengths))
    assert not fitting, f"listed as longer than {LONGEST} lines but no longer are (take them off the list): {fitting}"


def bench_imports(path: Path) -> set[str]:
    """The benchmark's modules a module of bench/ imports, anywhere in it (a function's own imports too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module == "bench":
            names |= {f"bench.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module if node.module.startswith("bench.") else f"bench.{node.module}")
    return {name for name in names if name.startswith("bench.")}


def test_the_benchmark_imports_without_a_cycle() -> None:
    """Each module of bench/ imports only modules that do not import it back, at any distance."""
    modules = {f"bench.{path.stem}": path for path in (ROOT / "bench").glob("*.py") if path.stem != "__init__"}
    graph = {name: bench_imports(path) & set(modules) for name, path in modules.items()}
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            name = todo.pop()
            assert name != start, f"{start} imports itself back through {sorted(seen)}"
            if name not in seen:
                seen.add(name)
                todo.extend(graph[name])


def test_build_py_stays_a_recipe() -> None:
    lines = len((ROOT / "build.py").read_text(encoding="utf-8").splitlines())
    assert lines <= BUILD_RECIPE_LINES, (
        f"build.py has {lines} lines: move a step that is more than a function to sitebuild/"
    )

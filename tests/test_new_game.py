"""Adding a game works by the docs alone: docs/architecture.md's "Adding a game", followed step by step in a copy of
the repository for a made-up game of two fields, builds, and the checks that take every game pass with it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import GAMES

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "architecture.md"
STEPS = (
    "Its texts.",
    "Its module",
    "Its place in the list",
    "Its tests",
    "On the map",
    "Build",
    "The rules-page snapshot",
    "Where the site names its games",
)
"""The steps of "Adding a game", in order: the test below follows each (a new step must be followed here too)."""
NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
GAME_ID = "two-fields"
MODULE = "two_fields"

TEXTS = {
    "zh.md": """# 两块田

## 准备 {#setup}

每名玩家拿一块田地板，放在自己面前。洗混作物卡，作为牌堆放在桌子中央。

## 计分 {#final-scoring}

游戏结束时，每名玩家的小麦分和葡萄分相加，总分最高者获胜。平手时，钱币较多者获胜。
""",
    "en.md": """# Two Fields

A made-up game (tests/test_new_game.py); its source is written in Simplified Chinese.

## Setup {#setup}

Each player takes a field board and places it in front of themselves. Shuffle the crop cards into a stack in the
middle of the table.

## Scoring {#final-scoring}

At the end of the game, each player adds their wheat points and their grape points; the highest total wins. In a
tie, the player with more coins wins.
""",
    "glossary.toml": "",
    "aid.toml": """[start_player]
section = "setup"
kind = "pick"
zh = "原文没有说明谁先开始：由玩家决定。"
en = "The source does not say who starts: the table chooses."

[[turn]]
section = "setup"
zh = "原文没有说明一个回合。"
en = "The source does not describe a turn."
note = true

[[action]]
section = "setup"
zh = "原文没有说明行动。"
en = "The source describes no actions."
note = true

[[round_end]]
section = "setup"
zh = "原文没有说明一轮何时结束。"
en = "The source does not say when a round ends."
note = true

[[game_end]]
section = "final-scoring"
zh = "原文没有说明游戏何时结束。"
en = "The source does not say when the game ends."
note = true

[[scoring]]
section = "final-scoring"
field = "wheat"
zh = "小麦分计入总分。"
en = "Wheat points count."

[[scoring]]
section = "final-scoring"
field = "grapes"
zh = "葡萄分计入总分。"
en = "Grape points count."

[[tie]]
section = "final-scoring"
zh = "平手时，钱币较多者获胜。"
en = "In a tie, more coins wins."
""",
}

GAME_MODULE = '''"""Two Fields: a made-up game of two score categories (tests/test_new_game.py)."""

from __future__ import annotations

from ..core import Area, Category, Diagram, Game, Piece, SetupStep, PieceShape, Text, TieBreaker
from .kit import counts_from


def setup(players: int) -> tuple[SetupStep, ...]:
    """The setup checklist for this many players."""
    return (
        SetupStep(Text(f"每名玩家拿一块田地板（共 {players} 块）。", f"Each player takes a field board ({players} in all).")),
        SetupStep(Text("洗混作物卡，放在桌子中央。", "Shuffle the crop cards into a stack in the middle.")),
    )


def diagram(players: int) -> Diagram:
    """The table once set up: the crop cards in the middle, a field board in front of each player."""
    return Diagram(
        Text("准备好的桌面", "The table, set up"),
        (
            Area(Text("桌子中央", "The middle of the table"), (Piece(PieceShape.STACK, Text("作物", "crops")),)),
            Area(
                Text("每名玩家面前", "In front of each player"),
                tuple(Piece(PieceShape.PLACE, Text.same(f"P{p}")) for p in range(1, players + 1)),
            ),
        ),
    )


_count = counts_from("final-scoring")

GAME = Game(
    id="two-fields",
    name=Text("两块田", "Two Fields"),
    min_players=2,
    max_players=4,
    categories=(
        Category(_count("wheat", "小麦", "Wheat", "小麦分", "Wheat points", maximum=50)),
        Category(_count("grapes", "葡萄", "Grapes", "葡萄分", "Grape points", maximum=50)),
    ),
    extra_player_fields=(_count("coins", "钱币", "Coins", "平手时用", "For ties"),),
    tie_breakers=(TieBreaker("coins", True, Text("钱币较多", "more coins"), section="final-scoring"),),
    setup=setup,
    diagram=diagram,
    section="final-scoring",
    source_lang="zh-Hans",
)
'''

GAME_TESTS = '''"""Two Fields: setup counts, both fields' points, the tie-breaker."""

from __future__ import annotations

import pytest

from scoring.core import score
from scoring.games.two_fields import GAME, setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_field_board_each(players: int) -> None:
    assert f"({players} in all)" in setup(players)[0].text.en


def test_both_fields_count_and_coins_break_a_tie() -> None:
    sheet = {
        "players": [
            {"name": "Ann", "scores": {"wheat": 10, "grapes": "3+2", "coins": 1}},
            {"name": "Bo", "scores": {"wheat": 12, "grapes": 3, "coins": 4}},
        ],
        "options": {},
    }
    result = score(GAME, sheet)
    assert [(p.name, p.total, p.place) for p in result.players] == [("Bo", 15, 1), ("Ann", 15, 2)]
'''

BUILD = """
import shutil, sys
from pathlib import Path

import build

built, out = Path(sys.argv[1]), Path(sys.argv[2])


def start_files_as_built(out: Path, settings: object) -> None:
    '''Python's start-up files, taken from the site built from this checkout (making them needs Node.js and a minute).'''
    for name in build.PYTHON_START_FILES:
        shutil.copyfile(built / "pyodide" / name, out / "pyodide" / name)


build.prepare_python_start = start_files_as_built
print(build.build(out))
"""

CHECKS = (
    f"tests/unit/test_{MODULE}.py",
    "tests/test_map.py",
    "tests/unit/test_svg.py",
    "tests/unit/test_rule_sections.py",
    "tests/test_rules_pages.py",
    "tests/test_aid.py",
    "tests/test_page_metadata.py::test_every_page_has_a_description_and_a_link_preview",
    "tests/test_page_metadata.py::test_each_kind_of_page_describes_itself",
)
"""The fast checks run in the copy: the game's own, the map, and the ones that failed for a new game before the docs
said what they need (two areas, the map) or that read every game's pages (test_page_metadata's builds with a public
address test the build, not a game: they run in the fast tier itself)."""


def documented_steps() -> tuple[str, ...]:
    """The bold names of the numbered steps under "## Adding a game"."""
    section = DOCS.read_text(encoding="utf-8").split("## Adding a game\n", 1)[1].split("\n## ", 1)[0]
    return tuple(re.findall(r"^\d+\. \*\*(.+?)\*\*", section, re.MULTILINE))


def test_the_test_follows_every_documented_step() -> None:
    assert documented_steps() == STEPS, "docs/architecture.md's steps changed: follow them in this test too"


def run(copy: Path, *command: str, **env: str) -> str:
    """A command in the copy; its output, or a failure that shows it."""
    done = subprocess.run(
        command, cwd=copy, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(copy), **env}
    )
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def repository_copy(target: Path) -> Path:
    """The tracked files of this checkout, in a git repository of their own (test_map reads `git ls-files`), with
    the compressed copies the build keeps."""
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in tracked.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    (target / "node_modules").symlink_to(ROOT / "node_modules")
    if (ROOT / ".cache" / "compressed").is_dir():  # brotli at its best made once per content (else a minute more)
        shutil.copytree(ROOT / ".cache" / "compressed", target / ".cache" / "compressed")
    subprocess.run(["git", "init", "-q"], cwd=target, check=True)
    return target


def add_to_map(copy: Path) -> None:
    """Step 5: the module on architecture.md's layout, its test in tests.md's table of fast tests."""
    layout = copy / "docs" / "architecture.md"
    text = layout.read_text(encoding="utf-8")
    line = "burgundy_cards.py, tuscany.py, furstenfeld.py, bruges.py, palais_royal.py"
    assert line in text, "the layout's line of game modules moved: step 5 says where to name a module"
    layout.write_text(text.replace(line, f"{line}, {MODULE}.py"), encoding="utf-8")
    tests = copy / "docs" / "tests.md"
    text = tests.read_text(encoding="utf-8")
    row = next(r for r in text.splitlines() if r.startswith("| `tests/unit/test_burgundy_cards.py`"))
    mine = (
        f"| `tests/unit/test_{MODULE}.py` | Two Fields: setup counts, both fields, the tie-breaker. | CPython | 0 s |"
    )
    tests.write_text(text.replace(row, f"{row}\n{mine}"), encoding="utf-8")


def add_the_game(copy: Path) -> None:
    """Steps 1 to 5 in the copy: its texts, its module, its place in ORDER, its tests, their names on the map."""
    folder = copy / "content" / GAME_ID
    folder.mkdir()
    for name, text in TEXTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    (copy / "scoring" / "games" / f"{MODULE}.py").write_text(GAME_MODULE, encoding="utf-8")
    order = copy / "scoring" / "__init__.py"
    text = order.read_text(encoding="utf-8")
    order.write_text(text.replace('"palais-royal")', f'"palais-royal", "{GAME_ID}")', 1), encoding="utf-8")
    (copy / "tests" / "unit" / f"test_{MODULE}.py").write_text(GAME_TESTS, encoding="utf-8")
    add_to_map(copy)
    subprocess.run(["git", "add", "-A"], cwd=copy, check=True)


@pytest.mark.timeout(300)
def test_a_sixth_game_by_the_documented_steps(built_site: Path, tmp_path: Path) -> None:
    copy = repository_copy(tmp_path / "repo")
    add_the_game(copy)
    out = tmp_path / "site"
    run(copy, sys.executable, "-c", BUILD, str(built_site), str(out))  # step 6: build
    snapshot = json.loads((ROOT / "tests" / "snapshots" / "rules-pages.json").read_text(encoding="utf-8"))
    run(copy, sys.executable, "-m", "tests.test_rules_pages", str(out))  # step 7: the rules-page snapshot
    grown = json.loads((copy / "tests" / "snapshots" / "rules-pages.json").read_text(encoding="utf-8"))
    assert grown == {**snapshot, GAME_ID: grown[GAME_ID]}, "the new game's entry added, nothing else"
    # Step 8 (README and features.md name the games) is prose; the pages count the games themselves:
    home, before = ((site / "index.html").read_text(encoding="utf-8") for site in (out, built_site))
    assert f"rules/{GAME_ID}/" in home
    assert f"for {NUMBERS[len(GAMES)]} board games" in home and f"for {NUMBERS[len(GAMES) - 1]} board games" in before
    run(copy, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *CHECKS, TC_BUILT_SITE=str(out))

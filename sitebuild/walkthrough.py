"""A game's first-game walkthrough (content/<game>/teach.toml): steps for a host teaching the game at the table, each
a fixed title and lines taken by key from the setup checklist, the player aid and the reference. No rule text of its
own: the build fails, naming the file and line, on a line key that names no existing line.

content/FORMAT.md describes the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from scoring.core import Text
from sitebuild import BuildError
from sitebuild.aid import Aid, header_lines
from sitebuild.reference import Reference, read_toml

TITLES: dict[str, Text] = {
    "goal": Text("目标", "Goal"),
    "setup": Text("{n} 人的准备", "Setup for {n} players"),
    "round": Text("一轮", "One round"),
    "end": Text("游戏结束", "Game end"),
    "scoring": Text("计分", "Scoring"),
}
"""A step's title (interface text, Simplified; '{n}' is tonight's player count); each must come at least once."""
SETUP_ANY = Text("准备", "Setup")
"""The setup step's title without scripts (its page then shows every count's checklist) and in search."""
PAGE_TITLE = Text("教第一局", "Teach the first game")
"""The walkthrough page's title (interface text, Simplified), as the page and search name it."""
CHECKLIST = "checklist"
"""The line key for the whole setup checklist for tonight's player count (a setup step's only)."""
LINE = re.compile(r"^(?:aid:(?P<part>[a-z_]+)#(?P<number>[1-9][0-9]*)|ref:(?P<entry>[a-z0-9-]+)|(?P<all>checklist))$")


@dataclass(frozen=True)
class Step:
    """One screen of the walkthrough: its title's key and its lines' keys ('aid:turn#2', 'ref:crane', 'checklist')."""

    title: str  # a key of TITLES
    lines: tuple[str, ...]
    line: int  # where it starts in teach.toml


@dataclass(frozen=True)
class Walkthrough:
    """A game's walkthrough: its steps in order."""

    path: Path
    steps: tuple[Step, ...]


def check_line(where: str, title: str, key: object, aid: Aid | None, reference: Reference | None) -> str:
    """A line key checked: its form, and that the aid line, reference entry or checklist it names exists there."""
    match = LINE.match(key) if isinstance(key, str) else None
    if not match:
        raise BuildError(f"{where}: {key!r} is no line key ('aid:<part>#<n>', 'ref:<entry>' or '{CHECKLIST}')")
    if match["all"] and title != "setup":
        raise BuildError(f"{where}: '{CHECKLIST}' belongs in the setup step")
    if match["part"]:
        parts = {part: lines for part, _, lines in aid.parts} if aid else {}
        if len(parts.get(match["part"], ())) < int(match["number"]):
            raise BuildError(f"{where}: {key!r} names no line of the player aid (aid.toml)")
    if match["entry"]:
        anchors = {entry.anchor for entry in reference.entries} if reference else set()
        if f"ref-{match['entry']}" not in anchors:
            raise BuildError(f"{where}: {key!r} names no entry of the reference (reference.toml)")
    return key


def read_step(where: str, number: int, step: object, aid: Aid | None, reference: Reference | None) -> Step:
    """One [[step]] table checked: its title, its line keys."""
    if not isinstance(step, dict) or set(step) - {"title", "lines"}:
        raise BuildError(f'{where}: a step is title = "..." and lines = ["...", ...], nothing else')
    title, lines = step.get("title"), step.get("lines")
    if title not in TITLES:
        raise BuildError(f"{where}: title is one of {', '.join(TITLES)}")
    if not isinstance(lines, list) or not lines:
        raise BuildError(f'{where}: the step needs lines = ["...", ...]')
    keys = tuple(check_line(where, title, key, aid, reference) for key in lines)
    if title == "setup" and CHECKLIST not in keys:
        raise BuildError(f"{where}: the setup step shows the checklist ('{CHECKLIST}')")
    return Step(title, keys, number)


def load_walkthrough(path: Path, aid: Aid | None, reference: Reference | None) -> Walkthrough | None:
    """Read and check a game's walkthrough against its aid and reference; None where the game has none."""
    if not path.is_file():
        return None
    text, data = read_toml(path)
    steps, numbers = data.get("step", []), header_lines(text).get("step", [])
    if set(data) - {"step"} or not isinstance(steps, list) or not steps or len(numbers) != len(steps):
        raise BuildError(f"{path}: write the walkthrough as [[step]] tables, nothing else")
    read = tuple(read_step(f"{path}:{n}", n, s, aid, reference) for n, s in zip(numbers, steps, strict=True))
    missing = [title for title in TITLES if title not in {step.title for step in read}]
    if missing:
        raise BuildError(f"{path}: no step titled {', '.join(missing)}")
    return Walkthrough(path, read)

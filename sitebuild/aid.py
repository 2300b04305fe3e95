"""A game's player aid (content/<game>/aid.toml): short lines in both languages, each restating a rules section.

content/FORMAT.md describes the file. The build fails, naming the file and line, when a line names a section
the rules text lacks, a score-sheet field the game lacks, or when a part or a score category has no line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from scoring.core import Field, Game, Text
from sitebuild import BuildError

PARTS: tuple[tuple[str, Text], ...] = (
    ("turn", Text("回合流程", "Turn structure")),
    ("action", Text("行动", "Actions")),
    ("round_end", Text("一轮结束", "Round end")),
    ("game_end", Text("游戏结束", "Game end")),
    ("scoring", Text("最终计分", "Final scoring")),
    ("tie", Text("平手", "Ties")),
)
"""The aid's parts in page order, as array-of-tables names in aid.toml, with their headings (interface text)."""
KEYS = {"section", "zh", "en", "field", "note", "reading"}
START = "start_player"
"""The optional table naming how the setup picks the start player; its `kind` is one of START_KINDS."""
START_KINDS = {"pick": "one name at random", "order": "a random order of every name (the first starts)"}
MAX_ZH = 80
MAX_EN = 160
"""A line is short: at most this many characters (editorial marks included)."""
HEADER = re.compile(r"^\[\[\s*([A-Za-z_]+)\s*\]\]\s*(#.*)?$")


@dataclass(frozen=True)
class AidLine:
    """One line of a player aid: the rules section it restates, its text in both languages."""

    section: str
    zh: str  # in the game's source script
    en: str
    line: int  # where it starts in aid.toml
    field: Field | None = None  # scoring lines: the score-sheet row it explains (its label leads the line)
    note: bool = False  # an editor's note: what the source leaves silent or unclear
    reading: bool = False  # the site's own reading where the source is silent or unclear (what the site does)


@dataclass(frozen=True)
class StartPlayer:
    """How the setup says to choose the start player: the step restated, and what the checklist offers."""

    section: str
    zh: str
    en: str
    kind: str  # a key of START_KINDS


@dataclass(frozen=True)
class Aid:
    """A game's player aid: its lines by part, in page order; how the start player is chosen, if the setup says."""

    path: Path
    parts: tuple[tuple[str, Text, tuple[AidLine, ...]], ...]
    start: StartPlayer | None = None


def header_lines(text: str) -> dict[str, list[int]]:
    """The line number of every [[part]] header, by part, in file order."""
    found: dict[str, list[int]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = HEADER.match(line.strip())
        if match:
            found.setdefault(match[1], []).append(number)
    return found


def sheet_fields(game: Game) -> dict[str, Field]:
    """Every row of the score sheet by key: categories, the other player fields, the table fields."""
    return {f.key: f for f in (*game.player_fields, *game.table_fields)}


def read_line(path: Path, number: int, entry: object, fields: dict[str, Field], sections: set[str]) -> AidLine:
    """One [[part]] table checked: its keys, its section, its field, its length."""
    where = f"{path}:{number}"
    if not isinstance(entry, dict):
        raise BuildError(f"{where}: write each line as a [[part]] table")
    unknown = set(entry) - KEYS
    if unknown:
        raise BuildError(f"{where}: unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(KEYS))})")
    for key in ("section", "zh", "en"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise BuildError(f'{where}: the line needs {key} = "..."')
    if entry["section"] not in sections:
        raise BuildError(f"{where}: section {entry['section']!r} is missing from the rules text")
    for key, limit in (("zh", MAX_ZH), ("en", MAX_EN)):
        if len(entry[key]) > limit:
            raise BuildError(f"{where}: {key} is {len(entry[key])} characters; a line holds at most {limit}")
    field = None
    if "field" in entry:
        field = fields.get(entry["field"]) if isinstance(entry["field"], str) else None
        if field is None:
            raise BuildError(f"{where}: the score sheet has no field {entry['field']!r}")
    for flag in ("note", "reading"):
        if not isinstance(entry.get(flag, False), bool):
            raise BuildError(f"{where}: {flag} is true or false")
    if entry.get("note") and entry.get("reading"):
        raise BuildError(f"{where}: a line is a note or a reading, not both")
    flags = {flag: entry.get(flag, False) for flag in ("note", "reading")}
    return AidLine(entry["section"], entry["zh"], entry["en"], number, field, **flags)


def load_aid(path: Path, game: Game, sections: set[str]) -> Aid:
    """Read and check a player aid against its game's rules sections and score sheet."""
    if not path.is_file():
        raise BuildError(f"{path}: missing (every game needs a player aid)")
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"{path}: {error}") from None
    names = [name for name, _ in PARTS]
    unknown = set(data) - {*names, START}
    if unknown:
        raise BuildError(f"{path}: unknown part {sorted(unknown)[0]!r} (known: {', '.join(names)})")
    headers = header_lines(text)
    fields = sheet_fields(game)
    parts = []
    for name, title in PARTS:
        entries = data.get(name, [])
        numbers = headers.get(name, [])
        if not entries:
            raise BuildError(f"{path}: no [[{name}]] line (where the source is silent, say so in a note line)")
        if not isinstance(entries, list) or len(numbers) != len(entries):
            raise BuildError(f"{path}: write each {name} line as its own [[{name}]] table")
        lines = tuple(read_line(path, n, e, fields, sections) for n, e in zip(numbers, entries, strict=True))
        parts.append((name, title, lines))
    named = {line.field.key for _, _, lines in parts for line in lines if line.field}
    for category in game.categories:
        if category.field.key not in named:
            raise BuildError(f"{path}: no [[scoring]] line names the category {category.field.key!r} (field = ...)")
    return Aid(path, tuple(parts), read_start(path, data.get(START), sections))


def read_start(path: Path, entry: object, sections: set[str]) -> StartPlayer | None:
    """The [start_player] table checked: a section that exists, a known kind, both texts."""
    if entry is None:
        return None
    where = f"{path}: [{START}]"
    if not isinstance(entry, dict) or set(entry) != {"section", "kind", "zh", "en"}:
        raise BuildError(f"{where} needs exactly section, kind, zh and en")
    if entry["section"] not in sections:
        raise BuildError(f"{where}: section {entry['section']!r} is missing from the rules text")
    if entry["kind"] not in START_KINDS:
        raise BuildError(f"{where}: kind is one of {', '.join(START_KINDS)}")
    return StartPlayer(entry["section"], entry["zh"], entry["en"], entry["kind"])

"""A game's reference (content/<game>/reference.toml): what every card, tile, building, person, pet and threat the
source describes does, each entry restating one rules section.

content/FORMAT.md describes the file. The build fails, naming the file and line, when an entry names a section the
rules text lacks, or a key word that section's Chinese does not contain, or misses a required key.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from scoring.core import Game, Text
from sitebuild import BuildError
from sitebuild.aid import header_lines, sheet_fields

KINDS: dict[str, Text] = {
    "building": Text("建筑", "Buildings"),
    "card": Text("卡片", "Cards"),
    "tile": Text("板块", "Tiles"),
    "person": Text("人物", "Persons"),
    "cost": Text("启动成本", "Activation costs"),
    "pet": Text("宠物", "Pets"),
    "threat": Text("灾难", "Threats"),
    "room": Text("房间", "Rooms"),
    "noble": Text("贵族", "Nobles"),
}
"""What an entry may be, with the heading its group gets on the page (interface text, Simplified)."""
TEXTS = ("name", "effect", "cost", "when", "note")
"""An entry's texts, each written twice: `<text>_zh` (the source's script) and `<text>_en`."""
REQUIRED = ("name", "effect")
LIMITS = {"name": (24, 60), "cost": (40, 90), "when": (40, 90), "effect": (120, 260), "note": (120, 260)}
"""Characters a text holds at most, Chinese and English (editorial marks included)."""
LINKS = ("fields", "helpers")
"""Optional lists naming the score sheet's fields and play/'s helpers whose help links the entry (by key and id)."""
KEYS = {"kind", "section", "keys", *LINKS, *(f"{text}_{lang}" for text in TEXTS for lang in ("zh", "en"))}
MARKS = re.compile(r"\{[+?]|[+?]\}")
"""The delimiters of the editorial marks, dropped before a key word is looked for."""


@dataclass(frozen=True)
class Entry:
    """One thing the source describes: its name, cost, effect and when it applies, in both languages."""

    kind: str  # a key of KINDS
    section: str
    keys: tuple[str, ...]  # words of the section's Chinese the entry restates
    texts: dict[str, Text]  # by TEXTS name; absent where the entry has none
    line: int  # where it starts in reference.toml
    fields: tuple[str, ...] = ()  # score-sheet fields whose help links this entry ("what does it do?")
    helpers: tuple[str, ...] = ()  # play/'s helpers that link this entry

    @property
    def anchor(self) -> str:
        """The entry's id on its page, from its English name: 'ref-crane', 'ref-bank-i-and-ii'."""
        plain = MARKS.sub("", self.texts["name"].en).casefold()
        return "ref-" + "-".join(re.findall(r"[a-z0-9]+", plain))


@dataclass(frozen=True)
class Reference:
    """A game's reference: its entries grouped by kind, groups in the order their first entry comes in the file."""

    path: Path
    groups: tuple[tuple[str, Text, tuple[Entry, ...]], ...]

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry, in page order."""
        return tuple(entry for _, _, entries in self.groups for entry in entries)

    def linked_from(self, kind: str, key: str) -> tuple[Entry, ...]:
        """The entries a score-sheet field's help (kind 'fields') or a helper (kind 'helpers') links, in page order."""
        return tuple(entry for entry in self.entries if key in getattr(entry, kind))


def read_toml(path: Path) -> tuple[str, dict[str, object]]:
    """A content file's text and its TOML data; a BuildError naming the file where the TOML is not valid."""
    text = path.read_text(encoding="utf-8")
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"{path}: {error}") from None


def section_texts(zh_md: str) -> dict[str, str]:
    """The Chinese of every section of a zh.md (its heading and body), the editorial marks' delimiters dropped."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in zh_md.splitlines():
        match = re.match(r"^## .*\{#([a-z0-9-]+)\}\s*$", line)
        if match:
            current = found.setdefault(match[1], [])
        if current is not None:
            current.append(line)
    return {sid: MARKS.sub("", "\n".join(lines)) for sid, lines in found.items()}


def entry_texts(where: str, entry: dict[str, object]) -> dict[str, Text]:
    """An entry's texts in both languages, checked: both or neither, required ones present, within their limits."""
    texts = {}
    for name in TEXTS:
        zh, en = entry.get(f"{name}_zh"), entry.get(f"{name}_en")
        if zh is None and en is None and name not in REQUIRED:
            continue
        for lang, value in (("zh", zh), ("en", en)):
            if not isinstance(value, str) or not value.strip():
                raise BuildError(f'{where}: the entry needs {name}_{lang} = "..."')
        for lang, value, limit in (("zh", zh, LIMITS[name][0]), ("en", en, LIMITS[name][1])):
            if len(value) > limit:
                raise BuildError(f"{where}: {name}_{lang} is {len(value)} characters; it holds at most {limit}")
        texts[name] = Text(zh, en)
    return texts


def read_entry(where: str, number: int, entry: object, sections: dict[str, str]) -> Entry:
    """One [[entry]] table checked: its keys, its kind, its section and that section's key words, its texts."""
    if not isinstance(entry, dict):
        raise BuildError(f"{where}: write each entry as an [[entry]] table")
    unknown = set(entry) - KEYS
    if unknown:
        raise BuildError(f"{where}: unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(KEYS))})")
    if entry.get("kind") not in KINDS:
        raise BuildError(f"{where}: kind is one of {', '.join(KINDS)}")
    section = entry.get("section")
    if section not in sections:
        raise BuildError(f"{where}: section {section!r} is missing from the rules text")
    keys = entry.get("keys")
    if not isinstance(keys, list) or not keys or not all(isinstance(k, str) and k.strip() for k in keys):
        raise BuildError(f'{where}: the entry needs keys = ["...", ...], words of its section in zh.md')
    for key in keys:
        if key not in sections[section]:
            raise BuildError(f"{where}: section {section!r} of zh.md does not contain the key word {key!r}")
    links = {name: entry.get(name, []) for name in LINKS}
    for name, value in links.items():
        if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
            raise BuildError(f'{where}: {name} = ["...", ...] names the game\'s {name} by key')
    texts = entry_texts(where, entry)
    return Entry(entry["kind"], section, tuple(keys), texts, number, tuple(links["fields"]), tuple(links["helpers"]))


def check_links(path: Path, entries: tuple[Entry, ...], game: Game) -> None:
    """Every field and helper an entry names exists in the game (the help that links it would be missing)."""
    known = {"fields": set(sheet_fields(game)), "helpers": {helper.id for helper in game.helpers}}
    for entry in entries:
        for name in LINKS:
            for key in getattr(entry, name):
                if key not in known[name]:
                    choices = ", ".join(sorted(known[name]))
                    raise BuildError(f"{path}:{entry.line}: {name} names {key!r}, which the game lacks ({choices})")


def load_reference(path: Path, zh_md: str, game: Game | None = None) -> Reference | None:
    """Read and check a game's reference against its Chinese rules text; None where the game has none."""
    if not path.is_file():
        return None
    text, data = read_toml(path)
    if set(data) - {"entry"}:
        raise BuildError(f"{path}: unknown table {sorted(set(data) - {'entry'})[0]!r} (only [[entry]])")
    entries, numbers = data.get("entry", []), header_lines(text).get("entry", [])
    if not entries:
        raise BuildError(f"{path}: no [[entry]]")
    if not isinstance(entries, list) or len(numbers) != len(entries):
        raise BuildError(f"{path}: write each entry as its own [[entry]] table")
    sections = section_texts(zh_md)
    read = [read_entry(f"{path}:{n}", n, e, sections) for n, e in zip(numbers, entries, strict=True)]
    seen: dict[str, int] = {}
    for entry in read:
        if entry.anchor in seen or entry.anchor == "ref-":
            raise BuildError(f"{path}:{entry.line}: name_en gives the same id as line {seen.get(entry.anchor)}")
        seen[entry.anchor] = entry.line
    if game is not None:
        check_links(path, tuple(read), game)
    kinds = list(dict.fromkeys(entry.kind for entry in read))
    groups = tuple((kind, KINDS[kind], tuple(e for e in read if e.kind == kind)) for kind in kinds)
    return Reference(path, groups)

"""A game's content: its rules texts in both languages (the Chinese in both scripts), glossary and player aid, read
from content/<game>/ and checked against its scoring module (every rule it names is a section of the texts)."""

from __future__ import annotations

import inspect
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

import scoring
from scoring import GAMES
from scoring.core import Field, Game, Text
from sitebuild import BuildError, zh_script
from sitebuild.aid import Aid, load_aid
from sitebuild.glossary import check_labels, check_terms_used
from sitebuild.reference import Reference, load_reference
from sitebuild.rules_markdown import inline_marks, render_markdown
from sitebuild.walkthrough import Walkthrough, load_walkthrough

LANGS = ("zh", "en")
CONTENT = Path(__file__).resolve().parent.parent / "content"
"""This checkout's content/ (the build passes its settings' folder)."""
HEADING = re.compile(r"^## (?P<title>.+?) \{#(?P<id>[a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$")
RESERVED_IDS = re.compile(r"^(intro|glossary|term-\d+|aid|reference)$")
"""Ids the rules page gives its introduction, its glossary and the glossary's rows; search's names for the aid and the
reference."""


@dataclass(frozen=True)
class Section:
    """One titled section of a rules text."""

    id: str
    title: Markup
    html: Markup


@dataclass(frozen=True)
class RulesText:
    """A rules text in one language."""

    path: Path
    title: str
    intro: Markup
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class GameContent:
    """A game's texts in both languages (the Chinese also in both scripts) and its glossary."""

    game: Game
    texts: dict[str, RulesText]
    glossary: tuple[dict[str, str], ...]
    scripts: dict[str, RulesText] = field(default_factory=dict)  # Chinese by script tag: the source's, OpenCC's
    aid: Aid | None = None  # the player aid (content/<game>/aid.toml)
    reference: Reference | None = None  # what the cards, tiles, persons… do (content/<game>/reference.toml), if any
    walkthrough: Walkthrough | None = None  # the first game taught step by step (content/<game>/teach.toml), if any


def parse_rules(path: Path) -> RulesText:
    """Split a rules file into title, introduction and sections."""
    if not path.is_file():
        raise BuildError(f"{path}: missing (every game needs zh.md and en.md)")
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or not lines[0].startswith("# "):
        raise BuildError(f"{path}:1: the first line must be '# Title'")
    title = lines[0][2:].strip()
    chunks: list[tuple[str, str, list[str]]] = [("", "", [])]
    seen: set[str] = set()
    for number, line in enumerate(lines[1:], start=2):
        if line.startswith("## "):
            match = HEADING.match(line)
            if not match:
                raise BuildError(f"{path}:{number}: a section heading needs an id: '## Title {{#id}}'")
            if match["id"] in seen:
                raise BuildError(f"{path}:{number}: section id {match['id']!r} is used twice")
            if RESERVED_IDS.match(match["id"]):
                raise BuildError(f"{path}:{number}: section id {match['id']!r} is reserved for the page itself")
            seen.add(match["id"])
            chunks.append((match["id"], match["title"], []))
        else:
            chunks[-1][2].append(line)
    intro = render_markdown("\n".join(chunks[0][2]))
    sections = tuple(
        Section(sid, inline_marks(stitle), render_markdown("\n".join(body))) for sid, stitle, body in chunks[1:]
    )
    if not sections:
        raise BuildError(f"{path}: no sections ('## Title {{#id}}')")
    return RulesText(path, title, intro, sections)


def in_script(html: Markup, source: str, target: str) -> Markup:
    """Rendered HTML with its Chinese in the target script (OpenCC leaves tags and attributes alone)."""
    return Markup(zh_script.convert(str(html), source, target))


def rules_in_script(text: RulesText, source: str, target: str) -> RulesText:
    """A Chinese rules text written in the other script."""
    if source == target:
        return text
    sections = tuple(
        Section(s.id, in_script(s.title, source, target), in_script(s.html, source, target)) for s in text.sections
    )
    return RulesText(
        text.path, zh_script.convert(text.title, source, target), in_script(text.intro, source, target), sections
    )


def load_glossary(path: Path) -> tuple[dict[str, str], ...]:
    """The game's terms; an absent file is an empty glossary."""
    if not path.is_file():
        return ()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"{path}: {error}") from None
    terms = data.get("term", [])
    for index, term in enumerate(terms):
        if not term.get("zh") or not term.get("en"):
            raise BuildError(f"{path}: term {index + 1} needs both zh and en")
    return tuple(terms)


def load_content(folder: Path = CONTENT) -> list[GameContent]:
    """Every game's rules texts and glossary, from the content folder (content/)."""
    games = []
    for game in GAMES.values():
        game_folder = folder / game.id
        if not game_folder.is_dir():
            raise BuildError(f"{game_folder}: missing content folder for game {game.id!r}")
        texts = {lang: parse_rules(game_folder / f"{lang}.md") for lang in LANGS}
        scripts = {target: rules_in_script(texts["zh"], game.source_lang, target) for target in zh_script.SCRIPTS}
        ids = {s.id for s in texts["zh"].sections}
        aid = load_aid(game_folder / "aid.toml", game, ids)
        zh_md = texts["zh"].path.read_text(encoding="utf-8")
        reference = load_reference(game_folder / "reference.toml", zh_md, game)
        glossary = load_glossary(game_folder / "glossary.toml")
        walkthrough = load_walkthrough(game_folder / "teach.toml", aid, reference)
        games.append(GameContent(game, texts, glossary, scripts, aid, reference, walkthrough))
    return games


def scoring_file(game: Game) -> Path:
    """The module that defines a game."""
    return Path(
        inspect.getsourcefile(game.setup) or Path(scoring.__file__).parent / "games" / f"{game.id.replace('-', '_')}.py"
    )


def all_fields(game: Game) -> list[Field]:
    """Every input of the game: score sheet and helpers."""
    fields = [*game.player_fields, *game.table_fields]
    for helper in game.helpers:
        fields += [*helper.player_fields, *helper.table_fields]
    return fields


def sheet_labels(game: Game) -> list[tuple[str, Text]]:
    """Every label the score sheet and helpers show, with where it comes from."""
    labels = []
    for f in all_fields(game):
        labels += [(f"field {f.key!r}", f.label)]
        labels += [(f"field {f.key!r} entry", text) for text in (*f.entries, *f.parts)]
    labels += [(f"tie-breaker {t.key!r}", t.label) for t in game.tie_breakers]
    labels += [(f"option {o.key!r}", o.label) for o in game.options]
    labels += [(f"helper {h.id!r}", h.title) for h in game.helpers]
    return labels


def check_content(games: list[GameContent]) -> None:
    """Sections pair across languages; the winner, every category and tie-breaker name a rules section that exists."""
    for content in games:
        zh, en = content.texts["zh"], content.texts["en"]
        zh_ids = [s.id for s in zh.sections]
        en_ids = [s.id for s in en.sections]
        if zh_ids != en_ids:
            missing = sorted(set(zh_ids) ^ set(en_ids))
            detail = f"unpaired: {', '.join(missing)}" if missing else "same ids in another order"
            raise BuildError(f"{en.path}: sections do not pair with {zh.path.name} ({detail})")
        game = content.game
        required = [("the game's winner", game.section)]
        required += [(f"category {c.field.key!r}", c.field.section) for c in game.categories]
        required += [(f"tie-breaker {t.key!r}", t.section) for t in game.tie_breakers]
        for what, rule in required:
            if not rule:
                raise BuildError(f"{scoring_file(game)}: {what} names no rules section (section=...)")
        rules = (
            [rule for _, rule in required] + [f.section for f in all_fields(game)] + [h.section for h in game.helpers]
        )
        for rule in rules:
            if rule and rule not in zh_ids:
                raise BuildError(f"{zh.path}: scoring for {game.id} links to section {rule!r}, which is missing")


def check_glossary(games: list[GameContent], folding: dict[str, str], folder: Path) -> None:
    """Glossary terms occur in both texts, and score-sheet labels translate them as the glossary does."""
    for content in games:
        path = folder / content.game.id / "glossary.toml"
        texts = {lang: content.texts[lang].path.read_text(encoding="utf-8") for lang in LANGS}
        check_terms_used(content.glossary, texts["zh"], texts["en"], path)
        check_labels(sheet_labels(content.game), content.glossary, folding, scoring_file(content.game), path)

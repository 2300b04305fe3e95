"""Build the static site into site/: load content, check it, render, index, check links, write the service worker."""

from __future__ import annotations

import ast
import functools
import gzip
import hashlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from importlib import metadata
from pathlib import Path

import segno
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from scoring import GAMES
from scoring.api import setup_json
from scoring.core import Field, FieldKind, Game, Text
from scoring.share import MAX_LINK_CHARS, MAX_SHEET_BYTES
from sitebuild import BuildError, zh_script
from sitebuild.aid import Aid, AidLine, load_aid
from sitebuild.glossary import TermMarker, check_labels, check_terms_used
from sitebuild.hosts import check_hosts
from sitebuild.links import check_links
from sitebuild.publish import COMPRESSED, MIN_SIZE, compress, served_files, write_compressed, write_publishing
from sitebuild.rules_markdown import inline_marks, render_markdown
from sitebuild.search import Doc, TermDoc, fold_table, index_json, plain_text, write_index
from sitebuild.views import PLAY_VIEWS, check_views
from sitebuild.wasm_trim import TrimError, without_unused_tables

ROOT = Path(__file__).resolve().parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
SCORING = ROOT / "scoring"
NODE = ROOT / "node_modules"
TOOLS = ROOT / "tools"
CACHE = ROOT / ".cache"
LANGS = ("zh", "en")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYTHON_START_FILES = ("python_stdlib.zip", "python_later.zip", "python_snapshot.bin.gz", "pyodide.asm.wasm")
LIBRARY_FILES = ["python_stdlib.zip", "python_later.zip"]
"""The cut standard library: what a start needs, and what only a QR code needs."""
SEGNO_FILES = ("__init__.py", "consts.py", "encoder.py", "utils.py", "writers.py")
"""segno's modules that drawing a QR code imports (not its helpers or command line)."""
CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "worker-src": "'self'",
    "connect-src": "'self'",
    "img-src": "'self'",
    "style-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
}
"""Every page: nothing from another host, no inline script, style or event handler."""
PYTHON_CSP = {**CSP, "script-src": "'self' 'wasm-unsafe-eval'", "worker-src": "'self' blob:"}
"""The page that runs Python: Pyodide compiles WebAssembly, in the worker PyScript starts from a blob: URL. That
worker is made in play/python.html (play/'s hidden frame), whose policy it takes: play/ itself needs neither."""
PAGE_CSP = {"python": PYTHON_CSP, "play": {**CSP, "img-src": "'self' blob:"}}
"""The pages whose policy is wider than CSP: play/python.html runs Python; play/ draws a finished sheet's picture
from an SVG it made itself, loaded as an image from a blob: URL (static/result-picture.js)."""
FRAMED_PAGES = {"python"}
FRAME_ANCESTORS = {True: "'self'", False: "'none'"}
"""Pages the site shows in a frame of its own (play/ starts PyScript in play/python.html); no other site may frame any."""
PYTHON_TIER = (
    "pyodide/",
    "pyscript/",
    "py/",
    "static/worker.py",
    "static/pyodide-start.mjs",
    "static/initial-memory.mjs",
)
"""The offline copy's heavy tier (the calculator's Python), cached on a visit to play/ or when the reader asks."""
PYSCRIPT_AT_START = (
    "pyscript/core.",
    "pyscript/core-",
    "pyscript/deprecations-manager-",
    "pyscript/donkey-",
    "pyscript/error-",
    "pyscript/py-editor-",
    "pyscript/py-game-",
    "pyscript/py-terminal-",
)
"""PyScript's core.js and the chunks it imports as it starts, one after another: play/python.html names them for the
browser to fetch at once (modulepreload), which saves the round trips between them on a first visit."""
PYSCRIPT_UNUSED = ("pyscript/codemirror", "pyscript/xterm", "pyscript/zip-", "pyscript/toml-")
"""PyScript's chunks for what the site does not use (its code editor, its terminal, archives among `files`, a TOML
config): served, never loaded by play/, so not cached offline (0.27 MB of the calculator's tier)."""
HEADING = re.compile(r"^## (?P<title>.+?) \{#(?P<id>[a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$")
HAN = re.compile(r"[\u3400-\u9fff]")
RESERVED_IDS = re.compile(r"^(intro|glossary|term-\d+|aid)$")
"""Ids the rules page gives its introduction, its glossary and the glossary's rows; search's name for the aid."""


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


def load_content() -> list[GameContent]:
    """Every game's rules texts and glossary."""
    games = []
    for game in GAMES.values():
        folder = CONTENT / game.id
        if not folder.is_dir():
            raise BuildError(f"{folder}: missing content folder for game {game.id!r}")
        texts = {lang: parse_rules(folder / f"{lang}.md") for lang in LANGS}
        scripts = {target: rules_in_script(texts["zh"], game.source_lang, target) for target in zh_script.SCRIPTS}
        ids = {s.id for s in texts["zh"].sections}
        aid = load_aid(folder / "aid.toml", game, ids)
        games.append(GameContent(game, texts, load_glossary(folder / "glossary.toml"), scripts, aid))
    return games


def scoring_file(game: Game) -> Path:
    """The module that defines a game."""
    return Path(inspect.getsourcefile(game.setup) or SCORING / "games" / f"{game.id.replace('-', '_')}.py")


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
        required = [("the game's winner", game.rule)]
        required += [(f"category {c.field.key!r}", c.field.rule) for c in game.categories]
        required += [(f"tie-breaker {t.key!r}", t.rule) for t in game.tie_breakers]
        for what, rule in required:
            if not rule:
                raise BuildError(f"{scoring_file(game)}: {what} names no rules section (rule=...)")
        rules = [rule for _, rule in required] + [f.rule for f in all_fields(game)] + [h.rule for h in game.helpers]
        for rule in rules:
            if rule and rule not in zh_ids:
                raise BuildError(f"{zh.path}: scoring for {game.id} links to section {rule!r}, which is missing")


def check_glossary(games: list[GameContent], table: dict[str, str]) -> None:
    """Glossary terms occur in both texts, and score-sheet labels translate them as the glossary does."""
    for content in games:
        path = CONTENT / content.game.id / "glossary.toml"
        texts = {lang: content.texts[lang].path.read_text(encoding="utf-8") for lang in LANGS}
        check_terms_used(content.glossary, texts["zh"], texts["en"], path)
        check_labels(sheet_labels(content.game), content.glossary, table, scoring_file(content.game), path)


def search_docs(games: list[GameContent]) -> tuple[list[Doc], list[TermDoc]]:
    """What search finds: every introduction and section in both languages, and every glossary term."""
    docs: list[Doc] = []
    terms: list[TermDoc] = []
    for content in games:
        game = content.game
        for lang in LANGS:
            text = content.texts[lang]
            doc_lang = game.source_lang if lang == "zh" else "en"
            if plain_text(text.intro):
                title = plain_text(inline_marks(text.title))
                docs.append(in_other_script(Doc(game.id, "intro", doc_lang, title, plain_text(text.intro))))
            docs += [
                in_other_script(Doc(game.id, s.id, doc_lang, plain_text(s.title), plain_text(s.html)))
                for s in text.sections
            ]
        docs += aid_docs(content)
        for row, term in enumerate(content.glossary, start=1):
            other = zh_script.convert(term["zh"], game.source_lang, zh_script.other(game.source_lang))
            terms.append(TermDoc(game.id, f"term-{row}", term["zh"], term["en"], term.get("note", ""), other))
    return docs, terms


AID_TITLE = Text("玩家速查", "Player aid")


def aid_docs(content: GameContent) -> list[Doc]:
    """What search finds in a player aid: all its lines in each language, as one text found under section 'aid'."""
    assert content.aid is not None
    game = content.game
    docs = []
    for lang in LANGS:
        doc_lang = game.source_lang if lang == "zh" else "en"
        lines = []
        for _, _, part in content.aid.parts:
            for line in part:
                label = f"{getattr(line.field.label, lang)}: " if line.field else ""
                lines.append(label + plain_text(inline_marks(getattr(line, lang))))
        title = zh_script.both(AID_TITLE.zh, zh_script.UI)[doc_lang] if lang == "zh" else AID_TITLE.en
        docs.append(in_other_script(Doc(game.id, "aid", doc_lang, title, " ".join(lines))))
    return docs


def in_other_script(doc: Doc) -> Doc:
    """A Chinese search text with its title and text also in the other script (same length, so hits line up)."""
    if doc.lang not in zh_script.SCRIPTS:
        return doc
    target = zh_script.other(doc.lang)
    title, text = (zh_script.convert(part, doc.lang, target) for part in (doc.title, doc.text))
    if len(title) != len(doc.title) or len(text) != len(doc.text):
        return doc  # the page then shows the source's script: a hit's place must not move
    return replace(doc, other_title=title, other_text=text)


def search_corpus(games: list[GameContent], docs: list[Doc], terms: list[TermDoc]) -> str:
    """Every text search can find, as one string (to pick the Traditional characters worth folding)."""
    names = [f"{c.game.name.zh} {c.game.name.en}" for c in games]
    texts = [f"{d.title} {d.text}" for d in docs] + [f"{t.zh} {t.en} {t.note}" for t in terms]
    return "\n".join(names + texts)


def game_list(games: list[GameContent]) -> list[dict[str, str]]:
    """Games as the search page names them."""
    return [
        {
            "id": c.game.id,
            "zh": c.game.name.zh,
            "zh_other": zh_script.convert(c.game.name.zh, c.game.source_lang, zh_script.other(c.game.source_lang)),
            "en": c.game.name.en,
            "lang": c.game.source_lang,
        }
        for c in games
    ]


def term_markers(content: GameContent) -> dict[str, TermMarker]:
    """For each column of the rules page (English, and Chinese in each script), what marks the glossary terms."""
    rows = [(t["zh"], t["en"], f"term-{i}") for i, t in enumerate(content.glossary, start=1) if HAN.search(t["zh"])]
    source = content.game.source_lang
    english: dict[str, tuple[str, str, str]] = {}
    for zh, en, row in rows:
        english.setdefault(en.casefold(), (en, zh, f"{row}-zh"))
    markers = {"en": TermMarker(english.values(), english=True, scripts=lambda zh: zh_script.both(zh, source))}
    for script in zh_script.SCRIPTS:
        written = [(zh_script.convert(zh, source, script), en, f"{row}-en") for zh, en, row in rows]
        markers[script] = TermMarker(written, english=False)
    return markers


def aid_line_html(line: AidLine, source: str) -> dict[str, Markup]:
    """An aid line rendered as the rules are (editorial marks too): the Chinese in both scripts, the English."""
    zh = inline_marks(line.zh)
    return {**{script: in_script(zh, source, script) for script in zh_script.SCRIPTS}, "en": inline_marks(line.en)}


def aid_parts(content: GameContent) -> list[dict[str, object]]:
    """The player aid as its page shows it: each part's lines with their section's title in every column."""
    assert content.aid is not None
    source = content.game.source_lang
    titles = {
        s.id: {**{script: text.sections[i].title for script, text in content.scripts.items()}, "en": e.title}
        for i, (s, e) in enumerate(zip(content.texts["zh"].sections, content.texts["en"].sections, strict=True))
    }
    return [
        {
            "key": key,
            "title": title,
            "lines": [
                {"line": line, "html": aid_line_html(line, source), "section": titles[line.section]} for line in lines
            ],
        }
        for key, title, lines in content.aid.parts
    ]


def default_players(game: Game) -> int:
    """The player count a fresh sheet starts with."""
    return min(max(game.min_players, 4), game.max_players)


def scripts_of(text: str, source: str) -> dict[str, str]:
    """A Chinese text in both scripts, for the templates; rendered HTML stays HTML."""
    if source not in (*zh_script.SCRIPTS, zh_script.UI):
        raise BuildError(f"{source!r} is not a Chinese script ({', '.join(zh_script.SCRIPTS)}) or {zh_script.UI!r}")
    written = zh_script.both(str(text), source)
    return {k: Markup(v) for k, v in written.items()} if isinstance(text, Markup) else written


def entry_rows(f: Field) -> list[tuple[int, int | None, Text]]:
    """One sheet row per number a player enters for a field of several: (entry, part, label)."""
    if not f.parts:
        return [(i, None, e) for i, e in enumerate(f.entries)]
    return [
        (i, j, Text(f"{e.zh} · {p.zh}", f"{e.en} · {p.en}"))
        for i, e in enumerate(f.entries)
        for j, p in enumerate(f.parts)
    ]


def make_environment() -> Environment:
    """Jinja2 with autoescaping and strict undefined names."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["FieldKind"] = FieldKind
    env.globals["scripts"] = scripts_of
    env.globals["entry_rows"] = entry_rows
    env.filters["tojson_attr"] = lambda value: json.dumps(value, ensure_ascii=False)
    return env


def content_security_policy(page: str) -> str:
    """The Content-Security-Policy of a page: its own origin only, plus what Pyodide or a picture needs where used."""
    return "; ".join(f"{name} {value}" for name, value in PAGE_CSP.get(page, CSP).items())


def render_pages(out: Path, games: list[GameContent], tables: dict[str, zh_script.Table]) -> dict[Path, str]:
    """Write every HTML page; return each one's policy as a header (the meta tag's plus frame-ancestors).

    tables: the run-time script tables, for Python's pictures.
    """
    env = make_environment()
    pages: dict[Path, str] = {}

    def write(relative: str, template: str, **context: object) -> None:
        depth = relative.count("/")
        csp = content_security_policy(context["page"])
        html = env.get_template(template).render(root="../" * depth, games=games, csp=csp, **context)
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
        pages[target] = f"{csp}; frame-ancestors {FRAME_ANCESTORS[context['page'] in FRAMED_PAGES]}"

    write("index.html", "index.html", page="home", default_players=default_players)
    for content in games:
        write(
            f"rules/{content.game.id}/index.html",
            "rules.html",
            page="rules",
            content=content,
            mark=term_markers(content),
        )
        write(
            f"rules/{content.game.id}/aid/index.html", "aid.html", page="aid", content=content, parts=aid_parts(content)
        )
    checklists = {c.game.id: setup_json(c.game.id, default_players(c.game)) for c in games}
    diagrams = {gid: svg_markup(checklist["diagram"], tables) for gid, checklist in checklists.items()}
    print_diagrams = {gid: svg_markup(checklist["print_diagram"], tables) for gid, checklist in checklists.items()}
    write(
        "play/index.html",
        "play.html",
        page="play",
        checklists=checklists,
        diagrams=diagrams,
        print_diagrams=print_diagrams,
        default_players=default_players,
        worker_config=worker_config(out),
        download_sizes=download_sizes(out),
        link_limits={"chars": MAX_LINK_CHARS, "bytes": MAX_SHEET_BYTES},
        routes=play_routes(games),
        views=PLAY_VIEWS,
    )
    check_views(
        (out / "play" / "index.html").read_text(encoding="utf-8"), (STATIC / "play.js").read_text(encoding="utf-8")
    )
    write("play/python.html", "python.html", page="python", start_chunks=pyscript_start_chunks(out))
    (out / "play" / "routes.css").write_text(route_styles(play_routes(games)), encoding="utf-8")
    write("search/index.html", "search.html", page="search")
    write("offline.html", "offline.html", page="offline")
    return pages


def play_routes(games: list[GameContent]) -> dict[str, list[str]]:
    """play/'s views: every game's tools by id, the first game first (its score sheet is the default view)."""
    return {c.game.id: ["setup", "score", *(h.id for h in c.game.helpers)] for c in games}


GAME_ONLY = (".play-bar", ".game-switch .switch-label")
"""play/'s parts that belong to a game's tools: hidden on the history, statistics and a received result."""


def route_styles(routes: dict[str, list[str]]) -> str:
    """play/routes.css: only the view static/route.js names on <html data-view> shows, from first paint.

    play.js also sets the hidden attributes as it switches; without scripts every game and tool shows.
    """
    views = [view.id for view in PLAY_VIEWS]
    rules = [
        "/* Written by build.py. */",
        "html[data-view] section.game, html[data-view] section.game [data-tool], "
        + ", ".join(f"html[data-view] #{view}" for view in views)
        + " { display: none; }",
        *(f'html[data-view="{view}"] #{view} {{ display: block; }}' for view in views),
    ]
    rules += [f'html[data-view="{view}"] .game-switch [data-current="{view}"] {{ display: inline; }}' for view in views]
    # the calculator's state, the screen-awake switch and "Game:" mean nothing away from a game
    rules.append(
        ", ".join(f'html[data-view="{view}"] {part}' for view in views for part in GAME_ONLY) + " { display: none; }"
    )
    for game, tools in routes.items():
        rules.append(f'html[data-view^="{game}/"] .game-switch [data-current="{game}"] {{ display: inline; }}')
        for tool in tools:
            view = f'html[data-view="{game}/{tool}"]'
            rules.append(f'{view} #game-{game}, {view} #game-{game} [data-tool="{tool}"] {{ display: block; }}')
    return "\n".join(rules) + "\n"


def svg_markup(pictures: dict[str, str] | None, tables: dict[str, zh_script.Table]) -> dict[str, Markup] | None:
    """A picture from scoring/svg.py by lang tag, the Chinese in both scripts (scoring mixes them, as the page does).

    Marked safe: scoring/svg.py escapes every text it draws.
    """
    if pictures is None:
        return None
    written = {script: table.apply(pictures["zh"]) for script, table in tables.items()}
    return {lang: Markup(svg) for lang, svg in {**written, "en": pictures["en"]}.items()}


def scoring_modules() -> list[Path]:
    """Every module of the scoring package, its subpackages (core/, games/) included, in path order."""
    return sorted(SCORING.rglob("*.py"))


NOT_IN_BROWSER = ("__main__.py", "answers.py")
"""The scoring modules only CPython runs: the command line, and the answers' declarations (api.py's type hints); the
snapshot does not import them either (tools/python_start.mjs)."""


def browser_scoring_modules() -> list[Path]:
    """The scoring modules the browser gets: all but NOT_IN_BROWSER."""
    return [path for path in scoring_modules() if path.relative_to(SCORING).as_posix() not in NOT_IN_BROWSER]


def copy_assets(out: Path) -> None:
    """Static files, the scoring package (not its command line, __main__.py), PyScript and Pyodide."""
    shutil.copytree(STATIC, out / "static", ignore=shutil.ignore_patterns("sw.template.js"))
    for source in browser_scoring_modules():
        target = out / "py" / "scoring" / source.relative_to(SCORING)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        raise BuildError(f"{NODE}: pyodide and @pyscript/core are missing; run 'npm ci' first")
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "pyodide" / name)
    write_lock_file(pyodide / "pyodide-lock.json", out / "pyodide" / "pyodide-lock.json")  # in place of the copy
    (out / "pyscript").mkdir()
    for source in [*sorted(pyscript.glob("*.js")), pyscript / "core.css"]:
        shutil.copy2(source, out / "pyscript" / source.name)
    shutil.move(out / "static" / "manifest.webmanifest", out / "manifest.webmanifest")
    copy_segno_licence(out / "py" / "segno")


def pyscript_start_chunks(out: Path) -> list[str]:
    """The file names of PyScript's chunks that its start imports (PYSCRIPT_AT_START), each found once."""
    names = sorted(p.relative_to(out).as_posix() for p in (out / "pyscript").glob("*.js"))
    chunks = [[name for name in names if name.startswith(prefix)] for prefix in PYSCRIPT_AT_START]
    if any(len(found) != 1 for found in chunks):
        raise BuildError(f"{out / 'pyscript'}: PyScript's chunks are not {PYSCRIPT_AT_START}; update the list")
    return [found[0].removeprefix("pyscript/") for found in chunks]


def write_lock_file(source: Path, target: Path) -> None:
    """Pyodide's lock file without its packages: the site loads none, and Python's start fetches the file (the
    packages' list is 21.7 KB in brotli). Pyodide reads `info` (it checks the ABI version) and `packages`."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    if "info" not in lock or "packages" not in lock:
        raise BuildError(f"{source}: no 'info' or 'packages'; Pyodide's lock file has changed shape")
    target.write_text(json.dumps({**lock, "packages": {}}, sort_keys=True), encoding="utf-8")


def copy_segno_licence(target: Path) -> None:
    """segno's licence (PyPI, pinned in pyproject.toml); its modules go to python_later.zip (add_segno)."""
    target.mkdir(parents=True)
    licence = next((f for f in metadata.files("segno") or [] if f.name == "LICENSE"), None)
    if licence is None:
        raise BuildError(f"{Path(segno.__file__).parent}: segno's LICENSE is missing")
    shutil.copyfile(licence.locate(), target / "LICENSE.txt")


def add_segno(archive: Path) -> None:
    """segno, which scoring/share.py draws QR codes with: the modules it imports to draw one, as source, added to the
    archive of what only a QR code needs (stored, in name order, with a fixed time: the same bytes every build)."""
    source = Path(segno.__file__).parent
    with zipfile.ZipFile(archive, "a", zipfile.ZIP_STORED) as later:
        for name in SEGNO_FILES:
            if not (source / name).is_file():
                raise BuildError(f"{source / name}: missing from segno {segno.__version__}; update SEGNO_FILES")
            entry = zipfile.ZipInfo(f"segno/{name}", (1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            later.writestr(entry, (source / name).read_bytes())


def python_imports(paths: list[Path]) -> list[str]:
    """The standard-library modules these files import by absolute name."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(name for name in names if name.split(".")[0] in sys.stdlib_module_names)


def python_start_sources() -> tuple[list[str], list[str], list[str]]:
    """The standard-library modules Python imports at start: scoring/'s and the worker's (imported in the snapshot),
    then PyScript's Python package's (it imports them as the worker starts); and those only a QR code needs (segno's,
    in python_later.zip, which static/worker.py fetches the first time one is imported)."""
    start = python_imports([*browser_scoring_modules(), STATIC / "worker.py"])
    segno_files = [Path(segno.__file__).parent / name for name in SEGNO_FILES]
    pyscript_files = sorted((NODE / "@pyscript" / "core" / "src" / "stdlib" / "pyscript").glob("*.py"))
    if not pyscript_files:
        raise BuildError(f"{NODE}: PyScript's Python package (src/stdlib/pyscript) is missing; run 'npm ci'")
    pyscript_start = [name for name in python_imports(pyscript_files) if name not in start]
    later = [name for name in python_imports(segno_files) if name not in {*start, *pyscript_start}]
    return start, pyscript_start, later


def key_of(*parts: tuple[str, bytes]) -> str:
    """A short hash of what a cached file is made from: named parts (files by their place, texts) and their bytes."""
    digest = hashlib.sha256()
    for name, data in parts:
        for piece in (name.encode(), data):
            digest.update(len(piece).to_bytes(8, "little") + piece)
    return digest.hexdigest()[:16]


def files_in(folder: Path, *paths: Path) -> list[tuple[str, bytes]]:
    """Files as parts of a key: each named by its place in the folder (wherever that is), with its bytes."""
    return [(f"{folder.name}/{path.relative_to(folder).as_posix()}", path.read_bytes()) for path in paths]


@functools.cache
def node_version() -> str:
    """The Node.js that runs tools/python_start.mjs (its version is part of what the files are made from)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"{TOOLS / 'python_start.mjs'}: needs Node.js ('node' is not on PATH)")
    return subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout.strip()


STOCK = NODE / "pyodide"
"""Pyodide as npm installs it."""
STOCK_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
"""The stock Pyodide that Node.js runs (its CPython compiles the cut library)."""


def tool_parts(*names: str) -> list[tuple[str, bytes]]:
    """tools/python_start.mjs, the clock and random numbers it runs with, the stock Pyodide it runs, and more tools."""
    tools = files_in(TOOLS, *(TOOLS / name for name in ("python_start.mjs", "deterministic.mjs", *names)))
    return tools + files_in(STOCK, *(STOCK / name for name in STOCK_PYODIDE)) + [("node", node_version().encode())]


def wasm_key() -> str:
    """What the site's pyodide.asm.wasm is made from: Pyodide's, trimmed by sitebuild/wasm_trim.py."""
    return key_of(*files_in(STOCK, STOCK / "pyodide.asm.wasm"), *files_in(ROOT, ROOT / "sitebuild" / "wasm_trim.py"))


def library_key(start: list[str], pyscript_start: list[str], later: list[str]) -> str:
    """What python_stdlib.zip and python_later.zip are made from: Pyodide's standard library compiled in the stock
    Pyodide by tools/stdlib_bytecode.py, cut to the import lists; segno's modules added to the second."""
    segno_folder = Path(segno.__file__).parent  # installed in the environment, wherever that is
    return key_of(
        *files_in(STOCK, STOCK / "python_stdlib.zip"),
        *tool_parts("stdlib_bytecode.py"),
        ("modules", " ".join([*start, *pyscript_start, "--", *later]).encode()),
        *files_in(segno_folder, *(segno_folder / name for name in SEGNO_FILES)),
        ("add_segno", inspect.getsource(add_segno).encode()),
    )


def snapshot_key(wasm: str, library: str, start: list[str]) -> str:
    """What python_snapshot.bin.gz is made from: Python started in the site's WebAssembly (by its key) on the cut
    library (by its key) with the start modules and every scoring module imported, then packed."""
    return key_of(
        ("wasm", wasm.encode()),
        ("library", library.encode()),
        *tool_parts(),
        *files_in(STATIC, STATIC / "initial-memory.mjs"),
        ("modules", " ".join(start).encode()),
        *files_in(SCORING, *scoring_modules()),
        ("pack_snapshot", inspect.getsource(pack_snapshot).encode()),
    )


def cached(kind: str, key: str, make: Callable[[Path], None], notes: list[str]) -> Path:
    """The folder .cache/start-<kind>-<key>, made by make(folder) if it is not there yet (the older ones of that
    kind are then removed); notes say which."""
    folder = CACHE / f"start-{kind}-{key}"
    notes.append("made" if not folder.is_dir() else f"in {folder.relative_to(CACHE.parent)}")
    if not folder.is_dir():
        partial = CACHE / f"partial-{kind}-{os.getpid()}"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        make(partial)
        for stale in CACHE.glob(f"start-{kind}-*"):
            shutil.rmtree(stale, ignore_errors=True)
        partial.replace(folder)
    return folder


def run_python_start(*arguments: str | Path) -> None:
    """Run tools/python_start.mjs (fixed clock and seeded random numbers: the same inputs give the same bytes)."""
    tool = TOOLS / "python_start.mjs"
    command = [shutil.which("node") or "node", "--import", (TOOLS / "deterministic.mjs").as_uri(), tool, *arguments]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildError(f"{tool}: failed: {done.stderr.strip()[-2000:]}")


def make_trimmed_wasm(target: Path) -> None:
    """pyodide.asm.wasm without the CJK tables and Unicode names (sitebuild/wasm_trim.py)."""
    try:
        trimmed, _ = without_unused_tables((STOCK / "pyodide.asm.wasm").read_bytes())
    except TrimError as error:
        raise BuildError(f"{STOCK / 'pyodide.asm.wasm'}: {error}") from error
    (target / "pyodide.asm.wasm").write_bytes(trimmed)


def make_library(target: Path, start: list[str], pyscript_start: list[str], later: list[str]) -> None:
    """The cut standard library and the archive of what only a QR code needs, segno added to it."""
    library, later_zip = (target / name for name in LIBRARY_FILES)
    run_python_start("library", STOCK / "python_stdlib.zip", library, later_zip, *start, *pyscript_start, "--", *later)
    add_segno(later_zip)


def make_snapshot(target: Path, wasm: Path, library: Path, start: list[str]) -> None:
    """Python's memory once started, made in the Pyodide the site serves (its trimmed WebAssembly) on the cut
    library, then packed."""
    index = target / "index"
    index.mkdir()
    for name in ("pyodide.asm.mjs", "pyodide-lock.json"):
        shutil.copyfile(STOCK / name, index / name)
    shutil.copyfile(wasm / "pyodide.asm.wasm", index / "pyodide.asm.wasm")
    run_python_start("snapshot", library / "python_stdlib.zip", target / "python_snapshot.bin", index, SCORING, *start)
    pack_snapshot(target / "python_snapshot.bin")
    shutil.rmtree(index)


def pack_snapshot(snapshot: Path) -> None:
    """The snapshot gzipped (level 9, no time or name in its header: the same bytes every build), beside it as .gz,
    and the plain file removed. zopfli made it 2.8 % smaller (11.47 MB -> 2.975 MB by gzip -9, 2.891 MB by zopfli),
    for 20 s of CPU or more against gzip's 1.6 s; a first visit does not download it (the offline copy does, and
    stores it inflated), and the browser unpacks it as any gzip."""
    packed = snapshot.with_name(snapshot.name + ".gz")
    packed.write_bytes(gzip.compress(snapshot.read_bytes(), 9, mtime=0))
    snapshot.unlink()


def prepare_python_start(out: Path) -> None:
    """Python's start-up files in out/pyodide, each made once and cached by what it is made from.

    pyodide.asm.wasm: Pyodide's, without tables the site never reads (sitebuild/wasm_trim.py).
    python_stdlib.zip replaces Pyodide's standard library: only the modules the site's Python imports as it starts
    and scores, as bytecode; python_later.zip holds the few more a QR code needs.
    python_snapshot.bin.gz is Python's memory once started with those modules and scoring/ imported
    (static/pyodide-start.mjs); a change to scoring/ makes a new one, and only that (static/worker.py checks the
    match).
    """
    start, pyscript_start, later = python_start_sources()
    with ThreadPoolExecutor(os.cpu_count()) as other_cores:
        # Brotli on the WebAssembly (quality 11: 19 s of CPU, the build's longest job; cached by content) and on the
        # archives runs on other cores while Node.js makes the library and the snapshot.
        with step("pyodide.asm.wasm (sitebuild/wasm_trim.py)") as notes:
            wasm = wasm_key()
            wasm_folder = cached("wasm", wasm, make_trimmed_wasm, notes)
        compressing = [other_cores.submit(compress_file, wasm_folder / "pyodide.asm.wasm")]
        with step("python_stdlib.zip, python_later.zip (tools/python_start.mjs library)") as notes:
            library = library_key(start, pyscript_start, later)
            make = functools.partial(make_library, start=start, pyscript_start=pyscript_start, later=later)
            library_folder = cached("library", library, make, notes)
        compressing += [other_cores.submit(compress_file, library_folder / name) for name in LIBRARY_FILES]
        with step("python_snapshot.bin.gz (tools/python_start.mjs snapshot)") as notes:
            make = functools.partial(make_snapshot, wasm=wasm_folder, library=library_folder, start=start)
            snapshot_folder = cached("snapshot", snapshot_key(wasm, library, start), make, notes)
        with step("pyodide.asm.wasm and the archives compressed (on other cores meanwhile)"):
            for job in compressing:
                job.result()
    for folder, names in ((wasm_folder, ["pyodide.asm.wasm"]), (library_folder, LIBRARY_FILES)):
        for name in names:
            shutil.copyfile(folder / name, out / "pyodide" / name)
    shutil.copyfile(snapshot_folder / "python_snapshot.bin.gz", out / "pyodide" / "python_snapshot.bin.gz")


def compress_file(path: Path) -> None:
    """Compress a file into the cache (sitebuild/publish.py), where the build's later steps find it."""
    compress(path.read_bytes(), CACHE / "compressed")


def script_sources() -> list[Path]:
    """The files whose Chinese the page writes at run time: scoring's modules (but the script table, characters that
    are never shown) and the page scripts."""
    shown = [path for path in scoring_modules() if path.name != "script_fold.py"]
    return [*shown, *sorted(STATIC.glob("*.js"))]


def write_script_tables(out: Path) -> dict[str, zh_script.Table]:
    """The tables that write Python's run-time Chinese in the reader's script (OpenCC, at build time); return them."""
    tables = zh_script.runtime_tables(script_sources(), SCORING.name)
    (out / "static" / "zh-script.json").write_text(
        json.dumps(tables, ensure_ascii=False, sort_keys=True), encoding="utf-8"
    )
    return {script: zh_script.Table.of(entries) for script, entries in tables.items()}


def python_files(out: Path) -> list[str]:
    """Every scoring module under py/, as paths relative to it."""
    return sorted(p.relative_to(out / "py").as_posix() for p in (out / "py").rglob("*.py"))


def write_python_file_list(out: Path) -> None:
    """py/files.json: the modules PyScript fetches once Python has started, which static/pyodide-start.mjs fetches
    on a first visit while Pyodide's own files download (so the link is not left idle in between)."""
    (out / "py" / "files.json").write_text(json.dumps(python_files(out)), encoding="utf-8")


def worker_config(out: Path) -> dict[str, object]:
    """PyScript's config for the worker: every scoring module mapped into Python's file system (segno is in
    pyodide/python_later.zip, fetched when a QR code is first drawn).

    `sync_main_only`: the worker never reaches the page's `window` (that needs SharedArrayBuffer, so cross-origin
    isolation); it only keeps PyScript's module from warning about it on every start."""
    files = {f"../py/{name}": f"./{name}" for name in python_files(out)}
    return {"files": files, "sync_main_only": True}


START_DOWNLOADS = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json")
"""What a first visit's worker fetches to start Python, besides the modules under py/."""


def download_sizes(out: Path) -> dict[str, dict[str, int]]:
    """The files a first visit's worker fetches before Python answers, by path: bytes as stored ("") and as each
    encoding sends them, for the status line's "Downloading the calculator: 1.2 of 3.6 MB" (download-progress.js)."""
    paths = [out / name for name in START_DOWNLOADS] + sorted((out / "py").rglob("*.py"))
    sizes: dict[str, dict[str, int]] = {}
    for path in paths:
        data = path.read_bytes()
        packed = compress(data, CACHE / "compressed") if path.suffix in COMPRESSED and len(data) >= MIN_SIZE else {}
        sizes[path.relative_to(out).as_posix()] = {"": len(data)} | {name: len(p) for name, p in packed.items()}
    return sizes


def precache_tiers(out: Path) -> dict[str, dict[str, str]]:
    """Every file the service worker may cache, as URLs relative to the site root with their content hash, by tier."""
    tiers: dict[str, dict[str, str]] = {"light": {}, "python": {}}
    for path in served_files(out):
        relative = path.relative_to(out).as_posix()
        if relative == "sw.js" or relative.startswith(PYSCRIPT_UNUSED):
            continue
        url = "./" + relative.removesuffix("index.html")
        tier = "python" if relative.startswith(PYTHON_TIER) else "light"
        tiers[tier][url] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return tiers


def wire_bytes(out: Path, urls: dict[str, str]) -> int:
    """What these files weigh over the wire: the brotli copy where the build wrote one."""
    total = 0
    for url in urls:
        path = out / (url[2:] + ("index.html" if url.endswith("/") else ""))
        packed = path.with_name(path.name + ".br")
        total += (packed if packed.is_file() else path).stat().st_size
    return total


def content_version(out: Path, tiers: dict[str, dict[str, str]] | None = None) -> str:
    """A hash of every file the service worker caches: names and content hashes."""
    listed = precache_tiers(out) if tiers is None else tiers
    return hashlib.sha256(json.dumps(listed, sort_keys=True).encode()).hexdigest()[:16]


def write_service_worker(out: Path) -> str:
    """sw.js with both tiers' files and hashes, and the calculator's weight over the wire; return the version."""
    script = (STATIC / "sw.template.js").read_text(encoding="utf-8")
    tiers = precache_tiers(out)
    version = content_version(out, tiers)
    for name, value in (
        ("__VERSION__", version),
        ("__LIGHT__", json.dumps(tiers["light"], indent=1)),
        ("__PYTHON__", json.dumps(tiers["python"], indent=1)),
        ("__PYTHON_BYTES__", str(wire_bytes(out, tiers["python"]))),
    ):
        script = script.replace(name, value)
    (out / "sw.js").write_text(script, encoding="utf-8")
    return version


SYNONYMS = CONTENT / "synonyms.toml"


def search_ideas(games: list[GameContent]) -> list[dict[str, object]]:
    """content/synonyms.toml: the words of each idea, and each game's sections of it (named by scoring/)."""
    try:
        data = tomllib.loads(SYNONYMS.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise BuildError(f"{SYNONYMS}: {error}") from None
    ideas = []
    for idea in data.get("idea", []):
        if idea.get("key") != "tie-breaker":
            raise BuildError(f"{SYNONYMS}: unknown idea {idea.get('key')!r} (known: tie-breaker)")
        sections = [
            f"{c.game.id}#{rule}"
            for c in games
            for rule in dict.fromkeys(t.rule for t in c.game.tie_breakers) or [c.game.rule]
        ]
        ideas.append({"key": idea["key"], "words": [*idea["zh"], *idea["en"]], "sections": sections})
    return ideas


def cpu_seconds() -> float:
    """CPU time used so far by this process, its threads and the commands it ran."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


@contextmanager
def step(name: str) -> Iterator[list[str]]:
    """One step of the build: print its time as it ends (where a build's seconds go), the CPU time it took (what the
    same step costs on a machine busy with other work) and any notes added to the list it gives."""
    started, cpu, notes = time.perf_counter(), cpu_seconds(), []
    yield notes
    said = f"{name}: {', '.join(notes)}" if notes else name
    print(f"{time.perf_counter() - started:7.2f} s  (CPU {cpu_seconds() - cpu:6.2f} s)  {said}", flush=True)


def build(out: Path = ROOT / "site") -> str:
    """Build the whole site into out, printing each step's time; return the service-worker version."""
    with step("content read and checked"):
        games = load_content()
        check_content(games)
        docs, terms = search_docs(games)
        table = fold_table(search_corpus(games, docs, terms))
        check_glossary(games, table)
    with step("static files, scoring/, PyScript and Pyodide copied"):
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        copy_assets(out)
        write_python_file_list(out)
    prepare_python_start(out)  # its own steps: the cached start-up files
    with step("pages rendered, search index written"):
        tables = write_script_tables(out)
        policies = render_pages(out, games, tables)
        write_index(out, index_json(game_list(games), docs, terms, table, search_ideas(games)))
    with step("links and hosts checked"):
        check_links(out)
        check_hosts(out)
    with step("brotli and gzip copies written"):
        write_compressed(out, CACHE / "compressed")
    with step("service worker and host files written"):
        version = write_service_worker(out)
        write_compressed(out, CACHE / "compressed", [out / "sw.js"])
        write_publishing(out, policies)
    return version


def main() -> int:
    """Build and report, or name the file at fault."""
    started = time.perf_counter()
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"
    try:
        version = build(out)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(f"{time.perf_counter() - started:7.2f} s  (CPU {cpu_seconds():6.2f} s)  built {out} (version {version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the static site into site/: load content, check it, render, copy assets, write the service worker."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

from scoring import GAMES
from scoring.api import setup_json
from scoring.core import FieldKind, Game

ROOT = Path(__file__).resolve().parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
SCORING = ROOT / "scoring"
NODE = ROOT / "node_modules"
LANGS = ("zh", "en")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
HEADING = re.compile(r"^## (?P<title>.+?) \{#(?P<id>[a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$")


class BuildError(Exception):
    """A problem in the sources, naming the file."""


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
    """A game's texts in both languages and its glossary."""

    game: Game
    texts: dict[str, RulesText]
    glossary: tuple[dict[str, str], ...]


_markdown = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def render_markdown(text: str) -> Markup:
    """Markdown to HTML (raw HTML escaped), with the editorial marks of content/FORMAT.md."""
    html = _markdown.render(text)
    html = re.sub(r"\{\+(.+?)\+\}", r'<ins class="repair">\1</ins>', html, flags=re.S)
    html = re.sub(r"\{\?(.+?)\?\}", r'<mark class="doubt">\1</mark>', html, flags=re.S)
    html = html.replace("<blockquote>", '<blockquote class="note">')
    return Markup(html)


def inline_marks(text: str) -> Markup:
    """A heading's text with its editorial marks."""
    return Markup(render_markdown(text).replace("<p>", "").replace("</p>", "").strip())


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
        games.append(GameContent(game, texts, load_glossary(folder / "glossary.toml")))
    return games


def check_content(games: list[GameContent]) -> None:
    """Every section pairs with the other language's, and every rule a field names exists."""
    for content in games:
        zh, en = content.texts["zh"], content.texts["en"]
        zh_ids = [s.id for s in zh.sections]
        en_ids = [s.id for s in en.sections]
        if zh_ids != en_ids:
            missing = sorted(set(zh_ids) ^ set(en_ids))
            detail = f"unpaired: {', '.join(missing)}" if missing else "same ids in another order"
            raise BuildError(f"{en.path}: sections do not pair with {zh.path.name} ({detail})")
        game = content.game
        fields = list(game.player_fields) + list(game.table_fields)
        for helper in game.helpers:
            fields += [*helper.player_fields, *helper.table_fields]
        rules = [f.rule for f in fields] + [h.rule for h in game.helpers]
        for rule in rules:
            if rule and rule not in zh_ids:
                raise BuildError(f"{zh.path}: scoring for {game.id} links to section {rule!r}, which is missing")


def default_players(game: Game) -> int:
    """The player count a fresh sheet starts with."""
    return min(max(game.min_players, 4), game.max_players)


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
    env.filters["tojson_attr"] = lambda value: json.dumps(value, ensure_ascii=False)
    return env


def render_pages(out: Path, games: list[GameContent]) -> list[Path]:
    """Write every HTML page; return their paths."""
    env = make_environment()
    pages = []

    def write(relative: str, template: str, **context: object) -> None:
        depth = relative.count("/")
        html = env.get_template(template).render(root="../" * depth, games=games, **context)
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
        pages.append(target)

    write("index.html", "index.html", page="home")
    for content in games:
        write(f"rules/{content.game.id}/index.html", "rules.html", page="rules", content=content)
    checklists = {c.game.id: setup_json(c.game.id, default_players(c.game)) for c in games}
    write(
        "play/index.html",
        "play.html",
        page="play",
        checklists=checklists,
        default_players=default_players,
        worker_config=worker_config(out),
    )
    write("offline.html", "offline.html", page="offline")
    return pages


def copy_assets(out: Path) -> None:
    """Static files, the scoring package, PyScript and Pyodide."""
    shutil.copytree(STATIC, out / "static")
    (out / "py" / "scoring").mkdir(parents=True)
    for source in sorted(SCORING.glob("*.py")):
        shutil.copy2(source, out / "py" / "scoring" / source.name)
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        raise BuildError(f"{NODE}: pyodide and @pyscript/core are missing; run 'npm ci' first")
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "pyodide" / name)
    (out / "pyscript").mkdir()
    for source in [*sorted(pyscript.glob("*.js")), pyscript / "core.css"]:
        shutil.copy2(source, out / "pyscript" / source.name)
    shutil.move(out / "static" / "manifest.webmanifest", out / "manifest.webmanifest")


def worker_config(out: Path) -> dict[str, object]:
    """PyScript's config for the worker: every scoring module mapped into Python's file system."""
    modules = sorted((out / "py" / "scoring").glob("*.py"))
    return {"files": {f"../py/scoring/{p.name}": f"./scoring/{p.name}" for p in modules}}


def precache_list(out: Path) -> list[str]:
    """Every file the service worker caches, as URLs relative to the site root."""
    names = []
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.name != "sw.js":
            relative = path.relative_to(out).as_posix()
            names.append("./" if relative == "index.html" else "./" + relative.removesuffix("index.html"))
    return names


def content_version(out: Path) -> str:
    """A hash of every file the service worker caches: names and bytes."""
    digest = hashlib.sha256()
    for url in precache_list(out):
        path = out / (url[2:] + ("index.html" if url.endswith("/") else ""))
        digest.update(url.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def write_service_worker(out: Path) -> str:
    """sw.js with the file list and a cache name derived from the content; return the version."""
    template = out / "static" / "sw.template.js"
    script = template.read_text(encoding="utf-8")
    template.unlink()
    files = precache_list(out)
    version = content_version(out)
    script = script.replace("__VERSION__", version).replace("__FILES__", json.dumps(files, indent=1))
    (out / "sw.js").write_text(script, encoding="utf-8")
    return version


def build(out: Path = ROOT / "site") -> str:
    """Build the whole site into out; return the service-worker version."""
    games = load_content()
    check_content(games)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_assets(out)
    render_pages(out, games)
    return write_service_worker(out)


def main() -> int:
    """Build and report, or name the file at fault."""
    started = time.perf_counter()
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"
    try:
        version = build(out)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(f"built {out} (version {version}) in {time.perf_counter() - started:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the static site into site/: load content, check it, render, index, check links, write the service worker."""

from __future__ import annotations

import json
import re
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from scoring import GAMES
from scoring.api import setup_json
from scoring.core import Field, FieldKind, Game, Text
from scoring.share import MAX_LINK_CHARS, MAX_SHEET_BYTES
from sitebuild import BuildError, zh_script
from sitebuild.aid import AidLine
from sitebuild.content import LANGS, GameContent, check_content, check_glossary, in_script, load_content, parse_rules
from sitebuild.game_blocks import check_game_blocks
from sitebuild.glossary import TermMarker
from sitebuild.hosts import check_hosts
from sitebuild.links import check_links
from sitebuild.offline_copy import (
    content_version,
    precache_tiers,
    wire_bytes,
    write_service_worker,
    write_shared_names,
)
from sitebuild.play_routes import play_routes, route_styles
from sitebuild.public_url import ENVIRONMENT, page_address, public_address
from sitebuild.publish import minify_static, write_compressed, write_publishing
from sitebuild.python_start import (
    PYODIDE_FILES,
    PYSCRIPT_AT_START,
    PYSCRIPT_UNUSED,
    PYTHON_START_FILES,
    copy_runtime,
    download_sizes,
    prepare_python_start,
    pyscript_start_chunks,
    scoring_modules,
    worker_config,
)
from sitebuild.reference_page import reference_groups
from sitebuild.rules_markdown import inline_marks, render_markdown
from sitebuild.search import folding_for, index_json, write_index
from sitebuild.search_docs import game_list, search_corpus, search_docs, search_ideas
from sitebuild.settings import Settings
from sitebuild.steps import cpu_seconds, step
from sitebuild.views import PLAY_VIEWS, check_views
from sitebuild.walkthrough_page import teach_steps

ROOT = Path(__file__).resolve().parent
SETTINGS = Settings.at(ROOT)
"""Where this checkout's build reads from; a test builds from a copy of a folder with build(out, settings)."""
CONTENT, TEMPLATES, STATIC, SCORING, NODE, CACHE = (
    SETTINGS.content,
    SETTINGS.templates,
    SETTINGS.static,
    SETTINGS.scoring,
    SETTINGS.node,
    SETTINGS.cache,
)
"""This checkout's folders, for readers (tests, bench/); the build itself reads only the settings it is given."""
__all__ = [
    "GAMES",
    "LANGS",
    "PYODIDE_FILES",
    "PYSCRIPT_AT_START",
    "PYSCRIPT_UNUSED",
    "PYTHON_START_FILES",
    "BuildError",
    "GameContent",
    "build",
    "check_content",
    "content_version",
    "default_players",
    "inline_marks",
    "load_content",
    "parse_rules",
    "precache_tiers",
    "render_markdown",
    "run_time_chinese_sources",
    "wire_bytes",
]
"""What tests and bench/ read from build (most defined in sitebuild/, where the newer tests import them from)."""
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
HAN = re.compile(r"[\u3400-\u9fff]")


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


def make_environment(templates: Path) -> Environment:
    """Jinja2 with autoescaping and strict undefined names."""
    env = Environment(
        loader=FileSystemLoader(templates),
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


def render_pages(
    out: Path, games: list[GameContent], conversions: dict[str, zh_script.Conversion], settings: Settings
) -> dict[Path, str]:
    """Write every HTML page; return each one's policy as a header (the meta tag's plus frame-ancestors).

    conversions: the run-time script conversions, for Python's pictures.
    """
    env = make_environment(settings.templates)
    pages: dict[Path, str] = {}

    def write(relative: str, template: str, **context: object) -> None:
        depth = relative.count("/")
        csp = content_security_policy(context["page"])
        page_url = page_address(settings.public_url, relative)
        html = env.get_template(template).render(
            root="../" * depth, games=games, csp=csp, public_url=settings.public_url, page_url=page_url, **context
        )
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
        pages[target] = f"{csp}; frame-ancestors {FRAME_ANCESTORS[context['page'] in FRAMED_PAGES]}"

    write("index.html", "index.html", page="home", default_players=default_players)
    for content in games:
        render_game_pages(write, content)
    render_play(write, out, games, conversions, settings)
    write("play/python.html", "python.html", page="python", start_chunks=pyscript_start_chunks(out))
    (out / "play" / "routes.css").write_text(route_styles(play_routes(games)), encoding="utf-8")
    write("search/index.html", "search.html", page="search")
    write("offline.html", "offline.html", page="offline")
    return pages


def render_game_pages(write: Callable[..., None], content: GameContent) -> None:
    """A game's rules page, its aid, and its reference and walkthrough where the game has them."""
    gid = content.game.id
    write(f"rules/{gid}/index.html", "rules.html", page="rules", content=content, mark=term_markers(content))
    write(f"rules/{gid}/aid/index.html", "aid.html", page="aid", content=content, parts=aid_parts(content))
    if content.reference:
        groups = reference_groups(content)
        write(f"rules/{gid}/reference/index.html", "reference.html", page="reference", content=content, groups=groups)
    if content.walkthrough:
        steps = teach_steps(content)
        write(
            f"rules/{gid}/teach/index.html",
            "teach.html",
            page="teach",
            content=content,
            steps=steps,
            default_players=default_players,
        )


def render_play(
    write: Callable[..., None],
    out: Path,
    games: list[GameContent],
    conversions: dict[str, zh_script.Conversion],
    settings: Settings,
) -> None:
    """play/ (every game's setup, score sheet and helpers, and the views), its views checked against play.js."""
    checklists = {c.game.id: setup_json(c.game.id, default_players(c.game)) for c in games}
    diagrams = {gid: svg_markup(checklist["diagram"], conversions) for gid, checklist in checklists.items()}
    print_diagrams = {gid: svg_markup(checklist["print_diagram"], conversions) for gid, checklist in checklists.items()}
    write(
        "play/index.html",
        "play.html",
        page="play",
        checklists=checklists,
        diagrams=diagrams,
        print_diagrams=print_diagrams,
        default_players=default_players,
        worker_config=worker_config(out),
        download_sizes=download_sizes(out, settings.cache),
        link_limits={"chars": MAX_LINK_CHARS, "bytes": MAX_SHEET_BYTES},
        routes=play_routes(games),
        views=PLAY_VIEWS,
    )
    page = (out / "play" / "index.html").read_text(encoding="utf-8")
    check_views(page, (settings.static / "play.js").read_text(encoding="utf-8"))
    check_game_blocks(page, [c.game.id for c in games])


def svg_markup(
    pictures: dict[str, str] | None, conversions: dict[str, zh_script.Conversion]
) -> dict[str, Markup] | None:
    """A picture from scoring/svg/ by lang tag, the Chinese in both scripts (scoring mixes them, as the page does).

    Marked safe: scoring/svg/ escapes every text it draws.
    """
    if pictures is None:
        return None
    written = {script: conversion.apply(pictures["zh"]) for script, conversion in conversions.items()}
    return {lang: Markup(svg) for lang, svg in {**written, "en": pictures["en"]}.items()}


def copy_assets(out: Path, settings: Settings) -> None:
    """Static files (the web app manifest at the root, the scripts' shared names filled in), then Pyodide, PyScript
    and the browser's Python."""
    shutil.copytree(settings.static, out / "static", ignore=shutil.ignore_patterns("sw.template.js"))
    shutil.move(out / "static" / "manifest.webmanifest", out / "manifest.webmanifest")
    write_shared_names(out / "static")
    copy_runtime(out, settings)


def run_time_chinese_sources(settings: Settings = SETTINGS) -> list[Path]:
    """The files whose Chinese the page writes at run time: scoring's modules (but script_fold.py, characters that
    are never shown) and the page's JavaScript."""
    shown = [path for path in scoring_modules(settings) if path.name != "script_fold.py"]
    return [*shown, *sorted(settings.static.glob("*.js"))]


def write_script_conversions(out: Path, settings: Settings) -> dict[str, zh_script.Conversion]:
    """The conversions that write Python's run-time Chinese in the reader's script (OpenCC, at build time); return them."""
    conversions = zh_script.run_time_conversions(run_time_chinese_sources(settings), settings.scoring.name)
    (out / "static" / "zh-script.json").write_text(
        json.dumps(conversions, ensure_ascii=False, sort_keys=True), encoding="utf-8"
    )
    return {script: zh_script.Conversion.of(entries) for script, entries in conversions.items()}


def build(out: Path = ROOT / "site", settings: Settings = SETTINGS) -> str:
    """Build the whole site into out from the folders settings name, printing each step's time; return the
    service-worker version."""
    settings = replace(settings, public_url=public_address(settings.public_url))  # checked, ending in '/'
    with step("content read and checked"):
        games = load_content(settings.content)
        check_content(games)
        docs, terms = search_docs(games)
        folding = folding_for(search_corpus(games, docs, terms))
        check_glossary(games, folding, settings.content)
    with step("static files, scoring/, PyScript and Pyodide copied"):
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        copy_assets(out, settings)
    if settings.minify:
        with step("scripts and styles minified (tools/minify.mjs, esbuild)") as notes:
            notes.append(f"{minify_static(out / 'static', settings.tools) // 1024} KB less")
    prepare_python_start(out, settings)  # its own steps: the cached start-up files
    with step("pages rendered, search index written"):
        conversions = write_script_conversions(out, settings)
        policies = render_pages(out, games, conversions, settings)
        ideas = search_ideas(games, settings.content / "synonyms.toml")
        write_index(out, index_json(game_list(games), docs, terms, folding, ideas))
    with step("links and hosts checked"):
        check_links(out)
        check_hosts(out, settings.public_url)
    with step("brotli and gzip copies written"):
        write_compressed(out, settings.cache / "compressed")
    with step("service worker and host files written"):
        version = write_service_worker(out, settings.static / "sw.template.js")
        write_compressed(out, settings.cache / "compressed", [out / "sw.js"])
        write_publishing(out, policies)
    return version


def main() -> int:
    """Build and report, or name the file at fault."""
    started = time.perf_counter()
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1].startswith("-")):
        print(
            f"usage: build.py [OUTPUT-FOLDER]  (default: site/; the public address: {ENVIRONMENT}=https://host/path/)",
            file=sys.stderr,
        )
        return 2
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

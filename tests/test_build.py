"""The build: succeeds from a clean tree, links resolve, sections pair, the service worker lists real files."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import zipfile
from dataclasses import replace
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
import segno

import build
from scoring import GAMES
from scoring.api import setup_json
from scoring.share import MAX_LINK_CHARS, MAX_SHEET_BYTES
from sitebuild import BuildError, zh_script
from sitebuild.game_blocks import games_in_place
from sitebuild.links import check_links, scan
from sitebuild.offline_copy import content_version, precache_tiers, wire_bytes
from sitebuild.publish import minify_static
from sitebuild.python_start import PYSCRIPT_UNUSED, SEGNO_FILES


def test_build_writes_every_page(built_site: Path) -> None:
    assert (built_site / "index.html").is_file()
    assert (built_site / "play" / "index.html").is_file()
    for game in GAMES:
        assert (built_site / "rules" / game / "index.html").is_file()


def test_every_link_and_anchor_resolves(built_site: Path) -> None:
    assert len(list(built_site.rglob("*.html"))) >= 4 + len(GAMES)
    assert check_links(built_site) > 20 * len(GAMES)


def test_score_sheet_rule_links_point_at_real_sections(built_site: Path) -> None:
    play = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'href="\.\./rules/([a-z-]+)/#([a-z0-9-]+)"', play)
    for game in GAMES.values():
        categories = {c.field.section for c in game.categories} | {t.section for t in game.tie_breakers}
        assert categories <= {section for g, section in links if g == game.id}, game.id
    for game, section in links:
        assert section in scan(built_site / "rules" / game / "index.html").anchors, (game, section)


def test_tie_breakers_link_their_rule_on_the_score_sheet(built_site: Path) -> None:
    play = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    for game in GAMES.values():
        sheet = re.search(rf'data-route="{game.id}/score".*?</form>', play, re.S).group(0)
        rule = re.search(r'<p class="tiebreak-rule"( data-requires="([a-z_]+)")?>(.*?)</p>', sheet, re.S)
        if not game.tie_breakers:
            assert rule is None
            continue
        linked = re.findall(r'<a class="rule-link" href="\.\./rules/[a-z-]+/#([a-z0-9-]+)">', rule.group(3))
        assert linked == [t.section for t in game.tie_breakers], game.id
        assert (rule.group(2) or "") == game.tie_breakers[0].requires  # a variant's line shows only with the variant


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_page_links_its_setup_and_score_sheet(built_site: Path, game: str) -> None:
    targets = scan(built_site / "rules" / game / "index.html").targets
    assert f"../../play/#{game}/setup" in targets and f"../../play/#{game}/score" in targets


def site_with(tmp_path: Path, pages: dict[str, str]) -> Path:
    """A scratch site of the given pages."""
    for name, html in pages.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(html, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("b.html#nowhere", "broken anchor b.html#nowhere"),
        ("c.html", "broken link c.html"),
        ("play/#game/nothing", "broken anchor play/#game/nothing"),
        ("https://example.org/x.js", "link leaves the site"),
        ('#here" aria-describedby="term-9', "aria-describedby names no element: term-9"),
    ],
)
def test_link_check_names_the_page(tmp_path: Path, link: str, message: str) -> None:
    site = site_with(
        tmp_path,
        {
            "a.html": f'<a href="b.html#here">ok</a> <a href="play/#game/score">ok</a> <a href="{link}">bad</a>',
            "b.html": '<h2 id="here">Here</h2>',
            "play/index.html": '<form data-route="game/score"></form>',
        },
    )
    with pytest.raises(build.BuildError, match=re.escape(message)) as caught:
        check_links(site)
    assert str(site / "a.html") in str(caught.value)


def test_link_check_accepts_ids_and_routes(tmp_path: Path) -> None:
    site = site_with(
        tmp_path,
        {
            "a.html": '<a href="b.html#here">1</a> <a href="play/?x=1#game/score">2</a> <form action="play/"></form>',
            "b.html": '<h2 id="here">Here</h2>',
            "play/index.html": '<form data-route="game/score"></form>',
        },
    )
    assert check_links(site) == 3


def test_broken_anchor_in_a_template_fails_the_build(tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    shutil.copytree(build.TEMPLATES, templates)
    rules = templates / "rules.html"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            "{% block main %}", '{% block main %}<a href="#no-such-section">x</a>'
        ),
        encoding="utf-8",
    )
    with pytest.raises(build.BuildError, match=r"/site/rules/[a-z-]+/index\.html: broken anchor #no-such-section"):
        build.build(tmp_path / "site", replace(build.SETTINGS, templates=templates))


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_page_pairs_every_section(built_site: Path, game: str) -> None:
    html = (built_site / "rules" / game / "index.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section class="pair" id="([a-z0-9-]+)"(.*?)</section>', html, flags=re.S)
    source = (build.CONTENT / game / "zh.md").read_text(encoding="utf-8")
    assert [section_id for section_id, _ in sections] == re.findall(r"^## .*\{#([a-z0-9-]+)\}\s*$", source, flags=re.M)
    for section_id, body in sections:
        for script in zh_script.SCRIPTS:
            zh = re.search(rf'<div class="s-han[st]" lang="{script}"[^>]*>(.*?)</div>', body, re.S)
            assert zh and re.sub(r"<[^>]+>", "", zh.group(1)).strip(), (
                f"{game}#{section_id}: no Chinese text in {script}"
            )
        en = re.search(r'<div class="col en" lang="en">(.*)</div>', body, re.S)
        assert en and re.sub(r"<[^>]+>", "", en.group(1)).strip(), f"{game}#{section_id}: no English text"


class Scripts(HTMLParser):
    """Chinese text of a page by the script its element says it is in, and how many script twins there are."""

    VOID = frozenset({"input", "meta", "link", "br", "img", "hr", "source", "col", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str | None, bool]] = []
        self.texts: dict[str, list[str]] = {script: [] for script in zh_script.SCRIPTS}
        self.twins = {"s-hans": 0, "s-hant": 0}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Track the language in force, and whether this is the source text as written."""
        if tag in self.VOID:
            return
        found = dict(attrs)
        lang, source = self.stack[-1] if self.stack else (None, False)
        classes = (found.get("class") or "").split()
        for twin in self.twins:
            self.twins[twin] += twin in classes
        self.stack.append((found.get("lang") or lang, source or found.get("data-source") == "as-written"))

    def handle_endtag(self, tag: str) -> None:
        """Leave the element."""
        if tag not in self.VOID:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        """Keep Chinese text under its script, except the source text as written."""
        lang, source = self.stack[-1] if self.stack else (None, False)
        if lang in self.texts and not source and zh_script.CJK.search(data):
            self.texts[lang].append(data)


@pytest.mark.parametrize(
    "page_file",
    ["index.html", "play/index.html", "offline.html", "search/index.html", *[f"rules/{g}/index.html" for g in GAMES]],
)
def test_chinese_is_in_both_scripts_and_tagged_with_its_own(built_site: Path, page_file: str) -> None:
    parser = Scripts()
    parser.feed(games_in_place((built_site / page_file).read_text(encoding="utf-8")))
    assert parser.twins["s-hans"] == parser.twins["s-hant"] > 5
    assert parser.texts["zh-Hans"] and parser.texts["zh-Hant"]
    for script in zh_script.SCRIPTS:
        other = zh_script.other(script)
        wrong = [text for text in parser.texts[script] if zh_script.convert(text, other, script) != text]
        assert wrong == [], f"{page_file}: text tagged {script} is not written in it"


def test_runtime_script_table_is_built(built_site: Path) -> None:
    tables = json.loads((built_site / "static" / "zh-script.json").read_text(encoding="utf-8"))
    assert set(tables) == set(zh_script.SCRIPTS)
    assert tables["zh-Hant"]["为"] == "為" and tables["zh-Hans"]["錢"] == "钱"


@pytest.mark.parametrize("page_file", ["index.html", "search/index.html", *[f"rules/{g}/index.html" for g in GAMES]])
def test_static_pages_load_no_python(built_site: Path, page_file: str) -> None:
    html = (built_site / page_file).read_text(encoding="utf-8")
    assert "pyscript" not in html and "pyodide" not in html and "play.js" not in html
    assert "index.json" not in html, "the search index is fetched on demand, never by a page itself"
    assert not re.search(r"<script(?![^>]*type=\"module\")[^>]*src=\"[^\"]*(search|rules)\.js", html)


def test_no_page_or_script_of_ours_names_another_host(built_site: Path) -> None:
    ours = [*built_site.rglob("*.html"), *(built_site / "static").rglob("*.js"), built_site / "sw.js"]
    for path in ours:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href|import|from|fetch)\s*[=(]?\s*["']https?://""", text), path


class Markup(HTMLParser):
    """What a page carries that a Content-Security-Policy could be asked to allow."""

    def __init__(self) -> None:
        super().__init__()
        self.policies: list[str] = []
        self.first_in_head: list[str] = []  # tags of <head> before the policy
        self.inline: list[str] = []  # inline scripts, styles and event handlers
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record the policy, inline code and what comes before the policy."""
        found = dict(attrs)
        if tag == "meta" and (found.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(found.get("content") or "")
        elif not self.policies and tag not in {"html", "head"}:
            self.first_in_head.append(tag)
        self.inline += [f"<{tag} {name}>" for name, _ in attrs if name.startswith("on") or name == "style"]
        if tag == "style":
            self.inline.append("<style>")
        self._in_script = tag == "script" and "src" not in found and found.get("type") != "application/json"

    def handle_data(self, data: str) -> None:
        """An inline script's text."""
        if self._in_script and data.strip():
            self.inline.append(f"<script>{data.strip()[:40]}")


def test_every_page_has_a_strict_policy_and_no_inline_code(built_site: Path) -> None:
    pages = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html"))
    assert {"index.html", "offline.html", "play/index.html"} <= set(pages)
    for page in pages:
        check_policy(built_site / page, python=page == "play/python.html", picture=page == "play/index.html")


def check_policy(path: Path, python: bool, picture: bool) -> None:
    """One policy before anything it governs: the site's own origin, plus Pyodide's needs on the Python page and
    blob: images where play/ draws a result picture."""
    markup = Markup()
    markup.feed(games_in_place(path.read_text(encoding="utf-8")))  # play/'s data blocks hold markup, not code
    assert len(markup.policies) == 1, f"{path}: one Content-Security-Policy per page"
    assert set(markup.first_in_head) == {"meta"}, f"{path}: the policy comes before anything it governs"
    directives = dict(d.strip().split(" ", 1) for d in markup.policies[0].split(";"))
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'self'" and directives["form-action"] == "'self'"
    assert directives["script-src"] == ("'self' 'wasm-unsafe-eval'" if python else "'self'")
    assert directives["worker-src"] == ("'self' blob:" if python else "'self'")
    # play/ draws a result picture from an SVG it made, loaded from a blob: URL (docs/publishing.md); nothing else
    assert directives["img-src"] == ("'self' blob:" if picture else "'self'")
    for name, value in directives.items():
        assert "unsafe-inline" not in value and "'unsafe-eval'" not in value and "*" not in value, name
        assert "http" not in value and "data:" not in value, name
    assert markup.inline == [], path


def sw_tiers(site: Path) -> dict[str, dict[str, str]]:
    """The service worker's two lists: URL → content hash."""
    script = (site / "sw.js").read_text(encoding="utf-8")
    return {
        tier: json.loads(re.search(rf"const {tier.upper()} = (\{{.*?\}});", script, re.S).group(1))
        for tier in ("light", "python")
    }


def test_service_worker_lists_every_served_file_once_with_its_hash_but_pyscripts_unused_chunks(
    built_site: Path,
) -> None:
    tiers = sw_tiers(built_site)
    names = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()}
    copies = {n for n in names if n.endswith(".br") or (n.endswith(".gz") and n[:-3] in names)}
    for_host = {n for n in names if n.startswith("_")}
    assert {"index.html.br", "pyodide/pyodide.asm.wasm.gz"} <= copies and for_host == {
        "_headers",
        "_nginx.conf",
        "_nginx-brotli.conf",
    }
    light, python = tiers["light"], tiers["python"]
    assert not set(light) & set(python)
    path = {url: url[2:] + ("index.html" if url.endswith("/") else "") for url in {**light, **python}}
    unused = {n for n in names - copies if n.startswith(PYSCRIPT_UNUSED)}  # PyScript's editor, terminal …
    assert {n.split("-")[0] for n in unused} >= {"pyscript/codemirror", "pyscript/xterm", "pyscript/zip"}
    assert set(path.values()) == names - copies - for_host - {"sw.js"} - unused
    for url, digest in {**light, **python}.items():
        assert digest == hashlib.sha256((built_site / path[url]).read_bytes()).hexdigest()[:16], url
    assert {"./", "./rules/bruges/", "./play/", "./search/", "./search/index.json", "./static/site.css"} <= set(light)
    assert {"./static/icon-192.png", "./manifest.webmanifest", "./offline.html", "./static/offline.js"} <= set(light)
    heavy = {
        "./pyodide/pyodide.asm.wasm",
        "./pyodide/python_snapshot.bin.gz",
        "./pyscript/core.js",
        "./py/scoring/core/__init__.py",
        "./py/scoring/games/bruges.py",
    }
    assert heavy | {"./static/worker.py"} <= set(python)
    assert all(
        url.startswith(
            (
                "./pyodide/",
                "./pyscript/",
                "./py/",
                "./static/worker.py",
                "./static/pyodide-start.mjs",
                "./static/initial-memory.mjs",
                "./static/snapshot-format.mjs",
            )
        )
        for url in python
    )


def test_light_tier_weighs_at_most_1_5_mb_over_the_wire(built_site: Path) -> None:
    light = sw_tiers(built_site)["light"]
    wire = wire_bytes(built_site, light)
    raw = sum((built_site / (u[2:] + ("index.html" if u.endswith("/") else ""))).stat().st_size for u in light)
    assert wire <= 1_500_000 and wire < raw / 3, (wire, raw)
    assert f"const PYTHON_BYTES = {wire_bytes(built_site, sw_tiers(built_site)['python'])};" in (
        built_site / "sw.js"
    ).read_text(encoding="utf-8")


def test_a_changed_file_changes_its_hash_and_the_version_only(tmp_path: Path, built_site: Path) -> None:
    again = build.build(tmp_path / "a")
    assert again == re.search(r'const VERSION = "(\w+)"', (built_site / "sw.js").read_text()).group(1)
    before = precache_tiers(tmp_path / "a")
    (tmp_path / "a" / "static" / "site.css").write_text("changed", encoding="utf-8")
    after = precache_tiers(tmp_path / "a")
    changed = {url for tier in after for url in after[tier] if after[tier][url] != before[tier][url]}
    assert changed == {"./static/site.css"}
    assert content_version(tmp_path / "a") != again


def test_worker_config_maps_every_scoring_module(built_site: Path) -> None:
    play = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    config = json.loads(
        re.search(r'<meta name="tc-worker-config" content="([^"]+)"', play)
        .group(1)
        .replace("&#34;", '"')
        .replace("&quot;", '"')
    )
    source = build.ROOT / "scoring"
    scoring = sorted(f"scoring/{p.relative_to(source).as_posix()}" for p in source.rglob("*.py"))
    assert {"scoring/core/ranking.py", "scoring/games/bruges.py"} <= set(scoring)
    browser = [name for name in scoring if name not in ("scoring/__main__.py", "scoring/answers.py")]  # CPython only
    assert sorted(k.removeprefix("../py/") for k in config["files"]) == browser
    for source in config["files"]:
        assert (built_site / "play" / source).resolve().is_file()


def test_segno_is_in_the_archive_only_a_qr_code_fetches(built_site: Path) -> None:
    """segno's modules (drawn QR codes, scoring/share.py) are in pyodide/python_later.zip, as shipped on PyPI, with
    its licence served beside; not among the files every Python start fetches."""
    with zipfile.ZipFile(built_site / "pyodide" / "python_later.zip") as later:
        names = set(later.namelist())
        assert {f"segno/{name}" for name in SEGNO_FILES} <= names
        assert later.read("segno/encoder.py") == (Path(segno.__file__).parent / "encoder.py").read_bytes()
    assert (built_site / "py" / "segno" / "LICENSE.txt").is_file()
    assert not list((built_site / "py").rglob("segno/*.py"))


def test_the_snapshot_leaves_out_only_pages_of_zeros(built_site: Path) -> None:
    """tools/python_start.mjs's format, read as static/pyodide-start.mjs reads it."""
    data = gzip.decompress((built_site / "pyodide" / "python_snapshot.bin.gz").read_bytes())
    assert data[:8] == b"TCSNAP3\n"
    length, page_size, xor_length, count = struct.unpack_from("<4I", data, 8)
    pages = struct.unpack_from(f"<{count}I", data, 24)
    assert 0 < xor_length < length and xor_length % 4 == 0
    assert page_size == 65536 and list(pages) == sorted(set(pages)) and pages[-1] * page_size < length
    sizes = [min(page_size, length - index * page_size) for index in pages]
    body = memoryview(data)[24 + 4 * count :]
    assert len(body) == sum(sizes)
    offset = 0
    for size in sizes:
        assert any(body[offset : offset + size]), "a kept page is all zeros"
        offset += size
    all_pages = -(-length // page_size)
    assert 0 < count < all_pages  # pages were left out, and Python's memory is not empty


RESTORE = """
import { readFileSync } from "node:fs";
import { prepared, restoring, snapshot } from "%(start)s";
import { loadPyodide } from "%(pyodide)s";
const site = process.argv[2];
const packed = new Response(readFileSync(`${site}/pyodide/python_snapshot.bin.gz`));
const { memory, xorLength } = await snapshot(packed);
const unpacked = { memory, xorLength };
const load = () => loadPyodide({ indexURL: `${site}/pyodide/`, _loadSnapshot: memory });
let python;
try {
  python = await (process.argv[3] === "as-stored" ? load() : restoring(Promise.resolve(unpacked), load));
} catch (error) {
  console.log(JSON.stringify(["refused", String(error)]));
  process.exit(0);
}
prepared(python, true);
// A package in PyScript's place (PyScript writes its own to ./pyscript/ and imports it before the worker's code).
python.FS.mkdirTree("/home/pyodide/pyscript");
python.FS.writeFile("/home/pyodide/pyscript/__init__.py", `import builtins
builtins.tc_ran = True
answer = 42
`);
console.log(python.runPython(`
import builtins, gc, json, sys
held = "scoring.api" in sys.modules  # imported in the snapshot: no file of it in this file system
from scoring import api
churn = [bytes(range(256)) * n for n in range(300)]  # 11 MB: the zeroed free memory used, the memory grown
del churn
gc.collect()
import pyscript
lazy = [hasattr(builtins, "tc_ran"), pyscript.answer, hasattr(builtins, "tc_ran")]
from tc_paths import restored
json.dumps([held, api.setup_json("bruges", 3), lazy, restored])
`));
"""


def test_the_snapshot_restores_a_python_that_scores(built_site: Path, tmp_path: Path) -> None:
    """static/pyodide-start.mjs's unpacking (its pages) and `restoring` (the memory the WebAssembly starts with XORed
    back in as it is instantiated) give a memory Pyodide restores, in Node.js: scoring is imported already and
    answers as CPython does; `prepared` leaves PyScript's package to be run when first used."""
    script = tmp_path / "restore.mjs"
    start, pyodide = built_site / "static" / "pyodide-start.mjs", built_site / "pyodide" / "pyodide.mjs"
    script.write_text(RESTORE % {"start": start.as_uri(), "pyodide": pyodide.as_uri()}, encoding="utf-8")
    done = subprocess.run(["node", script, built_site], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    held, setup, lazy, restored = json.loads(done.stdout.strip().splitlines()[-1])
    assert held is True and setup == json.loads(json.dumps(setup_json("bruges", 3)))
    # `prepared`: PyScript's package runs when first used, not when imported; tc_paths says how Python started.
    assert lazy == [False, 42, True] and restored is True


UNPACK_BOTH = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { snapshot } from "%(start)s";
const packed = readFileSync(process.argv[2]);
const inflated = gunzipSync(packed);
const inParts = (bytes, size) => new Response(new ReadableStream({
  start(controller) {
    for (let at = 0; at < bytes.length; at += size) controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
    controller.close();
  },
}));
const digest = async (response) => {
  const { memory, xorLength } = await snapshot(response);
  return [createHash("sha256").update(memory).digest("hex"), memory.length, xorLength];
};
console.log(JSON.stringify([
  await digest(new Response(packed)),
  await digest(new Response(inflated)),
  await digest(inParts(inflated, 4093)),
  await digest(inParts(packed, 4093)),
]));
"""


def test_the_snapshot_unpacks_alike_gzipped_or_inflated(built_site: Path, tmp_path: Path) -> None:
    """The server sends the snapshot gzipped and the offline copy stores it inflated (static/sw.template.js's
    `storable`): `snapshot` gives the same memory from either, whole or in parts of any size."""
    script = tmp_path / "unpack.mjs"
    script.write_text(UNPACK_BOTH % {"start": (built_site / "static" / "pyodide-start.mjs").as_uri()}, encoding="utf-8")
    packed = built_site / "pyodide" / "python_snapshot.bin.gz"
    done = subprocess.run(["node", script, packed], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    results = json.loads(done.stdout.strip().splitlines()[-1])
    assert len({json.dumps(result) for result in results}) == 1, results
    data = gzip.decompress(packed.read_bytes())
    length, page_size, xor_length, count = struct.unpack_from("<4I", data, 8)
    pages = struct.unpack_from(f"<{count}I", data, 24)
    memory, at = bytearray(length), 24 + 4 * count
    for page in pages:  # the format as tools/python_start.mjs writes it
        size = min(page_size, length - page * page_size)
        memory[page * page_size : page * page_size + size] = data[at : at + size]
        at += size
    assert results[0] == [hashlib.sha256(memory).hexdigest(), length, xor_length]


COMPILED_ONCE = """
import { readFileSync, writeFileSync } from "node:fs";
import { prepared, restoring, snapshot } from "%(start)s";
import { loadPyodide } from "%(pyodide)s";
const [site, heldFile, keptFile, variant] = process.argv.slice(2);
const kept = [];
globalThis.caches = { open: async () => ({ put: async (key, response) => kept.push(new Uint8Array(await response.arrayBuffer())) }) };
const unpacked = await snapshot(new Response(readFileSync(`${site}/pyodide/python_snapshot.bin.gz`)));
const load = () => loadPyodide({ indexURL: `${site}/pyodide/`, _loadSnapshot: unpacked.memory });
const python = await restoring(Promise.resolve(unpacked), load);
prepared(python, true, heldFile === "-" ? null : new Uint8Array(readFileSync(heldFile)));
python.runPython("import builtins\\ncompiled = []\\nplain = builtins.compile\\nbuiltins.compile = lambda *a, **k: (compiled.append(1), plain(*a, **k))[1]");
const source = `def total(n):\\n    return sum(range(n))\\n${"# a long source\\n".repeat(200)}total(10)${variant === "changed" ? " + 1" : ""}\\n`;
let result;
try {
  result = python.runPython(variant === "broken" ? `def (\\n${source}` : source);
} catch (error) { // as from Pyodide's own runPython: the syntax error alone, no other exception chained to it
  result = /SyntaxError/.test(error.message) && !/During handling/.test(error.message) ? "SyntaxError" : error.message;
}
const compiles = python.globals.get("compiled").length; // read without compiling anything
await new Promise((resolve) => setTimeout(resolve, 100)); // the kept copy is written without being awaited
if (kept.length) writeFileSync(keptFile, kept.at(-1));
console.log(JSON.stringify([result, compiles, kept.length]));
"""


def run_compiled_once(site: Path, tmp_path: Path, held: Path | None, variant: str = "same") -> list[int | str]:
    """COMPILED_ONCE in Node.js: [what the source returned, how many times Python compiled, copies kept]."""
    script = tmp_path / "compiled.mjs"
    start, pyodide = site / "static" / "pyodide-start.mjs", site / "pyodide" / "pyodide.mjs"
    script.write_text(COMPILED_ONCE % {"start": start.as_uri(), "pyodide": pyodide.as_uri()}, encoding="utf-8")
    command = ["node", script, site, held or "-", tmp_path / "kept.bin", variant]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_long_sources_are_compiled_once_and_kept(built_site: Path, tmp_path: Path) -> None:
    """`prepared`'s runPython keeps the code of a long source (static/pyodide-start.mjs's START_PYTHON): the next start
    that holds it runs it without compiling, with the same result (the last expression's value included); a changed
    source or damaged kept data compiles as before, and a syntax error is raised as Pyodide's own runPython raises it."""
    assert run_compiled_once(built_site, tmp_path, None) == [45, 2, 1]  # parsed to an AST, then compiled from it
    kept = tmp_path / "held.bin"
    shutil.copy(tmp_path / "kept.bin", kept)
    assert run_compiled_once(built_site, tmp_path, kept) == [45, 0, 0]
    assert run_compiled_once(built_site, tmp_path, kept, "changed") == [46, 2, 1]
    kept.write_bytes(b"not marshal data")
    assert run_compiled_once(built_site, tmp_path, kept) == [45, 2, 1]
    assert run_compiled_once(built_site, tmp_path, kept, "broken") == ["SyntaxError", 1, 0]


def test_a_snapshot_not_put_right_is_refused(built_site: Path, tmp_path: Path) -> None:
    """Restored as stored, without `restoring`'s XOR, the snapshot fails Pyodide's own check (its magic number is
    stored inverted), so the worker starts Python afresh rather than running on a wrong memory."""
    script = tmp_path / "restore.mjs"
    start, pyodide = built_site / "static" / "pyodide-start.mjs", built_site / "pyodide" / "pyodide.mjs"
    script.write_text(RESTORE % {"start": start.as_uri(), "pyodide": pyodide.as_uri()}, encoding="utf-8")
    done = subprocess.run(
        ["node", script, built_site, "as-stored"], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == ["refused", "Error: Snapshot has invalid magic number"]


def write_rules(folder: Path, zh: str, en: str) -> None:
    """A game's two rules files in a scratch folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "zh.md").write_text(zh, encoding="utf-8")
    (folder / "en.md").write_text(en, encoding="utf-8")


def test_unpaired_sections_fail_naming_the_file(tmp_path: Path) -> None:
    write_rules(
        tmp_path, "# 标题\n\n## 准备 {#setup}\n\n文\n\n## 结束 {#end}\n\n文\n", "# Title\n\n## Setup {#setup}\n\ntext\n"
    )
    texts = {lang: build.parse_rules(tmp_path / f"{lang}.md") for lang in build.LANGS}
    content = build.GameContent(next(iter(GAMES.values())), texts, ())
    with pytest.raises(build.BuildError, match=r"en\.md: sections do not pair .*unpaired: end"):
        build.check_content([content])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no title\n", "first line must be"),
        ("# T\n\n## Setup\n", "needs an id"),
        ("# T\n\n## A {#a}\n\n## B {#a}\n", "used twice"),
        ("# T\n\nonly an intro\n", "no sections"),
    ],
)
def test_malformed_rules_fail_naming_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "zh.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(build.BuildError, match=message) as caught:
        build.parse_rules(path)
    assert str(path) in str(caught.value)


def test_missing_language_fails_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(build.BuildError, match=r"en\.md: missing"):
        build.parse_rules(tmp_path / "en.md")


def test_markdown_escapes_html_and_marks_repairs() -> None:
    html = str(build.render_markdown("a <script>x</script> {+补+} {?怪?}\n\n> note"))
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert '<ins class="repair">补</ins>' in html
    assert '<mark class="doubt">怪</mark>' in html
    assert '<blockquote class="note">' in html


def test_play_page_shows_each_default_setup_diagram_without_python(built_site: Path) -> None:
    play = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    tables = json.loads((built_site / "static" / "zh-script.json").read_text(encoding="utf-8"))
    for game in GAMES.values():
        section = play[play.index(f'data-game="{game.id}"') :]
        section = section[: section.index("</section>")]
        figure = section[section.index('data-figure="diagram"') : section.index('class="checklist"')]
        pictures = setup_json(game.id, build.default_players(game))["diagram"]
        assert pictures, f"{game.id}: no setup diagram (every game draws one: docs/architecture.md, Adding a game)"
        # The same markup the worker gives, unescaped; its Chinese in both scripts, as the page writes it.
        written = [pictures["en"], *(zh_script.Conversion.of(t).apply(pictures["zh"]) for t in tables.values())]
        for svg in written:
            assert svg in figure, game.id
        assert 'data-figure="chart"></div>' in section  # the chart waits for a result


def test_play_holds_the_link_limits_of_scoring_share(built_site: Path) -> None:
    """received-preview.js reads the limits beyond which Python refuses a link from play/, as the build wrote them."""
    page = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<meta name="tc-link-limits" content="([^"]*)">', page)
    assert found, "play/ has no tc-link-limits"
    assert json.loads(unescape(found.group(1))) == {"chars": MAX_LINK_CHARS, "bytes": MAX_SHEET_BYTES}


def test_the_lock_file_keeps_pyodides_info_and_lists_no_package(built_site: Path) -> None:
    """The site loads no package: the served lock file is Pyodide's without its 357 packages (21.7 KB in brotli)."""
    shipped = json.loads((build.NODE / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    served = json.loads((built_site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert shipped["packages"] and served["packages"] == {}
    assert served["info"] == shipped["info"]


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["out", "extra"]])
def test_build_says_its_usage_and_builds_nothing_for_an_option(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`build.py --help` prints the usage and exits 2; it does not build into a folder called --help."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.argv", ["build.py", *argv])
    assert build.main() == 2
    assert "usage: build.py" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_static_scripts_and_styles_are_minified_and_a_bad_one_fails_the_build(tmp_path: Path) -> None:
    """tools/minify.mjs: comments and spaces go, Chinese stays UTF-8, imports, exports and the syntax stay as written;
    a script esbuild cannot read fails the build, naming it."""
    script = tmp_path / "a.js"
    script.write_text(
        'import { b } from "./b.js";\n// a comment\nexport function shown(name) {\n  const label = "桌游助手";\n'
        "  return name ?? label;\n}\nawait b();\n",
        encoding="utf-8",
    )
    (tmp_path / "a.css").write_text("/* note */\nbody {\n  margin: 0;\n}\n", encoding="utf-8")
    assert minify_static(tmp_path, build.SETTINGS.tools) > 0
    minified = script.read_text(encoding="utf-8")
    assert "comment" not in minified and "\n  " not in minified
    assert '"桌游助手"' in minified and 'from"./b.js"' in minified and "export function shown(" in minified
    assert "??" in minified and "}await " in minified  # top-level await kept, as written
    assert (tmp_path / "a.css").read_text(encoding="utf-8").strip() == "body{margin:0}"
    (tmp_path / "broken.mjs").write_text("export const = 1;\n", encoding="utf-8")
    with pytest.raises(BuildError, match=r"broken\.mjs"):
        minify_static(tmp_path, build.SETTINGS.tools)

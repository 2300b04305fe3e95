"""The first-game walkthroughs (content/<game>/teach.toml, issue 42 point 3): steps made only of existing checklist,
aid and reference lines, checked by the build; one page per game, linked from the home page and the rules page,
in the offline copy, found by search, every step's Next and Back plain links."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import build
from scoring import GAMES
from sitebuild import BuildError, zh_script
from sitebuild.walkthrough import TITLES, load_walkthrough
from tests.test_reference import content_changed, content_of

GAME_IDS = list(GAMES)
NODE = shutil.which("node")
STEPS = [
    ("goal", ["aid:tie#1"]),
    ("setup", ["checklist"]),
    ("round", ["aid:turn#1", "ref:crane"]),
    ("end", ["aid:game_end#1"]),
    ("scoring", ["aid:scoring#1"]),
]
GOOD = "".join(f"\n[[step]]\ntitle = {json.dumps(title)}\nlines = {json.dumps(lines)}\n" for title, lines in STEPS)
"""A small walkthrough, one step a title (the round's third, at line 10)."""


def load(tmp_path: Path, text: str) -> object:
    """Fürstenfeld's aid and reference with this walkthrough."""
    content = content_of("furstenfeld")
    path = tmp_path / "teach.toml"
    path.write_text(text, encoding="utf-8")
    return load_walkthrough(path, content.aid, content.reference)


def test_a_small_walkthrough_reads_in_order(tmp_path: Path) -> None:
    walkthrough = load(tmp_path, GOOD)
    assert [s.title for s in walkthrough.steps] == list(TITLES)  # type: ignore[attr-defined]
    assert walkthrough.steps[2].lines == ("aid:turn#1", "ref:crane")  # type: ignore[attr-defined]
    assert walkthrough.steps[2].line == 10  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('"ref:crane"', '"ref:cranes"'), r"teach\.toml:10: 'ref:cranes' names no entry of the reference"),
        (('"aid:turn#1"', '"aid:turn#99"'), r"teach\.toml:10: 'aid:turn#99' names no line of the player aid"),
        (('"aid:turn#1"', '"aid:turns#1"'), r"teach\.toml:10: 'aid:turns#1' names no line of the player aid"),
        (('"aid:turn#1"', '"Draw three cards"'), r"teach\.toml:10: 'Draw three cards' is no line key"),
        (('"aid:turn#1"', '"checklist"'), r"teach\.toml:10: 'checklist' belongs in the setup step"),
        (('lines = ["checklist"]', 'lines = ["aid:turn#1"]'), r"teach\.toml:6: the setup step shows the checklist"),
        (('title = "round"', 'title = "Round 1"'), r"teach\.toml:10: title is one of goal"),
        (('title = "end"', 'title = "round"'), r"teach\.toml: no step titled end"),
        (('lines = ["aid:game_end#1"]', 'lines = ["aid:game_end#1"]\nzh = "新规则"'), r"teach\.toml:14: a step is"),
    ],
)
def test_a_step_naming_a_missing_line_fails_naming_the_file_and_line(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    assert change[0] in GOOD
    with pytest.raises(BuildError, match=message):
        load(tmp_path, GOOD.replace(change[0], change[1], 1))


def test_the_build_fails_on_a_walkthrough_naming_a_missing_line(tmp_path: Path) -> None:
    content, _ = content_changed(tmp_path, "bruges/teach.toml", '"aid:round_end#2"', '"aid:round_end#9"')
    with pytest.raises(BuildError, match=r"bruges/teach\.toml:\d+: 'aid:round_end#9' names no line"):
        build.load_content(content)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_has_a_walkthrough_whose_page_shows_its_lines_only(built_site: Path, game: str) -> None:
    walkthrough = content_of(game).walkthrough
    assert walkthrough is not None, f"{game}: no content/{game}/teach.toml"
    page = (built_site / "rules" / game / "teach" / "index.html").read_text(encoding="utf-8")
    steps = re.findall(r'<section class="teach-step" id="step-(\d+)" data-title="(\w+)"', page)
    assert steps == [(str(i), s.title) for i, s in enumerate(walkthrough.steps, start=1)]
    keys = [key for step in walkthrough.steps for key in step.lines if key != "checklist"]
    assert re.findall(r'data-key="([^"]+)"', page) == keys
    # Next and Back are links to the neighbouring steps; the last step's Next opens the score sheet.
    for i in range(1, len(steps) + 1):
        body = page.split(f'id="step-{i}"', 1)[1].split("</section>", 1)[0]
        assert ('class="teach-back" href="#step-' + str(i - 1)) in body or i == 1
        assert (f'class="teach-next" href="#step-{i + 1}"' in body) or (i == len(steps) and "play/#" in body)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_setup_step_holds_the_checklist_for_every_player_count(built_site: Path, game: str) -> None:
    page = (built_site / "rules" / game / "teach" / "index.html").read_text(encoding="utf-8")
    counts = re.findall(r'<div class="teach-checklist" data-players="(\d+)">', page)
    spec = GAMES[game]
    assert counts == [str(n) for n in range(spec.min_players, spec.max_players + 1)]
    first = build.setup_json(game, spec.min_players)["steps"][0]["en"]
    assert html.escape(first, quote=False) in page


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_walkthrough_is_reachable_from_the_home_page_and_the_games_page(built_site: Path, game: str) -> None:
    home = (built_site / "index.html").read_text(encoding="utf-8")
    rules = (built_site / "rules" / game / "index.html").read_text(encoding="utf-8")
    assert f'class="teach-link" href="rules/{game}/teach/"' in home
    assert 'class="teach-link" href="teach/"' in rules


def test_the_walkthroughs_are_in_the_offline_copy(built_site: Path) -> None:
    light = build.precache_tiers(built_site)["light"]
    assert {f"./rules/{g}/teach/" for g in GAME_IDS} <= set(light)
    assert {"./static/teach.js", "./static/teach.css"} <= set(light)
    sw = (built_site / "sw.js").read_text(encoding="utf-8")
    assert all(f'"./rules/{g}/teach/"' in sw for g in GAME_IDS)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_docs_table_names_every_section_and_line_of_each_walkthrough(game: str) -> None:
    docs = (build.ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    content = content_of(game)
    table = docs.split(f"### {content.game.name.en}\n", 1)[1].split("\n### ", 1)[0]
    walkthrough = content.walkthrough
    assert walkthrough is not None and content.aid is not None and content.reference is not None
    aid = {part: lines for part, _, lines in content.aid.parts}
    entries = {entry.anchor: entry for entry in content.reference.entries}
    rows = [row for row in table.splitlines() if re.match(r"^\| \d+ ", row)]
    assert len(rows) == len(walkthrough.steps), f"docs/reference.md: {game}'s table has {len(rows)} steps"
    for row, step in zip(rows, walkthrough.steps, strict=True):
        for key in step.lines:
            assert f"`{key}`" in row, f"docs/reference.md: {game}'s step {step.line} lacks {key}"
            if key.startswith("aid:"):
                part, number = key[4:].split("#")
                section = aid[part][int(number) - 1].section
            else:
                section = "setup" if key == "checklist" else entries["ref-" + key[4:]].section
            assert f"(`{section}`)" in row, f"docs/reference.md: {game}'s step {step.line} lacks section {section}"


def found_by(tmp_path: Path, built_site: Path, queries: list[str]) -> dict[str, list[str]]:
    """The sections the site's search (static/search-match.js, in Node) finds on the built index for each query."""
    shutil.copyfile(build.ROOT / "static" / "search-match.js", tmp_path / "search-match.mjs")
    script = tmp_path / "run.mjs"
    script.write_text(
        'import { prepare, search } from "./search-match.mjs";\nimport { readFileSync } from "node:fs";\n'
        f"const idx = prepare(JSON.parse(readFileSync({json.dumps(str(built_site / 'search' / 'index.json'))}, 'utf8')));\n"
        f"const queries = {json.dumps(queries, ensure_ascii=False)};\n"
        "console.log(JSON.stringify(Object.fromEntries(queries.map((q) => [q, search(idx, q).sections.map((s) => s.section.key)]))));\n",
        encoding="utf-8",
    )
    done = subprocess.run([NODE, script], capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
def test_search_finds_each_walkthrough_by_the_games_name_and_by_teach(tmp_path: Path, built_site: Path) -> None:
    names = {}
    for game, spec in GAMES.items():
        script = zh_script.other(spec.source_lang)
        names[game] = [spec.name.en, spec.name.zh, zh_script.convert(spec.name.zh, spec.source_lang, script)]
    found = found_by(tmp_path, built_site, [*(q for qs in names.values() for q in qs), "teach", "教", "教第一局"])
    for game, queries in names.items():
        for query in queries:
            assert f"{game}#teach" in found[query], f"{query!r} finds {found[query]}"  # as many as the page shows
    for query in ("teach", "教", "教第一局"):
        assert {f"{game}#teach" for game in GAME_IDS} <= set(found[query]), f"{query!r} finds {found[query]}"
    # A result links the walkthrough's own page (static/search.js), as it links the aid's and the reference's.
    assert re.search(r'ownPage = \{[^}]*\bteach: "teach/"', (build.ROOT / "static" / "search.js").read_text("utf-8"))

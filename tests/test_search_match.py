"""static/search-match.js (what the offline search finds, and in which order), run in Node on its own: English finds
whole words (a plural with its singular), Chinese finds substrings, a section whose heading holds a query word ranks
above one that only mentions it; and issue 41's two examples on the built index."""

from __future__ import annotations

import json
import shutil
import string
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js")


def searched(tmp_path: Path, index: dict, query: str, game: str = "") -> list[dict]:
    """Each section the query finds, best first: its key, the text of every hit per language, and the characters
    just before and after each hit."""
    shutil.copyfile(ROOT / "static" / "search-match.js", tmp_path / "search-match.mjs")
    (tmp_path / "index.json").write_text(json.dumps(index), encoding="utf-8")
    script = tmp_path / "run.mjs"
    script.write_text(
        'import { prepare, search } from "./search-match.mjs";\nimport { readFileSync } from "node:fs";\n'
        'const idx = prepare(JSON.parse(readFileSync(new URL("./index.json", import.meta.url), "utf8")));\n'
        f"const found = search(idx, {json.dumps(query)}, {json.dumps(game)});\n"
        "console.log(JSON.stringify(found.sections.map(({ section, found }) => ({ key: section.key,"
        " hits: found.map(({ doc, hits }) => hits.map(([a, b]) => doc.folded.slice(a, b))),"
        " edges: found.map(({ doc, hits }) => hits.map(([a, b]) => (doc.folded[a - 1] ?? ' ') + (doc.folded[b] ?? ' '))) }))));\n",
        encoding="utf-8",
    )
    done = subprocess.run([NODE, script], capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


def index_of(*sections: tuple[str, str, str]) -> dict:
    """A small index: (section id, heading, English text) per section of one game; folding: lower case only."""
    docs = [{"game": "g", "section": s, "lang": "en", "title": title, "text": text} for s, title, text in sections]
    lower = [ch for upper in string.ascii_uppercase for ch in (upper, upper.lower())]
    return {
        "fold": lower,
        "games": [{"id": "g", "zh": "游戏", "en": "Game", "lang": "zh-Hans"}],
        "docs": docs,
        "terms": [],
    }


WORDS = index_of(
    ("a", "Hints", "Hint: buildings including a wall, inside the town."),
    ("b", "Cards", "Keep 3 cards in hand; a card in the box."),
    ("c", "Pets", "Each pet scores; pets in a row. One ability, two abilities."),
)


@pytest.mark.parametrize(
    ("query", "sections", "hits"),
    [
        ("in", ["b", "c"], {"in"}),  # never inside Hint, buildings, including, inside
        ("card", ["b"], {"card", "cards"}),
        ("cards", ["b"], {"card", "cards"}),
        ("pets", ["c"], {"pet", "pets"}),
        ("ability", ["c"], {"ability", "abilities"}),
        ("abilities", ["c"], {"ability", "abilities"}),
        ("build", [], set()),  # a word's start is not the word
        ("hint", ["a"], {"hint"}),
    ],
)
def test_english_finds_whole_words_and_plurals(tmp_path: Path, query: str, sections: list[str], hits: set) -> None:
    found = searched(tmp_path, WORDS, query)
    assert [s["key"] for s in found] == [f"g#{s}" for s in sections]
    assert {h for s in found for doc in s["hits"] for h in doc} == hits


def test_a_heading_that_holds_a_word_ranks_above_a_text_that_only_mentions_it(tmp_path: Path) -> None:
    index = index_of(
        ("actions", "The six actions", "Threat cards of a colour; threat, colour, threat, colour, threat, colour."),
        ("threats", "Threat penalties", "A threat of one colour."),
    )
    assert [s["key"] for s in searched(tmp_path, index, "threat colour")] == ["g#threats", "g#actions"]


def test_chinese_finds_substrings(tmp_path: Path) -> None:
    index = {
        **WORDS,
        "docs": [{"game": "g", "section": "w", "lang": "zh-Hans", "title": "工人", "text": "拿一张工人卡。"}],
    }
    assert searched(tmp_path, index, "工人") == [{"key": "g#w", "hits": [["工人"]], "edges": [["张卡"]]}]


def built_index(built_site: Path) -> dict:
    """The search index the build wrote."""
    return json.loads((built_site / "search" / "index.json").read_text(encoding="utf-8"))


def test_disaster_colour_ranks_threat_penalties_above_the_six_actions(tmp_path: Path, built_site: Path) -> None:
    # Issue 41: "灾难 颜色" ranked Bruges' "六个动作" (both words, often) above "灾难惩罚" (its heading).
    keys = [s["key"] for s in searched(tmp_path, built_index(built_site), "灾难 颜色")]
    assert keys.index("bruges#threats") < keys.index("bruges#actions"), keys
    assert keys[0] == "bruges#threats", keys


def test_how_many_cards_in_hand_marks_whole_words_only(tmp_path: Path, built_site: Path) -> None:
    # Issue 41: on Fürstenfeld's page "in" was marked inside Hint, buildings, including.
    found = searched(tmp_path, built_index(built_site), "how many cards in hand", "furstenfeld")
    assert found
    english = {"how", "many", "card", "cards", "in", "hand", "hands"}
    for section in found:
        for doc_hits, doc_edges in zip(section["hits"], section["edges"], strict=True):
            assert set(doc_hits) <= english, (section["key"], set(doc_hits) - english)
            assert not any(ch.isalnum() for edges in doc_edges for ch in edges), (section["key"], doc_edges)

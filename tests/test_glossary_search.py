"""Build-time glossary marks and checks, rule links every game must set, and the search index."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

import build
from scoring import GAMES
from scoring.core import Text
from sitebuild.glossary import TermMarker, check_labels, check_terms_used, english_pattern
from sitebuild.search import fold, folding_for, plain_text

BURGUNDY = GAMES["burgundy-cards"]
TERMS = (
    {"zh": "储藏库", "en": "storage"},
    {"zh": "储藏库卡", "en": "storage card"},
    {"zh": "聲望", "en": "reputation"},
)


# ---------------------------------------------------------------- rule links every game sets


def content_of(game_id: str, game: object | None = None) -> build.GameContent:
    """A game's real content, optionally with a changed game description."""
    real = next(c for c in build.load_content() if c.game.id == game_id)
    return dataclasses.replace(real, game=game) if game else real


def test_every_game_names_the_rules_behind_its_winner_categories_and_tie_breakers() -> None:
    for game in GAMES.values():
        assert game.section, game.id
        assert all(c.field.section for c in game.categories), game.id
        assert all(t.section for t in game.tie_breakers), game.id
    build.check_content(build.load_content())


def test_category_without_rule_fails_naming_the_module() -> None:
    first = BURGUNDY.categories[0]
    stripped = dataclasses.replace(first, field=dataclasses.replace(first.field, section=""))
    game = dataclasses.replace(BURGUNDY, categories=(stripped, *BURGUNDY.categories[1:]))
    with pytest.raises(build.BuildError, match=r"burgundy_cards\.py: category 'estate_sets' names no rules section"):
        build.check_content([content_of(BURGUNDY.id, game)])


def test_tie_breaker_without_rule_or_with_a_missing_one_fails() -> None:
    tie = BURGUNDY.tie_breakers[0]
    game = dataclasses.replace(BURGUNDY, tie_breakers=(dataclasses.replace(tie, section=""),))
    with pytest.raises(build.BuildError, match=r"burgundy_cards\.py: tie-breaker 'storage_cards' names no rules"):
        build.check_content([content_of(BURGUNDY.id, game)])
    game = dataclasses.replace(BURGUNDY, tie_breakers=(dataclasses.replace(tie, section="nowhere"),))
    with pytest.raises(build.BuildError, match=r"zh\.md: scoring for burgundy-cards links to section 'nowhere'"):
        build.check_content([content_of(BURGUNDY.id, game)])


@pytest.mark.parametrize("section", ["intro", "glossary", "term-3"])
def test_ids_the_page_uses_are_reserved(tmp_path: Path, section: str) -> None:
    path = tmp_path / "zh.md"
    path.write_text(f"# T\n\n## A {{#{section}}}\n\ntext\n", encoding="utf-8")
    with pytest.raises(build.BuildError, match="reserved") as caught:
        build.parse_rules(path)
    assert str(path) in str(caught.value)


# ---------------------------------------------------------------- glossary


def test_marker_marks_the_first_use_of_the_longest_term() -> None:
    marker = TermMarker([(t["zh"], t["en"], f"row-{i}") for i, t in enumerate(TERMS)], english=False)
    html = str(marker.mark("<p>把储藏库卡放在储藏库旁；储藏库卡</p>"))
    assert html.count('class="term"') == 2
    assert 'data-gloss="storage card" aria-describedby="row-1">储藏库卡</span>' in html
    assert 'data-gloss="storage" aria-describedby="row-0">储藏库</span>' in html
    assert re.search(r"旁；储藏库卡</p>$", html), "only the first use of a term is marked"


def test_marker_leaves_links_and_headings_alone_and_escapes() -> None:
    marker = TermMarker([("storage", '储"藏库', "r")], english=True)
    html = str(marker.mark('<h3>Storage</h3><p><a href="#x">storage</a> a &lt;b&gt; Storages</p>'))
    assert "<h3>Storage</h3>" in html and '<a href="#x">storage</a>' in html
    assert "a &lt;b&gt; " in html
    assert 'data-gloss="储&#34;藏库" aria-describedby="r">Storages</span>' in html


@pytest.mark.parametrize(
    ("term", "text", "found"),
    [
        ("set of three", "two sets of three", True),
        ("person ability", "Person abilities (laurel)", True),
        ("green track", "Green-track score", True),
        ("card", "cardinal", False),
        ("tie", "untie", False),
    ],
)
def test_english_pattern(term: str, text: str, found: bool) -> None:
    assert bool(re.search(english_pattern(term), text, re.IGNORECASE)) is found


def test_label_must_use_the_glossary_english_in_either_script(tmp_path: Path) -> None:
    folding = folding_for("储藏库卡 声望")
    source, glossary = tmp_path / "game.py", tmp_path / "glossary.toml"
    check_labels([("field 'a'", Text("声望", "Reputation points"))], TERMS, folding, source, glossary)
    with pytest.raises(build.BuildError, match=r"game\.py: field 'b' '储藏库卡片' / 'Cards kept' .*'storage card'"):
        check_labels([("field 'b'", Text("储藏库卡片", "Cards kept"))], TERMS, folding, source, glossary)
    with pytest.raises(build.BuildError, match=r"'reputation'"):  # a Simplified label, a Traditional glossary
        check_labels([("field 'c'", Text("声望", "Fame"))], TERMS, folding, source, glossary)


def test_glossary_terms_must_occur_in_both_texts(tmp_path: Path) -> None:
    path = tmp_path / "glossary.toml"
    check_terms_used(TERMS[:1], "储藏库", "the Storage", path)
    with pytest.raises(build.BuildError, match=r"glossary\.toml: term '储藏库卡' does not occur in zh\.md"):
        check_terms_used(TERMS[1:2], "储藏库", "storage card", path)
    with pytest.raises(build.BuildError, match=r"glossary\.toml: term 'storage card' .* does not occur in en\.md"):
        check_terms_used(TERMS[1:2], "储藏库卡", "storage", path)


def test_built_rules_pages_mark_terms_and_list_the_glossary(built_site: Path) -> None:
    html = (built_site / "rules" / "burgundy-cards" / "index.html").read_text(encoding="utf-8")
    assert 'role="term" tabindex="0" data-gloss="storage" aria-describedby="term-2-en">储藏库</span>' in html
    assert '<section class="glossary" id="glossary"' in html
    assert '<td id="term-2-en" lang="en">storage</td>' in html
    bruges = (built_site / "rules" / "bruges" / "index.html").read_text(encoding="utf-8")
    assert 'data-gloss="聲望軌" aria-describedby="term-16-zh">reputation track</span>' in bruges


# ---------------------------------------------------------------- search index


def test_folding_joins_scripts_case_and_accents() -> None:
    folding = folding_for("声望 工人")
    assert fold("聲望 Fürstenfeld ＷＯＲＫ", folding) == "声望 furstenfeld work"
    assert "軌" not in folding, "a character whose Simplified form is nowhere on the site is left out"
    assert all(len(k) == len(v) == 1 for k, v in folding.items())


def test_plain_text_separates_blocks() -> None:
    assert plain_text("<p>a<b>b</b></p><ul><li>c</li><li>d &amp; e</li></ul>") == "ab c d & e"


def test_index_holds_every_section_in_both_languages_and_every_term(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "index.json").read_text(encoding="utf-8"))
    folding = dict(zip(index["fold"][::2], index["fold"][1::2], strict=True))
    for content in build.load_content():
        for lang, text in content.texts.items():
            docs = {
                d["section"]: d
                for d in index["docs"]
                if d["game"] == content.game.id and (d["lang"] == "en") == (lang == "en")
            }
            assert [s.id for s in text.sections] == [k for k in docs if k not in ("intro", "aid", "reference", "teach")]
            assert "aid" in docs  # the player aid (tests/test_aid.py)
        terms = [t for t in index["terms"] if t["game"] == content.game.id]
        assert [t["zh"] for t in terms] == [t["zh"] for t in content.glossary]
    bruges = " ".join(d["text"] for d in index["docs"] if d["game"] == "bruges" and d["lang"] == "zh-Hant")
    assert "聲望軌" in bruges and "声望轨" in fold(bruges, folding)

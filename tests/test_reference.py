"""The games' references (content/<game>/reference.toml): every entry restates an existing section holding its key
words, the build names bad entries, each game's cards, persons, threats… are covered, and the page is one tap from the
rules page and the aid, in both scripts, offline and searchable."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest

import build
from sitebuild import BuildError
from sitebuild.reference import KINDS, LIMITS, load_reference

ZH_MD = """# 游戏

## 卡片 {#cards}

起重机：建造卡片时 -2 折扣。

## 结束 {#end}

游戏结束。
"""
GOOD = """
[[entry]]
kind = "building"
section = "cards"
keys = ["起重机", "-2"]
name_zh = "起重机"
name_en = "Crane"
effect_zh = "建造卡片时 -2 折扣。"
effect_en = "A discount of 2."

[[entry]]
kind = "card"
section = "end"
keys = ["游戏结束"]
name_zh = "结束卡"
name_en = "End card"
when_zh = "最后"
when_en = "At the end"
effect_zh = "游戏结束。"
effect_en = "The game ends."
"""

FILLED = ("furstenfeld", "bruges", "tuscany", "burgundy-cards", "palais-royal")
"""The games whose reference is written (every game, once each is done)."""
COVERED: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    "furstenfeld": [("building-cards", re.compile(r"^### (.+)$", re.M))],
    "bruges": [
        ("threats", re.compile(r"^\(\d\)(\S+?):", re.M)),
        ("person-cards", re.compile(r"^\(\d\)(\S+?):", re.M)),
        ("majorities", re.compile(r"^\d、(\S+?)。", re.M)),
    ],
    "tuscany": [("hex-types", re.compile(r"^### (\S+?)(?:\(|（)", re.M))],
    "burgundy-cards": [("estate-bonuses", re.compile(r"^\s*- \*\*(.+?)\*\*", re.M))],
    "palais-royal": [("", re.compile(r"^##+ (?:\d\.|\([a-c]\.\))(\S+?)——", re.M))],
}
"""Per game, the source's lists of things that do something (a section, and what names each item in zh.md): each
item's name must be a key word of an entry restating that section ('' for: any section, named in the heading)."""


def write(tmp_path: Path, text: str) -> Path:
    """A reference.toml with this text."""
    path = tmp_path / "reference.toml"
    path.write_text(text, encoding="utf-8")
    return path


def content_of(game: str) -> build.GameContent:
    """A game's content as the build reads it."""
    return next(c for c in build.load_content() if c.game.id == game)


def test_a_small_reference_reads_grouped_by_kind_in_file_order(tmp_path: Path) -> None:
    reference = load_reference(write(tmp_path, GOOD), ZH_MD)
    assert reference is not None
    assert [kind for kind, _, _ in reference.groups] == ["building", "card"]
    crane, end = reference.entries
    assert (crane.section, crane.keys, crane.line, crane.anchor) == ("cards", ("起重机", "-2"), 2, "ref-crane")
    assert crane.texts["name"].en == "Crane" and "when" not in crane.texts and end.texts["when"].zh == "最后"
    assert load_reference(tmp_path / "absent.toml", ZH_MD) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('section = "end"', 'section = "nowhere"'), r"reference\.toml:11: section 'nowhere' is missing"),
        (
            ('keys = ["游戏结束"]', 'keys = ["起重机"]'),
            r"reference\.toml:11: section 'end' of zh\.md does not contain the key word '起重机'",
        ),
        (
            ('keys = ["起重机", "-2"]', 'keys = ["起重机", "-3"]'),
            r"reference\.toml:2: .* does not contain the key word '-3'",
        ),
        (('keys = ["游戏结束"]\n', ""), r"reference\.toml:11: the entry needs keys"),
        (('kind = "card"', 'kind = "meeple"'), r"reference\.toml:11: kind is one of building, card"),
        (('effect_en = "A discount of 2."\n', ""), r"reference\.toml:2: the entry needs effect_en"),
        (('when_en = "At the end"\n', ""), r"reference\.toml:11: the entry needs when_en"),
        (('name_en = "End card"', 'name_en = "Crane"'), r"reference\.toml:11: name_en gives the same id as line 2"),
        (
            ('name_zh = "结束卡"', 'name_zh = "' + "名" * (LIMITS["name"][0] + 1) + '"'),
            r"reference\.toml:11: name_zh is",
        ),
        (('kind = "card"', 'kind = "card"\ncolour = "red"'), r"reference\.toml:11: unknown key 'colour'"),
        (("[[entry]]", "[[entries]]"), r"reference\.toml: unknown table 'entries'"),
    ],
)
def test_a_bad_entry_fails_naming_the_file_and_line(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    assert change[0] in GOOD
    with pytest.raises(BuildError, match=message):
        load_reference(write(tmp_path, GOOD.replace(change[0], change[1], 1)), ZH_MD)


def content_changed(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, str]:
    """A copy of content/ in which one file ('bruges/teach.toml') has old replaced by new; the file's text before."""
    content = tmp_path / "content"
    shutil.copytree(build.CONTENT, content)
    path = content / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return content, text


def test_the_build_fails_on_a_reference_whose_section_lacks_its_key_words(tmp_path: Path) -> None:
    content, text = content_changed(tmp_path, "furstenfeld/reference.toml", '"-2折扣"', '"-3折扣"')
    line = text[: text.index('"-2折扣"')].count("\n")
    first = text[: text.index('"-2折扣"')].rindex("[[entry]]")
    with pytest.raises(BuildError, match=rf"furstenfeld/reference\.toml:{text[:first].count(chr(10)) + 1}: .*'-3折扣'"):
        build.load_content(content)
    assert line > 0


@pytest.mark.parametrize("game", FILLED)
def test_every_item_the_source_lists_has_an_entry(game: str) -> None:
    content = content_of(game)
    assert content.reference is not None, f"{game}: no content/{game}/reference.toml"
    zh_md = content.texts["zh"].path.read_text(encoding="utf-8")
    from sitebuild.reference import section_texts

    sections = section_texts(zh_md)
    for section, pattern in COVERED[game]:
        where = [sections[section]] if section else [zh_md]
        names = [name.strip() for text in where for name in pattern.findall(text)]
        assert names, f"{game}: the pattern finds nothing in {section or 'zh.md'}"
        for name in names:
            entries = [e for e in content.reference.entries if not section or e.section == section]
            assert any(name in key for e in entries for key in e.keys), f"{game}: no entry for {name!r}"


@pytest.mark.parametrize("game", FILLED)
def test_the_reference_page_shows_every_entry_in_both_languages(built_site: Path, game: str) -> None:
    content = content_of(game)
    assert content.reference is not None
    page = (built_site / "rules" / game / "reference" / "index.html").read_text(encoding="utf-8")
    entries = content.reference.entries
    assert page.count('<section class="ref-entry"') == len(entries)
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    for entry in entries:
        assert f'id="{entry.anchor}"' in page
        assert f'href="../#{entry.section}"' in page
        plain = re.sub(r"\{[+?]|[+?]\}", "", entry.texts["name"].en)
        assert plain in text
    for kind, title, _ in content.reference.groups:
        assert f'id="ref-{kind}"' in page and title.en in text and kind in KINDS
    # both scripts: the source's Chinese and OpenCC's other script
    first = re.sub(r"\{[+?]|[+?]\}", "", entries[0].texts["name"].zh)
    assert first in text
    assert 'class="s-hans ref-name-zh"' in page and 'class="s-hant ref-name-zh"' in page


@pytest.mark.parametrize("game", FILLED)
def test_the_reference_is_one_tap_from_the_rules_page_and_the_aid(built_site: Path, game: str) -> None:
    rules = (built_site / "rules" / game / "index.html").read_text(encoding="utf-8")
    aid = (built_site / "rules" / game / "aid" / "index.html").read_text(encoding="utf-8")
    assert 'class="ref-link" href="reference/"' in rules
    assert 'class="ref-link" href="../reference/"' in aid


def test_the_light_offline_tier_holds_every_reference(built_site: Path) -> None:
    light = build.precache_tiers(built_site)["light"]
    assert {f"./rules/{g}/reference/" for g in FILLED} <= set(light)
    assert "./static/aid-reference.css" in light


def test_search_finds_a_reference_entry_by_name_in_both_languages_and_scripts(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "index.json").read_text(encoding="utf-8"))
    docs = [d for d in index["docs"] if d["section"] == "reference" and d["game"] == "furstenfeld"]
    english = next(d for d in docs if d["lang"] == "en")
    chinese = next(d for d in docs if d["lang"] != "en")
    assert "Crane" in english["text"]
    assert "起重機" in chinese["text"] and "起重机" in chinese["other_text"]


def test_the_coverage_table_in_docs_names_every_entry() -> None:
    table = (build.ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    for game in FILLED:
        reference = content_of(game).reference
        assert reference is not None
        for entry in reference.entries:
            name = re.sub(r"\{[+?]|[+?]\}", "", entry.texts["name"].en)
            assert name in table, f"docs/reference.md does not name {game}'s {name!r}"

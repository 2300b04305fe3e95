"""Every item of the source's ability and component lists has a reference entry (issue 42, point 1).

The items are read from the rules sections as the build parses them (content.texts["zh"].sections): a list section's
sub-headings, list items and "(1)…:" paragraphs. An item is covered when an entry's key word or Chinese name holds its
name or sits in it. What a component list holds that does nothing (a board, coins, the rule book) is named below, so
an item the test cannot match fails it rather than pass unseen; and removing any entry that is an item's only cover
makes the check report that item.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

import build
from sitebuild.reference import Entry

LISTS: dict[str, tuple[str, ...]] = {
    "furstenfeld": ("building-cards", "components"),
    "bruges": ("person-cards", "threats", "components"),
    "tuscany": ("hex-types",),
    "burgundy-cards": ("estate-bonuses",),
    "palais-royal": ("other-actions",),
}
"""Per game, the sections whose items are things that do something (an ability list) or the game's pieces (a
component list). Palais Royal's other rooms are sections of their own, found by their title (ROOM)."""
ROOM = re.compile(r"^\d\..+——")
"""A Palais Royal room's section title: '1.阅兵场——行动:补充'."""
NOTHING_TO_DO: dict[str, set[str]] = {
    "furstenfeld": {
        "建築卡片",
        "功能簡介卡",
        "遊戲板",
        "玩家順序區",
        "放置宮殿價錢卡的空格",
        "放置貨物以集金幣的空格",
        "貨物標誌",
    }
    | {"Furstenfeld", "硬幣", "宮殿價格標示物", "玩家順序標示物", "規則書"},
    "bruges": {"擴充道具", "遊戲圖版", "玩家棋子", "玩家徽章", "提示卡", "工人指示物", "運河指示物"}
    | {
        "50/100分數指示物",
        "金錢",
        "骰子",
        "起始玩家指示物",
        "卡架",
        "一本中文說明書",
        "名稱與技能",
        "分類",
        "價格",
        "分數",
    }
    | {"一張中文的寵物說明書"},
}
"""Items no entry covers, on purpose: pieces the source gives no ability (they are the setup's and the aid's), and
the parts of a person card that its entry describes together; Fürstenfeld's 140 building cards, whose kinds are the
items of its section building-cards."""


def item_name(text: str) -> str:
    """An item's name: its text up to the first colon, bracket, full stop or dash, without a leading count."""
    plain = re.sub(r"<[^>]+>|\{[+?]|[+?]\}", "", text).strip()
    plain = re.sub(r"^\([a-z]\.\)", "", plain)  # Palais Royal's "(a.)铸币房"
    name = re.split(r"[:：︰(（。,，、—]|\s{2,}", plain, maxsplit=1)[0].strip()
    name = re.sub(r"^(?:[a-z]\.\s*|\d+(?![\d/])\s*(?:張|個|枚|塊|名玩家各有1張)?)+", "", name).strip().strip('"“”')
    return name


def items(html: str) -> list[str]:
    """The names a parsed section lists: its sub-headings, its list items, its '(1)…:' paragraphs."""
    found = re.findall(r"<h3[^>]*>(.*?)</h3>", html) + re.findall(
        r"<li>(?:\s*<p>)?(.*?)(?:</p>|<ul>|</li>)", html, re.S
    )
    found += re.findall(r"<p>\(\d\)(.*?)[:：]", html)
    return [name for name in map(item_name, found) if name]


def covers(entry: Entry, name: str) -> bool:
    """Whether an entry names this item: a key word or its Chinese name holds it, or sits in it."""
    words = [*entry.keys, re.sub(r"\{[+?]|[+?]\}", "", entry.texts["name"].zh)]
    return any(name in word or (len(word) > 1 and word in name) for word in words)


@cache
def content_of(game: str) -> build.GameContent:
    """A game's content as the build reads it (read once)."""
    return next(c for c in build.load_content() if c.game.id == game)


@cache
def listed(game: str) -> list[tuple[str, str]]:
    """Every item of the game's ability and component lists, with its section (a room: the section itself)."""
    content = content_of(game)
    found = [(s.id, name) for s in content.texts["zh"].sections if s.id in LISTS[game] for name in items(s.html)]
    rooms = [(s.id, re.sub(r"<[^>]+>", "", s.title)) for s in content.texts["zh"].sections]
    return found + [(sid, title.split("——")[0][2:]) for sid, title in rooms if ROOM.match(title)]


def covering(entries: tuple[Entry, ...], section: str, name: str) -> list[Entry]:
    """The entries that cover an item (a component: any entry; an ability: one restating its section)."""
    return [e for e in entries if (section == "components" or e.section == section) and covers(e, name)]


def to_cover(game: str) -> list[tuple[str, str]]:
    """The listed items an entry must cover: every one but the pieces that do nothing."""
    return [item for item in listed(game) if item[1] not in NOTHING_TO_DO.get(game, set())]


def gaps(game: str, entries: tuple[Entry, ...]) -> list[tuple[str, str]]:
    """The items no entry covers."""
    return [item for item in to_cover(game) if not covering(entries, *item)]


def reference_of(game: str) -> tuple[Entry, ...]:
    """The game's reference entries as the build reads them."""
    reference = content_of(game).reference
    assert reference is not None
    return reference.entries


@pytest.mark.parametrize("game", list(LISTS))
def test_every_listed_item_has_an_entry(game: str) -> None:
    assert len(to_cover(game)) >= 3, f"{game}: the lists read as {listed(game)}"
    assert gaps(game, reference_of(game)) == []


@pytest.mark.parametrize("game", list(LISTS))
def test_the_pieces_left_out_are_still_listed(game: str) -> None:
    names = {name for _, name in listed(game)}
    assert NOTHING_TO_DO.get(game, set()) <= names


@pytest.mark.parametrize("game", list(LISTS))
def test_removing_an_entry_reports_the_items_only_it_covered(game: str) -> None:
    entries, reported = reference_of(game), 0
    for entry in entries:
        only = [item for item in to_cover(game) if covering(entries, *item) == [entry]]
        assert gaps(game, tuple(e for e in entries if e is not entry)) == only, entry.anchor
        reported += bool(only)
    assert reported >= 3

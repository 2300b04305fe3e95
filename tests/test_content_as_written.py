"""Issue 19's corrections to content/: typos marked with their likely reading, notes in both languages, English
slips, structure that follows the source's numbering."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CONTENT = Path(__file__).resolve().parents[1] / "content"


def text(game: str, lang: str) -> str:
    """One content file."""
    return (CONTENT / game / f"{lang}.md").read_text(encoding="utf-8")


def notes(game: str, lang: str) -> list[str]:
    """The editor's notes of a file, each as one line."""
    return [" ".join(line.removeprefix(">").strip() for line in block) for block in _blocks(text(game, lang))]


def _blocks(source: str) -> list[list[str]]:
    """Runs of lines starting with '>'."""
    blocks: list[list[str]] = []
    for line in source.splitlines():
        if line.startswith(">"):
            if blocks and blocks[-1][-1] is not None:
                blocks[-1].append(line)
            else:
                blocks.append([line])
        elif blocks and blocks[-1][-1] is not None:
            blocks[-1].append(None)  # type: ignore[arg-type]
    return [[line for line in block if line is not None] for block in blocks]


TYPOS = [
    ("tuscany", "从牌库玩家抽五张", "从牌库抽五张"),
    ("tuscany", "他其的回合", "他的回合"),
    ("tuscany", "旦没有空间可以存放", "但没有空间"),
    ("furstenfeld", "放近牌庫裡", "放進牌庫裡"),
    ("furstenfeld", "玩家的的數量", "玩家的數量"),
    ("furstenfeld", "玩家在必須選擇", "玩家必須選擇"),
    ("furstenfeld", "被直接在印", "被直接印在"),
]


@pytest.mark.parametrize(("game", "typo", "reading"), TYPOS, ids=[t[1] for t in TYPOS])
def test_a_source_typo_is_marked_unclear_with_its_likely_reading_in_both_languages(
    game: str, typo: str, reading: str
) -> None:
    zh = text(game, "zh")
    assert f"{{?{typo}?}}" in zh and zh.count(typo) == zh.count(f"{{?{typo}?}}") + 1  # marked, and named in a note
    short = typo.removesuffix("可以存放")
    assert any(short in n and reading in n for n in notes(game, "zh"))
    assert any(short in n and reading in n and "likely reading" in n for n in notes(game, "en"))


FURSTENFELD_NOTES = [  # (English, Chinese): each note of the English text has its Chinese
    ("move from the left to the right income track only for", "只說明了第一輪"),
    ('empty "+" space is a demand space', '空出的"+"號是需求卡上'),
    ("3-card draw of basic setup step 1", "抽3張牌"),
    ('"3 or 5" means Bank I', "「3或者5」是指銀行I"),
    ("each town hall allows", "每個市政廳可多保留1張卡片"),
]


@pytest.mark.parametrize(("en", "zh"), FURSTENFELD_NOTES)
def test_every_furstenfeld_note_is_in_both_languages(en: str, zh: str) -> None:
    assert any(en in n for n in notes("furstenfeld", "en"))
    assert any(zh in n for n in notes("furstenfeld", "zh"))


def test_furstenfeld_notes_pair_up_and_guess_at_no_illustration() -> None:
    assert len(notes("furstenfeld", "zh")) == len(notes("furstenfeld", "en"))
    assert not any("illustration" in n for n in notes("furstenfeld", "en"))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_last_page_the_source_points_to_is_linked_to_the_cards_section(lang: str) -> None:
    source = text("furstenfeld", lang)
    assert source.count("](#building-cards)") == 2  # setup step 1 and phase 4 both point to "the last page"
    assert "{#building-cards}" in source


@pytest.mark.parametrize(
    ("game", "wrong", "right"),
    [
        ("tuscany", "the tall one", "the thick one"),  # 厚的那个
        ("tuscany", "without letting the other players see", "without letting the players see"),  # 不要让玩家看到
        ("bruges", "the 3 threat tokens are discarded", "the player may discard the 3 threat tokens"),  # 就可以將…棄掉
        ("palais-royal", "(park)", "courtyard edge"),
        ("burgundy-cards", "{+ (source typo", "the Chinese text repairs two typos"),
    ],
)
def test_english_slips_are_mended(game: str, wrong: str, right: str) -> None:
    en = text(game, "en")
    assert wrong not in en and right in en


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_bruges_resolution_phase_links_the_majorities_section(lang: str) -> None:
    source = text("bruges", lang)
    phase = source.split("4", 1)[1] if lang == "en" else source
    assert "](#majorities)" in phase


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_palais_royal_actions_one_to_six_are_headings_of_one_level(lang: str) -> None:
    headings = re.findall(r"^(#+) ([1-6])\.", text("palais-royal", lang), flags=re.M)
    assert [(level, number) for level, number in headings] == [("##", str(n)) for n in range(1, 7)]
    assert not re.search(r"^#+ \{\+(大门|Gate)\+\}", text("palais-royal", lang), flags=re.M)

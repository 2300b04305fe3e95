"""Issue 42's corrections to the player aids: no line misleads, repairs stay marked, the site's readings are marked as
readings (and shown on the aid), and no editorial claim reads as the source's rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import build
from scoring import GAMES
from sitebuild.aid import AidLine

REPAIR = re.compile(r"(\S)\{\+(.+?)\+\}(\S)")
"""A repair inside a phrase, with the character either side: "5{+或+}6"."""
EDITORIAL = re.compile(r"原文沒有|原文没有|源文本|The source|the source")
"""Words by which a line speaks about the source rather than restating it."""


def aid_lines(game: str) -> list[tuple[str, AidLine]]:
    """Every line of a game's aid with its part, in page order."""
    content = next(c for c in build.load_content() if c.game.id == game)
    assert content.aid is not None
    return [(part, line) for part, _, lines in content.aid.parts for line in lines]


def in_part(game: str, part: str, section: str) -> list[AidLine]:
    """A part's lines that restate one section."""
    return [line for name, line in aid_lines(game) if name == part and line.section == section]


def test_tuscany_states_the_refill_of_five_same_coloured_tiles() -> None:
    # The source gives the procedure; only the trigger's wording and what becomes of removed tiles are unclear.
    stated = [line for line in in_part("tuscany", "action", "take-a-tile") if not line.note]
    procedure = [line for line in stated if all(word in line.zh for word in ("5", "中立", "直到"))]
    assert procedure, "no line restates the refill procedure"
    assert all("neutral" in line.en for line in procedure)


def test_bruges_person_activation_keeps_the_four_costs() -> None:
    # "each person once a round" drops the same section's exceptions (arrow: once ever; infinity: unlimited).
    lines = [line for line in in_part("bruges", "turn", "person-cards") if not line.note]
    zh, en = " ".join(line.zh for line in lines), " ".join(line.en for line in lines)
    for word in ("箭頭", "工人", "無限", "桂冠", "不限次數"):
        assert word in zh, word
    for word in ("Arrow", "Worker", "Infinity", "Laurel", "any number of times"):
        assert word in en, word


@pytest.mark.parametrize("game", list(GAMES))
def test_a_line_carrying_a_repaired_phrase_keeps_its_repair_mark(game: str) -> None:
    folder = build.CONTENT / game
    for lang in ("zh", "en"):
        text = (folder / f"{lang}.md").read_text(encoding="utf-8")
        plain = {m[1] + m[2] + m[3] for m in REPAIR.finditer(text)}
        for part, line in aid_lines(game):
            found = [phrase for phrase in plain if phrase in getattr(line, lang)]
            assert not found, f"{game} aid.toml:{line.line} ({part}, {lang}) drops the repair mark of {found}"


@pytest.mark.parametrize("game", list(GAMES))
def test_a_line_about_the_source_or_the_site_is_a_note_or_a_reading(game: str) -> None:
    for part, line in aid_lines(game):
        if EDITORIAL.search(line.zh + line.en):
            assert line.note or line.reading, f"{game} aid.toml:{line.line} ({part}) speaks for the editors unflagged"
        if "本站" in line.zh:
            assert line.reading, f"{game} aid.toml:{line.line} ({part}) gives the site's choice, not marked a reading"


def test_furstenfelds_turn_order_tie_label_is_a_reading() -> None:
    # The source says "先建造好的" (the one who completed first); turn order is the site's reading of it.
    labelled = [line for _, line in aid_lines("furstenfeld") if line.field and line.field.key == "turn_position"]
    assert labelled and all(line.reading for line in labelled)
    assert any("先建造好的" in line.zh and not line.reading for line in in_part("furstenfeld", "tie", "game-end"))


def test_bruges_shared_place_is_the_sites_reading() -> None:
    shared = [line for line in in_part("bruges", "tie", "final-scoring") if "共享" in line.zh]
    assert shared and all(line.reading for line in shared)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("bruges", ("每條運河", "2–7")),  # third canal section once per canal; statues 2–7
        ("palais-royal", ("不占名次", "枢机主教")),  # no servant on an edge, no place; the Cardinal leaves edges alone
    ],
)
def test_the_modules_readings_are_on_the_aid(game: str, words: tuple[str, ...]) -> None:
    readings = " ".join(line.zh for _, line in aid_lines(game) if line.reading)
    for word in words:
        assert word in readings, word


@pytest.mark.parametrize("game", list(GAMES))
def test_the_aid_page_marks_each_reading(built_site: Path, game: str) -> None:
    page = (built_site / "rules" / game / "aid" / "index.html").read_text(encoding="utf-8")
    readings = [line for _, line in aid_lines(game) if line.reading]
    assert page.count('class="aid-reading-mark"') == len(readings)
    assert page.count("aid-line aid-reading") == len(readings)


def test_a_line_is_a_note_or_a_reading_not_both(tmp_path: Path) -> None:
    from sitebuild import BuildError
    from sitebuild.aid import load_aid
    from tests.test_aid import game_with_one_category, good_text, write

    text = good_text().replace("note = true", "note = true\nreading = true", 1)
    with pytest.raises(BuildError, match=r"aid\.toml:17: a line is a note or a reading, not both"):
        load_aid(write(tmp_path, text), game_with_one_category(), {"play", "actions"})
    with pytest.raises(BuildError, match=r"aid\.toml:17: reading is true or false"):
        load_aid(
            write(tmp_path, text.replace("reading = true", "reading = 1")),
            game_with_one_category(),
            {"play", "actions"},
        )


@pytest.mark.parametrize(
    ("game", "section", "zh", "en"),
    [
        ("palais-royal", "parade-ground", "比其他人都多", "more than everyone else"),  # a majority is strictly more
        ("palais-royal", "stairway", "未使用的作废", "unused moves are lost"),
        ("palais-royal", "cardinal", "也获得最多数奖励", "majority bonus"),  # the Cardinal's tie win carries the bonus
        ("furstenfeld", "phases", "每次建造數量等同玩家數量", "each time"),  # 8 → 18, not once
        ("bruges", "game-flow", "可以棄掉這3個", "may be discarded"),  # the source says may
    ],
)
def test_a_qualifier_a_player_would_misplay_without_is_kept(game: str, section: str, zh: str, en: str) -> None:
    lines = [line for _, line in aid_lines(game) if line.section == section and not (line.note or line.reading)]
    assert any(zh in line.zh and en in line.en for line in lines), (game, section, zh)

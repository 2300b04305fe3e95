"""The player aids (content/<game>/aid.toml): every line restates an existing section; the build names bad lines."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import build
from scoring import GAMES
from sitebuild import BuildError
from sitebuild.aid import MAX_EN, MAX_ZH, PARTS, load_aid

GOOD = """
[[turn]]
section = "play"
zh = "回合"
en = "A turn"

[[action]]
section = "actions"
zh = "行动"
en = "An action"

[[round_end]]
section = "play"
zh = "一轮"
en = "A round"

[[game_end]]
section = "play"
zh = "结束"
en = "The end"
note = true

[[scoring]]
section = "play"
field = "{field}"
zh = "分数"
en = "Points"

[[tie]]
section = "play"
zh = "平手"
en = "Ties"
"""
"""A small aid for a one-category game: the sections 'play' and 'actions' exist."""


def game_with_one_category():
    """Burgundy's game with its first category only (so one scoring line covers every category)."""
    from dataclasses import replace

    game = GAMES["burgundy-cards"]
    return replace(game, categories=game.categories[:1])


def write(tmp_path: Path, text: str) -> Path:
    """An aid.toml with this text."""
    path = tmp_path / "aid.toml"
    path.write_text(text, encoding="utf-8")
    return path


def good_text() -> str:
    """The small aid, naming the game's one category."""
    return GOOD.replace("{field}", game_with_one_category().categories[0].field.key)


def test_a_small_aid_reads_with_its_lines_and_line_numbers(tmp_path: Path) -> None:
    aid = load_aid(write(tmp_path, good_text()), game_with_one_category(), {"play", "actions"})
    assert [key for key, _, _ in aid.parts] == [key for key, _ in PARTS]
    turn = aid.parts[0][2][0]
    assert (turn.section, turn.zh, turn.en, turn.line) == ("play", "回合", "A turn", 2)
    assert aid.parts[3][2][0].note is True
    assert aid.parts[4][2][0].field is not None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('section = "actions"', 'section = "no-such-section"'), r"aid\.toml:7: section 'no-such-section' is missing"),
        (
            ('field = "estate_sets"', 'field = "no_such_field"'),
            r"aid\.toml:23: the score sheet has no field 'no_such_field'",
        ),
        (('field = "estate_sets"\n', ""), r"no \[\[scoring\]\] line names the category 'estate_sets'"),
        (('[[tie]]\nsection = "play"\nzh = "平手"\nen = "Ties"\n', ""), r"no \[\[tie\]\] line"),
        (('zh = "行动"', 'zh = "' + "行" * (MAX_ZH + 1) + '"'), rf"aid\.toml:7: zh is {MAX_ZH + 1} characters"),
        (('en = "A turn"', 'en = "' + "a" * (MAX_EN + 1) + '"'), rf"aid\.toml:2: en is {MAX_EN + 1} characters"),
        (('en = "Ties"', 'en = ""'), r"aid\.toml:\d+: the line needs en"),
        (("note = true", 'note = "yes"'), r"aid\.toml:17: note is true or false"),
        (("note = true", 'colour = "red"'), r"aid\.toml:17: unknown key 'colour'"),
        (("[[turn]]", "[[turns]]"), r"unknown part 'turns'"),
        (('zh = "回合"', 'zh = "回合'), r"aid\.toml: "),
    ],
)
def test_a_bad_line_fails_naming_the_file_and_line(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    text = good_text()
    assert change[0] in text
    with pytest.raises(BuildError, match=message):
        load_aid(write(tmp_path, text.replace(change[0], change[1], 1)), game_with_one_category(), {"play", "actions"})


def test_a_line_written_as_an_inline_table_is_refused(tmp_path: Path) -> None:
    text = 'tie = [{section = "play", zh = "平手", en = "Ties"}]\n' + good_text().replace(
        '[[tie]]\nsection = "play"\nzh = "平手"\nen = "Ties"\n', ""
    )
    with pytest.raises(BuildError, match=r"write each tie line as its own \[\[tie\]\] table"):
        load_aid(write(tmp_path, text), game_with_one_category(), {"play", "actions"})


def test_a_missing_aid_fails(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match=r"aid\.toml: missing"):
        load_aid(tmp_path / "aid.toml", game_with_one_category(), {"play"})


@pytest.mark.parametrize("game", list(GAMES))
def test_every_line_of_every_aid_names_a_section_of_both_texts(game: str) -> None:
    content = next(c for c in build.load_content() if c.game.id == game)
    ids = {lang: {s.id for s in content.texts[lang].sections} for lang in build.LANGS}
    assert content.aid is not None
    lines = [line for _, _, part in content.aid.parts for line in part]
    assert len(lines) >= len(content.aid.parts), f"{game}: a part of the aid without a line (content/FORMAT.md)"
    for line in lines:
        assert line.section in ids["zh"] and line.section in ids["en"], (game, line.line)
    named = {line.field.key for line in lines if line.field}
    assert {c.field.key for c in content.game.categories} <= named


def test_the_build_fails_on_an_aid_naming_a_missing_section(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    content = tmp_path / "content"
    shutil.copytree(build.CONTENT, content)
    aid = content / "tuscany" / "aid.toml"
    text = aid.read_text(encoding="utf-8")
    first = text.index('section = "gameplay"')
    aid.write_text(text[:first] + 'section = "no-such-section"' + text[first + 20 :], encoding="utf-8")
    line = text[:first].count("\n") + 1
    with pytest.raises(BuildError, match=rf"tuscany/aid\.toml:{line - 1}: section 'no-such-section' is missing"):
        build.load_content(content)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_aid_page_shows_every_line_and_every_category_label(built_site: Path, game: str) -> None:
    page = (built_site / "rules" / game / "aid" / "index.html").read_text(encoding="utf-8")
    content = next(c for c in build.load_content() if c.game.id == game)
    assert content.aid is not None
    lines = [line for _, _, part in content.aid.parts for line in part]
    assert page.count('<li class="aid-line') == len(lines)
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    for category in content.game.categories:
        assert category.field.label.en in text
        assert category.field.label.zh in text
    for section in {line.section for line in lines}:
        assert f'href="../#{section}"' in page
    rules = (built_site / "rules" / game / "index.html").read_text(encoding="utf-8")
    assert 'href="aid/"' in rules
    play = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    assert f'href="../rules/{game}/aid/"' in play


def test_search_finds_an_aid_line(built_site: Path) -> None:
    import json

    index = json.loads((built_site / "search" / "index.json").read_text(encoding="utf-8"))
    docs = [d for d in index["docs"] if d["section"] == "aid"]
    assert {(d["game"], d["lang"]) for d in docs} == {
        (g.id, lang) for g in GAMES.values() for lang in ("en", g.source_lang)
    }
    burgundy = next(d for d in docs if d["game"] == "burgundy-cards" and d["lang"] == "en")
    assert "1 and 6 wrap round" in burgundy["text"]
    assert "Estate: sets of three: " in burgundy["text"]


def test_the_light_offline_tier_holds_every_aid(built_site: Path) -> None:
    light = build.precache_tiers(built_site)["light"]
    assert {f"./rules/{g}/aid/" for g in GAMES} <= set(light)


START = '[start_player]\nsection = "play"\nkind = "pick"\nzh = "选一名起始玩家"\nen = "Choose a start player"\n\n'


def test_the_start_player_table_reads(tmp_path: Path) -> None:
    aid = load_aid(write(tmp_path, START + good_text()), game_with_one_category(), {"play", "actions"})
    assert aid.start is not None and (aid.start.section, aid.start.kind) == ("play", "pick")
    assert load_aid(write(tmp_path, good_text()), game_with_one_category(), {"play", "actions"}).start is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('section = "play"', 'section = "nowhere"'), r"\[start_player\]: section 'nowhere' is missing"),
        (('kind = "pick"', 'kind = "dice"'), r"\[start_player\]: kind is one of pick, order"),
        (('kind = "pick"\n', ""), r"\[start_player\] needs exactly section, kind, zh and en"),
    ],
)
def test_a_bad_start_player_table_fails(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    text = START.replace(*change, 1) + good_text()
    with pytest.raises(BuildError, match=message):
        load_aid(write(tmp_path, text), game_with_one_category(), {"play", "actions"})


def test_every_game_says_how_its_start_player_is_chosen() -> None:
    kinds = {c.game.id: c.aid.start.kind for c in build.load_content() if c.aid and c.aid.start}
    # Fürstenfeld's setup shuffles the turn order markers (the one on top starts): an order, not one name.
    assert kinds == {g: "order" if g == "furstenfeld" else "pick" for g in GAMES}

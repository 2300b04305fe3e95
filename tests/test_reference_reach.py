"""The reference one tap from play/ (issue 42, point 1): a score field's help, a table field's label and a helper link
the entries that reference.toml ties to them ("what does the Palace card do?"); a tie to a field or helper the game
lacks fails the build. (play/'s game heading does not link the page: a fourth link there wrapped Tuscany's heading at
390 px and moved its first score field 28 px down, bench/sheet_taps.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import build
from scoring import GAMES
from sitebuild import BuildError
from sitebuild.reference import load_reference

GAME_IDS = list(GAMES)


def game_section(built_site: Path, game: str) -> str:
    """play/'s section of one game."""
    page = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    start = page.index(f'<section class="game" id="game-{game}"')
    return page[start : page.index('<section class="game"', start + 1) if game != GAME_IDS[-1] else len(page)]


def reference_of(game: str) -> build.GameContent:
    """A game's content as the build reads it."""
    return next(c for c in build.load_content() if c.game.id == game)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_fields_help_and_a_helper_link_their_entries(built_site: Path, game: str) -> None:
    content = reference_of(game)
    assert content.reference is not None
    section, linked = game_section(built_site, game), 0
    reference_page = (built_site / "rules" / game / "reference" / "index.html").read_text(encoding="utf-8")
    for entry in content.reference.entries:
        href = f'href="../rules/{game}/reference/#{entry.anchor}"'
        for key in entry.fields:
            helps = re.findall(rf'data-help="{key}".*?<span class="help-text" hidden>(.*?)</span>\n', section, re.S)
            helps += re.findall(rf'data-row="{key}"[^>]*>\s*<p class="table-label">(.*?)</p>', section, re.S)
            assert helps and all(href in help for help in helps), f"{game}: {key}'s help does not link {entry.anchor}"
        for helper in entry.helpers:
            form = re.search(rf'<form class="tool helper" data-tool="{helper}".*?</form>', section, re.S)
            assert form and href in form[0].split("<table", 1)[0], f"{game}: helper {helper} lacks {entry.anchor}"
        if entry.fields or entry.helpers:
            linked += 1
            assert f'id="{entry.anchor}"' in reference_page
    assert linked >= 3, f"{game}: only {linked} entries are tied to a field or helper"


def test_an_entry_tied_to_a_field_or_helper_the_game_lacks_fails_the_build(tmp_path: Path) -> None:
    game = GAMES["furstenfeld"]
    path = tmp_path / "reference.toml"
    text = (build.CONTENT / "furstenfeld" / "reference.toml").read_text(encoding="utf-8")
    zh_md = (build.CONTENT / "furstenfeld" / "zh.md").read_text(encoding="utf-8")
    for old, new, message in (
        ('fields = ["palaces"]', 'fields = ["palace"]', r"fields names 'palace', which the game lacks"),
        ('helpers = ["brewery-prices"]', 'helpers = ["brewery"]', r"helpers names 'brewery', which the game lacks"),
        ('fields = ["palaces"]', "fields = [1]", r"fields = \[\"...\", ...\] names"),
    ):
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
        line = text[: text.index(old)].rindex("[[entry]]")
        with pytest.raises(BuildError, match=rf"reference\.toml:{text[:line].count(chr(10)) + 1}: {message}"):
            load_reference(path, zh_md, game)

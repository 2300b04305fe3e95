"""play/ as built holds no game's section in its live document (issue 44): each waits as the text of its own data
block (`<script type="text/html">`), which static/game-sections.js, run once before the blocks and before play.js,
parses and puts in place when the game is needed."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scoring import GAMES
from sitebuild import BuildError
from sitebuild.game_blocks import check_game_blocks, game_blocks


class Nesting(HTMLParser):
    """Each game section's innermost enclosing <template> (its data-game); the scripts in the order met; the preload
    links (href, kind) and the files the page's own tags load (href, kind)."""

    def __init__(self) -> None:
        super().__init__()
        self.open_templates: list[str | None] = []
        self.sections: dict[str, str | None] = {}
        self.scripts: list[str] = []
        self.preloads: list[tuple[str, str]] = []
        self.loads: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        rel = named.get("rel", "")
        if tag == "template":
            self.open_templates.append(named.get("data-game"))
        elif tag == "section" and "game" in named.get("class", "").split():
            self.sections[named["data-game"]] = self.open_templates[-1] if self.open_templates else None
        elif tag == "script" and named.get("src"):
            self.scripts.append(named["src"])
            self.loads.append((named["src"], "module" if named.get("type") == "module" else "script"))
        elif tag == "link" and rel in ("preload", "modulepreload"):
            self.preloads.append((named["href"], "module" if rel == "modulepreload" else named.get("as", "")))
        elif tag == "link" and rel == "stylesheet":
            self.loads.append((named["href"], "style"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "template":
            self.open_templates.pop()


def test_every_game_waits_as_the_text_of_its_own_data_block(built_site: Path) -> None:
    """No game's section in the live document (a parser reads a data block's text as text); each game's section,
    and only its own, in the block named after it; the placing script once, before the first block (it watches
    the parser reach each), and before play.js."""
    html = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    page = Nesting()
    page.feed(html)
    assert page.sections == {}
    blocks = game_blocks(html)
    assert list(blocks) == list(GAMES)
    for game, markup in blocks.items():
        assert re.findall(r'<section class="game" id="[^"]*" data-game="([^"]+)"', markup) == [game]
    assert page.scripts.count("../static/game-sections.js") == 1
    assert html.index('<script src="../static/game-sections.js">') < html.index('class="game-template"')
    assert page.scripts.index("../static/game-sections.js") < page.scripts.index("../static/play.js")


SECTION = '<section class="game" id="game-a" data-game="a">{}</section>'


@pytest.mark.parametrize("inside", ["</script>", "</SCRIPT ", "<!-- a comment -->", "<script src=x.js>"])
def test_a_section_that_could_end_its_data_block_fails_the_build(inside: str) -> None:
    page = f'<script type="text/html" class="game-template" data-game="a">{SECTION.format(inside)}</script>'
    with pytest.raises(BuildError, match="would end its data block"):
        check_game_blocks(page, ["a"])


def test_the_check_passes_a_plain_section_and_names_a_missing_game() -> None:
    page = f'<script type="text/html" class="game-template" data-game="a">{SECTION.format("<p>&lt;/script&gt;</p>")}</script>'
    check_game_blocks(page, ["a"])
    with pytest.raises(BuildError, match=r"\['a'\], the games \['a', 'b'\]"):
        check_game_blocks(page, ["a", "b"])


def test_play_preloads_only_what_its_own_tags_load_each_once(built_site: Path) -> None:
    """Each file play/ preloads (what its first paint waits for: templates/play.html) is loaded by a tag of the page
    of the same kind (a module by a module script, so the browser uses the preloaded response rather than asking
    twice), and preloaded once."""
    page = Nesting()
    page.feed((built_site / "play" / "index.html").read_text(encoding="utf-8"))
    assert page.preloads, "play/ preloads nothing: the first paint's files wait for the parser again"
    assert len(set(page.preloads)) == len(page.preloads)
    for preload in page.preloads:
        assert preload in page.loads, f"{preload} is preloaded but no tag of play/ loads it as that"

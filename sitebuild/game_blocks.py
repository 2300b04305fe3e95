"""play/'s games as data blocks: each game's section is the text of `<script type="text/html" class="game-template">`,
which static/game-sections.js parses and puts in place when the game is needed (docs/performance.md).

A data block's text ends at the first `</script`, and `<!--` followed by `<script` changes where it ends, so
check_game_blocks fails the build when a section's markup holds either (or its block ends before the section does).
games_in_place gives the page as it is once every game is in place, for the checks that read the games' markup (the
HTML checker, the build's tests).
"""

from __future__ import annotations

import re

from sitebuild import BuildError

BLOCK = re.compile(
    r'<script type="text/html" class="game-template" data-game="(?P<game>[^"]+)">(?P<markup>.*?)</script>', re.S
)
"""One game's data block, to its first `</script` (where a browser ends it)."""
UNSAFE = re.compile(r"<!--|<script|</script", re.I)


def game_blocks(page: str) -> dict[str, str]:
    """Each game's section markup, by game id, in the page's order."""
    return {m["game"]: m["markup"] for m in BLOCK.finditer(page)}


def check_game_blocks(page: str, games: list[str]) -> None:
    """Every game has one data block holding its section, whole, and nothing that could end or bend the block."""
    blocks = [(m["game"], m["markup"]) for m in BLOCK.finditer(page)]
    if [game for game, _ in blocks] != games:
        raise BuildError(
            f"play/index.html: the games' data blocks are {[game for game, _ in blocks]}, the games {games}"
        )
    for game, markup in blocks:
        if bad := UNSAFE.search(markup):
            raise BuildError(f"play/index.html: {game}'s section holds {bad.group()!r}, which would end its data block")
        if not markup.strip().endswith("</section>"):
            raise BuildError(
                f"play/index.html: {game}'s data block ends before its section: a `</script` in it would end its data block"
            )
        if markup.count('<section class="game"') != 1:
            raise BuildError(f"play/index.html: {game}'s data block does not hold exactly one game section")


def games_in_place(page: str) -> str:
    """The page with every game's section in place of its data block, as the browser has it once each is opened."""
    return BLOCK.sub(lambda m: m["markup"], page)

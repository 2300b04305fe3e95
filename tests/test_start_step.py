"""“Who starts” at its step (issue 41, point 6, its text and data): the setup checklist's random pick sits in the step
that chooses the start player, at every player count and variant; no step is shown twice; where the source does not
say how to choose, the line says so and that the random pick is the site's offer."""

from __future__ import annotations

import itertools
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scoring import GAMES
from scoring.api import setup_json
from sitebuild.aid import StartPlayer, read_start
from sitebuild.game_blocks import games_in_place

ROOT = Path(__file__).resolve().parent.parent
SILENT = {"burgundy-cards", "tuscany", "bruges", "palais-royal"}
"""The games whose source says to choose a start player without saying how (seeds 000 l. 7, 001 l. 36, 003 l. 186,
004 l. 16); Fürstenfeld's shuffles the turn order markers (002 l. 61)."""


def option_sets(game_id: str) -> list[dict[str, bool]]:
    """Every combination of a game's setup variants."""
    keys = [o.key for o in GAMES[game_id].options if o.setup]
    return [dict(zip(keys, values, strict=True)) for values in itertools.product((False, True), repeat=len(keys))]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_one_step_chooses_the_start_player_at_every_count(game_id: str) -> None:
    game = GAMES[game_id]
    for players in range(game.min_players, game.max_players + 1):
        for options in option_sets(game_id):
            steps = setup_json(game_id, players, options)["steps"]
            assert [s["en"] for s in steps if s["start"]], (players, options)
            assert len([s for s in steps if s["start"]]) == 1
            assert len({s["en"] for s in steps}) == len(steps)  # no step twice


@pytest.mark.parametrize("game_id", sorted(SILENT))
def test_the_line_says_the_source_is_silent_and_the_pick_is_the_site_s(game_id: str) -> None:
    path = ROOT / "content" / game_id / "aid.toml"
    start = read_start(path, tomllib.loads(path.read_text(encoding="utf-8"))["start_player"], {"setup"})
    assert isinstance(start, StartPlayer) and start.kind == "pick"
    assert "does not say how" in start.en and "this site's offer" in start.en
    assert re.search("原文没有说明|原文沒有說明", start.zh) and re.search("本站", start.zh)
    steps = {s["en"] for s in setup_json(game_id, GAMES[game_id].max_players, {})["steps"]}
    assert start.en not in steps  # the box does not repeat its step


class StartBox(HTMLParser):
    """Per game: the index of the checklist step whose item holds the start-pick box, and the number of steps."""

    def __init__(self) -> None:
        super().__init__()
        self.game = ""
        self.step = -1
        self.in_list = False
        self.found: dict[str, int] = {}
        self.steps: dict[str, int] = {}
        self.count: dict[str, int] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Follow the game's section, its checklist's items, and the box."""
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "section" and "game" in classes:
            self.game, self.step = found.get("data-game") or "", -1
            self.count[self.game] = int(found.get("data-default") or 0)
        elif tag == "ol" and "checklist" in classes:
            self.in_list = True
        elif tag == "li" and self.in_list:
            self.step += 1
            self.steps[self.game] = self.step + 1
        elif tag == "div" and "start-pick" in classes:
            self.found[self.game] = self.step if self.in_list else -1

    def handle_endtag(self, tag: str) -> None:
        """The checklist ends."""
        if tag == "ol":
            self.in_list = False


def test_the_built_page_puts_the_box_in_its_step(built_site: Path) -> None:
    parser = StartBox()
    parser.feed(games_in_place((built_site / "play" / "index.html").read_text(encoding="utf-8")))
    for game_id in GAMES:
        steps = setup_json(game_id, parser.count[game_id], {})["steps"]
        assert parser.steps[game_id] == len(steps)
        wanted = next(i for i, s in enumerate(steps) if s["start"])
        assert parser.found.get(game_id) == wanted, (game_id, parser.found.get(game_id), wanted)

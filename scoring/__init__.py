"""Rules and scoring for every game on the site: pure Python, standard library only.

A game is one module in this package with a `GAME` (see core.Game); it is found by name, so adding a
game means adding its module (and its content folder), nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil

from .core import Game

ORDER = ("burgundy-cards", "tuscany", "furstenfeld", "bruges", "palais-royal")
"""The order the site lists games in; a game not named here comes after these."""
NOT_GAMES = {"core", "api", "svg", "history", "players", "stats", "share", "nesting", "shapes", "__main__"}


def _discover() -> dict[str, Game]:
    """Every module of this package that defines GAME, by game id, in site order."""
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name in NOT_GAMES or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    rank = {gid: i for i, gid in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda item: (rank.get(item[0], len(ORDER)), item[0])))


GAMES: dict[str, Game] = _discover()
"""Every game, by id, in the order the site lists them."""


def get_game(game_id: str) -> Game:
    """The game with this id; ValueError naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None

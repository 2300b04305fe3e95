"""Rules and scoring for every game on the site: pure Python, the standard library only but for segno, which
share.py imports to draw a link's QR code (and only then).

A game is one module in scoring/games/ with a `GAME` (see core.Game); it is found by iterating that package, so
adding a game means adding its module (and its content folder), nothing else. The services beside it (api, history,
stats, players, share, svg) work for every game alike.
"""

from __future__ import annotations

import importlib
import pkgutil

from . import games
from .core import Game

ORDER = ("burgundy-cards", "tuscany", "furstenfeld", "bruges", "palais-royal")
"""The order the site lists games in; a game not named here comes after these."""


def _discover() -> dict[str, Game]:
    """Every module of scoring/games that defines GAME, by game id, in site order."""
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{games.__name__}.{info.name}")
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

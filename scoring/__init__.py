"""Rules and scoring for every game on the site: pure Python, standard library only."""

from __future__ import annotations

from . import burgundy_cards
from .core import Game

GAMES: dict[str, Game] = {g.id: g for g in (burgundy_cards.GAME,)}
"""Every game, by id, in the order the site lists them."""


def get_game(game_id: str) -> Game:
    """The game with this id; ValueError naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None

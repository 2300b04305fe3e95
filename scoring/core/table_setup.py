"""A game's setup for a player count: its checklist and its diagram, the player count checked first."""

from __future__ import annotations

from collections.abc import Mapping

from .model import Diagram, Game, SetupStep


def checklist(game: Game, players: int, **options: bool) -> tuple[SetupStep, ...]:
    """The setup checklist; ValueError outside the player range."""
    game.check_players(players)
    return game.setup(players, **_setup_options(game, options))


def setup_diagram(game: Game, players: int, **options: bool) -> Diagram | None:
    """The setup diagram (None: the game has none); ValueError outside the player range."""
    game.check_players(players)
    return None if game.diagram is None else game.diagram(players, **_setup_options(game, options))


def _setup_options(game: Game, options: Mapping[str, bool]) -> dict[str, bool]:
    """The options without the scoring variants, which the setup does not take."""
    scoring_only = {o.key for o in game.options if not o.setup}
    return {key: on for key, on in options.items() if key not in scoring_only}

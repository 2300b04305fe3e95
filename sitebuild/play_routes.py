"""play/'s views as routes: which game's tools exist, and play/routes.css, which shows only the view named on
<html data-view> from the first paint (static/route.js sets it before the body is parsed)."""

from __future__ import annotations

from sitebuild.content import GameContent
from sitebuild.views import PLAY_VIEWS


def play_routes(games: list[GameContent]) -> dict[str, list[str]]:
    """play/'s views: every game's tools by id, the first game first (its score sheet is the default view)."""
    return {c.game.id: ["setup", "score", *(h.id for h in c.game.helpers)] for c in games}


GAME_ONLY = (".play-bar", ".game-switch .switch-label")
"""play/'s parts that belong to a game's tools: hidden on the history, statistics and a received result."""


def route_styles(routes: dict[str, list[str]]) -> str:
    """play/routes.css: only the view static/route.js names on <html data-view> shows, from first paint.

    play.js also sets the hidden attributes as it switches; without scripts every game and tool shows.
    """
    views = [view.id for view in PLAY_VIEWS]
    rules = [
        "/* Written by build.py. */",
        "html[data-view] section.game, html[data-view] section.game [data-tool], "
        + ", ".join(f"html[data-view] #{view}" for view in views)
        + " { display: none; }",
        *(f'html[data-view="{view}"] #{view} {{ display: block; }}' for view in views),
    ]
    rules += [f'html[data-view="{view}"] .game-switch [data-current="{view}"] {{ display: inline; }}' for view in views]
    # the calculator's state, the screen-awake switch and "Game:" mean nothing away from a game
    rules.append(
        ", ".join(f'html[data-view="{view}"] {part}' for view in views for part in GAME_ONLY) + " { display: none; }"
    )
    for game, tools in routes.items():
        rules.append(f'html[data-view^="{game}/"] .game-switch [data-current="{game}"] {{ display: inline; }}')
        for tool in tools:
            view = f'html[data-view="{game}/{tool}"]'
            rules.append(f'{view} #game-{game}, {view} #game-{game} [data-tool="{tool}"] {{ display: block; }}')
    return "\n".join(rules) + "\n"

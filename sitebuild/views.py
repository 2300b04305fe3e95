"""play/'s views besides the games' tools (history, statistics, a result received), declared once.

build.py writes play/routes.css and the game switch from PLAY_VIEWS and puts them on play/index.html as
`<meta name="tc-views">`, which static/route.js reads (which view an address shows) and static/play.js reads (which
controller shows it); check_views fails the build when a declared view has no section on the page or no controller in
play.js's `views` table, or play.js has a controller for a view not declared here. Adding a view: docs/architecture.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sitebuild import BuildError


@dataclass(frozen=True)
class PlayView:
    """One view: its id (the section's id, html[data-view]'s value, play.js's key), its name, how it is addressed."""

    id: str
    zh: str
    en: str
    prefix: str | None = None
    """An address starting with this shows the view (a result received: `#r=…`); None: `#<id>`."""
    tab: bool = False
    """Listed among the games in the game switch (the others are reached by links)."""

    @property
    def meta(self) -> dict[str, str | None]:
        """What the page's scripts need of it."""
        return {"id": self.id, "prefix": self.prefix}


PLAY_VIEWS = (
    PlayView("history", "历史记录", "History", tab=True),
    PlayView("stats", "统计", "Statistics"),
    PlayView("shared", "收到的结果", "A result received", prefix="#r="),
)

CONTROLLERS = re.compile(r"^const views = \{([^}]*)\};", re.MULTILINE)


def controllers(play_js: str) -> list[str]:
    """The view ids play.js's `const views = {…};` table names."""
    table = CONTROLLERS.search(play_js)
    if table is None:
        raise BuildError("static/play.js: no `const views = {…};` table of the views' controllers")
    return [entry.split(":")[0].strip() for entry in table.group(1).split(",") if entry.strip()]


def check_views(page: str, play_js: str, views: tuple[PlayView, ...] = PLAY_VIEWS) -> None:
    """Every declared view has a section on play/index.html and a controller in play.js, and nothing else has one."""
    declared = [view.id for view in views]
    if sorted(controllers(play_js)) != sorted(declared):
        raise BuildError(f"static/play.js: its views table names {controllers(play_js)}, sitebuild/views.py {declared}")
    for view in declared:
        if not re.search(rf'<section class="[^"]*" id="{view}"', page):
            raise BuildError(f'play/index.html: no <section id="{view}"> for the view declared in sitebuild/views.py')

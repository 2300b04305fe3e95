"""play/'s views (history, statistics, a result received) are declared once, in sitebuild/views.py, and every place
that names them reads that: routes.css, the game switch, route.js and play.js (through the page's tc-views)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from sitebuild import BuildError
from sitebuild.views import PLAY_VIEWS, PlayView, check_views

PLAY_JS = (Path(__file__).resolve().parent.parent / "static" / "play.js").read_text(encoding="utf-8")


def page(built_site: Path) -> str:
    return (built_site / "play" / "index.html").read_text(encoding="utf-8")


def test_the_page_carries_the_declared_views(built_site: Path) -> None:
    html = page(built_site)
    meta = re.search(r'<meta name="tc-views" content="([^"]*)">', html)
    assert meta is not None
    assert json.loads(meta.group(1).replace("&#34;", '"').replace("&quot;", '"')) == [v.meta for v in PLAY_VIEWS]
    css = (built_site / "play" / "routes.css").read_text(encoding="utf-8")
    for view in PLAY_VIEWS:
        assert f'data-current="{view.id}"' in html
        assert (f'data-game-tab="{view.id}"' in html) == view.tab
        assert f'html[data-view="{view.id}"] #{view.id} {{ display: block; }}' in css


def test_the_sources_agree(built_site: Path) -> None:
    check_views(page(built_site), PLAY_JS)


def test_a_view_declared_without_its_controller_fails_the_build(built_site: Path) -> None:
    extra = (*PLAY_VIEWS, PlayView("journal", "日志", "Journal"))  # declared, but play.js has no controller for it
    with pytest.raises(BuildError, match="views table"):
        check_views(page(built_site), PLAY_JS, extra)
    with pytest.raises(BuildError, match="views table"):
        check_views(page(built_site), PLAY_JS, PLAY_VIEWS[:-1])  # a controller no view declares


def test_a_view_without_its_section_fails_the_build(built_site: Path) -> None:
    renamed = (replace(PLAY_VIEWS[0], id="journal"), *PLAY_VIEWS[1:])
    js = PLAY_JS.replace("const views = { history:", "const views = { journal:")
    with pytest.raises(BuildError, match='no <section id="journal">'):
        check_views(page(built_site), js, renamed)


def test_route_js_and_play_js_name_no_view() -> None:
    """route.js reads every view from the page; play.js names them only in its table (not in its router)."""
    route = (Path(__file__).resolve().parent.parent / "static" / "route.js").read_text(encoding="utf-8")
    for view in PLAY_VIEWS:
        assert f'"{view.id}"' not in route
        assert f'view === "{view.id}"' not in PLAY_JS
        assert view.prefix is None or view.prefix not in route

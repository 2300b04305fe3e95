"""play/'s start-up: Python is restored from the build's memory snapshot, and starts without it if it is unusable."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.conftest import ROOT
from tests.e2e.playpage import VIEWPORTS, Play, site_context

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"


def start_and_score(browser: Browser, url: str, break_snapshot: bool) -> tuple[list[str], list[str]]:
    """Open the score sheet, type one value, wait for Python's total; the page's requests and console warnings."""
    with site_context(browser, VIEWPORTS["phone"]) as context:
        if break_snapshot:
            context.route("**/python_snapshot.bin.gz", lambda route: route.fulfill(body=b"not a snapshot"))
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        warnings: list[str] = []
        page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
        play = Play(page, url, GAME).open("score")
        play.fill("estate_sets", 0, 5)
        expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("5", timeout=60_000)
        play.wait_ready()
        return requested, warnings


def test_python_starts_from_the_snapshot(browser: Browser, site_server) -> None:
    requested, warnings = start_and_score(browser, site_server.url, break_snapshot=False)
    assert f"{site_server.url}pyodide/python_snapshot.bin.gz" in requested
    assert f"{site_server.url}pyodide/python_stdlib.zip" in requested
    assert not [w for w in warnings if "snapshot" in w]


def test_an_unusable_snapshot_only_costs_time(browser: Browser, site_server) -> None:
    requested, warnings = start_and_score(browser, site_server.url, break_snapshot=True)
    assert f"{site_server.url}pyodide/python_snapshot.bin.gz" in requested
    assert [w for w in warnings if "Python snapshot not used" in w]


def wait_for_held(page: Page, held: list[Route], count: int) -> None:
    """Wait until the route has held `count` requests of play.js (the browser cannot run what the route holds)."""
    # Playwright runs route handlers as tasks of its event loop: a request may be held by the browser before its
    # handler has run here.
    deadline = time.monotonic() + 30
    while len(held) < count and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert len(held) == count, (
        f"{len(held)} requests of play.js reached the route, not {count}: one came from elsewhere"
    )


def test_the_sheet_takes_input_at_first_paint_and_keeps_it(browser: Browser, site_server) -> None:
    """With play.js held back, the asked-for view is shown and typed into; play.js then keeps and saves what was typed."""
    with site_context(browser, VIEWPORTS["phone"]) as context:
        held = []
        context.route("**/static/play.js", lambda route: held.append(route))
        page = context.new_page()
        page.goto(f"{site_server.url}play/#tuscany/setup", wait_until="commit")
        expect(page.locator("#game-tuscany [data-tool=setup]")).to_be_visible()
        expect(page.locator("#game-burgundy-cards")).to_be_hidden()
        # play/ is 430 KB: the view can be painted before the parser reaches play.js at the end of the body, so the
        # first page's request is waited for too; otherwise it could be the one left out of `held`.
        wait_for_held(page, held, 1)
        page.goto(f"{site_server.url}play/", wait_until="commit")  # no view asked for: the first game's score sheet
        play = Play(page, site_server.url, GAME)
        expect(play.tool("score")).to_be_visible()
        expect(play.tool("setup")).to_be_hidden()
        play.fill("estate_sets", 0, 5)
        play.name(0, "Ann")
        play.set_players(2)
        wait_for_held(page, held, 2)
        held[-1].continue_()
        context.unroute("**/static/play.js")
        expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("5", timeout=60_000)
        page.reload()
        expect(play.field("estate_sets", 0)).to_have_value("5")
        expect(play.field("name", 0)).to_have_value("Ann")
        expect(play.section.locator("[data-role=players]")).to_have_value("2")
        expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("5", timeout=60_000)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_nothing_moves_while_python_starts(browser: Browser, site_server, viewport: str) -> None:
    """Cumulative layout shift from navigation until Python's first total stays under 0.1 (a 'good' score)."""
    with site_context(browser, VIEWPORTS[viewport]) as context:
        context.add_init_script(
            """window.__shifts = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
            }).observe({ type: "layout-shift", buffered: true });"""
        )
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open("score")
        play.wait_ready()
        expect(play.tool()).to_have_attribute("data-computed", "1", timeout=60_000)
        page.wait_for_timeout(500)
        shifts = page.evaluate("window.__shifts")
        assert sum(shifts) < 0.1, shifts


def test_scoring_files_unlike_the_snapshot_are_imported_afresh(browser: Browser, site_server) -> None:
    """The snapshot has scoring/ imported; served files that differ from it (a mixed-up cache) win over it."""
    source = (ROOT / "scoring" / "games" / "burgundy_cards.py").read_text(encoding="utf-8")
    changed = source.replace("ANIMAL_KIND_POINTS = (0, 0, 1, 2, 4)", "ANIMAL_KIND_POINTS = (0, 0, 1, 2, 40)")
    assert changed != source
    with site_context(browser, VIEWPORTS["phone"]) as context:
        context.route("**/py/scoring/games/burgundy_cards.py", lambda route: route.fulfill(body=changed))
        page = context.new_page()
        said: list[str] = []
        page.on("console", lambda message: said.append(message.text))
        play = Play(page, site_server.url, GAME).open("score")
        play.fill("animal_kinds", 0, 4)
        expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("40", timeout=60_000)
        assert [line for line in said if "differs from the Python snapshot" in line]


def test_the_snapshot_holds_the_scoring_package_as_built(browser: Browser, site_server) -> None:
    """Served files equal to the snapshot's: nothing is imported again (the console says nothing of it)."""
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        said: list[str] = []
        page.on("console", lambda message: said.append(message.text))
        play = Play(page, site_server.url, GAME).open("score")
        play.fill("animal_kinds", 0, 4)
        expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("4", timeout=60_000)
        assert not [line for line in said if "differs from the Python snapshot" in line]

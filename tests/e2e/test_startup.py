"""play/'s start-up: a first visit starts Python normally; later ones restore the build's memory snapshot held
offline, and start without it if it is unusable."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from sitebuild.offline_copy import with_shared_names
from tests.conftest import ROOT
from tests.e2e.playpage import VIEWPORTS, Play, frames_drawn, site_context, wait_until_offline_ready

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"
HELD_GAME_FILE = "/py/scoring/games/burgundy_cards.py"
SOURCE = (ROOT / "scoring" / "games" / "burgundy_cards.py").read_text(encoding="utf-8")
CHANGED_SOURCE = SOURCE.replace("ANIMAL_KIND_POINTS = (0, 0, 1, 2, 4)", "ANIMAL_KIND_POINTS = (0, 0, 1, 2, 40)")
"""burgundy_cards.py as built, and changed so that four animal kinds score 40 (no snapshot holds that)."""


def score_once(page: Page, url: str) -> None:
    """Open the score sheet, type one value, wait for Python's total."""
    play = Play(page, url, GAME).open("score")
    play.fill("estate_sets", 0, 5)
    expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("5", timeout=60_000)
    play.wait_ready()


def watched(page: Page) -> tuple[list[str], list[str]]:
    """The page's requests (its workers' included) and console messages from now on."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    messages: list[str] = []
    page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
    return requested, messages


# In the page: every stored copy of the snapshot in the offline copy replaced by bytes that are not one.
BREAK_HELD_SNAPSHOT = with_shared_names("""async () => {
  const cache = await caches.open("__OFFLINE_CACHE__");
  let broken = 0;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.endsWith("/__SNAPSHOT__")) {
      await cache.put(request, new Response("not a snapshot"));
      broken += 1;
    }
  }
  return broken;
}""")


# In the page: the offline copy's stored file whose path ends so, replaced by this text; how many were replaced.
REPLACE_HELD_FILE = with_shared_names("""async ([ending, text]) => {
  const cache = await caches.open("__OFFLINE_CACHE__");
  let replaced = 0;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.endsWith(ending)) {
      await cache.put(request, new Response(text, { headers: { "Content-Type": "text/x-python" } }));
      replaced += 1;
    }
  }
  return replaced;
}""")


def test_a_first_visit_starts_without_the_snapshot_and_later_ones_from_it_unless_unusable(
    browser: Browser, site_server
) -> None:
    """Over a phone's link the snapshot costs more than it saves: a first visit neither waits for it nor fetches it.
    The next visit restores Python from the snapshot the offline copy then holds, and, its scoring files being the
    snapshot's as built, imports nothing again (the console says nothing of it). In the same context then: a served
    scoring file unlike the snapshot's (a mixed-up cache) wins over it; and a snapshot that is not one only costs
    time (Python starts without it, offline, from the offline copy). The first visit caches the calculator without
    downloading its runtime twice. One first visit for all: each later visit is the subject, not the first."""
    assert CHANGED_SOURCE != SOURCE
    start = len(site_server.sent)
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        requested, messages = watched(page)
        score_once(page, site_server.url)
        assert f"{site_server.url}pyodide/python_stdlib.zip" in requested
        assert f"{site_server.url}pyodide/python_snapshot.bin.gz" not in requested, "the first visit fetched it"
        assert not [m for m in messages if "snapshot" in m], "the first visit spoke of the snapshot"
        wait_until_offline_ready(page)
        wasm = [path for path, _ in site_server.sent[start:] if path.endswith("pyodide.asm.wasm")]
        assert len(wasm) == 1, "the runtime was downloaded again to cache it"
        page.close()
        page, messages = visit(context, site_server.url, 3, "7")  # 5 + 2 for three animal kinds
        assert [m for m in messages if "Python restored from the snapshot" in m], "not restored from the snapshot"
        assert not [m for m in messages if "Python snapshot not used" in m]
        assert not [m for m in messages if "differs from the Python snapshot" in m], "a scoring file imported again"

        assert page.evaluate(REPLACE_HELD_FILE, [HELD_GAME_FILE, CHANGED_SOURCE]) == 1
        page.close()
        page, messages = visit(context, site_server.url, 4, "45")  # 5 + 40: four animal kinds by the changed rule
        assert [m for m in messages if "Python restored from the snapshot" in m], "not restored from the snapshot"
        assert [m for m in messages if "differs from the Python snapshot" in m], "the changed file not imported"

        assert page.evaluate(REPLACE_HELD_FILE, [HELD_GAME_FILE, SOURCE]) == 1  # the file as built again
        assert page.evaluate(BREAK_HELD_SNAPSHOT) == 1
        page.close()
        context.set_offline(True)  # and offline: the calculator starts from the offline copy alone
        page, messages = visit(context, site_server.url, 4, "9")  # 5 + 4 by the rule as built
        assert [m for m in messages if "Python snapshot not used" in m], "the unusable snapshot not said"


def visit(context: BrowserContext, url: str, kinds: int, total: str) -> tuple[Page, list[str]]:
    """A later visit to the sheet in a new page: the animal kinds typed (the estate sets kept from the first visit),
    Python's total waited for; the page and its console messages."""
    page = context.new_page()
    _, messages = watched(page)
    play = Play(page, url, GAME).open("score")
    play.fill("animal_kinds", 0, kinds)
    expect(play.tool().locator('output.total[data-player="0"]')).to_have_text(total, timeout=60_000)
    play.wait_ready()
    return page, messages


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
        frames_drawn(page, 3)  # the result on screen, and any shift it caused observed
        shifts = page.evaluate("window.__shifts")
        assert sum(shifts) < 0.1, shifts

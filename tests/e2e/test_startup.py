"""play/'s start-up: Python is restored from the build's memory snapshot, and starts without it if it is unusable."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

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

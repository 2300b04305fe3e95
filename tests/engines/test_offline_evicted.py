"""Offline with the offline copy evicted, a calculator that stops says at once that it cannot start here now and what
to do, on every engine; what was typed stays (issue 40, point 7: it said "starting it again…", then "slow", for good)."""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.drivers import Tab
from tests.engines.test_dead_worker import END_THE_WORKER, NAME, SETS, wait_total
from tests.engines.test_offline_repair import DELETE_CACHES

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
GAME = "burgundy-cards"
SAID = (
    "calculator failed to start",  # the page's own report (calculator.js)
    "the calculator stopped",  # watchdog.js's warning, where the engine shows warnings as errors
    "Failed to fetch",  # the one request that finds no network: calculator.js's probe for the calculator's files
    "NetworkError",  # Firefox's words for it
    "Load failed",  # WebKit's
    "net::ERR_",  # Chromium's line for the refused request itself
)
"""Console lines the page writes or causes here on purpose."""
STATS_SAID = """() => { const view = document.querySelector('section.stats');
    return view.offsetParent && view.dataset.state === 'refused' && view.querySelector(':scope > .problems').innerText; }"""
"""What Statistics says when it has no figures to show, once it says it."""


def test_a_stopped_calculator_offline_without_its_files_says_so_at_once(tab: Tab) -> None:
    play.open_tool(tab, GAME)
    play.in_english(tab)
    play.wait_ready(tab)
    tab.type(NAME, "Ann")
    tab.type(SETS, "5")
    wait_total(tab, 5)
    tab.js(DELETE_CACHES)  # evicted: what a browser under storage pressure does to the offline copy
    tab.site.stop()  # type: ignore[attr-defined]  # and no network
    tab.js(END_THE_WORKER, 500)  # crashed: only the next call, unanswered for 0.5 s, shows it
    tab.type(SETS, "6")
    tab.wait(
        "() => document.querySelector('.calculator-state').dataset.state === 'absent'"
        " && document.documentElement.dataset.calculator === 'absent'",
        timeout=30,
        what="the page saying the calculator is not on this device",
    )
    note = tab.js("(css) => document.querySelector(css + ' .calculator-note').innerText", play.tool(GAME))
    assert "has not been downloaded on this phone" in note and "Everything typed is saved" in note, note
    assert tab.js("(css) => document.querySelector(css).value", SETS) == "6"
    assert tab.js("(css) => document.querySelector(css).value", NAME) == "Ann"
    tab.js("() => { location.hash = '#stats'; }")  # Statistics says it too, rather than filters with no figures
    said = tab.wait(STATS_SAID, what="Statistics saying why it shows no figures")
    assert "The calculator could not start" in said, said
    unexpected = [line for line in tab.errors() if not any(said in line for said in SAID)]
    assert unexpected == [], f"{tab.engine}: {unexpected}"

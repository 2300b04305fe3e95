"""The issue's 95-character link (a sheet 4,000 brackets deep) on Chromium, Firefox and WebKit: refused as damaged
before Python parses it, and the calculator still scores a sheet afterwards (issue 30, point 1; scoring/nesting.py)."""

from __future__ import annotations

import pytest

from tests.e2e.test_robust_inputs import deep_link
from tests.engines import play
from tests.engines.drivers import Tab
from tests.engines.sheets import Case
from tests.unit.test_stats import sheet

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
AFTER = Case(
    "burgundy-cards",
    sheet(("Ann", 10, 0), ("Bo", 7, 0)),
    ["1. Ann · 10", "2. Bo · 7"],
    ["Placed by total points (10).", "Placed by total points (7)."],
    ["total", "total"],
)


@pytest.mark.only_engines("chromium")
def test_the_deep_link_is_damaged_and_a_sheet_still_computes(warm_tab: Tab) -> None:
    """Chromium only: the link is refused by scoring/nesting.py before Pyodide parses it, alike on every engine; a link that overflowed each engine's stack runs on all three (test_dead_worker.py)."""
    tab = warm_tab
    play.open_tool(tab, "burgundy-cards")
    play.in_english(tab)
    play.wait_ready(tab)
    tab.js("(fragment) => { location.hash = fragment; }", "#" + deep_link(4000))
    tab.wait("() => document.querySelector('section.shared').dataset.state === 'refused'", what="the link refused")
    said = tab.js("() => document.querySelector('section.shared .problems').innerText")
    assert "damaged" in said, said
    play.open_tool(tab, "burgundy-cards")
    play.fill(tab, "burgundy-cards", AFTER.sheet)
    play.ranking(tab, AFTER)

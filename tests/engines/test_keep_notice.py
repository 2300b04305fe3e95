"""The history's notice on keeping it, on Chromium, Firefox and WebKit as each engine answers for itself (issue 43,
point 3): nothing stubbed. An engine whose navigator.storage.persisted() is not true shows the once-said notice with
the Home Screen steps and the reminder of a game saved more than a week ago; one that keeps the data shows neither.
(tests/e2e/test_keep_notice.py stubs persist() both ways on Chromium and follows the buttons.)"""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.drivers import Tab
from tests.unit.test_stats import history, sheet

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
STORED = history([("2026-01-01T10:00:00Z", sheet(("Ann", 10, 0), ("Bo", 7, 0)))])
"""One game saved long before the run, never exported."""
NOTICE = """() => {
    const box = document.querySelector('section.history .keep-notice');
    return box ? { state: box.dataset.state, text: box.innerText.replace(/\\s+/g, ' ').trim() } : null;
}"""
PERSISTED = "async () => String(await navigator.storage?.persisted?.())"


def test_the_history_says_how_to_keep_it_where_the_engine_does_not(warm_tab: Tab) -> None:
    tab = warm_tab
    play.with_history(tab, STORED, "#history")
    tab.wait("() => document.querySelector('section.history')?.dataset.count === '1'", what="history shown")
    tab.wait(f"() => ({NOTICE})()?.state !== undefined", what="keep notice written")
    kept = tab.js(PERSISTED)
    notice = tab.js(NOTICE)
    if kept == "true":
        assert notice["state"] == "none", (tab.engine, notice)
        return
    assert notice["state"] == "keep-once keep-reminder", (tab.engine, kept, notice)
    assert "choose Add to Home Screen, then Add" in notice["text"], notice["text"]
    assert "1 game saved 7 or more days ago is in no exported file yet" in notice["text"], notice["text"]

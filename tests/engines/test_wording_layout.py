"""Wording that layout can spoil, on the three engines at phone sizes (issue 28 point 12): the source notes'
summary keeps its space before the count (“ties (3)”, not “ties(3)”: a flex box drops a text's leading space); and
issue 41 point 9's small things that layout can cut."""

from __future__ import annotations

import pytest

from scoring.api import history_add
from tests.engines.conftest import PHONE, PHONE_FRAME, SMALL_PHONE
from tests.engines.drivers import Tab
from tests.engines.test_sheet_at_table import framed, load
from tests.unit.test_history import ANN_BO, SAVED

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

GAP = """(win, doc) => {
    const summary = doc.querySelector('section.game[data-game="tuscany"] .source-notes > summary');
    const label = [...summary.children].find((c) => c.offsetParent !== null);
    const range = doc.createRange();
    range.selectNodeContents(summary.lastChild);
    return [label.textContent, summary.lastChild.textContent, range.getBoundingClientRect().left - label.getBoundingClientRect().right];
}"""


def python_ready(tab: Tab) -> None:
    """The calculator started before the frame moves on (a page left while Python loads logs an error on Firefox)."""
    tab.wait(
        framed("(win, doc) => doc.querySelector('.calculator-state')?.dataset.state === 'ready'"), what="Python ready"
    )


TUSCANY_SHOWN = (
    """(win, doc) => doc.querySelector('a[data-game-tab="tuscany"]').getAttribute('aria-current') === 'true'"""
)


def notes_count_keeps_its_space(tab: Tab, width: int, height: int) -> None:
    """The source notes' summary keeps its space before the count, in English: Tuscany's sheet in the page already
    loaded, the interface switched to English in place (window.tcPrefs, as the language button does) and back."""
    tab.js(framed("(win) => { win.location.hash = 'tuscany/score'; win.tcPrefs.set('lang', 'en'); }"))
    tab.wait(framed(TUSCANY_SHOWN), what="Tuscany's sheet")
    label, count, gap = tab.js(framed(GAP))
    tab.js(framed("(win) => { win.tcPrefs.set('lang', 'zh'); }"))
    assert gap >= 3, f"{tab.engine} {width}×{height}: {label!r} then {count!r}: {gap} px apart"


LINES = """(el) => { const r = document.createRange(); r.selectNodeContents(el);
    return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size; }"""
TAB_INSIDE = f"""(win, doc) => {{
    const a = doc.querySelector('section.game[data-game="furstenfeld"] [data-tool-tab="turn-order"]');
    if (a?.getAttribute('aria-current') !== 'true') return null;
    const row = a.parentElement.getBoundingClientRect(), tab = a.getBoundingClientRect();
    const wake = doc.querySelector('.play-bar .wake');
    const word = wake.querySelector('.l-zh.s-hans');
    return [tab.left >= row.left - 1 && tab.right <= row.right + 1, wake.offsetParent === null || ({LINES})(word)];
}}"""
STATS_FIT = """(win, doc) => {
    const tables = [...doc.querySelectorAll(".stats-block[data-game='burgundy-cards'] .stats-scroll")];
    return tables.length === 2 ? tables.map((w) => w.scrollWidth <= w.clientWidth + 1) : null;
}"""
FIRST_GAME = """(win, doc) => { const r = doc.querySelector('.history-list .record'); return r && r.offsetParent !== null
    ? r.getBoundingClientRect().top : null; }"""


def test_the_small_things_stay_whole_and_the_notes_count_keeps_its_space(warm_tab: Tab) -> None:
    """Issue 41 point 9's layout, at 390 and 360 px: the tool tab chosen whole in its row ("Ne…"), "屏幕常亮" on one
    line where the switch shows, History's first game on the first screen, the statistics' tables inside the screen
    (tests/e2e/test_small_things.py: the same in Chromium, with screenshots); and, in the same load, the notes'
    count keeps its space (issue 28 point 12)."""
    tab = warm_tab
    stored = history_add("", "burgundy-cards", ANN_BO, SAVED, {"started": "2026-11-21T19:15:03Z"})["stored"]
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    tab.js("(s) => { localStorage.setItem('tc:lang', 'zh'); localStorage.setItem('tc:v1:history', s); }", stored)
    for width, height in (PHONE, SMALL_PHONE):
        load(tab, f"play/?w={width}#furstenfeld/turn-order", (width, height))
        python_ready(tab)
        whole, one_line = tab.wait(framed(TAB_INSIDE), what="the tool tab chosen")
        assert whole, f"{tab.engine} {width} px: the tool tab chosen is cut off at its row's edge"
        assert one_line in (True, 1), f"{tab.engine} {width} px: 屏幕常亮 on {one_line} lines"
        notes_count_keeps_its_space(tab, width, height)
        load(tab, f"play/?w={width}&h=1#history", (width, height))  # a query of its own: a new load
        python_ready(tab)
        top = tab.wait(framed(FIRST_GAME), what="History's first game")
        assert top + 60 < height, f"{tab.engine} {width}×{height}: History's first game at {top} px"
        tab.js(framed("(win) => { win.location.hash = '#stats'; }"))
        fits = tab.wait(framed(STATS_FIT), what="the game's statistics")
        assert all(fits), f"{tab.engine} {width} px: a statistics table wider than the screen: {fits}"

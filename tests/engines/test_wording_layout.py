"""Wording that layout can spoil, on the three engines at phone sizes (issue 28 point 12): the source notes'
summary keeps its space before the count (“ties (3)”, not “ties(3)”: a flex box drops a text's leading space)."""

from __future__ import annotations

import pytest

from tests.engines.conftest import PHONE, PHONE_FRAME, SMALL_PHONE
from tests.engines.drivers import Tab
from tests.engines.test_sheet_at_table import framed, load

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

GAP = """(win, doc) => {
    const summary = doc.querySelector('section.game[data-game="tuscany"] .source-notes > summary');
    const label = [...summary.children].find((c) => c.offsetParent !== null);
    const range = doc.createRange();
    range.selectNodeContents(summary.lastChild);
    return [label.textContent, summary.lastChild.textContent, range.getBoundingClientRect().left - label.getBoundingClientRect().right];
}"""


def test_the_notes_count_keeps_its_space(warm_tab: Tab) -> None:
    tab = warm_tab
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    tab.js("() => { localStorage.setItem('tc:lang', 'en'); }")
    for width, height in (PHONE, SMALL_PHONE):
        load(tab, f"play/?w={width}#tuscany/score", (width, height))
        # the calculator started before the frame moves on (a page left while Python loads logs an error on Firefox)
        tab.wait(
            framed("(win, doc) => doc.querySelector('.calculator-state')?.dataset.state === 'ready'"),
            what="Python ready",
        )
        label, count, gap = tab.js(framed(GAP))
        assert gap >= 3, f"{tab.engine} {width}×{height}: {label!r} then {count!r}: {gap} px apart"

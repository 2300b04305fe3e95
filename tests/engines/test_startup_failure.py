"""When Python cannot start, on any engine: the sheet itself says so beside the grid, and nothing typed is lost."""

from __future__ import annotations

import time

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
GAME = "burgundy-cards"
NAME = play.field_css(GAME, "name", 0)
SETS = play.field_css(GAME, "estate_sets", 0)

READ_NOTE = """(css) => {
    const form = document.querySelector(css);
    const note = form.querySelector('.calculator-note');
    const grid = note.previousElementSibling;
    return {
        shown: note.offsetParent !== null,
        text: note.innerText,
        afterGrid: grid.contains(form.querySelector('[data-field=name]')),
        gap: note.getBoundingClientRect().top - grid.getBoundingClientRect().bottom,
        detail: note.querySelector('.calculator-error').textContent,
    };
}"""


RECORD_UNCAUGHT = """() => {
    window.tcUncaught = [];
    addEventListener('error', (e) => window.tcUncaught.push(`error: ${e.message}`));
    addEventListener('unhandledrejection', (e) => window.tcUncaught.push(`unhandled: ${e.reason?.message ?? e.reason}`));
    return true;
}"""
"""Keep every error the page lets through from now on (the same on every engine, WebKit's driver shows no console)."""
SAID = (
    *("calculator failed to start", "making the Python frame again"),  # the page's own report of the failure
    *("MessageEvent", "JSHandle@object"),  # PyScript's log of its worker's failure (Firefox shows the object so)
    *("503", "Failed to load", "disallowed MIME type"),  # the refused requests (Firefox names the 503 page's type)
    "Failed to fetch dynamically imported module",  # PyScript's import of pyodide-start.mjs, whose own import was refused
)
"""Console lines that are no error thrown by the page."""
RENDERED = "() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(true))))"
"""Resolves once the page has rendered a frame and run the tasks queued by then (what a view does when shown)."""


def errors_until_the_failure_is_logged(tab: Tab, timeout: float = 60) -> list[str]:
    """The console errors up to and including the page's own report that the calculator failed to start (logged as
    it says so in the status line; calculator.js), on an engine whose console can be read."""
    found: list[str] = []
    if not tab.sees_console:
        return found
    deadline = time.monotonic() + timeout
    while not any("calculator failed to start" in line for line in found):
        assert time.monotonic() < deadline, f"{tab.engine}: no report of the failure in the console: {found}"
        tab.js(RENDERED)  # a round trip to the page: the driver hands on the console lines that came meanwhile
        found += tab.errors()
    return found


@pytest.mark.parametrize("refused", ["/pyscript/", "/pyodide/"], ids=["pyscript-missing", "pyodide-missing"])
def test_the_sheet_says_python_could_not_start_and_no_view_throws(tab: Tab, refused: str) -> None:
    """The note beside the grid, in both languages; what was typed kept through a reload; and, offline without the
    calculator's files (refused here), every view says so and none throws (issue 30, 10)."""
    tab.site.refused.append(refused)  # type: ignore[attr-defined]  # the start fails on purpose
    play.open_tool(tab, GAME)
    tab.js(RECORD_UNCAUGHT)
    play.in_english(tab)
    tab.type(NAME, "Ann")
    tab.type(SETS, "5")
    tab.wait("() => document.documentElement.dataset.calculator === 'failed'", what="the calculator's failure")
    note = tab.js(READ_NOTE, play.tool(GAME))
    assert note["shown"] and note["afterGrid"] and 0 <= note["gap"] < 40, note
    assert "could not start in this browser" in note["text"] and "Everything typed is saved" in note["text"]
    assert "Try: reload" in note["text"] and note["detail"]
    for view in ("history", "stats", f"{GAME}/setup", "tuscany/score", "r=AAAA"):
        tab.js("(hash) => { location.hash = hash; }", view)
        tab.wait("(hash) => document.body.dataset.view !== undefined && location.hash === '#' + hash", view)
        tab.js(RENDERED)
    tab.js("(hash) => { location.hash = hash; }", f"{GAME}/score")
    tab.type(SETS, "6")
    tab.js(RENDERED)
    assert tab.js("() => window.tcUncaught") == []
    history = tab.js("() => document.querySelector('section.history .problems').innerText")
    assert "could not start" in history, history
    tab.click("button[data-ui-lang=zh]")
    tab.wait(
        "(css) => document.querySelector(css + ' .calculator-note').innerText.includes('没能在这个浏览器里启动')",
        play.tool(GAME),
    )
    line = tab.js("() => document.querySelector('.calculator-state').innerText")
    assert line.strip() != ""  # the status line says it too
    before = errors_until_the_failure_is_logged(tab)
    tab.reload()
    tab.wait("(css) => document.querySelector(css).value === 'Ann'", NAME, what="the name kept")
    assert tab.js("(css) => document.querySelector(css).value", SETS) == "6"
    tab.wait("() => document.documentElement.dataset.calculator === 'failed'", what="the failure said again")
    after = errors_until_the_failure_is_logged(tab)
    assert [line for line in before + after if not any(said in line for said in SAID)] == []

"""The page survives a dead calculator worker on every engine: it says so, starts another and works the sheet out
again with what was typed (static/watchdog.js, static/calculator.js). On the engine's shared origin (`warm_tab`):
the worker's life is the subject, not a first visit; the worker started again comes from the offline copy, as at a
returning visitor's table."""

from __future__ import annotations

import base64
import zlib

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
GAME = "burgundy-cards"
NAME = play.field_css(GAME, "name", 0)
SETS = play.field_css(GAME, "estate_sets", 0)
TOTAL = f'{play.tool(GAME)} output.total[data-player="0"]'
ENGINE_LINE = "() => { const l = document.querySelector('.calculator-state'); return [l.dataset.state, l.dataset.restarted ?? null]; }"
DEPTH = {"chromium": 4000, "firefox": 30000, "webkit": 30000}
"""Brackets that overflowed each engine's stack in Pyodide's JSON parser (issue 30: Chromium at 4,000, Firefox at
20,000), before the nesting was refused."""

END_THE_WORKER = """async (bound) => {
    const calculator = await import(new URL('../static/calculator.js', location.href).href);
    const watchdog = await import(new URL('../static/watchdog.js', location.href).href);
    const was = watchdog.limits.silentMs;
    watchdog.limits.silentMs = bound;
    calculator.watchedWorker().worker.terminate();
    return was;
}"""
"""End the worker from outside, as a crash does, telling nothing to the page: only a call that never answers shows
(within this bound); the bound it had."""
SILENT_BOUND = """async (bound) => {
    (await import(new URL('../static/watchdog.js', location.href).href)).limits.silentMs = bound;
}"""
"""Set the watchdog's bound on a silent worker."""


def deep_link(depth: int) -> str:
    """A result link whose sheet is `depth` brackets deep (raw deflate, base64url), as the audit built it."""
    text = f'[1,"{GAME}","2026-11-20T10:00:00Z",{"[" * depth}{"]" * depth}]'.encode()
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = squeeze.compress(text) + squeeze.flush()
    return "r=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


TOTALS = {5: "5", 6: "6"}
"""Ann's total with only her estate sets typed: a point a set (scoring/games/burgundy_cards.py)."""


def total_for(tab: Tab, sets: int) -> None:
    """Type the estate sets and wait for the total Python gives for them (the total is emptied first: only an
    answer drawn after the typing can write it, since play.js drops answers to older edits)."""
    tab.js("(css) => { document.querySelector(css).textContent = ''; }", TOTAL)
    tab.type(SETS, str(sets))
    wait_total(tab, sets)


def wait_total(tab: Tab, sets: int) -> None:
    """Wait until the total reads as Python works it out for this many sets."""
    tab.wait("(css, want) => document.querySelector(css).textContent === want", TOTAL, TOTALS[sets], timeout=120)


def a_sheet_with_totals(tab: Tab) -> None:
    """Ann's sheet, scored for 5 and then 6 estate sets."""
    play.open_tool(tab, GAME)
    play.in_english(tab)
    play.wait_ready(tab)
    tab.type(NAME, "Ann")
    total_for(tab, 5)
    total_for(tab, 6)


def assert_started_again(tab: Tab, times: int) -> None:
    """The status line says the calculator stopped and was started again (this many times in all); the name is
    kept."""
    state = tab.wait(
        f"() => {{ const [s, r] = ({ENGINE_LINE})(); return s === 'ready' && r ? [s, r] : ''; }}",
        timeout=120,
        what="the calculator started again",
    )
    assert state == ["ready", str(times)], state
    line = tab.js("() => document.querySelector('.calculator-state').innerText")
    assert "had stopped" in line and "started again" in line, line
    assert tab.js("(css) => document.querySelector(css).value", NAME) == "Ann"


def drain_errors(tab: Tab, fatal: bool = False) -> list[str]:
    """The console errors so far, except Pyodide's own report of its fatal error (logged in the worker; Firefox
    shows the error object it logs as "JSHandle@error")."""
    said = ("fatal error", "Maximum call stack", "too much recursion", "wasm-function", "Stack (most recent", "File ")
    said += ("JSHandle@error",) if fatal else ()
    return [line for line in tab.errors() if not any(word in line for word in said)]


def test_a_worker_that_never_answers_is_replaced_and_a_link_that_overflowed_pyodides_stack_is_harmless(
    warm_tab: Tab,
) -> None:
    """A worker ended from outside: the page notices, starts another and scores again what was typed. Then the link
    that, before the nesting was refused, killed Pyodide (a fatal error): if the received view says the calculator
    stopped, the sheet is scored again; once the link is refused as damaged, the refusal leaves the calculator
    answering. One load of play/ for both: each needs a sheet with totals."""
    tab = warm_tab
    a_sheet_with_totals(tab)
    a_worker_that_never_answers_is_replaced(tab)
    play.in_english(tab)
    a_link_that_overflows_pyodides_stack_leaves_the_page_working(tab)


def a_worker_that_never_answers_is_replaced(tab: Tab) -> None:
    """The worker ended while a sheet is scored: said in both languages, started again, the total worked out again."""
    bound = tab.js(END_THE_WORKER, 3000)
    tab.js("(css) => { document.querySelector(css).textContent = ''; }", TOTAL)
    tab.type(SETS, "5")  # asked of a worker that is gone: no answer, ever
    tab.wait(
        "() => document.querySelector('.calculator-state').dataset.state !== 'ready'",
        timeout=20,
        what="the stop noticed",
    )
    assert_started_again(tab, 1)
    wait_total(tab, 5)  # worked out again with nothing more typed
    total_for(tab, 6)
    tab.click("button[data-ui-lang=zh]")
    tab.wait(
        "() => document.querySelector('.calculator-state').innerText.includes('已重新启动')", what="the line in Chinese"
    )
    assert drain_errors(tab) == []
    tab.js(SILENT_BOUND, bound)  # the page's own bound again: a slow answer later is no stop


def a_link_that_overflows_pyodides_stack_leaves_the_page_working(tab: Tab) -> None:
    """The deep link opened on a sheet whose total is 6: refused as damaged (or, were Pyodide to die of it, the
    calculator started again), and the sheet still scored."""
    tab.js("(url) => { location.href = url; }", f"{tab.site.url}play/#{deep_link(DEPTH[tab.engine])}")  # type: ignore[attr-defined]
    said = tab.wait(
        "() => { const s = document.querySelector('section.shared'); return !s.hidden && s.getAttribute('aria-busy') !== 'true' && s.querySelector('.problems').innerText; }",
        timeout=120,
        what="the received view's answer",
    )
    tab.js("(css) => { document.querySelector(css).textContent = ''; }", TOTAL)  # only a new answer writes it
    play.open_tool(tab, GAME)
    if "stopped" in said:
        assert_started_again(tab, 2)
    else:
        assert "damaged" in said, said
    wait_total(tab, 6)
    total_for(tab, 5)
    assert drain_errors(tab, fatal="stopped" in said) == []

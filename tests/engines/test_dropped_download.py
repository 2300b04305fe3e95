"""A first visit whose link drops play/'s early download of the WebAssembly (static/early-downloads-worker.js hands it
to the calculator's worker, static/pyodide-start.mjs): dropped before a byte came, the worker fetches the file itself;
cut part-way, the worker fetches the rest itself; either way the calculator starts and nothing typed is lost.

Chromium only: the hand-over is the same script on every engine, and the offline-first start on the other two is the
core table's (test_core_table.py); what this adds is the worker's handling of a page's failed download."""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.conftest import Hold
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines, pytest.mark.only_engines("chromium")]
WASM = "/pyodide/pyodide.asm.wasm"
GAME = "bruges"
NAME = play.field_css(GAME, "name", 0)
DROPPED = ("Failed to load resource", "ERR_EMPTY_RESPONSE", "ERR_CONTENT_LENGTH_MISMATCH", "network error")
"""The console's lines for the dropped request (the browser's own); any other console error fails the test."""


def expected_errors_only(tab: Tab, also: tuple[str, ...] = ()) -> None:
    """The console errors so far are the browser's report of the dropped download (and these), nothing else."""
    left = [line for line in tab.errors() if not any(said in line for said in (*DROPPED, *also))]
    assert left == [], f"{tab.engine}: {left}"


def test_a_download_dropped_before_its_first_byte_is_fetched_again_by_the_worker(tab: Tab) -> None:
    tab.site.dropped.append(WASM)  # type: ignore[attr-defined]
    tab.goto(f"{tab.site.url}play/#{GAME}/score")  # type: ignore[attr-defined]
    play.wait_ready(tab, timeout=120)
    asked = tab.site.asked  # type: ignore[attr-defined]
    assert asked.count(WASM) == 2, f"{tab.engine}: the WebAssembly asked for {asked.count(WASM)} times, not twice"
    expected_errors_only(tab)


def test_a_download_cut_part_way_is_finished_by_the_worker(tab: Tab) -> None:
    """The worker has the first half from play/; the rest it fetches itself, onto the same stream (Pyodide's compiling
    of a stream that fails never ended before: the calculator stayed "loading")."""
    cut = tab.site.hold(WASM, Hold(at=(0.5,), cut=True))  # type: ignore[attr-defined]
    tab.goto(f"{tab.site.url}play/#{GAME}/score")  # type: ignore[attr-defined]
    tab.type(NAME, "Ann")
    play.wait_ready(tab, timeout=120)
    assert cut.reached[0].is_set(), f"{tab.engine}: the download was never cut"
    asked = tab.site.asked  # type: ignore[attr-defined]
    assert asked.count(WASM) == 2, f"{tab.engine}: the WebAssembly asked for {asked.count(WASM)} times, not twice"
    assert tab.js("(css) => document.querySelector(css).value", NAME) == "Ann"
    expected_errors_only(tab)

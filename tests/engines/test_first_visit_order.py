"""A first visit over a slow link on Chromium, Firefox and WebKit: the site's Python files are asked for while
Pyodide downloads (issue 27). The server notes when each request arrives and when its answer has gone out; the link is 4 Mbit/s with
100 ms per request (slow_link.py), so Pyodide's WebAssembly takes seconds to arrive."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.engines import play
from tests.engines.conftest import WatchedSite, serving
from tests.engines.drivers import Tab
from tests.engines.sheets import case
from tests.engines.slow_link import SlowSite

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

WASM = "/pyodide/pyodide.asm.wasm"
STDLIB = "/pyodide/python_stdlib.zip"
WORKER_START = "/static/pyodide-start.mjs"


class TimedSite(SlowSite):
    """The slow site, noting (time, "asked" or "sent", path) for every request."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.events: list[tuple[float, str, str]] = []
        events, slow = self.events, self.handler

        class Timed(slow):  # type: ignore[misc, valid-type]
            def do_GET(self) -> None:
                path = self.path.partition("?")[0]
                events.append((time.monotonic(), "asked", path))
                if (self.headers.get("Referer") or "").endswith("/sw.js"):  # the offline copy's (sw.template.js)
                    events.append((time.monotonic(), "copied", path))
                try:
                    super().do_GET()
                finally:
                    events.append((time.monotonic(), "sent", path))

        self.handler = Timed

    def when(self, what: str, path: str) -> list[float]:
        """Every time the path was asked for or sent."""
        return [at for at, kind, seen in self.events if kind == what and seen == path]


@pytest.fixture(name="site")
def timed_site(built_site: Path) -> Iterator[WatchedSite]:
    """The built site over the slow link, on a fresh origin (a first visit), timed."""
    yield from serving(TimedSite(built_site))


def test_the_python_files_download_beside_pyodide_each_once(tab: Tab, built_site: Path) -> None:
    """PyScript asks for scoring's modules only once Python has started; static/pyodide-start.mjs fetches them (the
    list in py/files.json) while Pyodide's WebAssembly is still arriving, and hands PyScript those answers: each is
    asked for once, a second or more before the WebAssembly has been sent. (Where the frame and PyScript's chunks
    come in that order depends on the engine and on HTTP/1.1's six connections: bench/network.py measures it.)"""
    site: TimedSite = tab.site  # type: ignore[attr-defined]
    tab.goto(f"{site.url}play/#bruges/score")
    play.wait_ready(tab, timeout=180)
    wasm_sent = site.when("sent", WASM)
    assert len(wasm_sent) == 1, f"{tab.engine}: the WebAssembly was sent {len(wasm_sent)} times"
    for name in json.loads((built_site / "py" / "files.json").read_text(encoding="utf-8")):
        asked = site.when("asked", f"/py/{name}")
        assert len(asked) == 1, f"{tab.engine}: py/{name} asked for {len(asked)} times"
        assert asked[0] < wasm_sent[0] - 1, f"{tab.engine}: py/{name} asked for only once Pyodide had arrived"


def test_pyodides_large_files_start_with_the_page_and_download_once(tab: Tab) -> None:
    """play/ starts Pyodide's WebAssembly and standard library itself (static/early-downloads.js) and the worker takes
    them from the page (static/pyodide-start.mjs asks first): each is asked for once, and before the worker's own
    start module has been asked for, which comes only after the frame, PyScript and the worker have loaded."""
    site: TimedSite = tab.site  # type: ignore[attr-defined]
    tab.goto(f"{site.url}play/#bruges/score")
    play.wait_ready(tab, timeout=180)
    worker_asked = site.when("asked", WORKER_START)
    assert len(worker_asked) == 1, f"{tab.engine}: {WORKER_START} asked for {len(worker_asked)} times"
    for path in (WASM, STDLIB):
        asked = site.when("asked", path)
        assert len(asked) == 1, f"{tab.engine}: {path} asked for {len(asked)} times"
        assert asked[0] < worker_asked[0], f"{tab.engine}: {path} asked for only once the worker had started"


LATER = "/pyodide/python_later.zip"


def test_the_modules_only_a_qr_code_needs_come_when_one_is_drawn(tab: Tab) -> None:
    """The standard library's modules only segno needs are in python_later.zip (tools/stdlib_bytecode.py): a
    first visit starts Python and scores without it (the offline copy may fetch it meanwhile: its requests name sw.js as referrer);
    a QR code is drawn with it (static/worker.py fetches it the first time one of its modules is imported, from the
    offline copy if that has it)."""
    site: TimedSite = tab.site  # type: ignore[attr-defined]
    tab.goto(f"{site.url}play/#bruges/score")
    play.in_english(tab)
    play.wait_ready(tab, timeout=180)
    final = case("bruges", 2)
    play.fill(tab, "bruges", final.sheet)
    play.ranking(tab, final)
    asked, copied = site.when("asked", LATER), site.when("copied", LATER)
    assert len(asked) == len(copied), f"{tab.engine}: {LATER} asked for before any QR code (not by the offline copy)"
    play.show_qr(tab, "bruges", timeout=90)
    assert site.when("asked", LATER), f"{tab.engine}: a QR code drawn without {LATER}"

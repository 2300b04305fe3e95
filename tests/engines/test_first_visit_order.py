"""A first visit on Chromium, Firefox and WebKit: the site's Python files are asked for while Pyodide downloads
(issue 27). The server notes when each request arrives and when its answer has gone out; what must come before what,
it makes so by holding a response until then (conftest.py's Hold), so that the order asserted is the page's, not the
scheduler's or the link's (no slow link is needed: a claim that is false leaves a response held)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest

from tests.engines import play
from tests.engines.conftest import Hold, WatchedSite, serving
from tests.engines.drivers import Tab
from tests.engines.sheets import case

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

WASM = "/pyodide/pyodide.asm.wasm"
STDLIB = "/pyodide/python_stdlib.zip"
WORKER_START = "/static/pyodide-start.mjs"


class TimedSite(WatchedSite):
    """The watched site, noting (time, "asked" or "sent", path) for every request."""

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
    """The built site on a fresh origin (a first visit), timed."""
    yield from serving(TimedSite(built_site))


LATER = "/pyodide/python_later.zip"


def test_a_first_visit_asks_for_each_file_once_and_in_its_turn(tab: Tab, built_site: Path) -> None:
    """One first visit to play/, three claims (issue 27), each made true or false by what asks for what, not by how
    long anything takes: the server holds a response until what must come first has been asked for (conftest.py's
    Hold), and a claim that is false leaves it waiting until HOLD_LIMIT, which the test reports.

    - play/ starts Pyodide's WebAssembly and standard library at once, in a worker of its own
      (static/early-downloads-worker.js, started by early-downloads.js), and the calculator's worker takes them from it
      (static/pyodide-start.mjs asks first): both are asked for while the calculator worker's own start module is
      held, each once, and neither by the page itself.
    - PyScript asks for scoring's modules only once Python has started; static/pyodide-start.mjs fetches them (the list
      in py/files.json) while Pyodide's WebAssembly is still arriving, and hands PyScript those answers: each is asked
      for, once, while the WebAssembly's body is held (Python cannot start without it).
    - The standard library's modules only segno needs are in python_later.zip (tools/stdlib_bytecode.py): the visit
      starts Python and scores without it (the offline copy may fetch it meanwhile: its requests name sw.js as
      referrer); a QR code is drawn with it (static/worker.py fetches it the first time one of its modules is
      imported, from the offline copy if that has it)."""
    site: TimedSite = tab.site  # type: ignore[attr-defined]
    python_files = [f"/py/{name}" for name in json.loads((built_site / "py" / "files.json").read_text("utf-8"))]
    worker_start = site.hold(WORKER_START, Hold(until=lambda asked: WASM in asked and STDLIB in asked))
    wasm = site.hold(WASM, Hold(until=lambda asked: all(path in asked for path in python_files)))
    tab.goto(f"{site.url}play/#bruges/score")
    play.in_english(tab)
    play.wait_ready(tab, timeout=180)
    assert worker_start.taken and not worker_start.late, f"{tab.engine}: Pyodide's files asked for only by the worker"
    assert wasm.taken and not wasm.late, f"{tab.engine}: the Python files asked for only once Pyodide had arrived"
    # The early downloads run in a worker of their own (issue 44): none of them is a request of the page itself, whose
    # main thread would otherwise read each part of the 10 MB body while the first field takes input.
    on_page = tab.js("() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)")
    assert not {WASM, STDLIB} & set(on_page), f"{tab.engine}: the page itself downloaded Pyodide's large files"
    # What play/ preloads for its first paint (templates/play.html): each preload must be the request its tag then uses.
    page = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    preloaded = [urljoin("/play/", href) for href in re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', page)]
    assert preloaded, "play/ preloads nothing"
    by_page_and_worker = (WORKER_START, WASM, STDLIB, *python_files, *preloaded)  # not the offline copy's requests
    for path in by_page_and_worker:
        times = site.asked.count(path)
        assert times == 1, f"{tab.engine}: {path} asked for {times} times"

    final = case("bruges", 2)
    play.fill(tab, "bruges", final.sheet)
    play.ranking(tab, final)
    asked, copied = site.when("asked", LATER), site.when("copied", LATER)
    assert len(asked) == len(copied), f"{tab.engine}: {LATER} asked for before any QR code (not by the offline copy)"
    play.show_qr(tab, "bruges", timeout=90)
    assert site.when("asked", LATER), f"{tab.engine}: a QR code drawn without {LATER}"

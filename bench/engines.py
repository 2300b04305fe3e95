"""Per-engine rows of `make bench` (informative, no target): how long play/ takes on Chromium, Firefox and WebKit until
the calculator's Python answers, measured the same way on each, in the same run.

The figure is calculator.js's own mark `window.__tcTimings.workerReady`: milliseconds from the page's navigation start
until the worker's first answer (the totals are live from then on). It is read after the fact, so it needs no script
injected before the page's own (WebKitWebDriver cannot inject one). Cold: the first visit of a fresh origin (nothing
cached). Warm: the next visit of play/ in the same browser, with the HTTP cache and the service worker's.
The browsers are the ones the three-engine tests drive (tests/engines/drivers/).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, FULL_CHROMIUM  # noqa: E402
from tests.engines.conftest import ENGINES, RecordingProxy, WatchedSite  # noqa: E402
from tests.engines.drivers import ChromiumTab, FirefoxBrowser, FirefoxTab, Tab, WebKitBrowser, WebKitTab  # noqa: E402

T = TypeVar("T")
READY = "() => { const t = window.__tcTimings; return t && t.workerReady ? Math.round(t.workerReady) : 0; }"


def _visit(tab: Tab, url: str) -> float:
    """Open play/ and wait for the calculator's first answer; ms since navigation start."""
    tab.goto(url)
    state = tab.wait(
        "() => { const s = document.querySelector('.calculator-state').dataset.state; return s === 'loading' ? '' : s; }",
        timeout=180,
    )
    if state != "ready":
        error = tab.js("() => document.querySelector('.calculator-error')?.textContent")
        raise RuntimeError(f"{tab.engine}: calculator {state}: {error}")
    return tab.wait(READY, timeout=30)


def on_fresh_origins(open_tab: Callable[[], Tab], site: Path, runs: int, visit: Callable[[Tab, str], T]) -> list[T]:
    """visit(tab, the site's URL) once per run, each run on a fresh origin and a fresh tab."""
    found = []
    for _ in range(runs):
        server = WatchedSite(site)
        server.start()
        tab = open_tab()
        try:
            found.append(visit(tab, server.url))
        finally:
            tab.close()
            server.stop()
    return found


def per_engine(
    playwright: object, size: tuple[int, int], work: Callable[[Callable[[], Tab]], T], log: Callable[[str], None]
) -> dict[str, tuple[T, str]]:
    """work(a way to open a tab) on each engine's browser, as the three-engine tests drive it; and its version."""
    proxy = RecordingProxy()
    done: dict[str, tuple[T, str]] = {}
    try:
        for engine in ENGINES:
            log(f"{engine}")
            if engine == "chromium":
                browser = playwright.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS)  # type: ignore[attr-defined]
                proxy_url = f"http://127.0.0.1:{proxy.port}"
                try:
                    done[engine] = (
                        work(lambda b=browser, u=proxy_url: ChromiumTab(b, *size, proxy=u)),
                        browser.version,
                    )
                finally:
                    browser.close()
                continue
            started = FirefoxBrowser(proxy.port) if engine == "firefox" else WebKitBrowser(proxy.port)
            kind = FirefoxTab if engine == "firefox" else WebKitTab
            try:
                done[engine] = (work(lambda s=started, k=kind: k(s, *size)), started.version())
            finally:
                started.quit()
    finally:
        proxy.stop()
    return done


def _cold_then_warm(tab: Tab, base: str) -> tuple[float, float]:
    """A first visit of play/ on a fresh origin, then the next one."""
    url = f"{base}play/#bruges/score"
    cold = _visit(tab, url)
    tab.goto("about:blank")
    return cold, _visit(tab, url)


def measure(playwright: object, site: Path, runs: int, log: Callable[[str], None]) -> dict[str, dict]:
    """Every engine's cold and warm figures."""
    log(f"play/ on each engine, {runs} runs")
    done = per_engine(
        playwright, (360, 740), lambda open_tab: on_fresh_origins(open_tab, site, runs, _cold_then_warm), log
    )
    return {
        engine: {"cold": [c for c, _ in visits], "warm": [w for _, w in visits], "version": version}
        for engine, (visits, version) in done.items()
    }

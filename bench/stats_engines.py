"""The statistics view on Chromium, Firefox and WebKit, measured the same way on each, in the same run (informative:
bench/history.py is the Chromium benchmark of issue 20's target).

Run: .venv/bin/python bench/stats_engines.py [--records 1000] [--runs 3]. Per run, a fresh origin and tab at
360×740: play/ opened, the history of bench/history.py stored (sealed, as the site stores it after a save), then
play/#stats loaded afresh. Read after the fact from engine.js's and stats.js's own marks (window.__tcTimings), in ms
after Python was up: the view ready (the figures shown), its pictures drawn, and the worker's idle read of every
record done; then a filter changed: ms until the view is ready again.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.history import STATS_CLOCK, varied_history_text  # noqa: E402
from scoring.history import read_history, stored_text  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.engines.conftest import ENGINES, RecordingProxy, WatchedSite  # noqa: E402
from tests.engines.drivers import ChromiumTab, FirefoxBrowser, FirefoxTab, Tab, WebKitBrowser, WebKitTab  # noqa: E402

MARKS = ("statsReady", "statsDrawn", "historyHeld")
AFTER_PYTHON = f"() => {list(MARKS)}.map((k) => Math.round(window.__tcTimings[k] - window.__tcTimings.workerReady))"


def reloaded_stats(tab: Tab, url: str, text: str) -> list[float]:
    """play/#stats loaded afresh with the history stored: the marks, in ms after Python was up."""
    tab.goto(f"{url}play/#burgundy-cards/score")
    tab.wait("() => document.querySelector('.engine').dataset.state === 'ready'", timeout=180, what="Python up")
    tab.js("(text) => { localStorage.setItem('tc:v1:history', text); location.hash = '#stats'; }", text)
    tab.reload()
    done = f"() => {list(MARKS)}.every((k) => window.__tcTimings?.[k] > 0)"
    tab.wait(done, timeout=180, what="the view drawn and the history read")
    marks = tab.js(AFTER_PYTHON)
    filtered = tab.js(STATS_CLOCK, [None, ""])  # then a filter changed: ready, drawn (ms from the change)
    return [*marks, *filtered]


def main() -> int:
    """Build, serve, measure each engine, print a Markdown table of medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    text = stored_text(read_history(varied_history_text(args.records)))
    found: dict[str, list[list[float]]] = {}
    proxy = RecordingProxy()
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build.build(site)
        try:
            for engine in ENGINES:
                if engine == "chromium":
                    from playwright.sync_api import sync_playwright

                    with sync_playwright() as p:
                        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                        found[engine] = each(
                            lambda b=browser: ChromiumTab(b, 360, 740, f"http://127.0.0.1:{proxy.port}"),
                            site,
                            text,
                            args.runs,
                        )
                        browser.close()
                    continue
                started = FirefoxBrowser(proxy.port) if engine == "firefox" else WebKitBrowser(proxy.port)
                kind = FirefoxTab if engine == "firefox" else WebKitTab
                try:
                    found[engine] = each(lambda s=started, k=kind: k(s, 360, 740), site, text, args.runs)
                finally:
                    started.quit()
        finally:
            proxy.stop()
    print(
        f"| play/#stats loaded afresh, {args.records} records, ms after Python was up, median of {args.runs} | "
        + " | ".join(found)
        + " |"
    )
    print("|---|" + "---|" * len(found))
    labels = (
        "ready",
        "pictures drawn",
        "every record read (at idle, after the view)",
        "then a filter changed: ready (ms from the change)",
    )
    for index, label in enumerate(labels):
        print(
            f"| {label} | "
            + " | ".join(f"{statistics.median(r[index] for r in runs):.0f}" for runs in found.values())
            + " |"
        )
    return 0


def each(open_tab, site: Path, text: str, runs: int) -> list[list[float]]:
    """The marks of each run, on a fresh origin and tab."""
    out = []
    for _ in range(runs):
        server = WatchedSite(site)
        server.start()
        tab = open_tab()
        try:
            out.append(reloaded_stats(tab, server.url, text))
        finally:
            tab.close()
            server.stop()
    return out


if __name__ == "__main__":
    sys.exit(main())

"""The statistics view on Chromium, Firefox and WebKit, measured the same way on each, in the same run (informative:
bench/history.py is the Chromium benchmark of issue 20's target).

Run: .venv/bin/python bench/stats_engines.py [--records 1000] [--runs 3]. Per run, a fresh origin and tab at
360×740: play/ opened, the history of bench/history.py stored (sealed, as the site stores it after a save), then
play/#stats loaded afresh. Read after the fact from calculator.js's and stats.js's own marks (window.__tcTimings), in ms
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
from bench.engines import on_fresh_origins, per_engine  # noqa: E402
from bench.history import STATS_CLOCK, varied_history_text  # noqa: E402
from scoring.history import read_history, stored_text  # noqa: E402
from tests.engines.drivers import Tab  # noqa: E402

MARKS = ("statsReady", "statsDrawn", "historyHeld")
AFTER_PYTHON = f"() => {list(MARKS)}.map((k) => Math.round(window.__tcTimings[k] - window.__tcTimings.workerReady))"


def reloaded_stats(tab: Tab, url: str, text: str) -> list[float]:
    """play/#stats loaded afresh with the history stored: the marks, in ms after Python was up."""
    tab.goto(f"{url}play/#burgundy-cards/score")
    tab.wait(
        "() => document.querySelector('.calculator-state').dataset.state === 'ready'", timeout=180, what="Python up"
    )
    tab.js("(text) => { localStorage.setItem('tc:v1:history', text); location.hash = '#stats'; }", text)
    tab.reload()
    done = f"() => {list(MARKS)}.every((k) => window.__tcTimings?.[k] > 0)"
    tab.wait(done, timeout=180, what="the view drawn and the history read")
    marks = tab.js(AFTER_PYTHON)
    filtered = tab.js(STATS_CLOCK, [None, ""])  # then a filter changed: ready, drawn (ms from the change)
    return [*marks, *filtered]


def main() -> int:
    """Build, serve, measure each engine, print a Markdown table of medians."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    text = stored_text(read_history(varied_history_text(args.records)))
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        site = Path(folder) / "site"
        build.build(site)
        visit = lambda tab, url: reloaded_stats(tab, url, text)  # noqa: E731
        done = per_engine(
            playwright, (360, 740), lambda open_tab: on_fresh_origins(open_tab, site, args.runs, visit), print
        )
    found = {engine: runs for engine, (runs, _) in done.items()}
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


if __name__ == "__main__":
    sys.exit(main())

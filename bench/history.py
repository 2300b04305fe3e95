"""History figures: record size, reading a history in CPython, and in the page showing and saving to it, medians.

Run: .venv/bin/python bench/history.py [--records 1000] [--runs 5]. The history holds that many four-player
records of The Castles of Burgundy: The Card Game. Each browser run opens play/ in a fresh Chromium context on
127.0.0.1, stores the history, opens play/#history (time until the list is shown, Python already running),
then saves a finished sheet (time from the click until the page says it is saved). Statistics: a history of that
many varied games (four of eight players, random scores, seeded) stored while Python is up (the worker has not seen
it), then play/#stats opened in the same page, timed in the page: until the view says it is ready (the history sent,
checked or read by its seal, the figures computed and shown) and until their pictures are drawn; then one filter
changed once the worker has read every record (at idle, after the pictures). And as a player meets it: the same
history stored before play/ opens, read by the worker while the page is idle once Python is up, then play/#stats. And
play/#stats loaded afresh with the history stored (a reload): ready and drawn after Python is up, from the figures
stored with the history, before the worker reads its records.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from scoring.history import document, make_record, read_history, stored_text  # noqa: E402
from tests.conftest import CHROMIUM_ARGS, FULL_CHROMIUM, SiteServer  # noqa: E402
from tests.e2e.playpage import Play  # noqa: E402

SHEET = {
    "players": [
        {"name": "Ann", "scores": {"estate_sets": 14, "start_player": 1}},
        {"name": "Bo", "scores": {"estate_sets": 9}},
        {"name": "Cy", "scores": {"estate_sets": 3}},
        {"name": "Di", "scores": {"goods_sold": 4}},
    ]
}


def history_text(count: int) -> str:
    """A stored history of count records, newest first, as the site writes it."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    saved = [(start + timedelta(hours=i)).isoformat() for i in range(count)]
    records = [make_record("burgundy-cards", SHEET, when) for when in reversed(saved)]
    return json.dumps(document(records), ensure_ascii=False, separators=(",", ":"))


def varied_history_text(count: int) -> str:
    """A stored history of count different four-player games, newest first (seeded: the same every run)."""
    chance = random.Random(20)
    people = ["Ann", "Bo", "Cy", "Di", "小明", "Xiaoming", "Éva", "李雷"]
    start = datetime(2024, 1, 1, tzinfo=UTC)
    records = []
    for i in range(count):
        names = chance.sample(people, 4)
        players = [
            {"name": n, "scores": {"estate_sets": chance.randint(0, 30), "storage_cards": chance.randint(0, 3)}}
            for n in names
        ]
        players[chance.randrange(4)]["scores"]["start_player"] = 1
        records.append(
            make_record("burgundy-cards", {"players": players}, (start + timedelta(hours=7 * i)).isoformat())
        )
    return json.dumps(document(records[::-1]), ensure_ascii=False, separators=(",", ":"))


def each_run(site: Path, runs: int, visit: Callable[[Page, str], tuple[float, ...]]) -> list[tuple[float, ...]]:
    """Serve the site and run visit(page, base URL) in a fresh Chromium context per run; its figures per run."""
    server = SiteServer(site)
    server.start()
    figures = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(runs):
                context = browser.new_context()
                figures.append(visit(context.new_page(), server.url))
                context.close()
            browser.close()
    finally:
        server.stop()
    return figures


STATS_CLOCK = """([text, hash]) => new Promise((resolve, reject) => {
  if (text !== null) localStorage.setItem('tc:v1:history', text);
  const view = document.querySelector('section.stats');
  const started = performance.now();
  let ready = null;
  new MutationObserver((_, watch) => {
    if (view.dataset.state === 'refused') reject(new Error(view.querySelector('.problems').textContent));
    if (view.dataset.state === 'ready' && ready === null) ready = performance.now() - started;
    if (ready !== null && view.dataset.pictures === 'drawn') {
      watch.disconnect();
      resolve([ready, performance.now() - started]);
    }
  }).observe(view, { attributes: true, attributeFilter: ['data-state', 'data-pictures'] });
  if (hash) location.hash = hash;
  else {
    const since = view.querySelector('[data-filter=since]');
    since.value = '2024-06-01';
    since.dispatchEvent(new Event('change', { bubbles: true }));
  }
})"""
"""In the page, on its own clock: from the view asked for (the address set, or a filter changed) until it says
data-state=ready (the figures shown) and data-pictures=drawn (their pictures too), in ms."""


def stats_visit(text: str) -> Callable[[Page, str], tuple[float, ...]]:
    """Seconds until play/#stats is ready and its pictures drawn with Python already up, and again after a filter
    change, timed in the page (a Playwright assertion polls at 0, 20, 70, 170, 270 and then every 500 ms)."""

    def visit(page: Page, url: str) -> tuple[float, ...]:
        Play(page, url, "burgundy-cards").open().wait_ready()
        opened = page.evaluate(STATS_CLOCK, [text, "#stats"])
        page.wait_for_function(WHOLE_READ, timeout=60_000)  # as a player meets it: the filter chosen a moment later
        read = page.evaluate("() => window.__tcTimings.historyHeld - window.__tcTimings.statsDrawn")
        filtered = page.evaluate(STATS_CLOCK, [None, ""])
        expect(page.locator("section.stats .stats-summary").first).not_to_contain_text("1000 ")
        return tuple(ms / 1000 for ms in (*opened, *filtered, read))

    return visit


WHOLE_READ = "() => window.__tcTimings.historyHeld > window.__tcTimings.statsDrawn"
"""The worker has read every record of the history (at idle, after the statistics were drawn)."""


def held_visit(text: str) -> Callable[[Page, str], tuple[float, ...]]:
    """As a player meets it: the history stored before play/ opens, read by the worker while the page is idle after
    Python is up; then play/#stats, timed in the page; and how long after Python was up the worker held the history."""

    def visit(page: Page, url: str) -> tuple[float, ...]:
        Play(page, url, "burgundy-cards").open().wait_ready()
        page.evaluate("text => localStorage.setItem('tc:v1:history', text)", text)
        page.reload()
        Play(page, url, "burgundy-cards").wait_ready()
        page.wait_for_function("() => window.__tcTimings.historyHeld !== undefined", timeout=60_000)
        held = page.evaluate("() => window.__tcTimings.historyHeld - window.__tcTimings.workerReady")
        opened = page.evaluate(STATS_CLOCK, [None, "#stats"])
        return tuple(ms / 1000 for ms in (*opened, held))

    return visit


def reload_visit(text: str) -> Callable[[Page, str], tuple[float, ...]]:
    """The history stored, then play/#stats loaded afresh (a reload, a bookmark): how long after Python was up the
    view was ready, its pictures drawn, and the worker's read of every record (at idle, after them) done."""

    def visit(page: Page, url: str) -> tuple[float, ...]:
        Play(page, url, "burgundy-cards").open().wait_ready()
        page.evaluate("text => localStorage.setItem('tc:v1:history', text)", text)
        page.goto(f"{url}play/#stats")
        page.reload()
        page.wait_for_function(
            "() => ['statsDrawn', 'historyHeld'].every((k) => window.__tcTimings[k] !== undefined)", timeout=120_000
        )
        after = page.evaluate(
            "() => ['statsReady', 'statsDrawn', 'historyHeld'].map((k) => window.__tcTimings[k] - window.__tcTimings.workerReady)"
        )
        return tuple(ms / 1000 for ms in after)

    return visit


def history_visit(text: str, count: int) -> Callable[[Page, str], tuple[float, ...]]:
    """Seconds to show the history and to save to it."""

    def visit(page: Page, url: str) -> tuple[float, ...]:
        play = Play(page, url, "burgundy-cards").open()
        play.wait_ready()
        page.evaluate("text => localStorage.setItem('tc:v1:history', text)", text)
        started = time.perf_counter()
        page.goto(f"{url}play/#history")
        expect(page.locator("section.history")).to_have_attribute("data-count", str(count), timeout=120_000)
        shown = time.perf_counter() - started
        play.open()
        play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo", {"estate_sets": 3})])
        play.expect_ranking(["1. Ann · 6", "2. Bo · 3"])
        started = time.perf_counter()
        play.tool().locator("[data-action=save-history]").click()
        expect(play.tool().locator(".saved-state")).to_be_visible(timeout=120_000)
        return shown, time.perf_counter() - started

    return visit


def median(seconds: list[float]) -> str:
    """The median of timings in seconds, in milliseconds for the table."""
    return f"{statistics.median(seconds) * 1000:.0f} ms"


def print_stats_rows(
    records: int, runs: int, held_runs: list, reload_runs: list, stats: dict[str, list], before: str
) -> None:
    """The statistics view's rows of the table: held, reloaded, stored after Python was up, not sealed."""
    sealed_runs, unsealed_runs = stats["sealed"], stats["unsealed"]
    print(f"| {records} records, {runs} runs, timed in the page | median |")
    print("|---|---|")
    print(
        "| play/#stats ready, history stored before play/ opened and read by the worker at idle (target ≤ 300 ms) |"
        f" {median(held_runs[0])} |"
    )
    print(f"| … its pictures drawn | {median(held_runs[1])} |")
    print(f"| … the idle read done, after Python was up | {median(held_runs[2])} |")
    print(
        "| play/#stats loaded afresh (a reload): ready, after Python was up (the stored statistics, no record read) |"
        f" {median(reload_runs[0])} |"
    )
    print(f"| … its pictures drawn | {median(reload_runs[1])} |")
    print(
        f"| … every record read by the worker (at idle, after the view), after Python was up | {median(reload_runs[2])} |"
    )
    print(
        f"| play/#stats ready, history stored after Python was up (the worker reads it first) | {median(sealed_runs[0])} |"
    )
    print(f"| … its pictures drawn | {median(sealed_runs[1])} |")
    print(f"| … every record read by the worker (at idle), after the pictures were drawn | {median(sealed_runs[4])} |")
    print(f"| then a filter changed: ready | {median(sealed_runs[2])} |")
    print(f"| … its pictures drawn | {median(sealed_runs[3])} |")
    print(f"| play/#stats ready, history not sealed under today's rules (re-scored) | {median(unsealed_runs[0])} |")
    print(f"| … its pictures drawn | {median(unsealed_runs[1])} |")
    print(f"| load average before, after | {before} → {' '.join(f'{v:.2f}' for v in os.getloadavg())} |")


def main() -> int:
    """Build, serve, measure, print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--stats-only", action="store_true", help="measure only the statistics view")
    args = parser.parse_args()
    before = " ".join(f"{v:.2f}" for v in os.getloadavg())
    varied = varied_history_text(args.records)
    sealed = stored_text(read_history(varied))  # as the site stores it after a save: not re-scored when read
    text = history_text(args.records)
    reads = []
    for _ in range(args.runs):
        started = time.perf_counter()
        read_history(text)
        reads.append(time.perf_counter() - started)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build.build(site)
        stats = {
            kind: list(zip(*each_run(site, args.runs, stats_visit(t)), strict=True))
            for kind, t in (("sealed", sealed), ("unsealed", varied))
        }
        held_runs = list(zip(*each_run(site, args.runs, held_visit(sealed)), strict=True))
        reload_runs = list(zip(*each_run(site, args.runs, reload_visit(sealed)), strict=True))
        page = (
            []
            if args.stats_only
            else list(zip(*each_run(site, args.runs, history_visit(text, args.records)), strict=True))
        )
    print_stats_rows(args.records, args.runs, held_runs, reload_runs, stats, before)
    if args.stats_only:
        return 0
    print(f"| stored history | {len(text):,} characters ({len(text) // args.records:,} per record) |")
    print(f"| read and check it (CPython) | {median(reads)} |")
    print(f"| play/#history: list shown | {median(page[0])} |")
    print(f"| save a finished sheet to it | {median(page[1])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The phone-CPU row of `make bench` (issue 44): play/ (the first game's score sheet) in Chromium with its processor
slowed 4× (CDP `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile profile), first and warm visit, on 127.0.0.1.

Each visit: a fresh profile (cold), or the same profile restarted once the offline copy holds the calculator (warm).
Figures, all from the page's own clock (ms after navigation started):
- *field takes input*: the first animation frame in which player 1's first score field on the shown sheet is
  rendered (`checkVisibility()`), enabled, not read-only and, when focused, is the document's active element (the
  probe focuses it then, as a tap would);
- *longest task before it*: the longest `longtask` entry (PerformanceObserver; the page's main thread, the hidden
  Python frame's tasks included) that started before that frame; *longest task after it*: the longest that started
  from then until Python's first total;
- *keystrokes*: from the moment the field takes input until Python's first total shows, a "7" and a Backspace are
  typed in turn (Playwright, CDP key events, one every 100 ms of wall time); each keystroke's duration is the longest
  `event` entry of its interaction (PerformanceObserver, durationThreshold 16 ms: a keystroke answered within 16 ms
  has no entry and counts as 0).
`.venv/bin/python bench/phone_cpu.py` (3 runs by default, with Lighthouse mobile for the home page, a rules page and
play/, and play/ again with the link and CPU applied, unless --no-lighthouse); `--site DIR` (repeatable) measures
built sites one run each in turn, interleaved.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import BrowserContext, CDPSession, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.harness import PRECACHED, TIMEOUT, git_commit, lighthouse, median, profile, serve, wait_for  # noqa: E402

RATE = 4
RESULTS = ROOT / "bench" / "results" / "phone_cpu.json"
APPLIED = "play/ (applied)"
"""Lighthouse on play/ with its slow-4G link and CPU ×4 applied while the page loads (`--throttling-method=devtools`):
the simulation counts every request that finished before the first paint, and on 127.0.0.1 Pyodide's files often do
(docs/performance.md); applied, what the first paint waited for is what it really waited for."""
# Installed before the page's scripts (after bench/harness.py's PROBE): long tasks and slow events, as they happen.
OBSERVE = """
if (window === window.top) {
window.__phone = { tasks: [], events: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__phone.tasks.push({ start: e.startTime, duration: e.duration, where: e.attribution?.[0]?.containerSrc || e.name });
  }
}).observe({ type: "longtask", buffered: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__phone.events.push({ name: e.name, start: e.startTime, duration: e.duration, id: e.interactionId });
  }
}).observe({ type: "event", durationThreshold: 16, buffered: true });
}
"""


def evaluate(cdp: CDPSession, expression: str) -> object:
    """An expression's value in the page, through CDP: Playwright's own evaluate would first compile its injected
    script in the page (about 90 ms of the main thread at 4×), inside the time measured."""
    return cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})["result"].get("value")


def until(cdp: CDPSession, expression: str, timeout_s: float = TIMEOUT / 1000) -> object:
    """Poll an expression every 50 ms of wall time until it is truthy; its value."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = evaluate(cdp, expression)
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"nothing from {expression!r} within {timeout_s} s")


def keystrokes(page: Page, cdp: CDPSession, limit: int = 60) -> int:
    """Type a 7 and a Backspace in turn into the focused field until Python's first total shows; keys sent."""
    sent = 0
    while sent < limit and not evaluate(cdp, "Boolean(window.__bench.totalsLive)"):
        page.keyboard.press("7" if sent % 2 == 0 else "Backspace")
        sent += 1
        time.sleep(0.1)
    return sent


def figures(probe: dict, phone: dict, sent: int) -> dict[str, object]:
    """One visit's figures from the page's records."""
    ready, live = probe["fieldReady"], probe.get("totalsLive") or float("inf")
    before = [t["duration"] for t in phone["tasks"] if t["start"] < ready]
    after = [t["duration"] for t in phone["tasks"] if ready <= t["start"] < live]
    longest_before = max(phone["tasks"], key=lambda t: t["duration"] if t["start"] < ready else -1, default=None)
    per_key: dict[int, float] = {}
    for event in phone["events"]:
        if event["id"] and ready <= event["start"] < live:
            per_key[event["id"]] = max(per_key.get(event["id"], 0), event["duration"])
    return {
        "field_ready_ms": ready,
        "totals_live_ms": probe.get("totalsLive"),
        "longest_task_before_ms": max(before, default=0),
        "longest_task_before_where": longest_before["where"] if before else "",
        "tasks_before_ms": before,
        "longest_task_after_ms": max(after, default=0),
        "blocking_after_ms": sum(max(0, task - 50) for task in after),
        "tasks_after_ms": after,
        "keystrokes_sent": sent,
        "keystroke_ms": sorted(per_key.values(), reverse=True),
        "keystroke_max_ms": max(per_key.values(), default=0),
    }


def visit(context: BrowserContext, base: str, path: str) -> dict[str, object]:
    """One visit to play/ with the processor slowed: its figures."""
    page = context.pages[0]
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
    page.goto(base + path, wait_until="commit")
    until(cdp, "window.__bench?.fieldReady")
    sent = keystrokes(page, cdp)
    until(cdp, "window.__bench.totalsLive")
    result = figures(evaluate(cdp, "window.__bench"), evaluate(cdp, "window.__phone"), sent)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return result


def cold_and_warm(playwright: Playwright, base: str, user_data: Path, path: str) -> tuple[dict, dict]:
    """A first visit on a fresh profile; then, once the offline copy holds the calculator, the browser restarted."""
    with profile(playwright, user_data) as context:
        context.add_init_script(OBSERVE)
        cold = visit(context, base, path)
        wait_for(context.pages[0], PRECACHED, timeout_s=240)
    with profile(playwright, user_data) as context:
        context.add_init_script(OBSERVE)
        warm = visit(context, base, path)
    return cold, warm


def summary(runs: list[dict]) -> dict[str, float]:
    """Medians of one visit kind's runs."""
    keys = (
        "field_ready_ms",
        "longest_task_before_ms",
        "longest_task_after_ms",
        "blocking_after_ms",
        "keystroke_max_ms",
        "totals_live_ms",
    )
    return {key: median([r[key] for r in runs]) for key in keys}


def measure(playwright: Playwright, base: str, runs: int, work: Path, log, path: str = "play/") -> dict[str, list]:
    """runs cold and warm visits to one served site."""
    raw: dict[str, list] = {"cold": [], "warm": []}
    for index in range(runs):
        log(f"phone CPU (×{RATE}): {path} cold then warm, run {index + 1} of {runs}")
        cold, warm = cold_and_warm(playwright, base, work / f"phone-{index}", path)
        raw["cold"].append(cold)
        raw["warm"].append(warm)
    return raw


def interleaved(sites: list[Path], runs: int, with_lighthouse: bool, log) -> dict[str, dict]:
    """Each site served at once; run by run, each site's cold and warm visit in turn (and Lighthouse likewise)."""
    raw: dict[str, dict] = {str(site): {"cold": [], "warm": [], "lighthouse": {}} for site in sites}
    with tempfile.TemporaryDirectory(prefix="phone-") as folder, ExitStack() as stack, sync_playwright() as pw:
        bases = {str(site): stack.enter_context(serve(site)) for site in sites}
        for index in range(runs):
            for site, base in bases.items():
                log(f"phone CPU (×{RATE}): {site} play/ cold then warm, run {index + 1} of {runs}")
                profile_dir = Path(folder) / f"{index}-{list(bases).index(site)}"
                cold, warm = cold_and_warm(pw, base, profile_dir, "play/")
                raw[site]["cold"].append(cold)
                raw[site]["warm"].append(warm)
            if not with_lighthouse:
                continue
            for site, base in bases.items():
                for page in ("", f"rules/{next(iter(build.GAMES))}/", "play/"):
                    log(f"Lighthouse {page or 'home'} ({site}), run {index + 1}")
                    raw[site]["lighthouse"].setdefault(page or "home", []).append(lighthouse(base + page))
                log(f"Lighthouse play/, the link and CPU applied ({site}), run {index + 1}")
                raw[site]["lighthouse"].setdefault(APPLIED, []).append(lighthouse(base + "play/", "devtools"))
    return raw


def table(raw: dict[str, dict]) -> str:
    """Medians per site, visit and figure, as Markdown."""
    lines = [
        "| site | visit | field takes input | longest task before | longest task after (blocking time) "
        "| slowest keystroke | first total |"
    ]
    lines.append("|---|---|---|---|---|---|---|")
    for site, data in raw.items():
        for kind in ("cold", "warm"):
            s = summary(data[kind])
            lines.append(
                f"| {site} | {kind} | {s['field_ready_ms']:.0f} ms | {s['longest_task_before_ms']:.0f} ms | "
                f"{s['longest_task_after_ms']:.0f} ms ({s['blocking_after_ms']:.0f} ms) | {s['keystroke_max_ms']:.0f} ms | "
                f"{s['totals_live_ms']:.0f} ms |"
            )
    for site, data in raw.items():
        for page, runs in data.get("lighthouse", {}).items():
            lines.append(
                f"| {site} | Lighthouse {page} | score {median([r['score'] for r in runs])} | TBT "
                f"{median([r['tbt_ms'] for r in runs]):.0f} ms | LCP {median([r['lcp_ms'] for r in runs]):.0f} ms | "
                f"FCP {median([r['fcp_ms'] for r in runs]):.0f} ms | |"
            )
    return "\n".join(lines)


def main() -> int:
    """Measure, print the table, write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per site (median reported); default 3")
    parser.add_argument("--site", type=Path, action="append", help="a built site (repeat to compare, interleaved)")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    log = lambda text: print(f"· {text}", file=sys.stderr, flush=True)  # noqa: E731
    load_before = round(os.getloadavg()[0], 2)
    with tempfile.TemporaryDirectory(prefix="phone-site-") as folder:
        sites = args.site
        if not sites:
            log("building the site")
            sites = [Path(folder) / "site"]
            subprocess.run([sys.executable, str(ROOT / "build.py"), str(sites[0])], check=True, capture_output=True)
        raw = interleaved(sites, args.runs, not args.no_lighthouse, log)
    meta = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": git_commit(),
        "load_before": load_before,
        "load_after": round(os.getloadavg()[0], 2),
        "runs": args.runs,
        "rate": RATE,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"meta": meta, "raw": raw}, indent=1) + "\n", encoding="utf-8")
    print(
        f"Medians of {args.runs} runs, CPU ×{RATE}, {meta['date']}, commit {meta['commit']}, load average "
        f"{load_before} before and {meta['load_after']} after.\n"
    )
    print(table(raw))
    return 0


if __name__ == "__main__":
    sys.exit(main())

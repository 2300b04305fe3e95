"""Built sites side by side on 127.0.0.1, in one interleaved run: rules pages' first contentful paint, and play/'s first
keystroke and first total on a first visit (service worker blocked, a fresh context each time).

For figures that bench/compare.py cannot give (it builds each commit itself, and never finished a first visit of
cbefee5): build each commit in a worktree of its own, then
`.venv/bin/python bench/sites.py --runs 11 A/site B/site` (medians; the order of sites is kept within each round).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.harness import CHROMIUM, CHROMIUM_ARGS, PHONE, PROBE, TIMEOUT, serve  # noqa: E402
from bench.run import rules_visit, running_browser  # noqa: E402
from scoring import GAMES  # noqa: E402


def play_first_visit(browser, base: str) -> tuple[float, float]:
    """play/ in a fresh context, a 7 typed as soon as the first field takes it: ms to that keystroke, to the total."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(base + "play/", wait_until="commit")
        page.wait_for_function("() => window.__bench.fieldReady", polling="raf", timeout=TIMEOUT)
        page.keyboard.press("7")
        page.wait_for_function("() => window.__bench.totalsLive", polling="raf", timeout=TIMEOUT)
        probe = page.evaluate("window.__bench")
        return probe["firstInput"], probe["totalsLive"]
    finally:
        context.close()


def main() -> int:
    """Measure each site --runs times, interleaved, and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--no-rules", action="store_true", help="only play/")
    parser.add_argument("sites", nargs="+", type=Path)
    args = parser.parse_args()
    paint: dict[Path, list[float]] = {site: [] for site in args.sites}
    typed: dict[Path, list[float]] = {site: [] for site in args.sites}
    total: dict[Path, list[float]] = {site: [] for site in args.sites}
    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        urls = {site: stack.enter_context(serve(site)) for site in args.sites}
        with running_browser(playwright) as context:
            for _ in range(0 if args.no_rules else args.runs):
                for site in args.sites:
                    for game in GAMES:
                        paint[site].append(rules_visit(context, f"{urls[site]}rules/{game}/")["fcp_ms"])
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for _ in range(args.runs):
            for site in args.sites:
                keystroke, first_total = play_first_visit(browser, urls[site])
                typed[site].append(keystroke)
                total[site].append(first_total)
        browser.close()
    print("| site | rules pages: first contentful paint | play/: first keystroke | play/: first total |")
    print("|---|---|---|---|")
    for site in args.sites:
        painted = f"{statistics.median(paint[site]):.0f} ms" if paint[site] else "–"
        print(
            f"| {site} | {painted} | {statistics.median(typed[site]):.0f} ms | {statistics.median(total[site]):.0f} ms |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

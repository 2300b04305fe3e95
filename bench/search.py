"""Search figures: index size (raw and gzipped), index load (fetch and prepare) and per-query time, medians.

Run: .venv/bin/python bench/search.py [--runs 5]. Each run opens the search page in a fresh Chromium context
on 127.0.0.1 (phone viewport), types each query and reads the page's own timings (window.__tcSearch).
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402

QUERIES = ("工人", "警卫室", "起始玩家卡片", "worker cards", "cardinal", "pets", "声望轨", "tie")


def main() -> int:
    """Build, serve, measure, print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build.build(site)
        data = (site / "search" / "index.json").read_bytes()
        server = SiteServer(site)
        server.start()
        loads: list[float] = []
        queries: list[float] = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for _ in range(runs):
                    context = browser.new_context(viewport={"width": 360, "height": 740})
                    page = context.new_page()
                    page.goto(f"{server.url}search/")
                    for query in QUERIES:
                        page.fill("#q", query)
                        page.locator(f'body[data-searched="{query}"]').wait_for(state="attached")
                    timings = page.evaluate("window.__tcSearch")
                    loads.append(timings["load"])
                    queries.extend(timings["queries"])
                    context.close()
                browser.close()
        finally:
            server.stop()
    print("| figure | value |\n|---|---|")
    print(f"| search/index.json | {len(data) / 1024:.0f} KiB ({len(gzip.compress(data, 9)) / 1024:.0f} KiB gzipped) |")
    print(f"| index fetch + prepare, median of {runs} | {statistics.median(loads):.1f} ms |")
    print(f"| one query (search + render), median of {len(queries)} | {statistics.median(queries):.2f} ms |")
    for i, query in enumerate(QUERIES):
        print(f"| “{query}”, median of {runs} | {statistics.median(queries[i :: len(QUERIES)]):.2f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The network row of `make bench`: play/ against the floor over a phone's link (bench/throttle.py), Chromium.

For each link (10 Mbit/s with 40 ms per request, 1.6 Mbit/s with 150 ms), each run: a fresh profile opens play/ and
types a 7 into the first field as soon as it takes input; figures are the time to the first total Python computed
and the body bytes the server sent until then; the floor page (stock PyScript + Pyodide, one line) likewise in a
fresh profile. Unless --no-warm, the browser is then restarted on play/'s profile once the offline copy holds the
calculator, and play/ opened again (warm). `make bench` (bench/run.py) measures the same with its --runs; alone:
`.venv/bin/python bench/network.py` (about 8 minutes).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.harness import PRECACHED, TIMEOUT, add_floor, git_commit, local_server, profile, wait_for  # noqa: E402
from sitebuild.publish import write_compressed  # noqa: E402

LINKS = {"10 Mbit/s, 40 ms": (10.0, 40.0), "1.6 Mbit/s, 150 ms": (1.6, 150.0)}
RESULTS = ROOT / "bench" / "results" / "network.json"
MB = 1_000_000


def throttled(site: Path, mbit: float, rtt_ms: float) -> AbstractContextManager[str]:
    """The site behind bench/throttle.py on a free local port; yields its base URL."""
    return local_server(["bench.throttle", str(site), "--mbit", str(mbit), "--rtt-ms", str(rtt_ms)], quiet=False)


def sent(base: str) -> int:
    """Body bytes the throttled server has sent so far."""
    with urllib.request.urlopen(base + "__bytes") as answer:
        return int(answer.read())


def play_visit(context: BrowserContext, base: str) -> dict[str, float]:
    """play/: a 7 typed as soon as the first field takes it; ms to the first total, bytes sent until then."""
    page = context.pages[0]
    before = sent(base)
    page.goto(base + "play/", wait_until="commit")
    page.wait_for_function("() => window.__bench.fieldReady", polling="raf", timeout=TIMEOUT * 2)
    page.keyboard.press("7")
    page.wait_for_function("() => window.__bench.totalsLive", polling="raf", timeout=TIMEOUT * 3)
    moved = sent(base) - before
    probe = page.evaluate("window.__bench")
    return {"first_total_ms": probe["totalsLive"], "first_keystroke_ms": probe["firstInput"], "bytes": moved}


def floor_visit(context: BrowserContext, url: str, base: str) -> dict[str, float]:
    """The floor page: ms until its one line answered, bytes sent until then."""
    page = context.pages[0]
    before = sent(base)
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => window.__floorReady", polling="raf", timeout=TIMEOUT * 3)
    return {"first_total_ms": page.evaluate("window.__floorReady"), "bytes": sent(base) - before}


def one_run(playwright, site: Path, work: Path, mbit: float, rtt: float, warm: bool) -> dict[str, dict]:
    """play/ cold (and warm), then the floor cold, each on a fresh profile, over one link."""
    result: dict[str, dict] = {}
    with throttled(site, mbit, rtt) as base:
        profile_dir = Path(tempfile.mkdtemp(dir=work))
        with profile(playwright, profile_dir) as context:
            result["play_cold"] = play_visit(context, base)
            if warm:
                wait_for(context.pages[0], PRECACHED, timeout_s=600)
        if warm:
            with profile(playwright, profile_dir) as context:
                result["play_warm"] = play_visit(context, base)
        with profile(playwright, Path(tempfile.mkdtemp(dir=work))) as context:
            result["floor_cold"] = floor_visit(context, base + "bench-floor/", base)
    return result


def summary(runs: list[dict[str, dict]]) -> dict[str, float]:
    """Medians of every figure, and the ratios of play/'s medians to the floor's."""
    figures: dict[str, float] = {}
    for visit in runs[0]:
        for name in runs[0][visit]:
            figures[f"{visit}.{name}"] = round(statistics.median(r[visit][name] for r in runs), 1)
    figures["cold_over_floor"] = round(figures["play_cold.first_total_ms"] / figures["floor_cold.first_total_ms"], 2)
    if "play_warm.first_total_ms" in figures:
        figures["warm_over_floor_cold"] = round(
            figures["play_warm.first_total_ms"] / figures["floor_cold.first_total_ms"], 2
        )
    return figures


def table(report: dict) -> str:
    """The Markdown table of a report."""
    lines = [
        "| link | play/ first total, cold | floor, cold | ratio | bytes before the first total (floor) "
        "| play/ warm | first keystroke cold / warm |",
        "|---|---|---|---|---|---|---|",
    ]
    for link, figures in report["links"].items():
        warm = figures.get("play_warm.first_total_ms")
        keys = f"{figures['play_cold.first_keystroke_ms']:.0f}"
        if warm is not None:
            keys += f" / {figures['play_warm.first_keystroke_ms']:.0f} ms"
        lines.append(
            f"| {link} | {figures['play_cold.first_total_ms'] / 1000:.1f} s "
            f"| {figures['floor_cold.first_total_ms'] / 1000:.1f} s | **{figures['cold_over_floor']:.2f}×** "
            f"| {figures['play_cold.bytes'] / MB:.2f} MB ({figures['floor_cold.bytes'] / MB:.2f} MB) "
            f"| {'' if warm is None else f'{warm / 1000:.2f} s'} | {keys} |"
        )
    meta = report["meta"]
    lines.append(
        f"\nMedians of {meta['runs']} runs, {meta['date']}, commit {meta['commit']}, load average "
        f"{meta['load_before']} before and {meta['load_after']} after (`{meta['command']}`)."
    )
    return "\n".join(lines)


def compress_floor(floor: Path) -> None:
    """Brotli and gzip copies of the floor's files, as the build writes its own (a host serves both alike)."""
    write_compressed(floor, build.CACHE / "compressed", sorted(p for p in floor.rglob("*") if p.is_file()))


def prepared_site(work: Path) -> Path:
    """The site built now with the floor beside it, compressed."""
    site = work / "site"
    subprocess.run([sys.executable, str(ROOT / "build.py"), str(site)], check=True, capture_output=True)
    compress_floor(site / add_floor(site))
    return site


def measure(
    playwright: Playwright,
    site: Path,
    work: Path,
    runs: int,
    log: Callable[[str], None],
    links: list[str] | None = None,
    warm: bool = True,
) -> dict[str, list[dict[str, dict]]]:
    """Every run over every link (site holds the compressed floor); the raw figures per link."""
    raw: dict[str, list] = {}
    for link in links or LINKS:
        mbit, rtt = LINKS[link]
        raw[link] = []
        for run in range(runs):
            log(f"{link}: play/ cold{', warm' if warm else ''}, the floor cold; run {run + 1} of {runs}")
            raw[link].append(one_run(playwright, site, work, mbit, rtt, warm))
    return raw


def main() -> int:
    """Measure, print the table, write JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--link", choices=list(LINKS), action="append", help="only this link (repeatable)")
    parser.add_argument("--no-warm", action="store_true", help="skip the warm visit")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--table", type=Path, help="print the Markdown table of this JSON and stop")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(args.table.read_text(encoding="utf-8"))))
        return 0
    load_before = round(os.getloadavg()[0], 2)
    log = lambda text: print(f"· {text}", file=sys.stderr, flush=True)  # noqa: E731
    with tempfile.TemporaryDirectory(prefix="tc-network-") as temporary, sync_playwright() as playwright:
        work = Path(temporary)
        raw = measure(playwright, prepared_site(work), work, args.runs, log, args.link, not args.no_warm)
    report = {
        "meta": {
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": git_commit(),
            "load_before": load_before,
            "load_after": round(os.getloadavg()[0], 2),
            "runs": args.runs,
            "command": " ".join(["python bench/network.py", *sys.argv[1:]]),
        },
        "links": {link: summary(runs) for link, runs in raw.items()},
        "raw": raw,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

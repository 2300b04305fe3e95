"""`make bench`: build the site, drive it in Chromium over 127.0.0.1, print a Markdown table, write JSON.

Every figure is the median of --runs runs (5 by default). The machine's load is recorded with the results:
compare figures from one run, not across runs made under different load.
`python bench/run.py --table bench/baseline.json` prints the table of an earlier run (for docs/performance.md).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TypeVar

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench import engines, network, phone_cpu  # noqa: E402
from bench.harness import (  # noqa: E402
    FIRST_FIELD,
    PHONE,
    PRECACHED,
    TIMEOUT,
    add_floor,
    git_commit,
    lighthouse,
    profile,
    serve,
    wait_for,
)
from bench.report import markdown, summarize  # noqa: E402
from tests.conftest import CHROMIUM_ARGS, FULL_CHROMIUM  # noqa: E402
from tests.e2e.playpage import OFFLINE_STATUS, wait_for_async, wait_until_offline_ready  # noqa: E402
from tests.e2e.updates import rebuild_with_one_page_changed, replace_site  # noqa: E402
from tests.nginx import Nginx  # noqa: E402

T = TypeVar("T")
RESULTS = ROOT / "bench" / "results" / "latest.json"
SETTLE_S = 3  # a browser just started loads its own pages (omnibox and other WebUI) for a while; then it is idle
DWELL_MS = 3000  # a first visit stays open this long after Python answered: caches settle as for a real player
WIRE_WAIT_MS = 40_000  # a first visit to a rules page: everything the site fetches within 40 s of opening it


# In the page: a promise of the time when the form's data-computed counter next moves.
NEXT_COMPUTED = """(form) => {
  const before = Number(form.dataset.computed ?? 0);
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (Number(form.dataset.computed ?? 0) > before) { watch.disconnect(); resolve(performance.now()); }
    });
    watch.observe(form, { attributes: true, attributeFilter: ["data-computed"] });
  });
}"""

# In the page: change the view through the URL, as a tab does; ms until the target form has computed again.
SWITCH = """async ([hash, game, tool]) => {
  const form = document.querySelector(`section.game[data-game="${game}"] form[data-tool="${tool}"]`);
  const computed = (NEXT_COMPUTED)(form);
  const started = performance.now();
  location.hash = hash;
  return (await computed) - started;
}""".replace("NEXT_COMPUTED", NEXT_COMPUTED)

# In the page: one edit of a field (value set, input event as a keystroke sends it); ms until its form computed.
EDIT = """async ([selector, value]) => {
  const field = document.querySelector(selector);
  const computed = (NEXT_COMPUTED)(field.closest("form"));
  const started = performance.now();
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  return (await computed) - started;
}""".replace("NEXT_COMPUTED", NEXT_COMPUTED)


PYTHON_URL = re.compile(r"/(pyodide|pyscript|py)/|\.(py|wasm)(\?|$)")


# ------------------------------------------------------------------ preparing what is served


def timed_builds(runs: int, into: Path) -> tuple[list[float], Path]:
    """Build the whole site runs times as `python build.py DIR` does; seconds per build and the last site."""
    seconds = []
    for index in range(runs):
        out = into / f"site-{index}"
        started = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "build.py"), str(out)], check=True, capture_output=True)
        seconds.append(time.perf_counter() - started)
    return seconds, out


# ------------------------------------------------------------------ browser visits


def page_requests(page: Page) -> list[str]:
    """URLs this page (and the workers it starts) requests from now on; the service worker's own are not its."""
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def cold_then_warm(playwright: Playwright, user_data: Path, visit: Callable[[BrowserContext, bool], T]) -> tuple[T, T]:
    """A first visit on a fresh profile, then a second one after restarting the browser on the same profile."""
    results = []
    for cold in (True, False):
        with profile(playwright, user_data) as context:
            results.append(visit(context, cold))
    return results[0], results[1]


def visit_play(context: BrowserContext, cold: bool, base: str, extras: bool = True) -> dict[str, object]:
    """Open play/ and type as soon as a field takes it; when Python's first total shows, measure the rest."""
    page = context.pages[0]
    requested = page_requests(page)
    page.goto(base + "play/", wait_until="commit")
    page.wait_for_function("() => window.__bench.fieldReady", polling="raf", timeout=TIMEOUT)
    page.keyboard.press("7")  # into the field the probe focused
    page.wait_for_function("() => window.__bench.totalsLive", timeout=TIMEOUT)
    probe = page.evaluate("window.__bench")
    result: dict[str, object] = {
        "field_ready_ms": probe["fieldReady"],
        "first_keystroke_ms": probe["firstInput"],
        "totals_live_ms": probe["totalsLive"],
    }
    if cold:
        result["precache"] = wait_for(page, PRECACHED)
        page.wait_for_timeout(DWELL_MS)
    elif extras:
        starts = sum(1 for url in requested if url.endswith("pyodide.asm.wasm"))
        result.update(switch_views(page))
        result["python_starts_on_switch"] = sum(1 for url in requested if url.endswith("pyodide.asm.wasm")) - starts
        result["recompute_ms"] = edits(page)
    return result


def visit_floor(context: BrowserContext, cold: bool, url: str) -> float:
    """Open the floor page; ms from navigation until Python's one line has answered."""
    page = context.pages[0]
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => window.__floorReady", timeout=TIMEOUT)
    if cold:
        page.wait_for_timeout(DWELL_MS)
    return page.evaluate("window.__floorReady")


def switch_views(page: Page) -> dict[str, list[float]]:
    """Every game's setup → score sheet, and each score sheet → the next game's: ms until the new view computed."""
    games = page.eval_on_selector_all("section.game[data-game]", "all => all.map((s) => s.dataset.game)")
    tool_ms, game_ms = [], []
    for index, game in enumerate(games):
        page.evaluate("hash => { location.hash = hash; }", f"#{game}/setup")
        page.wait_for_function("game => document.body.dataset.view === `${game}/setup`", arg=game, timeout=TIMEOUT)
        tool_ms.append(page.evaluate(SWITCH, [f"#{game}/score", game, "score"]))
        following = games[(index + 1) % len(games)]
        game_ms.append(page.evaluate(SWITCH, [f"#{following}/score", following, "score"]))
    return {"switch_tool_ms": tool_ms, "switch_game_ms": game_ms}


def edits(page: Page, count: int = 10) -> list[float]:
    """Edit the first field of the visible score sheet count times; ms from each edit until it was computed."""
    selector = FIRST_FIELD
    return [page.evaluate(EDIT, [selector, str(value)]) for value in range(1, count + 1)]


PAINT = """() => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
  const sum = (key) => entries.reduce((total, e) => total + e[key], 0);
  return { fcp: fcp ? fcp.startTime : null, bytes: sum("transferSize"), decoded: sum("decodedBodySize") };
}"""


@contextmanager
def running_browser(playwright: Playwright) -> Iterator[BrowserContext]:
    """Chromium started and left to settle (its own start-up work done), as a reader's browser usually is."""
    browser = playwright.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        context = browser.new_context(viewport=PHONE, service_workers="allow")
        context.new_page().goto("about:blank")
        time.sleep(SETTLE_S)
        yield context
    finally:
        browser.close()


def rules_visit(context: BrowserContext, url: str) -> dict[str, object]:
    """A rules page in a new tab of a running browser that has nothing of the site (HTTP cache and site data cleared):
    bytes the page transferred, first contentful paint, Python requests."""
    cdp = context.new_cdp_session(context.pages[0])
    cdp.send("Network.clearBrowserCache")
    origin = url.split("/rules/")[0]
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    cdp.detach()
    page = context.new_page()
    try:
        requested = page_requests(page)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(500)  # anything the page would start after load
        paint = page.evaluate(PAINT)
    finally:
        page.close()
    return {
        "bytes": paint["bytes"],
        "decoded_bytes": paint["decoded"],
        "fcp_ms": paint["fcp"],
        "requests": len(requested),
        "python": [u for u in requested if PYTHON_URL.search(u)],
    }


def rules_visit_started_browser(playwright: Playwright, url: str) -> float:
    """First contentful paint of a rules page opened as the very first thing a just-started browser does."""
    browser = playwright.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = browser.new_context(viewport=PHONE, service_workers="allow").new_page()
        page.goto(url, wait_until="load")
        page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length", timeout=TIMEOUT)
        return page.evaluate(PAINT)["fcp"]
    finally:
        browser.close()


# ------------------------------------------------------------------ bytes over the wire (nginx, precompressed files)


def wire_visit(playwright: Playwright, site: Path, work: Path, game: str) -> dict[str, int]:
    """Bytes nginx sent (its access log) for: a rules page's first visit in a fresh profile, 40 s; then making the
    calculator offline from the home page's offer; then the update after a new build with one page changed."""
    live = work / "live"
    shutil.copytree(site, live)
    server = Nginx(live, work / "nginx")
    server.start()
    browser = playwright.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS, headless=True)

    def since(mark: int) -> int:
        return sum(size for _, _, size in server.sent()[mark:])

    try:
        page = browser.new_context(viewport=PHONE, service_workers="allow").new_page()
        page.goto(f"{server.url}rules/{game}/")
        page.wait_for_timeout(WIRE_WAIT_MS)
        result = {"rules_first_visit": since(0)}
        mark = len(server.sent())
        page.goto(server.url)
        page.click('.offline-offer [data-offline-action="keep"]')
        page.wait_for_selector('.offline-offer [data-offline-tier="python"][data-stored="true"]', timeout=TIMEOUT)
        result["calculator_offline"] = since(mark)
        before = page.evaluate(OFFLINE_STATUS)["version"]
        replace_site(live, rebuild_with_one_page_changed(work / "next"))
        mark = len(server.sent())
        page.goto(f"{server.url}rules/{game}/")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        wait_for_async(page, f"async (old) => (await ({OFFLINE_STATUS})()).version !== old", before, TIMEOUT)
        wait_until_offline_ready(page, python=True)
        result["update"] = since(mark)
        return result
    finally:
        browser.close()
        server.stop()


# ------------------------------------------------------------------ Lighthouse


# ------------------------------------------------------------------ the whole run


def measure_wire(runs: int, site: Path, work: Path, log: Callable[[str], None]) -> list[dict[str, int]]:
    """The bytes-over-the-wire visits, runs times."""
    visits = []
    with sync_playwright() as playwright:
        for index in range(runs):
            log(f"bytes over the wire (nginx): rules first visit, calculator offline, update; run {index + 1}")
            visits.append(wire_visit(playwright, site, work / f"wire-{index}", "bruges"))
    return visits


def measure_network(
    playwright: Playwright, site: Path, floor_path: str, work: Path, runs: int, log: Callable[[str], None]
) -> dict[str, list]:
    """play/ cold and warm against the floor cold over both phone links (bench/network.py), after the figures on
    127.0.0.1: the floor's files are compressed from here on, as the build's are."""
    network.compress_floor(site / floor_path)
    return network.measure(playwright, site, work, runs, log)


def measure(
    runs: int, with_lighthouse: bool, log: Callable[[str], None], only_wire: bool = False, with_network: bool = True
) -> dict[str, object]:
    """Every figure of the benchmark, raw runs included (only the bytes over the wire with only_wire)."""
    raw: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        work = Path(folder)
        log(f"building the site {runs} times")
        raw["build_s"], site = timed_builds(runs, work)
        raw["wire"] = measure_wire(runs, site, work, log)
        if only_wire:
            return raw
        floor_path = add_floor(site)
        with serve(site) as url:
            with sync_playwright() as playwright:
                raw["rules"], raw["rules_started_browser"] = {}, {}
                with running_browser(playwright) as context:
                    for game in build.GAMES:
                        log(f"rules/{game}/ in a running browser")
                        raw["rules"][game] = [rules_visit(context, f"{url}rules/{game}/") for _ in range(runs)]
                for game in build.GAMES:
                    log(f"rules/{game}/ in a just-started browser")
                    raw["rules_started_browser"][game] = [
                        rules_visit_started_browser(playwright, f"{url}rules/{game}/") for _ in range(runs)
                    ]
                raw["play"], raw["floor"] = {"cold": [], "warm": []}, {"cold": [], "warm": []}
                for index in range(runs):
                    log(f"play/ and the floor, cold then warm, run {index + 1} of {runs}")
                    play = cold_then_warm(playwright, work / f"play-{index}", partial(visit_play, base=url))
                    floor = cold_then_warm(
                        playwright, work / f"floor-{index}", partial(visit_floor, url=url + floor_path)
                    )
                    for visit, play_result, floor_result in zip(("cold", "warm"), play, floor, strict=True):
                        raw["play"][visit].append(play_result)
                        raw["floor"][visit].append(floor_result)
                raw["phone_cpu"] = phone_cpu.measure(playwright, url, runs, work, log)
                raw["engines"] = engines.measure(playwright, site, runs, log)
                if with_network:
                    raw["network"] = measure_network(playwright, site, floor_path, work, runs, log)
            if with_lighthouse:
                raw["lighthouse"] = {}
                for path in ("", f"rules/{next(iter(build.GAMES))}/", "play/"):
                    log(f"Lighthouse {path or 'home'}")
                    raw["lighthouse"][path or "home"] = [lighthouse(url + path) for _ in range(runs)]
                log("Lighthouse play/, the link and CPU applied")
                raw["lighthouse"][phone_cpu.APPLIED] = [lighthouse(url + "play/", "devtools") for _ in range(runs)]
    return raw


def main() -> int:
    """Run the benchmark, or print the table of an earlier run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median reported); default 5")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse (the slowest part)")
    parser.add_argument(
        "--out", type=Path, default=RESULTS, help=f"JSON to write (default {RESULTS.relative_to(ROOT)})"
    )
    parser.add_argument("--table", type=Path, help="print the Markdown table of this JSON and stop")
    parser.add_argument("--only-wire", action="store_true", help="only the bytes over the wire (build and nginx)")
    parser.add_argument("--no-network", action="store_true", help="skip the phone links (bench/network.py)")
    args = parser.parse_args()
    if args.table:
        print(markdown(json.loads(args.table.read_text(encoding="utf-8"))))
        return 0
    load_before = round(os.getloadavg()[0], 2)
    chromium = subprocess.run([FULL_CHROMIUM, "--version"], capture_output=True, text=True).stdout.split()
    log = lambda text: print(f"· {text}", file=sys.stderr, flush=True)  # noqa: E731
    raw = measure(args.runs, not args.no_lighthouse, log, args.only_wire, not args.no_network)
    report = {
        "meta": {
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": git_commit(),
            "chromium": chromium[1] if len(chromium) > 1 else "?",
            "cores": os.cpu_count(),
            "load_before": load_before,
            "load_after": round(os.getloadavg()[0], 2),
            "runs": args.runs,
            "command": " ".join(["make bench" if len(sys.argv) == 1 else "python bench/run.py", *sys.argv[1:]]),
        },
        "rows": summarize(raw),
        "raw": raw,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(markdown(report))
    print(f"\nwritten: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

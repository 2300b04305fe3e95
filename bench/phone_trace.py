"""Where a phone's processor goes on play/ (issue 44): one cold visit as bench/phone_cpu.py makes it (CPU slowed 4×,
the first field typed into until Python's first total), recorded as a Chromium trace with the JavaScript sampling
profiler, and its long tasks listed: for each task of the page's main thread of at least --min-ms, the functions that
took its time (self time, from the profile) and Blink's own largest steps (layout, style, parsing, events).

`.venv/bin/python bench/phone_trace.py SITE [--out trace.json] [--rate 4] [--min-ms 50]` (SITE: a built site; the
trace opens in Chrome DevTools' Performance panel or https://ui.perfetto.dev).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.harness import PHONE, PROBE, serve  # noqa: E402
from bench.phone_cpu import OBSERVE, evaluate, keystrokes, until  # noqa: E402
from tests.conftest import CHROMIUM_ARGS, FULL_CHROMIUM  # noqa: E402

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.stack",
    "disabled-by-default-v8.cpu_profiler",
    "v8.execute",
    "blink.user_timing",
    "loading",
    "toplevel",
    "blink",
]
# Blink's own steps worth naming in a task (the profile calls all of them "(program)").
STEPS = {"Layout", "UpdateLayoutTree", "ParseHTML", "Document::FinishedParsing", "Paint", "EventDispatch", "Commit"}


def record(site: Path, out: Path, rate: float) -> dict:
    """One cold visit to play/ with the processor slowed, traced into out; the probe's marks."""
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(viewport=PHONE, service_workers="allow")
        context.add_init_script(PROBE)
        context.add_init_script(OBSERVE)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        browser.start_tracing(page=page, path=str(out), categories=CATEGORIES)
        page.goto(base + "play/", wait_until="commit")
        until(cdp, "window.__bench?.fieldReady")
        keystrokes(page, cdp)
        until(cdp, "window.__bench.totalsLive")
        browser.stop_tracing()
        marks = evaluate(cdp, "window.__bench")
        browser.close()
    return marks


def profile_samples(events: list[dict], main: tuple) -> list[tuple[float, str]]:
    """The sampling profiler's samples on the main thread: (time, "function file:line") in trace microseconds."""
    profile = next(e for e in events if e.get("name") == "Profile" and (e["pid"], e["tid"]) == main)
    nodes: dict[int, str] = {}
    samples, clock = [], profile["args"]["data"]["startTime"]
    chunks = [e for e in events if e.get("name") == "ProfileChunk" and e.get("id") == profile["id"]]
    for chunk in sorted(chunks, key=lambda e: e["ts"]):
        data = chunk["args"]["data"]
        for node in data.get("cpuProfile", {}).get("nodes", []):
            frame = node["callFrame"]
            where = f"{frame.get('url', '').rsplit('/', 1)[-1]}:{frame.get('lineNumber', -1) + 1}"
            nodes[node["id"]] = f"{frame['functionName'] or '(anonymous)'} {where}"
        profiled = data.get("cpuProfile", {}).get("samples", [])
        for node_id, delta in zip(profiled, data.get("timeDeltas", []), strict=True):
            clock += delta
            samples.append((clock, nodes[node_id]))
    return samples


def long_tasks(trace: Path, min_ms: float) -> list[str]:
    """One line per long task of the page's main thread: when, how long, its functions' and Blink's steps' times."""
    data = json.loads(trace.read_text(encoding="utf-8"))
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    main = next(thread for thread, name in names.items() if name == "CrRendererMain")
    start = min(e["ts"] for e in events if e.get("name") == "navigationStart")
    timed = sorted(
        (e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X" and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    samples = profile_samples(events, main)
    lines = []
    for task in (e for e in timed if e["name"] == "ThreadControllerImpl::RunTask" and e["dur"] >= min_ms * 1000):
        end = task["ts"] + task["dur"]
        spent: dict[str, float] = defaultdict(float)
        inside = [s for s in samples if task["ts"] <= s[0] < end]
        # A sample lasts until the next one, the last until the task ends; a task with no sample has only Blink's steps.
        ends = [at for at, _ in inside[1:]] + [end] if inside else []
        for (at, name), after in zip(inside, ends, strict=True):
            spent[name] += (after - at) / 1000
        reached: dict[str, float] = {}  # a step inside one of its own kind (an event in an event) counted once
        for step in (e for e in timed if e["name"] in STEPS and task["ts"] <= e["ts"] < end):
            if step["ts"] >= reached.get(step["name"], 0):
                spent[f"[{step['name']}]"] += step["dur"] / 1000
                reached[step["name"]] = step["ts"] + step["dur"]
        top = sorted(spent.items(), key=lambda item: -item[1])[:6]
        shown = "; ".join(f"{name} {ms:.0f}" for name, ms in top)
        lines.append(f"{(task['ts'] - start) / 1000:7.0f} ms  {task['dur'] / 1000:5.0f} ms  {shown}")
    return lines


def main() -> int:
    """Record a visit, list its long tasks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a built site")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "phone-trace.json")
    parser.add_argument("--rate", type=float, default=4, help="CPU slowdown (default 4)")
    parser.add_argument("--min-ms", type=float, default=50, help="list tasks at least this long (default 50)")
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    marks = record(args.site, args.out, args.rate)
    print(
        f"field takes input {marks['fieldReady']:.0f} ms, first total {marks['totalsLive']:.0f} ms; trace: {args.out}"
    )
    print("  start   length  where the time went (ms; [Blink's steps] overlap the functions' self time)")
    print("\n".join(long_tasks(args.out, args.min_ms)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

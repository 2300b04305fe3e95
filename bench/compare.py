"""Compare play/'s start-up across git revisions, measured in one interleaved run so the machine's load hits all alike.

    .venv/bin/python bench/compare.py --runs 5 main bench~2 .    # "." is the working tree

Each revision is built from `git archive` (the working tree as it is for "."), served on its own port, and visited
cold then warm in turn with the stock PyScript + Pyodide floor of bench/run.py. Prints medians in a Markdown table.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from functools import partial
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.harness import add_floor, median, serve  # noqa: E402
from bench.run import cold_then_warm, visit_floor, visit_play  # noqa: E402


def build_revision(revision: str, into: Path) -> Path:
    """The site built from a revision's files (or the working tree's for '.')."""
    out = into / "site"
    if revision == ".":
        subprocess.run([sys.executable, str(ROOT / "build.py"), str(out)], check=True, capture_output=True)
        return out
    tree = into / "tree"
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", revision], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    (tree / "node_modules").symlink_to((ROOT / "node_modules").resolve())
    subprocess.run([sys.executable, str(tree / "build.py"), str(out)], cwd=tree, check=True, capture_output=True)
    return out


def main() -> int:
    """Build each revision, visit them in turn, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revisions", nargs="+", help="git revisions, or '.' for the working tree")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    times: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory(prefix="compare-") as folder, ExitStack() as stack:
        work = Path(folder)
        urls = {}
        for index, revision in enumerate(args.revisions):
            print(f"· building {revision}", file=sys.stderr, flush=True)
            site = build_revision(revision, work / f"rev-{index}")
            if index == 0:
                floor_path = add_floor(site)
                floor_url = stack.enter_context(serve(site)) + floor_path
            urls[revision] = stack.enter_context(serve(site))
        with sync_playwright() as playwright:
            for run in range(args.runs):
                print(f"· run {run + 1} of {args.runs}", file=sys.stderr, flush=True)
                visits = [(rev, partial(visit_play, base=url, extras=False)) for rev, url in urls.items()]
                visits.append(("floor", partial(visit_floor, url=floor_url)))
                for slot, (name, visit) in enumerate(visits):
                    profile = work / f"profile-{run}-{slot}"
                    cold, warm = cold_then_warm(playwright, profile, visit)
                    shutil.rmtree(profile, ignore_errors=True)
                    seen = times.setdefault(name, {})
                    for key, value in (("cold", cold), ("warm", warm)):
                        if isinstance(value, dict):  # play/: the first keystroke too
                            seen.setdefault(f"key {key}", []).append(value["first_keystroke_ms"])
                            value = value["totals_live_ms"]
                        seen.setdefault(key, []).append(value)
    floor = times["floor"]
    print(f"Medians of {args.runs} interleaved runs (`{' '.join(['bench/compare.py', *sys.argv[1:]])}`).\n")
    print("| revision | first keystroke cold | warm | totals live cold | warm | ÷ floor cold | warm |")
    print("|---|---|---|---|---|---|---|")
    for name, seen in times.items():
        keys = [f"{median(seen[k]):.0f} ms" if k in seen else "" for k in ("key cold", "key warm")]
        live = [median(seen[k]) for k in ("cold", "warm")]
        ratios = [f"{value / median(floor[k]):.2f}×" for value, k in zip(live, ("cold", "warm"), strict=True)]
        print(f"| {name} | {keys[0]} | {keys[1]} | {live[0]:.0f} ms | {live[1]:.0f} ms | {ratios[0]} | {ratios[1]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

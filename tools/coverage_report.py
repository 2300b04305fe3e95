"""Line coverage of static/*.js from the V8 coverage tests/js_coverage.py wrote: a table per file, the total.

`.venv/bin/python tools/coverage_report.py FOLDER [--static static] [--json out.json]`. A line with code counts as
run when the innermost V8 range holding its first non-blank character had a count above 0 in any page; a blank line,
a comment-only line or one of closing brackets alone is not counted. Offsets are UTF-16 code units, as V8 gives them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from bisect import bisect_left
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from sitebuild.offline_copy import with_shared_names

NO_CODE = re.compile(r"^(//.*|/\*(?:(?!\*/).)*\*/|[\])}]+[;,)]*|[({\[])$")
"""A stripped line that holds no statement: a comment, or brackets alone."""


def code_lines(source: str) -> dict[int, int]:
    """Line number -> the UTF-16 offset of its first non-blank character, for every line that holds code."""
    found, offset, in_comment = {}, 0, False
    for number, line in enumerate(source.splitlines(keepends=True), start=1):
        text = line.strip()
        if in_comment:
            in_comment = "*/" not in text
        elif text.startswith("/*") and "*/" not in text:
            in_comment = True
        elif text and not NO_CODE.match(text):
            found[number] = offset + len(line[: len(line) - len(line.lstrip())].encode("utf-16-le")) // 2
        offset += len(line.encode("utf-16-le")) // 2
    return found


def run_lines(functions: list[dict], lines: dict[int, int]) -> set[int]:
    """The lines whose first character's innermost range has a count above 0 in one take of a script."""
    numbers = sorted(lines, key=lines.get)
    offsets = [lines[n] for n in numbers]
    count = [0] * len(numbers)
    ranges = [r for f in functions for r in f["ranges"]]
    for r in sorted(ranges, key=lambda r: r["startOffset"] - r["endOffset"]):  # widest first, the innermost last
        for i in range(bisect_left(offsets, r["startOffset"]), bisect_left(offsets, r["endOffset"])):
            count[i] = r["count"]
    return {n for n, c in zip(numbers, count, strict=True) if c > 0}


def report(folders: list[Path], static: Path) -> dict[str, dict]:
    """Per static script: how many lines hold code, how many ran, and the text of those that ran."""
    sources = {  # as served: the names the build writes in (sitebuild/offline_copy.py) move V8's offsets
        f"static/{p.name}": with_shared_names(p.read_text(encoding="utf-8"))
        for p in sorted(static.iterdir())
        if p.suffix in (".js", ".mjs")
    }
    lines = {name: code_lines(text) for name, text in sources.items()}
    run: dict[str, set[int]] = defaultdict(set)
    for folder in folders:
        for file in sorted(folder.glob("*.json")):
            for script in json.loads(file.read_text(encoding="utf-8"))["scripts"]:
                if script["file"] in lines:
                    run[script["file"]] |= run_lines(script["functions"], lines[script["file"]])
    return {
        name: {
            "lines": len(lines[name]),
            "run": len(run[name]),
            "run_lines": {n: text.splitlines()[n - 1].strip() for n in sorted(run[name])},
        }
        for name, text in sources.items()
    }


def lost_lines(before: dict, after: dict) -> dict[str, list[str]]:
    """Per file, lines (by their text, as a line may move) that ran before and not after."""
    lost = {}
    for name, row in before["files"].items():
        now = Counter(after["files"].get(name, {"run_lines": {}})["run_lines"].values())
        now.subtract(row["run_lines"].values())
        if gone := [text for text, left in now.items() if left < 0]:
            lost[name] = gone
    return lost


def main() -> None:
    """Print the table; write it as JSON when asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--static", type=Path, default=Path("static"))
    parser.add_argument("--json", type=Path, help="write the table here")
    parser.add_argument("--compare", type=Path, help="a --json of an earlier run: list the lines it ran and this not")
    args = parser.parse_args()
    table = report(args.folders, args.static)
    total = {"lines": sum(r["lines"] for r in table.values()), "run": sum(r["run"] for r in table.values())}
    print(f"{'file':<28} {'lines':>6} {'run':>6} {'%':>6}")
    for name, row in [*table.items(), ("TOTAL", total)]:
        share = 100 * row["run"] / row["lines"] if row["lines"] else 0.0
        print(f"{name:<28} {row['lines']:>6} {row['run']:>6} {share:>6.1f}")
    result = {"files": table, "total": total}
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if args.compare:
        lost = lost_lines(json.loads(args.compare.read_text(encoding="utf-8")), result)
        print(f"lines run in {args.compare} and not now: {sum(map(len, lost.values()))}")
        for name, gone in lost.items():
            print(f"  {name}: " + " | ".join(gone[:10]) + (" …" if len(gone) > 10 else ""))


if __name__ == "__main__":
    main()

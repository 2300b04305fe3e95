"""Every browser test is marked e2e (so `pytest -m "not e2e"`, the fast tier, starts no browser), and the three-engine
table's tests, and only they, are marked engines. tests/engines/test_around_the_sheet.py once had no mark: its
browser tests ran in the fast tier."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROWSER_FOLDERS = ("tests/e2e/", "tests/engines/")
BROWSER_FIXTURES = frozenset(
    {"page", "context", "browser", "browser_type", "playwright", "launch_browser", "engine", "tab", "proxy"}
    | {"site", "site_server", "slow_site", "timed_site", "nginx", "viewport"}
)
"""Fixtures that start a browser, or serve the site to one (tests/conftest.py, tests/e2e/, tests/engines/)."""

COLLECTOR = """
import json, os

def pytest_collection_finish(session):
    items = [
        {"id": item.nodeid, "fixtures": sorted(getattr(item, "fixturenames", ())),
         "marks": sorted({mark.name for mark in item.iter_markers()})}
        for item in session.items
    ]
    with open(os.environ["TC_COLLECTED"], "w", encoding="utf-8") as out:
        json.dump(items, out)
"""


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, object]]:
    """Every test of the suite as pytest collects it (in a process of its own): its id, fixtures and marks."""
    folder = tmp_path_factory.mktemp("collector")
    (folder / "tc_collector.py").write_text(COLLECTOR, encoding="utf-8")
    listing = folder / "collected.json"
    env = {**os.environ, "TC_COLLECTED": str(listing), "PYTHONPATH": str(folder)}
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "tc_collector", "-p", "no:cacheprovider"]
    command.append("--assert=plain")  # nothing runs: rewriting every test module's asserts was half the time
    done = subprocess.run([*command, "tests"], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(listing.read_text(encoding="utf-8"))


def test_the_fast_tier_starts_no_browser(collected: list[dict[str, object]]) -> None:
    fast = [item for item in collected if "e2e" not in item["marks"]]
    assert len(fast) > 500 and len(collected) - len(fast) > 100  # both tiers are there
    in_browser_folders = [item["id"] for item in fast if str(item["id"]).startswith(BROWSER_FOLDERS)]
    with_browsers = [item["id"] for item in fast if BROWSER_FIXTURES & set(item["fixtures"])]
    assert in_browser_folders == [] and with_browsers == []


def test_the_engines_mark_is_the_three_engine_table(collected: list[dict[str, object]]) -> None:
    marked = {item["id"] for item in collected if "engines" in item["marks"]}
    under = {item["id"] for item in collected if str(item["id"]).startswith("tests/engines/")}
    assert marked == under

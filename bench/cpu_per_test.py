"""A pytest plugin: the CPU seconds each test costs the whole machine's share of this run (every process the run
started: pytest, the browsers, their drivers, the servers), read from a cgroup v1 cpuacct group the run was started in.

    cg=/sys/fs/cgroup/cpuacct/tcprof; mkdir -p $cg
    bash -c "echo \\$\\$ > $cg/cgroup.procs; TC_CG=$cg TC_CPU_OUT=cpu.tsv TC_BUILT_SITE=site \\
      exec .venv/bin/python -m pytest -m e2e -p bench.cpu_per_test"

writes cpu.tsv: CPU seconds, wall seconds, test id, one line per test (docs/tests.md, where the browser tests' CPU goes).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

_rows: list[tuple[float, float, str]] = []


def _cpu_seconds() -> float:
    """The cgroup's CPU time so far."""
    return int(Path(os.environ["TC_CG"], "cpuacct.usage").read_text()) / 1e9


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Note the CPU and wall time of one test's setup, call and teardown."""
    cpu, wall = _cpu_seconds(), time.monotonic()
    yield
    _rows.append((_cpu_seconds() - cpu, time.monotonic() - wall, item.nodeid))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write the table."""
    lines = [f"{cpu:.2f}\t{wall:.2f}\t{test}\n" for cpu, wall, test in _rows]
    Path(os.environ["TC_CPU_OUT"]).write_text("".join(lines), encoding="utf-8")

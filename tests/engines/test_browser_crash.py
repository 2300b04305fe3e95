"""A browser that dies or hangs costs one test, never the run: tests/engines/crash_cases.py run in a pytest of their
own per engine (the three at once), whose browsers are killed (SIGKILL) or stopped (SIGSTOP) during a test on purpose.
(How long that takes is no concern of a test: `make bench` times things.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.engines.conftest import ENGINES
from tests.engines.drivers import ROOT, processes

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
CASES = "tests/engines/crash_cases.py"
COMMAND_TIMEOUT = 3  # seconds, for the run of the cases: a hung browser is noticed within seconds
EXPECTED = {
    # killed during its first attempt: the test fails with BrowserGone, runs again on a fresh browser, passes
    "test_a_browser_killed_once": ["RERUN", "PASSED"],
    # killed during both: one more attempt only, then a failure that says so
    "test_b_browser_killed_every_time": ["RERUN", "FAILED"],
    "test_c_the_next_test_gets_a_browser": ["PASSED"],
    # the browser is alive: the failure is the test's own, never run again
    "test_d_a_real_failure_is_not_run_again": ["FAILED"],
    # hung: the command's time limit (Chromium: pytest-timeout's) fails it; not run again; the next one is fresh
    "test_e_browser_stopped": ["FAILED"],
    "test_f_the_next_test_gets_a_browser": ["PASSED"],
}
HUNG = {  # how the stopped browser's test ended: each engine's own time limit
    "webkit": f"Read timed out. (read timeout={COMMAND_TIMEOUT}",  # Selenium's client-side command timeout
    "firefox": f"firefox: js: no answer in {COMMAND_TIMEOUT} s; the driver and the browser were killed",
    "chromium": "Timeout (>8.0s) from pytest-timeout",  # Playwright has none: pytest-timeout's net
}
OUTCOME = re.compile(r"^(PASSED|FAILED|RERUN|ERROR) \S+::(test_\w+)\[(\w+)\]", re.MULTILINE)


def outcomes(output: str, engine: str) -> dict[str, list[str]]:
    """Each case's attempts: one RERUN per attempt run again, then its outcome (from the run's summary lines)."""
    found = [(word, case) for word, case, param in OUTCOME.findall(output) if param == engine]
    reruns = Counter(case for word, case in found if word == "RERUN")
    final = {case: word for word, case in found if word != "RERUN"}
    return {case: ["RERUN"] * reruns[case] + [word] for case, word in final.items()}


def left_running(recorded: Path) -> list[str]:
    """Processes (or process groups) of the cases' browsers that still run (a zombie has ended: it only waits for its
    parent to read its exit status, and holds no memory or CPU)."""
    pids = {int(pid) for pid in recorded.read_text().split() if pid != "0"}
    return [
        f"{pid} ({state})"
        for pid, (state, _, group) in processes().items()
        if (pid in pids or group in pids) and state not in ("Z", "X")
    ]


LEFT_RUNNING_WAIT = 30.0
"""Seconds the killed browsers' last processes may take to exit after the run (their parents reap them)."""


def test_a_dead_or_hung_browser_costs_one_test(built_site: Path, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "TC_BUILT_SITE": str(built_site),
        "TC_CRASH_MARKS": str(tmp_path),
        "TC_ENGINE_COMMAND_TIMEOUT": str(COMMAND_TIMEOUT),
        "TC_ENGINE_LOGS": str(tmp_path / "logs"),  # not the logs of the run this test is part of
    }
    # One pytest per engine, all three at once: the cases mostly wait (on a killed browser's end, on a time limit), so
    # at once they take about the time of the slowest engine rather than the sum (58 s alone, one after another).
    runs = {}
    for name in ENGINES:
        command = [sys.executable, "-m", "pytest", CASES, "-m", "e2e", "-k", name, "-p", "no:cacheprovider", "-rAR"]
        # pytest-playwright deletes its output folder as a session starts: not test-results/, which the table run
        # beside this one (make test) keeps its browsers' logs in (clean-clone run 44 lost a WebKit log so, and the
        # test using it)
        command += ["--output", str(tmp_path / f"test-results-{name}")]
        runs[name] = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
    outputs = {name: run.communicate(timeout=600)[0] for name, run in runs.items()}
    for name, output in outputs.items():
        assert outcomes(output, name) == EXPECTED, f"{name}\n{output}"
        # the failure and the run's summary name what died, with the last lines of the browser's log
        died = rf"^test_b_browser_killed_every_time\[{name}\]: {name}: .*(exited|closed)"
        assert re.search(died, output, re.MULTILINE), f"{name}\n{output}"
        if name != "chromium":  # Playwright keeps no log of Chromium here
            assert f"last lines of {tmp_path / 'logs' / name}-" in output, output
        assert HUNG[name] in output, f"{name}\n{output}"
        assert runs[name].returncode == 1, output
        assert "browsers that died or stopped answering (tests/engines)" in output, output
    output = "\n".join(outputs.values())
    deadline = time.monotonic() + LEFT_RUNNING_WAIT  # the killed processes' last children, reaped by their parents
    while (left := left_running(tmp_path / "processes")) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert left == [], f"left running: {left}\n{output[-3000:]}"


def test_every_e2e_test_has_a_time_limit(request: pytest.FixtureRequest) -> None:
    """pytest-timeout's limit, set in tests/conftest.py for the end-to-end tests only, generous: a net for hangs."""
    limit = request.node.get_closest_marker("timeout")
    assert limit is not None and limit.args == (300.0,) and limit.kwargs == {"method": "signal"}, limit

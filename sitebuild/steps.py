"""The build's steps timed: each prints the wall-clock and CPU time it took as it ends."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager


def cpu_seconds() -> float:
    """CPU time used so far by this process, its threads and the commands it ran."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


@contextmanager
def step(name: str) -> Iterator[list[str]]:
    """One step of the build: print its time as it ends (where a build's seconds go), the CPU time it took (what the
    same step costs on a machine busy with other work) and any notes added to the list it gives."""
    started, cpu, notes = time.perf_counter(), cpu_seconds(), []
    yield notes
    said = f"{name}: {', '.join(notes)}" if notes else name
    print(f"{time.perf_counter() - started:7.2f} s  (CPU {cpu_seconds() - cpu:6.2f} s)  {said}", flush=True)

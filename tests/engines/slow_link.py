"""The watched site (conftest.py) over a phone's link (bench/throttle.py): a first visit that takes its time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.throttle import Link, Throttled
from tests.engines.conftest import WatchedSite, serving


class SlowSite(WatchedSite):
    """The watched site over one link all requests share, waiting a round trip before each answer."""

    def __init__(self, root: Path, mbit: float = 4.0, rtt_ms: float = 100.0) -> None:
        super().__init__(root)
        self.handler = type("SlowHandler", (Throttled, self.handler), {"link": Link(mbit, rtt_ms)})


@pytest.fixture(name="site")
def slow_site(built_site: Path) -> Iterator[WatchedSite]:
    """In place of conftest's `site` in a module that imports it: the built site over a slow link (4 Mbit/s, 100 ms
    per request), on a fresh origin of its own, so a first visit. (What must come before what is made so by holding
    a response, conftest.py's Hold, never by the link's slowness.)"""
    yield from serving(SlowSite(built_site))

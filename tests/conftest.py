"""Shared fixtures: the built site, served on 127.0.0.1, and Debian's Chromium for Playwright."""

from __future__ import annotations

import functools
import http.server
import io
import os
import shutil
import socket
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import settings

from sitebuild.serve import SiteHandler

# Property tests check what is computed, not how fast: a per-example deadline only fails them on a loaded machine
# (one failed so while the CI's own e2e run would be the only load). Timing lives in bench/.
settings.register_profile("table-companion", deadline=None)
settings.load_profile("table-companion")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"
"""The tests' Chromium: Debian's build of the headless shell, as Playwright itself runs headless Chromium. Against the
full browser in its headless mode it took 40 % less CPU on the same tests (docs/tests.md); `make bench` and Lighthouse
keep the full browser (FULL_CHROMIUM)."""
FULL_CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's Chromium, the browser a reader runs: what `make bench` measures, as its earlier figures did."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Chromium's own form-autofill queries to Google (not the site's): they would reach the tests' proxy.
    "--disable-features=AutofillServerCommunication",
]

FASTER_FOR_TESTS = ["--js-flags=--liftoff-only"]
"""What the tests' Chromium (not `make bench`'s) adds: WebAssembly only in V8's baseline compiler (Liftoff), never
compiled again by the optimizing one (TurboFan) on each page load (`--no-wasm-tier-up` alone left most of that).
Tiers differ in speed only, never in what the code does (docs/browsers.md, "Tuned for the tests")."""

E2E_TEST_TIMEOUT = 300.0
"""Seconds an end-to-end test may take, setup and teardown included, before pytest-timeout fails it: a net for hangs
only: the slowest took 49 s, at a load average of 11."""


LONGEST_FIRST = (
    "tests/test_new_game.py",
    "tests/test_wasm_trim.py",
    "tests/test_build.py",
    "tests/unit/test_properties.py",
    "tests/test_reproducible.py",
    "tests/test_page_metadata.py",
    "tests/test_markers.py",
)
"""The fast tier's longest files, longest first (its "time per test file"): pyproject.toml has pytest-xdist hand out
whole files in the order collected (`--dist loadfile --no-loadscope-reorder`: a file's module fixtures made once), so
these go first and the short ones fill in after; a long file handed out last would set the end. Order only."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give every end-to-end test a time limit (pytest-timeout), so that a hang fails one test and the run goes on;
    the longest files first (the others keep their order)."""
    for item in items:
        if item.get_closest_marker("e2e") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(E2E_TEST_TIMEOUT, method="signal"))
    rank = {file: index for index, file in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


BROWSER_FOLDERS = (ROOT / "tests" / "e2e", ROOT / "tests" / "engines")
"""Where the browser tests live: every test there is marked e2e (tests/test_markers.py)."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The fast tier (`-m "not e2e"`) does not import the browser tests' modules only to deselect them all (their
    imports, Playwright's and Selenium's among them, cost each xdist worker about 1.5 s of CPU)."""
    if config.option.markexpr == "not e2e" and collection_path in BROWSER_FOLDERS:
        return True
    return None


FILE_SECONDS: dict[str, float] = {}
"""Seconds each test file took in this run (setup, call and teardown of its tests), for docs/tests.md's table."""


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add a test phase's time to its file's."""
    file = report.nodeid.split("::", 1)[0]
    FILE_SECONDS[file] = FILE_SECONDS.get(file, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print each file's time, slowest first: where the run's minutes go (CI has 90 for all of it)."""
    if not FILE_SECONDS:
        return
    terminalreporter.section("time per test file")
    for file, seconds in sorted(FILE_SECONDS.items(), key=lambda item: -item[1]):
        terminalreporter.write_line(f"{seconds:8.1f} s  {file}")


@pytest.fixture(autouse=True)
def fresh_api_cache() -> Iterator[None]:
    """scoring/api.py keeps the last history it read (by its seal) between calls, as the worker does: each test starts
    and ends without one, so that no test passes or fails on what an earlier one left there."""
    from scoring import api

    api._held.clear()
    yield
    api._held.clear()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch Debian's Chromium: Playwright cannot download its own browsers here."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": [*CHROMIUM_ARGS, *FASTER_FOR_TESTS]}


BUILT_SITE = "TC_BUILT_SITE"
"""The environment variable that names a site built from this checkout (`make test` builds once and names site/):
the tests read it rather than build their own. No test writes into it (one that changes a site copies it first)."""


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as built from this checkout: the one TC_BUILT_SITE names, else built once per session into a
    temporary folder."""
    import build

    if os.environ.get(BUILT_SITE):
        named = Path(os.environ[BUILT_SITE]).resolve()
        if not (named / "sw.js").is_file():
            pytest.exit(f"{BUILT_SITE}={os.environ[BUILT_SITE]}: no built site there (no sw.js)", returncode=4)
        return named
    out = tmp_path_factory.mktemp("site") / "site"
    # JavaScript coverage (tests/js_coverage.py) is reported on the sources' lines: its site is built unminified
    build.build(out, replace(build.SETTINGS, minify=not os.environ.get("TC_JS_COVERAGE")))
    return out


COPY_CHUNK = 64 * 1024
"""Bytes of a response body written at a time."""


class _QuietHandler(SiteHandler):
    """The site as `make serve` serves it, without a log line per request; counts the bytes of each body it sends."""

    def log_message(self, format: str, *args: object) -> None:
        """Stay quiet."""

    def copyfile(self, source: io.BufferedIOBase, outputfile: io.BufferedIOBase) -> None:
        """Send the body as it is read (a held body, tests/engines/conftest.py's Hold, sends what comes before its stop
        at once) and note (path, bytes) on the server's list."""
        sent = 0
        try:
            while data := source.read(COPY_CHUNK):
                outputfile.write(data)
                sent += len(data)
        except (BrokenPipeError, ConnectionResetError):
            return  # the browser left mid-body (a page left mid-download): not counted as sent, and no traceback
        self.server.sent.append((self.path, sent))  # type: ignore[attr-defined]


class SiteServer:
    """A static server on 127.0.0.1 that tests can stop and start again on the same port."""

    handler: type[SiteHandler] = _QuietHandler

    def __init__(self, root: Path) -> None:
        self.root = root
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self._server: http.server.ThreadingHTTPServer | None = None
        self.sent: list[tuple[str, int]] = []
        """(request path, body bytes) of every response with a body, in order: bytes over the wire."""

    def start(self) -> None:
        """Serve (again)."""
        handler = functools.partial(self.handler, directory=str(self.root))
        http.server.ThreadingHTTPServer.allow_reuse_address = True
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self._server.sent = self.sent  # type: ignore[attr-defined]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        """Stop serving: the next request gets no answer."""
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[SiteServer]:
    """The built site on 127.0.0.1."""
    server = SiteServer(built_site)
    server.start()
    yield server
    server.stop()

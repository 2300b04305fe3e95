"""Fixtures of the three-engine table: one started browser per engine, a fresh origin per test.

What is watched the same way on every engine, outside the browser:
- Content-Security-Policy violations: every HTML page is also sent with its own policy (read from its meta tag) as a
  `Content-Security-Policy-Report-Only` header with a `report-uri`, so each engine reports to the test server what its
  policy (enforced by the meta tag) blocked: pages, frames and workers alike.
- Requests to other hosts: each browser sends them to a recording proxy (loopback is not proxied), which answers none.

A browser that dies or stops answering costs one test, not the run: before each test the engine's browser is asked
whether its processes run and whether it answers, and is started afresh if not. A test during which the browser's own
process exited (not one that merely failed, nor one whose page crashed) fails with BrowserGone, which names what died
and quotes the browser's log, and is run once more on a fresh browser; the run's summary lists every such death.
"""

from __future__ import annotations

import contextlib
import functools
import html
import json
import re
import socketserver
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import SiteServer, _QuietHandler
from tests.engines.drivers import (
    Browser,
    BrowserGone,
    BrowserHung,
    ChromiumBrowser,
    ChromiumTab,
    FirefoxBrowser,
    FirefoxTab,
    Tab,
    WebKitBrowser,
    WebKitTab,
    clear_logs,
)

ENGINES = ("chromium", "firefox", "webkit")
PHONE = (390, 844)
SMALL_PHONE = (360, 740)
DESKTOP = (1280, 900)
META_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
REPORT_PATH = "/__csp-report"
PROBE_PAGE = "/play/__probe-eval.html"
PROBE_SCRIPT = "/play/__probe-eval.js"
PHONE_FRAME = "/__phone.html"  # a page with a frame: a phone-sized viewport where the window cannot be (WebKitGTK)


class WatchedHandler(_QuietHandler):
    """The site as `make serve` serves it, plus: each page's policy as a report-only header; reports recorded;
    paths refused on demand (to make something fail on purpose); a probe page that breaks the policy."""

    reports: list[dict]
    refused: list[str]

    def do_GET(self) -> None:
        """Refused paths get 503; the probe page and its script are answered here."""
        path = self.path.partition("?")[0]
        if any(path.startswith(prefix) for prefix in self.refused):
            self.send_error(503, "refused by the test")
        elif path in (PROBE_PAGE, PROBE_SCRIPT):
            self._probe(path)
        elif path == PHONE_FRAME:
            self._answer(
                "<!doctype html><title>phone</title><link rel=icon href=data:,><style>body{margin:0}iframe{border:0}</style><iframe></iframe>"
            )
        else:
            super().do_GET()

    def _probe(self, path: str) -> None:
        """A page under play/'s own policy whose script evaluates a string: the policy must block and report it."""
        if path == PROBE_PAGE:
            policy = html.escape(self._policy(Path(self.directory) / "play" / "index.html") or "")
            body = f'<!doctype html><meta http-equiv="Content-Security-Policy" content="{policy}"><link rel=icon href="/static/icon-192.png"><script src="{PROBE_SCRIPT}"></script>'
            kind = "text/html"
        else:
            body = 'try { Function("return 1")(); document.title = "evaluated"; } catch { document.title = "blocked"; }'
            kind = "text/javascript"
        self._answer(body, kind)

    def _answer(self, body: str, kind: str = "text/html") -> None:
        """A page or script made here, not in the built site."""
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        """Record a CSP report."""
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        if self.path.partition("?")[0] == REPORT_PATH:
            try:
                report = json.loads(body or b"{}")
            except ValueError:
                report = {"unreadable": body.decode(errors="replace")}
            self.reports.append(report.get("csp-report", report) if isinstance(report, dict) else {"report": report})
        self.send_response(204)
        self.end_headers()

    @staticmethod
    def _policy(page: Path) -> str | None:
        """The policy in a page's meta tag."""
        try:
            found = META_CSP.search(page.read_text(encoding="utf-8"))
        except OSError:
            return None
        return html.unescape(found.group(1)) if found else None

    def end_headers(self) -> None:
        """Add the report-only twin of the page's policy to every HTML page."""
        path = self.path.partition("?")[0]
        if path == PROBE_PAGE:
            path = "/play/index.html"
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        if file.suffix == ".html":
            policy = self._policy(file)
            if policy:
                self.send_header("Content-Security-Policy-Report-Only", f"{policy}; report-uri {REPORT_PATH}")
        super().end_headers()


class WatchedSite(SiteServer):
    """The built site on a port of its own (a fresh origin: no storage, cache or service worker from other tests)."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.reports: list[dict] = []
        self.refused: list[str] = []
        self.handler = type("Handler", (WatchedHandler,), {"reports": self.reports, "refused": self.refused})

    def violations(self) -> list[str]:
        """What the policy blocked so far, one line each."""
        return [
            f"{r.get('violated-directive') or r.get('effective-directive')} blocked {r.get('blocked-uri')} "
            f"({r.get('source-file')}:{r.get('line-number')})"
            for r in self.reports
        ]


CONTROL_HOST = "table-companion-test.invalid"  # the negative control's host: the browser may ask it for more later


class RecordingProxy:
    """An HTTP proxy on 127.0.0.1 that answers nothing and records each request it is sent (all leave the site)."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        seen = self.seen

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                line = self.rfile.readline(8192).decode("latin-1").strip()
                if line:
                    seen.append(" ".join(line.split()[:2]))
                self.wfile.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

        socketserver.ThreadingTCPServer.allow_reuse_address = True
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        """Stop recording."""
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def proxy() -> Iterator[RecordingProxy]:
    """The recording proxy every engine is told to use."""
    recorder = RecordingProxy()
    yield recorder
    recorder.stop()


DEATH_SHOWS = 2.0
"""Seconds a driver's error may come before the browser's process is seen to have exited (its socket closes first)."""
DEATHS: list[str] = []
"""Each browser that died or stopped answering in this run, in words, for the run's summary."""


@dataclass
class Engine:
    """One engine's browser for the session, started afresh when it died or stopped answering."""

    name: str
    start: Callable[[], Browser]
    browser: Browser = field(init=False)
    starts: int = 0
    told: bool = False  # whether this browser's death is in DEATHS already, with its log
    suspect: str = ""  # why the browser is to be started afresh although it runs (a test of it timed out)

    def __post_init__(self) -> None:
        self.browser = self._started()

    def _started(self, tries: int = 2) -> Browser:
        """A started browser; a browser that dies while starting is started once more."""
        for attempt in range(1, tries + 1):
            try:
                started = self.start()
            except BrowserGone as error:
                DEATHS.append(f"{self.name}: start {self.starts + 1}, attempt {attempt} of {tries}: {error}")
                if attempt == tries:
                    raise
            else:
                self.starts += 1
                self.told, self.suspect = False, ""
                return started
        raise AssertionError("unreachable")

    def fresh(self, test: str) -> Browser:
        """The browser, started afresh first if a process of it exited or it does not answer."""
        why = self.suspect or self.browser.gone() or ("" if self.browser.answers() else "it did not answer a command")
        if why:
            self.replace(f"before {test}: {why}")
        return self.browser

    def replace(self, why: str) -> None:
        """Kill the browser and start another; the log of the dead one is kept and its tail told."""
        dead = self.browser
        dead.note(f"replaced: {why}")
        DEATHS.append(f"{self.name}: started afresh {why}" + ("" if self.told else f"\n{dead.log_tail()}"))
        dead.kill()
        self.browser = self._started()

    def blame(self, error: BaseException, test: str) -> BrowserGone | None:
        """A BrowserGone for this error if a process of the browser has exited by itself (the test then runs once
        more); None for a failure of the test's own, or for a browser that hung (and was killed for it)."""
        if isinstance(error, BrowserGone):
            blamed = error
        else:
            why = "" if isinstance(error, BrowserHung) else self._death(error)
            if not why:
                return None
            self.browser.note(f"{test}: {why}")
            blamed = BrowserGone(f"{self.name}: the browser died during {test}: {why}\n{self.browser.log_tail()}")
        if not self.told:
            DEATHS.append(f"{test}: {blamed}")
            self.told = True
        return blamed

    def _death(self, error: BaseException) -> str:
        """Which process of the browser exited; a driver's error may come a moment before the process is gone."""
        waited = 0.0 if type(error) is AssertionError else DEATH_SHOWS
        deadline = time.monotonic() + waited
        while not (why := self.browser.gone()) and time.monotonic() < deadline:
            time.sleep(0.05)
        return why

    def quit(self) -> None:
        """Close the browser at the end of the session."""
        self.browser.quit()


@contextlib.contextmanager
def blamed_on_a_dead_browser(engine: Engine, test: str) -> Iterator[None]:
    """An error raised while a process of the browser has exited becomes BrowserGone (from that error)."""
    try:
        yield
    except Exception as error:
        blamed = engine.blame(error, test)
        if blamed is None or blamed is error:
            raise
        raise blamed from error


@pytest.fixture(scope="session")
def _engine_logs() -> None:
    """Start the session with no browser log of an earlier run."""
    clear_logs()


def _starter(name: str, request: pytest.FixtureRequest, proxy: RecordingProxy) -> Callable[[], Browser]:
    """How to start this engine's browser (Chromium as pytest-playwright launches it for the other e2e tests)."""
    if name == "firefox":
        return functools.partial(FirefoxBrowser, proxy.port)
    if name == "webkit":
        return functools.partial(WebKitBrowser, proxy.port)
    launch = request.getfixturevalue("launch_browser")
    args = request.getfixturevalue("browser_type_launch_args")["args"]
    return functools.partial(ChromiumBrowser, launch, args)


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest, proxy: RecordingProxy, _engine_logs: None) -> Iterator[Engine]:
    """One started browser per engine for the whole session (tests are grouped by engine)."""
    started = Engine(request.param, _starter(request.param, request, proxy))
    try:
        yield started
    finally:
        started.quit()


def open_tab(engine: Engine, size: tuple[int, int], proxy: RecordingProxy) -> Tab:
    """A new page of this engine with a viewport of this size."""
    browser = engine.browser
    width, height = size
    if isinstance(browser, ChromiumBrowser):
        return ChromiumTab(browser.browser, width, height, proxy=f"http://127.0.0.1:{proxy.port}")
    if isinstance(browser, FirefoxBrowser):
        return FirefoxTab(browser, width, height)
    assert isinstance(browser, WebKitBrowser)
    return WebKitTab(browser, width, height)


def serving(server: WatchedSite) -> Iterator[WatchedSite]:
    """The server started for a test, and stopped after it."""
    server.start()
    yield server
    server.stop()


@pytest.fixture
def site(built_site: Path) -> Iterator[WatchedSite]:
    """The built site on a fresh origin of its own, watched for CSP reports."""
    yield from serving(WatchedSite(built_site))


@pytest.fixture
def tab(engine: Engine, proxy: RecordingProxy, site: WatchedSite, request: pytest.FixtureRequest) -> Iterator[Tab]:
    """A phone-sized page (390×844) of the engine under test; after the test: no request left the site, no CSP
    violation was reported, and (where the engine lets us read it) no console error."""
    test = request.node.name
    browser = engine.fresh(test)
    before = len(proxy.seen)
    with blamed_on_a_dead_browser(engine, test):
        opened = open_tab(engine, PHONE, proxy)
    opened.site = site  # type: ignore[attr-defined]
    try:
        yield opened
        if engine.suspect or browser.gone():
            return  # the test itself failed for it; a dead or hung browser has nothing more to say
        left = [line for line in proxy.seen[before:] if CONTROL_HOST not in line]
        assert left == [], f"{opened.engine}: requests to other hosts"
        assert site.violations() == [], f"{opened.engine}: Content-Security-Policy violations"
        assert opened.errors() == [], f"{opened.engine}: console errors"
    finally:
        if not (engine.suspect or browser.gone()):
            opened.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test that failed while its browser's own process exited fails with BrowserGone instead (and is run again);
    after a test that timed out, the browser is started afresh."""
    engine = getattr(item, "funcargs", {}).get("engine")
    if not isinstance(engine, Engine):
        return (yield)
    try:
        with blamed_on_a_dead_browser(engine, item.name):
            return (yield)
    except pytest.fail.Exception as failed:
        if "pytest-timeout" in str(failed):  # the browser may hang where no command has a time limit (Playwright's)
            engine.suspect = f"after {item.name} timed out"
        raise


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of the table may run once more, on a fresh browser, if its browser died during it (and only then)."""
    for item in items:
        if "engine" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[BrowserGone]))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say which browsers died or stopped answering in this run, with the last lines of their logs."""
    if DEATHS:
        terminalreporter.write_sep("=", "browsers that died or stopped answering (tests/engines)", yellow=True)
        for death in DEATHS:
            terminalreporter.write_line(death)

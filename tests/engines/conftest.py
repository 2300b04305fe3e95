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
import io
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
    EngineError,
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
    holds: dict[str, Hold]
    dropped: list[str]
    asked: list[str]
    news: threading.Condition

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

    def send_head(self) -> io.BufferedIOBase | None:
        """Note the path (a request of the page's, not the offline copy's); the body of a held path (the first such
        request for it) comes held."""
        path = self.path.partition("?")[0]
        by_the_offline_copy = self.headers.get("Referer", "").endswith("/sw.js")  # its requests (sw.template.js)
        if not by_the_offline_copy:
            with self.news:
                self.asked.append(path)
                self.news.notify_all()
        if not by_the_offline_copy and path in self.dropped:
            self.dropped.remove(path)  # its first request only
            self.close_connection = True
            return None  # not a byte: the connection closes unanswered, as a link that drops
        body = super().send_head()
        hold = self.holds.get(path)
        if body is not None and hold and not hold.taken and not by_the_offline_copy:
            hold.taken = True
            return HeldBody(body, hold, self.asked, self.news)
        return body

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
            with self.news:
                self.reports.append(
                    report.get("csp-report", report) if isinstance(report, dict) else {"report": report}
                )
                self.news.notify_all()
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


HOLD_LIMIT = 120.0
"""Seconds a held response waits to be let go before it goes on by itself (and says so: `Hold.late`)."""


@dataclass
class Hold:
    """A response body that stops at each of these fractions of its length until it is let go: by the test
    (`release`) or, where `until` is given, as soon as `until()` is true of the requests asked for so far."""

    at: tuple[float, ...] = (0.0,)
    until: Callable[[list[str]], bool] | None = None
    cut: bool = False  # the body ends at the first stop instead (short of its length: the connection then closes)
    taken: bool = False
    reached: list[threading.Event] = field(default_factory=list)
    go: list[threading.Event] = field(default_factory=list)
    late: list[int] = field(default_factory=list)  # the stops let go by the time limit, not by their condition
    closed: bool = False  # the server is stopping: every stop is let go

    def __post_init__(self) -> None:
        self.reached = [threading.Event() for _ in self.at]
        self.go = [threading.Event() for _ in self.at]

    def wait_reached(self, stop: int, timeout: float = HOLD_LIMIT) -> None:
        """Wait until the body has been sent up to this stop (and waits there)."""
        assert self.reached[stop].wait(timeout), f"the held response never reached stop {stop}"

    def release(self, stop: int) -> None:
        """Let the body go on past this stop."""
        self.go[stop].set()


class HeldBody(io.RawIOBase):
    """A response body read through a Hold: a read does not pass a stop until the stop is let go."""

    def __init__(self, inner: io.BufferedIOBase, hold: Hold, asked: list[str], news: threading.Condition) -> None:
        super().__init__()
        self.inner, self.hold, self.asked, self.news = inner, hold, asked, news
        inner.seek(0, io.SEEK_END)
        self.length = inner.tell()
        inner.seek(0)
        self.stops = [int(self.length * at) for at in hold.at]
        self.position = 0
        self.next = 0

    def read(self, size: int | None = -1) -> bytes:
        """At most up to the next stop (all of it for size -1); waits at a stop first if the reader is there."""
        if size is None or size < 0:
            parts = []
            while part := self.read(1 << 20):
                parts.append(part)
            return b"".join(parts)
        while self.next < len(self.stops) and self.position >= self.stops[self.next]:
            if self.hold.cut:
                self.hold.reached[self.next].set()
                return b""
            self._wait(self.next)
            self.next += 1
        room = self.stops[self.next] - self.position if self.next < len(self.stops) else -1
        data = self.inner.read(size if room < 0 else min(size, room))
        self.position += len(data)
        return data

    def _wait(self, stop: int) -> None:
        """Say the stop is reached and wait to be let go (by the test, or by the hold's condition)."""
        hold = self.hold
        hold.reached[stop].set()
        if hold.until is not None:
            with self.news:
                met = self.news.wait_for(lambda: hold.closed or hold.until(self.asked), HOLD_LIMIT)
        else:
            met = hold.go[stop].wait(HOLD_LIMIT)
        if not met:
            hold.late.append(stop)

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self.inner.close()
        super().close()


class WatchedSite(SiteServer):
    """The built site on a port of its own (a fresh origin: no storage, cache or service worker from other tests)."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.reports: list[dict] = []
        self.refused: list[str] = []
        self.holds: dict[str, Hold] = {}
        self.dropped: list[str] = []
        """Paths whose next request (not the offline copy's) the server closes without a byte of answer."""
        self.asked: list[str] = []
        """Every path of the site the pages asked for (not the offline copy, sw.js), in the order they came."""
        self.news = threading.Condition()
        self.handler = type(
            "Handler",
            (WatchedHandler,),
            {
                "reports": self.reports,
                "refused": self.refused,
                "holds": self.holds,
                "dropped": self.dropped,
                "asked": self.asked,
                "news": self.news,
            },
        )

    def stop(self) -> None:
        """Let every held response go, then stop serving."""
        with self.news:
            for hold in self.holds.values():
                hold.closed = True
                for stop in hold.go:
                    stop.set()
            self.news.notify_all()
        super().stop()

    def wait_for(self, condition: Callable[[], object], timeout: float = 60) -> object:
        """Wait until condition() is truthy, woken by each request and report the server gets; its last value."""
        with self.news:
            return self.news.wait_for(condition, timeout)

    def hold(self, path: str, hold: Hold) -> Hold:
        """Hold the body of the next request for this path (not the offline copy's) as `hold` says."""
        self.holds[path] = hold
        return hold

    def violations(self) -> list[str]:
        """What the policy blocked so far, one line each."""
        return [
            f"{r.get('violated-directive') or r.get('effective-directive')} blocked {r.get('blocked-uri')} "
            f"({r.get('source-file')}:{r.get('line-number')})"
            for r in self.reports
        ]


CONTROL_HOST = "table-companion-test.invalid"
"""The negative control's host: the proxy answers it with a page that names its icon (data:), so that no browser asks
that host for a favicon later, in another test's time."""
CONTROL_PAGE = b'<!doctype html><title>control</title><link rel="icon" href="data:,">'


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
                if line.startswith(f"GET http://{CONTROL_HOST}/ "):
                    head = f"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {len(CONTROL_PAGE)}\r\n"
                    self.wfile.write(head.encode() + b"Connection: close\r\n\r\n" + CONTROL_PAGE)
                else:
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

    def restart(self, why: str) -> None:
        """Stop the browser, though it works, and start another (for a test that needs one the tests before it have
        not touched); not a death."""
        self.browser.note(f"restarted: {why}")
        self.browser.kill()
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
        return functools.partial(FirefoxBrowser, proxy.port, faster=True)
    if name == "webkit":
        return functools.partial(WebKitBrowser, proxy.port, faster=True)
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
        watched_clean(opened, proxy, before, site, 0)
    finally:
        if not (engine.suspect or browser.gone()):
            opened.close()


def watched_clean(tab: Tab, proxy: RecordingProxy, proxied: int, site: WatchedSite, reported: int) -> None:
    """No request left the site, no CSP violation was reported and no console error was seen since these marks."""
    assert proxy.seen[proxied:] == [], f"{tab.engine}: requests to other hosts"
    assert site.violations()[reported:] == [], f"{tab.engine}: Content-Security-Policy violations"
    assert tab.errors() == [], f"{tab.engine}: console errors"


WARM_PAGE = "play/#bruges/score"
SERVICE_WORKER_HOLDS_PYTHON = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || !registration.active || !navigator.serviceWorker.controller) return false;
    const state = await new Promise((resolve) => {  // the worker's own account of both tiers (sw.template.js)
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        registration.active.postMessage({ type: "status" }, [channel.port2]);
    });
    return state.light.stored === state.light.total && state.python.stored === state.python.total;
}"""
"""Whether the offline copy holds both tiers, the calculator's included (the service worker's own account)."""
RESET_STORAGE = (
    """() => { localStorage.clear(); sessionStorage.clear(); return localStorage.length + sessionStorage.length; }"""
)


class WarmOrigin:
    """One origin of one engine whose offline copy already holds the calculator (Python and its memory snapshot):
    a test that only needs a working calculator starts Python from it, as a returning visitor does, instead of a
    first visit's cold start. Its tab is kept from test to test; storage is emptied before each test."""

    def __init__(self, engine: Engine, built_site: Path, proxy: RecordingProxy) -> None:
        self.engine, self.proxy = engine, proxy
        self.site = WatchedSite(built_site)
        self.site.start()
        self.browser: Browser | None = None
        self.tab: Tab | None = None

    def ready_tab(self, test: str) -> Tab:
        """The origin's tab on this engine's browser (opened again, and warmed, on a browser started afresh)."""
        browser = self.engine.fresh(test)
        if self.tab is None or browser is not self.browser:
            self.browser = browser
            with blamed_on_a_dead_browser(self.engine, test):
                self.tab = open_tab(self.engine, PHONE, self.proxy)
                self.tab.site = self.site  # type: ignore[attr-defined]
                self._warm(self.tab)
        return self.tab

    @staticmethod
    def _warm(tab: Tab) -> None:
        """Visit play/ once and wait until its calculator answers and the offline copy holds it."""
        tab.goto(tab.site.url + WARM_PAGE)  # type: ignore[attr-defined]
        tab.wait(
            "() => !['loading', 'slow'].includes(document.documentElement.dataset.calculator ?? 'loading')",
            timeout=120,
            what="the calculator's first start on the shared origin",
        )
        tab.wait(SERVICE_WORKER_HOLDS_PYTHON, timeout=120, what="the offline copy to hold the calculator")

    def reset(self, tab: Tab) -> None:
        """A blank page of the origin with empty storage (the offline copy, the calculator's files, stays)."""
        if isinstance(tab, WebKitTab):
            tab._size(*PHONE)
        tab.goto(self.site.url + PHONE_FRAME.lstrip("/"))
        assert tab.js(RESET_STORAGE) == 0, f"{tab.engine}: storage left from the test before"
        self.site.refused.clear()
        self.site.holds.clear()
        tab.errors()  # the blank page's; a test before this one had its own checked

    def stop(self) -> None:
        """Close the tab and the origin; no CSP report came after its test ended."""
        try:
            if self.tab is not None and self.browser is self.engine.browser and not self.browser.gone():
                self.tab.close()
        finally:
            self.site.stop()
        assert self.site.violations() == [], f"{self.engine.name}: CSP violations on the shared origin"


@pytest.fixture(scope="session")
def warm_origin(engine: Engine, built_site: Path, proxy: RecordingProxy) -> Iterator[WarmOrigin]:
    """The engine's shared origin whose offline copy holds the calculator (one per engine for the session)."""
    origin = WarmOrigin(engine, built_site, proxy)
    try:
        yield origin
    finally:
        origin.stop()


@pytest.fixture
def warm_tab(
    engine: Engine, warm_origin: WarmOrigin, proxy: RecordingProxy, request: pytest.FixtureRequest
) -> Iterator[Tab]:
    """A phone-sized page (390×844) on the engine's shared origin, on a blank page with empty storage, whose
    calculator starts from the offline copy (not a first visit); after the test the same checks as `tab`'s: no
    request left the site, no CSP violation was reported, no console error."""
    test = request.node.name
    opened = warm_origin.ready_tab(test)
    browser = engine.browser
    with blamed_on_a_dead_browser(engine, test):
        warm_origin.reset(opened)
    before, reported = len(proxy.seen), len(warm_origin.site.reports)
    yield opened
    if engine.suspect or browser.gone():
        return
    with contextlib.suppress(EngineError):
        opened.js(RESET_STORAGE)  # now, not before the next test: Firefox counts every port of 127.0.0.1 in one quota
    watched_clean(opened, proxy, before, warm_origin.site, reported)


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


def pytest_configure(config: pytest.Config) -> None:
    """The table's own marker."""
    config.addinivalue_line(
        "markers",
        "only_engines(*names): run this test of the table on these engines only (its docstring says why)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test of the table may run once more, on a fresh browser, if its browser died during it (and only then);
    a test marked only_engines is left out on the other engines."""
    kept, left_out = [], []
    for item in items:
        if "engine" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[BrowserGone]))
            only = item.get_closest_marker("only_engines")
            callspec = getattr(item, "callspec", None)
            if only and callspec and callspec.params.get("engine") not in only.args:
                left_out.append(item)
                continue
        kept.append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say which browsers died or stopped answering in this run, with the last lines of their logs."""
    if DEATHS:
        terminalreporter.write_sep("=", "browsers that died or stopped answering (tests/engines)", yellow=True)
        for death in DEATHS:
            terminalreporter.write_line(death)

"""Fixtures of the three-engine table: one started browser per engine, a fresh origin per test.

What is watched the same way on every engine, outside the browser:
- Content-Security-Policy violations: every HTML page is also sent with its own policy (read from its meta tag) as a
  `Content-Security-Policy-Report-Only` header with a `report-uri`, so each engine reports to the test server what its
  policy (enforced by the meta tag) blocked: pages, frames and workers alike.
- Requests to other hosts: each browser sends them to a recording proxy (loopback is not proxied), which answers none.
"""

from __future__ import annotations

import html
import json
import re
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import SiteServer, _QuietHandler
from tests.engines.drivers import (
    ChromiumTab,
    FirefoxBrowser,
    FirefoxTab,
    Tab,
    WebKitBrowser,
    WebKitTab,
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


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest, proxy: RecordingProxy) -> Iterator[object]:
    """One started browser per engine for the whole session (tests are grouped by engine)."""
    name = request.param
    if name == "chromium":
        browser = request.getfixturevalue("browser")  # pytest-playwright's, as the other e2e tests use
        yield ("chromium", browser)
        return
    started = FirefoxBrowser(proxy.port) if name == "firefox" else WebKitBrowser(proxy.port)
    try:
        yield (name, started)
    finally:
        started.quit()


def open_tab(engine: object, size: tuple[int, int], proxy: RecordingProxy) -> Tab:
    """A new page of this engine with a viewport of this size."""
    name, browser = engine  # type: ignore[misc]
    width, height = size
    if name == "chromium":
        tab = ChromiumTab(browser, width, height, proxy=f"http://127.0.0.1:{proxy.port}")
    elif name == "firefox":
        tab = FirefoxTab(browser, width, height)
    else:
        tab = WebKitTab(browser, width, height)
    return tab


@pytest.fixture
def site(built_site: Path) -> Iterator[WatchedSite]:
    """The built site on a fresh origin of its own, watched for CSP reports."""
    server = WatchedSite(built_site)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def tab(engine: object, proxy: RecordingProxy, site: WatchedSite) -> Iterator[Tab]:
    """A phone-sized page (390×844) of the engine under test; after the test: no request left the site, no CSP
    violation was reported, and (where the engine lets us read it) no console error."""
    before = len(proxy.seen)
    opened = open_tab(engine, PHONE, proxy)
    opened.site = site  # type: ignore[attr-defined]
    try:
        yield opened
        assert proxy.seen[before:] == [], f"{opened.engine}: requests to other hosts"
        assert site.violations() == [], f"{opened.engine}: Content-Security-Policy violations"
        assert opened.errors() == [], f"{opened.engine}: console errors"
    finally:
        opened.close()

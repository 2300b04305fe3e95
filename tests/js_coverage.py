"""Statement coverage of the site's scripts in Chromium (issue 38): a pytest plugin, loaded with `-p tests.js_coverage`,
active only when TC_JS_COVERAGE names an output folder; tools/coverage_report.py reads what it writes.

Every Chromium page Playwright opens (tests/e2e's contexts and fixtures, and the engine table's ChromiumTab, which is
Playwright too) gets a CDP session with V8's precise block coverage started before the test can navigate it; the page's
dedicated workers (the calculator's, which runs static/pyodide-start.mjs) are attached through that session as they
start, and asked to wait until theirs runs. Chromium is launched with its RenderDocument feature off (with it, each new
document restarted the page's coverage, dropping the counts of the one before, even within one host; without it V8's
precise coverage keeps earlier documents' scripts). The coverage is taken before a goto to another host (another site's
renderer would not keep the counts), and before the page, its context or its browser closes; each take's entries for the
site's static/*.js and *.mjs are written to the folder as one JSON file. The wrapping is done once, at Playwright's
implementation layer, so the tests are unchanged and the file runs as it is in an older checkout. Playwright's own
session may let a worker run first: what it compiles before its coverage starts is missed (the calculator's worker
fetches pyodide-start.mjs after it has started). Not measured: the service worker (sw.js is built from
static/sw.template.js), a worker that ended before the take (the dead-worker tests' killed one), pages of a browser
killed mid-test, the nested pytest sessions of test_browser_crash.py, and a popup's first scripts (its coverage starts
when Playwright reports the page).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

OUTPUT = os.environ.get("TC_JS_COVERAGE", "")
"""The folder the coverage goes to; empty: the plugin does nothing."""

SITE_SCRIPT = re.compile(r"/(static/[^/]+\.m?js)$")
"""A script of the site, by the path it is served at (under any prefix, such as nginx's /table-companion/)."""

TAKE_TIMEOUT_MS = 30_000
"""How long a hung page may keep a take waiting before its coverage is given up."""

_started: dict[Any, asyncio.Future] = {}
_files = itertools.count()
_current_test = ["(no test)"]
_lost: list[str] = []


def site_scripts(result: list[dict]) -> list[dict]:
    """The entries of a Profiler.takePreciseCoverage result that are the site's own scripts, keyed by source path."""
    found = []
    for entry in result:
        match = SITE_SCRIPT.search(urlsplit(entry.get("url", "")).path)
        if match:
            found.append({"file": match.group(1), "url": entry["url"], "functions": entry["functions"]})
    return found


START = (("Profiler.enable", None), ("Profiler.startPreciseCoverage", {"callCount": False, "detailed": True}))
"""V8's precise block coverage, each block run or not (no call counts)."""


def _lose(what: str, error: BaseException) -> None:
    """Note coverage that could not be started or taken."""
    _lost.append(f"{_current_test[0]}: {what} ({type(error).__name__}: {str(error)[:120]})")


class Profiled:
    """A page's CDP session with coverage running, and its dedicated workers' coverage, reached through that session
    (Target.setAutoAttach without flattening: Playwright's CDPSession sends on its own session only)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.workers: dict[str, str] = {}
        """Session id -> URL of each dedicated worker whose coverage runs."""
        self.answers: dict[int, tuple[str, asyncio.Future]] = {}
        self.numbers = itertools.count(1)
        session.on("Target.receivedMessageFromTarget", self._received)
        session.on("Target.attachedToTarget", lambda params: asyncio.ensure_future(self._attached(params)))
        session.on("Target.detachedFromTarget", self._detached)

    async def start(self) -> None:
        """Start the page's coverage, then attach to its workers (each waits, as it starts, until its coverage runs)."""
        for method, params in START:
            await self.session.send(method, params, TAKE_TIMEOUT_MS)
        attach = {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False}
        await self.session.send("Target.setAutoAttach", attach, TAKE_TIMEOUT_MS)

    async def call(self, session_id: str, method: str, params: dict | None = None) -> dict:
        """A command to an attached worker, and its result."""
        number = next(self.numbers)
        answer = asyncio.get_running_loop().create_future()
        self.answers[number] = (session_id, answer)
        message = json.dumps({"id": number, "method": method, "params": params or {}})
        await self.session.send(
            "Target.sendMessageToTarget", {"sessionId": session_id, "message": message}, TAKE_TIMEOUT_MS
        )
        reply = await asyncio.wait_for(answer, TAKE_TIMEOUT_MS / 1000)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    def _received(self, params: dict) -> None:
        reply = json.loads(params["message"])
        _, answer = self.answers.pop(reply.get("id"), (None, None))
        if answer and not answer.done():
            answer.set_result(reply)

    def _detached(self, params: dict) -> None:
        self.workers.pop(params["sessionId"], None)
        for number, (session_id, answer) in list(self.answers.items()):
            if session_id == params["sessionId"]:
                del self.answers[number]
                if not answer.done():
                    answer.set_exception(ConnectionError("the worker went away"))

    async def _attached(self, params: dict) -> None:
        """Start a dedicated worker's coverage, then let it run; any other target (the service worker) is let go."""
        session_id, target = params["sessionId"], params["targetInfo"]
        try:
            if target["type"] == "worker":
                for method, start in START:
                    await self.call(session_id, method, start)
                self.workers[session_id] = target["url"]
        except Exception as error:
            _lose(f"worker coverage not started ({target['url'][:80]})", error)
        finally:
            with contextlib.suppress(Exception):
                if params.get("waitingForDebugger"):
                    await self.call(session_id, "Runtime.runIfWaitingForDebugger")
                if target["type"] != "worker":
                    await self.session.send("Target.detachFromTarget", {"sessionId": session_id}, TAKE_TIMEOUT_MS)

    async def take(self) -> list[dict]:
        """Every script's coverage in the page and its workers since the last take."""
        result = (await self.session.send("Profiler.takePreciseCoverage", None, TAKE_TIMEOUT_MS))["result"]
        for session_id, url in list(self.workers.items()):
            try:
                result += (await self.call(session_id, "Profiler.takePreciseCoverage"))["result"]
            except Exception as error:
                _lose(f"worker coverage not taken ({url[:80]})", error)
        return result


async def _profiled_session(context: Any, page: Any) -> Profiled | None:
    """The page with coverage running; None where the page is not Chromium's."""
    try:
        profiled = Profiled(await context.new_cdp_session(page))
        await profiled.start()
    except Exception as error:  # another engine, or a page that closed at once
        _lose("coverage not started", error)
        return None
    return profiled


def _starting(context: Any, page: Any) -> asyncio.Future:
    """The page's coverage start, begun once."""
    if page not in _started:
        _started[page] = asyncio.ensure_future(_profiled_session(context, page))
    return _started[page]


async def start_coverage(context: Any, page: Any) -> None:
    """Start the page's coverage (once) and wait until it runs."""
    await _starting(context, page)


def measured_workers(page: Any) -> list[str]:
    """The URLs of the page's dedicated workers whose coverage runs."""
    start = _started.get(page)
    profiled = start.result() if start is not None and start.done() else None
    return list(profiled.workers.values()) if profiled else []


async def take_coverage(page: Any, last: bool = False) -> list[dict]:
    """The site's script coverage since the last take (counts restart at each take), written to the output folder."""
    start = _started.pop(page, None) if last else _started.get(page)
    if start is None or page.is_closed():
        return []
    profiled = await start
    if profiled is None:
        return []
    try:
        result = await profiled.take()
    except Exception as error:
        _lose("coverage not taken", error)
        return []
    scripts = site_scripts(result)
    if scripts and OUTPUT:
        name = Path(OUTPUT) / f"{os.getpid()}-{next(_files):06d}.json"
        name.write_text(json.dumps({"test": _current_test[0], "scripts": scripts}), encoding="utf-8")
    return scripts


def keeping_counts(args: list[str] | None) -> list[str]:
    """Chromium's arguments with RenderDocument off: with it, each new document restarts the page's coverage and drops
    the counts of the one before, even within one host (tests/e2e/test_js_coverage.py)."""
    args = list(args or [])
    switches = [i for i, a in enumerate(args) if a.startswith("--disable-features=")]
    if switches and "RenderDocument" in args[switches[-1]]:
        return args
    if switches:
        args[switches[-1]] += ",RenderDocument"
    else:
        args.append("--disable-features=RenderDocument")
    return args


def _wrap_playwright() -> None:
    """Start coverage on every page Playwright reports; take it before a goto to another host and before closes."""
    from playwright._impl.browser import Browser
    from playwright._impl.browser_context import BrowserContext
    from playwright._impl.browser_type import BrowserType
    from playwright._impl.page import Page

    on_page, new_page, persistent = (
        BrowserContext._on_page,
        BrowserContext.new_page,
        BrowserType.launch_persistent_context,
    )
    close_context, close_page, close_browser = BrowserContext.close, Page.close, Browser.close
    goto, launch = Page.goto, BrowserType.launch

    def _on_page(self: Any, page: Any) -> None:
        _starting(self, page)
        on_page(self, page)

    async def _new_page(self: Any) -> Any:
        page = await new_page(self)
        await start_coverage(self, page)
        return page

    async def _launch(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.name == "chromium":
            kwargs["args"] = keeping_counts(kwargs.get("args"))
        return await launch(self, *args, **kwargs)

    async def _persistent(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.name == "chromium":
            kwargs["args"] = keeping_counts(kwargs.get("args"))
        context = await persistent(self, *args, **kwargs)
        for page in list(context._pages):
            await start_coverage(context, page)
        return context

    async def _close_context(self: Any, *args: Any, **kwargs: Any) -> None:
        if not self.is_closed():
            for page in list(self._pages):
                await take_coverage(page, last=True)
        await close_context(self, *args, **kwargs)

    async def _close_page(self: Any, *args: Any, **kwargs: Any) -> None:
        await take_coverage(self, last=True)
        await close_page(self, *args, **kwargs)

    async def _close_browser(self: Any, *args: Any, **kwargs: Any) -> None:
        for context in list(self._contexts):
            for page in list(context._pages):
                await take_coverage(page, last=True)
        await close_browser(self, *args, **kwargs)

    async def _goto(self: Any, url: str, *args: Any, **kwargs: Any) -> Any:
        if urlsplit(url).netloc != urlsplit(self.url).netloc:  # another site's renderer would not keep the counts
            await take_coverage(self)
        return await goto(self, url, *args, **kwargs)

    BrowserContext._on_page, BrowserContext.new_page = _on_page, _new_page
    BrowserType.launch, BrowserType.launch_persistent_context = _launch, _persistent
    BrowserContext.close, Page.close, Browser.close = _close_context, _close_page, _close_browser
    Page.goto = _goto


def pytest_configure(config: pytest.Config) -> None:
    """Wrap Playwright once, when an output folder is named."""
    if OUTPUT:
        Path(OUTPUT).mkdir(parents=True, exist_ok=True)
        _wrap_playwright()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """Name the running test in what is written."""
    _current_test[0] = item.nodeid
    try:
        return (yield)
    finally:
        _current_test[0] = "(between tests)"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say where the coverage went and which pages gave none."""
    if not OUTPUT:
        return
    written = len(list(Path(OUTPUT).glob(f"{os.getpid()}-*.json")))
    terminalreporter.write_sep("-", f"JavaScript coverage: {written} files in {OUTPUT}; {len(_lost)} pages lost")
    for line in _lost[:50]:
        terminalreporter.write_line(line)
    with contextlib.suppress(OSError):
        (Path(OUTPUT) / f"lost-{os.getpid()}.txt").write_text("\n".join(_lost) + "\n", encoding="utf-8")

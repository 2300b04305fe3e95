"""Statement coverage of the site's scripts in Chromium (issue 38): a pytest plugin, loaded with `-p tests.js_coverage`,
active only when TC_JS_COVERAGE names an output folder; tools/coverage_report.py reads what it writes.

Every Chromium page Playwright opens (tests/e2e's contexts and fixtures, and the engine table's ChromiumTab, which is
Playwright too) gets a CDP session with V8's precise block coverage started before the test can navigate it. The
coverage is taken before each goto and reload (a navigation to another site changes renderer, whose counts would be
lost), and before the page, its context or its browser closes; each take's entries for the site's static/*.js are
written to the folder as one JSON file. The wrapping is done once, at Playwright's implementation layer, so the tests
are unchanged and the file runs as it is in an older checkout. Not measured: dedicated and service workers (the
calculator's worker, sw.js), pages of a browser killed mid-test, the nested pytest sessions of test_browser_crash.py,
and a popup's first scripts (its coverage starts when Playwright reports the page).
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


async def _profiled_session(context: Any, page: Any) -> Any:
    """A CDP session on the page with precise block coverage running; None where the page is not Chromium's."""
    try:
        session = await context.new_cdp_session(page)
        await session.send("Profiler.enable", None, TAKE_TIMEOUT_MS)
        await session.send("Profiler.startPreciseCoverage", {"callCount": False, "detailed": True}, TAKE_TIMEOUT_MS)
    except Exception as error:  # another engine, or a page that closed at once
        _lost.append(f"{_current_test[0]}: coverage not started ({type(error).__name__}: {str(error)[:120]})")
        return None
    return session


def _starting(context: Any, page: Any) -> asyncio.Future:
    """The page's coverage start, begun once."""
    if page not in _started:
        _started[page] = asyncio.ensure_future(_profiled_session(context, page))
    return _started[page]


async def start_coverage(context: Any, page: Any) -> None:
    """Start the page's coverage (once) and wait until it runs."""
    await _starting(context, page)


async def take_coverage(page: Any, last: bool = False) -> list[dict]:
    """The site's script coverage since the last take (counts restart at each take), written to the output folder."""
    start = _started.pop(page, None) if last else _started.get(page)
    if start is None or page.is_closed():
        return []
    session = await start
    if session is None:
        return []
    try:
        result = await session.send("Profiler.takePreciseCoverage", None, TAKE_TIMEOUT_MS)
    except Exception as error:
        _lost.append(f"{_current_test[0]}: coverage not taken ({type(error).__name__}: {str(error)[:120]})")
        return []
    scripts = site_scripts(result["result"])
    if scripts and OUTPUT:
        name = Path(OUTPUT) / f"{os.getpid()}-{next(_files):06d}.json"
        name.write_text(json.dumps({"test": _current_test[0], "scripts": scripts}), encoding="utf-8")
    return scripts


def _wrap_playwright() -> None:
    """Start coverage on every page Playwright reports, take it before navigations and closes."""
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
    goto, reload = Page.goto, Page.reload

    def _on_page(self: Any, page: Any) -> None:
        _starting(self, page)
        on_page(self, page)

    async def _new_page(self: Any) -> Any:
        page = await new_page(self)
        await start_coverage(self, page)
        return page

    async def _persistent(self: Any, *args: Any, **kwargs: Any) -> Any:
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

    async def _goto(self: Any, *args: Any, **kwargs: Any) -> Any:
        await take_coverage(self)
        return await goto(self, *args, **kwargs)

    async def _reload(self: Any, *args: Any, **kwargs: Any) -> Any:
        await take_coverage(self)
        return await reload(self, *args, **kwargs)

    BrowserContext._on_page, BrowserContext.new_page = _on_page, _new_page
    BrowserType.launch_persistent_context = _persistent
    BrowserContext.close, Page.close, Browser.close = _close_context, _close_page, _close_browser
    Page.goto, Page.reload = _goto, _reload


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

"""Fixtures shared by the Chromium end-to-end tests (Playwright); the site server and browser come from tests/conftest.py.

The page objects these tests drive are in tests/e2e/playpage.py (Playwright, Chromium only). The three-engine table
has its own, tests/engines/play.py (Chromium, Firefox, WebKit through their drivers): see docs/tests.md for which to
extend.

Two kinds of context: `site_context` (playpage.py), fresh for a test that is about a first visit, the offline copy,
start-up or a context-wide setting; and `warm_page`, a new page in a context the whole session shares (one per set of
context options), whose service worker already holds the calculator (snapshot included), so that play/ starts Python
warm. Its storage is emptied, and the emptying checked, before each test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.e2e.playpage import PHONE, VIEWPORTS, Play, fresh_page, record, wait_until_offline_ready


@pytest.fixture
def viewport() -> dict:
    """The phone's viewport: a test whose subject is not layout runs at one size only."""
    return PHONE


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def layout_viewport(request: pytest.FixtureRequest) -> dict:
    """A test whose subject is layout runs on a phone and on a desktop."""
    return VIEWPORTS[request.param]


def warmed(browser: Browser, base_url: str, options: dict) -> BrowserContext:
    """A new context with these options that has visited play/ once: its service worker holds the calculator offline,
    so each later page on play/ restores Python from the held snapshot instead of starting it cold."""
    context = record(browser.new_context(service_workers="allow", **options))
    page = context.new_page()
    Play(page, base_url, "burgundy-cards").open("score").wait_ready()
    wait_until_offline_ready(page, python=True)
    page.close()
    return context


@pytest.fixture(scope="session")
def warm_contexts(browser: Browser) -> Iterator[dict[str, BrowserContext]]:
    """The session's warm contexts by their options: every module asking for the same options shares one, so the
    calculator is made offline once per session, not once per module (closed before the browser is)."""
    held: dict[str, BrowserContext] = {}
    try:
        yield held
    finally:
        for context in held.values():
            context.close()


@pytest.fixture(scope="module")
def warm_context(
    warm_contexts: dict[str, BrowserContext], browser: Browser, site_server, request: pytest.FixtureRequest
) -> BrowserContext:
    """The warm context of this module's options, shared with every other module of the session that has the same.

    A module sets WARM_CONTEXT (the context's options, e.g. a touch screen) when its pages need more than a phone's
    viewport. What a test leaves in it is taken away by warm_page (the site's storage, permissions, pages); a test
    that changes the context itself (a route, an init script, offline, the clock) uses site_context instead."""
    options = {"viewport": PHONE, **getattr(request.module, "WARM_CONTEXT", {})}
    key = json.dumps(options, sort_keys=True)
    if key not in warm_contexts:
        warm_contexts[key] = warmed(browser, site_server.url, options)
    return warm_contexts[key]


@pytest.fixture
def warm_page(warm_context: BrowserContext, site_server) -> Iterator[Page]:
    """A new page in the module's warm context, the site's storage empty and the request log cleared.

    A test that needs a context-wide setting (a route, an init script, offline, the clock: page.clock is the
    context's) uses site_context; a permission granted here is taken back before the next test.
    """
    page = fresh_page(warm_context, site_server.url)
    try:
        yield page
    finally:
        page.close()

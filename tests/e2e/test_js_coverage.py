"""The coverage instrument measures (issue 38): tests/js_coverage.py's collection on a page whose script calls one
function and not another, read by tools/coverage_report.py's line rule; and the plugin's wrapping keeps what ran
before a navigation to another site."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route

from tests import js_coverage
from tools.coverage_report import code_lines, run_lines

pytestmark = pytest.mark.e2e

PROBE = """// a probe script
function called(n) {
  const doubled = n * 2;
  return doubled;
}

function neverCalled(n) {
  const tripled = n * 3;
  return tripled;
}

/* the call */
window.result = called(21) + (window.result > 0 ? neverCalled(1) : 0);
"""
CALLED_BODY, NEVER_CALLED_BODY, THE_CALL = 3, 8, 13


def serve_probe(route: Route) -> None:
    """A page on a made-up host that loads the probe as the site's static/probe.js."""
    if route.request.url.endswith("/static/probe.js"):
        route.fulfill(body=PROBE, content_type="text/javascript")
    else:
        route.fulfill(body='<!doctype html><script src="/static/probe.js"></script>', content_type="text/html")


def taken(page: Page) -> list[dict]:
    """The page's site-script coverage since the last take, through the plugin's own function."""
    return page._sync(js_coverage.take_coverage(page._impl_obj))  # type: ignore[attr-defined]


def test_a_called_function_is_covered_and_an_uncalled_one_is_not(browser: Browser) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page._sync(js_coverage.start_coverage(context._impl_obj, page._impl_obj))  # type: ignore[attr-defined]
        page.route("**/*", serve_probe)
        page.goto("http://coverage.test/")
        assert page.evaluate("window.result") == 42
        scripts = taken(page)
    finally:
        context.close()
    assert [s["file"] for s in scripts] == ["static/probe.js"]
    lines = code_lines(PROBE)
    assert {1, 6, 12} & set(lines) == set(), "a comment or blank line counted as code"
    run = run_lines(scripts[0]["functions"], lines)
    assert {CALLED_BODY, THE_CALL} <= run
    assert NEVER_CALLED_BODY not in run


@pytest.mark.skipif(not js_coverage.OUTPUT, reason="the plugin's wrapping is active only with TC_JS_COVERAGE set")
def test_the_wrapped_page_keeps_what_ran_before_it_went_to_another_site(
    browser: Browser, request: pytest.FixtureRequest
) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route("**/*", serve_probe)
        page.goto("http://coverage.test/")
        page.goto("http://other-site.test/")
        assert page.evaluate("window.result") == 42
    finally:
        context.close()
    written = [json.loads(f.read_text(encoding="utf-8")) for f in Path(js_coverage.OUTPUT).glob("*.json")]
    urls = {s["url"] for w in written if w["test"] == request.node.nodeid for s in w["scripts"]}
    assert urls == {"http://coverage.test/static/probe.js", "http://other-site.test/static/probe.js"}

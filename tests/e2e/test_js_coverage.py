"""The coverage instrument measures (issue 38): tests/js_coverage.py's collection, in a page and in its dedicated
worker, of a script that calls one function and not another, read by tools/coverage_report.py's line rule; and the
plugin's wrapping keeps what ran before a navigation within the host (Chromium's RenderDocument off) and to another."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserType, Route

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
globalThis.result = called(21) + (globalThis.result > 0 ? neverCalled(1) : 0);
"""
CALLED_BODY, NEVER_CALLED_BODY, THE_CALL = 3, 8, 13
PAGES = {
    "/": '<!doctype html><script src="/static/probe.js"></script>',
    "/blank": "<!doctype html><p>No script.</p>",
    "/worker": """<!doctype html><script>
      globalThis.worker = new Worker("/loader.js");
      worker.onmessage = (event) => { globalThis.result = event.data; };
    </script>""",
}
SCRIPTS = {
    "/static/probe.js": PROBE,
    "/loader.js": 'onmessage = () => importScripts("/static/probe-worker.js");\n',
    "/static/probe-worker.js": PROBE + "postMessage(globalThis.result);\n",
}


def serve_probe(route: Route) -> None:
    """Pages on made-up hosts that load the probe as the site's static/probe.js, or in a worker."""
    path = "/" + route.request.url.split("/", 3)[3]
    if path in SCRIPTS:
        route.fulfill(body=SCRIPTS[path], content_type="text/javascript")
    else:
        route.fulfill(body=PAGES[path], content_type="text/html")


@pytest.fixture(scope="module")
def counting_browser(browser_type: BrowserType, browser_type_launch_args: dict) -> Iterator[Browser]:
    """Chromium launched as the plugin launches it (js_coverage.keeping_counts), whether the plugin is active or not."""
    launched = browser_type.launch(
        **{**browser_type_launch_args, "args": js_coverage.keeping_counts(browser_type_launch_args.get("args"))}
    )
    yield launched
    launched.close()


def probe_coverage(browser: Browser, path: str, then: str = "") -> list[dict]:
    """The site-script coverage of a page at path (and then another of the same host), started and taken through the
    plugin's own functions."""
    context = browser.new_context()
    try:
        context.route("**/*", serve_probe)
        page = context.new_page()
        page._sync(js_coverage.start_coverage(context._impl_obj, page._impl_obj))  # type: ignore[attr-defined]
        page.goto(f"http://coverage.test{path}")
        if path == "/worker":  # the probe is loaded once the worker's coverage runs, as pyodide-start.mjs is
            deadline = time.monotonic() + 30
            while not js_coverage.measured_workers(page._impl_obj) and time.monotonic() < deadline:  # type: ignore[attr-defined]
                page.wait_for_timeout(50)
            page.evaluate("worker.postMessage('load the probe')")
        page.wait_for_function("globalThis.result === 42")
        if then:
            page.goto(f"http://coverage.test{then}")
        return page._sync(js_coverage.take_coverage(page._impl_obj))  # type: ignore[attr-defined]
    finally:
        context.close()


@pytest.mark.parametrize(
    ("path", "then", "script"),
    [("/", "", "static/probe.js"), ("/worker", "", "static/probe-worker.js"), ("/", "/blank", "static/probe.js")],
    ids=["page", "worker", "a page left for another of its host"],
)
def test_a_called_function_is_covered_and_an_uncalled_one_is_not(
    counting_browser: Browser, path: str, then: str, script: str
) -> None:
    scripts = probe_coverage(counting_browser, path, then)
    assert [s["file"] for s in scripts] == [script]
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
        context.route("**/*", serve_probe)
        page = context.new_page()
        page.goto("http://coverage.test/")
        page.goto("http://coverage.test/blank")
        page.goto("http://other-site.test/")
        assert page.evaluate("globalThis.result") == 42
    finally:
        context.close()
    written = [json.loads(f.read_text(encoding="utf-8")) for f in Path(js_coverage.OUTPUT).glob("*.json")]
    urls = {s["url"] for w in written if w["test"] == request.node.nodeid for s in w["scripts"]}
    assert urls == {"http://coverage.test/static/probe.js", "http://other-site.test/static/probe.js"}

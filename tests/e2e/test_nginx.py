"""The built site on a real web server: Debian's nginx, under the sub-path /table-companion/, configured by the build's
own snippet (site/_nginx.conf): headers, precompressed files, the calculator, offline after one visit, and the
Content-Security-Policy sent as a header without a violation."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.playpage import VIEWPORTS, Play, csp_violations, foreign_requests, site_context, wait_until_offline_ready
from tests.nginx import PREFIX, Nginx
from tests.test_publish import meta_policy

pytestmark = pytest.mark.e2e

BROWSER_ENCODINGS = "gzip, deflate, br, zstd"


@pytest.fixture(scope="module")
def nginx(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Nginx]:
    """nginx serving the built site under /table-companion/."""
    server = Nginx(built_site, tmp_path_factory.mktemp("nginx"))
    server.start()
    yield server
    server.stop()
    assert "[emerg]" not in server.errors() and "[crit]" not in server.errors()


def head(server: Nginx, path: str, encodings: str = BROWSER_ENCODINGS) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of a GET under the sub-path."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("GET", PREFIX + path, headers={"Accept-Encoding": encodings})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def test_pages_carry_their_policy_as_a_header_and_are_revalidated(nginx: Nginx, built_site: Path) -> None:
    for page in sorted(built_site.rglob("*.html")):
        relative = page.relative_to(built_site).as_posix()
        for path in {relative, relative.removesuffix("index.html")}:
            status, headers, _ = head(nginx, path)
            framed = "'self'" if relative == "play/python.html" else "'none'"
            assert status == 200, path
            assert headers["content-security-policy"] == f"{meta_policy(page)}; frame-ancestors {framed}", path
            assert headers["cache-control"] == "no-cache" and headers["x-content-type-options"] == "nosniff"
            assert headers["content-type"] == "text/html; charset=utf-8"


def test_types_caching_and_precompressed_files(nginx: Nginx, built_site: Path) -> None:
    expected = "br" if nginx.brotli else "gzip"
    status, headers, body = head(nginx, "pyodide/pyodide.asm.wasm")
    assert (status, headers["content-type"], headers["content-encoding"]) == (200, "application/wasm", expected)
    assert len(body) == (built_site / f"pyodide/pyodide.asm.wasm.{'br' if nginx.brotli else 'gz'}").stat().st_size
    _, headers, _ = head(nginx, "pyodide/pyodide.asm.mjs")
    assert headers["content-type"].startswith("text/javascript") and headers["content-encoding"] == expected
    assert head(nginx, "manifest.webmanifest")[1]["content-type"] == "application/manifest+json"
    _, headers, body = head(nginx, "pyodide/python_snapshot.bin.gz")
    assert "content-encoding" not in headers and body[:2] == b"\x1f\x8b", "the snapshot is sent as the gzip file it is"
    _, headers, body = head(nginx, "rules/bruges/", "gzip")
    assert headers["content-encoding"] == "gzip" and len(body) < 40_000
    assert head(nginx, "sw.js")[1]["cache-control"] == "no-cache"
    assert head(nginx, "pyscript/core.js")[1]["cache-control"] == "no-cache"
    chunk = next((built_site / "pyscript").glob("core-*.js")).name
    assert head(nginx, f"pyscript/{chunk}")[1]["cache-control"] == "public, max-age=31536000, immutable"
    for for_host in ("_headers", "_nginx.conf", "_nginx-brotli.conf"):
        assert head(nginx, for_host)[0] == 404


def test_the_site_works_under_the_sub_path_offline_after_one_visit(browser: Browser, nginx: Nginx) -> None:
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        play = Play(page, nginx.url, "burgundy-cards").open()
        play.wait_ready()
        play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo", {"estate_sets": 3})])
        play.expect_ranking(["1. Ann · 6", "2. Bo · 3"])
        assert page.evaluate("document.querySelector('meta[http-equiv]').content") in nginx_policy(nginx, "play/")
        wait_until_offline_ready(page)
        assert csp_violations(page) == []
        for path in ("", "rules/bruges/", "search/?q=guardhouse", "offline.html"):
            page.goto(nginx.url + path)
            expect(page.locator("h1").first).to_be_visible()
            assert csp_violations(page) == [], path
        context.set_offline(True)
        play = Play(page, nginx.url, "burgundy-cards").open()
        play.wait_ready()
        play.fill_sheet([("Ann", {"estate_sets": 1, "start_player": 1}), ("Bo", {"estate_sets": 4})])
        play.expect_ranking(["1. Bo · 4", "2. Ann · 2"])
        page.goto(nginx.url + "rules/tuscany/")
        expect(page.locator("h1").first).to_be_visible()
        assert csp_violations(page) == []
        assert foreign_requests(context, f"http://127.0.0.1:{nginx.port}/") == []
        assert all(uri.startswith(PREFIX) for uri, _, _ in nginx.sent())


def nginx_policy(server: Nginx, path: str) -> str:
    """The policy header nginx sends with a page."""
    return head(server, path)[1]["content-security-policy"]

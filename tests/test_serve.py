"""The local server (`make serve`, the tests, the benchmark): text gzip-compressed when asked for, the rest as is."""

from __future__ import annotations

import functools
import gzip
import http.client
import http.server
import threading
from collections.abc import Iterator
from email.utils import formatdate

import pytest

from sitebuild.serve import SiteHandler, accepts_gzip

PAGE = "<!doctype html><title>规则</title>" + "<p>rules text</p>" * 200


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A SiteHandler serving a small folder on a free port."""
    root = tmp_path_factory.mktemp("served")
    (root / "rules").mkdir()
    (root / "rules" / "index.html").write_text(PAGE, encoding="utf-8")
    (root / "app.js").write_text("console.log(1);\n" * 100, encoding="utf-8")
    (root / "engine.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 10)
    handler = functools.partial(type("Quiet", (SiteHandler,), {"log_message": lambda *a: None}), directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def get(port: int, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and raw body of one GET."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def test_html_is_gzipped_when_the_browser_accepts_it(server: int) -> None:
    status, headers, body = get(server, "/rules/", **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) < len(PAGE.encode()) / 5
    assert gzip.decompress(body).decode() == PAGE
    assert headers["content-type"].startswith("text/html")


def test_plain_when_gzip_is_not_accepted(server: int) -> None:
    for accept in ("", "identity", "gzip;q=0", "br"):
        status, headers, body = get(server, "/rules/index.html", **{"Accept-Encoding": accept})
        assert status == 200
        assert "content-encoding" not in headers, accept
        assert body.decode() == PAGE


def test_binary_files_are_sent_as_they_are(server: int) -> None:
    status, headers, body = get(server, "/engine.wasm", **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert "content-encoding" not in headers
    assert body.startswith(b"\0asm")


def test_revalidation_and_errors_as_http_server_does(server: int) -> None:
    later = formatdate(2_000_000_000, usegmt=True)
    status, _, body = get(server, "/app.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": later})
    assert (status, body) == (304, b"")
    status, headers, body = get(server, "/app.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": "garbage"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    status, headers, _ = get(server, "/rules", **{"Accept-Encoding": "gzip"})
    assert status == 301 and headers["location"] == "/rules/"
    assert get(server, "/missing.html", **{"Accept-Encoding": "gzip"})[0] == 404


@pytest.mark.parametrize(
    ("header", "expected"),
    [("gzip", True), ("deflate, gzip;q=0.5", True), ("*", True), ("gzip;q=0", False), ("gzip;q=x", False), ("", False)],
)
def test_accepts_gzip(header: str, expected: bool) -> None:
    assert accepts_gzip(header) is expected

"""The local server (`make serve`, the tests, the benchmark): text gzip-compressed when asked for, the rest as is."""

from __future__ import annotations

import functools
import gzip
import http.client
import http.server
import threading
from collections.abc import Iterator
from email.utils import formatdate

import brotli
import pytest

from sitebuild.publish import write_compressed
from sitebuild.serve import SiteHandler, accepts_gzip, negotiate

PAGE = "<!doctype html><title>规则</title>" + "<p>rules text</p>" * 200
WASM = b"\0asm" + b"".join(i.to_bytes(2, "little") * 3 for i in range(4000))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A SiteHandler serving a small folder on a free port."""
    root = tmp_path_factory.mktemp("served")
    (root / "rules").mkdir()
    (root / "rules" / "index.html").write_text(PAGE, encoding="utf-8")
    (root / "app.js").write_text("console.log(1);\n" * 100, encoding="utf-8")
    (root / "engine.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 10)
    (root / "big.wasm").write_bytes(WASM)
    write_compressed(root, tmp_path_factory.mktemp("compressed"), [root / "big.wasm"])
    (root / "_headers").write_text("/*\n  X-Content-Type-Options: nosniff\n", encoding="utf-8")
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


def test_precompressed_copy_brotli_first(server: int) -> None:
    status, headers, body = get(server, "/big.wasm", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert status == 200 and headers["content-encoding"] == "br" and headers["vary"] == "Accept-Encoding"
    assert headers["content-type"] == "application/wasm" and int(headers["content-length"]) == len(body)
    assert brotli.decompress(body) == WASM and len(body) < len(WASM) / 5
    status, headers, body = get(server, "/big.wasm", **{"Accept-Encoding": "gzip, br;q=0"})
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == WASM
    status, headers, body = get(server, "/big.wasm", **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in headers and body == WASM


def test_cache_control_and_files_for_the_host(server: int) -> None:
    assert get(server, "/rules/", **{"Accept-Encoding": "br"})[1]["cache-control"] == "no-cache"
    assert get(server, "/_headers")[0] == 404


@pytest.mark.parametrize(
    ("header", "expected"),
    [("br, gzip", "br"), ("gzip", "gzip"), ("*", "br"), ("br;q=0, gzip;q=0.1", "gzip"), ("deflate", None), ("", None)],
)
def test_negotiate(tmp_path, header: str, expected: str | None) -> None:
    for name in ("a.js", "a.js.br", "a.js.gz"):
        (tmp_path / name).write_text("x")
    found = negotiate(tmp_path / "a.js", header)
    assert (found[0] if found else None) == expected

"""Serve the built site on 127.0.0.1 as a static host does: text files gzip-compressed for browsers that ask."""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import http
import http.server
import io
import os
from pathlib import Path

# Text the browser reads; everything else (wasm, zip, png, the gzipped snapshot) is sent as it is.
COMPRESSIBLE = frozenset({".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".py", ".svg", ".txt", ".map"})


@functools.lru_cache(maxsize=256)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file's bytes, gzip-compressed once per version of the file (mtime and size are the cache key)."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=9, mtime=0)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0)."""
    for item in accept_encoding.split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            quality = params.strip().removeprefix("q=")
            try:
                return not params or float(quality or 1) > 0
            except ValueError:
                return False
    return False


def unchanged_since(header: str | None, mtime: float) -> bool:
    """Whether a file last modified at mtime is no newer than an If-Modified-Since header."""
    if not header:
        return False
    try:
        since = email.utils.parsedate_to_datetime(header)
    except (TypeError, ValueError):
        return False
    return since.tzinfo is not None and int(mtime) <= since.timestamp()


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files; HTML, CSS, JavaScript, JSON and Python gzip-compressed when the client accepts it."""

    def send_head(self) -> io.BufferedIOBase | None:
        """The response head, compressed when it can be; anything else (redirects, 404, 304) as http.server does."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.partition("?")[0].endswith("/"):
            path = path / "index.html"
        if (
            path.suffix not in COMPRESSIBLE
            or not path.is_file()
            or not accepts_gzip(self.headers.get("Accept-Encoding", ""))
        ):
            return super().send_head()
        stat = path.stat()
        if unchanged_since(self.headers.get("If-Modified-Since"), stat.st_mtime):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = gzipped(str(path), stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


def main() -> None:
    """Serve a folder until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory", nargs="?", default="site")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--bind", default="127.0.0.1")
    args = parser.parse_args()
    handler = functools.partial(SiteHandler, directory=args.directory)
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as server:
        print(f"Serving {args.directory} on http://{args.bind}:{args.port}/ (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()

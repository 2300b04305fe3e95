"""Serve the built site on 127.0.0.1 as a static host does: the build's .br/.gz copies to browsers that accept them.

Run as `python -m sitebuild.serve site` (make serve). A text file without a precompressed copy is gzipped on the fly.
"""

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
from typing import ClassVar

from sitebuild.publish import ENCODINGS, PUBLISHING, TYPES, cache_control

# Text the browser reads; everything else (wasm, zip, png, the gzipped snapshot) is sent as it is.
COMPRESSIBLE = frozenset({".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".py", ".svg", ".txt", ".map"})


@functools.lru_cache(maxsize=256)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file's bytes, gzip-compressed once per version of the file (mtime and size are the cache key)."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=9, mtime=0)


def accepted(accept_encoding: str) -> set[str]:
    """The encodings an Accept-Encoding header takes (not refused with q=0); "*" stands for any."""
    taken = set()
    for item in accept_encoding.split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip().removeprefix("q=")
        try:
            if not params or float(quality or 1) > 0:
                taken.add(name.strip().lower())
        except ValueError:
            continue
    return taken - {""}


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0)."""
    return bool(accepted(accept_encoding) & {"gzip", "*"})


def negotiate(path: Path, accept_encoding: str) -> tuple[str, Path] | None:
    """The build's precompressed copy of a file the browser accepts, brotli first, or None."""
    taken = accepted(accept_encoding)
    for name, suffix in ENCODINGS.items():
        copy = path.with_name(path.name + suffix)
        if (name in taken or "*" in taken) and copy.is_file():
            return name, copy
    return None


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
    """Static files: the precompressed copy the client accepts, else text gzipped on the fly, else as they are."""

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def requested_file(self) -> Path:
        """The file the request path names: a folder's index.html for a path ending in '/'."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.partition("?")[0].endswith("/"):
            path = path / "index.html"
        return path

    def end_headers(self) -> None:
        """Every answer is revalidated, except files named by their content hash (as the published site's headers)."""
        path = self.requested_file()
        if path.is_file():
            self.send_header("Cache-Control", cache_control(Path(self.directory), path))
        super().end_headers()

    def send_head(self) -> io.BufferedIOBase | None:
        """The response head, compressed when it can be; anything else (redirects, 404, 304) as http.server does."""
        path = self.requested_file()
        if path.name in PUBLISHING and path.parent == Path(self.directory):
            self.send_error(http.HTTPStatus.NOT_FOUND)
            return None
        accept = self.headers.get("Accept-Encoding", "")
        copy = negotiate(path, accept) if path.is_file() else None
        if not path.is_file() or (copy is None and (path.suffix not in COMPRESSIBLE or not accepts_gzip(accept))):
            return super().send_head()
        stat = path.stat()
        if unchanged_since(self.headers.get("If-Modified-Since"), stat.st_mtime):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        encoding, body = (
            (copy[0], copy[1].read_bytes()) if copy else ("gzip", gzipped(str(path), stat.st_mtime_ns, stat.st_size))
        )
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
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

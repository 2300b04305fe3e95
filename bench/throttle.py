"""A phone's network in one process: sitebuild/serve.py's answers, slowed as a mobile link slows them.

Every response waits one round trip before its first byte, and all responses share one bandwidth budget (a single
queue of 16 KB slices paced at the link's rate, whatever the number of connections). GET /__bytes answers, at once
and uncounted, how many body bytes have been sent so far. Run as `python -m bench.throttle SITE --port N
--mbit 10 --rtt-ms 40`.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import shutil
import sys
import threading
import time
from typing import ClassVar

from sitebuild.serve import SiteHandler

SLICE = 16 * 1024


class Link:
    """One shared budget: each slice is given the next free moment on the link, so connections share the rate."""

    def __init__(self, mbit: float, rtt_ms: float) -> None:
        self.bytes_per_s = mbit * 1_000_000 / 8
        self.rtt_s = rtt_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = 0

    def pass_slice(self, size: int) -> None:
        """Wait until the link has carried size more bytes, then count them."""
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.bytes_per_s
            done = self.free_at
            self.sent += size
        time.sleep(max(0.0, done - time.monotonic()))


class ThrottledFile:
    """A response body stream whose reads go through the link."""

    def __init__(self, inner, link: Link) -> None:
        self.inner = inner
        self.link = link

    def read(self, size: int = -1) -> bytes:
        data = self.inner.read(min(SLICE, size) if size and size > 0 else SLICE)
        if data:
            self.link.pass_slice(len(data))
        return data

    def close(self) -> None:
        self.inner.close()


class Throttled:
    """Put before a SiteHandler (tests/engines put it before theirs): its files over the link, HTTP/1.1 keep-alive as
    browsers use it, one round trip before each answer."""

    protocol_version = "HTTP/1.1"
    link: ClassVar[Link]

    def handle(self) -> None:
        """Serve the connection; a browser that closes it mid-answer (a page left, a browser closed) is no error."""
        with contextlib.suppress(ConnectionError):
            super().handle()

    def do_GET(self) -> None:
        """/__bytes: the count so far; anything else: the file, late and slow."""
        if self.path == "/__bytes":
            body = str(self.link.sent).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            super(SiteHandler, self).end_headers()
            self.wfile.write(body)
            return
        time.sleep(self.link.rtt_s)
        head = self.send_head()
        if head:
            try:
                self.copyfile(ThrottledFile(head, self.link), self.wfile)
            finally:
                head.close()

    def copyfile(self, source, outputfile) -> None:
        """Copy in slices (shutil's default buffer would pass the link in one gulp)."""
        shutil.copyfileobj(source, outputfile, SLICE)


class ThrottledHandler(Throttled, SiteHandler):
    """sitebuild/serve.py's answers over the link."""

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a connection mid-answer (a page left, a browser closed) is not an error here."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """Quiet about connections the browser dropped."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def main() -> None:
    """Serve a folder over a slowed link until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--mbit", type=float, required=True, help="the link's rate, Mbit/s, shared by all requests")
    parser.add_argument("--rtt-ms", type=float, required=True, help="wait before each answer, ms")
    args = parser.parse_args()
    ThrottledHandler.link = Link(args.mbit, args.rtt_ms)
    handler = functools.partial(ThrottledHandler, directory=args.directory)
    with QuietServer(("127.0.0.1", args.port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()

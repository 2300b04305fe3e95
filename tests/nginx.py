"""nginx (Debian's package) serving a built site under a sub-path with the build's own snippet, on a free loopback
port, in the foreground, with every file it writes in a temporary folder: the tests' real web server."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
PREFIX = "/table-companion/"

CONFIG = """{load_module}
daemon off;
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/error.log;
{user}
events {{ worker_connections 64; }}
http {{
    log_format bytes '$request_uri $status $body_bytes_sent';
    access_log {work}/access.log bytes;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    server {{
        listen 127.0.0.1:{port};
        location {prefix} {{
            alias {site}/;
            include {site}/_nginx.conf;
            {brotli}
        }}
    }}
}}
"""


class Nginx:
    """nginx serving site under PREFIX; url is the site's address, sent() what it sent."""

    def __init__(self, site: Path, work: Path) -> None:
        self.site = site
        self.work = work
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}{PREFIX}"
        self.brotli = BROTLI_MODULE.is_file()
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        """Write the configuration and start nginx; fail with its error log if it does not listen within 10 s."""
        self.work.mkdir(parents=True, exist_ok=True)
        config = self.work / "nginx.conf"
        config.write_text(
            CONFIG.format(
                load_module=f"load_module {BROTLI_MODULE};" if self.brotli else "",
                user="user root;" if os.geteuid() == 0 else "",
                work=self.work,
                port=self.port,
                prefix=PREFIX,
                site=self.site,
                brotli=f"include {self.site}/_nginx-brotli.conf;" if self.brotli else "",
            ),
            encoding="utf-8",
        )
        command = [NGINX, "-p", str(self.work), "-c", str(config), "-e", str(self.work / "error.log")]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while not self.listening():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not start: {self.process.stderr.read().decode()} {self.errors()}")
            time.sleep(0.05)

    def listening(self) -> bool:
        """Whether nginx accepts connections."""
        with socket.socket() as client:
            return client.connect_ex(("127.0.0.1", self.port)) == 0

    def stop(self) -> None:
        """Stop nginx (fast shutdown) and wait for it."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def errors(self) -> str:
        """nginx's error log."""
        log = self.work / "error.log"
        return log.read_text(encoding="utf-8") if log.is_file() else ""

    def sent(self) -> list[tuple[str, int, int]]:
        """(request URI, status, body bytes) of every request so far: bytes over the wire."""
        log = self.work / "access.log"
        rows = [line.rsplit(" ", 2) for line in log.read_text(encoding="utf-8").splitlines()] if log.is_file() else []
        return [(uri, int(status), int(size)) for uri, status, size in rows]

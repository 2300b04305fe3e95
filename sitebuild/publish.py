"""Publishing: precompressed files, and the headers a static host sends, written from one table (docs/publishing.md).

site/_headers is for hosts that read one (Netlify, Cloudflare Pages); site/_nginx.conf is an nginx snippet to include
in the location that serves site/ (site/_nginx-brotli.conf adds brotli where nginx has the brotli_static module).
Every page gets the Content-Security-Policy of its meta tag as a header too, with frame-ancestors (which a meta tag
cannot carry: 'none', 'self' for the page play/ frames). HTML and sw.js are revalidated on every visit; files whose names carry a content hash are
immutable; everything else is revalidated too (the service worker, not the HTTP cache, keeps the offline copy).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import subprocess
import threading
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli

from . import BuildError, node_binary

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".py": "text/x-python; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}
"""Content-Type by suffix: every file the build writes has one (the build fails on a suffix missing here)."""
TYPED = (".wasm", ".mjs", ".webmanifest")
"""Suffixes some hosts type wrongly or not at all: _headers names their type file by file."""
REVALIDATE = "no-cache"
IMMUTABLE = "public, max-age=31536000, immutable"
HASHED = re.compile(r"^pyscript/[\w.]+-[A-Za-z0-9_-]{8}\.js$")
"""PyScript's chunks, named by their content hash (core.js itself, the entry point, is not)."""
PUBLISHING = ("_headers", "_nginx.conf", "_nginx-brotli.conf")
"""Files for the host, not for browsers: not served by the nginx snippet, not cached by the service worker."""
ENCODINGS = {"br": ".br", "gzip": ".gz"}
COMPRESSED = frozenset({".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".wasm", ".zip", ".py", ".svg"})
"""Suffixes worth compressing; python_snapshot.bin.gz is compressed already, PNG too."""
MIN_SIZE = 512
MIN_SAVING = 0.05


MINIFIED = (".js", ".mjs", ".css")
"""The site's own scripts and styles, as static/ holds them: sent with no comments or spaces (tools/minify.mjs)."""


def minify_static(static: Path, tools: Path) -> int:
    """Minify the built site's static/ scripts and styles in place (esbuild, by tools/minify.mjs); return the bytes
    saved. A file esbuild cannot read fails the build, naming it."""
    files = sorted(path for path in static.iterdir() if path.suffix in MINIFIED)
    before = sum(path.stat().st_size for path in files)
    command = [node_binary("tools/minify.mjs"), str(tools / "minify.mjs"), *map(str, files)]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise BuildError(f"tools/minify.mjs: {run.stderr.strip() or run.stdout.strip()}")
    return before - sum(path.stat().st_size for path in files)


def served_files(out: Path) -> list[Path]:
    """Every file a browser may ask for: neither a precompressed copy nor a file for the host."""
    return sorted(
        p
        for p in out.rglob("*")
        if p.is_file() and p.suffix != ".br" and not is_precompressed(p) and p.name not in PUBLISHING
    )


def is_precompressed(path: Path) -> bool:
    """Whether a file is a .gz copy of another file next to it (python_snapshot.bin.gz is an original)."""
    return path.suffix == ".gz" and path.with_suffix("").suffix in COMPRESSED


def url_path(out: Path, path: Path) -> str:
    """A file's path on the site, from its root: index.html as its folder."""
    relative = path.relative_to(out).as_posix()
    return "/" + relative.removesuffix("index.html")


def cache_control(out: Path, path: Path) -> str:
    """Immutable for files named by their content hash, revalidated for everything else."""
    return IMMUTABLE if HASHED.match(path.relative_to(out).as_posix()) else REVALIDATE


def compress(data: bytes, cache: Path) -> dict[str, bytes]:
    """The data brotli- and gzip-compressed at their best levels, each kept only if it saves enough (cached by hash).

    Brotli at quality 11 (its best): pyodide.asm.wasm, the largest download of a first visit, is 2,291,678 bytes so
    and 2,364,209 (3.2 % more) at quality 10, which takes 12 s of CPU rather than 19; a larger window (lgwin 24)
    saves 272 bytes. The cache makes it once per Pyodide or wasm_trim.py."""
    digest = hashlib.sha256(data).hexdigest()
    found: dict[str, bytes] = {}
    for name, suffix in ENCODINGS.items():
        cached = cache / f"{digest}{suffix}"
        if cached.is_file():
            packed = cached.read_bytes()
        else:
            packed = brotli.compress(data, quality=11) if name == "br" else gzip.compress(data, 9, mtime=0)
            cache.mkdir(parents=True, exist_ok=True)
            partial = cache / f"{digest}{suffix}.{os.getpid()}-{threading.get_ident()}.partial"
            partial.write_bytes(packed)
            partial.replace(cached)
        if len(packed) <= len(data) * (1 - MIN_SAVING):
            found[name] = packed
    return found


def write_compressed(out: Path, cache: Path, files: Iterable[Path] | None = None) -> dict[str, int]:
    """Write .br and .gz next to every file worth it (of files, or of the site); return each encoding's bytes.

    The files are compressed on every core at once (brotli and zlib let other threads run while they work)."""
    worth = [
        path
        for path in (served_files(out) if files is None else files)
        if path.suffix in COMPRESSED and path.stat().st_size >= MIN_SIZE
    ]
    worth.sort(key=lambda path: -path.stat().st_size)  # the largest first: none is left to run alone at the end
    with ThreadPoolExecutor(os.cpu_count()) as cores:
        packed_files = list(cores.map(lambda path: compress(path.read_bytes(), cache), worth))
    totals = {name: 0 for name in ENCODINGS}
    for path, packed in zip(worth, packed_files, strict=True):
        for name, data in packed.items():
            (path.parent / (path.name + ENCODINGS[name])).write_bytes(data)
            totals[name] += len(data)
    return totals


def check_types(files: Iterable[Path]) -> None:
    """Fail, naming the file, if a built file has a suffix with no Content-Type in TYPES."""
    for path in files:
        if path.suffix not in TYPES:
            raise BuildError(f"{path}: no Content-Type for {path.suffix!r} in sitebuild/publish.py TYPES")


def headers_file(out: Path, policies: dict[Path, str]) -> str:
    """site/_headers: one rule per file (hosts join a header set by two rules, so no two rules overlap)."""
    lines = [
        "# Written by build.py (sitebuild/publish.py). Netlify, Cloudflare Pages.",
        "/*",
        "  X-Content-Type-Options: nosniff",
        "",
    ]
    for path in served_files(out):
        rule = [f"  Cache-Control: {cache_control(out, path)}"]
        if path in policies:
            rule.append(f"  Content-Security-Policy: {policies[path]}")
        if path.suffix in TYPED:
            rule.append(f"  Content-Type: {TYPES[path.suffix]}")
        where = url_path(out, path)
        for pattern in (where, where + "index.html") if where.endswith("/") else (where,):
            lines += [pattern, *rule, ""]
    return "\n".join(lines)


def nginx_snippet(out: Path, policies: dict[Path, str]) -> str:
    """site/_nginx.conf: types, precompressed files, caching and the pages' policies, at any path prefix."""
    by_policy: dict[str, list[str]] = {}
    for path, policy in sorted(policies.items()):
        by_policy.setdefault(policy, []).append(re.escape(url_path(out, path).lstrip("/")))
    types = sorted({(mime.split(";")[0], suffix[1:]) for suffix, mime in TYPES.items()})
    lines = [
        "# Written by build.py (sitebuild/publish.py): include it in the location that serves site/, e.g.",
        "#   location /table-companion/ { alias /srv/table-companion/site/; include /srv/table-companion/site/_nginx.conf; }",
        "# With the brotli_static module loaded, also include _nginx-brotli.conf.",
        "types {",
        *(f"    {mime} {suffix};" for mime, suffix in types),
        "}",
        "charset utf-8;",
        "charset_types text/css text/javascript application/json text/x-python;",
        "gzip_static on;",
        "gzip_vary on;",
        "index index.html;",
        "add_header X-Content-Type-Options nosniff always;",
        f'add_header Cache-Control "{REVALIDATE}" always;',
        r'location ~ "/_(headers|nginx\.conf|nginx-brotli\.conf)$" { return 404; }',
        r'location ~ "/pyscript/[\w.]+-[A-Za-z0-9_-]{8}\.js$" {',
        "    add_header X-Content-Type-Options nosniff always;",
        f'    add_header Cache-Control "{IMMUTABLE}" always;',
        "}",
    ]
    # Regular expressions are tried in order: the home page's empty path matches any folder, so it comes last.
    for policy, pages in sorted(by_policy.items(), key=lambda item: "" in item[1]):
        lines += [
            f'location ~ "/({"|".join(sorted(pages))})(index\\.html)?$" {{',
            "    add_header X-Content-Type-Options nosniff always;",
            f'    add_header Cache-Control "{REVALIDATE}" always;',
            f'    add_header Content-Security-Policy "{policy}" always;',
            "}",
        ]
    return "\n".join(lines) + "\n"


def write_publishing(out: Path, policies: dict[Path, str]) -> None:
    """The host's files: _headers, the nginx snippets; policies: each page's policy as a header."""
    check_types(served_files(out))
    (out / "_headers").write_text(headers_file(out, policies), encoding="utf-8")
    (out / "_nginx.conf").write_text(nginx_snippet(out, policies), encoding="utf-8")
    (out / "_nginx-brotli.conf").write_text("# Needs nginx's brotli_static module.\nbrotli_static on;\n", "utf-8")

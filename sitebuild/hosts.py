"""The self-contained check: no built file names another host, except reviewed defaults inside vendored code.

The site's own files (pages, CSS, scripts, scoring, manifest, service worker) may name no other host at all
(SVG's namespace URI is an identifier, never fetched). PyScript's and Pyodide's files, copied as npm ships them,
carry a few absolute URLs for setups the site does not use; each is listed below with why it is never requested.
A new one (a PyScript or Pyodide upgrade) fails the build until it is reviewed. At run time the pages' Content
Security Policy (the site's own origin only; blob: for PyScript's worker) blocks any such request anyway, and the
end-to-end tests record every request of pages, workers and the service worker and find none leaving the site.
"""

from __future__ import annotations

import re
from pathlib import Path

from . import BuildError

TEXT = {".html", ".css", ".js", ".mjs", ".json", ".py", ".webmanifest", ".svg", ".txt"}
URL = re.compile(r"(?:https?:)?//[A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,}[^\s\"'`<>)\\]*|https?://0\.0\.0\.0")
NAMESPACES = ("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink", "http://www.w3.org/1999/xhtml")

# Vendored folders and the URL prefixes reviewed in them: why each is never requested by this site.
REVIEWED: dict[str, dict[str, str]] = {
    "pyscript": {
        "http://0.0.0.0": "rewrites the page's own address 0.0.0.0 to localhost; same machine, no other host",
        "https://cdn.jsdelivr.net/pyodide/": "PyScript's default Pyodide; calculator.js passes the local one as `version`",
        "https://cdn.jsdelivr.net/npm/@micropython/": "MicroPython interpreter; the site runs Pyodide only",
        "https://micropython.org/pi/": "MicroPython's package index (mip); MicroPython is not used",
        "https://developer.mozilla.org/": "text of an error message",
        "https://docs.pyscript.net/": "text of an error message",
        "https://github.com/pyscript/": "text of an error message",
        "https://packages.pyscript.net/": "text of a warning about Python packages; the site loads none",
        "https://pyscript.github.io/docs/": "text of an error message (input() on the main thread)",
        "https://raw.githubusercontent.com/": "MicroPython's mip installer (github: packages); not used",
    },
    "py/segno": {
        "": "segno (pinned in pyproject.toml; build.py copy_segno): addresses only in comments, docstrings and the "
        "creator line of file formats the site never writes (EPS, PDF, PNM); review them again when the pin changes",
    },
    "pyodide": {
        "https://cdn.jsdelivr.net/pyodide/": "Pyodide's default file location; pyodide-start.mjs gives the local indexURL",
    },
}


# The site's own files may name another host in one kind of place only: an address the player opens by tapping a
# link, never requested by a page. Each is listed with the file that names it and why.
OUTBOUND: dict[str, dict[str, str]] = {
    "py/scoring/bgstats.py": {
        "https://app.bgstatsapp.com/createPlay.html": "BG Stats' documented import link (docs/bg-stats.md): the history's "
        "Send to BG Stats link, opened only when the player taps it",
    },
}


def foreign_urls(text: str) -> list[str]:
    """Absolute or protocol-relative URLs in a text, other than XML namespace identifiers."""
    return [url for url in URL.findall(text) if not url.startswith(NAMESPACES)]


def check_hosts(out: Path, own: str = "") -> None:
    """Fail, naming the file and URL, if a built file names another host that is not a reviewed vendored default.

    own: the site's own public address, if it was built with one (the pages' link previews name it)."""
    problems = []
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.suffix in TEXT):
        relative = path.relative_to(out)
        folder = relative.parent.as_posix() + "/"
        reviewed = {k: v for key, urls in REVIEWED.items() if folder.startswith(key + "/") for k, v in urls.items()}
        reviewed |= OUTBOUND.get(relative.as_posix(), {})
        text = path.read_text(encoding="utf-8", errors="replace")
        for url in sorted(set(foreign_urls(text))):
            if not url.startswith(tuple(reviewed)) and not (own and url.startswith(own)):
                problems.append(f"{relative}: names another host: {url[:120]}")
    if problems:
        raise BuildError("the site must be self-contained:\n  " + "\n  ".join(problems))

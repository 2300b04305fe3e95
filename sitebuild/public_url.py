"""The site's public address, a build setting (TC_PUBLIC_URL): link previews need absolute URLs.

Open Graph's og:url and og:image must be absolute for a chat app to show a picture; every other URL in the site stays
relative, so the same build works at any address. Unset, the pages carry no og:url and no og:image (a relative
og:image is ignored by the apps that read it), and nothing else changes.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

from . import BuildError

ENVIRONMENT = "TC_PUBLIC_URL"
"""The environment variable build.py reads the public address from (the GitHub Pages workflow sets it)."""
HOST = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?")


def public_address(value: str) -> str:
    """The address as the pages use it (ending in '/'), or '' when unset; a BuildError naming what is wrong."""
    value = value.strip()
    if not value:
        return ""
    parts = urlsplit(value)
    if parts.scheme not in ("https", "http") or not HOST.fullmatch(parts.netloc):
        raise BuildError(f"{ENVIRONMENT}={value!r}: give the site's address as https://host/path/")
    if parts.query or parts.fragment:
        raise BuildError(f"{ENVIRONMENT}={value!r}: the address of the site's folder has no ?query or #fragment")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return f"{parts.scheme}://{parts.netloc.lower()}{path}"


def page_address(public: str, relative: str) -> str:
    """A built page's public URL (its folder's for an index.html), or '' without a public address."""
    if not public:
        return ""
    folder, _, name = relative.rpartition("/")
    if name == "index.html":
        return public + (folder + "/" if folder else "")
    return public + relative


class _OgUrl(HTMLParser):
    """The og:url of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.url = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note the og:url meta tag's content."""
        found = dict(attrs)
        if tag == "meta" and found.get("property") == "og:url":
            self.url = found.get("content") or ""


def built_address(site: Path) -> str:
    """The public address a built site was made for (its home page's og:url), or '' if it was built without one."""
    parser = _OgUrl()
    parser.feed((site / "index.html").read_text(encoding="utf-8"))
    return parser.url

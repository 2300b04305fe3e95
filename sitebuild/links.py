"""The link check: every link and anchor of every built page resolves, and none leaves the site.

Ids that aria-describedby names (a glossary term's translation) must exist on the same page too.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

from . import BuildError
from .game_blocks import games_in_place

LINK_ATTRIBUTES = {"href", "src", "action"}


class PageScan(HTMLParser):
    """Collects the link targets of one page and what a fragment can name: ids and play/ routes."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []
        self.anchors: set[str] = set()
        self.described_by: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record links, ids, data-route values (play/ switches tools by a '#game/tool' route) and descriptions."""
        for name, value in attrs:
            if name in LINK_ATTRIBUTES and value:
                self.targets.append(value)
            if name in {"id", "data-route"} and value:
                self.anchors.add(value)
            if name == "aria-describedby" and value:
                self.described_by.update(value.split())


def scan(path: Path) -> PageScan:
    """Links and anchors of a built page (play/'s games read as they are once in place)."""
    parser = PageScan()
    parser.feed(games_in_place(path.read_text(encoding="utf-8")))
    return parser


def served_file(site: Path, url_path: str) -> Path:
    """The file a site URL path serves."""
    target = site / unquote(url_path).lstrip("/")
    return target / "index.html" if url_path.endswith("/") or target.is_dir() else target


def check_links(site: Path) -> int:
    """Raise BuildError naming the page with a link that leaves the site, or misses its file or anchor; count them."""
    pages = {page: scan(page) for page in sorted(site.rglob("*.html"))}
    checked = 0
    for page, found in pages.items():
        missing = sorted(found.described_by - found.anchors)
        if missing:
            raise BuildError(f"{page}: aria-describedby names no element: {', '.join(missing)}")
        url = "/" + page.relative_to(site).as_posix()
        for target in found.targets:
            parsed = urlparse(urljoin(url, target))
            if parsed.scheme or parsed.netloc:
                raise BuildError(f"{page}: link leaves the site: {target}")
            file = served_file(site, parsed.path)
            if not file.is_file():
                raise BuildError(f"{page}: broken link {target} (no {file.relative_to(site)})")
            fragment = unquote(parsed.fragment)
            if fragment and file.suffix == ".html" and fragment not in pages[file].anchors:
                raise BuildError(f"{page}: broken anchor {target} (no id or route {fragment!r} in {file.name})")
            checked += 1
    return checked

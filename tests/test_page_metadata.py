"""Every page says what it is to a search engine and to a link preview: a description, Open Graph title,
description and image (issue 28, point 14)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scoring import GAMES

PAGES = [
    "index.html",
    "play/index.html",
    "search/index.html",
    "offline.html",
    *[f"rules/{g}/index.html" for g in GAMES],
]


class Head(HTMLParser):
    """The page's <meta> tags (name or property → content) and its title."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note meta tags; enter the title."""
        found = {k: v or "" for k, v in attrs}
        if tag == "meta" and ("name" in found or "property" in found):
            self.meta[found.get("name") or found["property"]] = found.get("content", "")
        self._in_title = tag == "title" and not self.title  # the page's, not a picture's <title>

    def handle_endtag(self, tag: str) -> None:
        """Leave the title."""
        self._in_title = False

    def handle_data(self, data: str) -> None:
        """The title's text."""
        if self._in_title:
            self.title += data


def head(site: Path, page: str) -> Head:
    """A built page's head."""
    parsed = Head()
    parsed.feed((site / page).read_text(encoding="utf-8"))
    return parsed


@pytest.mark.parametrize("page_file", PAGES)
def test_every_page_has_a_description_and_a_link_preview(built_site: Path, page_file: str) -> None:
    found = head(built_site, page_file)
    description = found.meta.get("description", "")
    assert 50 <= len(description) <= 300, f"{page_file}: meta description {description!r}"
    assert re.search(r"[\u4e00-\u9fff]", description) and re.search(r"[A-Za-z]{4}", description), "in both languages"
    assert found.meta.get("og:title") == found.title.strip()
    assert found.meta.get("og:description") == description
    image = found.meta.get("og:image", "")
    assert image and (built_site / page_file).parent.joinpath(image).resolve().is_file(), (
        f"{page_file}: og:image {image!r}"
    )


def test_each_kind_of_page_describes_itself(built_site: Path) -> None:
    descriptions = [head(built_site, page).meta["description"] for page in PAGES if page != "offline.html"]
    assert len(set(descriptions)) == len(descriptions)
    assert "Bruges" in head(built_site, "rules/bruges/index.html").meta["description"]

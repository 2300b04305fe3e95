"""Every page says what it is to a search engine and to a link preview: a description, Open Graph title,
description and image (issue 28, point 14); built with the site's public address (TC_PUBLIC_URL), the image and the
page's own URL are absolute, as chat apps need, and without it they are left out (issue 43, point 4)."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build
from scoring import GAMES
from sitebuild import BuildError
from sitebuild.hosts import check_hosts
from sitebuild.public_url import built_address, page_address, public_address

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
    assert_preview_addresses(built_site, page_file, built_address(built_site))


def assert_preview_addresses(site: Path, page_file: str, address: str) -> None:
    """With a public address, og:url is the page's and og:image an absolute URL of a built picture; without, neither."""
    found = head(site, page_file)
    if not address:
        assert "og:image" not in found.meta and "og:url" not in found.meta, f"{page_file}: {found.meta}"
        return
    assert found.meta["og:url"] == page_address(address, page_file)
    image = found.meta["og:image"]
    assert image.startswith(address) and (site / image.removeprefix(address)).is_file(), f"{page_file}: {image!r}"


def test_each_kind_of_page_describes_itself(built_site: Path) -> None:
    descriptions = [head(built_site, page).meta["description"] for page in PAGES if page != "offline.html"]
    assert len(set(descriptions)) == len(descriptions)
    assert "Bruges" in head(built_site, "rules/bruges/index.html").meta["description"]


ADDRESS = "https://example.github.io/table-companion/"
"""A GitHub Pages project site's address, as the Pages workflow gives it (actions/configure-pages' base_url)."""


@pytest.fixture(scope="module")
def two_sites(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """This checkout built three times: without a public address, and twice with one (a few seconds each: Python's
    start-up files, which the address does not touch, are taken from the built site; tests/test_reproducible.py
    makes them twice)."""
    root = tmp_path_factory.mktemp("previews")
    sites = {"without": root / "without", "with": root / "with", "again": root / "again"}

    def start_files_as_built(out: Path, settings: object) -> None:
        for name in build.PYTHON_START_FILES:
            shutil.copyfile(built_site / "pyodide" / name, out / "pyodide" / name)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "prepare_python_start", start_files_as_built)
        for name, out in sites.items():
            address = "" if name == "without" else ADDRESS.rstrip("/")  # the workflow's base_url has no final /
            build.build(out, replace(build.SETTINGS, public_url=address))
    return sites


@pytest.mark.parametrize("page_file", [*PAGES, *[f"rules/{g}/aid/index.html" for g in GAMES]])
def test_a_link_preview_has_absolute_addresses_only_when_the_build_knows_the_site_s(
    two_sites: dict[str, Path], page_file: str
) -> None:
    assert_preview_addresses(two_sites["with"], page_file, ADDRESS)
    assert_preview_addresses(two_sites["without"], page_file, "")


def test_the_public_address_is_the_site_s_own_and_builds_stay_the_same(two_sites: dict[str, Path]) -> None:
    assert head(two_sites["with"], "rules/bruges/index.html").meta["og:url"] == ADDRESS + "rules/bruges/"
    assert head(two_sites["with"], "offline.html").meta["og:url"] == ADDRESS + "offline.html"
    assert built_address(two_sites["with"]) == ADDRESS and built_address(two_sites["without"]) == ""
    with pytest.raises(BuildError, match=f"index.html: names another host: {ADDRESS}"):
        check_hosts(two_sites["with"])  # the address is allowed as the site's own, and only as that
    files = {p.relative_to(two_sites["with"]) for p in two_sites["with"].rglob("*") if p.is_file()}
    assert files == {p.relative_to(two_sites["again"]) for p in two_sites["again"].rglob("*") if p.is_file()}
    differing = [
        f for f in sorted(files) if (two_sites["with"] / f).read_bytes() != (two_sites["again"] / f).read_bytes()
    ]
    assert differing == [], "two builds with the same settings differ"
    changed = {f for f in files if (two_sites["with"] / f).read_bytes() != (two_sites["without"] / f).read_bytes()}
    assert changed and {f.suffix for f in changed} <= {".html", ".br", ".gz", ".js"}, sorted(changed)


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("", ""),
        ("  ", ""),
        ("https://example.github.io/table-companion", ADDRESS),
        ("https://Example.GitHub.io/table-companion/", ADDRESS),
        ("https://games.example.org", "https://games.example.org/"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000/"),
    ],
)
def test_the_public_address_is_read_as_a_folder(given: str, used: str) -> None:
    assert public_address(given) == used


@pytest.mark.parametrize(
    "given", ["example.github.io/tc/", "ftp://example.org/", "https:///tc/", "https://a b/", "https://x.org/?a=1"]
)
def test_a_wrong_public_address_stops_the_build_saying_what_to_give(given: str) -> None:
    with pytest.raises(BuildError, match="TC_PUBLIC_URL"):
        public_address(given)

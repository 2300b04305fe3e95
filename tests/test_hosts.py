"""The self-contained check: no built file names another host, except reviewed defaults in vendored code."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild import BuildError
from sitebuild.hosts import OUTBOUND, check_hosts, foreign_urls
from sitebuild.public_url import built_address


def test_the_built_site_names_no_other_host(built_site: Path) -> None:
    address = built_address(built_site)  # a site built with TC_PUBLIC_URL names its own address in link previews
    check_hosts(built_site, address)
    own = [
        p
        for p in built_site.rglob("*")
        if p.is_file()
        and p.relative_to(built_site).parts[0] not in ("pyscript", "pyodide")
        and p.relative_to(built_site).parts[:2] != ("py", "segno")  # vendored as PyPI ships it
    ]
    named = {
        str(p.relative_to(built_site)): [
            url
            for url in foreign_urls(p.read_text(errors="replace"))
            if not (address and url.startswith(address))
            and not url.startswith(tuple(OUTBOUND.get(p.relative_to(built_site).as_posix(), ())))
        ]
        for p in own
        if p.suffix in {".html", ".js", ".css", ".json", ".py", ".webmanifest", ".mjs"}
    }
    assert {k: v for k, v in named.items() if v} == {}


def write(root: Path, relative: str, text: str) -> None:
    """One file of a pretend site."""
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("relative", "text", "named"),
    [
        ("rules/x/index.html", '<img src="https://example.com/a.png">', "https://example.com/a.png"),
        ("static/site.css", "@import url(//fonts.example.org/a.css);", "//fonts.example.org/a.css"),
        ("static/play.js", 'fetch("http://cdn.example.net/x.js")', "http://cdn.example.net/x.js"),
        # A reviewed vendored default is allowed only in its vendored folder, not in the site's own files.
        ("static/calculator.js", 'import("https://cdn.jsdelivr.net/pyodide/v1/full/pyodide.mjs")', "cdn.jsdelivr.net"),
        ("pyscript/core-x.js", 'fetch("https://unreviewed.example.com/x")', "unreviewed.example.com"),
    ],
)
def test_another_host_fails_the_build_naming_the_file(tmp_path: Path, relative: str, text: str, named: str) -> None:
    write(tmp_path, "index.html", '<svg xmlns="http://www.w3.org/2000/svg"></svg>')
    write(tmp_path, relative, text)
    with pytest.raises(BuildError, match=relative.replace(".", r"\.")) as raised:
        check_hosts(tmp_path)
    assert named in str(raised.value)


def test_reviewed_vendored_defaults_and_namespaces_pass(tmp_path: Path) -> None:
    write(tmp_path, "index.html", '<svg xmlns="http://www.w3.org/2000/svg"><a href="../rules/">r</a></svg>')
    write(tmp_path, "pyscript/core-x.js", "const cdn = `https://cdn.jsdelivr.net/pyodide/v${v}/full/pyodide.mjs`;")
    write(tmp_path, "pyodide/pyodide.mjs", "const base = `https://cdn.jsdelivr.net/pyodide/v${U}/full/`;")
    check_hosts(tmp_path)

"""What the build writes for hosts: precompressed copies, site/_headers and the nginx snippet (sitebuild/publish.py)."""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser
from pathlib import Path

import brotli
import pytest

from scoring import GAMES
from sitebuild import BuildError
from sitebuild.publish import check_types

WORTH_IT = (".html", ".js", ".mjs", ".json", ".wasm", ".css", ".py")


class MetaPolicy(HTMLParser):
    """The Content-Security-Policy of a page's meta tag."""

    policy = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Keep the policy."""
        found = dict(attrs)
        if tag == "meta" and found.get("http-equiv") == "Content-Security-Policy":
            self.policy = found["content"] or ""


def meta_policy(page: Path) -> str:
    """A built page's meta-tag policy."""
    parser = MetaPolicy()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.policy


def header_rules(site: Path) -> dict[str, dict[str, str]]:
    """site/_headers as path → header → value; fails on a header set twice for one path."""
    rules: dict[str, dict[str, str]] = {}
    current: dict[str, str] = {}
    for line in (site / "_headers").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("/"):
            assert line not in rules, f"{line}: two rules"
            current = rules[line] = {}
        else:
            name, _, value = line.strip().partition(": ")
            assert name not in current, f"{name} twice"
            current[name] = value
    return rules


def test_every_file_worth_it_has_brotli_and_gzip_copies_of_the_same_bytes(built_site: Path) -> None:
    checked = 0
    for path in built_site.rglob("*"):
        if path.suffix not in WORTH_IT or path.stat().st_size < 4096:
            continue
        data = path.read_bytes()
        packed_br = path.with_name(path.name + ".br").read_bytes()
        packed_gz = path.with_name(path.name + ".gz").read_bytes()
        assert brotli.decompress(packed_br) == data and gzip.decompress(packed_gz) == data, path
        assert len(packed_br) < len(packed_gz) < len(data), path
        checked += 1
    assert checked > 40
    for already in ("pyodide/python_snapshot.bin.gz", "static/icon-512.png"):
        assert not (built_site / f"{already}.br").exists(), "compressing compressed bytes again gains nothing"
    wasm = built_site / "pyodide" / "pyodide.asm.wasm"
    assert (wasm.parent / "pyodide.asm.wasm.br").stat().st_size < wasm.stat().st_size / 3


def test_headers_file_gives_each_file_one_rule(built_site: Path) -> None:
    rules = header_rules(built_site)
    assert rules.pop("/*") == {"X-Content-Type-Options": "nosniff"}
    names = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()}
    copies = {n for n in names if n.endswith(".br") or (n.endswith(".gz") and n[:-3] in names)}
    served = {"/" + n for n in names - copies if not n.startswith("_")}
    assert served == {path for path in rules if not path.endswith("/")}


def test_headers_carry_each_pages_policy_and_frame_ancestors(built_site: Path) -> None:
    rules = header_rules(built_site)
    pages = sorted(built_site.rglob("*.html"))
    # home, search, offline, play/ and its Python frame; each game's rules page, player aid, reference and walkthrough
    assert len(pages) == 5 + 4 * len(GAMES), [p.relative_to(built_site).as_posix() for p in pages]
    for page in pages:
        relative = "/" + page.relative_to(built_site).as_posix()
        framed = "'self'" if relative == "/play/python.html" else "'none'"
        expected = f"{meta_policy(page)}; frame-ancestors {framed}"
        assert rules[relative]["Content-Security-Policy"] == expected, relative
        assert rules[relative]["Cache-Control"] == "no-cache"
        if relative.endswith("/index.html"):
            assert rules[relative.removesuffix("index.html")] == rules[relative]
    assert "'wasm-unsafe-eval'" in rules["/play/python.html"]["Content-Security-Policy"]
    assert "'wasm-unsafe-eval'" not in rules["/play/"]["Content-Security-Policy"]  # the worker is the frame's
    assert "'wasm-unsafe-eval'" not in rules["/rules/bruges/"]["Content-Security-Policy"]


def test_headers_type_and_cache_what_hosts_get_wrong(built_site: Path) -> None:
    rules = header_rules(built_site)
    assert rules["/pyodide/pyodide.asm.wasm"]["Content-Type"] == "application/wasm"
    assert rules["/pyodide/pyodide.asm.mjs"]["Content-Type"].startswith("text/javascript")
    assert rules["/manifest.webmanifest"]["Content-Type"] == "application/manifest+json"
    assert rules["/sw.js"]["Cache-Control"] == "no-cache"
    assert rules["/pyscript/core.js"]["Cache-Control"] == "no-cache"
    chunks = [path for path in rules if re.fullmatch(r"/pyscript/core-[\w-]{8}\.js", path)]
    assert chunks and all(rules[c]["Cache-Control"] == "public, max-age=31536000, immutable" for c in chunks)


def test_nginx_snippet_has_each_policy_once(built_site: Path) -> None:
    snippet = (built_site / "_nginx.conf").read_text(encoding="utf-8")
    policies = {f"{meta_policy(p)}; frame-ancestors" for p in built_site.rglob("*.html")}
    for policy in policies:
        assert snippet.count(policy) == 1, policy  # the Python policy: play/python.html's only (not play/'s)
    assert "gzip_static on;" in snippet and "application/wasm wasm;" in snippet
    assert (built_site / "_nginx-brotli.conf").read_text().strip().endswith("brotli_static on;")


def test_a_file_type_without_a_content_type_fails_the_build(tmp_path: Path) -> None:
    odd = tmp_path / "notes.xyz"
    odd.write_text("?")
    with pytest.raises(BuildError, match=r"notes\.xyz.*'\.xyz'"):
        check_types([odd])


def test_github_pages_builds_with_cis_command_and_publishes_site() -> None:
    root = Path(__file__).resolve().parent.parent
    workflow = (root / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+run: \.ci/run$", workflow, re.M), "the same command as CI"
    assert re.search(r"uses: actions/upload-pages-artifact@v\d+\n\s+with:\n\s+path: site$", workflow, re.M)
    assert "uses: actions/deploy-pages@" in workflow and "pages: write" in workflow
    assert "make test" in (root / ".ci" / "run").read_text(encoding="utf-8")
    test_target = re.search(r"^test: (.+)$", (root / "Makefile").read_text(encoding="utf-8"), re.M).group(1).split()
    assert {"browsers", "nginx", "build"} <= set(test_target)

"""Every built rules page keeps its sections, ids and marks: an outline of each is compared to a committed snapshot.

The snapshot (tests/snapshots/rules-pages.json) was taken from the build before the move from markdown-it-py to
Python-Markdown. Rewrite it only for a change shown to be better (say which in the commit):
`.venv/bin/python -m tests.test_rules_pages site` writes it from a built site.
"""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scoring import GAMES

SNAPSHOT = Path(__file__).parent / "snapshots" / "rules-pages.json"
BLOCKS = frozenset({"h1", "h2", "h3", "h4", "p", "li", "th", "td", "blockquote", "dt", "dd"})
"""Elements whose text is one line of the outline."""
LISTS = frozenset({"ul", "ol", "table"})
"""Elements that are a line of their own (an ordered list with its start number)."""
MARKS = {
    ("ins", "repair"): "repair",
    ("mark", "doubt"): "doubt",
    ("span", "term"): "term",
    ("a", None): "link",
    ("strong", None): "strong",
    ("em", None): "em",
    ("code", None): "code",
}
"""Inline elements recorded with their text: editorial marks, glossary terms, links, emphasis."""
MARK_ATTRS = ("href", "data-gloss", "data-gloss-hans", "data-gloss-hant", "aria-describedby")
VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr", "col", "source"})
SPACE = re.compile(r"\s+")


def squeeze(text: str) -> str:
    """Text with its runs of white space as one space, trimmed."""
    return SPACE.sub(" ", text).strip()


class Outline(HTMLParser):
    """A rules page as the reader meets it: every id in order, and per column its blocks' text and its marks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.columns: dict[str, dict[str, list]] = {}
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.open_blocks: list[list[str]] = []
        self.open_marks: list[tuple[str, dict[str, str], list[str]]] = []
        self.column: str | None = None
        self.column_depth = 0

    def _where(self) -> str | None:
        """The column being read: '<section id> <lang>' for a text column of the page's article."""
        section = next((a["id"] for t, a in reversed(self.stack) if t in ("section", "div") and "id" in a), None)
        lang = next((a["lang"] for t, a in reversed(self.stack) if t == "div" and "lang" in a), None)
        return f"{section} {lang}" if section and lang else None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note ids; open blocks and marks."""
        found = {k: v or "" for k, v in attrs}
        if "id" in found:
            self.ids.append(found["id"])
        if tag in VOID:
            if tag == "br":
                self.handle_data(" ")
            return
        self.stack.append((tag, found))
        where = self._where()
        if where is None:
            return
        column = self.columns.setdefault(where, {"blocks": [], "marks": []})
        depth = sum(1 for t, _ in self.stack if t in ("ul", "ol", "blockquote"))
        if tag in LISTS:
            start = f" start={found['start']}" if "start" in found else ""
            column["blocks"].append([f"{'  ' * (depth - 1)}{tag}{start}", ""])
        if tag in BLOCKS:
            self.open_blocks.append([f"{'  ' * depth}{tag}", ""])
            column["blocks"].append(self.open_blocks[-1])
        classes = found.get("class", "").split()
        for (mark_tag, mark_class), kind in MARKS.items():
            if tag == mark_tag and (mark_class is None or mark_class in classes):
                attrs_kept = {k: found[k] for k in MARK_ATTRS if k in found}
                self.open_marks.append((kind, attrs_kept, [tag]))
                column["marks"].append(self.open_marks[-1])

    def handle_endtag(self, tag: str) -> None:
        """Close what was opened."""
        if tag in VOID or not self.stack:
            return
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break
        if tag in BLOCKS and self.open_blocks:
            self.open_blocks.pop()
        if self.open_marks and self.open_marks[-1][2][0] == tag:
            self.open_marks.pop()

    def handle_data(self, data: str) -> None:
        """Text goes to the open block and every open mark."""
        if self.open_blocks:
            self.open_blocks[-1][1] += data
        for _, _, text in self.open_marks:
            text.append(data)

    def result(self) -> dict[str, object]:
        """The outline as plain data."""
        columns = {
            where: {
                "blocks": [f"{tag}: {squeeze(text)}".rstrip(": ") for tag, text in parts["blocks"]],
                "marks": [
                    " ".join([kind, repr(squeeze("".join(text[1:])))] + [f"{k}={v}" for k, v in attrs.items()])
                    for kind, attrs, text in parts["marks"]
                ],
            }
            for where, parts in self.columns.items()
        }
        return {"ids": self.ids, "columns": columns}


def outline(html: str) -> dict[str, object]:
    """The outline of one rules page."""
    parser = Outline()
    parser.feed(html)
    parser.close()
    return parser.result()


def outlines(site: Path) -> dict[str, dict[str, object]]:
    """Every rules page's outline by game id."""
    return {game: outline((site / "rules" / game / "index.html").read_text(encoding="utf-8")) for game in GAMES}


@pytest.fixture(scope="module")
def snapshot() -> dict[str, dict[str, object]]:
    """The committed outlines."""
    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_page_keeps_its_ids(built_site: Path, snapshot: dict, game: str) -> None:
    built = outlines(built_site)[game]
    assert game in snapshot, f"{game}: not in {SNAPSHOT.name}; run .venv/bin/python -m tests.test_rules_pages site"
    assert built["ids"] == snapshot[game]["ids"]


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_page_keeps_every_columns_text_and_marks(built_site: Path, snapshot: dict, game: str) -> None:
    built = outlines(built_site)[game]["columns"]
    expected = snapshot[game]["columns"]
    assert list(built) == list(expected), "sections or columns differ"
    for where, column in expected.items():
        assert built[where]["blocks"] == column["blocks"], f"{game} {where}: blocks differ"
        assert built[where]["marks"] == column["marks"], f"{game} {where}: marks differ"


@pytest.mark.parametrize("game", list(GAMES))
def test_a_term_is_marked_once_per_section(built_site: Path, game: str) -> None:
    """content/FORMAT.md: the first use of each term in every section is marked, and only that one."""
    for where, column in outlines(built_site)[game]["columns"].items():
        refs = [mark.rpartition("aria-describedby=")[2] for mark in column["marks"] if mark.startswith("term ")]
        assert len(refs) == len(set(refs)), f"{game} {where}: a term marked twice"


def test_outline_sees_every_column_and_mark_kind(snapshot: dict) -> None:
    langs = {where.split()[1] for page in snapshot.values() for where in page["columns"]}
    assert langs == {"zh-Hans", "zh-Hant", "en"}
    kinds = {mark.split()[0] for page in snapshot.values() for c in page["columns"].values() for mark in c["marks"]}
    assert {"repair", "doubt", "term", "strong"} <= kinds


if __name__ == "__main__":
    SNAPSHOT.parent.mkdir(exist_ok=True)
    written = json.dumps(outlines(Path(sys.argv[1])), ensure_ascii=False, indent=1)
    SNAPSHOT.write_text(written + "\n", encoding="utf-8")

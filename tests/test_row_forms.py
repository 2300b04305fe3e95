"""play/'s grids as built: each typed field (a score box, a name) belongs to a small form of its own row, through its
`form` attribute, so that Chromium's autofill, which reads a field's whole owning form after each keystroke, reads a
row (issue 44); the tool's form still holds the field in the page."""

from __future__ import annotations

from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

from scoring import GAMES
from sitebuild.game_blocks import game_blocks


class Grids(HTMLParser):
    """The forms a grid's typed fields name, with the rows those fields are in; the forms, with the forms around each."""

    def __init__(self) -> None:
        super().__init__()
        self.open_forms: list[str] = []  # the enclosing forms' ids ("" for a tool's form)
        self.forms: dict[str, list[str]] = {}  # id -> the forms it sits inside
        self.in_grid = 0
        self.row = 0
        self.owners: dict[str, set[int]] = defaultdict(set)  # owner id -> the rows of its fields
        self.unowned: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        classes = named.get("class", "").split()
        if tag == "form":
            if named.get("id"):
                self.forms[named["id"]] = list(self.open_forms)
            self.open_forms.append(named.get("id", ""))
        elif tag == "table" and "grid" in classes:
            self.in_grid += 1
        elif tag == "tr" and self.in_grid:
            self.row += 1
        elif tag == "input" and self.in_grid and ({"num", "name"} & set(classes)):
            if named.get("form"):
                self.owners[named["form"]].add(self.row)
            else:
                self.unowned.append(named.get("data-field", "?"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.open_forms.pop()
        elif tag == "table" and self.in_grid:
            self.in_grid -= 1


def test_each_typed_field_of_a_grid_belongs_to_its_rows_own_form(built_site: Path) -> None:
    """In every game: each score box and name box of a grid names a form of the same section that stands outside every
    other form (a form inside a form is dropped by the parser, and the field would then have none), and each such form
    holds one row's fields; none is left to the tool's form."""
    html = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    blocks = game_blocks(html)
    assert list(blocks) == list(GAMES)
    for game, markup in blocks.items():
        page = Grids()
        page.feed(markup)
        assert page.owners, game
        assert page.unowned == [], (game, page.unowned)
        for owner, rows in page.owners.items():
            assert page.forms.get(owner) == [], (game, owner, page.forms.get(owner))
            assert len(rows) == 1, (game, owner, sorted(rows))

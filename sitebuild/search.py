"""The search index: every rules section and glossary term as plain text, and the folding of Chinese scripts and case.

Search matches folded text: Traditional characters become Simplified (OpenCC's t2s table, as scoring.core.script_fold
holds it for names too), Latin letters lose case and accents, full-width ASCII becomes ASCII. Folding maps one character
to one character, so a hit found in folded text sits at the same place in the original text. static/search.js folds
the query and the texts with the folding shipped in the index, and matches substrings (so 工人 finds 工人卡) and,
for longer Chinese queries, character pairs.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import asdict, dataclass
from html.parser import HTMLParser
from pathlib import Path

from scoring.core.script_fold import SIMPLIFIED, TRADITIONAL

BLOCK_TAGS = {"p", "li", "h1", "h2", "h3", "h4", "tr", "td", "th", "br", "blockquote", "div", "section"}


@dataclass(frozen=True)
class Doc:
    """One searchable text: a rules section in one language, or a page's introduction (section '')."""

    game: str
    section: str
    lang: str
    title: str
    text: str
    other_title: str = ""  # Chinese only: title and text in the other script, as long as the source's (or "")
    other_text: str = ""


@dataclass(frozen=True)
class TermDoc:
    """One glossary term, found by either language; 'row' is the id of its row on the rules page."""

    game: str
    row: str
    zh: str
    en: str
    note: str
    zh_other: str = ""  # the Chinese term in the other script


class _Text(HTMLParser):
    """Collects the text of an HTML fragment, a space between blocks."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Separate blocks."""
        if tag in BLOCK_TAGS:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        """Separate blocks."""
        if tag in BLOCK_TAGS:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        """Keep the text."""
        self.parts.append(data)


def plain_text(html: str) -> str:
    """The text of an HTML fragment, whitespace collapsed."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return " ".join("".join(parser.parts).split())


def fold(text: str, folding: dict[str, str]) -> str:
    """Text as search compares it: each character through the folding."""
    return "".join(folding.get(ch, ch) for ch in text)


def base_folding() -> dict[str, str]:
    """Folding without Chinese scripts: ASCII lower case, Latin letters without accents, full-width ASCII."""
    folding = {chr(c): chr(c).lower() for c in range(ord("A"), ord("Z") + 1)}
    for code in range(0xC0, 0x250):
        base = unicodedata.normalize("NFD", chr(code))[0]
        if base.isascii() and base.isalpha():
            folding[chr(code)] = base.lower()
    for code in range(0xFF01, 0xFF5F):
        folding[chr(code)] = chr(code - 0xFEE0).lower()
    folding["\u3000"] = " "
    return folding


def folding_for(corpus: str) -> dict[str, str]:
    """The whole folding: base_folding() and every Traditional character whose Simplified form is in corpus.

    A character whose Simplified form occurs nowhere on the site can match nothing, so it is left out.
    """
    folding = base_folding()
    to_simplified = dict(zip(TRADITIONAL, SIMPLIFIED, strict=True))
    present = set(fold(corpus, {**folding, **to_simplified}))
    folding.update({t: s for t, s in to_simplified.items() if s in present})
    return folding


def index_json(
    games: list[dict[str, str]],
    docs: list[Doc],
    terms: list[TermDoc],
    folding: dict[str, str],
    ideas: list[dict[str, object]] | None = None,
) -> str:
    """The index as compact JSON: the folding as a string of pairs, games, texts, terms and ideas (synonyms)."""
    for key, value in folding.items():
        if len(key) != 1 or len(value) != 1 or ord(key) > 0xFFFF or ord(value) > 0xFFFF:
            raise RuntimeError(f"folding must map one BMP character to one: {key!r} -> {value!r}")
    data = {
        "fold": "".join(key + value for key, value in sorted(folding.items())),
        "games": games,
        "docs": [asdict(doc) for doc in docs],
        "terms": [asdict(term) for term in terms],
        "ideas": [{**idea, "words": [fold(w, folding) for w in idea["words"]]} for idea in ideas or []],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def write_index(out: Path, text: str) -> Path:
    """search/index.json in the built site."""
    target = out / "search" / "index.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target

"""Glossary terms in the rules text (marked with their translation) and in score-sheet labels (checked)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from markupsafe import Markup, escape

from scoring.core import Text

from . import BuildError
from .search import fold

SKIP_TAGS = {"a", "code", "h1", "h2", "h3", "h4", "h5", "h6"}
"""Text inside these is never marked: links stay links, headings stay plain."""
TAG = re.compile(r"(<[^>]*>)")
TAG_NAME = re.compile(r"<(/?)([a-zA-Z0-9]+)")


def english_pattern(term: str) -> str:
    """A regex for an English term as running text writes it: any case, words apart by a space or hyphen, plurals."""
    words = []
    for word in term.split():
        forms = [re.escape(word) + "(?:e?s)?"]
        if word.endswith("y"):
            forms.append(re.escape(word[:-1]) + "ies")
        words.append("(?:" + "|".join(forms) + ")")
    return r"(?<![\w])" + r"[\s-]+".join(words) + r"(?![\w])"


def alternation(terms: Sequence[str], patterns: Sequence[str], flags: int = 0) -> re.Pattern[str]:
    """One regex trying each term's pattern in turn; the match's lastgroup 't<i>' names the term that matched.

    A look-ahead for the terms' first characters lets the regex skip most places at once.
    """
    first = re.escape("".join(sorted({term[0] for term in terms})))
    branches = "|".join(f"(?P<t{i}>{p})" for i, p in enumerate(patterns))
    return re.compile(f"(?=[{first}])(?:{branches})", flags)


class TermMarker:
    """Marks the first use of each glossary term in a piece of rules text with its translation.

    The translation is an attribute that CSS shows on hover, focus or tap (so the text itself, its copy
    and the browser's find are unchanged), and aria-describedby names the glossary cell that holds it,
    which a screen reader reads when the term gets focus.
    """

    def __init__(
        self,
        pairs: Iterable[tuple[str, str, str]],
        english: bool,
        scripts: Callable[[str], Mapping[str, str]] | None = None,
    ) -> None:
        """pairs: (term as this language writes it, its translation, id of the element holding the translation).

        scripts: for a Chinese translation, the translation in each script by tag (zh-Hans, zh-Hant), so the
        pop-up can follow the reader's script (data-gloss-hans, data-gloss-hant; data-gloss keeps the source's).
        """
        self.scripts = scripts
        ordered = sorted(pairs, key=lambda pair: -len(pair[0]))
        self.glosses = [(gloss, ref) for _, gloss, ref in ordered]
        terms = [term for term, _, _ in ordered]
        patterns = [english_pattern(term) if english else re.escape(term) for term in terms]
        self.find = alternation(terms, patterns, re.IGNORECASE) if ordered else None

    def _term(self, text: str, index: int) -> str:
        """A term with its translation."""
        gloss, ref = self.glosses[index]
        written = self.scripts(gloss) if self.scripts else {}
        variants = "".join(f'data-gloss-{tag[3:].lower()}="{escape(value)}" ' for tag, value in written.items())
        return (
            f'<span class="term" role="term" tabindex="0" {variants}data-gloss="{escape(gloss)}" '
            f'aria-describedby="{escape(ref)}">{escape(text)}</span>'
        )

    def mark(self, fragment: str) -> Markup:
        """The HTML fragment with the first use of each term marked (never inside links, code or headings)."""
        if self.find is None:
            return Markup(fragment)
        seen: set[str] = set()
        skipping = 0
        out = []
        for chunk in TAG.split(fragment):
            tag = TAG_NAME.match(chunk)
            if tag:
                closing, name = tag.group(1), tag.group(2).lower()
                if name in SKIP_TAGS:
                    skipping += -1 if closing else 1
                out.append(chunk)
                continue
            if skipping or not chunk:
                out.append(chunk)
                continue
            text, last = html.unescape(chunk), 0
            for match in self.find.finditer(text):
                group = match.lastgroup or ""
                if group in seen:
                    continue
                seen.add(group)
                out.append(str(escape(text[last : match.start()])))
                out.append(self._term(match.group(), int(group[1:])))
                last = match.end()
            out.append(str(escape(text[last:])) if last else chunk)
        return Markup("".join(out))


def check_terms_used(terms: Sequence[dict[str, str]], zh_text: str, en_text: str, path: Path) -> None:
    """Every glossary term occurs in zh.md and in en.md, as FORMAT.md asks; else BuildError naming the glossary."""
    for term in terms:
        if term["zh"] not in zh_text:
            raise BuildError(f"{path}: term {term['zh']!r} does not occur in zh.md")
        if not re.search(english_pattern(term["en"]), en_text, re.IGNORECASE):
            raise BuildError(f"{path}: term {term['en']!r} ({term['zh']}) does not occur in en.md")


def check_labels(
    labels: Sequence[tuple[str, Text]],
    terms: Sequence[dict[str, str]],
    folding: dict[str, str],
    source: Path,
    glossary: Path,
) -> None:
    """A label whose Chinese holds a glossary term uses that term's English; else BuildError naming source.

    Both scripts are compared folded to Simplified, so a Simplified label matches a Traditional glossary.
    """
    if not terms:
        return
    ordered = sorted(terms, key=lambda term: -len(term["zh"]))
    folded = [fold(term["zh"], folding) for term in ordered]
    find = alternation(folded, [re.escape(term) for term in folded])
    for where, label in labels:
        for match in find.finditer(fold(label.zh, folding)):
            term = ordered[int((match.lastgroup or "t0")[1:])]
            if not re.search(english_pattern(term["en"]), label.en, re.IGNORECASE):
                raise BuildError(
                    f"{source}: {where} {label.zh!r} / {label.en!r} holds the term {term['zh']!r}, "
                    f"which {glossary} translates {term['en']!r}: use it in the English label"
                )

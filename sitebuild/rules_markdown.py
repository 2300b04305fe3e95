"""Rules text to HTML: Python-Markdown (tables, sane lists) with the editorial marks of content/FORMAT.md."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as etree

import markdown
from markdown.blockprocessors import BlockQuoteProcessor
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup

EDITORIAL_MARKS = (
    ("repair", r"\{\+(.+?)\+\}", "ins", "repair"),
    ("doubt", r"\{\?(.+?)\?\}", "mark", "doubt"),
)
"""content/FORMAT.md's marks: name, pattern, element, class. `{+text+}` the editors added, `{?text?}` unclear."""
MARK_PRIORITY = 185
"""Below code spans (190: a mark in `code` stays literal), above links and emphasis (which then work inside a mark)."""
BLOCK_TAGS = frozenset({"p", "ul", "ol", "blockquote", "table", "h3", "h4", "h5", "h6", "pre", "hr", "div"})
HEADING = re.compile(r"^<h2>(.*)</h2>$", re.S)


class EditorialMark(InlineProcessor):
    """One editorial mark as its element; the text inside goes on through the inline patterns below it."""

    def __init__(self, pattern: str, tag: str, css_class: str) -> None:
        super().__init__(pattern)
        self.tag = tag
        self.css_class = css_class

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[etree.Element, int, int]:
        """The marked text inside its element."""
        element = etree.Element(self.tag, {"class": self.css_class})
        element.text = m.group(1)
        return element, m.start(0), m.end(0)


class EditorsNote(BlockQuoteProcessor):
    """A paragraph that starts with `> ` is an editor's note, one of its own even right below another."""

    def lastChild(self, parent: etree.Element) -> etree.Element | None:
        """The element before, except a note: Python-Markdown would put this paragraph into it."""
        child = super().lastChild(parent)
        return None if child is not None and child.tag == "blockquote" else child

    def run(self, parent: etree.Element, blocks: list[str]) -> None:
        """The note, classed as one."""
        super().run(parent, blocks)
        parent[-1].set("class", "note")


class LooseLists(Treeprocessor):
    """A list with a paragraph in any item has paragraphs in every item, evenly spaced (as CommonMark has it)."""

    def run(self, root: etree.Element) -> None:
        """Wrap the bare text of items in lists that hold a paragraph."""
        for listing in [*root.iter("ul"), *root.iter("ol")]:
            if any(item.find("p") is not None for item in listing):
                for item in listing:
                    wrap_inline(item)


def wrap_inline(item: etree.Element) -> None:
    """An item's text and inline elements before its first block, as a paragraph."""
    inline = list(itertools.takewhile(lambda child: child.tag not in BLOCK_TAGS, item))
    if not (item.text or "").strip() and not inline:
        return
    paragraph = etree.Element("p")
    paragraph.text, item.text = item.text, None
    for child in inline:
        item.remove(child)
        paragraph.append(child)
    item.insert(0, paragraph)


class RulesText(Extension):
    """content/FORMAT.md on top of Markdown: editorial marks, editor's notes, and no raw HTML (it is escaped)."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        """Register the marks and notes; drop the raw-HTML readers, so a tag in the text is printed as written."""
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        for offset, (name, pattern, tag, css_class) in enumerate(EDITORIAL_MARKS):
            md.inlinePatterns.register(EditorialMark(pattern, tag, css_class), name, MARK_PRIORITY - offset)
        md.parser.blockprocessors.register(EditorsNote(md.parser), "quote", 20)
        md.treeprocessors.register(LooseLists(md), "loose-lists", 0)


_markdown = markdown.Markdown(extensions=["tables", "sane_lists", RulesText()], tab_length=2, lazy_ol=False)
"""Two-space indents nest lists (as content/ writes them); an ordered list keeps its first number."""


def render_markdown(text: str) -> Markup:
    """A rules text's Markdown as HTML."""
    return Markup(_markdown.reset().convert(text))


def inline_marks(text: str) -> Markup:
    """A heading's text as HTML: "4. Recruit nobles" is a title, not a list."""
    heading = HEADING.match(_markdown.reset().convert("## " + text))
    return Markup(heading[1].strip() if heading else "")

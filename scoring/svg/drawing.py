"""What every picture is drawn with: the sizes and colours, text measured, wrapped and escaped, the markup, the
contrast of a colour, and the legend the charts share."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence

from ..core import Text

WIDTH = 340
PALETTE = (
    "#0a72da",
    "#e84c23",
    "#038d25",
    "#c851c1",
    "#976b03",
    "#0e9ca2",
    "#cb2865",
    "#87920b",
    "#7855df",
    "#6f7c8a",
)
"""Category colours, the same category always the same colour: each has at least 3:1 contrast with the
light and the dark page background, and black or white text on it at least 4.5:1 (tests/unit/test_svg.py)."""
ACCENT = PALETTE[0]
LANGS = ("zh", "en")

SIZE = 13.0  # names, captions, labels
SMALL = 11.0  # legend, notes, tie-breakers
LINE = 1.3  # line height, in font sizes
BAR = 22.0
GAP = 8.0


# ---------------------------------------------------------------- text and markup


def text_width(text: str, size: float) -> float:
    """A generous estimate of the drawn width: wide (CJK) characters 1 em, others 0.62 em."""
    return sum(size if unicodedata.east_asian_width(c) in "WF" else 0.62 * size for c in text)


BOLD_EMS = {"emoji": 1.3, "broad": 1.05, "capital": 0.87, "other": 0.72, "mark": 0.0}
"""Widths in ems of bold characters by kind, at least those of DejaVu Sans Bold (Linux's default system font and the
widest of the usual ones: W 1.03 em, m 1.04 em, other capitals up to 0.85 em, other small letters and digits up to
0.72 em); a CJK character is 1 em, an emoji is drawn up to 1.3 em wide. An estimate still: the chart clips a name
to its room besides (chart.py)."""


def _bold_kind(char: str) -> str:
    """The kind of a character for bold_width."""
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Cf"):
        return "mark"
    if unicodedata.east_asian_width(char) in "WF":
        return "emoji" if category == "So" else "broad"
    if char in "MWmw@%…":
        return "broad"
    return "capital" if category in ("Lu", "Lt") else "other"


def bold_width(text: str, size: float) -> float:
    """A generous estimate of the drawn width of bold text (a name, a total): BOLD_EMS for each character."""
    return sum(BOLD_EMS[_bold_kind(c)] * size for c in text)


def fit(text: str, width: float, size: float, measure: Callable[[str, float], float] = text_width) -> str:
    """The text, cut short with an ellipsis if it would be wider than width (as measure counts)."""
    if measure(text, size) <= width:
        return text
    while text and measure(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


CLOSING = set("，。、：；！？）」』”")
"""Punctuation that never starts a line."""


def _tokens(text: str) -> list[str]:
    """Units a line may break between: words (with their trailing space) and single wide characters."""
    tokens: list[str] = []
    for char in text:
        wide = unicodedata.east_asian_width(char) in "WF"
        if tokens and (char in CLOSING or char == " "):
            tokens[-1] += char
        elif not tokens or wide or tokens[-1].endswith(" ") or unicodedata.east_asian_width(tokens[-1][-1]) in "WF":
            tokens.append(char)
        else:
            tokens[-1] += char
    return tokens


def wrap(text: str, width: float, size: float, lines: int = 3) -> list[str]:
    """Break text into at most this many lines no wider than width; a line that cannot fit is cut short."""
    out: list[str] = []
    current = ""
    tokens = _tokens(text)
    for index, token in enumerate(tokens):
        if current.strip() and text_width((current + token).rstrip(), size) > width:
            if len(out) == lines - 1:
                return [*out, fit((current + "".join(tokens[index:])).strip(), width, size)]
            out.append(fit(current.strip(), width, size))
            current = token.lstrip()
        else:
            current += token
    if current.strip():
        out.append(fit(current.strip(), width, size))
    return out


def number(value: float) -> str:
    """A coordinate: two decimals at most, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
ATTRIBUTE = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
)


def escape(text: str) -> str:
    """Text as element content: &, < and > written as entities (xml.sax.saxutils would import urllib and email)."""
    return text.translate(TEXT)


def attribute(value: object) -> str:
    """An attribute value, quoted: numbers as they are, any other text escaped."""
    if isinstance(value, float):
        return f'"{number(value)}"'
    if isinstance(value, int):
        return f'"{value}"'
    return f'"{str(value).translate(ATTRIBUTE)}"'


def element(tag: str, attributes: dict[str, object], content: str = "") -> str:
    """One element; attribute values are quoted and escaped, content must already be markup."""
    attrs = "".join([f" {name}={attribute(value)}" for name, value in attributes.items() if value is not None])
    return f"<{tag}{attrs}>{content}</{tag}>" if content else f"<{tag}{attrs}/>"


def label(x: float, y: float, text: str, size: float = SIZE, **attributes: object) -> str:
    """A text element in the page's colour unless a fill is given; the text is escaped."""
    attrs = {"x": x, "y": y, "font-size": size, "fill": "currentColor", **attributes}
    return element("text", {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}, escape(text))


def heading(text: str, width: float = WIDTH) -> tuple[str, float]:
    """The picture's title, shown on its first lines; the markup and the height it takes."""
    lines = wrap(text, width, SIZE, lines=2)
    parts = [label(0.0, SIZE * (1 + LINE * i), line, SIZE, font_weight="700") for i, line in enumerate(lines)]
    return element("g", {"class": "heading"}, "".join(parts)), SIZE * LINE * len(lines) + GAP / 2


def document(width: float, height: float, title: str, description: str, body: list[str], kind: str) -> str:
    """The svg element: a titled image whose description is its text equivalent."""
    return element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {number(width)} {number(math.ceil(height))}",
            "width": number(width),
            "height": number(math.ceil(height)),
            "role": "img",
            "class": f"figure-svg {kind}",
        },
        element("title", {}, escape(title)) + element("desc", {}, escape(description)) + "".join(body),
    )


def luminance(colour: str) -> float:
    """Relative luminance of a #rrggbb colour (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink(fill: str) -> str:
    """Black or white, whichever reads better on this fill."""
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#ffffff") else "#ffffff"


def both(render: Callable[..., str], *args: object) -> dict[str, str]:
    """The same picture in each language, for the page to show the one the reader chose."""
    return {lang: render(*args, lang) for lang in LANGS}


# ---------------------------------------------------------------- legend (the result chart's and the statistics')


def _legend_items(used: Sequence[str], labels: dict[str, Text], lang: str) -> list[tuple[str, str, float]]:
    """Each legend entry: key, text (cut to fit) and width with its swatch."""
    swatch = SMALL + 4
    items = []
    for key in used:
        text = fit(getattr(labels[key], lang), WIDTH - swatch, SMALL)
        items.append((key, text, swatch + text_width(text, SMALL) + GAP * 1.5))
    return items


def _legend_rows(used: Sequence[str], labels: dict[str, Text], lang: str) -> list[list[tuple[str, str, float]]]:
    """Legend entries in rows no wider than the chart."""
    rows: list[list[tuple[str, str, float]]] = [[]]
    for item in _legend_items(used, labels, lang):
        if rows[-1] and sum(w for _, _, w in rows[-1]) + item[2] > WIDTH:
            rows.append([])
        rows[-1].append(item)
    return rows


def legend_height(used: Sequence[str], labels: dict[str, Text], lang: str) -> float:
    """Height of the legend."""
    return len(_legend_rows(used, labels, lang)) * SMALL * 1.6


def legend(used: Sequence[str], labels: dict[str, Text], colours: dict[str, str], top: float, lang: str) -> str:
    """Swatch and name of every category in use, in the order of the segments."""
    parts = []
    for index, row in enumerate(_legend_rows(used, labels, lang)):
        y = top + index * SMALL * 1.6
        x = 0.0
        for key, text, width in row:
            parts.append(
                element(
                    "rect",
                    {"x": x, "y": y + 1, "width": SMALL, "height": SMALL, "fill": colours[key], "data-key": key},
                )
            )
            parts.append(label(x + SMALL + 4, y + SMALL, text, SMALL))
            x += width
    return element("g", {"class": "chart-legend"}, "".join(parts))

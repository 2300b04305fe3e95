"""SVG for the page, built as text with every text escaped: the result chart, the setup diagrams (for the screen,
and for the printed card with their areas side by side), and the statistics' pictures (wins, averages by category,
totals over time).

Every picture is drawn in user units WIDTH wide; the page scales them to its column (a 360 px phone shows
them about 1:1). Text is drawn in the page's colour (currentColor), so it follows dark mode; the category
colours have enough contrast on the light and the dark background alike. No style attributes: the page's
Content-Security-Policy allows styles only from its own stylesheet.
"""

from __future__ import annotations

import itertools
import math
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from . import GAMES
from .core import Area, DecisionKind, Diagram, Game, Piece, PlayerResult, Result, Shape, Text, Tone

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


def fit(text: str, width: float, size: float) -> str:
    """The text, cut short with an ellipsis if it would be wider than width."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
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


# ---------------------------------------------------------------- result chart

POINTS_TITLE = Text("各项得分（按名次）", "Points by category, in place order")
TIE_BREAKER = Text("平手决胜", "Tie-breaker")
SHARED = Text("平手：共享名次", "Tied: the place is shared")


def _place(player: PlayerResult) -> str:
    """'1.' or '–' for a player the rules do not rank."""
    return "–" if player.place is None else f"{player.place}."


def _tie_line(game: Game, player: PlayerResult, lang: str) -> str:
    """What settled a tie for this player, short; empty when there was no tie."""
    decision = player.decided_by
    if decision.kind is DecisionKind.SHARED:
        return getattr(SHARED, lang)
    if decision.kind is DecisionKind.TIE_BREAKER:
        breaker = next(t for t in game.tie_breakers if t.key == decision.key)
        colon = "：" if lang == "zh" else ": "
        return f"{getattr(TIE_BREAKER, lang)}{colon}{getattr(breaker.label, lang)} {decision.value}"
    return ""


def _chart_description(game: Game, result: Result, title: str, lang: str) -> str:
    """The chart as sentences: every player in place order with every category."""
    labels = game.category_labels()
    lines = []
    for player in result.players:
        parts = ("，" if lang == "zh" else ", ").join(f"{getattr(labels[k], lang)} {v}" for k, v in player.breakdown)
        total = sum(v for _, v in player.breakdown) if player.total is None else player.total
        unit = "" if player.total is None else (" 分" if lang == "zh" else " points")
        tie = _tie_line(game, player, lang)
        if lang == "zh":
            lines.append(f"{_place(player)} {player.name}：{total}{unit}（{parts}）" + (f"；{tie}" if tie else ""))
        else:
            lines.append(f"{_place(player)} {player.name}: {total}{unit} ({parts})" + (f"; {tie}" if tie else ""))
    colon, stop = ("：", "。") if lang == "zh" else (": ", ". ")
    return f"{title}{colon}" + stop.join(lines) + stop.strip()


def result_chart(game: Game, result: Result, lang: str) -> str:
    """One stacked bar per player in place order, a segment per category, scaled to the largest bar."""
    labels = game.category_labels()
    unknown = {key for p in result.players for key, _ in p.breakdown} - set(labels)
    if unknown:
        raise ValueError(f"{game.id}: breakdown entries without a label: {', '.join(sorted(unknown))}")
    colours = {key: PALETTE[i % len(PALETTE)] for i, key in enumerate(labels)}
    values = [(k, v) for p in result.players for k, v in p.breakdown]
    present = [key for key in labels if any(k == key for k, _ in values)]
    used = [key for key in present if any(k == key and v > 0 for k, v in values)]  # drawn somewhere
    counted = all(p.total is None for p in result.players)  # no points (Fürstenfeld): the counts themselves
    title = "、".join(getattr(labels[k], lang) for k in present) if counted else getattr(POINTS_TITLE, lang)
    largest = max((sum(v for _, v in p.breakdown) for p in result.players), default=0)
    scale = WIDTH / largest if largest > 0 else 0.0
    top, y = heading(title)
    body = [top]
    if not counted:  # a count chart's title names its one category
        body.append(_legend(used, labels, colours, y, lang))
        y += _legend_height(used, labels, lang)
    y += GAP
    for player in result.players:
        markup, height = _bar(game, player, scale, colours, y, lang)
        body.append(markup)
        y += height
    return document(WIDTH, y, title, _chart_description(game, result, title, lang), body, "result-chart")


def _bar(
    game: Game, player: PlayerResult, scale: float, colours: dict[str, str], top: float, lang: str
) -> tuple[str, float]:
    """A player's name and total, their bar and what settled a tie; the markup and the height it takes."""
    total = sum(v for _, v in player.breakdown)
    y = top + SIZE
    room = WIDTH - text_width(str(total), SIZE) - GAP
    parts = [
        label(0.0, y, fit(f"{_place(player)} {player.name}", room, SIZE), font_weight="700", class_="name"),
        label(float(WIDTH), y, str(total), font_weight="700", text_anchor="end", class_="total"),
    ]
    y += 5
    track = {"x": 0.5, "y": y + 0.5, "width": WIDTH - 1.0, "height": BAR - 1.0, "rx": 3}
    parts.append(
        element("rect", {"class": "track", **track, "fill": "none", "stroke": "currentColor", "stroke-opacity": "0.35"})
    )
    x = 0.0
    for key, value in player.breakdown:
        if value <= 0:
            continue
        width = value * scale
        segment = {"x": x, "y": y, "width": width, "height": BAR, "fill": colours[key]}
        parts.append(element("rect", {"class": "seg", **segment, "data-key": key, "data-value": value}))
        if text_width(str(value), SMALL) + 4 <= width:
            centre = (x + width / 2, y + BAR / 2 + SMALL * 0.35)
            parts.append(label(*centre, str(value), SMALL, fill=ink(colours[key]), text_anchor="middle"))
        x += width
    y += BAR
    tie = _tie_line(game, player, lang)
    if tie:
        y += SMALL * LINE
        parts.append(label(0.0, y, fit(tie, WIDTH, SMALL), SMALL, class_="tie"))
    y += GAP * 1.5
    attributes = {"class": "bar", "data-name": player.name, "data-total": total}
    return element("g", attributes, "".join(parts)), y - top


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


def _legend_height(used: Sequence[str], labels: dict[str, Text], lang: str) -> float:
    """Height of the legend."""
    return len(_legend_rows(used, labels, lang)) * SMALL * 1.6


def _legend(used: Sequence[str], labels: dict[str, Text], colours: dict[str, str], top: float, lang: str) -> str:
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


# ---------------------------------------------------------------- setup diagrams

PIECE_GAP = 6.0


def _piece_size(shape: Shape, cell: float) -> tuple[float, float]:
    """Width and height of a piece drawn in a cell this wide."""
    room = cell - PIECE_GAP
    if shape is Shape.CARD:
        width = min(room, 40.0)
        return width, width * 1.4
    if shape is Shape.STACK:
        width = min(room, 48.0)
        return width, (width - 6) * 1.3 + 6
    if shape in (Shape.HEX, Shape.HEX_STACK):
        width = min(room, 46.0)
        height = width / math.sqrt(3) * 2
        return width, height + (6 if shape is Shape.HEX_STACK else 0)
    if shape is Shape.COIN:
        width = min(room, 34.0)
        return width, width
    return room, 44.0


def _tone(tone: Tone) -> dict[str, object]:
    """Fill and outline of a piece."""
    if tone is Tone.MARKED:
        return {"fill": ACCENT, "stroke": "currentColor", "stroke-width": "1.5"}
    if tone is Tone.OFF:
        return {"fill": "none", "stroke": "currentColor", "stroke-width": "1.5", "stroke-dasharray": "4 3"}
    return {"fill": "currentColor", "fill-opacity": "0.1", "stroke": "currentColor", "stroke-width": "1.5"}


def _hexagon(cx: float, top: float, width: float) -> str:
    """A pointy-top hexagon's points."""
    r = width / math.sqrt(3)
    cy = top + r
    points = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(-90, 270, 60)]
    return " ".join(f"{number(px)},{number(py)}" for px, py in points)


def _shape(piece: Piece, cx: float, top: float, width: float, height: float) -> list[str]:
    """The outline (and layers) of one piece."""
    look = _tone(piece.tone)
    left = cx - width / 2
    if piece.shape is Shape.STACK:
        inner = width - 6
        return [
            element(
                "rect",
                {"x": left + d, "y": top + 6 - d, "width": inner, "height": height - 6, "rx": 3, **look},
            )
            for d in (6.0, 3.0, 0.0)
        ]
    if piece.shape is Shape.HEX_STACK:
        return [element("polygon", {"points": _hexagon(cx + d - 3, top + 6 - d, width - 6), **look}) for d in (6, 3, 0)]
    if piece.shape is Shape.HEX:
        return [element("polygon", {"points": _hexagon(cx, top, width), **look})]
    if piece.shape is Shape.COIN:
        return [element("circle", {"cx": cx, "cy": top + height / 2, "r": width / 2, **look})]
    radius = 3 if piece.shape is Shape.CARD else 6
    return [element("rect", {"x": left, "y": top, "width": width, "height": height, "rx": radius, **look})]


def _piece(piece: Piece, cx: float, top: float, cell: float, lang: str) -> tuple[str, float]:
    """One piece with its label and note; the markup and the height it takes."""
    width, height = _piece_size(piece.shape, cell)
    parts = _shape(piece, cx, top, width, height)
    text = getattr(piece.label, lang)
    if text:
        face = ACCENT if piece.tone is Tone.MARKED else None
        shift = 3 if piece.shape in (Shape.STACK, Shape.HEX_STACK) else 0
        parts.append(
            label(
                cx - shift,
                top + shift + height / 2 + SIZE * 0.35,
                fit(text, width - 6, SIZE),
                SIZE,
                fill=ink(face) if face else "currentColor",
                font_weight="700",
                text_anchor="middle",
                class_="label",
            )
        )
    y = top + height
    for line in wrap(getattr(piece.note, lang), cell - 4, SMALL):
        y += SMALL * LINE
        parts.append(label(cx, y, line, SMALL, text_anchor="middle", class_="note"))
    attributes = {"class": "piece", "data-shape": piece.shape.value, "data-tone": piece.tone.value}
    return element("g", attributes, "".join(parts)), y - top


def _area(area: Area, top: float, lang: str, width: float = WIDTH) -> tuple[str, float]:
    """A caption and its pieces in rows, this wide; the markup and the height it takes."""
    parts = []
    y = top
    for line in wrap(getattr(area.caption, lang), width, SIZE):
        y += SIZE * LINE
        parts.append(label(0.0, y - SIZE * 0.3, line, SIZE, font_weight="700", class_="caption"))
    columns = area.columns or len(area.pieces)
    cell = width / columns
    y += PIECE_GAP
    for start in range(0, len(area.pieces), columns):
        row = area.pieces[start : start + columns]
        offset = (width - cell * len(row)) / 2  # a short last row is centred
        tallest = 0.0
        for index, piece in enumerate(row):
            markup, height = _piece(piece, offset + cell * (index + 0.5), y, cell, lang)
            parts.append(markup)
            tallest = max(tallest, height)
        y += tallest + PIECE_GAP
    return element("g", {"class": "area"}, "".join(parts)), y - top


def _diagram_description(diagram: Diagram, lang: str) -> str:
    """The diagram as sentences: each area's caption and pieces, then the notes."""
    comma, stop = ("，", "。") if lang == "zh" else (", ", ". ")
    sentences = [getattr(diagram.title, lang)]
    for area in diagram.areas:
        pieces = []
        for piece in area.pieces:
            text, note = getattr(piece.label, lang), getattr(piece.note, lang)
            pieces.append(f"{text} ({note})" if text and note else text or note)
        listed = comma.join(p for p in pieces if p)
        caption = getattr(area.caption, lang)
        sentences.append(
            f"{caption}{'：' if lang == 'zh' else ': '}{listed}" if caption and listed else caption or listed
        )
    sentences += [getattr(note, lang) for note in diagram.notes]
    return stop.join(s.rstrip("。.") for s in sentences if s) + stop.strip()


def setup_figure(diagram: Diagram, lang: str) -> str:
    """A setup diagram for the screen: its areas from top to bottom, then what the source leaves open."""
    return _setup_drawing(diagram, lang, 1, WIDTH)[0]


PRINT_COLUMNS = (250.0, 280.0, 310.0, WIDTH)
"""A printed diagram's column widths, tried narrowest first: the narrower, the larger its text prints beside the
same pieces, as long as no label is cut shorter than on the screen."""
PRINT_SHAPE = 0.3
"""A printed diagram spans the card's width and is at most this tall for its width, so the checklist keeps its page."""


def print_setup_figure(diagram: Diagram, lang: str) -> str:
    """A setup diagram for the printed card: its areas side by side, in the fewest columns (two or three) low enough,
    as narrow as its labels allow."""
    cut = setup_figure(diagram, lang).count("…")
    most = min(3, len(diagram.areas))
    for column in PRINT_COLUMNS:
        for columns in range(min(2, most), most + 1):
            svg, height = _setup_drawing(diagram, lang, columns, column)
            if svg.count("…") > cut:
                break  # a label cut short: a wider column
            if columns == most or height <= PRINT_SHAPE * _span(columns, column):
                return svg
    return _setup_drawing(diagram, lang, most, WIDTH)[0]


def _span(columns: int, column: float) -> float:
    """The width of this many columns and the gaps between them."""
    return columns * column + (columns - 1) * GAP * 3


def _setup_drawing(diagram: Diagram, lang: str, columns: int, column: float) -> tuple[str, float]:
    """A setup diagram: the title, the areas in columns (each filled top to bottom), then the notes across; the
    markup and its height."""
    width = _span(columns, column)
    title = getattr(diagram.title, lang)
    top, y = heading(title, width)
    body = [top]
    heights = [_area(area, 0.0, lang, column)[1] for area in diagram.areas]
    bottom = y
    for index, group in enumerate(_split(heights, columns)):
        x, column_y = index * (column + GAP * 3), y
        for area in (diagram.areas[i] for i in group):
            markup, height = _area(area, column_y, lang, column)
            body.append(element("g", {"transform": f"translate({number(x)} 0)"}, markup) if x else markup)
            column_y += height + GAP
        bottom = max(bottom, column_y)
    y = bottom
    notes = []
    for note in diagram.notes:
        for line in wrap("* " + getattr(note, lang), width, SMALL, lines=6):
            y += SMALL * LINE
            notes.append(label(0.0, y, line, SMALL, class_="footnote"))
    if notes:
        body.append(element("g", {"class": "notes"}, "".join(notes)))
        y += SMALL * 0.5
    return document(width, y, title, _diagram_description(diagram, lang), body, "setup-diagram"), y


def _split(heights: list[float], columns: int) -> list[range]:
    """The areas, in order, cut into this many columns (fewer if there are fewer areas), as even in height as can be."""
    count = len(heights)
    best: tuple[float, list[range]] = (math.inf, [range(count)])
    for cuts in itertools.combinations(range(1, count), min(columns, count) - 1):
        groups = [range(a, b) for a, b in itertools.pairwise([0, *cuts, count])]
        tallest = max(sum(heights[i] + GAP for i in group) for group in groups)
        if tallest < best[0]:
            best = (tallest, groups)
    return best[1]


# ---------------------------------------------------------------- statistics (scoring/stats.py)

WINS_TITLE = Text("胜局（浅色条：已玩局数）", "Wins (light bar: games played)")
AVERAGE_TITLE = Text("平均每局各项得分", "Average points per game, by category")
TIMELINE_TITLE = Text("每局总分（按日期）", "Totals per game, in date order")
TIMELINE_LAST = Text("最近 {n} 局", "the last {n} games")
TIMELINE_GAMES = 60
"""Games drawn in the totals-over-time picture: the latest ones (every total is in the statistics' tables)."""
MAX_LINES = len(PALETTE)
"""Players drawn in the totals-over-time picture: the most frequent ones, one colour each."""


def _list(items: Sequence[str], lang: str) -> str:
    """Items joined as a sentence part."""
    return ("；" if lang == "zh" else "; ").join(items)


def _stop(lang: str) -> str:
    """A sentence's end."""
    return "。" if lang == "zh" else "."


def wins_chart(players: Sequence[dict[str, object]], lang: str) -> str:
    """A bar per player: games played (light) and wins (dark) on the same scale, most wins first."""
    title = getattr(WINS_TITLE, lang)
    top, y = heading(title)
    body = [top]
    most = max((int(str(p["played"])) for p in players), default=0)
    scale = WIDTH / most if most else 0.0
    lines = []
    for player in players:
        played, wins = int(str(player["played"])), int(str(player["wins"]))
        shared = int(str(player["shared_wins"]))
        rate = round(100 * wins / played) if played else 0
        figure = f"{wins}/{played} · {rate}%"
        room = WIDTH - text_width(figure, SIZE) - GAP
        parts = [
            label(0.0, y + SIZE, fit(str(player["name"]), room, SIZE), font_weight="700", class_="name"),
            label(float(WIDTH), y + SIZE, figure, text_anchor="end", class_="total"),
        ]
        bar_top = y + SIZE + 5
        parts.append(
            element(
                "rect",
                {"class": "played", "x": 0.0, "y": bar_top, "width": played * scale, "height": BAR, "rx": 3}
                | {"fill": ACCENT, "fill-opacity": "0.25"},
            )
        )
        if wins:
            parts.append(
                element(
                    "rect",
                    {"class": "wins", "x": 0.0, "y": bar_top, "width": wins * scale, "height": BAR, "rx": 3}
                    | {"fill": ACCENT, "data-value": wins},
                )
            )
        body.append(element("g", {"class": "bar", "data-name": player["name"], "data-wins": wins}, "".join(parts)))
        y = bar_top + BAR + GAP * 1.5
        if lang == "zh":
            also = f"，其中 {shared} 局并列第一" if shared else ""
            lines.append(f"{player['name']}：{played} 局胜 {wins} 局（{rate}%）{also}")
        else:
            also = f", {shared} of them a shared first" if shared else ""
            lines.append(f"{player['name']}: {wins} wins in {played} games ({rate}%){also}")
    description = f"{title}{'：' if lang == 'zh' else ': '}{_list(lines, lang)}{_stop(lang)}"
    return document(WIDTH, y, title, description, body, "stats-wins")


def averages_chart(game: Game, players: Sequence[dict[str, object]], lang: str) -> str:
    """One stacked bar per player: their average points per category (where their points come from)."""
    labels = game.category_labels()
    colours = {key: PALETTE[i % len(PALETTE)] for i, key in enumerate(labels)}
    averages = [(p, {k: float(v) for k, v in dict(p["categories"]).items() if v}) for p in players]  # type: ignore[call-overload]
    used = [key for key in labels if any(a.get(key, 0) > 0 for _, a in averages)]
    title = f"{getattr(game.name, lang)}{'：' if lang == 'zh' else ': '}{getattr(AVERAGE_TITLE, lang)}"
    top, y = heading(title)
    body = [top, _legend(used, labels, colours, y, lang)]
    y += _legend_height(used, labels, lang) + GAP
    largest = max((sum(a.values()) for _, a in averages), default=0.0)
    scale = WIDTH / largest if largest > 0 else 0.0
    lines = []
    for player, average in averages:
        total = round(sum(average.values()), 1)
        parts = [
            label(0.0, y + SIZE, fit(str(player["name"]), WIDTH - 50, SIZE), font_weight="700", class_="name"),
            label(float(WIDTH), y + SIZE, f"{total:g}", font_weight="700", text_anchor="end", class_="total"),
        ]
        x, bar_top = 0.0, y + SIZE + 5
        for key in used:
            width = average.get(key, 0.0) * scale
            if width > 0:
                segment = {"x": x, "y": bar_top, "width": width, "height": BAR, "fill": colours[key], "data-key": key}
                parts.append(element("rect", {"class": "seg", **segment}))
                x += width
        body.append(element("g", {"class": "bar", "data-name": player["name"]}, "".join(parts)))
        y = bar_top + BAR + GAP * 1.5
        each = ("，" if lang == "zh" else ", ").join(
            f"{getattr(labels[k], lang)} {average[k]:g}" for k in used if average.get(k)
        )
        lines.append(f"{player['name']} {total:g}" + (f"（{each}）" if lang == "zh" else f" ({each})"))
    description = f"{title}{'：' if lang == 'zh' else ': '}{_list(lines, lang)}{_stop(lang)}"
    return document(WIDTH, y, title, description, body, "stats-averages")


def timeline_chart(game: Game, timeline: dict[str, object], lang: str) -> str:
    """A line per player through their totals, game after game in date order (the most frequent players)."""
    every = list(timeline["saved"])  # type: ignore[call-overload]
    saved = every[-TIMELINE_GAMES:]
    series = _timeline_series(timeline["series"])  # type: ignore[arg-type]
    title = f"{getattr(game.name, lang)}{'：' if lang == 'zh' else ': '}{getattr(TIMELINE_TITLE, lang)}"
    if len(every) > len(saved):
        title += f"{'，' if lang == 'zh' else ', '}{getattr(TIMELINE_LAST.format(n=len(saved)), lang)}"
    top, y = heading(title)
    names = [str(s["name"]) for s in series]
    colours = {name: PALETTE[i] for i, name in enumerate(names)}
    legend_labels = {name: Text.same(name) for name in names}
    body = [top, _legend(names, legend_labels, colours, y, lang).replace('data-key="', 'data-name="')]
    y += _legend_height(names, legend_labels, lang) + GAP
    values = [t for s in series for t in s["totals"] if t is not None]
    low, high = min(values, default=0), max(values, default=0)
    high = high if high > low else low + 1
    plot_left, plot_height = 30.0, 140.0
    step = (WIDTH - plot_left - 4) / max(len(saved) - 1, 1)
    axis = [
        label(plot_left - 4, y + SMALL * 0.35, str(high), SMALL, text_anchor="end"),
        label(plot_left - 4, y + plot_height + SMALL * 0.35, str(low), SMALL, text_anchor="end"),
        element(
            "path",
            {"d": f"M{number(plot_left)} {number(y)}V{number(y + plot_height)}H{WIDTH}"}
            | {"fill": "none", "stroke": "currentColor", "stroke-opacity": "0.35"},
        ),
    ]
    body.append(element("g", {"class": "axis"}, "".join(axis)))
    lines = []
    for line in series:
        points = [
            (plot_left + i * step, y + plot_height - (t - low) / (high - low) * plot_height)
            for i, t in enumerate(line["totals"])
            if t is not None
        ]
        body.append(_timeline_line(str(line["name"]), points, colours[str(line["name"])]))
        played = ("、" if lang == "zh" else ", ").join("–" if t is None else str(t) for t in line["totals"])
        lines.append(f"{line['name']}{'：' if lang == 'zh' else ': '}{played}")
    y += plot_height + SMALL * LINE
    first, last = (saved[0][:10], saved[-1][:10]) if saved else ("", "")
    body.append(label(plot_left, y, first, SMALL))
    body.append(label(float(WIDTH), y, last, SMALL, text_anchor="end"))
    span = f"{first} – {last}"
    description = (
        f"{title}（{span}）：{_list(lines, lang)}。" if lang == "zh" else f"{title} ({span}): {_list(lines, lang)}."
    )
    return document(WIDTH, y + GAP, title, description, body, "stats-timeline")


def _timeline_series(every: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The players drawn over the last TIMELINE_GAMES games: those who played most of them, at most MAX_LINES."""
    ranked = sorted(every, key=lambda s: -sum(t is not None for t in s["totals"][-TIMELINE_GAMES:]))
    return [
        {"name": s["name"], "totals": s["totals"][-TIMELINE_GAMES:]}
        for s in ranked[:MAX_LINES]
        if any(t is not None for t in s["totals"][-TIMELINE_GAMES:])
    ]


def _timeline_line(name: str, points: Sequence[tuple[float, float]], colour: str) -> str:
    """One player's line through their totals, a dot at each game they played."""
    path = "M" + "L".join(f"{number(px)} {number(py)}" for px, py in points)
    marks = "".join(element("circle", {"cx": px, "cy": py, "r": 2.5, "fill": colour}) for px, py in points)
    drawn = element("path", {"d": path, "fill": "none", "stroke": colour, "stroke-width": "2"})
    return element("g", {"class": "line", "data-name": name}, drawn + marks)


def stats_charts(figures: dict[str, object]) -> dict[str, object]:
    """Every picture of the statistics view, in each language: wins overall, then per game averages and totals."""
    overall = figures["overall"]
    drawn: dict[tuple[object, ...], dict[str, str]] = {}

    def wins(players: Sequence[dict[str, object]]) -> dict[str, str]:
        """The wins picture, drawn once for the same figures (all games are one game's when only one was played)."""
        key = tuple((p["name"], p["played"], p["wins"], p["shared_wins"]) for p in players)
        if key not in drawn:
            drawn[key] = both(wins_chart, players)
        return drawn[key]

    games = {}
    for block in figures["games"]:  # type: ignore[attr-defined]
        game = GAMES[block["game"]]
        pictures = {"wins": wins(block["players"])}
        if any(p["average"] is not None for p in block["players"]):
            pictures["averages"] = both(averages_chart, game, block["players"])
            pictures["timeline"] = both(timeline_chart, game, block["timeline"])
        games[block["game"]] = pictures
    return {"wins": wins(overall["players"]) if overall["games"] else None, "games": games}  # type: ignore[index]

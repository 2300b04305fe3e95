"""The setup diagrams: the table for a player count, on the screen (areas from top to bottom) and on the printed
card (areas side by side)."""

from __future__ import annotations

import itertools
import math

from ..core import Area, Diagram, Piece, PieceShape, Tone
from .drawing import ACCENT, GAP, LINE, SIZE, SMALL, WIDTH, document, element, fit, heading, ink, label, number, wrap

PIECE_GAP = 6.0


def _piece_size(shape: PieceShape, cell: float) -> tuple[float, float]:
    """Width and height of a piece drawn in a cell this wide."""
    room = cell - PIECE_GAP
    if shape is PieceShape.CARD:
        width = min(room, 40.0)
        return width, width * 1.4
    if shape is PieceShape.STACK:
        width = min(room, 48.0)
        return width, (width - 6) * 1.3 + 6
    if shape in (PieceShape.HEX, PieceShape.HEX_STACK):
        width = min(room, 46.0)
        height = width / math.sqrt(3) * 2
        return width, height + (6 if shape is PieceShape.HEX_STACK else 0)
    if shape is PieceShape.COIN:
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
    if piece.shape is PieceShape.STACK:
        inner = width - 6
        return [
            element(
                "rect",
                {"x": left + d, "y": top + 6 - d, "width": inner, "height": height - 6, "rx": 3, **look},
            )
            for d in (6.0, 3.0, 0.0)
        ]
    if piece.shape is PieceShape.HEX_STACK:
        return [element("polygon", {"points": _hexagon(cx + d - 3, top + 6 - d, width - 6), **look}) for d in (6, 3, 0)]
    if piece.shape is PieceShape.HEX:
        return [element("polygon", {"points": _hexagon(cx, top, width), **look})]
    if piece.shape is PieceShape.COIN:
        return [element("circle", {"cx": cx, "cy": top + height / 2, "r": width / 2, **look})]
    radius = 3 if piece.shape is PieceShape.CARD else 6
    return [element("rect", {"x": left, "y": top, "width": width, "height": height, "rx": radius, **look})]


def _piece(piece: Piece, cx: float, top: float, cell: float, lang: str) -> tuple[str, float]:
    """One piece with its label and note; the markup and the height it takes."""
    width, height = _piece_size(piece.shape, cell)
    parts = _shape(piece, cx, top, width, height)
    text = getattr(piece.label, lang)
    if text:
        face = ACCENT if piece.tone is Tone.MARKED else None
        shift = 3 if piece.shape in (PieceShape.STACK, PieceShape.HEX_STACK) else 0
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

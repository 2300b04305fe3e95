"""The result chart: one stacked bar per player in place order, a segment per category, and what settled a tie."""

from __future__ import annotations

from ..core import DecisionKind, Game, PlayerResult, Result, Text
from .drawing import (
    BAR,
    GAP,
    LINE,
    PALETTE,
    SIZE,
    SMALL,
    WIDTH,
    bold_width,
    document,
    element,
    fit,
    heading,
    ink,
    label,
    legend,
    legend_height,
    text_width,
)

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
        body.append(legend(used, labels, colours, y, lang))
        y += legend_height(used, labels, lang)
    y += GAP
    for player in result.players:
        markup, height = _bar(game, player, scale, colours, y, lang)
        body.append(markup)
        y += height
    return document(WIDTH, y, title, _chart_description(game, result, title, lang), body, "result-chart")


BOLD = {"font_weight": "700"}


def _name(player: PlayerResult, total: str, top: float) -> str:
    """Place and name, cut short with an ellipsis before the total's room; drawn in a viewport of that width, which
    clips what a font draws wider than estimated, so the name never runs into the total (site.css leaves its width
    alone; hidden from assistive technology, which reads the chart's description)."""
    room = WIDTH - bold_width(total, SIZE) - GAP
    text = label(0.0, SIZE, fit(f"{_place(player)} {player.name}", room, SIZE, bold_width), **BOLD, class_="name")
    return element(
        "svg",
        {
            "class": "name-room",
            "x": 0.0,
            "y": top,
            "width": room,
            "height": SIZE * 1.5,
            "overflow": "hidden",
            "aria-hidden": "true",
        },
        text,
    )


def _bar(
    game: Game, player: PlayerResult, scale: float, colours: dict[str, str], top: float, lang: str
) -> tuple[str, float]:
    """A player's name and total, their bar and what settled a tie; the markup and the height it takes."""
    total = sum(v for _, v in player.breakdown)
    y = top + SIZE
    parts = [
        _name(player, str(total), top),
        label(float(WIDTH), y, str(total), **BOLD, text_anchor="end", class_="total"),
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

"""The statistics' pictures (scoring/stats.py's figures): wins, averages by category, totals over time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import GAMES
from ..core import Game, Text
from .drawing import (
    ACCENT,
    BAR,
    GAP,
    LINE,
    PALETTE,
    SIZE,
    SMALL,
    WIDTH,
    both,
    document,
    element,
    fit,
    heading,
    label,
    legend,
    legend_height,
    number,
    text_width,
)

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
    body = [top, legend(used, labels, colours, y, lang)]
    y += legend_height(used, labels, lang) + GAP
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
    body = [top, legend(names, legend_labels, colours, y, lang).replace('data-key="', 'data-name="')]
    y += legend_height(names, legend_labels, lang) + GAP
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

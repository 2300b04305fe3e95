"""JSON in, JSON out: what the command line and the browser worker call."""

from __future__ import annotations

from typing import Any

from . import get_game
from .core import (
    SheetError,
    Text,
    check_helper_sheet,
    check_sheet,
    checklist,
    points_breakdown,
    score,
    setup_diagram,
)
from .svg import both, result_chart, setup_figure


def setup_json(game_id: str, players: int, options: dict[str, bool] | None = None) -> dict[str, Any]:
    """The checklist as JSON, with its diagram as SVG in each language (None if the game has none)."""
    game = get_game(game_id)
    known = {o.key for o in game.options}
    chosen = {k: bool(v) for k, v in (options or {}).items() if k in known}
    steps = checklist(game, players, **chosen)
    diagram = setup_diagram(game, players, **chosen)
    return {
        "game": game.id,
        "players": players,
        "options": chosen,
        "steps": [{**s.text.as_dict(), "note": s.note.as_dict() if s.note else None} for s in steps],
        "diagram": None if diagram is None else both(setup_figure, diagram),
    }


def score_json(game_id: str, sheet: object) -> dict[str, Any]:
    """The result of a valid sheet; SheetError for the first bad field."""
    return score(get_game(game_id), sheet).as_dict()


def evaluate(game_id: str, sheet: object) -> dict[str, Any]:
    """For a sheet being typed: every problem; the result and its chart (SVG, each language) or partial totals."""
    game = get_game(game_id)
    parsed, problems = check_sheet(game, sheet)
    if not problems and parsed is not None:
        result = score(game, sheet)
        return {"ok": True, "problems": [], "result": result.as_dict(), "chart": both(result_chart, game, result)}
    partial: list[dict[str, Any]] = []
    if parsed is not None and game.score is None:
        for index, player in enumerate(parsed.players):
            mine = [p for p in problems if p.path.startswith(f"players[{index}].scores")]
            breakdown = points_breakdown(game, player, parsed.options)
            partial.append({"index": index, "total": None if mine else sum(breakdown.values()), "breakdown": breakdown})
    return {"ok": False, "problems": [p.as_dict() for p in problems], "partial": partial}


def run_helper(game_id: str, helper_id: str, sheet: object) -> dict[str, Any]:
    """Run an in-game helper; problems instead of a result when its input is bad."""
    game = get_game(game_id)
    helper = next((h for h in game.helpers if h.id == helper_id), None)
    if helper is None:
        error = SheetError("helper", Text(f"未知工具：{helper_id}。", f"unknown helper: {helper_id}."))
        return {"ok": False, "problems": [error.as_dict()]}
    parsed, problems = check_helper_sheet(game, helper, sheet)
    if problems or parsed is None:
        return {"ok": False, "problems": [p.as_dict() for p in problems]}
    try:
        result = helper.compute(parsed)
    except SheetError as error:
        return {"ok": False, "problems": [error.as_dict()]}
    return {
        "ok": True,
        "lines": [line.as_dict() for line in result.lines],
        "fills": {k: list(v) for k, v in result.fills.items()},
    }

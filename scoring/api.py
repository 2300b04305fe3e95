"""JSON in, JSON out: what the command line and the browser worker call."""

from __future__ import annotations

import json
from typing import Any

from . import get_game
from .core import (
    Game,
    Result,
    SheetError,
    Text,
    check_helper_sheet,
    check_sheet,
    checklist,
    points_breakdown,
    score,
    score_sheet,
    setup_diagram,
    summary,
    sums_in,
)
from .history import History, document, make_record, merge, read_history, to_csv
from .svg import both, result_chart, setup_figure


def setup_json(game_id: str, players: int, options: dict[str, bool] | None = None) -> dict[str, Any]:
    """The checklist as JSON, with its diagram as SVG in each language (None if the game has none)."""
    game = get_game(game_id)
    known = {o.key for o in game.options if o.setup}  # a scoring variant does not change the setup
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
    """For a sheet being typed: every problem; the result and its chart (SVG, each language) or partial totals;
    the value of every field typed as a sum (by path)."""
    return {**_evaluate(get_game(game_id), sheet), "sums": sums_in(sheet)}


def _evaluate(game: Game, sheet: object) -> dict[str, Any]:
    """evaluate() without the sums typed."""
    parsed, problems = check_sheet(game, sheet)
    if not problems and parsed is not None:
        result = score_sheet(game, parsed)
        if result.missing:
            return _waiting(result)
        return {
            "ok": True,
            "problems": [],
            "result": result.as_dict(),
            "chart": both(result_chart, game, result),
            "summary": summary(game, result).as_dict(),
        }
    partial: list[dict[str, Any]] = []
    if parsed is not None and game.score is None:
        for index, player in enumerate(parsed.players):
            mine = [p for p in problems if p.path.startswith(f"players[{index}].scores")]
            breakdown = points_breakdown(game, player, parsed.options)
            partial.append({"index": index, "total": None if mine else sum(breakdown.values()), "breakdown": breakdown})
    return {"ok": False, "problems": [p.as_dict() for p in problems], "partial": partial}


def _waiting(result: Result) -> dict[str, Any]:
    """A sheet whose ranking waits for blank tie-breakers: the fields to fill, and the places so far."""
    return {
        "ok": False,
        "problems": [m.as_dict() for m in result.missing],
        "result": result.as_dict(),
        "partial": [],
    }


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


# ---------------------------------------------------------------- history of finished games

_known: dict[str, History] = {}
"""The history text last read or written, checked: the worker need not check it again on the next call."""


def _read(stored: str | None) -> History:
    """The stored history, checked (once per text)."""
    text = stored or ""
    if text not in _known:
        _known.clear()
        _known[text] = read_history(text)
    return _known[text]


def _history_answer(history: History, shown: bool = True, **extra: Any) -> dict[str, Any]:
    """A history as the page gets it: the text to store, what was wrong with the text read, the records if shown."""
    stored = json.dumps(document(history.records), ensure_ascii=False, separators=(",", ":"))
    _known.clear()
    _known[stored] = History(history.records)
    answer = {"ok": history.error is None, "problems": [p.as_dict() for p in history.problems], "stored": stored}
    return {**answer, "records": history.records, **extra} if shown else {**answer, **extra}


def history_view(stored: str | None) -> dict[str, Any]:
    """The stored history, checked: what to show, and problems when the stored text must be set aside."""
    return _history_answer(_read(stored))


def _unsound(history: History) -> dict[str, Any] | None:
    """The refusal to change or export a stored history with problems: the page must set it aside first."""
    return {**_history_answer(history, shown=False), "ok": False, "stored_problems": True} if history.problems else None


def history_add(stored: str | None, game_id: str, sheet: object, saved: str) -> dict[str, Any]:
    """Add a final sheet to the stored history; problems (naming the field) when it is not final."""
    history = _read(stored)
    if refusal := _unsound(history):
        return refusal
    try:
        record = make_record(game_id, sheet, saved)
    except SheetError as error:
        return {"ok": False, "problems": [error.as_dict()]}
    records, added = merge(history.records, [record])
    return {**_history_answer(History(records), shown=False), "record": record, "added": added}


def history_import(stored: str | None, text: str) -> dict[str, Any]:
    """Merge an exported history file into the stored one: how many were added, already there or left out."""
    current = _read(stored)
    if refusal := _unsound(current):
        return refusal
    incoming = read_history(text)
    if incoming.error is not None:
        return {"ok": False, "problems": [incoming.error.as_dict()]}
    records, added = merge(current.records, incoming.records)
    return {
        **_history_answer(History(records)),
        "problems": [p.as_dict() for p in incoming.problems],
        "added": added,
        "already": len(incoming.records) - added,
        "skipped": len(incoming.skipped),
    }


def history_delete(stored: str | None, record_id: str) -> dict[str, Any]:
    """The stored history without one record."""
    history = _read(stored)
    if refusal := _unsound(history):
        return refusal
    return _history_answer(History([r for r in history.records if r["id"] != record_id]))


def history_export(stored: str | None, exported: str) -> dict[str, Any]:
    """The stored history as a JSON file (importable here) and as CSV."""
    history = _read(stored)
    if refusal := _unsound(history):
        return refusal
    text = json.dumps(document(history.records, exported), ensure_ascii=False, indent=1)
    return {"ok": True, "problems": [], "json": text, "csv": to_csv(history.records)}

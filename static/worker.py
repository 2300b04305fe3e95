"""Runs in the web worker: the page calls these with JSON text and gets JSON text back."""

import json

from scoring.api import evaluate, run_helper, setup_json


def _answer(work):
    """Run work; turn any failure into a problem the page can show."""
    try:
        return json.dumps(work(), ensure_ascii=False)
    except Exception as error:  # the page must get an answer, never a dead promise
        return json.dumps({"ok": False, "problems": [{"field": "", "zh": str(error), "en": str(error)}]})


def compute(game_id, sheet_json):
    """Score a sheet being typed."""
    return _answer(lambda: evaluate(game_id, json.loads(sheet_json)))


def setup(game_id, players, options_json):
    """A setup checklist."""
    return _answer(lambda: {"ok": True, **setup_json(game_id, int(players), json.loads(options_json))})


def helper(game_id, helper_id, sheet_json):
    """An in-game helper."""
    return _answer(lambda: run_helper(game_id, helper_id, json.loads(sheet_json)))


def ping():
    """Ready check."""
    return "ok"


__export__ = ["compute", "setup", "helper", "ping"]

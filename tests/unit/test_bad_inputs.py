"""The table of bad inputs (tests/bad_inputs.py) through scoring: exactly the message, naming the field."""

from __future__ import annotations

import pytest

from scoring.api import evaluate
from tests.bad_inputs import ROWS, BadInput


@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
def test_bad_input_gives_its_message_and_the_rest_still_adds_up(row: BadInput) -> None:
    answer = evaluate(row.game, row.sheet())
    if row.en is None:
        assert answer["ok"], answer["problems"]
        totals = {p["name"]: p["total"] for p in answer["result"]["players"]}
        assert totals[row.sheet()["players"][row.player]["name"]] == row.total
        return
    assert [(p["en"], p["zh"]) for p in answer["problems"]] == [(row.en, row.zh)]
    field = "name" if row.field == "name" else f"scores.{row.field}"
    assert answer["problems"][0]["field"] == f"players[{row.player}].{field}"
    if row.game == "burgundy-cards":  # the other player's total is still computed
        other = 1 - row.player
        assert [e["total"] for e in answer["partial"] if e["index"] == other] == [3 if other else 6]

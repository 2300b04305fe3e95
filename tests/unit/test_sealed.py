"""A stored history whose seal was recomputed after a change (the seal has no key) is checked in full, never trusted
blindly nor a crash (issue 30, point 11; scoring/sealed_check.py)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from scoring import GAMES
from scoring import history as history_module
from scoring.api import _held, history_add, history_stats, history_view
from scoring.history import FORMAT, VERSION, read_head, read_stored, seal_of
from scoring.sealed_check import head_shaped, head_template, like
from tests.unit.test_stats import PLAYED


def stored_history() -> str:
    """A history of several games, sealed by the site with its head."""
    text = ""
    for saved, game in PLAYED:
        text = history_add(text, "burgundy-cards", game, saved)["stored"]
    return text


def forged(text: str, change: Callable[[dict], object]) -> str:
    """The stored text changed and sealed again, as anyone can (the seal is keyless)."""
    data = json.loads(text)
    change(data)
    rest = json.dumps({k: data[k] for k in ("head", "names", "records") if k in data}, ensure_ascii=False)
    seal = history_module._seal(rest[1:])
    out = f'{{"format":"{FORMAT}","version":{VERSION},"checked":"{seal}",{rest[1:]}'
    assert seal_of(out) == seal  # the forgery passes the seal
    return out


def drop(*path: str | int) -> Callable[[dict], None]:
    """A change removing one key (or list item) at a path."""

    def change(data: dict) -> None:
        *parents, last = path
        for step in parents:
            data = data[step]
        del data[last]

    return change


def put(value: object, *path: str | int) -> Callable[[dict], None]:
    """A change setting one key at a path."""

    def change(data: dict) -> None:
        *parents, last = path
        for step in parents:
            data = data[step]
        data[last] = value

    return change


FORGERIES = {
    "record without its game's name": drop("records", 0, "game_name"),
    "decision without its text": drop("records", 0, "players", 0, "decided_by", "zh"),
    "player as null": put(None, "records", 0, "players", 0),
    "total as text": put("12", "records", 0, "players", 0, "total"),
    "records as an object": put({}, "records"),
    "names as a list": put(["x"], "names"),
    "head without figures": drop("head", "figures"),
    "a game's block without its name": drop("head", "figures", "games", 0, "game_name"),
    "a tie-breaker as null": put([None], "head", "figures", "games", 0, "tie_breakers"),
    "a person as text": put(["Ann"], "head", "people"),
    "a player's figures as a number": put([3], "head", "figures", "overall", "players"),
}


@pytest.mark.parametrize("change", FORGERIES.values(), ids=FORGERIES.keys())
def test_a_forged_sealed_history_is_checked_in_full(change: Callable[[dict], None]) -> None:
    text = forged(stored_history(), change)
    _held.clear()
    view = history_view(text)
    if view["ok"]:  # rebuilt from its sheets: every record whole again
        assert len(view["records"]) == len(PLAYED)
        assert all(r["game_name"]["zh"] and r["players"][0]["decided_by"]["zh"] for r in view["records"])
    _held.clear()
    stats = history_stats(text, {})
    assert stats["ok"], stats
    assert stats["problems"] or stats["stats"]["overall"]["games"] == len(PLAYED)  # unreadable: said, as History does
    assert all(g["game_name"]["en"] for g in stats["stats"]["games"])
    assert all(isinstance(p, dict) and p["name"] for p in stats["people"])


def test_a_sealed_text_that_is_not_json_is_read_as_a_file_not_a_crash() -> None:
    rest = '"head":{"figures":'
    seal = history_module._seal(rest)
    text = f'{{"format":"{FORMAT}","version":{VERSION},"checked":"{seal}",{rest}'
    _held.clear()
    assert not history_view(text)["ok"]
    assert read_head(text) is None
    _held.clear()
    assert history_stats(text, {})["problems"][0]["en"] == "the file is not JSON and cannot be read."


def test_a_history_the_site_sealed_is_still_used_as_stored() -> None:
    text = stored_history()
    found = read_head(text)
    assert found is not None and head_shaped(found[0])
    assert read_stored(text).head == json.loads(text)["head"]  # not recomputed


def test_the_head_template_has_every_list_filled() -> None:
    """Every list has an item to compare with (like() takes none where the template has none), but the tie-breakers
    of a game that has none."""

    def lists(value: object) -> list[list]:
        if isinstance(value, dict):
            return [x for v in value.values() for x in lists(v)]
        if isinstance(value, list):
            return [value, *(x for v in value for x in lists(v))]
        return []

    template = head_template()
    breakerless = [g["tie_breakers"] for g in template["games"] if not GAMES[g["game"]].tie_breakers]
    assert breakerless and all(found or any(found is b for b in breakerless) for found in lists(template))


@pytest.mark.parametrize(
    ("value", "template", "expected"),
    [
        ({"a": 1, "b": "x"}, {"a": 0}, True),
        ({"b": "x"}, {"a": 0}, False),
        ([{"a": None}], [{"a": 0}], True),
        ([None], [{"a": 0}], False),
        ([1], [], False),
        (True, 0, False),
        (None, "", True),
        ([], [{"a": 0}], True),
    ],
)
def test_like(value: object, template: object, expected: bool) -> None:
    assert like(value, template) is expected

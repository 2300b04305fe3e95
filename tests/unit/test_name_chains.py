"""Merged names are followed in linear time: a history file of 2,000 chained names took 26 s on the command line and
61.7 s in the page (issue 30, point 4)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import players
from scoring.api import history_import
from scoring.core import name_key
from scoring.players import MAX_NAMES, _flat, read_names


def chained(count: int) -> dict[str, str]:
    """count forty-character names, each merged into the next."""
    names = [f"{i:04d}" + "名" * 36 for i in range(count + 1)]
    return {name_key(names[i]): names[i + 1] for i in range(count)}


def quadratic_flat(names: Mapping[str, str]) -> dict[str, str]:
    """The way chains were followed before (each entry walked its whole chain): the meaning to keep."""
    flat: dict[str, str] = {}
    for key, shown in names.items():
        seen = {key}
        while name_key(shown) in names and name_key(shown) not in seen:
            seen.add(name_key(shown))
            shown = names[name_key(shown)]
        flat[key] = shown
    return flat


KEYS = st.sampled_from(["a", "b", "c", "d", "e", "f"])
"""Few keys, so that chains, loops and branches into a loop come up often."""


@given(st.dictionaries(KEYS, st.builds(str.upper, KEYS) | KEYS, max_size=6))
@settings(max_examples=300, derandomize=True)
def test_chains_and_loops_resolve_as_before(names: dict[str, str]) -> None:
    assert _flat(names) == quadratic_flat(names)


def test_following_a_chain_takes_each_name_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0

    def counted(name: str) -> str:
        nonlocal calls
        calls += 1
        return name_key(name)

    monkeypatch.setattr(players, "name_key", counted)
    flat = read_names(chained(MAX_NAMES))[0]
    assert len(flat) == MAX_NAMES and set(flat.values()) == {f"{MAX_NAMES:04d}" + "名" * 36}
    assert calls <= 2 * MAX_NAMES  # the check of each key and the one step it points; was about MAX_NAMES² / 2


def calls_made(work: Callable[[], object]) -> int:
    """How many Python and built-in functions `work` calls, all the way down: a count of steps that no clock or load
    changes."""
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return calls


def import_chain(count: int) -> dict[str, object]:
    """A history file of count chained names, imported as the page imports it."""
    text = json.dumps({"format": "table-companion-history", "version": 1, "names": chained(count), "records": []})
    return history_import("", text)


def test_importing_twice_the_chained_names_takes_twice_the_steps() -> None:
    """The whole import (reading, checking, following the chains), counted in calls rather than timed: from 250 to 500
    chained names the count doubles (about 800 calls a name); it quadrupled while each entry walked its chain (11.2
    and 44.4 million calls). Then the issue's file of 2,000 imports whole."""
    small, large = calls_made(lambda: import_chain(250)), calls_made(lambda: import_chain(500))
    assert 1.8 < large / small < 2.2, (small, large)
    answer = import_chain(2000)
    assert answer["ok"] and len(answer["names"]) == 2000

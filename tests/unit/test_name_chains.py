"""Merged names are followed in linear time: a history file of 2,000 chained names took 26 s on the command line and
61.7 s in the page (issue 30, point 4)."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping

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


def test_the_issue_s_2000_chained_names_import_in_a_moment() -> None:
    text = json.dumps({"format": "table-companion-history", "version": 1, "names": chained(2000), "records": []})
    started = time.perf_counter()
    answer = history_import("", text)
    assert time.perf_counter() - started < 10  # was 26 s unloaded; linear now (about 0.4 s on a busy CI machine)
    assert answer["ok"] and len(answer["names"]) == 2000

"""Property tests over every game's score sheet: totals are sums, places are a ranking, bounds hold."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import GAMES
from scoring.core import Field, FieldKind, Game, SheetError, active_player_fields, check_sheet, score

POINT_GAMES = [g for g in GAMES.values() if g.score is None]
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
SMALL = 40  # keeps generated numbers in a range where ties happen often


def number(f: Field) -> st.SearchStrategy[int]:
    """A valid number for a field."""
    if f.allowed:
        return st.sampled_from(f.allowed)
    return st.integers(f.minimum, min(f.upper, f.minimum + SMALL))


def value(f: Field) -> st.SearchStrategy[object]:
    """A valid value for a count or choice field."""
    if f.kind is FieldKind.CHOICE:
        return st.sampled_from([c.value for c in f.choices])
    if not f.entries:
        return number(f)
    if not f.parts:
        return st.lists(number(f), min_size=len(f.entries), max_size=len(f.entries))
    part = st.lists(number(f), min_size=len(f.parts), max_size=len(f.parts))
    return st.lists(part, min_size=len(f.entries), max_size=len(f.entries))


@st.composite
def sheets(draw: st.DrawFn, game: Game) -> dict:
    """A valid sheet for a game: right player count, every value in bounds, one holder of each mark."""
    options = {o.key: draw(st.booleans()) for o in game.options}
    fields = active_player_fields(game, options)
    count = draw(st.integers(game.min_players, game.max_players))
    players = []
    for i in range(count):
        scores = {f.key: draw(value(f)) for f in fields if f.kind is not FieldKind.ONE_PLAYER}
        players.append({"name": NAMES[i], "scores": scores})
    for f in fields:
        if f.kind is FieldKind.ONE_PLAYER:
            holder = draw(st.integers(0, count - 1))
            for i, p in enumerate(players):
                p["scores"][f.key] = int(i == holder)
    table = {f.key: draw(value(f)) for f in game.table_fields}
    return {"players": players, "table": table, "options": options}


def check_ranking(result) -> None:
    """Places are a standard competition ranking by total."""
    players = result.players
    for position, player in enumerate(players, start=1):
        ahead = [q for q in players if q.total > player.total]
        assert player.place <= position
        assert player.place >= len(ahead) + 1
    for a, b in itertools.pairwise(players):
        assert a.place <= b.place
        assert a.total >= b.total
        if a.place == b.place:
            assert a.total == b.total
    assert players[0].place == 1


@pytest.mark.parametrize("game", POINT_GAMES, ids=lambda g: g.id)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_totals_are_sums_and_places_a_ranking(game: Game, data: st.DataObject) -> None:
    sheet = data.draw(sheets(game))
    assume(not check_sheet(game, sheet)[1])  # rules across fields (Game.validate) may refuse a combination
    result = score(game, sheet)
    assert len(result.players) == len(sheet["players"])
    for player in result.players:
        assert player.total == sum(dict(player.breakdown).values())
    check_ranking(result)


@pytest.mark.parametrize("game", POINT_GAMES, ids=lambda g: g.id)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_adding_points_never_lowers_a_place(game: Game, data: st.DataObject) -> None:
    sheet = data.draw(sheets(game))
    assume(not check_sheet(game, sheet)[1])
    before = {p.name: p for p in score(game, sheet).players}
    player = data.draw(st.sampled_from(sheet["players"]))
    fields = [
        f
        for f in active_player_fields(game, sheet["options"])
        if f.kind is FieldKind.COUNT
        and not f.entries
        and not f.allowed
        and f.key in {c.field.key for c in game.categories}
    ]
    f = data.draw(st.sampled_from(fields))
    raised = min(f.upper, player["scores"][f.key] + data.draw(st.integers(1, 5)))
    player["scores"][f.key] = raised
    assume(not check_sheet(game, sheet)[1])
    after = {p.name: p for p in score(game, sheet).players}
    name = player["name"]
    if after[name].total > before[name].total:
        assert after[name].place <= before[name].place


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_validation_rejects_exactly_what_is_out_of_bounds(game: Game, data: st.DataObject) -> None:
    options = {o.key: data.draw(st.booleans()) for o in game.options}
    fields = [f for f in active_player_fields(game, options) if f.kind is FieldKind.COUNT and not f.entries]
    f = data.draw(st.sampled_from(fields))
    number = data.draw(st.integers(-5, f.upper + 5) | st.integers(-(10**12), 10**12))
    count = game.min_players
    players = [{"name": NAMES[i], "scores": {}} for i in range(count)]
    players[0]["scores"][f.key] = number
    _, problems = check_sheet(game, {"players": players, "options": options})
    mine = [p for p in problems if p.path == f"players[0].scores.{f.key}"]
    valid = f.minimum <= number <= f.upper and (not f.allowed or number in f.allowed)
    assert bool(mine) != valid
    if mine:
        assert isinstance(mine[0], SheetError) and mine[0].message.zh and mine[0].message.en

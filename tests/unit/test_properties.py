"""Property tests over every game's score sheet: totals are sums, places are a ranking, each line names its seat,
bounds hold."""

from __future__ import annotations

import itertools
import json
import string
import unicodedata

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import GAMES
from scoring.api import evaluate, history_import, run_helper
from scoring.core import (
    MAX_NAME_LENGTH,
    Field,
    FieldKind,
    Game,
    SheetError,
    active_player_fields,
    check_sheet,
    score,
)

POINT_GAMES = [g for g in GAMES.values() if g.score is None]
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
SMALL = 40  # keeps generated numbers in a range where ties happen often


def number(f: Field) -> st.SearchStrategy[int]:
    """A valid number for a field; a field's own bound (six palaces, four animal kinds) comes up often."""
    if f.allowed:
        return st.sampled_from(f.allowed)
    low = st.integers(f.minimum, min(f.upper, f.minimum + SMALL))
    return low if f.maximum is None else low | st.just(f.maximum)


def is_position(f: Field, game: Game) -> bool:
    """A place among the players (1 to the player count, each once), such as the turn order."""
    return f.kind is FieldKind.COUNT and not f.entries and f.minimum == 1 and f.maximum == game.max_players


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
        if is_position(f, game):
            for p, position in zip(players, draw(st.permutations(range(1, count + 1))), strict=True):
                p["scores"][f.key] = position
    for f in fields:
        if f.kind is FieldKind.ONE_PLAYER:
            holder = draw(st.integers(0, count - 1))
            for i, p in enumerate(players):
                p["scores"][f.key] = int(i == holder)
    within_limits(game, players, options)
    table = {f.key: draw(value(f)) for f in game.table_fields}
    return {"players": players, "table": table, "options": options}


def within_limits(game: Game, players: list[dict], options: dict[str, bool]) -> None:
    """Values cut down to the limits across the table (Game.supplies) and a numbered piece's repeats to none
    (Game.one_each), each player's first values first: as a game could have produced them."""
    for supply in game.supplies:
        left = supply.limit(options)
        for p in players:
            if supply.key in p["scores"]:
                if supply.per_player:
                    left = supply.limit(options)
                p["scores"][supply.key], left = cut(p["scores"][supply.key], left)
    for pieces in game.one_each:
        seen: set[int] = set()
        for p in (p for p in players if pieces.key in p["scores"]):
            p["scores"][pieces.key] = [0 if n in seen else seen.add(n) or n for n in p["scores"][pieces.key]]


def cut(value: int | list, left: int) -> tuple[int | list, int]:
    """A value (a number or a list of them) cut so that its numbers add up to at most left, and what is left then."""
    if isinstance(value, int):
        kept = min(value, left)
        return kept, left - kept
    kept_list = []
    for item in value:
        kept, left = cut(item, left)
        kept_list.append(kept)
    return kept_list, left


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
    parsed, problems = check_sheet(game, sheet)
    assume(not problems)  # rules across fields (Game.validate) may refuse a combination
    result = score(game, sheet)
    assert len(result.players) == len(sheet["players"])
    assert sorted(p.seat for p in result.players) == list(range(len(sheet["players"])))  # each seat's line once
    for player in result.players:
        assert player.total == sum(dict(player.breakdown).values())
        assert player.name == parsed.players[player.seat].name  # the line is that seat's
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


FULL_WIDTH = str.maketrans("0123456789+-", "０１２３４５６７８９＋－")
SPACES = ("", " ", "  ", "\t", "\u3000", "\u00a0")


@st.composite
def typed(draw: st.DrawFn, number: int) -> str | int:
    """A number as JSON gives it or as someone might type it: signs, leading zeros, full width, spaces."""
    if draw(st.booleans()):
        return number
    text = "0" * draw(st.integers(0, 3)) + str(abs(number))
    if number < 0:
        text = draw(st.sampled_from(["-", "−", "－"])) + text
    elif draw(st.booleans()):
        text = "+" + text
    if draw(st.booleans()):
        text = text.translate(FULL_WIDTH)
    return draw(st.sampled_from(SPACES)) + text + draw(st.sampled_from(SPACES))


def positions(f: Field) -> list[tuple[int, ...]]:
    """Every single number a field holds: () for a plain field, (entry,) or (entry, part) otherwise."""
    if not f.entries:
        return [()]
    if not f.parts:
        return [(i,) for i in range(len(f.entries))]
    return [(i, j) for i in range(len(f.entries)) for j in range(len(f.parts))]


def put(f: Field, where: tuple[int, ...], item: object) -> object:
    """A field value that holds item at one position and nothing elsewhere."""
    if not where:
        return item
    value = [None] * len(f.entries) if not f.parts else [[None] * len(f.parts) for _ in f.entries]
    if len(where) == 1:
        value[where[0]] = item
    else:
        value[where[0]][where[1]] = item
    return value


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_validation_rejects_exactly_what_is_out_of_bounds(game: Game, data: st.DataObject) -> None:
    options = {o.key: data.draw(st.booleans()) for o in game.options}
    fields = [f for f in active_player_fields(game, options) if f.kind is FieldKind.COUNT]
    f = data.draw(st.sampled_from(fields))
    where = data.draw(st.sampled_from(positions(f)))
    number = data.draw(st.integers(-5, f.upper + 5) | st.integers(-(10**12), 10**12))
    players = [{"name": NAMES[i], "scores": {}} for i in range(game.min_players)]
    players[0]["scores"][f.key] = put(f, where, data.draw(typed(number)))
    sheet, problems = check_sheet(game, {"players": players, "options": options})
    path = f"players[0].scores.{f.key}" + "".join(f"[{i}]" for i in where)
    mine = [p for p in problems if p.path == path]
    valid = f.minimum <= number <= f.upper and (not f.allowed or number in f.allowed)
    if game.id == "furstenfeld" and f.key == "turn_position":  # a turn position is at most the player count
        valid = valid and number <= len(players)
    valid = valid and all(number <= s.limit(options) for s in game.supplies if s.key == f.key)  # what the game has
    assert bool(mine) != valid
    if valid:
        value = sheet.players[0].values[f.key]
        for i in where:
            value = value[i]
        assert value == number
    else:
        assert mine[0].message.zh and mine[0].message.en
        assert f.label.en in mine[0].message.en and f.label.zh in mine[0].message.zh  # names the field


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
@settings(max_examples=60, deadline=None)
@given(data=st.data(), text=st.text(min_size=1, max_size=200))
def test_text_with_a_letter_is_never_a_number(game: Game, data: st.DataObject, text: str) -> None:
    assume(any(unicodedata.category(ch).startswith("L") for ch in text))
    options = {o.key: True for o in game.options}
    counts = [f for f in active_player_fields(game, options) if f.kind is FieldKind.COUNT and not f.entries]
    f = data.draw(st.sampled_from(counts))
    players = [{"name": NAMES[i], "scores": {}} for i in range(game.min_players)]
    players[0]["scores"][f.key] = text
    _, problems = check_sheet(game, {"players": players, "options": options})
    mine = [p for p in problems if p.path == f"players[0].scores.{f.key}"]
    assert mine and f.label.en in mine[0].message.en
    assert len(mine[0].message.en) < len(f.label.en) + 60  # a pasted page is not echoed back in full


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), junk=JSON_VALUES)
def test_any_value_anywhere_gets_problems_never_a_crash(game: Game, data: st.DataObject, junk: object) -> None:
    sheet = data.draw(sheets(game))
    player = data.draw(st.sampled_from(sheet["players"]))
    where = data.draw(st.sampled_from(["name", "score", "scores", "player", "players", "table", "options", "sheet"]))
    if where == "name":
        player["name"] = junk
    elif where == "score":
        player["scores"][data.draw(st.sampled_from([f.key for f in game.player_fields]))] = junk
    elif where in {"scores", "table", "options", "players"}:
        (player if where == "scores" else sheet)[where] = junk
    elif where == "player":
        sheet["players"][0] = junk
    else:
        sheet = junk
    answer = evaluate(game.id, sheet)
    json.dumps(answer)  # the page gets JSON
    assert answer["ok"] or answer["problems"]
    for problem in answer["problems"]:
        assert isinstance(problem["field"], str) and problem["zh"] and problem["en"]
    for helper in game.helpers:
        answer = run_helper(game.id, helper.id, sheet)
        assert answer["ok"] or answer["problems"]


def visible(name: str) -> bool:
    """The rule for names, said plainly: no control, surrogate or invisible format character but the joiners."""
    for ch in name:
        category = unicodedata.category(ch)
        joiner = ch in "\u200c\u200d" or "\U000e0020" <= ch <= "\U000e007f"
        if category in {"Cc", "Cs"} or (category == "Cf" and not joiner):
            return False
    return True


@settings(max_examples=300, deadline=None)
@given(name=st.text(max_size=50) | st.text(alphabet="Bbo\u200c\u200d\U000e0041\U000e007f ", max_size=5))
def test_a_name_is_accepted_exactly_when_it_is_short_visible_plain_text(name: str) -> None:
    game = GAMES["burgundy-cards"]
    sheet, problems = check_sheet(game, {"players": [{"name": name}, {"name": "Bo"}]})
    cleaned = " ".join(name.split())
    shown = "".join(ch for ch in cleaned if unicodedata.category(ch) != "Cf")  # what a reader sees
    ok = 0 < len(cleaned) <= MAX_NAME_LENGTH and not set("<>") & set(cleaned) and visible(cleaned)
    ok = ok and shown.strip() != ""
    twin = ok and unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", shown).casefold()) == "bo"
    mine = [p for p in problems if p.path == "players[0].name"]
    assert bool(mine) != ok, (name, [p.message.en for p in mine])
    assert [p.path for p in problems if "used twice" in p.message.en] == (["players[1].name"] if twin else [])
    if ok:
        assert sheet.players[0].name == cleaned
    else:
        assert (
            mine[0].message.en.startswith(("The first player's name", "the name"))
            and "第一位玩家" in mine[0].message.zh
        )


@settings(max_examples=100, deadline=None)
@given(
    name=st.text(alphabet=string.ascii_letters + string.digits, min_size=1, max_size=12),
    twin=st.sampled_from(["upper", "lower", "swap", "full width", "spaced"]),
)
def test_names_that_differ_only_in_case_width_or_spacing_are_the_same_player(name: str, twin: str) -> None:
    other = {
        "upper": name.upper(),
        "lower": name.lower(),
        "swap": name.swapcase(),
        "full width": "".join(chr(ord(ch) + 0xFEE0) for ch in name),
        "spaced": f"  {name}\u3000",
    }[twin]
    _, problems = check_sheet(GAMES["tuscany"], {"players": [{"name": name}, {"name": other}]})
    assert [p.path for p in problems if "used twice" in p.message.en] == ["players[1].name"]


def single_inputs(game: Game) -> list[tuple[str, ...]]:
    """Every single input a page or a file can send: per-player fields, table fields, options, helper inputs."""
    found: list[tuple[str, ...]] = [("score", f.key) for f in game.player_fields]
    found += [("table", f.key) for f in game.table_fields] + [("option", o.key) for o in game.options]
    found += [("game",)]
    for helper in game.helpers:
        found += [("helper", helper.id, "score", f.key) for f in helper.player_fields]
        found += [("helper", helper.id, "table", f.key) for f in helper.table_fields]
    return found


def with_junk(sheet: dict, where: tuple[str, ...], junk: object) -> dict:
    """A copy of the sheet holding junk at one input."""
    sheet = json.loads(json.dumps(sheet))
    kind, key = where[0], where[-1]
    if kind == "score":
        sheet["players"][0]["scores"][key] = junk
    elif kind == "table":
        sheet.setdefault("table", {})[key] = junk
    elif kind == "option":
        sheet["options"][key] = junk
    else:
        sheet["game"] = junk
    return sheet


def json_answer(answer: dict) -> None:
    """An answer the page can take: JSON, and either a result or problems that name a field in both languages."""
    json.dumps(answer, allow_nan=False)
    assert answer["ok"] or answer["problems"]
    for problem in answer.get("problems", []):  # a helper's answer holds its lines instead
        assert isinstance(problem["field"], str) and problem["zh"] and problem["en"]


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), junk=JSON_VALUES | st.integers(10**20, 10**60) | st.just(10**5000))
def test_any_json_value_in_any_single_input_gives_problems_never_an_exception(
    game: Game, data: st.DataObject, junk: object
) -> None:
    where = data.draw(st.sampled_from(single_inputs(game)))
    if where[0] == "helper":
        helper = next(h for h in game.helpers if h.id == where[1])
        form = {"players": [{"name": n, "scores": {}} for n in NAMES[: game.min_players]], "table": {}, "options": {}}
        json_answer(run_helper(game.id, helper.id, with_junk(form, where[2:], junk)))
        return
    sheet = with_junk(data.draw(sheets(game)), where, junk)
    json_answer(evaluate(game.id, sheet))
    for helper in game.helpers:
        json_answer(run_helper(game.id, helper.id, sheet))
    try:
        score(game, sheet)
    except SheetError as error:
        assert error.path and error.message.zh and error.message.en
    if junk == 10**5000:
        return  # a file holds it as digits, which the history reads as out of bounds (test_as_written)
    record = {"game": game.id, "saved": "2026-11-21T20:15:00Z", "sheet": sheet}
    text = json.dumps({"format": "table-companion-history", "version": 1, "records": [record]})
    answer = history_import(None, text)
    json_answer(answer)
    assert answer["added"] + answer["skipped"] == 1

"""Score sheets for the three-engine table, made from each game's own field descriptions, and what scoring (run here
under CPython) says of them: the page on every engine must show the same ranking and the same reasons."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from scoring import GAMES
from scoring.api import evaluate, run_helper
from scoring.core import FieldKind, Game, active_player_fields, check_sheet, tie_breakers_in_play

NAMES = ("Ann", "小明", "Bo", "Zoë")
PLAYER_PATH = re.compile(r"players\[(\d+)\]\.scores\.(\w+)")


@dataclass(frozen=True)
class Case:
    """A filled sheet and what it must show."""

    game: str
    sheet: dict[str, Any]  # as the page sends it: names, scores by field key, table values
    headlines: list[str]  # the ranking's lines, e.g. "1. Ann · 42"
    reasons: list[str]  # why each place was decided, in English
    rules: list[str]  # the kind of decision per place (total, tie-breaker, shared)


def _value(field: Any, rng: random.Random) -> int:
    """A plausible number for a count field."""
    if field.allowed:
        return rng.choice(field.allowed)
    return rng.randint(field.minimum, min(field.upper, field.minimum + 9))


def _entered(field: Any, rng: random.Random) -> Any:
    """A value for a field as typed: a number, a list of them, or a list of lists."""
    if field.entries and field.parts:
        return [[_value(field, rng) for _ in field.parts] for _ in field.entries]
    if field.entries:
        return [_value(field, rng) for _ in field.entries]
    return _value(field, rng)


def _emptied(field: Any) -> Any:
    """The field at its smallest."""
    low = field.allowed[0] if field.allowed else field.minimum
    if field.entries and field.parts:
        return [[low for _ in field.parts] for _ in field.entries]
    return [low for _ in field.entries] if field.entries else low


def _draw(game: Game, players: int, rng: random.Random, tie: bool) -> dict[str, Any]:
    """Random values in bounds; with tie, the second player copies the first one's scored fields and differs on the
    first tie-breaker, so the tie-breaker (not the total) decides between them."""
    fields = active_player_fields(game, {})
    scored = {c.field.key for c in game.categories}
    sheet: dict[str, Any] = {"players": [{"name": NAMES[i], "scores": {}} for i in range(players)], "table": {}}
    for field in fields:
        if field.kind is FieldKind.ONE_PLAYER:
            holder = rng.randrange(players)
            for i, player in enumerate(sheet["players"]):
                player["scores"][field.key] = int(i == holder)
            continue
        for player in sheet["players"]:
            player["scores"][field.key] = _entered(field, rng)
    for field in game.table_fields:
        sheet["table"][field.key] = field.choices[0].value if field.choices else _entered(field, rng)
    breakers = tie_breakers_in_play(game, {}).tie_breakers  # a variant's tie-breaker (Bruges's money) is off
    if tie and breakers:
        first, second = sheet["players"][0]["scores"], sheet["players"][1]["scores"]
        for field in fields:
            if field.key in scored and field.kind is not FieldKind.ONE_PLAYER:
                second[field.key] = first[field.key]
            if field.kind is FieldKind.ONE_PLAYER and (first[field.key] or second[field.key]):
                first[field.key] = second[field.key] = 0
                sheet["players"][-1]["scores"][field.key] = 1
        key = breakers[0].key
        field = next(f for f in fields if f.key == key)
        if field.key not in scored:
            second[key] = _entered(field, rng)
    return sheet


def _repaired(game: Game, sheet: dict[str, Any]) -> dict[str, Any] | None:
    """Empty the fields scoring refuses, one round at a time; None if what is wrong is not one field."""
    fields = {f.key: f for f in active_player_fields(game, {})}
    for _ in range(12):
        _, problems = check_sheet(game, sheet)
        if not problems:
            return sheet
        for problem in problems:
            found = PLAYER_PATH.match(problem.path)
            if not found or found.group(2) not in fields:
                return None
            sheet["players"][int(found.group(1))]["scores"][found.group(2)] = _emptied(fields[found.group(2)])
    return None


def _headline(player: dict[str, Any]) -> str:
    """A ranking line as the page writes it."""
    place = "–" if player["place"] is None else f"{player['place']}."
    return f"{place} {player['name']}" + ("" if player["total"] is None else f" · {player['total']}")


def case(game_id: str, players: int) -> Case:
    """A valid sheet for this game and player count, and scoring's answer for it: one where a tie-breaker decides a
    place if such a sheet can be drawn (a mark only one player holds can make a tie impossible), else any."""
    game = GAMES[game_id]
    rng = random.Random(f"{game_id}-{players}")
    for attempt in range(600):
        tie = attempt < 300 and bool(tie_breakers_in_play(game, {}).tie_breakers)
        sheet = _repaired(game, _draw(game, players, rng, tie))
        if sheet is None:
            continue
        answer = evaluate(game_id, sheet)
        if not answer["ok"]:
            continue
        placed = answer["result"]["players"]
        kinds = [p["decided_by"]["kind"] for p in placed]
        if tie and "tie-breaker" not in kinds:
            continue
        return Case(game_id, sheet, [_headline(p) for p in placed], [p["decided_by"]["en"] for p in placed], kinds)
    raise AssertionError(f"{game_id}: no valid sheet for {players} players drawn")


@dataclass(frozen=True)
class HelperCase:
    """A helper's form filled, and the lines scoring writes for it."""

    game: str
    helper: str
    sheet: dict[str, Any]
    lines: list[str]  # in English


def helper_case(game_id: str, helper_id: str, players: int) -> HelperCase:
    """A valid input for an in-game helper and scoring's answer to it."""
    game = GAMES[game_id]
    helper = next(h for h in game.helpers if h.id == helper_id)
    rng = random.Random(f"{game_id}-{helper_id}-{players}")
    for _ in range(300):
        sheet: dict[str, Any] = {"players": [{"name": NAMES[i], "scores": {}} for i in range(players)], "table": {}}
        for field in helper.player_fields:
            for player in sheet["players"]:
                player["scores"][field.key] = _entered(field, rng)
        for field in helper.table_fields:
            sheet["table"][field.key] = field.choices[0].value if field.choices else _entered(field, rng)
        answer = run_helper(game_id, helper_id, sheet)
        if answer["ok"]:
            return HelperCase(game_id, helper_id, sheet, [line["en"] for line in answer["lines"]])
    raise AssertionError(f"{game_id}/{helper_id}: no valid input drawn")

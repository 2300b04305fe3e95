"""Limits across the table that a source states: no more of a component than the game has, one statue per number."""

from __future__ import annotations

from collections.abc import Iterator

from .model import Field, Game, OneEach, Sheet, Supply
from .problems import Conflict, SheetError
from .seats import called, called_at_start
from .text import Text


def limit_problems(game: Game, sheet: Sheet, fields: tuple[Field, ...]) -> list[SheetError]:
    """Every supply passed and every numbered piece held twice, among the fields in use."""
    used = {f.key: f for f in fields}
    problems: list[SheetError] = []
    for supply in (s for s in game.supplies if s.key in used):
        if supply.per_player:
            problems.extend(_player_over(sheet, supply, used[supply.key]))
        else:
            problems.extend(_table_over(sheet, supply, used[supply.key]))
    for pieces in (p for p in game.one_each if p.key in used):
        problems.extend(_held_twice(sheet, pieces, used[pieces.key]))
    return problems


def _numbers(value: object) -> Iterator[tuple[str, int]]:
    """A value's numbers with the path suffix of each: 12 → ("", 12); [2, 7] → ("[0]", 2), ("[1]", 7)."""
    if isinstance(value, int):
        yield "", value
    elif isinstance(value, tuple | list):
        for index, item in enumerate(value):
            for suffix, number in _numbers(item):
                yield f"[{index}]{suffix}", number


def _claimed(value: object) -> int:
    """A value's numbers added up."""
    return sum(number for _, number in _numbers(value))


def _table_over(sheet: Sheet, supply: Supply, f: Field) -> list[SheetError]:
    """The table's values of a field added up, when they pass what the game has: every non-zero one named."""
    limit = supply.limit(sheet.options)
    claims = [(i, _claimed(p.values[f.key])) for i, p in enumerate(sheet.players)]
    claims = [(i, n) for i, n in claims if n > 0]
    claimed = sum(n for _, n in claims)
    if claimed <= limit:
        return []
    who = [(called(sheet.players[i].name, i), n) for i, n in claims]
    return [
        Conflict(
            [f"players[{i}].scores.{f.key}" for i, _ in claims],
            Text(
                f"{f.label.zh}：全桌共填了 {claimed}（{'、'.join(f'{w.zh} {n}' for w, n in who)}），"
                f"游戏只有 {limit}{supply.unit.zh}。",
                f"{f.label.en}: {claimed} claimed ({', '.join(f'{w.en} {n}' for w, n in who)}), "
                f"the game has {limit}{supply.unit.en}.",
            ),
        )
    ]


def _player_over(sheet: Sheet, supply: Supply, f: Field) -> list[SheetError]:
    """Each player whose entries of a field add up to more than the game has of their colour."""
    limit = supply.limit(sheet.options)
    problems: list[SheetError] = []
    for index, player in enumerate(sheet.players):
        claimed = _claimed(player.values[f.key])
        if claimed > limit:
            who = called_at_start(player.name, index)
            problems.append(
                Conflict(
                    [f"players[{index}].scores.{f.key}"],
                    Text(
                        f"{who.zh}：{f.label.zh}共填了 {claimed}，每种颜色只有 {limit}{supply.unit.zh}。",
                        f"{who.en}: {f.label.en}: {claimed} in all, but each colour has only {limit}{supply.unit.en}.",
                    ),
                )
            )
    return problems


def _held_twice(sheet: Sheet, pieces: OneEach, f: Field) -> list[SheetError]:
    """Each numbered piece typed a second time (by another player or the same one), naming its first holder."""
    problems: list[SheetError] = []
    holders: dict[int, tuple[int, str]] = {}
    for index, player in enumerate(sheet.players):
        for suffix, number in _numbers(player.values[f.key]):
            if number == 0:
                continue
            path = f"players[{index}].scores.{f.key}{suffix}"
            if number not in holders:
                holders[number] = (index, path)
                continue
            first, first_path = holders[number]
            problems.append(Conflict([path, first_path], _twice(sheet, pieces, f, number, first, index)))
    return problems


def _twice(sheet: Sheet, pieces: OneEach, f: Field, number: int, first: int, index: int) -> Text:
    """Say that a numbered piece is typed twice: “Bo: Statues: statue 7 is already Ann's; …”."""
    who = called_at_start(sheet.players[index].name, index)
    piece = pieces.piece
    one_each = Text(f"每个数字的{piece.zh}只有一个", f"there is one {piece.en} of each number")
    if first == index:
        said = Text(f"{number} 号{piece.zh}填了两次", f"{piece.en} {number} is typed twice")
    else:
        holder = called(sheet.players[first].name, first)
        said = Text(f"{number} 号{piece.zh}已经是 {holder.zh} 的", f"{piece.en} {number} is already {holder.en}'s")
    return Text(
        f"{who.zh}：{f.label.zh}：{said.zh}；{one_each.zh}。",
        f"{who.en}: {f.label.en}: {said.en}; {one_each.en}.",
    )

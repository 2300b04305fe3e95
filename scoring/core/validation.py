"""A whole sheet checked against its game: options, players, the table, the form's shape; every problem at once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from .entry import check_name, empty_value, field_length, left_blank, name_key, parse_field, quoted, table_left_blank
from .limits import limit_problems
from .model import Field, FieldKind, Game, Helper, Player, Sheet
from .problems import SheetError
from .seats import called_at_start, name_of_seat
from .text import Text


def active_player_fields(game: Game, options: Mapping[str, bool]) -> tuple[Field, ...]:
    """The per-player fields in use with these options."""
    return tuple(f for f in game.player_fields if not f.requires or options.get(f.requires, False))


def parse_options(game: Game, raw: object) -> dict[str, bool]:
    """The sheet's variant choices."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise SheetError("options", Text("选项格式错误。", "options must be an object."))
    known = {o.key: o.label for o in game.options}
    for key, value in raw.items():
        if key not in known:
            raise SheetError(f"options.{key}", Text(f"未知选项：{key}。", f"unknown option: {key}."))
        if not isinstance(value, bool):  # "no", "false" and 1 are no answer to a yes-or-no question
            label = known[key]
            raise SheetError(
                f"options.{key}",
                Text(f"{label.zh}（{key}）：只能是 true 或 false。", f"{label.en} ({key}): must be true or false."),
            )
    return {o.key: raw.get(o.key, False) for o in game.options}


def parse_sheet(game: Game, raw: object, limits: bool = True) -> Sheet:
    """Validate a sheet as JSON gives it; raise SheetError naming the first bad field. limits=False: a game saved
    before the limits across the table were checked, read as it was saved."""
    sheet, problems = check_sheet(game, raw, limits)
    if problems or sheet is None:
        raise problems[0]
    return sheet


def check_sheet(game: Game, raw: object, limits: bool = True) -> tuple[Sheet | None, list[SheetError]]:
    """Validate a score sheet: the sheet (bad fields read as empty; None if unreadable) and every problem; once every
    field is well, the limits across players the source states (`Game.supplies`, `Game.one_each`), then once those
    hold, the game's rules across fields (`Game.validate`)."""
    read = _form_and_options(game, raw, Text("计分表格式错误。", "the sheet must be an object."))
    if isinstance(read, list):
        return None, read
    form, options = read
    fields = active_player_fields(game, options)
    sheet, problems = check_form(game, form, fields, game.table_fields, options, saved_before=not limits)
    if sheet is not None and not problems and limits:
        problems.extend(limit_problems(game, sheet, fields))
    if sheet is not None and not problems and game.validate is not None:
        problems.extend(game.validate(sheet))
    return sheet, problems


def check_helper_sheet(game: Game, helper: Helper, raw: object) -> tuple[Sheet | None, list[SheetError]]:
    """Validate a helper's form the same way as a score sheet (its fields only: no rules across a whole sheet)."""
    read = _form_and_options(game, raw, Text("表格格式错误。", "the form must be an object."))
    if isinstance(read, list):
        return None, read
    form, options = read
    return check_form(game, form, helper.player_fields, helper.table_fields, options)


def _form_and_options(
    game: Game, raw: object, not_an_object: Text
) -> tuple[dict[str, Any], dict[str, bool]] | list[SheetError]:
    """A form and its options, read first; the one problem that stops reading it (no object, a bad option)."""
    if not isinstance(raw, dict):
        return [SheetError("sheet", not_an_object)]
    try:
        return raw, parse_options(game, raw.get("options"))
    except SheetError as error:
        return [error]


FORM_ENTRIES = frozenset({"players", "table", "options", "game"})
"""What a sheet or a helper's form may hold."""


def check_form(
    game: Game,
    raw: dict[str, Any],
    fields: tuple[Field, ...],
    table_fields: tuple[Field, ...],
    options: dict[str, bool],
    saved_before: bool = False,
) -> tuple[Sheet | None, list[SheetError]]:
    """Validate a form's entries, names, per-player fields and table fields; collect every problem (saved_before: a
    game read back as it was saved, its names counted as they were then)."""
    problems = _entry_problems(game, raw)
    raw_players = raw.get("players", [] if not fields else None)
    if not isinstance(raw_players, list):
        return None, [*problems, SheetError("players", Text("缺少玩家列表。", "the player list is missing."))]
    if fields:
        try:
            game.check_players(len(raw_players))
        except SheetError as error:
            problems.append(error)
    players = _read_players(game, raw_players, fields, problems, len if saved_before else field_length)
    table, table_values = _read_table(raw.get("table", {}), table_fields, problems)
    problems.extend(_holder_problems(fields, players))
    return Sheet(tuple(players), table_values, options, table_left_blank(table, table_fields)), problems


def _entry_problems(game: Game, raw: dict[str, Any]) -> list[SheetError]:
    """Entries a form does not take, and a game named that is not this one."""
    problems = [
        SheetError(key, Text(f"未知条目：{key}。", f"unknown entry: {key}.")) for key in raw if key not in FORM_ENTRIES
    ]
    if "game" in raw and raw["game"] != game.id:
        problems.append(_other_game(game, raw["game"]))
    return problems


def _read_players(
    game: Game,
    raw_players: list[Any],
    fields: tuple[Field, ...],
    problems: list[SheetError],
    length: Callable[[str], int],
) -> list[Player]:
    """Each player's name and fields, read in seat order; every problem added to problems."""
    players: list[Player] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw_players):
        if not isinstance(entry, dict):
            problems.append(SheetError(f"players[{index}]", Text("玩家格式错误。", "a player must be an object.")))
            entry = {}
        name = (
            _player_name(entry.get("name"), index, seen, problems, length) if fields else ""
        )  # no fields: names do not matter
        scores = entry.get("scores", {})
        if not isinstance(scores, dict):
            problems.append(SheetError(f"players[{index}].scores", Text("分数格式错误。", "scores must be an object.")))
            scores = {}
        values = _read_scores(game, scores, fields, f"players[{index}].scores", called_at_start(name, index), problems)
        players.append(Player(name, values, left_blank(scores, fields)))
    return players


def _player_name(
    raw: object, index: int, seen: set[str], problems: list[SheetError], length: Callable[[str], int]
) -> str:
    """A player's name, checked and not used before at this table (added to seen); "" with a problem otherwise."""
    try:
        name = check_name(raw, index, length)
    except SheetError as error:
        problems.append(error)
        return ""
    if name_key(name) in seen:
        who = name_of_seat(index)
        problems.append(
            SheetError(
                f"players[{index}].name",
                Text(
                    f"{who.zh}：“{name}”重复了（不区分大小写、全角/半角和简繁体）。",
                    f"{who.en}: “{name}” is used twice (case, full/half width and the Chinese script do not count).",
                ),
            )
        )
        return ""
    seen.add(name_key(name))
    return name


def _read_scores(
    game: Game, scores: dict[str, Any], fields: tuple[Field, ...], path: str, who: Text, problems: list[SheetError]
) -> dict[str, Any]:
    """One player's values by field key (a bad one read as empty); scores the form does not take are problems."""
    keys = {f.key for f in fields}
    problems.extend(_unused_score(game, f"{path}.{key}", key) for key in scores if key not in keys)
    values: dict[str, Any] = {}
    for f in fields:
        try:
            values[f.key] = parse_field(scores.get(f.key), f, f"{path}.{f.key}")
        except SheetError as error:
            problems.append(_for_player(error, who))
            values[f.key] = empty_value(f)
    return values


def _read_table(
    table: object, table_fields: tuple[Field, ...], problems: list[SheetError]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The table's entries as given (an object) and its values by field key (a bad one read as empty)."""
    if not isinstance(table, dict):
        problems.append(SheetError("table", Text("桌面条目格式错误。", "table must be an object.")))
        table = {}
    known = {f.key for f in table_fields}
    problems.extend(
        SheetError(f"table.{key}", Text(f"未知条目：{key}。", f"unknown entry: {key}."))
        for key in table
        if key not in known
    )
    values: dict[str, Any] = {}
    for f in table_fields:
        try:
            values[f.key] = parse_field(table.get(f.key), f, f"table.{f.key}")
        except SheetError as error:
            problems.append(error)
            values[f.key] = empty_value(f)
    return table, values


def _holder_problems(fields: tuple[Field, ...], players: list[Player]) -> list[SheetError]:
    """A mark that exactly one player holds (FieldKind.ONE_PLAYER), held by none or several."""
    problems = []
    for f in (f for f in fields if f.kind is FieldKind.ONE_PLAYER and players):
        holders = sum(p.values[f.key] for p in players)
        if holders != 1:
            problems.append(
                SheetError(
                    f.key,
                    Text(
                        f"{f.label.zh}：必须恰好一名玩家持有（现在 {holders} 名）。",
                        f"{f.label.en}: exactly one player must hold it (now {holders}).",
                    ),
                )
            )
    return problems


def _other_game(game: Game, named: object) -> SheetError:
    """The problem of a sheet whose "game" entry names another game than the one it is scored as."""
    shown = quoted(named) if isinstance(named, str) else "?"
    return SheetError(
        "game",
        Text(
            f"此表写明是另一个游戏（“{shown}”），不是 {game.name.zh}（{game.id}）。",
            f"this sheet names another game (“{shown}”), not {game.name.en} ({game.id}).",
        ),
    )


def _unused_score(game: Game, path: str, key: str) -> SheetError:
    """The problem of a score this form does not take: unknown, or a field of an option that is off."""
    gated = next((f for f in game.player_fields if f.key == key and f.requires), None)
    option = next((o for o in game.options if gated and o.key == gated.requires), None)
    if gated is None or option is None:
        return SheetError(path, Text(f"未知计分项：{key}。", f"unknown category: {key}."))
    return SheetError(
        path,
        Text(
            f"{gated.label.zh}：只在选项「{option.label.zh}」打开时使用。",
            f"{gated.label.en}: used only with the option “{option.label.en}” on.",
        ),
    )


def tie_breakers_in_play(game: Game, options: Mapping[str, bool]) -> Game:
    """The game with only the tie-breakers its options switch on (a variant tie-breaker is off by default)."""
    chosen = tuple(t for t in game.tie_breakers if not t.requires or options.get(t.requires, False))
    return game if chosen == game.tie_breakers else replace(game, tie_breakers=chosen)


def _for_player(error: SheetError, who: Text) -> SheetError:
    """Prefix a field message with the player it belongs to, as the table names them."""
    return SheetError(error.path, Text(f"{who.zh}：{error.message.zh}", f"{who.en}: {error.message.en}"))

"""Each player's own column, passed between phones by link with no network (issue 43, point 1).

The host's sheet gives one link per seat, `play/#c=…`: [version, game, players, options on, seat, name]. A phone
that opens it fills that seat's column on the sheet of that game and player count, and gives a link back,
`play/#k=…`: [version, game, players, options on, seat, name, values], the values in the order of the game's
player fields (`Game.player_fields`), trailing blanks left out, a whole number typed as one (a link lives minutes:
a change of that order changes VERSION). The host's phone opening that merges the
column into its sheet (`merge`), asking first when it would replace anything typed there. Both payloads are compact
JSON, deflated, in base64url after the # (share.pack), so nothing is sent to a server.
"""

from __future__ import annotations

from typing import Any

from . import GAMES
from .core import Field, FieldKind, SheetError, Text, called, called_at_start
from .core.entry import MAX_NAME_LENGTH, name_key
from .share import newer, pack, unpack

VERSION = 1
ASK = "c="
BACK = "k="
QR_ERROR = "l"
"""A column's code is shown on a screen, never printed and worn: the lowest error correction (7 %) gives the fewest
modules, so each is larger at the size the page shows (tests/unit/test_column.py measures them)."""
MAX_VALUE_CHARS = 200
"""Longer than any sum a field takes (20 terms)."""
ASK_TITLE = Text("填写自己一列的二维码", "QR code to fill in your own column")
ASK_DESC = Text(
    "用另一部手机的相机扫描：打开本站的这张计分表，只填这一列（数据只在链接的 # 之后，不会发送到服务器）。",
    "Scan it with another phone's camera to open this score sheet there with this one column to fill (the data is "
    "only after the # of the link and is never sent to a server).",
)
BACK_TITLE = Text("这一列的二维码", "QR code of this column")
BACK_DESC = Text(
    "用主持人手机的相机扫描，把这一列交给它的计分表（数据只在链接的 # 之后，不会发送到服务器）。",
    "Scan it with the host's phone camera to hand this column to its score sheet (the data is only after the # of "
    "the link and is never sent to a server).",
)


def _damaged() -> SheetError:
    """The message for a column link cut short or changed on the way."""
    return SheetError(
        "link",
        Text(
            "这个链接已损坏（可能被截断或改动），无法读取。请让对方重新显示二维码或重新发送链接。",
            "this link is damaged (cut short or changed) and cannot be read. Ask for the code to be shown or the link "
            "sent again.",
        ),
    )


def _on(options: object) -> list[str]:
    """The variants switched on in a sheet's options, sorted."""
    return sorted(k for k, v in options.items() if v is True) if isinstance(options, dict) else []


def _players(sheet: object) -> list[dict[str, Any]]:
    """A sheet's players as the page collects them; SheetError when it is not a sheet."""
    players = sheet.get("players") if isinstance(sheet, dict) else None
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players) or not players:
        raise SheetError("sheet", Text("计分表格式错误。", "the sheet must be an object with its players."))
    return players


def _name(player: dict[str, Any]) -> str:
    """A player's name as typed, trimmed ("" when none)."""
    name = player.get("name")
    return name.strip() if isinstance(name, str) else ""


def _blank(value: object) -> bool:
    """Whether a typed value holds nothing (blank text, nothing, a list of blanks)."""
    if isinstance(value, list):
        return all(_blank(v) for v in value)
    return value is None or (isinstance(value, str) and not value.strip())


def seat_of(sheet: object, seat: object) -> int:
    """A seat of the sheet; SheetError otherwise."""
    players = _players(sheet)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(players):
        raise SheetError("seat", Text("没有这个座位。", "there is no such seat at this table."))
    return seat


def ask_payload(game_id: str, sheet: object, seat: object) -> str:
    """The payload of the link that opens this game's sheet for one seat on another phone (without the prefix)."""
    players = _players(sheet)
    at = seat_of(sheet, seat)
    options = _on(sheet.get("options")) if isinstance(sheet, dict) else []
    return pack([VERSION, game_id, len(players), options, at, _name(players[at])])


def column_payload(game_id: str, sheet: object, seat: object) -> str:
    """The payload of the link that hands one seat's column back to the host (without the prefix)."""
    players = _players(sheet)
    at = seat_of(sheet, seat)
    scores = players[at].get("scores")
    scores = scores if isinstance(scores, dict) else {}
    game = GAMES.get(game_id)
    if game is None:
        raise SheetError("game", Text("没有这个游戏。", "there is no such game."))
    values = [_short(scores.get(f.key)) for f in game.player_fields]
    while values and values[-1] == "":
        values.pop()
    options = _on(sheet.get("options")) if isinstance(sheet, dict) else []
    return pack([VERSION, game_id, len(players), options, at, _name(players[at]), values])


def _short(value: object) -> object:
    """A typed value as the link carries it: blank as "", a whole number typed as one, a list item by item."""
    if isinstance(value, list):
        return [_short(v) for v in value]
    if _blank(value):
        return ""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value.strip()) if str(int(value.strip())) == value.strip() else value
    return value


def _head(payload: object, prefix: str, length: int) -> list[Any]:
    """The list a link carries, its version and game checked, and the seat within the player count."""
    if not isinstance(payload, str) or not payload:
        raise _damaged()
    try:
        data = unpack(payload.removeprefix("#").removeprefix(prefix))
    except SheetError:
        raise _damaged() from None
    if not isinstance(data, list) or len(data) != length or not _whole(data[0]) or data[0] < 1:
        raise _damaged()
    if data[0] > VERSION:
        raise newer(data[0])
    game = GAMES.get(data[1]) if isinstance(data[1], str) else None
    if game is None or not _whole(data[2]) or not game.min_players <= data[2] <= game.max_players:
        raise _damaged()
    known = {o.key for o in game.options}
    if not isinstance(data[3], list) or not all(isinstance(o, str) and o in known for o in data[3]):
        raise _damaged()
    if not _whole(data[4]) or not 0 <= data[4] < data[2]:
        raise _damaged()
    return data


def _whole(value: object) -> bool:
    """Whether a JSON value is a whole number (not true or false)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _short_name(value: object) -> bool:
    """Whether a value is a name a field takes (text of at most MAX_NAME_LENGTH characters)."""
    return isinstance(value, str) and len(value) <= MAX_NAME_LENGTH


def read_ask(payload: object) -> dict[str, Any]:
    """What a seat's link carries: the game, player count, variants, the seat and its name typed on the host's
    sheet; SheetError saying what is wrong."""
    _, game, players, options, seat, name = _head(payload, ASK, 6)
    if not _short_name(name):
        raise _damaged()
    return {"game": game, "players": players, "options": dict.fromkeys(options, True), "seat": seat, "name": name}


def _value_ok(value: object, depth: int = 0) -> bool:
    """Whether a typed value has a shape a field takes: text, a whole number, or a list (of lists) of them."""
    if isinstance(value, list):
        return depth < 2 and len(value) <= 20 and all(v is None or _value_ok(v, depth + 1) for v in value)
    return _whole(value) or (isinstance(value, str) and len(value) <= MAX_VALUE_CHARS)


def read_column(payload: object) -> dict[str, Any]:
    """What a column's link carries: game, player count, variants, seat, name and what was typed; SheetError."""
    _, game, players, options, seat, name, values = _head(payload, BACK, 7)
    fields = GAMES[game].player_fields
    if not _short_name(name) or not isinstance(values, list) or len(values) > len(fields):
        raise _damaged()
    if not all(_value_ok(v) for v in values):
        raise _damaged()
    scores = {f.key: v for f, v in zip(fields, values, strict=False) if not _blank(v)}
    return {
        "game": game,
        "players": players,
        "options": dict.fromkeys(options, True),
        "seat": seat,
        "name": name,
        "scores": scores,
    }


def _same(a: object, b: object) -> bool:
    """Whether two typed values say the same (a radio's 0, not holding, is blank like an empty field)."""

    def plain(value: object) -> object:
        if isinstance(value, list):
            return [plain(v) for v in value]
        return "" if value is None or (value == 0 and _whole(value)) else str(value).strip()

    return plain(a) == plain(b) or (_blank(a) and _blank(b))


def _untouched(players: list[dict[str, Any]]) -> bool:
    """Whether nothing is typed on a sheet: no name, no score."""
    return all(not _name(p) and all(_same(v, "") for v in (p.get("scores") or {}).values()) for p in players)


def _mismatch(game_id: str, column: dict[str, Any], players: int, options: list[str]) -> SheetError | None:
    """Why a column does not fit the sheet here (another player count or other variants), or None."""
    game = GAMES[game_id]
    wanted = column["players"]
    if players != wanted:
        return SheetError(
            "players",
            Text(
                f"这一列是为 {wanted} 位玩家的{game.name.zh}计分表填写的，而这里的表格是 {players} 位玩家。没有改动任何"
                f"内容：请先把人数改为 {wanted}，再打开这个链接（或把链接粘贴到下面）。",
                f"this column was filled in for a {wanted}-player {game.name.en} sheet; the sheet here has {players} "
                f"players. Nothing was changed: set the player count to {wanted}, then open the link again (or paste "
                "it below).",
            ),
        )
    if sorted(column["options"]) != options:
        on = [o.label for o in game.options if o.key in column["options"]] or [Text("无", "none")]
        return SheetError(
            "options",
            Text(
                f"这一列是按另一组变体填写的（{'、'.join(t.zh for t in on)}）。没有改动任何内容：请先选好相同的变体，"
                "再打开这个链接。",
                f"this column was filled in with other variants ({', '.join(t.en for t in on)}). Nothing was "
                "changed: choose the same variants here, then open the link again.",
            ),
        )
    return None


def merge(sheet: object, column: dict[str, Any]) -> dict[str, Any]:
    """How a column received goes into the sheet here: the seat's name and every field of it (blank where the
    column left it blank; a one-holder mark only where the column ticks it: `_marks`); `adopt` when the sheet is
    untouched and takes the column's player count and variants; `replaces`, the labels of what typed here it would
    change (asked first); `notes`, what to say once it is in. SheetError when it does not fit."""
    game = GAMES[column["game"]]
    players = _players(sheet)
    adopt = _untouched(players)
    if not adopt:
        wrong = _mismatch(game.id, column, len(players), _on(sheet.get("options") if isinstance(sheet, dict) else {}))
        if wrong:
            raise wrong
    fields = [f for f in game.player_fields if not f.requires or f.requires in column["options"]]
    typed = [f for f in fields if f.kind is not FieldKind.ONE_PLAYER]
    scores = {f.key: column["scores"].get(f.key, "") for f in typed}
    host = {} if adopt else players[column["seat"]]
    here = host.get("scores") if isinstance(host.get("scores"), dict) else {}
    replaces = [f.label for f in typed if not _blank(here.get(f.key)) and not _same(here.get(f.key), scores[f.key])]
    name = column["name"].strip() or (_name(host) if host else "")
    ticked, moved, notes = _marks(fields, {**column, "name": name}, [] if adopt else players)
    if host and _name(host) and name_key(_name(host)) != name_key(name):
        replaces.insert(0, Text(f"名字（{_name(host)}）", f"the name ({_name(host)})"))
    return {
        **{k: column[k] for k in ("game", "players", "options", "seat")},
        "name": name,
        "scores": {**scores, **ticked},
        "adopt": adopt,
        "replaces": [t.as_dict() for t in [*replaces, *moved]],
        "notes": [t.as_dict() for t in notes],
    }


def _marks(
    fields: list[Field], column: dict[str, Any], players: list[dict[str, Any]]
) -> tuple[dict[str, int], list[Text], list[Text]]:
    """A column's one-holder marks (Burgundy's start-player card): one choice for the whole table, which the host's
    sheet keeps. Ticked in the column, the mark goes to its seat (asked first when another seat holds it here); not
    ticked, it stays where the host's sheet has it, said when that is this very seat. Returns the marks to tick,
    what ticking them would take from another seat, and what to say."""
    seat, ticked, moved, notes = column["seat"], {}, [], []
    who, first = called(column["name"], seat), called_at_start(column["name"], seat)
    for f in (f for f in fields if f.kind is FieldKind.ONE_PLAYER):
        holder = next((i for i, p in enumerate(players) if _held(p, f.key)), None)
        if _held(column, f.key):
            ticked[f.key] = 1
            if holder is not None and holder != seat:
                now = called(_name(players[holder]), holder)
                moved.append(Text(f"{f.label.zh}（现在是 {now.zh} 的）", f"{f.label.en} (now {now.en}'s)"))
        elif holder == seat:
            notes.append(
                Text(
                    f"{who.zh} 的一列没有勾选{f.label.zh}；这张表仍记在 {who.zh} 名下（全桌只有一个选择：若不对，请在这里改）。",
                    f"{first.en}'s column does not tick the {f.label.en.lower()}; this sheet keeps it with {who.en} (one "
                    "choice for the whole table: change it here if that is wrong).",
                )
            )
    return ticked, moved, notes


def _held(player: dict[str, Any], key: str) -> bool:
    """Whether a player (or a column) holds what one player holds (a radio's 1: Burgundy's start-player card)."""
    scores = player.get("scores")
    return isinstance(scores, dict) and _whole(scores.get(key)) and scores.get(key) == 1


def own_problems(problems: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The problems about one seat's column only (a phone filling one column says nothing of the others)."""
    mine = f"players[{seat}]"
    return [p for p in problems if all(str(f).startswith(mine) for f in p.get("fields", [p.get("field", "")]))]

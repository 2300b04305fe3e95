"""Shared core: game descriptions, sheet validation, ranking with tie-breakers."""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

MAX_VALUE = 999
"""No count or score on these sheets comes near this: anything larger is a typing slip."""

MAX_NAME_LENGTH = 40

MINUS_SIGNS = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2212", "-"))
"""Dashes a phone keyboard or autocorrect puts where a minus was meant (NFKC already maps the full-width one)."""

JOINERS = frozenset("\u200c\u200d")
"""Invisible format characters that belong inside names: they join emoji sequences and letters in some scripts."""

SHOWN_LENGTH = 12
"""How much of a rejected value a message quotes."""


@dataclass(frozen=True)
class Text:
    """A piece of text in both languages."""

    zh: str
    en: str

    @staticmethod
    def same(value: object) -> Text:
        """Text that reads the same in both languages: a number, a letter."""
        return Text(str(value), str(value))

    def format(self, **values: object) -> Text:
        """Fill in {placeholders} in both languages."""
        return Text(self.zh.format(**values), self.en.format(**values))

    def as_dict(self) -> dict[str, str]:
        """JSON form."""
        return {"zh": self.zh, "en": self.en}


class FieldKind(Enum):
    """How a field is entered."""

    COUNT = "count"  # a whole number
    ONE_PLAYER = "one-player"  # a mark that exactly one player holds (0 or 1 each)
    CHOICE = "choice"  # one of a few named values (table fields only)


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice field."""

    value: str
    label: Text


@dataclass(frozen=True)
class Field:
    """One input on a score sheet or helper, per player or for the whole table."""

    key: str
    label: Text
    help: Text = Text("", "")
    kind: FieldKind = FieldKind.COUNT
    minimum: int = 0
    maximum: int | None = None
    entries: tuple[Text, ...] = ()  # labels when the field holds several numbers
    parts: tuple[Text, ...] = ()  # labels when each entry holds several numbers
    allowed: tuple[int, ...] = ()  # when set, the only values accepted
    choices: tuple[Choice, ...] = ()
    rule: str = ""  # id of the rules section that defines it
    requires: str = ""  # key of the option that must be on for this field to be used

    @property
    def upper(self) -> int:
        """Largest accepted number."""
        return MAX_VALUE if self.maximum is None else self.maximum


@dataclass(frozen=True)
class Category:
    """A scored field: the entered value and the points it is worth."""

    field: Field
    points: Callable[[Any], int] = lambda value: value


@dataclass(frozen=True)
class TieBreaker:
    """One tie-breaker step: compare players on a field, most or fewest wins."""

    key: str
    most_wins: bool
    label: Text  # e.g. "most cards left in storage"
    in_source: bool = True
    rule: str = ""  # id of the rules section that states it (or, for one not in the source, says so)
    requires: str = ""  # key of the option that must be on for this tie-breaker to apply


@dataclass(frozen=True)
class Option:
    """A variant the table chooses (an expansion, an advanced game)."""

    key: str
    label: Text
    setup: bool = True  # False: a scoring variant only; the setup checklist does not take it


@dataclass(frozen=True)
class SetupStep:
    """One line of a setup checklist."""

    text: Text
    note: Text | None = None


class Shape(Enum):
    """How a piece of a setup diagram is drawn."""

    CARD = "card"  # one card, upright
    STACK = "stack"  # a stack or pile of cards or tiles
    HEX = "hex"  # a hexagonal tile
    HEX_STACK = "hex-stack"  # a stack of hexagonal tiles
    COIN = "coin"  # a coin or a round token
    PLACE = "place"  # a space on the table: a room, a brewery, a seat


class Tone(Enum):
    """How a piece stands out."""

    PLAIN = "plain"
    MARKED = "marked"  # in play: what the picture is about
    OFF = "off"  # out of play, closed, or where the source fixes nothing (dashed)


@dataclass(frozen=True)
class Piece:
    """One thing on the table in a setup diagram."""

    shape: Shape
    label: Text = Text("", "")  # inside: a number or a word
    note: Text = Text("", "")  # below it
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True)
class Area:
    """A captioned group of pieces, laid out in rows."""

    caption: Text
    pieces: tuple[Piece, ...]
    columns: int = 0  # pieces per row; 0: all in one row


@dataclass(frozen=True)
class Diagram:
    """A setup diagram: what goes where, drawn from the same numbers as the checklist."""

    title: Text
    areas: tuple[Area, ...]
    notes: tuple[Text, ...] = ()  # what the source leaves open


@dataclass(frozen=True)
class HelperResult:
    """What an in-game helper shows, and values it can carry to the score sheet."""

    lines: tuple[Text, ...]
    fills: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Helper:
    """An in-game helper: a small form and the function that answers it."""

    id: str
    title: Text
    intro: Text
    player_fields: tuple[Field, ...]
    table_fields: tuple[Field, ...]
    compute: Callable[[Sheet], HelperResult]
    rule: str = ""


class DecisionKind(Enum):
    """What decided a player's place."""

    TOTAL = "total"
    TIE_BREAKER = "tie-breaker"
    SHARED = "shared"
    WINNER = "winner"
    UNRANKED = "unranked"
    PENDING = "pending"  # tied, and a tie-breaker that would settle it is left blank: the place is not final


@dataclass(frozen=True)
class Decision:
    """Why a player has the place they have, in both languages."""

    kind: DecisionKind
    text: Text
    key: str | None = None  # the tie-breaker that decided
    section: str = ""  # id of the rules section behind the decision
    value: int | None = None  # the player's value on the tie-breaker

    def as_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "rule": self.kind.value,
            "key": self.key,
            "section": self.section,
            "value": self.value,
            **self.text.as_dict(),
        }


@dataclass(frozen=True)
class PlayerResult:
    """One player's line of the result."""

    name: str
    total: int | None
    place: int | None
    breakdown: tuple[tuple[str, int], ...]
    decided_by: Decision

    def as_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "name": self.name,
            "total": self.total,
            "place": self.place,
            "breakdown": dict(self.breakdown),
            "decided_by": self.decided_by.as_dict(),
        }


@dataclass(frozen=True)
class Result:
    """The whole result, players in place order."""

    game: str
    players: tuple[PlayerResult, ...]
    notes: tuple[Text, ...] = ()
    missing: tuple[MissingTieBreaker, ...] = ()  # blank tie-breakers that a tie needs: the result is not final

    def as_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "game": self.game,
            "players": [player.as_dict() for player in self.players],
            "notes": [note.as_dict() for note in self.notes],
        }


@dataclass(frozen=True)
class Player:
    """A validated player: name and numbers by field key."""

    name: str
    values: Mapping[str, Any]
    blank: frozenset[str] = frozenset()  # keys of the fields left blank (read as 0 when scored)


@dataclass(frozen=True)
class Sheet:
    """A validated sheet."""

    players: tuple[Player, ...]
    table: Mapping[str, Any]
    options: Mapping[str, bool]
    table_blank: frozenset[str] = frozenset()  # table values left blank, as paths: "edges[0][1]" (read as 0)


class SheetError(ValueError):
    """Bad input, naming the field, in both languages."""

    def __init__(self, path: str, message: Text) -> None:
        super().__init__(f"{path}: {message.en}")
        self.path = path
        self.message = message

    def as_dict(self) -> dict[str, str]:
        """JSON form."""
        return {"field": self.path, **self.message.as_dict()}


class MissingValues(SheetError):
    """Blank fields the ranking needs (not read as 0): names every one; the sheet is not final until they are typed."""

    kind = "missing"

    def __init__(self, paths: Sequence[str], message: Text) -> None:
        super().__init__(", ".join(paths), message)
        self.paths = tuple(paths)

    def as_dict(self) -> dict[str, Any]:
        """JSON form: the first field as `field` (as every problem has), all of them as `fields`."""
        return {"field": self.paths[0], "fields": list(self.paths), "kind": self.kind, **self.message.as_dict()}


class MissingTieBreaker(MissingValues):
    """A tie that blank tie-breaker fields would settle: names every field to fill."""

    kind = "tie"


@dataclass(frozen=True)
class Game:
    """Everything the site knows about one game."""

    id: str
    name: Text
    min_players: int
    max_players: int
    categories: tuple[Category, ...]
    tie_breakers: tuple[TieBreaker, ...]
    setup: Callable[..., tuple[SetupStep, ...]]
    rule: str = ""  # id of the rules section that says who wins
    extra_player_fields: tuple[Field, ...] = ()  # entered but not scored (tie-breaker inputs)
    table_fields: tuple[Field, ...] = ()
    options: tuple[Option, ...] = ()
    helpers: tuple[Helper, ...] = ()
    source_lang: str = "zh-Hans"  # script of the Chinese source text (zh-Hans or zh-Hant)
    notes: tuple[Text, ...] = ()  # said on the score sheet and in every result
    score: Callable[[Game, Sheet], Result] | None = None  # default: points and tie-breakers
    validate: Callable[[Sheet], list[SheetError]] | None = None  # rules across fields, after each field checks
    computed_categories: tuple[tuple[str, Text], ...] = ()  # breakdown entries that are no field (key, label)
    diagram: Callable[..., Diagram] | None = None  # setup diagram; takes the same arguments as setup
    kept_fields: tuple[str, ...] = ()  # table fields printed on the board: a new game keeps them

    @property
    def player_fields(self) -> tuple[Field, ...]:
        """Every per-player input: scored categories, then tie-breaker inputs."""
        return tuple(c.field for c in self.categories) + self.extra_player_fields

    def category_labels(self) -> dict[str, Text]:
        """Every breakdown key in category order (fields, then computed entries), with its label."""
        return {c.field.key: c.field.label for c in self.categories} | dict(self.computed_categories)

    def check_players(self, count: int) -> None:
        """Raise ValueError if the game is not for this many players."""
        if not self.min_players <= count <= self.max_players:
            raise SheetError(
                "players",
                Text(
                    f"本游戏适合 {self.min_players}–{self.max_players} 名玩家，而不是 {count} 名。",
                    f"this game is for {self.min_players}–{self.max_players} players, not {count}.",
                ),
            )


# ---------------------------------------------------------------- validation


def _label(f: Field, entry: int | None = None, part: int | None = None) -> Text:
    """The field's name as a user sees it, with the entry and part when there are several."""
    zh, en = f.label.zh, f.label.en
    if entry is not None and f.entries:
        zh, en = f"{zh}（{f.entries[entry].zh}", f"{en} ({f.entries[entry].en}"
        if part is not None and f.parts:
            zh, en = f"{zh}，{f.parts[part].zh}", f"{en}, {f.parts[part].en}"
        zh, en = zh + "）", en + ")"
    return Text(zh, en)


def parse_count(raw: object, f: Field, path: str, label: Text) -> int:
    """A whole number within the field's bounds, from JSON or typed text."""
    value: int
    if raw is None:
        return 0
    if isinstance(raw, bool):  # JSON true/false is no count, although Python counts it as 1/0
        raise SheetError(path, Text(f"{label.zh}：请输入数字。", f"{label.en}: enter a number."))
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, float):
        if not math.isfinite(raw):
            raise SheetError(path, Text(f"{label.zh}：请输入数字。", f"{label.en}: enter a number."))
        if not raw.is_integer():
            raise SheetError(path, Text(f"{label.zh}：请输入整数。", f"{label.en}: enter a whole number."))
        value = int(raw)
    elif isinstance(raw, str):
        parsed = typed_sum(raw, path, label)
        if parsed is None:
            return 0
        if isinstance(parsed, str):
            if _looks_fractional(parsed):
                raise SheetError(path, Text(f"{label.zh}：请输入整数。", f"{label.en}: enter a whole number."))
            shown = _shown(raw)
            raise SheetError(path, Text(f"{label.zh}：“{shown}”不是数字。", f"{label.en}: “{shown}” is not a number."))
        value = parsed
    else:
        raise SheetError(path, Text(f"{label.zh}：请输入数字。", f"{label.en}: enter a number."))
    if value < f.minimum:
        if value < 0:
            msg = Text(f"{label.zh}：不能为负数。", f"{label.en}: cannot be negative.")
        else:
            msg = Text(f"{label.zh}：最小为 {f.minimum}。", f"{label.en}: at least {f.minimum}.")
        raise SheetError(path, msg)
    # A value beyond a field's own bounds is often points typed for a count (or the reverse): say what it wants.
    wants = Text(f"（{f.help.zh}）", f" ({f.help.en})") if f.help.en and (f.allowed or f.maximum) else Text("", "")
    if value > f.upper:
        raise SheetError(
            path, Text(f"{label.zh}：最大为 {f.upper}。{wants.zh}", f"{label.en}: at most {f.upper}.{wants.en}")
        )
    if f.allowed and value not in f.allowed:
        shown = "、".join(str(v) for v in f.allowed)
        raise SheetError(
            path,
            Text(
                f"{label.zh}：只能是 {shown}。{wants.zh}",
                f"{label.en}: must be one of {', '.join(str(v) for v in f.allowed)}.{wants.en}",
            ),
        )
    return value


def _typed_number(raw: str) -> int | str | None:
    """Typed text as a whole number; None when blank; the cleaned text when it is not a whole number.

    Full-width and other decimal digits, surrounding spaces, a leading + and any common minus sign
    are accepted. Numbers of more than six digits come back as ±10 000 000: out of every field's bounds,
    without converting a pasted megabyte of digits.
    """
    text = unicodedata.normalize("NFKC", raw).translate(MINUS_SIGNS).strip()
    if text == "":
        return None
    sign, digits = (text[0], text[1:]) if text[0] in "+-" else ("", text)
    if not digits.isdecimal():
        return text
    significant = "".join(str(unicodedata.decimal(ch)) for ch in digits).lstrip("0")
    magnitude = int(significant or "0") if len(significant) <= 6 else 10_000_000
    return -magnitude if sign == "-" else magnitude


SUM_PARTS = 20
"""More cards than anyone adds up in one field: a longer sum is a typing slip (and no work for a pasted megabyte)."""


def typed_sum(raw: str, path: str, label: Text) -> int | str | None:
    """Typed text as _typed_number reads it, or a sum of whole numbers ("20+8", spaces allowed): its value.

    A sum with anything but whole numbers between its + signs raises SheetError naming the field.
    """
    text = unicodedata.normalize("NFKC", raw).strip()
    if "+" not in text[1:]:
        return _typed_number(raw)
    terms = text.split("+")
    numbers = [_typed_number(term) if term.strip().isdecimal() else None for term in terms]
    if len(terms) > SUM_PARTS or any(not isinstance(n, int) for n in numbers):
        shown = _shown(raw)
        raise SheetError(
            path,
            Text(
                f"{label.zh}：“{shown}”不是 20+8 这样的整数相加。",
                f"{label.en}: “{shown}” is not a sum like 20+8.",
            ),
        )
    return sum(n for n in numbers if isinstance(n, int))


def sum_text(raw: object) -> str | None:
    """A value typed as a sum, written the way the sheet keeps it ("20+8"); None for anything else."""
    if not isinstance(raw, str):
        return None
    text = unicodedata.normalize("NFKC", raw).strip()
    if "+" not in text[1:]:
        return None
    return "+".join(term.strip() for term in text.split("+"))


def sums_in(raw_sheet: object) -> dict[str, int]:
    """Every value of a sheet typed as a valid sum, by its path (players[0].scores.nobles, ….statues[1]): what
    the page shows in place of the sum."""
    found: dict[str, int] = {}
    players = raw_sheet.get("players") if isinstance(raw_sheet, dict) else None
    for index, entry in enumerate(players if isinstance(players, list) else []):
        scores = entry.get("scores") if isinstance(entry, dict) else None
        for key, value in (scores if isinstance(scores, dict) else {}).items():
            _sums(value, f"players[{index}].scores.{key}", found, depth=0)
    return found


def _sums(value: object, path: str, found: dict[str, int], depth: int) -> None:
    """The sums in one field's value: a string, or a list of entries (of parts)."""
    if isinstance(value, list) and depth < 2:
        for i, item in enumerate(value[:SUM_PARTS]):
            _sums(item, f"{path}[{i}]", found, depth + 1)
    elif sum_text(value) is not None:
        try:
            total = typed_sum(str(value), path, Text("", ""))
        except SheetError:
            return
        if isinstance(total, int):
            found[path] = total


def _shown(raw: str) -> str:
    """A rejected value as a message quotes it: visible characters only, and short."""
    visible = " ".join("".join(ch for ch in raw if not unicodedata.category(ch).startswith("C")).split())
    return visible if len(visible) <= SHOWN_LENGTH else visible[:SHOWN_LENGTH] + "…"


def _looks_fractional(text: str) -> bool:
    """True for '1.5', '.5', '2,5', '1/2' or '½' (NFKC turns it into 1⁄2)."""
    for sep in ".,/⁄":
        head, found, tail = text.partition(sep)
        if found and (head.lstrip("+-").isdecimal() or head in {"", "+", "-"}) and tail.isdecimal():
            return True
    return False


def parse_field(raw: object, f: Field, path: str) -> Any:
    """A field's value: an int, a tuple of ints, a tuple of tuples, or a choice string."""
    if f.kind is FieldKind.CHOICE:
        if raw in (None, ""):
            return ""
        if not isinstance(raw, str) or raw not in {c.value for c in f.choices}:
            names = ", ".join(c.value for c in f.choices)
            raise SheetError(
                path,
                Text(f"{f.label.zh}：只能是 {names}。", f"{f.label.en}: must be one of {names}."),
            )
        return raw
    if f.kind is FieldKind.ONE_PLAYER:
        return parse_count(raw, Field(f.key, f.label, maximum=1), path, f.label)
    if not f.entries:
        return parse_count(raw, f, path, f.label)
    items = _as_list(raw, len(f.entries), path, f.label)
    out = []
    for i, item in enumerate(items):
        if not f.parts:
            out.append(parse_count(item, f, f"{path}[{i}]", _label(f, i)))
            continue
        parts = _as_list(item, len(f.parts), f"{path}[{i}]", _label(f, i))
        out.append(tuple(parse_count(p, f, f"{path}[{i}][{j}]", _label(f, i, j)) for j, p in enumerate(parts)))
    return tuple(out)


def empty_value(f: Field) -> Any:
    """The value of a field left empty."""
    if f.kind is FieldKind.CHOICE:
        return ""
    if not f.entries:
        return 0
    if not f.parts:
        return (0,) * len(f.entries)
    return ((0,) * len(f.parts),) * len(f.entries)


def _as_list(raw: object, size: int, path: str, label: Text) -> Sequence[object]:
    """A list of the given size (missing means all zero)."""
    if raw is None:
        return [None] * size
    if not isinstance(raw, list | tuple) or len(raw) != size:
        raise SheetError(path, Text(f"{label.zh}：需要 {size} 个数值。", f"{label.en}: needs {size} values."))
    return raw


def check_name(raw: object, index: int) -> str:
    """A player's name: present, short, plain text without control characters; inner spaces collapsed."""
    path = f"players[{index}].name"
    who = Text(f"玩家 {index + 1} 的名字", f"player {index + 1}'s name")
    if raw is not None and not isinstance(raw, str):
        raise SheetError(path, Text(f"{who.zh}：必须是文字。", f"{who.en}: must be text."))
    name = " ".join((raw or "").split())
    if not name:
        raise SheetError(path, Text(f"{who.zh}：不能为空。", f"{who.en}: cannot be empty."))
    if not _without_format(name).strip():
        raise SheetError(path, Text(f"{who.zh}：只有不可见的字符。", f"{who.en}: has only invisible characters."))
    if len(name) > MAX_NAME_LENGTH:
        raise SheetError(
            path,
            Text(
                f"{who.zh}：最多 {MAX_NAME_LENGTH} 个字符。",
                f"{who.en}: at most {MAX_NAME_LENGTH} characters.",
            ),
        )
    if any(ch in name for ch in "<>"):
        raise SheetError(
            path,
            Text(f"{who.zh}：不能包含 < 或 >。", f"{who.en}: cannot contain < or >."),
        )
    if any(_hidden_control(ch) for ch in name):
        raise SheetError(
            path,
            Text(
                f"{who.zh}：含有不可见的控制字符（例如文字方向标记）。",
                f"{who.en}: contains invisible control characters (such as text-direction marks).",
            ),
        )
    return name


def _hidden_control(ch: str) -> bool:
    """A control, surrogate or format character other than the joiners and emoji tags names may need."""
    category = unicodedata.category(ch)
    if category in {"Cc", "Cs"}:
        return True
    return category == "Cf" and ch not in JOINERS and not "\U000e0020" <= ch <= "\U000e007f"


def _without_format(text: str) -> str:
    """The text without its invisible format characters (joiners, tags, direction marks)."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def name_key(name: str) -> str:
    """What makes two names the same player: case, full/half width, composed forms and format characters do not count."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", _without_format(name)).casefold())


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


def parse_sheet(game: Game, raw: object) -> Sheet:
    """Validate a sheet as JSON gives it; raise SheetError naming the first bad field."""
    sheet, problems = check_sheet(game, raw)
    if problems or sheet is None:
        raise problems[0]
    return sheet


def check_sheet(game: Game, raw: object) -> tuple[Sheet | None, list[SheetError]]:
    """Validate a score sheet: the sheet (bad fields read as empty; None if unreadable) and every problem."""
    if not isinstance(raw, dict):
        return None, [SheetError("sheet", Text("计分表格式错误。", "the sheet must be an object."))]
    try:
        options = parse_options(game, raw.get("options"))
    except SheetError as error:
        return None, [error]
    return check_form(game, raw, active_player_fields(game, options), game.table_fields, options)


def check_helper_sheet(game: Game, helper: Helper, raw: object) -> tuple[Sheet | None, list[SheetError]]:
    """Validate a helper's form the same way as a score sheet."""
    if not isinstance(raw, dict):
        return None, [SheetError("sheet", Text("表格格式错误。", "the form must be an object."))]
    try:
        options = parse_options(game, raw.get("options"))
    except SheetError as error:
        return None, [error]
    return check_form(game, raw, helper.player_fields, helper.table_fields, options)


def check_form(
    game: Game,
    raw: dict[str, Any],
    fields: tuple[Field, ...],
    table_fields: tuple[Field, ...],
    options: dict[str, bool],
) -> tuple[Sheet | None, list[SheetError]]:
    """Validate names, per-player fields and table fields; collect every problem."""
    problems: list[SheetError] = []
    for key in raw:
        if key not in {"players", "table", "options", "game"}:
            problems.append(SheetError(key, Text(f"未知条目：{key}。", f"unknown entry: {key}.")))
    if "game" in raw and raw["game"] != game.id:
        problems.append(_other_game(game, raw["game"]))
    raw_players = raw.get("players", [] if not fields else None)
    if not isinstance(raw_players, list):
        return None, [*problems, SheetError("players", Text("缺少玩家列表。", "the player list is missing."))]
    if fields:
        try:
            game.check_players(len(raw_players))
        except SheetError as error:
            problems.append(error)
    by_key = {f.key: f for f in fields}
    players: list[Player] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw_players):
        if not isinstance(entry, dict):
            problems.append(SheetError(f"players[{index}]", Text("玩家格式错误。", "a player must be an object.")))
            entry = {}
        try:
            if not fields:  # a form with nothing per player: names do not matter
                raise _NoNameNeeded
            name = check_name(entry.get("name"), index)
            if name_key(name) in seen:
                raise SheetError(
                    f"players[{index}].name",
                    Text(
                        f"玩家 {index + 1} 的名字：“{name}”重复了（不区分大小写和全角/半角）。",
                        f"player {index + 1}'s name: “{name}” is used twice (case and full/half width do not count).",
                    ),
                )
            seen.add(name_key(name))
        except _NoNameNeeded:
            name = ""
        except SheetError as error:
            problems.append(error)
            name = ""
        scores = entry.get("scores", {})
        if not isinstance(scores, dict):
            problems.append(SheetError(f"players[{index}].scores", Text("分数格式错误。", "scores must be an object.")))
            scores = {}
        for key in scores:
            if key not in by_key:
                problems.append(_unused_score(game, f"players[{index}].scores.{key}", key))
        values: dict[str, Any] = {}
        for f in fields:
            path = f"players[{index}].scores.{f.key}"
            try:
                values[f.key] = parse_field(scores.get(f.key), f, path)
            except SheetError as error:
                problems.append(_for_player(error, name or str(index + 1)))
                values[f.key] = empty_value(f)
        players.append(Player(name, values, left_blank(scores, fields)))
    table = raw.get("table", {})
    if not isinstance(table, dict):
        problems.append(SheetError("table", Text("桌面条目格式错误。", "table must be an object.")))
        table = {}
    known_table = {f.key for f in table_fields}
    for key in table:
        if key not in known_table:
            problems.append(SheetError(f"table.{key}", Text(f"未知条目：{key}。", f"unknown entry: {key}.")))
    table_values: dict[str, Any] = {}
    for f in table_fields:
        try:
            table_values[f.key] = parse_field(table.get(f.key), f, f"table.{f.key}")
        except SheetError as error:
            problems.append(error)
            table_values[f.key] = empty_value(f)
    for f in fields:
        if f.kind is FieldKind.ONE_PLAYER and players:
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
    sheet = Sheet(tuple(players), table_values, options, table_left_blank(table, table_fields))
    if not problems and game.validate is not None and fields == active_player_fields(game, options):
        problems.extend(game.validate(sheet))
    return sheet, problems


def _other_game(game: Game, named: object) -> SheetError:
    """The problem of a sheet whose "game" entry names another game than the one it is scored as."""
    shown = _shown(named) if isinstance(named, str) else "?"
    return SheetError(
        "game",
        Text(
            f"此表写明是另一个游戏（“{shown}”），不是 {game.name.zh}（{game.id}）。",
            f"this sheet names another game (“{shown}”), not {game.name.en} ({game.id}).",
        ),
    )


BEYOND_EVERY_BOUND = 10**18
"""What a JSON integer too long for Python to convert (over 4,300 digits) reads as: out of every field's bounds."""


def json_int(digits: str) -> int:
    """A JSON integer literal as a number, however long (json.loads's parse_int)."""
    if len(digits) > 19:
        return -BEYOND_EVERY_BOUND if digits.startswith("-") else BEYOND_EVERY_BOUND
    return int(digits)


def read_json(text: str, what: str) -> object:
    """JSON text as the sheets read it; SheetError naming `what` when it is not JSON or nested beyond reading."""
    try:
        return json.loads(text, parse_int=json_int)
    except json.JSONDecodeError as error:
        raise SheetError(
            what,
            Text(
                f"不是有效的 JSON（第 {error.lineno} 行：{error.msg}）。",
                f"not valid JSON ({error.msg}, line {error.lineno}).",
            ),
        ) from None
    except RecursionError:
        raise SheetError(what, Text("JSON 嵌套层数过多，无法读取。", "JSON nested too deeply to read.")) from None


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


class _NoNameNeeded(Exception):
    """Raised internally to skip name checks on forms with no per-player fields."""


def _for_player(error: SheetError, who: str) -> SheetError:
    """Prefix a field message with the player it belongs to."""
    return SheetError(error.path, Text(f"{who}：{error.message.zh}", f"{who}: {error.message.en}"))


# ---------------------------------------------------------------- ranking


def points_breakdown(game: Game, player: Player, options: Mapping[str, bool]) -> dict[str, int]:
    """Points per scored category in use."""
    keys = {f.key for f in active_player_fields(game, options)}
    return {c.field.key: c.points(player.values[c.field.key]) for c in game.categories if c.field.key in keys}


def rank(game: Game, sheet: Sheet, breakdowns: Sequence[Mapping[str, int]], notes: tuple[Text, ...] = ()) -> Result:
    """Place players by total, then by each tie-breaker in turn, then shared; a tie that needs a blank field waits."""
    totals = [sum(b.values()) for b in breakdowns]
    by_total = sorted(range(len(sheet.players)), key=lambda i: -totals[i])
    groups = [[i for i in by_total if totals[i] == total] for total in sorted(set(totals), reverse=True)]
    results: list[PlayerResult] = []
    missing: list[MissingTieBreaker] = []
    for group in groups:
        for run, level in _runs(game, sheet, group, 0):
            place = len(results) + 1
            waiting = len(run) > 1 and level < len(game.tie_breakers)
            if waiting:
                missing.append(_missing(game, sheet, run, level, totals[run[0]]))
            for i in run:
                rivals = [j for j in group if j != i]
                decision = _pending(missing[-1], game.tie_breakers[level]) if waiting else None
                decision = decision or _decide(game, sheet, i, rivals, totals[i])
                results.append(
                    PlayerResult(sheet.players[i].name, totals[i], place, tuple(breakdowns[i].items()), decision)
                )
    all_notes = list(game.notes) + list(notes)
    return Result(game.id, tuple(results), tuple(all_notes), tuple(missing))


def _runs(game: Game, sheet: Sheet, members: list[int], level: int) -> list[tuple[list[int], int]]:
    """Players with the same total in place order, as runs not told apart, each with the tie-breaker it stopped at.

    A run stops at the first tie-breaker one of its players left blank: that field, not 0, settles it.
    """
    if len(members) == 1 or level == len(game.tie_breakers):
        return [(members, level)]
    breaker = game.tie_breakers[level]
    if any(breaker.key in sheet.players[i].blank for i in members):
        return [(members, level)]
    values = sorted({sheet.players[i].values[breaker.key] for i in members}, reverse=breaker.most_wins)
    runs: list[tuple[list[int], int]] = []
    for value in values:
        runs.extend(
            _runs(game, sheet, [i for i in members if sheet.players[i].values[breaker.key] == value], level + 1)
        )
    return runs


def left_blank(scores: Mapping[str, object], fields: Sequence[Field]) -> frozenset[str]:
    """The single-number fields a player left blank (missing, null or only spaces)."""
    return frozenset(f.key for f in fields if not f.entries and is_blank(scores.get(f.key)))


def is_blank(value: object) -> bool:
    """Whether a value as typed is blank: missing, null or only spaces."""
    return value is None or (isinstance(value, str) and not value.strip())


def _item(items: object, index: int) -> object:
    """The index-th item of a list as typed; None past its end or when it is not a list."""
    return items[index] if isinstance(items, list) and index < len(items) else None


def table_left_blank(table: Mapping[str, object], fields: Sequence[Field]) -> frozenset[str]:
    """The table's numbers left blank, each entry and part by its path ("edges[0][1]"); read only as deep as each
    field's entries and parts go (a value of another shape is parse_field's to refuse)."""
    blank: set[str] = set()
    for f in fields:
        if f.kind is FieldKind.CHOICE:
            continue
        cells = [(f.key, table.get(f.key))]
        for count in (len(f.entries), len(f.parts)):
            if count:
                cells = [(f"{path}[{i}]", _item(value, i)) for path, value in cells for i in range(count)]
        blank |= {path for path, value in cells if is_blank(value)}
    return frozenset(blank)


def _missing(game: Game, sheet: Sheet, run: list[int], level: int, total: int) -> MissingTieBreaker:
    """The blank fields that settle a tie, named in both languages."""
    breaker = game.tie_breakers[level]
    label = next((f.label for f in game.player_fields if f.key == breaker.key), breaker.label)
    blank = [i for i in run if breaker.key in sheet.players[i].blank]
    names = [sheet.players[i].name or f"P{i + 1}" for i in blank]
    return MissingTieBreaker(
        [f"players[{i}].scores.{breaker.key}" for i in blank],
        Text(
            f"同为 {total} 分：{'、'.join(names)} 的「{label.zh}」决定这次平手，请填写。",
            f"Tied on {total} points: {label.en} for {_and_list(names)} {'settles' if len(names) == 1 else 'settle'} this tie.",
        ),
    )


def _pending(missing: MissingTieBreaker, breaker: TieBreaker) -> Decision:
    """The decision of a player whose place waits for a blank tie-breaker."""
    return Decision(DecisionKind.PENDING, missing.message, breaker.key, breaker.rule)


def _and_list(names: Sequence[str]) -> str:
    """English list: “A”, “A and B”, “A, B and C”."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _decide(game: Game, sheet: Sheet, i: int, rivals: list[int], total: int) -> Decision:
    """Say which rule set player i apart from the players with the same total."""
    if not rivals:
        return Decision(
            DecisionKind.TOTAL,
            Text(f"总分 {total} 分决定名次。", f"Placed by total points ({total})."),
            section=game.rule,
        )
    values = sheet.players[i].values
    for t in game.tie_breakers:
        rivals = [j for j in rivals if sheet.players[j].values[t.key] == values[t.key]]
        if not rivals:  # the last tie-breaker that left player i alone decided the place
            source = "" if t.in_source else "（此规则不在原文中）"
            source_en = "" if t.in_source else " (this rule is not in the source text)"
            return Decision(
                DecisionKind.TIE_BREAKER,
                Text(
                    f"同为 {total} 分，以「{t.label.zh}」决定（{values[t.key]}）{source}。",
                    f"Tied on {total} points; decided by {t.label.en} ({values[t.key]}){source_en}.",
                ),
                t.key,
                t.rule,
                values[t.key],
            )
    others = "、".join(sheet.players[j].name for j in rivals)
    others_en = ", ".join(sheet.players[j].name for j in rivals)
    if game.tie_breakers:
        return Decision(
            DecisionKind.SHARED,
            Text(
                f"同为 {total} 分，与 {others} 的所有决胜规则也相同：共享名次。",
                f"Tied on {total} points and level with {others_en} on every tie-breaker: the place is shared.",
            ),
            section=game.tie_breakers[-1].rule or game.rule,
        )
    return Decision(
        DecisionKind.SHARED,
        Text(
            f"与 {others} 同为 {total} 分，原文没有决胜规则：共享名次。",
            f"Tied on {total} points with {others_en}; the source text gives no tie-breaker: the place is shared.",
        ),
        section=game.rule,
    )


def summary(game: Game, result: Result) -> Text:
    """The result in one line to copy or share, e.g. "Bruges — 1. Ann 78, 2. Bo 74; tie broken by most money left"."""
    placed = [p for p in result.players if p.place is not None]
    lines = [f"{p.place}. {p.name}" + ("" if p.total is None else f" {p.total}") for p in placed]
    zh, en = f"{game.name.zh} — {'，'.join(lines)}", f"{game.name.en} — {', '.join(lines)}"
    unranked = [p.name for p in result.players if p.place is None]
    if unranked:
        zh, en = f"{zh}；未排名：{'、'.join(unranked)}", f"{en}; not ranked: {', '.join(unranked)}"
    used = {p.decided_by.key for p in result.players if p.decided_by.kind is DecisionKind.TIE_BREAKER}
    breakers = [t for t in game.tie_breakers if t.key in used]
    if breakers:
        zh += "；平手以" + "、".join(f"「{t.label.zh}」" for t in breakers) + "决定"
        en += "; tie broken by " + " and then ".join(t.label.en for t in breakers)
    for place in sorted({p.place for p in placed}):
        names = [p.name for p in placed if p.place == place]
        if len(names) > 1:
            zh += f"；{'、'.join(names)} 并列第 {place} 名"
            en += f"; {', '.join(names[:-1])} and {names[-1]} share place {place}"
    return Text(zh, en)


def score_points(game: Game, sheet: Sheet) -> Result:
    """The usual end of game: sum the categories, rank, break ties."""
    breakdowns = [points_breakdown(game, p, sheet.options) for p in sheet.players]
    return rank(game, sheet, breakdowns)


def score_sheet(game: Game, sheet: Sheet) -> Result:
    """Score a validated sheet; the result may still wait for blank tie-breakers (`Result.missing`)."""
    game = tie_breakers_in_play(game, sheet.options)
    return (game.score or score_points)(game, sheet)


def score(game: Game, raw_sheet: object) -> Result:
    """Validate a sheet and score it; a tie that needs a blank tie-breaker raises, naming the fields."""
    result = score_sheet(game, parse_sheet(game, raw_sheet))
    if result.missing:
        raise result.missing[0]
    return result


def checklist(game: Game, players: int, **options: bool) -> tuple[SetupStep, ...]:
    """The setup checklist; ValueError outside the player range."""
    game.check_players(players)
    return game.setup(players, **_setup_options(game, options))


def setup_diagram(game: Game, players: int, **options: bool) -> Diagram | None:
    """The setup diagram (None: the game has none); ValueError outside the player range."""
    game.check_players(players)
    return None if game.diagram is None else game.diagram(players, **_setup_options(game, options))


def _setup_options(game: Game, options: Mapping[str, bool]) -> dict[str, bool]:
    """The options without the scoring variants, which the setup does not take."""
    scoring_only = {o.key for o in game.options if not o.setup}
    return {key: on for key, on in options.items() if key not in scoring_only}

"""What a player typed into one field, read as a typed value: counts, sums, names, JSON; a SheetError otherwise."""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .model import Field, FieldKind
from .problems import SheetError
from .script_fold import TO_SIMPLIFIED
from .seats import name_of_seat
from .text import Text

MAX_NAME_LENGTH = 40

MINUS_SIGNS = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2212", "-"))
"""Dashes a phone keyboard or autocorrect puts where a minus was meant (NFKC already maps the full-width one)."""

JOINERS = frozenset("\u200c\u200d")
"""Invisible format characters that belong inside names: they join emoji sequences and letters in some scripts."""

SHOWN_LENGTH = 12
"""How much of a rejected value a message quotes."""


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
            shown = quoted(raw)
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
        shown = quoted(raw)
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


def quoted(raw: str) -> str:
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


def field_length(text: str) -> int:
    """The length a text field's maxlength counts: UTF-16 code units, so a character beyond U+FFFF (an emoji) is two."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def check_name(raw: object, index: int, length: Callable[[str], int] = field_length) -> str:
    """A player's name: present, short, plain text without control characters; inner spaces collapsed. `length=len`
    reads a name saved before names were counted as the field counts them (in code points, where an emoji was one)."""
    path = f"players[{index}].name"
    who = name_of_seat(index)
    if raw is not None and not isinstance(raw, str):
        raise SheetError(path, Text(f"{who.zh}：必须是文字。", f"{who.en}: must be text."))
    name = " ".join((raw or "").split())
    if not name:
        raise SheetError(path, Text(f"{who.zh}：不能为空。", f"{who.en}: cannot be empty."))
    if not _without_format(name).strip():
        raise SheetError(path, Text(f"{who.zh}：只有不可见的字符。", f"{who.en}: has only invisible characters."))
    if length(name) > MAX_NAME_LENGTH:
        raise SheetError(
            path,
            Text(
                f"{who.zh}：最多 {MAX_NAME_LENGTH} 个字符（表情符号算两个）。",
                f"{who.en}: at most {MAX_NAME_LENGTH} characters (an emoji counts as two).",
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
    """What makes two names the same player: case, full/half width, composed forms, format characters and the Chinese
    script (a name's Traditional and Simplified forms) do not count."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", _without_format(name)).casefold())
    return folded.translate(TO_SIMPLIFIED)


BEYOND_EVERY_BOUND = 10**18
"""What a JSON integer too long for Python to convert (over 4,300 digits) reads as: out of every field's bounds."""


def json_int(digits: str) -> int:
    """A JSON integer literal as a number, however long (json.loads's parse_int)."""
    if len(digits) > 19:
        return -BEYOND_EVERY_BOUND if digits.startswith("-") else BEYOND_EVERY_BOUND
    return int(digits)


def parse_json(text: str, what: str) -> object:
    """JSON text parsed as the sheets read it (long integers out of every bound); SheetError naming `what` when it is
    not JSON or nested beyond parsing. Text from outside is read with scoring.nesting.read_json, which checks its depth
    first."""
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

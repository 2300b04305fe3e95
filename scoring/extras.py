"""What a saved game keeps beside its sheet: how long it took and a note.

How long it took, in this order: the minutes the table typed; else from the start time it typed (the latest such time
of day at or before the save); else from the sheet's own clock (its first tick or value typed) to the save, unless
that clock started less than MIN_CLOCKED before the save: a sheet filled in only at the end timed its typing, not the
game, and no duration is kept rather than a wrong one. Both are optional: a record saved before they existed has neither and reads as before. The note is plain text (the
page and the CSV escape it); its length is counted in characters (code points), as Python counts them.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta
from typing import Any

from .core import SheetError, Text

MAX_NOTE_CHARS = 500
"""Where, with whom, which variant: a few lines, not a diary (it keeps a 1000-game history small)."""
MAX_DURATION = 24 * 3600
"""A game that took longer was not played in one sitting: its clock ran while the sheet lay open."""
TOO_LONG_AGO = Text(
    "开始时间距离保存超过 24 小时（或在保存之后），因此没有记录用时。",
    "No duration kept: the game started more than 24 hours before it was saved (or after it).",
)
NONE = Text("–", "–")
MIN_CLOCKED = 10 * 60
"""The sheet's own clock (no start time or minutes typed) that started less than this before the save timed the
typing of the sheet, not the game: no duration is kept."""
MAX_MINUTES = MAX_DURATION // 60
MAX_OFFSET = 14 * 60
"""The widest offset of a local time from UTC, in minutes (UTC+14)."""
TYPED_TIME = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def not_in_a_note(ch: str) -> bool:
    """A character no note holds: a control character other than a line end or tab (a terminal runs some: clear the
    screen, set the window's title) or half of a surrogate pair (no UTF-8 can store it). Format characters stay: a note
    in Arabic or Hebrew may need its direction marks, and the page, the CSV and the command line show a note apart."""
    return ch not in "\n\t" and unicodedata.category(ch) in {"Cc", "Cs"}


def note_of(raw: object, path: str = "note") -> str | None:
    """A note as kept: text without surrounding blanks and with plain line ends; None for none; SheetError beyond
    MAX_NOTE_CHARS characters, for anything that is not text, and, as for a name (core.check_name), for a control
    character or half of a surrogate pair (not_in_a_note)."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise SheetError(path, Text("备注必须是文字。", "the note must be text."))
    note = raw.replace("\r\n", "\n").replace("\r", "\n").strip()
    if len(note) > MAX_NOTE_CHARS:
        raise SheetError(
            path,
            Text(
                f"备注太长：{len(note)} 个字符，最多 {MAX_NOTE_CHARS} 个。请删减后再保存。",
                f"the note is too long: {len(note)} characters, at most {MAX_NOTE_CHARS}. Shorten it, then save.",
            ),
        )
    unsafe = next((ch for ch in note if not_in_a_note(ch)), None)
    if unsafe is not None:
        code = f"U+{ord(unsafe):04X}"
        raise SheetError(
            path,
            Text(
                f"备注含有控制字符或残缺的字符（{code}）。请删除后再保存。",
                f"the note contains a control character or half of a character ({code}). Remove it, then save.",
            ),
        )
    return note or None


def duration_of(raw: object, path: str = "duration") -> int | None:
    """A duration as a record keeps it: whole seconds from 0 to MAX_DURATION; None for none; SheetError otherwise."""
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= MAX_DURATION:
        raise SheetError(
            path,
            Text(
                f"用时无效（应为 0 到 {MAX_DURATION} 之间的整秒数）。",
                f"the duration is not a whole number of seconds from 0 to {MAX_DURATION}.",
            ),
        )
    return raw


def duration_between(started: str, saved: str) -> int | None:
    """Seconds from a game's start to its save (both as history.timestamp writes them); None when that is negative
    or over MAX_DURATION (TOO_LONG_AGO says why)."""
    seconds = int((datetime.fromisoformat(saved) - datetime.fromisoformat(started)).total_seconds())
    return seconds if 0 <= seconds <= MAX_DURATION else None


def duration_text(seconds: int) -> Text:
    """A duration as the history and the statistics show it: minutes, or hours and minutes (rounded to the minute)."""
    minutes = (seconds + 30) // 60
    if minutes < 1:
        return Text("不到 1 分钟", "under a minute")
    hours, rest = divmod(minutes, 60)
    if not hours:
        return Text(f"{rest} 分钟", f"{rest} min")
    return Text(f"{hours} 小时 {rest:02} 分钟", f"{hours} h {rest:02} min")


def clock(seconds: int) -> str:
    """A duration as H:MM:SS (the CSV's form: a spreadsheet reads it as a time)."""
    minutes, secs = divmod(seconds, 60)
    return f"{minutes // 60}:{minutes % 60:02}:{secs:02}"


def kept_extras(note: str | None, duration: int | None) -> dict[str, Any]:
    """The keys a record gains for them: none for a game without either (so an old record's form is unchanged)."""
    return {**({"duration": duration} if duration is not None else {}), **({"note": note} if note else {})}


def duration_figures(durations: list[int]) -> dict[str, Any]:
    """The statistics of a game's durations: how many games were timed, the average and the longest (seconds, None
    when none was timed), and their texts (a dash for none: the same shape either way, see sealed_check.head_shaped)."""
    average = round(sum(durations) / len(durations)) if durations else None
    longest = max(durations, default=None)
    return {
        "timed": len(durations),
        "average": average,
        "longest": longest,
        "average_text": NONE.as_dict() if average is None else duration_text(average).as_dict(),
        "longest_text": NONE.as_dict() if longest is None else duration_text(longest).as_dict(),
    }


def clock_too_short(seconds: int) -> Text:
    """Why a duration from the sheet's own clock was not kept: it started only at the end."""
    minutes = seconds // 60
    return Text(
        f"没有记录用时：计时在保存前 {minutes} 分钟才开始（表格是终局时才填的吧）。可以在“开始时间”或“用时”里填上。",
        f"No duration kept: the sheet's clock started only {minutes} min before saving (filled in at the end?). "
        "Type when the game started, or how long it took.",
    )


def clocked(started: str, saved: str) -> tuple[int | None, list[Text]]:
    """The duration from the sheet's own clock (both times as history.timestamp writes them), or None and why not:
    over a day, negative, or under MIN_CLOCKED."""
    seconds = duration_between(started, saved)
    if seconds is None:
        return None, [TOO_LONG_AGO]
    if seconds < MIN_CLOCKED:
        return None, [clock_too_short(seconds)]
    return seconds, []


def minutes_of(raw: object, path: str = "minutes") -> int | None:
    """Minutes typed for how long the game took: None when blank; a whole number from 1 to MAX_MINUTES (full-width
    digits too); SheetError otherwise."""
    text = unicodedata.normalize("NFKC", raw).strip() if isinstance(raw, str) else raw
    if text is None or text == "":
        return None
    if isinstance(text, str) and text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_MINUTES:
        return int(text)
    raise SheetError(
        path,
        Text(
            f"用时应为 1 到 {MAX_MINUTES} 之间的整分钟数，例如 45。",
            f"how long it took must be whole minutes from 1 to {MAX_MINUTES}, such as 45.",
        ),
    )


def start_time_of(raw: object, path: str = "start_time") -> tuple[int, int] | None:
    """A start time typed as a time of day (20:15, full-width too): (hour, minute); None when blank; SheetError
    otherwise."""
    text = unicodedata.normalize("NFKC", raw).strip() if isinstance(raw, str) else raw
    if text is None or text == "":
        return None
    found = TYPED_TIME.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise SheetError(
            path, Text("开始时间应为时:分，例如 20:15。", "the start time must be hours:minutes, such as 20:15.")
        )
    return int(found[1]), int(found[2])


def offset_of(raw: object) -> timedelta:
    """The page's local time's offset from UTC (minutes east, as -Date.getTimezoneOffset()); UTC when not given."""
    if raw is None:
        return timedelta(0)
    if not isinstance(raw, int) or isinstance(raw, bool) or abs(raw) > MAX_OFFSET:
        raise SheetError("utc_offset", Text("时区无法识别。", "the time zone is not a number of minutes."))
    return timedelta(minutes=raw)


def since_start_time(start: tuple[int, int], saved: str, offset: timedelta) -> int:
    """Seconds from the latest time of day `start` (local, at offset from UTC) at or before `saved` (UTC, as
    history.timestamp writes it): a game that started at 23:30 and was saved at 00:20 took 50 minutes."""
    local = datetime.fromisoformat(saved) + offset
    began = local.replace(hour=start[0], minute=start[1], second=0)
    if began > local:
        began -= timedelta(days=1)
    return int((local - began).total_seconds())


def typed_duration(raw: dict[str, Any], saved: str) -> int | None:
    """The duration the table typed (the page's {minutes} or {start_time, utc_offset}), in seconds; None when neither
    is typed; SheetError for both, or for either not understood."""
    minutes = minutes_of(raw.get("minutes"))
    start = start_time_of(raw.get("start_time"))
    if minutes is not None and start is not None:
        raise SheetError(
            "minutes",
            Text("请只填开始时间或用时中的一项。", "type when the game started or how long it took, not both."),
        )
    if minutes is not None:
        return minutes * 60
    return None if start is None else since_start_time(start, saved, offset_of(raw.get("utc_offset")))


def corrected_duration(raw: object, kept: int | None, saved: str) -> int | None:
    """A corrected game's duration: as typed on the correction (blank both: none); the duration it had when the page
    sends neither field (an older page, the command line) or the same minutes it showed (its seconds stay)."""
    if not isinstance(raw, dict) or ("minutes" not in raw and "start_time" not in raw):
        return kept
    typed = typed_duration(raw, saved)
    if typed is not None and kept is not None and typed == (kept + 30) // 60 * 60 and raw.get("start_time") is None:
        return kept
    return typed

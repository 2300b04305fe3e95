"""What a saved game keeps beside its sheet: how long it took (from its first tick or value to its save) and a note.

Both are optional: a record saved before they existed has neither and reads as before. The note is plain text (the
page and the CSV escape it); its length is counted in characters (code points), as Python counts them.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
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

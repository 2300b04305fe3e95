"""How a problem names a player: as the table does, by the name typed; an unnamed seat in words."""

from __future__ import annotations

from collections.abc import Sequence

from .text import Text, english_list

ORDINALS = (
    Text("第一位玩家", "the first player"),
    Text("第二位玩家", "the second player"),
    Text("第三位玩家", "the third player"),
    Text("第四位玩家", "the fourth player"),
    Text("第五位玩家", "the fifth player"),
    Text("第六位玩家", "the sixth player"),
    Text("第七位玩家", "the seventh player"),
    Text("第八位玩家", "the eighth player"),
)
"""Seats in words, left to right on the sheet (no game here seats more than eight)."""


def placeholder(index: int) -> str:
    """What the page sends for a seat left unnamed: its placeholder, “P1”, “P2”…."""
    return f"P{index + 1}"


def seat_words(index: int) -> Text:
    """A seat in words: “the third player”, “第三位玩家”; past the table, “player 9”."""
    return ORDINALS[index] if 0 <= index < len(ORDINALS) else Text(f"第 {index + 1} 位玩家", f"player {index + 1}")


def _unnamed(name: str, index: int) -> bool:
    """Whether a seat has no name of its own: blank, a bad name (read as blank), or the page's placeholder."""
    return not name or name == placeholder(index)


def _capital(words: Text) -> Text:
    """A seat in words at the start of a message: “The third player”."""
    return Text(words.zh, words.en[:1].upper() + words.en[1:])


def called(name: str, index: int) -> Text:
    """A player as the table names them: the name typed, else (blank, a bad name, the placeholder) the seat in words."""
    return seat_words(index) if _unnamed(name, index) else Text.same(name)


def called_at_start(name: str, index: int) -> Text:
    """called(), for the start of a message: a seat in words gets its capital, a name stays as typed."""
    return _capital(seat_words(index)) if _unnamed(name, index) else Text.same(name)


def listed(names: Sequence[str], seats: Sequence[int], at_start: bool = False) -> Text:
    """Several players as the table names them, in one list: “Ann、第三位玩家”, “Ann and the third player”."""
    who = [(called_at_start if at_start and n == 0 else called)(names[i], i) for n, i in enumerate(seats)]
    return Text("、".join(w.zh for w in who), english_list([w.en for w in who]))


def name_of_seat(index: int) -> Text:
    """The name field of a seat, at the start of a message: “The second player's name”, “第二位玩家的名字”."""
    seat = _capital(seat_words(index))
    return Text(f"{seat.zh}的名字", f"{seat.en}'s name")

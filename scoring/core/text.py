"""A piece of text in both languages: every message, label and name the site shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


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


def english_list(items: Sequence[str]) -> str:
    """Items as an English list: “A”, “A and B”, “A, B and C”."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"

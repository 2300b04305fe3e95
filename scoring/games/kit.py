"""What the game modules share: the maker of a score sheet's whole-number fields.

The player count needs no check here: scoring.core checks it before it calls a game's `setup`, `diagram` or scoring.
An English list (“A, B and C”) is scoring.core.english_list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Field, Text


def counts_from(default_section: str) -> Callable[..., Field]:
    """The maker of a game's whole-number fields, each defined in this rules section unless it names another."""

    def count(
        key: str, zh: str, en: str, help_zh: str, help_en: str, section: str = default_section, **more: Any
    ) -> Field:
        """A whole-number field: its key, its label and help in both languages, bounds and the like in `more`."""
        return Field(key, Text(zh, en), Text(help_zh, help_en), section=section, **more)

    return count

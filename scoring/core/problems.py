"""The problems a sheet can have: a bad field, and blank fields the ranking needs; each in both languages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .text import Text


class SheetError(ValueError):
    """Bad input, naming the field, in both languages."""

    def __init__(self, path: str, message: Text) -> None:
        super().__init__(f"{path}: {message.en}")
        self.path = path
        self.message = message

    def as_dict(self) -> dict[str, str]:
        """JSON form."""
        return {"field": self.path, **self.message.as_dict()}


class Conflict(SheetError):
    """Values the game could not have produced together (more marble than it has): names every field involved."""

    def __init__(self, paths: Sequence[str], message: Text) -> None:
        super().__init__(", ".join(paths), message)
        self.paths = tuple(paths)

    def as_dict(self) -> dict[str, Any]:
        """JSON form: the first field as `field` (as every problem has), all of them as `fields`."""
        return {"field": self.paths[0], "fields": list(self.paths), **self.message.as_dict()}


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


class MissingChoice(MissingValues):
    """A choice the table has not made (a rule the source leaves open) that the ranking needs: one question."""

    kind = "choice"

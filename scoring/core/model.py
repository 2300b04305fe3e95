"""A game's description and the values that pass through it: texts, fields, setup, sheets, results."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .problems import MissingValues, SheetError
from .text import Text

MAX_VALUE = 999
"""No count or score on these sheets comes near this: anything larger is a typing slip."""


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
    section: str = ""  # id of the rules section that defines it
    requires: str = ""  # key of the option that must be on for this field to be used
    blank_is_zero: bool = True  # False: blank is missing, not 0, where the result needs it (values printed on a board)

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
    section: str = ""  # id of the rules section that states it (or, for one not in the source, says so)
    requires: str = ""  # key of the option that must be on for this tie-breaker to apply


@dataclass(frozen=True)
class Supply:
    """A component the source gives a number of, counted by a per-player field: what the sheet claims may not pass it.

    Across the table (each player's value, every entry added up), or `per_player` (one player's entries added up: the
    servants of one colour)."""

    key: str  # the per-player field that counts it
    total: int  # how many the source says the game has
    unit: Text = Text("", "")  # after the number: Text("張卡片", " cards"); empty for a plain count
    adds: tuple[tuple[str, int], ...] = ()  # (option, more) an expansion brings: pets add 17 cards
    per_player: bool = False

    def limit(self, options: Mapping[str, bool]) -> int:
        """How many the game has with these options."""
        return self.total + sum(more for option, more in self.adds if options.get(option, False))


@dataclass(frozen=True)
class OneEach:
    """Numbered pieces, one of each number (Bruges' statues): a number typed (0 aside) is held by one player, once."""

    key: str  # the per-player field whose entries name the numbers held
    piece: Text  # Text("雕像", "statue"): “statue 7 is already Ann's”


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
    starts: bool = False  # the step that chooses the start player: the checklist's random pick goes with it


class PieceShape(Enum):
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

    shape: PieceShape
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
    section: str = ""
    fills: tuple[str, ...] = ()  # the score sheet's fields its result can be copied to (HelperResult.fills' keys)


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
            "kind": self.kind.value,
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
    seat: int  # the player's column on the sheet (the result lists players in place order)

    def as_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "name": self.name,
            "total": self.total,
            "place": self.place,
            "breakdown": dict(self.breakdown),
            "decided_by": self.decided_by.as_dict(),
            "seat": self.seat,
        }


@dataclass(frozen=True)
class Result:
    """The whole result, players in place order."""

    game: str
    players: tuple[PlayerResult, ...]
    notes: tuple[Text, ...] = ()
    missing: tuple[MissingValues, ...] = ()  # blank tie-breakers a tie needs, or columns it waits for: not final

    def as_dict(self) -> dict[str, Any]:
        """JSON form (scoring/answers.py's Result): without `missing`, which api's Waiting answer gives as problems."""
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
    section: str = ""  # id of the rules section that says who wins
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
    supplies: tuple[Supply, ...] = ()  # limits across players (or a player's entries) that the source states
    one_each: tuple[OneEach, ...] = ()  # numbered pieces of which the source has one each

    @property
    def player_fields(self) -> tuple[Field, ...]:
        """Every per-player input: scored categories, then tie-breaker inputs."""
        return tuple(c.field for c in self.categories) + self.extra_player_fields

    def blank_is_missing(self) -> frozenset[str]:
        """Keys of the score sheet's fields whose blank is not 0: tie-breaker inputs (a tie asks for them) and fields
        marked so (Palais Royal's printed edge points)."""
        marked = (f.key for f in (*self.player_fields, *self.table_fields) if not f.blank_is_zero)
        return frozenset((*(t.key for t in self.tie_breakers), *marked))

    def final_fields(self) -> tuple[Field, ...]:
        """The scored counts a player types at the end (a helper's copy fills the others; a mark such as a start-player
        card is sent for every seat): one typed starts a column."""
        copied = {key for h in self.helpers for key in h.fills}
        return tuple(c.field for c in self.categories if c.field.kind is FieldKind.COUNT and c.field.key not in copied)

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

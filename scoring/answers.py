"""What crosses from Python to the page: every answer of scoring.api (and of static/worker.py around it), declared
once, as the JSON the page parses.

Each public function of scoring.api names its answer here in its return annotation; tests/unit/conftest.py checks
every answer the unit tests get against it, key for key, and tests/unit/test_api_shapes.py checks that the page's
scripts read only keys declared here. An answer is ok (`ok: True`), or says why not: refused (`problems`, each naming
its field), waiting (a result whose places need blank tie-breakers), or asking for the stored history's text again
(`resend`).

No `from __future__ import annotations` here: TypedDict reads NotRequired only from evaluated annotations.
"""

from typing import Any, Literal, NotRequired, TypedDict


class TextDict(TypedDict):
    """A piece of text in both languages (core.Text)."""

    zh: str
    en: str


Pictures = dict[str, str]
"""The same picture as SVG in each language, by language tag (svg.both)."""


class Problem(TypedDict):
    """What is wrong, naming the field (core.SheetError); blank fields the ranking needs add all of them and why."""

    field: str
    zh: str
    en: str
    fields: NotRequired[list[str]]  # core.MissingValues: every field to fill, `field` the first
    kind: NotRequired[Literal["missing", "tie", "choice"]]


class Decision(TypedDict):
    """Why a player has their place (core.Decision)."""

    kind: Literal["total", "tie-breaker", "shared", "winner", "unranked", "pending"]
    key: str | None
    section: str
    value: int | None
    zh: str
    en: str


class PlacedPlayer(TypedDict):
    """One player's line of a saved game (history.make_record), and of a result (RankedPlayer)."""

    name: str
    total: int | None
    place: int | None
    breakdown: dict[str, int]
    decided_by: Decision


class RankedPlayer(PlacedPlayer):
    """One player's line of a result (core.PlayerResult): a saved game's line and the seat it is for (the player's
    column on the sheet; the result lists players in place order)."""

    seat: int


class Result(TypedDict):
    """A sheet's result (core.Result.as_dict), players in place order. Its `missing` (blank tie-breakers a tie needs)
    is not here: a result that waits for them comes as Waiting, the fields to fill as its problems."""

    game: str
    players: list[RankedPlayer]
    notes: list[TextDict]


class Refused(TypedDict):
    """Bad input: every problem. static/worker.py answers a failure of its own in this shape too."""

    ok: Literal[False]
    problems: list[Problem]


# ---------------------------------------------------------------- the score sheet, its setup and its helpers


class PartialTotal(TypedDict):
    """A player's points so far on a sheet with problems; no total while a field of theirs has one."""

    index: int
    total: int | None
    breakdown: dict[str, int]


class Scored(TypedDict):
    """A final sheet: its result, chart and one-line summary (problems empty), and the value of every sum typed."""

    ok: Literal[True]
    problems: list[Problem]
    result: Result
    chart: Pictures
    summary: TextDict
    sums: dict[str, int]


class Waiting(TypedDict):
    """A sheet whose places wait for blank tie-breakers: the fields to fill (problems) and the places so far."""

    ok: Literal[False]
    problems: list[Problem]
    result: Result
    partial: list[PartialTotal]
    sums: dict[str, int]


class Incomplete(TypedDict):
    """A sheet with problems: every one, and each player's points so far (none for a game that ranks otherwise)."""

    ok: Literal[False]
    problems: list[Problem]
    partial: list[PartialTotal]
    sums: dict[str, int]


Evaluated = Scored | Waiting | Incomplete
"""api.evaluate: a sheet being typed."""


class SetupLine(TextDict):
    """One line of a setup checklist, with its note; `start`: the step that chooses the start player."""

    note: TextDict | None
    start: bool


class Setup(TypedDict):
    """api.setup_json: a checklist and its diagram for the screen and the printed card (None: the game has none)."""

    game: str
    players: int
    options: dict[str, bool]
    steps: list[SetupLine]
    diagram: Pictures | None
    print_diagram: Pictures | None


class SetupAnswer(Setup):
    """What the page gets for a checklist: static/worker.py adds `ok`."""

    ok: Literal[True]


class HelperAnswer(TypedDict):
    """An in-game helper's answer: its lines and the values it offers to copy into the score sheet, by field."""

    ok: Literal[True]
    lines: list[TextDict]
    fills: dict[str, list[int]]


# ---------------------------------------------------------------- the history of finished games


class Record(TypedDict):
    """A saved game (history.make_record): checked as stored by sealed_check.record_shaped."""

    id: str
    saved: str
    game: str
    game_name: TextDict
    players: list[PlacedPlayer]
    winners: list[str]
    sheet: dict[str, Any]
    duration: NotRequired[int]  # seconds, when the game was timed
    edited: NotRequired[str]  # when it was corrected
    note: NotRequired[str]


class Stored(TypedDict):
    """A history changed or read: the text to store (sealed), and what was wrong with the text read."""

    ok: bool
    problems: list[Problem]
    stored: str


class HistoryList(Stored):
    """A history as its list shows it: the records, the merged names, each timed game's duration in words."""

    records: list[Record]
    names: dict[str, str]
    durations: dict[str, TextDict]


class SetAside(Stored):
    """A change refused because the stored text has problems: the page must set it aside first."""

    stored_problems: Literal[True]


class Resend(TypedDict):
    """The history held here is not the one named by its seal: the page must send its text."""

    ok: Literal[False]
    problems: list[Problem]
    resend: Literal[True]


Alias = TypedDict("Alias", {"name": str, "as": str})
"""A name that counts as someone else (players.aliases, players.renamed)."""


class Person(TypedDict):
    """Everyone in a history under one identity (players.people): games played, last seen, other names."""

    name: str
    games: int
    last: str
    also: list[str]


class Added(Stored):
    """api.history_add: the record saved (or found already there), and what its note and duration say."""

    record: Record
    added: int
    count: int
    notices: list[TextDict]


class AddedShared(Stored):
    """api.history_add_shared: the record a link carried, added unless already there."""

    record: Record
    added: int
    count: int


class Imported(HistoryList):
    """api.history_import: how many records were added, already there or left out; the games a later correction
    replaced, as they were; names now merged."""

    added: int
    already: int
    replaced: list[Record]
    skipped: int
    renamed: list[Alias]


class Replaced(Stored):
    """api.history_replace: the corrected record, and the one it replaced (for one undo)."""

    record: Record
    previous: Record
    count: int


class Undone(Stored):
    """api.history_undo: the record put back."""

    record: Record


class Renamed(HistoryList):
    """api.history_rename and history_separate: the history, and everyone under their identities now."""

    people: list[Person]


class Exported(TypedDict):
    """api.history_export: the history as a JSON file and as CSV."""

    ok: Literal[True]
    problems: list[Problem]
    json: str
    csv: str


class BgStatsLink(TypedDict, total=False):
    """One saved game for BG Stats (scoring/bgstats.py): its import link, or why there is none."""

    url: str
    problem: TextDict


class BgStatsLinks(TypedDict):
    """api.history_bgstats: by record id, each saved game's link to BG Stats or why there is none."""

    ok: Literal[True]
    problems: list[Problem]
    links: dict[str, BgStatsLink]


class Held(TypedDict):
    """api.history_hold: the history read and held here; the text to store when it had to be re-scored."""

    ok: bool
    problems: list[Problem]
    count: int
    stored: NotRequired[str]


class People(TypedDict):
    """api.history_people."""

    ok: Literal[True]
    problems: list[Problem]
    people: list[Person]


class Statistics(TypedDict):
    """api.history_stats: the figures (stats.statistics; sealed_check.head_template holds every key) and their pictures,
    everyone and their other names, and where the time went (ms, for the benchmark)."""

    ok: Literal[True]
    problems: list[Problem]
    aliases: list[Alias]
    stats: dict[str, Any]
    charts: dict[str, Any] | None
    people: list[Person]
    ms: dict[str, float]


class StatisticsPictures(TypedDict):
    """api.history_pictures: the statistics' pictures alone (svg.stats_charts)."""

    ok: Literal[True]
    problems: list[Problem]
    charts: dict[str, Any]
    ms: dict[str, float]


# ---------------------------------------------------------------- a result passed to another phone


class Link(TypedDict):
    """api.share_link: the link to a final sheet, its QR code if asked (SVG in each language), its summary."""

    ok: Literal[True]
    problems: list[Problem]
    link: str
    qr: Pictures | None
    summary: TextDict


class Received(TypedDict):
    """api.share_view: the result a link carries, re-scored here."""

    ok: Literal[True]
    problems: list[Problem]
    record: Record
    result: Result
    chart: Pictures
    summary: TextDict


# ---------------------------------------------------------------- made by the page, not by Python


class NotStarted(TypedDict):
    """static/calculator.js's answer to every call when the calculator could not start."""

    ok: Literal[False]
    notStarted: Literal[True]  # the page's own key, in its own spelling
    problems: list[Problem]


class Stopped(TypedDict):
    """static/watchdog.js's answer to a call the worker died before answering."""

    ok: Literal[False]
    stopped: Literal[True]
    problems: list[Problem]


# ---------------------------------------------------------------- each player's own column (scoring/column.py)


class ColumnLink(TypedDict):
    """api.column_ask and api.column_back: the link for one seat's column, its QR code if asked (None: too long)."""

    ok: Literal[True]
    problems: list[Problem]
    link: str
    qr: Pictures | None


class ColumnPeek(TypedDict):
    """api.column_peek: whose column a link hands back, and for which game's sheet (what every column answer says)."""

    ok: Literal[True]
    problems: list[Problem]
    game: str
    seat: int
    name: str


class ColumnAsked(ColumnPeek):
    """api.column_open: what a seat's link carries (the host's game, player count, variants, seat and its name)."""

    players: int
    options: dict[str, bool]


class ColumnTaken(ColumnAsked):
    """api.column_take: a column received, as it goes into the sheet here; what it would replace (asked first) and
    what to say once it is in (a start-player card the column leaves where the host's sheet has it)."""

    scores: dict[str, Any]
    adopt: bool
    replaces: list[TextDict]
    notes: list[TextDict]

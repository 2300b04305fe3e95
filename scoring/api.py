"""JSON in, JSON out: what the command line and the browser worker call."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from . import GAMES, column, get_game
from .bgstats import bgstats_answer
from .core import (
    Game,
    Result,
    SheetError,
    Text,
    check_helper_sheet,
    check_sheet,
    checklist,
    points_breakdown,
    score,
    score_sheet,
    setup_diagram,
    summary,
    sums_in,
)
from .extras import clocked, corrected_duration, duration_text, note_of, typed_duration
from .history import (
    History,
    corrected,
    document,
    head_of,
    make_record,
    merge,
    merged,
    read_file,
    read_head,
    read_history,
    read_stored,
    seal_of,
    sealed,
    timestamp,
    to_csv,
)
from .players import aliases, merged_names, rename, renamed, separate
from .share import decode, link, qr_svgs
from .stats import Filters, parse_filters, statistics
from .svg import both, print_setup_figure, result_chart, setup_figure, stats_charts

if TYPE_CHECKING:  # the answers' declarations: read by type hints and tests, never needed to answer
    from . import answers


def _refused(*problems: SheetError) -> answers.Refused:
    """The answer to bad input: not ok, and every problem (each naming its field, in both languages)."""
    return {"ok": False, "problems": [p.as_dict() for p in problems]}


def setup_json(game_id: str, players: int, options: dict[str, bool] | None = None) -> answers.Setup:
    """The checklist as JSON, with its diagram as SVG in each language, for the screen and for the printed card
    (None if the game has none)."""
    game = get_game(game_id)
    known = {o.key for o in game.options if o.setup}  # a scoring variant does not change the setup
    chosen = {k: bool(v) for k, v in (options or {}).items() if k in known}
    steps = checklist(game, players, **chosen)
    diagram = setup_diagram(game, players, **chosen)
    return {
        "game": game.id,
        "players": players,
        "options": chosen,
        "steps": [{**s.text.as_dict(), "note": s.note.as_dict() if s.note else None, "start": s.starts} for s in steps],
        "diagram": None if diagram is None else both(setup_figure, diagram),
        "print_diagram": None if diagram is None else both(print_setup_figure, diagram),
    }


def score_json(game_id: str, sheet: object) -> answers.Result:
    """The result of a valid sheet; SheetError for the first bad field."""
    return score(get_game(game_id), sheet).as_dict()


def evaluate(game_id: str, sheet: object) -> answers.Evaluated:
    """For a sheet being typed: every problem; the result and its chart (SVG, each language) or partial totals;
    the value of every field typed as a sum (by path)."""
    return {**_evaluate(get_game(game_id), sheet), "sums": sums_in(sheet)}


def _evaluate(game: Game, sheet: object) -> dict[str, Any]:
    """evaluate() without the sums typed."""
    parsed, problems = check_sheet(game, sheet)
    if not problems and parsed is not None:
        result = score_sheet(game, parsed)
        if result.missing:
            return _waiting(result)
        return {
            "ok": True,
            "problems": [],
            "result": result.as_dict(),
            "chart": both(result_chart, game, result),
            "summary": summary(game, result).as_dict(),
        }
    partial: list[dict[str, Any]] = []
    if parsed is not None and game.score is None:
        for index, player in enumerate(parsed.players):
            mine = [p for p in problems if any(path.startswith(f"players[{index}].scores") for path in _paths(p))]
            breakdown = points_breakdown(game, player, parsed.options)
            partial.append({"index": index, "total": None if mine else sum(breakdown.values()), "breakdown": breakdown})
    return {**_refused(*problems), "partial": partial}


def _paths(problem: SheetError) -> tuple[str, ...]:
    """Every field a problem names: several for blank fields or values in conflict, else its one path."""
    return getattr(problem, "paths", (problem.path,))


def _waiting(result: Result) -> dict[str, Any]:
    """A sheet whose ranking waits for blank tie-breakers: the fields to fill, and the places so far."""
    return {
        "ok": False,
        "problems": [m.as_dict() for m in result.missing],
        "result": result.as_dict(),
        "partial": [],
    }


def run_helper(game_id: str, helper_id: str, sheet: object) -> answers.HelperAnswer | answers.Refused:
    """Run an in-game helper; problems instead of a result when its input is bad."""
    game = get_game(game_id)
    helper = next((h for h in game.helpers if h.id == helper_id), None)
    if helper is None:
        return _refused(SheetError("helper", Text(f"未知工具：{helper_id}。", f"unknown helper: {helper_id}.")))
    parsed, problems = check_helper_sheet(game, helper, sheet)
    if problems or parsed is None:
        return _refused(*problems)
    try:
        result = helper.compute(parsed)
    except SheetError as error:
        return _refused(error)
    return {
        "ok": True,
        "lines": [line.as_dict() for line in result.lines],
        "fills": {k: list(v) for k, v in result.fills.items()},
    }


# ---------------------------------------------------------------- history of finished games


Stored = str | bytes | None
"""A stored history as the page sends it: its text or UTF-8, or "@" and the seal of the one held here."""
Given = ParamSpec("Given")
Answer = TypeVar("Answer")


@dataclass(frozen=True)
class _Unread:
    """A stored history sealed under today's rules whose head and names were read, not yet its records."""

    stored: str | bytes
    seal: str
    head: dict[str, Any]
    names: dict[str, str]


_held: dict[str | bytes, History | _Unread] = {}
"""The stored history last read or written here, checked, under "@" and its seal (or its text, when not sealed under
today's rules): the next call need not send it, nor read and check it again."""


def needs_text(stored: Stored) -> bool:
    """Whether `stored` is "@" and a seal that is not the history held here: the caller must send the text itself."""
    return isinstance(stored, str) and stored.startswith("@") and stored not in _held


def _read(stored: Stored) -> History:
    """The stored history (its text or UTF-8, or "@" and the seal of the one held here), checked once per text."""
    if isinstance(stored, str) and stored.startswith("@"):
        if stored not in _held:
            raise KeyError(f"no history held under {stored[:40]}")  # needs_text() says so beforehand
        key, text, seal = stored, stored, stored[1:]
    else:
        text = stored or ""
        seal = seal_of(text)
        key = text if seal is None else f"@{seal}"
    held = _held.get(key)
    if isinstance(held, _Unread):
        text = held.stored
    if not isinstance(held, History):
        held = read_stored(text, seal)
        _held.clear()
        _held[key] = held
    return held


def _head(stored: Stored) -> tuple[dict[str, Any], dict[str, str]] | None:
    """The head (statistics under no filter, everyone) and names of the stored history: read alone from a text
    sealed with them, or the held history's; None when only reading every record would tell."""
    if isinstance(stored, str) and stored.startswith("@"):
        held = _held.get(stored)
    else:
        seal = seal_of(stored)
        if seal is None:
            return None
        held = _held.get(f"@{seal}")
        if held is None:
            found = read_head(stored or b"")
            if found is None:
                return None
            _held.clear()
            held = _held[f"@{seal}"] = _Unread(stored or b"", seal, *found)
    if isinstance(held, _Unread):
        return held.head, held.names
    if isinstance(held, History) and not held.problems:
        return head_of(held), held.names
    return None


def _history_answer(history: History, shown: bool = True, **extra: Any) -> dict[str, Any]:
    """A history as the page gets it: the text to store, what was wrong with the text read, the records if shown."""
    stored, seal = sealed(history)
    _held.clear()
    _held[f"@{seal}"] = History(history.records, history.names, head=history.head)
    answer = {"ok": history.error is None, "problems": [p.as_dict() for p in history.problems], "stored": stored}
    listed = {"records": history.records, "names": history.names, "durations": _durations(history.records)}
    return {**answer, **listed, **extra} if shown else {**answer, **extra}


def _durations(records: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """How long each timed game took, as the history list shows it (by record id)."""
    return {r["id"]: duration_text(r["duration"]).as_dict() for r in records if "duration" in r}


def history_view(stored: Stored) -> answers.HistoryList:
    """The stored history, checked: what to show, and problems when the stored text must be set aside."""
    return _history_answer(_read(stored))


def _on_sound_history(
    change: Callable[Concatenate[History, Given], Answer],
) -> Callable[Concatenate[Stored, Given], Answer]:
    """A call that changes or exports the stored history: it gets the history read and checked, and is refused when
    the stored text has problems (answers.SetAside: the page must set it aside first; each such call declares it)."""

    @functools.wraps(change)
    def call(stored: Stored, /, *args: Given.args, **kwargs: Given.kwargs) -> Answer:
        history = _read(stored)
        if history.problems:
            return {**_history_answer(history, shown=False), "ok": False, "stored_problems": True}
        return change(history, *args, **kwargs)

    return call


def _extras(raw: object, saved: str) -> tuple[str | None, int | None, list[Text]]:
    """The note and the duration a sheet is saved with, from the page's {started, start_time, minutes, utc_offset,
    note} (extras.py: typed minutes, else a typed start time, else the sheet's clock): SheetError for what the table
    typed and cannot be kept (it can change it); a clock that gives no duration is only said (`notices`)."""
    if raw is None:
        return None, None, []
    if not isinstance(raw, dict):
        raise SheetError("extras", Text("备注和开始时间格式错误。", "the note and start time must be an object."))
    note = note_of(raw.get("note"))
    typed = typed_duration(raw, timestamp(saved))
    if typed is not None:
        return note, typed, []
    if raw.get("started") is None:
        return note, None, []
    try:
        started = timestamp(raw["started"], "started")
    except SheetError:
        unread = Text("开始时间无法识别，因此没有记录用时。", "No duration kept: the start time could not be read.")
        return note, None, [unread]
    return note, *clocked(started, timestamp(saved))


@_on_sound_history
def history_add(
    history: History, game_id: str, sheet: object, saved: str, extras: object = None
) -> answers.Added | answers.Refused | answers.SetAside:
    """Add a final sheet to the stored history, with its note and duration (extras: the page's {started, note});
    problems (naming the field) when it is not final or its note is too long."""
    try:
        note, duration, notices = _extras(extras, saved)
        record = make_record(game_id, sheet, saved, note, duration)
    except SheetError as error:
        return _refused(error)
    records, added = merge(history.records, [record])
    answer = _history_answer(History(records, history.names), shown=False)
    told = [n.as_dict() for n in notices]
    return {**answer, "record": record, "added": added, "count": len(records), "notices": told}


@_on_sound_history
def history_import(current: History, content: str | bytes) -> answers.Imported | answers.Refused | answers.SetAside:
    """Merge an exported history file (its bytes, or text) into the stored one: how many were added, already there or
    left out, the games a later correction in the file replaced (`replaced`, as they were: each can be put back with
    history_undo), and which names now count as someone else (`renamed`: the file's merged names, where this history
    had none for them)."""
    incoming = read_file(content)
    if incoming.error is not None:
        return _refused(incoming.error)
    both = merged(current.records, incoming.records)
    names = merged_names(current.names, incoming.names)
    return {
        **_history_answer(History(both.records, names)),
        "problems": [p.as_dict() for p in [*incoming.problems, *both.future]],
        "added": both.added,
        "already": len(incoming.records) - both.added - len(both.replaced),
        "replaced": both.replaced,
        "skipped": len(incoming.skipped),
        "renamed": renamed(current.names, names),
    }


NO_LONGER_THERE = SheetError(
    "record",
    Text(
        "要修改的对局已不在历史记录中（可能已在别处删除）。可以把这张表作为新的一局存入。",
        "the game being corrected is no longer in the history (deleted elsewhere?). The sheet can be saved as a new game.",
    ),
)


@_on_sound_history
def history_replace(
    history: History, record_id: object, game_id: str, sheet: object, extras: object, edited: object
) -> answers.Replaced | answers.Refused | answers.SetAside:
    """Replace a saved game by its corrected sheet (and note): the same identity and time, its duration as corrected
    (extras.corrected_duration: kept unless the page typed another); the
    record replaced comes back as `previous`, for one undo (history_undo)."""
    old = next((r for r in history.records if r["id"] == record_id), None)
    if old is None or old["game"] != game_id:
        return _refused(NO_LONGER_THERE)
    try:
        note = _extras(
            {**extras, "minutes": None, "start_time": None} if isinstance(extras, dict) else extras, old["saved"]
        )[0]
        duration = corrected_duration(extras, old.get("duration"), old["saved"])
        record = make_record(game_id, sheet, old["saved"], note, duration)
        record = corrected(record, old["id"], timestamp(edited, "edited"))
    except SheetError as error:
        return _refused(error)
    records = [record if r["id"] == old["id"] else r for r in history.records]
    answer = _history_answer(History(records, history.names), shown=False)
    return {**answer, "record": record, "previous": old, "count": len(records)}


@_on_sound_history
def history_undo(history: History, previous: object) -> answers.Undone | answers.Refused | answers.SetAside:
    """Put back the record a correction replaced (as history_replace gave it; read and checked as a file's record)."""
    read = read_history(json.dumps(document([previous])))
    if read.problems or len(read.records) != 1 or all(r["id"] != read.records[0]["id"] for r in history.records):
        nothing = Text("没有可撤销的修改。", "there is no correction to undo.")
        return _refused(SheetError("record", nothing), *read.problems)
    back = read.records[0]
    records = [back if r["id"] == back["id"] else r for r in history.records]
    return {**_history_answer(History(records, history.names), shown=False), "record": back}


@_on_sound_history
def history_delete(history: History, record_id: str) -> answers.HistoryList | answers.SetAside:
    """The stored history without one record."""
    return _history_answer(History([r for r in history.records if r["id"] != record_id], history.names))


@_on_sound_history
def history_export(history: History, exported: str) -> answers.Exported | answers.SetAside:
    """The stored history as a JSON file (importable here) and as CSV."""
    text = json.dumps(document(history.records, exported, history.names), ensure_ascii=False, indent=1)
    return {"ok": True, "problems": [], "json": text, "csv": to_csv(history.records)}


@_on_sound_history
def history_bgstats(history: History, record_ids: str = "") -> answers.BgStatsLinks | answers.SetAside:
    """Each saved game's link to BG Stats (bgstats.py), or why there is none, by record id: every game's, or only
    those named (ids separated by commas: the games a page is about to show)."""
    named = set(record_ids.split(",")) if record_ids else None
    chosen = [r for r in history.records if named is None or r.get("id") in named]
    return {"ok": True, "problems": [], "links": {r["id"]: bgstats_answer(r) for r in chosen}}


_computed: dict[str, tuple[Any, ...]] = {}
"""The figures last computed (of which history, under which filters) and everyone in that history: the pictures drawn
next, and the figures under the next filters, need not count them again."""


def _figures(history: History, chosen: Filters) -> dict[str, Any]:
    """The statistics of a history under these filters (the last ones are kept; under none, its head's)."""
    if chosen == Filters():
        return head_of(history)["figures"]
    last = _computed.get("figures")
    if last is None or last[0] is not history or last[1] != chosen:
        last = _computed["figures"] = (history, chosen, statistics(history.records, history.names, chosen))
    return last[2]


def _without_series(figures: dict[str, Any]) -> dict[str, Any]:
    """The figures without each game's totals over time: only its picture shows them (as its text equivalent)."""
    return {**figures, "games": [{k: v for k, v in g.items() if k != "timeline"} for g in figures["games"]]}


def _asked(stored: Stored, filters: object) -> tuple[dict[str, Any], list[Any], dict[str, Any]] | dict:
    """What a statistics call needs: the figures under the filters, everyone, and the rest of the answer (names,
    problems); or the answer instead: the text is needed (`resend`), a filter is bad. Under no filter, a history
    sealed with its head is answered from the head alone, before its records are read."""
    if needs_text(stored):
        return {"ok": False, "problems": [], "resend": True}
    try:
        chosen = parse_filters(filters)
    except SheetError as error:
        return _refused(error)
    found = _head(stored) if chosen == Filters() else None
    if found is not None:
        head, names = found
        return head["figures"], head["people"], {"problems": [], "aliases": aliases(head["people"], names)}
    history = _read(stored)
    everyone = head_of(history)["people"]
    rest = {"problems": [p.as_dict() for p in history.problems], "aliases": aliases(everyone, history.names)}
    return _figures(history, chosen), everyone, rest


def history_stats(
    stored: Stored, filters: object, pictures: bool = True
) -> answers.Statistics | answers.Resend | answers.Refused:
    """The statistics of the stored history (re-scored with today's rules), with their pictures in each language;
    without pictures (nor the totals over time only they show), for a page that asks history_pictures() next.

    `stored` may be "@" and the seal of the history held here (the page need not send 2 MB again for each filter);
    when that is not the one held, the answer asks for the text itself (`resend`)."""
    started = time.perf_counter()
    asked = _asked(stored, filters)
    if isinstance(asked, dict):
        return asked
    figures, everyone, rest = asked
    counted = time.perf_counter()
    charts = stats_charts(figures) if pictures else None
    ms = {"figures": counted - started, "charts": time.perf_counter() - counted}
    return {
        "ok": True,
        **rest,
        "stats": figures if pictures else _without_series(figures),
        "charts": charts,
        "people": everyone,
        "ms": {k: round(v * 1000, 1) for k, v in ms.items()},  # where the time went, for the benchmark
    }


def history_pictures(stored: Stored, filters: object) -> answers.StatisticsPictures | answers.Resend | answers.Refused:
    """The pictures of the statistics (as history_stats draws them), in each language: the page shows the figures
    first and asks for these next."""
    started = time.perf_counter()
    asked = _asked(stored, filters)
    if isinstance(asked, dict):
        return asked
    charts = stats_charts(asked[0])
    return {
        "ok": True,
        "problems": [],
        "charts": charts,
        "ms": {"charts": round((time.perf_counter() - started) * 1000, 1)},
    }


def history_hold(stored: Stored) -> answers.Held:
    """Read and check the stored history now and hold it here, so that the next views need only its seal; and, when
    it had to be re-scored, the text to store (sealed under today's rules)."""
    history = _read(stored)
    answer = {"ok": history.error is None, "problems": [], "count": len(history.records)}
    checked_in_full = stored in _held and not (isinstance(stored, str) and stored.startswith("@"))  # held by its text
    if not checked_in_full or history.error is not None or history.problems or not history.records:
        return answer
    # Checked and re-scored in full (sealed under other rules: the site was updated): the text to store instead, so
    # that the next visit need not do it again.
    return {**_history_answer(history, shown=False), **answer}


def history_people(stored: Stored) -> answers.People:
    """Everyone in the history under one identity each, most games first (for the score sheet's quick picks)."""
    history = _read(stored)
    return {"ok": True, "problems": [], "people": head_of(history)["people"]}


@_on_sound_history
def history_rename(history: History, old: object, new: object) -> answers.Renamed | answers.Refused | answers.SetAside:
    """Count every game of `old` under `new`: a rename, or a merge when `new` is someone already in the history."""
    names, error = rename(history.names, history.records, old, new)
    if error is not None:
        return _refused(error)
    changed = History(history.records, names)
    return _history_answer(changed, people=head_of(changed)["people"])


@_on_sound_history
def history_separate(history: History, name: object) -> answers.Renamed | answers.SetAside:
    """Undo a merge for one name: it counts as itself again."""
    names = separate(history.names, name)
    changed = History(history.records, names)
    return _history_answer(changed, people=head_of(changed)["people"])


# ---------------------------------------------------------------- a result passed to another phone


def share_link(base: str, game_id: str, sheet: object, saved: str, qr: bool = True) -> answers.Link | answers.Refused:
    """The link (play/ with the sheet in its fragment) and, if asked, its QR code (SVG in each language) for a final
    sheet; problems if it is not final. Drawing the code takes most of the time (segno tries eight masks)."""
    try:
        record = make_record(game_id, sheet, saved)
    except SheetError as error:
        return _refused(error)
    address = link(base, record)
    pictures = qr_svgs(address) if qr else None
    return {"ok": True, "problems": [], "link": address, "qr": pictures, "summary": _summary(record)}


def _summary(record: dict[str, Any]) -> dict[str, str]:
    """A record's one-line result."""
    game = get_game(record["game"])
    return summary(game, score(game, record["sheet"])).as_dict()


def share_view(payload: object) -> answers.Received | answers.Refused:
    """The result a link carries, re-scored here: what to show; a message in both languages when it cannot be read."""
    try:
        record = decode(payload)
    except SheetError as error:
        return _refused(error)
    game = get_game(record["game"])
    result = score(game, record["sheet"])
    return {
        "ok": True,
        "problems": [],
        "record": record,
        "result": result.as_dict(),
        "chart": both(result_chart, game, result),
        "summary": summary(game, result).as_dict(),
    }


@_on_sound_history
def history_add_shared(history: History, payload: object) -> answers.AddedShared | answers.Refused | answers.SetAside:
    """Add the result a link carries to the stored history, checked like an import: nothing twice."""
    try:
        record = decode(payload)
    except SheetError as error:
        return _refused(error)
    records, added = merge(history.records, [record])
    answer = _history_answer(History(records, history.names), shown=False)
    return {**answer, "record": record, "added": added, "count": len(records)}


# ---------------------------------------------------------------- each player's own column, by link


def _column_link(prefix: str, payload: str, base: str, qr: bool) -> answers.ColumnLink:
    """A column's link (play/ with the payload in its fragment) and, if asked, its QR code."""
    address = f"{base.split('#', 1)[0]}#{prefix}{payload}"
    title, desc = (column.ASK_TITLE, column.ASK_DESC) if prefix == column.ASK else (column.BACK_TITLE, column.BACK_DESC)
    pictures = qr_svgs(address, title, desc, error=column.QR_ERROR) if qr else None
    return {"ok": True, "problems": [], "link": address, "qr": pictures}


def column_ask(
    base: str, game_id: str, sheet: object, seat: object, qr: bool = True
) -> answers.ColumnLink | answers.Refused:
    """The link (and QR code) that opens this sheet's game, player count and variants on another phone, with one
    seat's column to fill; problems when the sheet or seat is not one."""
    try:
        return _column_link(column.ASK, column.ask_payload(game_id, sheet, seat), base, qr)
    except SheetError as error:
        return _refused(error)


def column_back(
    base: str, game_id: str, sheet: object, seat: object, qr: bool = True
) -> answers.ColumnLink | answers.Refused:
    """The link (and QR code) that hands one seat's column of this sheet back to the host's phone."""
    try:
        return _column_link(column.BACK, column.column_payload(game_id, sheet, seat), base, qr)
    except SheetError as error:
        return _refused(error)


def column_open(payload: object) -> answers.ColumnAsked | answers.Refused:
    """What a seat's link carries; a message in both languages when it cannot be read."""
    try:
        return {"ok": True, "problems": [], **column.read_ask(payload)}  # type: ignore[typeddict-item]
    except SheetError as error:
        return _refused(error)


def column_peek(payload: object) -> answers.ColumnPeek | answers.Refused:
    """Whose column a link hands back, for which game's sheet; a message in both languages when it cannot be read."""
    try:
        read = column.read_column(payload)
    except SheetError as error:
        return _refused(error)
    return {"ok": True, "problems": [], "game": read["game"], "seat": read["seat"], "name": read["name"]}


def column_take(sheet: object, payload: object) -> answers.ColumnTaken | answers.Refused:
    """A column received, as it goes into this phone's sheet of its game (`sheet`, as the page collects it):
    the seat's fields, and what typed here it would replace; why not when it does not fit."""
    try:
        return {"ok": True, "problems": [], **column.merge(sheet, column.read_column(payload))}  # type: ignore[typeddict-item]
    except SheetError as error:
        return _refused(error)


def column_evaluate(game_id: str, sheet: object, seat: object) -> answers.Incomplete | answers.Refused:
    """A sheet filled on a phone for one seat only: the problems of that seat's column and its points so far (no
    ranking: the other columns are on the host's phone), with the sums typed."""
    if game_id not in GAMES:
        return _refused(SheetError("game", Text("没有这个游戏。", "there is no such game.")))
    try:
        at = column.seat_of(sheet, seat)
    except SheetError as error:
        return _refused(error)
    answer: dict[str, Any] = dict(evaluate(game_id, sheet))
    own = column.own_problems(answer["problems"], at)
    partial = [p for p in answer.get("partial", []) if p["index"] == at]
    if not partial and "result" in answer:  # every column complete: the seat's line of the result
        player = next(p for p in answer["result"]["players"] if p["seat"] == at)
        partial = [{"index": at, "total": player["total"], "breakdown": player["breakdown"]}]
    return {"ok": False, "problems": own, "partial": partial, "sums": answer["sums"]}

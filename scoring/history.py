"""The local history of finished games: one record per final sheet, the history file, CSV rows, import checks.

A record keeps the sheet as scored (names cleaned, numbers as numbers) and what the result said: every
player's total, place and the rule that decided it. Reading a history (from the browser's storage or
an imported file) rebuilds each record from its sheet with the current rules, so a record can never
claim a total its scores do not give.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from . import GAMES
from .core import (
    Player,
    Sheet,
    SheetError,
    Text,
    active_player_fields,
    json_int,
    parse_sheet,
    score_sheet,
    sum_text,
)
from .extras import clock, duration_of, kept_extras, note_of
from .nesting import too_deep
from .players import people, read_names
from .sealed_check import head_shaped, names_shaped, record_shaped
from .stats import Filters, statistics

FORMAT = "table-companion-history"
VERSION = 1
MAX_RECORDS = 1000
"""More finished games than a table plays in years; it keeps the history well inside browser storage."""
MAX_FILE_CHARS = 10_000_000
CSV_COLUMNS = (
    "saved",
    "game",
    "game_zh",
    "game_en",
    "place",
    "player",
    "total",
    "winner",
    "decided_by",
    "reason_zh",
    "reason_en",
    "record",
    "duration",
    "note",
)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet runs a cell that starts with one of these as a formula."""


NOT_STORED = frozenset(
    {
        "api.py",
        "answers.py",
        "share.py",
        "svg/__init__.py",
        "svg/chart.py",
        "svg/diagram.py",
        "svg/drawing.py",
        "svg/stats_pictures.py",
        "__main__.py",
    }
)
"""The scoring modules (paths inside scoring/) that shape nothing the history stores (the calls and their answers'
declarations, links, pictures and command line): a change to them alone leaves every stored history sealed. Any other module, in any subfolder (core/,
games/, a new game's too), is in the seal."""


def rules_digest(folder: Path) -> str:
    """A digest of the source of every scoring module in folder and its subfolders that shapes a stored history: the
    same for the same rules, different after any change to them."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        name = path.relative_to(folder).as_posix()
        if name not in NOT_STORED:
            digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


RULES = rules_digest(Path(__file__).parent)
SEALED = re.compile(rf'\{{"format":"{FORMAT}","version":{VERSION},"checked":"([0-9a-f]{{32}})",'.encode())
"""The start of a history stored by this site (UTF-8): a seal over the rest (the names and records) and today's rules."""


@dataclass
class History:
    """A history as read: the records kept, the ones left out (with why), or why nothing could be read."""

    records: list[dict[str, Any]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    """One identity per player: a name's key to the name shown (players.py)."""
    skipped: list[SheetError] = field(default_factory=list)
    recomputed: list[SheetError] = field(default_factory=list)
    dropped: list[SheetError] = field(default_factory=list)
    """A record's duration or note that could not be read: the record is kept without it."""
    name_problems: list[SheetError] = field(default_factory=list)
    error: SheetError | None = None
    head: dict[str, Any] | None = None
    """What the statistics view shows first (the figures under no filter, and everyone), as stored with it."""

    @property
    def problems(self) -> list[SheetError]:
        """Everything that makes the text read differ from the history kept."""
        return [self.error] if self.error else [*self.skipped, *self.recomputed, *self.dropped, *self.name_problems]


# ---------------------------------------------------------------- one record


def plain(value: Any) -> Any:
    """A parsed field value in JSON form (tuples become lists)."""
    return [plain(v) for v in value] if isinstance(value, tuple) else value


def _normal(game_id: str, sheet: Sheet, raw: object) -> dict[str, Any]:
    """A parsed sheet as the history keeps it (raw: the sheet as given, for sums kept as typed)."""
    game = GAMES[game_id]
    fields = active_player_fields(game, sheet.options)
    breakers = {t.key for t in game.tie_breakers}
    return {
        "players": [
            {"name": p.name, "scores": {f.key: kept(p, f.key, scores, breakers) for f in fields}}
            for p, scores in zip(sheet.players, _raw_scores(raw), strict=False)
        ],
        "table": {f.key: plain(sheet.table[f.key]) for f in game.table_fields},
        "options": dict(sheet.options),
    }


def _raw_scores(raw: object) -> list[dict[str, Any]]:
    """Each player's scores as given (parse_sheet has already checked them)."""
    players = raw.get("players", []) if isinstance(raw, dict) else []
    return [p.get("scores") or {} if isinstance(p, dict) else {} for p in players]


def kept(player: Player, key: str, raw: dict[str, Any], breakers: set[str]) -> Any:
    """A value as the history keeps it: a blank tie-breaker stays blank (not 0), a sum as its terms ("20+8")."""
    if key in player.blank and key in breakers:
        return None
    typed = sum_text(raw.get(key))
    return terms_of(typed) if typed else plain(player.values[key])


def terms_of(typed_sum: str) -> str:
    """A sum the sheet accepted, as the values of its terms ("007 + 1" is "7+1"): the value, not the keystrokes (a
    megabyte of leading zeros is one digit). Each term is whole digits, in any script, of at most six significant."""
    return "+".join(
        "".join(str(unicodedata.decimal(ch)) for ch in term.strip()).lstrip("0") or "0" for term in typed_sum.split("+")
    )


def timestamp(raw: object, path: str = "saved") -> str:
    """A moment as the history writes it: its one canonical form, UTC to the second (2000-01-01T00:00:00Z to
    2999-12-31T23:59:59Z), whatever offset it came with; SheetError for anything else. The range is checked in UTC, so
    that whatever is written is read back (2000-01-01T00:30:00+01:00 is 1999 in UTC: refused on the way in)."""
    bad = SheetError(path, Text("保存时间无法识别。", "the time it was saved is not a date and time."))
    if not isinstance(raw, str) or len(raw) > 40:
        raise bad
    try:
        moment = datetime.fromisoformat(raw)
        utc = moment.astimezone(UTC)
    except (ValueError, OverflowError):
        raise bad from None
    if moment.tzinfo is None or not 2000 <= utc.year <= 2999:
        raise bad
    return utc.strftime("%Y-%m-%dT%H:%M:%SZ")


def record_id(game_id: str, saved: str, sheet: dict[str, Any]) -> str:
    """The same game saved at the same second is the same record, whichever file it comes from."""
    text = json.dumps([game_id, saved, sheet], sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def make_record(
    game_id: object, raw_sheet: object, saved: object, note: object = None, duration: object = None, limits: bool = True
) -> dict[str, Any]:
    """The record of a final sheet, with its note and duration if any (extras.py); SheetError (naming the field) if
    the sheet is not final or either is not one a record keeps."""
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise SheetError("game", Text(f"未知游戏：{str(game_id)[:40]}。", f"unknown game: {str(game_id)[:40]}."))
    when = timestamp(saved)
    extras = kept_extras(note_of(note), duration_of(duration))
    game = GAMES[game_id]
    parsed = parse_sheet(game, raw_sheet, limits)  # limits=False: a record read back (saved before they were checked)
    sheet = _normal(game_id, parsed, raw_sheet)
    result = score_sheet(game, parsed)  # as core.score does, without parsing the sheet again
    if result.missing:
        raise result.missing[0]
    players = [
        {
            "name": p.name,
            "total": p.total,
            "place": p.place,
            "breakdown": dict(p.breakdown),
            "decided_by": p.decided_by.as_dict(),
        }
        for p in result.players
    ]
    return {
        "id": record_id(game_id, when, sheet),
        "saved": when,
        "game": game_id,
        "game_name": GAMES[game_id].name.as_dict(),
        "players": players,
        "winners": [p["name"] for p in players if p["place"] == 1],
        "sheet": sheet,
        **extras,
    }


# ---------------------------------------------------------------- a history


def document(
    records: list[dict[str, Any]], exported: str | None = None, names: dict[str, str] | None = None
) -> dict[str, Any]:
    """The history as stored in the browser and exported as a file (with the merged names, if any)."""
    head: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if exported is not None:
        head["exported"] = timestamp(exported, "exported")
    return {**head, **({"names": names} if names else {}), "records": records}


def _seal(rest: str | bytes) -> str:
    """The seal of a stored history's names and records (text, or its UTF-8) under today's rules: BLAKE2b, twice as
    quick as SHA-256 in the browser's Python over 2 MB (32 hex digits either way)."""
    digest = hashlib.blake2b(RULES.encode(), digest_size=16)
    digest.update(rest.encode() if isinstance(rest, str) else rest)
    return digest.hexdigest()


def stored_text(history: History) -> str:
    """The history as the browser keeps it, sealed: read back under the same rules, it need not be re-scored."""
    return sealed(history)[0]


def head_of(history: History) -> dict[str, Any]:
    """The history's head (computed once): the statistics under no filter, and everyone in it."""
    if history.head is None:
        history.head = {
            "figures": statistics(history.records, history.names, Filters()),
            "people": people(history.records, history.names),
        }
    return history.head


def sealed(history: History) -> tuple[str, str]:
    """The history as the browser keeps it (stored_text), and its seal. Its head comes first, then the names, then
    the records: opened from a reload, the statistics view reads the head alone (read_head)."""
    rest = json.dumps(
        {"head": head_of(history), "names": history.names, "records": history.records},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    seal = _seal(rest[1:])
    return f'{{"format":"{FORMAT}","version":{VERSION},"checked":"{seal}",{rest[1:]}', seal


def read_head(stored: str | bytes) -> tuple[dict[str, Any], dict[str, str]] | None:
    """The head and the names of a history sealed with them (as sealed() writes it; seal_of() checked it), without
    reading its records; None for one sealed without a head."""
    data = stored.encode() if isinstance(stored, str) else stored
    found = SEALED.match(data)
    start = found.end() if found else 0
    records = data.find(b',"records":[', start)  # not inside a string: a quote in one is written \"
    if not found or not data.startswith(b'"head":', start) or records < 0:
        return None
    try:  # the seal has no key: a text sealed anew after a change must not be trusted blindly (sealed_check.py)
        text = data[start + len(b'"head":') : records].decode()
        if too_deep(text):
            return None
        decoder = json.JSONDecoder()
        head, end = decoder.raw_decode(text)
        names = decoder.raw_decode(text, end + len(',"names":'))[0]
    except ValueError:
        return None
    return (head, names) if head_shaped(head) and names_shaped(names) else None


def seal_of(stored: str | bytes | None) -> str | None:
    """The seal of a history stored by this site (its text or UTF-8) under today's rules and unchanged since; None
    for any other text."""
    data = stored.encode() if isinstance(stored, str) else stored or b""
    found = SEALED.match(data)
    return found.group(1).decode() if found and found.group(1).decode() == _seal(data[found.end() :]) else None


def read_stored(stored: str | bytes | None, seal: str | None = "") -> History:
    """The browser's stored history (text or UTF-8): as it is when sealed under today's rules and unchanged; checked
    otherwise. seal: its seal_of(), when that is known already."""
    seal = seal_of(stored) if seal == "" else seal
    if seal is not None and (kept := _as_sealed(stored)) is not None:  # type: ignore[arg-type]
        return kept
    return read_history(stored.decode(errors="replace") if isinstance(stored, bytes) else stored)


def _as_sealed(stored: str | bytes) -> History | None:
    """A sealed history as stored, when every record, the names and the head have the shape this site writes; None
    (read it in full) otherwise: the seal has no key, so a text changed and sealed again is possible (sealed_check.py)."""
    if too_deep(stored):
        return None
    try:
        data = json.loads(stored)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    records, names, head = data.get("records"), data.get("names"), data.get("head")
    if not isinstance(records, list) or len(records) > MAX_RECORDS or not names_shaped(names):
        return None
    if not all(record_shaped(r) for r in records) or (head is not None and not head_shaped(head)):
        return None
    return History(records=records, names=names, head=head)


def newest_first(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records by the time they were saved, newest first."""
    return sorted(records, key=lambda r: (r["saved"], r["id"]), reverse=True)


FUTURE_SLACK = timedelta(days=1)
"""How far a correction's date may be ahead of this device's clock (another device's may be ahead of it): a later date
is no moment a correction was made at. Such a correction never replaces a game, and any copy of its game replaces it."""


@dataclass
class Merged:
    """Two lists of records merged: the records, how many were new, the ones a later correction replaced (as they
    were, for an undo) and the corrections refused for a date in the future."""

    records: list[dict[str, Any]]
    added: int = 0
    replaced: list[dict[str, Any]] = field(default_factory=list)
    future: list[SheetError] = field(default_factory=list)


def _edit_rank(record: dict[str, Any], latest: str) -> tuple[bool, str]:
    """How a record's correction ranks in a merge: one dated after `latest` below any other (a copy of its game without
    it wins), then by the date it was corrected (none first)."""
    edited = record.get("edited") or ""
    return edited <= latest, edited


def _future(record: dict[str, Any]) -> SheetError:
    """What is said of a correction dated in the future."""
    when, edited = record["saved"], record.get("edited")
    return SheetError(
        "edited",
        Text(
            f"{when} 的一局：修改时间 {edited} 在将来，修改未被采用，保留了这里的记录。",
            f"the game of {when}: its correction is dated {edited}, in the future; it was refused and the game saved "
            "here was kept.",
        ),
    )


def merged(current: list[dict[str, Any]], incoming: list[dict[str, Any]], now: datetime | None = None) -> Merged:
    """Both lists without duplicates, newest first. Of one game in both, the one corrected last is kept, else the
    current one; a correction dated in the future (beyond FUTURE_SLACK of now) never wins."""
    latest = ((now or datetime.now(UTC)) + FUTURE_SLACK).strftime("%Y-%m-%dT%H:%M:%SZ")
    by_id = {r["id"]: r for r in current}
    result = Merged([])
    for record in incoming:
        old = by_id.get(record["id"])
        if old is None:
            by_id[record["id"]] = record
            result.added += 1
        elif not _edit_rank(record, latest)[0]:
            result.future += [] if record == old else [_future(record)]
        elif _edit_rank(record, latest) > _edit_rank(old, latest):
            by_id[record["id"]] = record
            result.replaced.append(old)
    result.records = newest_first(list(by_id.values()))
    return result


def merge(current: list[dict[str, Any]], incoming: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """Both lists merged (merged()), and how many incoming records were new."""
    both = merged(current, incoming)
    return both.records, both.added


def _file_error(zh: str, en: str) -> History:
    """A history that could not be read at all."""
    return History(error=SheetError("file", Text(zh, en)))


def _not_a_history() -> History:
    """A text that is no history file of this site."""
    return _file_error("这不是“桌游助手”的历史记录文件。", "this is not a history file exported by Table Companion.")


def read_file(content: str | bytes) -> History:
    """A history file chosen to import or to read on the command line, by one rule for both: UTF-8 (a byte-order mark
    is allowed), not empty, then checked as read_history checks it. A text (from a page that decoded it) is read as
    it is, without its mark."""
    if isinstance(content, bytes):
        try:
            content = content.decode("utf-8")  # its mark removed below (no utf-8-sig codec in the cut library)
        except UnicodeDecodeError:
            return _file_error(
                "文件不是 UTF-8 文本，不是本站的历史记录。", "the file is not UTF-8 text: not a history from this site."
            )
    content = content.removeprefix("\ufeff")
    if len(content) <= MAX_FILE_CHARS and not content.strip():  # too large is said first (read_history)
        return _file_error(
            "文件是空的，不是本站的历史记录（本站导出的文件即使没有记录也不是空的）。",
            "the file is empty: not a history from this site (an export without games is not empty).",
        )
    return read_history(content)


def read_history(text: str | None) -> History:
    """A history file's text (or the browser's stored copy), every record checked and rebuilt."""
    if text is None or text == "":
        return History()
    data = _read_document(text)
    if isinstance(data, History):
        return data
    raw_records = data["records"]
    names, name_problems = read_names(data.get("names"))
    history = History(names=names, name_problems=name_problems)
    seen: set[str] = set()
    for index, raw in enumerate(raw_records):
        try:
            record = _read_record(raw, index)
        except SheetError as error:
            history.skipped.append(error)
            continue
        record, dropped = _with_extras(record, raw, index)
        record, unread = _as_corrected(record, raw, index)
        history.dropped += dropped + unread
        if "players" in raw and outcome(raw["players"]) != outcome(record["players"]):
            history.recomputed.append(
                SheetError(
                    f"records[{index}].players",
                    Text(
                        f"第 {index + 1} 条记录：保存的总分或名次与其分数不符，已按现行规则重新计算。",
                        f"record {index + 1}: the totals or places it gave do not follow from its scores; "
                        "they were recomputed with the current rules.",
                    ),
                )
            )
        if record["id"] not in seen:
            seen.add(record["id"])
            history.records.append(record)
    history.records = newest_first(history.records)
    return history


def _read_document(text: str) -> dict[str, Any] | History:
    """A history file read as JSON and checked as a whole (size, format, version, the list of records): its data, or
    the History that says why it cannot be read."""
    if len(text) > MAX_FILE_CHARS:
        return _file_error(
            f"文件太大（超过 {MAX_FILE_CHARS // 1_000_000} MB），不是本站的历史记录。",
            f"the file is too large (over {MAX_FILE_CHARS // 1_000_000} MB) to be a history from this site.",
        )
    if too_deep(text):  # nested beyond any history: Python in the browser would die parsing it
        return _not_a_history()
    try:
        data = json.loads(text, parse_int=json_int)  # a 5,000-digit number is a number out of bounds, not a crash
    except (json.JSONDecodeError, RecursionError):
        return _file_error("文件不是 JSON 格式，无法读取。", "the file is not JSON and cannot be read.")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return _not_a_history()
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return _file_error("历史记录文件的版本号无效。", "the history file has no valid version number.")
    if version > VERSION:
        return _file_error(
            f"此文件由较新版本的本站生成（格式 {version}），这里只能读取格式 {VERSION}。",
            f"this file was made by a newer version of the site (format {version}); this one reads format {VERSION}.",
        )
    raw_records = data.get("records")
    if not isinstance(raw_records, list):
        return _file_error("文件中没有记录列表。", "the file has no list of records.")
    if len(raw_records) > MAX_RECORDS:
        return _file_error(
            f"记录太多（{len(raw_records)} 条，最多 {MAX_RECORDS} 条）。",
            f"too many records ({len(raw_records)}; at most {MAX_RECORDS}).",
        )
    return data


def outcome(players: object) -> object:
    """Who got which total and place: what a record must not change unnoticed."""
    if not isinstance(players, list):
        return players
    return [(p.get("name"), p.get("total"), p.get("place")) if isinstance(p, dict) else p for p in players]


def _read_record(raw: object, index: int) -> dict[str, Any]:
    """One record of a file, rebuilt from its game, time and sheet; SheetError naming the record."""
    where = Text(f"第 {index + 1} 条记录", f"record {index + 1}")
    if not isinstance(raw, dict):
        raise SheetError(f"records[{index}]", Text(f"{where.zh}：格式错误。", f"{where.en}: not a record."))
    try:
        sheet = _implied_options(raw.get("game"), raw.get("sheet"))
        return make_record(raw.get("game"), sheet, raw.get("saved"), limits=False)
    except SheetError as error:
        raise SheetError(
            f"records[{index}].{error.path}",
            Text(f"{where.zh}：{error.message.zh}", f"{where.en}: {error.message.en}"),
        ) from None


IDENTITY = re.compile(r"[0-9a-f]{20}")
"""A record's id as record_id writes it."""


def corrected(record: dict[str, Any], identity: str, edited: str) -> dict[str, Any]:
    """A record corrected after it was saved: it keeps the identity of the one it replaces (its id, its time) and says
    when it was corrected (a correction's id is no longer the digest of its sheet)."""
    return {**record, "id": identity, "edited": edited}


def _as_corrected(record: dict[str, Any], raw: dict[str, Any], index: int) -> tuple[dict[str, Any], list[SheetError]]:
    """A record read with the identity it was corrected under, when its file says so; a correction that cannot be read
    keeps the game under the digest of its sheet, and says so."""
    if raw.get("edited") is None:
        return record, []
    identity = raw.get("id")
    try:
        edited = timestamp(raw["edited"], "edited")
        if not isinstance(identity, str) or not IDENTITY.fullmatch(identity):
            raise SheetError("id", Text("标识无效。", "its id is not one this site writes."))
    except SheetError as error:
        said = Text(
            f"第 {index + 1} 条记录：修改记录无法读取（{error.message.zh}），该局按其分数重新标识。",
            f"record {index + 1}: its correction could not be read ({error.message.en}); the game is kept as a new one.",
        )
        return record, [SheetError(f"records[{index}].edited", said)]
    return corrected(record, identity, edited), []


def _with_extras(record: dict[str, Any], raw: dict[str, Any], index: int) -> tuple[dict[str, Any], list[SheetError]]:
    """A record read with the duration and note its file gives, each checked (extras.py); one that cannot be kept is
    left out, and said so (the game itself is kept)."""
    kept: dict[str, Any] = {}
    dropped = []
    for key, check in (("duration", duration_of), ("note", note_of)):
        try:
            kept[key] = check(raw.get(key), key)
        except SheetError as error:
            dropped.append(
                SheetError(
                    f"records[{index}].{key}",
                    Text(
                        f"第 {index + 1} 条记录：{error.message.zh}该局已保留，但没有{'用时' if key == 'duration' else '备注'}。",
                        f"record {index + 1}: {error.message.en} The game is kept without it.",
                    ),
                )
            )
    return {**record, **kept_extras(kept.get("note"), kept.get("duration"))}, dropped


def _implied_options(game_id: object, sheet: object) -> object:
    """A record's sheet with the options added to its game since it was saved: on where the sheet fills a field that
    now needs one (Bruges's money became the `guilders_tiebreak` variant; older records were ranked by it)."""
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None or not isinstance(sheet, dict) or not isinstance(sheet.get("options"), dict):
        return sheet
    players = sheet.get("players")
    filled = {
        key
        for p in (players if isinstance(players, list) else [])
        if isinstance(p, dict) and isinstance(p.get("scores"), dict)
        for key in p["scores"]
    }
    implied = {
        f.requires: True
        for f in game.player_fields
        if f.requires and f.requires not in sheet["options"] and f.key in filled
    }
    return {**sheet, "options": {**sheet["options"], **implied}} if implied else sheet


# ---------------------------------------------------------------- CSV


def _cell(text: str) -> str:
    """Text for a CSV cell that a spreadsheet shows as text, never runs as a formula."""
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_categories(records: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Every score category of the games in these records, as (game, category key), in site order."""
    present = {r["game"] for r in records}
    return [(gid, key) for gid, game in GAMES.items() if gid in present for key in game.category_labels()]


def csv_rows(records: list[dict[str, Any]]) -> list[list[str]]:
    """One row per player per game (place order), after a header row; a column per category (game.key) after."""
    categories = csv_categories(records)
    rows = [[*CSV_COLUMNS, *(f"{gid}.{key}" for gid, key in categories)]]
    for record in records:
        for player in record["players"]:
            reason = player["decided_by"]
            rows.append(
                [
                    record["saved"],
                    record["game"],
                    _cell(record["game_name"]["zh"]),
                    _cell(record["game_name"]["en"]),
                    "" if player["place"] is None else str(player["place"]),
                    _cell(player["name"]),
                    "" if player["total"] is None else str(player["total"]),
                    "yes" if player["place"] == 1 else "no",
                    reason["kind"],
                    _cell(reason["zh"]),
                    _cell(reason["en"]),
                    record["id"],
                    clock(record["duration"]) if "duration" in record else "",
                    _cell(record.get("note", "")),
                    *(
                        str(player["breakdown"].get(key, "")) if gid == record["game"] else ""
                        for gid, key in categories
                    ),
                ]
            )
    return rows


def to_csv(records: list[dict[str, Any]]) -> str:
    """The history as CSV (UTF-8 with a byte-order mark, so spreadsheets read the Chinese right)."""
    out = io.StringIO()
    csv.writer(out).writerows(csv_rows(records))
    return "\ufeff" + out.getvalue()

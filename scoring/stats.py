"""Statistics of a history: wins, averages, where the points come from, totals over time.

Computed from records as history.read_history rebuilds them (re-scored with today's rules), each player under
their identity (players.py). A shared first place is a win for each player who shares it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from . import GAMES
from .core import SheetError, Text
from .extras import duration_figures
from .players import person_key, shown_names

SHARED_WIN = Text(
    "并列第一算作每位并列者各赢一局。", "A shared first place counts as a win for each player who shares it."
)
MIXED_POINTS = Text(
    "不同游戏的分数尺度不同：总平均分只供参考，请按游戏比较。",
    "Points of different games are on different scales: the overall figures are a rough guide, compare within a game.",
)


@dataclass(frozen=True)
class Filters:
    """Which records count: one game, one player's games, saved within a date range (days, inclusive)."""

    game: str | None = None
    player: str | None = None
    since: str | None = None
    until: str | None = None

    def as_dict(self) -> dict[str, str | None]:
        """JSON form."""
        return {"game": self.game, "player": self.player, "since": self.since, "until": self.until}


def _day(raw: object, path: str) -> str | None:
    """A day as YYYY-MM-DD, or None when not given; SheetError otherwise."""
    if raw in (None, ""):
        return None
    try:
        if not isinstance(raw, str) or len(raw) != 10:
            raise ValueError
        return date.fromisoformat(raw).isoformat()
    except ValueError:
        raise SheetError(path, Text("日期无法识别（应为 年-月-日）。", "not a date (year-month-day).")) from None


def parse_filters(raw: object) -> Filters:
    """Filters as the page or the command line gives them; SheetError naming the bad one."""
    if raw is None:
        return Filters()
    if not isinstance(raw, dict):
        raise SheetError("filters", Text("筛选条件格式错误。", "the filters must be an object."))
    game = raw.get("game") or None
    if game is not None and (not isinstance(game, str) or game not in GAMES):  # a list is no key (TypeError)
        raise SheetError("filters.game", Text(f"未知游戏：{str(game)[:40]}。", f"unknown game: {str(game)[:40]}."))
    player = raw.get("player") or None
    if player is not None and not isinstance(player, str):
        raise SheetError("filters.player", Text("玩家必须是文字。", "the player must be text."))
    since, until = _day(raw.get("since"), "filters.since"), _day(raw.get("until"), "filters.until")
    if since and until and since > until:
        raise SheetError("filters.until", Text("结束日期早于开始日期。", "the end date is before the start date."))
    return Filters(game, player, since, until)


def _chosen(records: list[dict[str, Any]], person: Callable[[str], str], filters: Filters) -> list[dict[str, Any]]:
    """The records the filters let through, oldest first."""
    wanted = person(filters.player) if filters.player else None
    kept = []
    for record in records:
        day = record["saved"][:10]
        if filters.game and record["game"] != filters.game:
            continue
        if (filters.since and day < filters.since) or (filters.until and day > filters.until):
            continue
        if wanted and all(person(p["name"]) != wanted for p in record["players"]):
            continue
        kept.append(record)
    return sorted(kept, key=lambda r: (r["saved"], r["id"]))


def _mean(values: list[float]) -> float | None:
    """The average to one decimal, None for no values."""
    return round(sum(values) / len(values), 1) if values else None


class _Tally:
    """One player's figures over some records."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.played = 0
        self.wins = 0
        self.shared_wins = 0
        self.totals: list[int] = []
        self.best: dict[str, Any] | None = None
        self.points: dict[str, list[int]] = defaultdict(list)

    def add(self, record: dict[str, Any], player: dict[str, Any], shared_first: bool) -> None:
        """Count one game of this player."""
        self.played += 1
        if player["place"] == 1:
            self.wins += 1
            self.shared_wins += shared_first
        total = player["total"]
        if total is not None:
            self.totals.append(total)
            if self.best is None or total > self.best["total"]:
                self.best = {"id": record["id"], "saved": record["saved"], "game": record["game"], "total": total}
        points = self.points
        for key, value in player["breakdown"].items():
            points[key].append(value)

    def include(self, other: _Tally) -> None:
        """Count the games of another tally of this player too (other records: another game's)."""
        self.played += other.played
        self.wins += other.wins
        self.shared_wins += other.shared_wins
        self.totals += other.totals
        if other.best is not None and (
            self.best is None
            or (-other.best["total"], other.best["saved"], other.best["id"])
            < (-self.best["total"], self.best["saved"], self.best["id"])
        ):
            self.best = other.best  # the highest total; of equals, the earliest game, as add() keeps it

    def as_dict(self, categories: bool) -> dict[str, Any]:
        """JSON form; with the average points per category when the records are of one game."""
        out: dict[str, Any] = {
            "name": self.name,
            "played": self.played,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "win_rate": round(self.wins / self.played, 3) if self.played else 0.0,
            "average": _mean([float(t) for t in self.totals]),
            "best": max(self.totals, default=None),
            "worst": min(self.totals, default=None),
            "best_game": self.best,
        }
        if categories:
            out["categories"] = {k: _mean([float(v) for v in vs]) for k, vs in self.points.items()}
        return out


@dataclass
class _Counts:
    """What a block of figures is made from: the players' tallies, margins of victory, what decided first place."""

    games: int = 0
    tallies: dict[str, _Tally] = field(default_factory=dict)
    margins: list[int] = field(default_factory=list)
    breakers: Counter[str] = field(default_factory=Counter)
    shared: int = 0

    def include(self, other: _Counts) -> None:
        """Count another block's records too (records of another game)."""
        self.games += other.games
        for key, tally in other.tallies.items():
            mine = self.tallies.get(key)
            if mine is None:
                mine = self.tallies[key] = _Tally(tally.name)
            mine.include(tally)
        self.margins += other.margins
        self.breakers.update(other.breakers)
        self.shared += other.shared


def _count(records: list[dict[str, Any]], person: Callable[[str], str], shown: Mapping[str, str]) -> _Counts:
    """The counts of these records (oldest first)."""
    counts = _Counts(games=len(records))
    tallies = counts.tallies
    for record in records:
        players = record["players"]
        firsts = [p for p in players if p["place"] == 1]
        shared_first = len(firsts) > 1
        counts.shared += shared_first
        for player in players:
            key = person(player["name"])
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = _Tally(shown[key])
            tally.add(record, player, shared_first)
        decided = {p["decided_by"]["key"] for p in firsts if p["decided_by"]["kind"] == "tie-breaker"}
        counts.breakers.update(k for k in decided if k)
        others = [p["total"] for p in players if p["place"] != 1 and p["total"] is not None]
        if firsts and firsts[0]["total"] is not None and others:
            counts.margins.append(firsts[0]["total"] - max(others))
    return counts


def _block(counts: _Counts, one_game: bool) -> dict[str, Any]:
    """Figures over some records: per player, margins of victory, what decided first place."""
    players = sorted(
        (t.as_dict(one_game) for t in counts.tallies.values()), key=lambda p: (-p["wins"], -p["win_rate"], p["name"])
    )
    return {
        "games": counts.games,
        "players": players,
        "margin": _mean([float(m) for m in counts.margins]),
        "margin_games": len(counts.margins),
        "shared_first": counts.shared,
        "tie_breaks": sum(counts.breakers.values()),
        "tie_breakers": counts.breakers,
    }


def _timeline(records: list[dict[str, Any]], person: Callable[[str], str], shown: Mapping[str, str]) -> dict[str, Any]:
    """Each player's total in every game of one game kind, in date order (None where they did not play)."""
    series: dict[str, dict[str, Any]] = {}
    for index, record in enumerate(records):
        for player in record["players"]:
            key = person(player["name"])
            line = series.get(key)
            if line is None:  # not setdefault: that would make a list of len(records) for every player of every game
                line = series[key] = {"name": shown[key], "totals": [None] * len(records)}
            line["totals"][index] = player["total"]
    return {"saved": [r["saved"] for r in records], "series": list(series.values())}


def statistics(records: list[dict[str, Any]], names: Mapping[str, str], filters: Filters) -> dict[str, Any]:
    """Every figure of the statistics view as JSON, for the records the filters let through."""
    person = person_key(names)
    chosen = _chosen(records, person, filters)
    shown = shown_names(records, names)
    by_game = defaultdict(list)
    for record in chosen:
        by_game[record["game"]].append(record)
    everything = _Counts()  # the overall figures: every game's counts together (each record counted once)
    games = []
    for game_id, game in GAMES.items():
        if game_id not in by_game:
            continue
        counts = _count(by_game[game_id], person, shown)
        block = _block(counts, one_game=True)
        everything.include(counts)
        labels = {t.key: t.label for t in game.tie_breakers}
        counted = block.pop("tie_breakers")
        games.append(
            {
                "game": game_id,
                "game_name": game.name.as_dict(),
                **block,
                "tie_breakers": [
                    {"key": k, "count": n, **labels[k].as_dict()} for k, n in counted.most_common() if k in labels
                ],
                "categories": [{"key": k, **v.as_dict()} for k, v in game.category_labels().items()],
                "timeline": _timeline(by_game[game_id], person, shown),
                "duration": duration_figures([r["duration"] for r in by_game[game_id] if "duration" in r]),
            }
        )
    overall = _block(everything, one_game=False)
    overall.pop("tie_breakers")
    return {
        "filters": filters.as_dict(),
        "first": chosen[0]["saved"] if chosen else None,
        "last": chosen[-1]["saved"] if chosen else None,
        "overall": overall,
        "games": games,
        "notes": [SHARED_WIN.as_dict(), MIXED_POINTS.as_dict()],
    }

"""A saved game as BG Stats' import link: the play handed to the BG Stats app, which shows it to confirm.

The format is BG Stats' own, "Linking and pushing to BG Stats from other apps or websites"
(bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/; docs/bg-stats.md says where it was read
and what each field here is): `createPlay.html?data=` on app.bgstatsapp.com and the play as URL-encoded JSON,
`sourceName`, `sourcePlayId` and `playDate` (UTC, "yyyy-MM-dd HH:mm:ss") required; `game` (name, the source's own
game id, whether the highest score wins, whether there are points), `players` (name, the source's own player id,
score, winner, start player, rank), `durationMin` and `comments` optional. Every boolean is sent, as it has to be.
A game won without points (Fürstenfeld's palace: no player has a total) is sent with noPoints, ranks and winner.

What a record does not hold is not sent: the start player (no record keeps who started: every startPlayer is
false), a BoardGameGeek id (the site has none: BG Stats asks once which of its games this is and remembers it by
sourceGameId). Anything that is not a record this site keeps gets a message in both languages, never an exception.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from . import GAMES
from .core import Text

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Table Companion"
UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
"""What a URL component keeps as it is (JavaScript's encodeURIComponent); urllib.parse is not in the worker's first
archive (tests/test_stdlib_cut.py), and these few lines need nothing more."""
SAVED = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
"""A record's `saved` as history.timestamp writes it: UTC to the second."""


@dataclass(frozen=True)
class BgStatsLink:
    """The link that hands one saved game to BG Stats, and the play it carries."""

    url: str
    play: dict[str, Any]


class NotSendable(ValueError):
    """A record that cannot become a play for BG Stats: why, in both languages."""

    def __init__(self, why: Text) -> None:
        super().__init__(why.en)
        self.why = why


def _refused(en_field: str, zh_field: str) -> NotSendable:
    """The message for a record whose field is missing or not what a saved game holds."""
    return NotSendable(
        Text(
            f"无法发送到 BG Stats：这条记录的{zh_field}缺失或格式不对。",
            f"Cannot send to BG Stats: this record's {en_field} is missing or not valid.",
        )
    )


def _number(value: object) -> int | None:
    """A whole number as a record keeps it (a total, a place), or None for none; never a bool."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError
    return value


def play_date(saved: object) -> str:
    """BG Stats' playDate (UTC, "yyyy-MM-dd HH:mm:ss") from a record's saved time, the moment the game ended."""
    if not isinstance(saved, str) or not SAVED.fullmatch(saved):
        raise _refused("date", "日期")
    try:
        when = datetime.fromisoformat(saved).astimezone(UTC)
    except ValueError:
        raise _refused("date", "日期") from None
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _player(raw: object) -> dict[str, Any]:
    """One player of the play: name (also the player's id here: names are who people are on this site), score,
    rank, winner; startPlayer false (unknown)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise _refused("players", "玩家")
    try:
        total, place = _number(raw.get("total")), _number(raw.get("place"))
    except TypeError:
        raise _refused("scores", "分数") from None
    player: dict[str, Any] = {"name": raw["name"], "sourcePlayerId": raw["name"]}
    if total is not None:
        player["score"] = total
    if place is not None:
        player["rank"] = place
    return {**player, "winner": place == 1, "startPlayer": False}


def _extras(record: dict[str, Any]) -> dict[str, Any]:
    """durationMin (whole minutes, only for a game that was timed) and comments (the note), when the record has them."""
    extras: dict[str, Any] = {}
    duration = record.get("duration")
    if duration is not None:
        if isinstance(duration, bool) or not isinstance(duration, int) or duration < 0:
            raise _refused("duration", "用时")
        if round(duration / 60) > 0:
            extras["durationMin"] = round(duration / 60)
    note = record.get("note")
    if note is not None:
        if not isinstance(note, str):
            raise _refused("note", "备注")
        if note:
            extras["comments"] = note
    return extras


def bgstats_play(record: object) -> dict[str, Any]:
    """The play BG Stats imports, from a history record (history.make_record's shape); NotSendable when it is not one."""
    if not isinstance(record, dict):
        raise _refused("content", "内容")
    if not isinstance(record.get("id"), str) or not record["id"]:
        raise _refused("id", "编号")
    game = GAMES.get(record["game"]) if isinstance(record.get("game"), str) else None
    if game is None:
        raise _refused("game", "游戏")
    players = record.get("players")
    if not isinstance(players, list) or not players:
        raise _refused("players", "玩家")
    sent = [_player(p) for p in players]
    no_points = not any("score" in p for p in sent)  # a game won without points (Fürstenfeld: the palace)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": record["id"],
        "playDate": play_date(record.get("saved")),
        "game": {"name": game.name.en, "sourceGameId": game.id, "highestWins": True, "noPoints": no_points},
        "players": sent,
        **_extras(record),
    }


def url_component(text: str) -> str:
    """Text as one URL component: UTF-8, every byte but the unreserved ones percent-encoded (encodeURIComponent)."""
    return "".join(c if c in UNRESERVED else "".join(f"%{b:02X}" for b in c.encode()) for c in text)


def bgstats_link(record: object) -> BgStatsLink:
    """The link that opens BG Stats with this saved game to confirm: the play as compact JSON, URL-encoded."""
    play = bgstats_play(record)
    data = json.dumps(play, separators=(",", ":"))  # \u escapes: shorter than UTF-8 percent-encoded, and any text
    return BgStatsLink(f"{CREATE_PLAY}?data={url_component(data)}", play)


def bgstats_answer(record: object) -> dict[str, Any]:
    """A record's link ({"url"}) or why there is none ({"problem": {zh, en}}): what the history view shows."""
    try:
        return {"url": bgstats_link(record).url}
    except NotSendable as refused:
        return {"problem": refused.why.as_dict()}

"""What a history sealed by this site must look like to be used as stored, without re-scoring it.

The seal (history.py) has no key: anyone can recompute it, so a sealed text proves only that nothing changed it by
accident. Before it is used unread, its records, names and head are checked for the shape the page and the
statistics read (every key, every type); a text that fails is read and re-scored in full like an imported file.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from . import GAMES
from .core import Game
from .extras import MAX_DURATION, MAX_NOTE_CHARS
from .stats import Filters, statistics

_NUMBER = (int, float)
_TEXT = ("zh", "en")


def _is_int(value: object) -> bool:
    """A whole number that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _texts(value: object, *keys: str) -> bool:
    """A dict whose `keys` are all text."""
    return isinstance(value, dict) and all(isinstance(value.get(k), str) for k in keys)


def _player(p: object) -> bool:
    """A record's player: name, total and place (or None), points by category, the decision in both languages."""
    return (
        _texts(p, "name")
        and (p["total"] is None or _is_int(p.get("total")))  # type: ignore[index]
        and (p["place"] is None or _is_int(p.get("place")))  # type: ignore[index]
        and isinstance(p.get("breakdown"), dict)  # type: ignore[union-attr]
        and all(isinstance(v, _NUMBER) for v in p["breakdown"].values())  # type: ignore[index]
        and _texts(p.get("decided_by"), "kind", "section", *_TEXT)  # type: ignore[union-attr]
        and all(k in p["decided_by"] for k in ("key", "value"))  # type: ignore[index]
    )


def record_shaped(record: object) -> bool:
    """A stored record with every key and type that make_record gives (not re-scored: see history.read_history)."""
    if not isinstance(record, dict) or record.get("game") not in GAMES:
        return False
    players = record.get("players")
    return (
        _texts(record, "id", "saved")
        and _texts(record.get("game_name"), *_TEXT)
        and isinstance(players, list)
        and bool(players)
        and all("total" in p and "place" in p and _player(p) for p in players if isinstance(p, dict))
        and all(isinstance(p, dict) for p in players)
        and isinstance(record.get("winners"), list)
        and all(isinstance(w, str) for w in record["winners"])
        and isinstance(record.get("sheet"), dict)
        and ("duration" not in record or (_is_int(record["duration"]) and 0 <= record["duration"] <= MAX_DURATION))
        and ("edited" not in record or isinstance(record["edited"], str))
        and ("note" not in record or (isinstance(record["note"], str) and len(record["note"]) <= MAX_NOTE_CHARS))
    )


def names_shaped(names: object) -> bool:
    """The merged names: text to text."""
    return isinstance(names, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in names.items())


def like(value: object, template: object) -> bool:
    """Whether value has the shape of template: each of its keys (more may be there), lists whose items are each like
    one of the template's items (none where it has none), numbers or None where it has numbers, text or None where it
    has text."""
    if isinstance(template, Mapping):
        return isinstance(value, dict) and all(k in value and like(value[k], t) for k, t in template.items())
    if isinstance(template, list):
        return isinstance(value, list) and all(any(like(v, t) for t in template) for v in value)
    if template is None:
        return value is None or isinstance(value, (str, bool, *_NUMBER))
    if isinstance(template, bool):
        return isinstance(value, bool)
    if isinstance(template, _NUMBER):
        return value is None or (isinstance(value, _NUMBER) and not isinstance(value, bool))
    return value is None or isinstance(value, type(template))


def _sample(game_id: str, game: Game) -> dict[str, Any]:
    """A record of a game as make_record writes it (not scored: only its shape counts), first place shared and
    decided by a tie-breaker where the game has one, so that the statistics fill every list they have."""
    breaker = game.tie_breakers[0].key if game.tie_breakers else None
    decided = {"kind": "tie-breaker", "key": breaker, "section": "", "value": 1, "zh": "", "en": ""}
    breakdown = dict.fromkeys(game.category_labels(), 1)
    players = [
        {"name": name, "total": 1, "place": 1, "breakdown": breakdown, "decided_by": decided} for name in ("a", "b")
    ]
    sheet: dict[str, Any] = {}
    return {
        "id": game_id,
        "saved": "2000-01-01T00:00:00Z",
        "game": game_id,
        "game_name": game.name.as_dict(),
        "players": [*players, {**players[0], "name": "c", "total": 0, "place": 3}],
        "winners": ["a", "b"],
        "sheet": sheet,
        "duration": 60,
    }


@cache
def head_template() -> dict[str, Any]:
    """The statistics of one sample record of every game: every key and list a stored head can hold."""
    return statistics([_sample(g, game) for g, game in GAMES.items()], {}, Filters())


def head_shaped(head: object) -> bool:
    """A stored head (statistics under no filter, everyone) shaped as statistics() and people() give it."""
    if not isinstance(head, dict) or not isinstance(head.get("people"), list):
        return False
    people_ok = all(
        _texts(p, "name", "last") and _is_int(p.get("games")) and isinstance(p.get("also"), list)
        for p in head["people"]
    )
    figures, template = head.get("figures"), head_template()
    if not people_ok or not isinstance(figures, dict) or not isinstance(figures.get("games"), list):
        return False
    blocks = {block["game"]: block for block in template["games"]}  # each game's block as that game's
    return like({**figures, "games": []}, {**template, "games": []}) and all(
        isinstance(g, dict) and g.get("game") in blocks and like(g, blocks[g["game"]]) for g in figures["games"]
    )

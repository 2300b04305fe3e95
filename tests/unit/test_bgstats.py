"""Send to BG Stats (issue 43, point 2): a saved game becomes BG Stats' documented import link, for every game.

The format checked here is BG Stats' "Linking and pushing to BG Stats from other apps or websites"
(bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/), as docs/bg-stats.md quotes it with
where it was read: https://app.bgstatsapp.com/createPlay.html?data= and the play as URL-encoded JSON; sourceName,
sourcePlayId and playDate (UTC "yyyy-MM-dd HH:mm:ss") required; game {name, sourceGameId, highestWins, noPoints};
players [{name, sourcePlayerId, score, winner, startPlayer, rank}]; durationMin, comments."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import GAMES, api
from scoring.bgstats import bgstats_answer, bgstats_link, bgstats_play
from scoring.history import make_record
from tests.engines.sheets import case
from tests.unit.test_history import ANN_BO, SAVED

PLAY_DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
REQUIRED = {"sourceName": str, "sourcePlayId": str, "playDate": str, "game": dict, "players": list}
OPTIONAL = {"durationMin": int, "comments": str}
GAME = {"name": str, "sourceGameId": str, "highestWins": bool, "noPoints": bool}
PLAYER = {"name": str, "sourcePlayerId": str, "winner": bool, "startPlayer": bool}
PLAYER_OPTIONAL = {"score": int, "rank": int}


def documented_play(url: str) -> dict[str, Any]:
    """The play a link carries, checked against the documented format field by field (AssertionError otherwise)."""
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path, parts.fragment) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
        "",
    )
    query = parse_qs(parts.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1, query
    play = json.loads(query["data"][0])
    assert set(play) <= set(REQUIRED) | set(OPTIONAL), set(play) - set(REQUIRED) - set(OPTIONAL)
    for fields, optional in ((REQUIRED, False), (OPTIONAL, True)):
        for key, kind in fields.items():
            assert (optional and key not in play) or type(play[key]) is kind, (key, play.get(key))
    assert PLAY_DATE.fullmatch(play["playDate"]), play["playDate"]
    assert play["sourceName"] and play["sourcePlayId"] and play.get("durationMin", 1) > 0
    assert {k: type(v) for k, v in play["game"].items()} == GAME, play["game"]
    for player in play["players"]:
        assert set(player) <= set(PLAYER) | set(PLAYER_OPTIONAL), player
        assert all(type(player[k]) is kind for k, kind in PLAYER.items()), player  # every boolean sent
        assert all(type(player[k]) is kind for k, kind in PLAYER_OPTIONAL.items() if k in player), player
    return play


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("players", [2, 4])
def test_every_game_s_saved_sheet_becomes_the_documented_link(game_id: str, players: int) -> None:
    sheet = case(game_id, players).sheet
    record = make_record(game_id, sheet, "2026-11-20T21:30:00Z", "at Ann's; 2nd game", 5_430)
    play = documented_play(bgstats_link(record).url)
    assert play["sourcePlayId"] == record["id"] and play["sourceName"] == "Table Companion"
    assert play["playDate"] == "2026-11-20 21:30:00"  # the save: the end of the game, UTC
    assert play["durationMin"] == 90 and play["comments"] == "at Ann's; 2nd game"
    assert play["game"]["name"] == GAMES[game_id].name.en and play["game"]["sourceGameId"] == game_id
    sent = {p["name"]: p for p in play["players"]}
    assert list(sent) == [p["name"] for p in record["players"]]
    for kept in record["players"]:
        player = sent[kept["name"]]
        assert player["sourcePlayerId"] == kept["name"]
        assert player.get("score") == kept["total"] and player.get("rank") == kept["place"]
        assert player["winner"] == (kept["name"] in record["winners"])
        assert player["startPlayer"] is False  # no record keeps who started
    assert play["game"]["noPoints"] == all(p["total"] is None for p in record["players"])


def test_a_game_won_without_points_says_so() -> None:
    """Fürstenfeld: the palace wins, no totals; the winner and ranks are sent, noPoints true."""
    record = make_record("furstenfeld", case("furstenfeld", 3).sheet, SAVED)
    play = documented_play(bgstats_link(record).url)
    assert play["game"]["noPoints"] is True and [p["winner"] for p in play["players"]].count(True) == 1


def test_names_and_notes_survive_the_link_as_typed() -> None:
    sheet = {"players": [{**ANN_BO["players"][0], "name": '李 & "Ann"?#'}, ANN_BO["players"][1]]}
    record = make_record("burgundy-cards", sheet, "2026-01-05T03:05:09Z", "100% fun / 好玩 & more")
    play = documented_play(bgstats_link(record).url)
    assert '李 & "Ann"?#' in [p["name"] for p in play["players"]] and play["comments"] == "100% fun / 好玩 & more"
    assert "durationMin" not in play and play["playDate"] == "2026-01-05 03:05:09"


def test_a_name_no_text_encoding_can_write_still_gives_a_link() -> None:
    """A lone surrogate (JSON can carry one; UTF-8 cannot): escaped in the JSON, never an exception."""
    record = make_record("burgundy-cards", ANN_BO, SAVED)
    record["players"][0]["name"] = "Ann\ud800"
    assert documented_play(bgstats_answer(record)["url"])["players"][0]["name"] == "Ann\ud800"


def test_a_short_game_sends_no_duration_and_an_empty_note_no_comment() -> None:
    record = {**make_record("burgundy-cards", ANN_BO, SAVED), "duration": 20, "note": ""}
    play = bgstats_play(record)
    assert "durationMin" not in play and "comments" not in play


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"saved": "yesterday"}, "date"),
        ({"saved": "2026-13-40T10:00:00Z"}, "date"),
        ({"saved": "2026-01-01T10:00:00"}, "date"),  # no zone: never guessed from the machine's
        ({"saved": "2026-01-01"}, "date"),
        ({"game": "monopoly"}, "game"),
        ({"players": []}, "players"),
        ({"players": [{"name": "Ann", "total": "ten", "place": 1}]}, "scores"),
        ({"players": [{"name": "Ann", "total": True, "place": 1}]}, "scores"),
        ({"players": [{"total": 3, "place": 1}]}, "players"),
        ({"duration": -5}, "duration"),
        ({"note": 7}, "note"),
        ({"id": ""}, "id"),
    ],
)
def test_a_record_that_is_not_one_gets_a_message_in_both_languages(change: dict, field: str) -> None:
    record = {**make_record("burgundy-cards", ANN_BO, SAVED), **change}
    answer = bgstats_answer(record)
    assert set(answer) == {"problem"}, answer
    assert field in answer["problem"]["en"] and "BG Stats" in answer["problem"]["zh"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KEYS = ["id", "saved", "game", "players", "duration", "note", "winners", "game_name"]


@settings(max_examples=300, deadline=None)
@given(raw=JSON)
def test_anything_gives_a_link_or_a_message(raw: object) -> None:
    answer = bgstats_answer(raw)
    assert ("url" in answer) != ("problem" in answer)
    if "url" in answer:
        documented_play(answer["url"])
    else:
        assert answer["problem"]["zh"] and answer["problem"]["en"]


@settings(max_examples=300, deadline=None)
@given(game_id=st.sampled_from(list(GAMES)), key=st.sampled_from(KEYS), value=JSON, drop=st.booleans())
def test_a_history_record_with_any_field_changed_gives_a_link_or_a_message(
    game_id: str, key: str, value: object, drop: bool
) -> None:
    """Any history record: a sound one with one field replaced by anything, or left out."""
    record = make_record(game_id, case(game_id, 3).sheet, SAVED)
    record = {k: v for k, v in record.items() if k != key} if drop else {**record, key: value}
    answer = bgstats_answer(record)
    assert ("url" in answer) != ("problem" in answer)
    if "url" in answer:
        documented_play(answer["url"])


def test_the_history_answers_every_record_s_link_or_one() -> None:
    first = api.history_add("", "burgundy-cards", ANN_BO, SAVED)
    second = api.history_add(first["stored"], "bruges", case("bruges", 2).sheet, "2026-11-22T10:00:00Z")
    every = api.history_bgstats(second["stored"])
    assert every["ok"] and set(every["links"]) == {first["record"]["id"], second["record"]["id"]}
    for link in every["links"].values():
        documented_play(link["url"])
    one = api.history_bgstats(second["stored"], first["record"]["id"])
    assert list(one["links"]) == [first["record"]["id"]]
    both = api.history_bgstats(second["stored"], f"{first['record']['id']},{second['record']['id']},nonesuch")
    assert both["links"] == every["links"]
    assert api.history_bgstats("{garbage")["ok"] is False  # set aside first, as every change of the history

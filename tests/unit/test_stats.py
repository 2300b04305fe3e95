"""Statistics of a history (scoring/stats.py), one identity per player (scoring/players.py), their pictures."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.api as api_module
import scoring.history as history_module
from scoring.__main__ import main
from scoring.api import (
    evaluate,
    history_add,
    history_delete,
    history_export,
    history_hold,
    history_import,
    history_people,
    history_pictures,
    history_rename,
    history_separate,
    history_stats,
    needs_text,
)
from scoring.history import FORMAT, read_history
from scoring.players import identity, people, rename
from scoring.stats import Filters, parse_filters, statistics

GAME = "burgundy-cards"  # estate_sets are points as typed; the tie-breaker is most storage cards


def sheet(*players: tuple[str, int, int]) -> dict:
    """A Burgundy sheet: (name, points, storage cards) per player; the last holds the start-player card (1 point)."""
    last = len(players) - 1
    return {
        "players": [
            {"name": n, "scores": {"estate_sets": p - (i == last), "storage_cards": s, "start_player": int(i == last)}}
            for i, (n, p, s) in enumerate(players)
        ]
    }


PLAYED = [  # four evenings of the same game, each its time and sheet (not scoring.GAMES)
    ("2026-01-01T10:00:00Z", sheet(("Ann", 10, 0), ("Bo", 7, 0))),  # Ann by 3
    ("2026-01-02T10:00:00Z", sheet(("Ann", 8, 1), ("Bo", 8, 3))),  # Bo on the tie-breaker, margin 0
    ("2026-01-03T10:00:00Z", sheet(("Ann", 5, 2), ("Bo", 5, 2), ("Cy", 1, 0))),  # a shared first, margin 4
    ("2026-02-01T10:00:00Z", sheet(("ＡＮＮ", 6, 0), ("Cy", 9, 0))),  # full-width capitals: still Ann; Cy by 3
]


def history(games=PLAYED) -> str:
    """A stored history of these games."""
    stored = ""
    for saved, raw in games:
        answer = history_add(stored, GAME, raw, saved)
        assert answer["ok"], answer["problems"]
        stored = answer["stored"]
    return stored


def by_name(block: dict) -> dict[str, dict]:
    """A block's players by name."""
    return {p["name"]: p for p in block["players"]}


def test_wins_rates_averages_margins_and_tie_breakers() -> None:
    figures = history_stats(history(), {})["stats"]
    overall, burgundy = figures["overall"], figures["games"][0]
    assert overall["games"] == burgundy["games"] == 4
    ann, bo, cy = (by_name(burgundy)[n] for n in ("Ann", "Bo", "Cy"))
    # a shared first is a win for each who shares it
    assert (ann["played"], ann["wins"], ann["shared_wins"], ann["win_rate"]) == (4, 2, 1, 0.5)
    assert (bo["played"], bo["wins"], bo["shared_wins"]) == (3, 2, 1)
    assert (cy["played"], cy["wins"], cy["shared_wins"]) == (2, 1, 0)
    assert (ann["average"], ann["best"], ann["worst"]) == (7.2, 10, 5)  # (10 + 8 + 5 + 6) / 4 = 7.25
    assert ann["best_game"]["saved"] == "2026-01-01T10:00:00Z"
    assert ann["categories"]["estate_sets"] == 7.2
    assert burgundy["margin"] == round((3 + 0 + 4 + 3) / 4, 1)
    assert burgundy["shared_first"] == 1
    assert burgundy["tie_breaks"] == 1
    assert [(t["key"], t["count"]) for t in burgundy["tie_breakers"]] == [("storage_cards", 1)]
    assert [p["name"] for p in overall["players"]] == ["Bo", "Ann", "Cy"]  # most wins, then the better rate
    assert any("shared first" in note["en"] for note in figures["notes"])


def test_totals_over_time_in_date_order() -> None:
    timeline = history_stats(history(reversed(PLAYED)), {})["stats"]["games"][0]["timeline"]
    assert timeline["saved"] == [saved for saved, _ in PLAYED]
    lines = {s["name"]: s["totals"] for s in timeline["series"]}
    assert lines == {"Ann": [10, 8, 5, 6], "Bo": [7, 8, 5, None], "Cy": [None, None, 1, 9]}


@pytest.mark.parametrize(
    ("filters", "games", "ann_played"),
    [
        ({"game": GAME}, 4, 4),
        ({"game": "bruges"}, 0, None),
        ({"player": "cy"}, 2, 2),  # matched as the sheet matches names
        ({"since": "2026-01-02", "until": "2026-01-03"}, 2, 2),
        ({"since": "2026-02-01"}, 1, 1),
    ],
)
def test_filters(filters: dict, games: int, ann_played: int | None) -> None:
    figures = history_stats(history(), filters)["stats"]
    assert figures["overall"]["games"] == games
    assert by_name(figures["overall"]).get("Ann", {}).get("played") == ann_played


@pytest.mark.parametrize(
    ("filters", "field"),
    [
        ({"game": "chess"}, "filters.game"),
        ({"since": "yesterday"}, "filters.since"),
        ({"since": "2026-02-01", "until": "2026-01-01"}, "filters.until"),
        ({"player": 3}, "filters.player"),
        ([], "filters"),
    ],
)
def test_bad_filters_give_a_message(filters: object, field: str) -> None:
    answer = history_stats(history(), filters)
    assert not answer["ok"] and answer["problems"][0]["field"] == field
    assert answer["problems"][0]["zh"] and answer["problems"][0]["en"]


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(), lambda c: st.lists(c) | st.dictionaries(st.text(), c)
    )
)
def test_any_filters_give_figures_or_a_message(raw: object) -> None:
    answer = history_stats("", raw)
    assert answer["ok"] or answer["problems"]


def test_merge_and_rename_one_identity_followed_by_stats_and_quick_picks() -> None:
    stored = history([*PLAYED, ("2026-03-01T10:00:00Z", sheet(("小明", 12, 0), ("Bo", 2, 0)))])
    merged = history_rename(stored, "小明", "Cy")
    assert merged["ok"], merged["problems"]
    cy = by_name(history_stats(merged["stored"], {})["stats"]["overall"])["Cy"]
    assert (cy["played"], cy["wins"]) == (3, 2)
    renamed = history_rename(merged["stored"], "cy", "Xiaoming")  # the whole person, under any spelling
    assert renamed["ok"]
    people = history_people(renamed["stored"])["people"]
    assert [p["name"] for p in people] == ["Ann", "Bo", "Xiaoming"]
    assert sorted(people[2]["also"]) == ["Cy", "小明"]
    # export and import carry the mapping
    exported = history_export(renamed["stored"], "2026-03-02T00:00:00Z")["json"]
    imported = history_import("", exported)
    assert "Xiaoming" in by_name(history_stats(imported["stored"], {})["stats"]["overall"])


def test_two_people_of_one_game_cannot_be_merged() -> None:
    answer = history_rename(history(), "Ann", "Bo")
    assert not answer["ok"] and "same game" in answer["problems"][0]["en"]
    assert "同一局" in answer["problems"][0]["zh"]


@pytest.mark.parametrize("new", ["", "<b>", "x" * 41, None, 7])
def test_a_bad_new_name_is_refused(new: object) -> None:
    names, error = rename({}, [], "Ann", new)
    assert error is not None and names == {}
    assert error.message.en.startswith("the new name")


def test_identity_follows_case_and_width() -> None:
    names, error = rename({}, [], "小明", "Xiaoming")
    assert error is None
    assert identity("小明", names) == "Xiaoming" and identity("ＡＮＮ", names) == "ＡＮＮ"
    names, _ = rename(names, [], "ann", "Ann B.")
    assert identity("ＡＮＮ", names) == "Ann B."


@pytest.mark.parametrize("raw", [[], "x", {"ann": 3}, {"ANN": "Ann"}, {"a": "<b>"}, {str(i): "x" for i in range(2001)}])
def test_a_bad_stored_mapping_is_left_out_and_said(raw: object) -> None:
    text = json.dumps({**json.loads(history()), "names": raw})
    read = read_history(text)
    assert len(read.records) == 4 and read.names == {} and read.problems


def test_a_chain_of_names_is_followed() -> None:
    text = json.dumps({**json.loads(history()), "names": {"cy": "Bob", "bob": "Robert"}})
    assert identity("CY", read_history(text).names) == "Robert"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_pictures_are_svg_with_a_text_equivalent(lang: str) -> None:
    charts = history_stats(history(), {})["charts"]
    pictures = [charts["wins"][lang], *(p[lang] for p in charts["games"][GAME].values())]
    assert len(pictures) == 4  # wins overall, then wins, averages and totals over time for Burgundy
    for svg in pictures:
        root = ET.fromstring(svg)
        assert root.get("role") == "img"
        description = root.find("{http://www.w3.org/2000/svg}desc").text
        for name in ("Ann", "Bo", "Cy"):
            assert name in description
    assert ("2 wins in 4 games" if lang == "en" else "4 局胜 2 局") in charts["wins"][lang]
    timeline = charts["games"][GAME]["timeline"][lang]
    assert ("10, 8, 5, 6" if lang == "en" else "10、8、5、6") in timeline


def test_names_with_markup_are_escaped_in_pictures() -> None:
    stored = history([("2026-01-01T10:00:00Z", sheet(("A&B", 3, 0), ('"Q"', 1, 0)))])
    for svg in history_stats(stored, {})["charts"]["wins"].values():
        ET.fromstring(svg)  # parses: every text escaped
        assert "A&amp;B" in svg


def test_command_line_statistics(tmp_path, capsys) -> None:
    file = tmp_path / "history.json"
    file.write_text(history_export(history(), "2026-03-01T00:00:00Z")["json"], encoding="utf-8")
    assert main(["history", str(file), "--stats"]) == 0
    out = capsys.readouterr().out
    assert "Ann: 2 wins (1 shared) in 4 games, 50%; average 7.2, best 10, worst 5" in out
    assert "first place decided by a tie-breaker 1 (most cards left in storage: 1)" in out
    assert main(["history", str(file), "--stats", "--json", "--player", "bo"]) == 0
    assert json.loads(capsys.readouterr().out)["overall"]["games"] == 3
    assert main(["history", str(file), "--stats", "--since", "2026-13-01"]) == 2
    assert "filters.since" in capsys.readouterr().err


def test_statistics_of_nothing() -> None:
    figures = statistics([], {}, Filters())
    assert figures["overall"]["games"] == 0 and figures["games"] == [] and figures["first"] is None
    assert parse_filters(None) == Filters()


def test_statistics_of_the_text_last_read_by_its_seal() -> None:
    stored = history()
    seal = json.loads(stored)["checked"]
    history_stats("", {})  # another text read last
    assert history_stats(f"@{seal}", {})["resend"]
    first = history_stats(stored, {})
    again = history_stats(f"@{seal}", {"game": GAME})
    assert again["ok"] and again["stats"]["overall"]["games"] == first["stats"]["overall"]["games"] == 4
    assert history_stats("@" + "0" * 32, {})["resend"]
    by_bytes = history_stats(stored.encode(), {})  # the page sends the text as UTF-8
    assert {**by_bytes, "ms": None} == {**first, "ms": None}


def held(stored: str) -> str:
    """How the page names a stored history the worker holds: "@" and its seal."""
    return "@" + json.loads(stored)["checked"]


def test_the_history_held_by_its_seal_follows_every_change() -> None:
    """The worker keeps the history it last read or wrote under its seal, and the figures it last counted: after an
    addition, a deletion, a rename, a separation or an import only the new seal is held, with figures of its own."""

    def games(stored: str) -> dict[str, int]:
        figures = history_stats(held(stored), {}, pictures=False)["stats"]["overall"]
        return {p["name"]: p["played"] for p in figures["players"]}

    extra = history([("2026-04-01T10:00:00Z", sheet(("Eve", 5, 0), ("Ann", 1, 0)))])
    file = history_export(extra, "2026-04-02T00:00:00Z")["json"]
    stored = history()
    assert games(stored) == {"Ann": 4, "Bo": 3, "Cy": 2}
    added = history_add(held(stored), GAME, sheet(("Di", 3, 0), ("Bo", 1, 0)), "2026-03-01T10:00:00Z")["stored"]
    assert needs_text(held(stored)) and games(added) == {"Ann": 4, "Bo": 4, "Cy": 2, "Di": 1}
    newest = json.loads(added)["records"][0]["id"]
    deleted = history_delete(held(added), newest)["stored"]
    assert needs_text(held(added)) and games(deleted) == {"Ann": 4, "Bo": 3, "Cy": 2}
    renamed = history_rename(held(deleted), "Cy", "Dee")["stored"]
    assert needs_text(held(deleted)) and games(renamed) == {"Ann": 4, "Bo": 3, "Dee": 2}
    separated = history_separate(held(renamed), "Cy")["stored"]
    assert needs_text(held(renamed)) and games(separated) == {"Ann": 4, "Bo": 3, "Cy": 2}
    imported = history_import(held(separated), file)["stored"]
    assert needs_text(held(separated)) and games(imported) == {"Ann": 5, "Bo": 3, "Cy": 2, "Eve": 1}


def test_the_page_gets_the_figures_first_and_their_pictures_next() -> None:
    stored = history()
    everything = history_stats(stored, {"game": GAME})
    first = history_stats(stored, {"game": GAME}, pictures=False)
    assert first["charts"] is None and "timeline" not in first["stats"]["games"][0]  # only the picture shows it
    assert {k: v for k, v in everything["stats"]["games"][0].items() if k != "timeline"} == first["stats"]["games"][0]
    assert history_pictures(held(stored), {"game": GAME})["charts"] == everything["charts"]
    since = history_stats(stored, {"since": "2026-01-02"})["charts"]
    assert since != everything["charts"] and history_pictures(held(stored), {"since": "2026-01-02"})["charts"] == since
    assert history_pictures(held(stored), {"since": "2026-13-01"})["problems"][0]["field"] == "filters.since"
    assert history_pictures("@" + "0" * 32, {})["resend"]


def test_a_history_held_at_idle_is_reached_by_its_seal() -> None:
    """play/ has the worker read the stored history while idle: the views then send only its seal."""
    stored = history()
    history_stats("", {})  # another text read last
    assert needs_text(held(stored))
    assert history_hold(stored.encode()) == {"ok": True, "problems": [], "count": 4}
    assert not needs_text(held(stored)) and history_stats(held(stored), {})["stats"]["overall"]["games"] == 4
    assert history_hold("") == {"ok": True, "problems": [], "count": 0}
    assert history_hold("{not json")["ok"] is False


NO_FILTER = {"game": "", "player": "", "since": "", "until": ""}  # as the page sends the view's first call


def test_a_stored_history_carries_its_head_the_figures_under_no_filter_and_everyone() -> None:
    stored = history()
    data = json.loads(stored)
    assert list(data)[3:] == ["head", "names", "records"]  # the head before the records: read alone (read_head)
    fresh = read_history(stored)  # every record checked and re-scored, the head counted again
    counted = {"figures": statistics(fresh.records, fresh.names, Filters()), "people": people(fresh.records, {})}
    assert data["head"] == json.loads(json.dumps(counted))


def test_under_no_filter_the_statistics_are_read_from_the_head_without_the_records(monkeypatch) -> None:
    """Opened from a reload, the statistics view is answered from the head: no record is read (nor re-scored)."""
    stored = history()
    whole = history_stats(stored, {"player": "Ann"})  # a filter: every record read
    expected = history_stats(stored, NO_FILTER)  # the history held, read in full
    pictures = history_pictures(held(stored), NO_FILTER)["charts"]
    history_stats("", {})  # another text read last

    def no_reading(*args: object) -> None:
        raise AssertionError("the records were read")

    monkeypatch.setattr(api_module, "read_stored", no_reading)
    monkeypatch.setattr(api_module, "read_file", no_reading)
    from_head = history_stats(stored.encode(), NO_FILTER, pictures=False)
    assert from_head["stats"]["overall"] == expected["stats"]["overall"] and from_head["people"] == expected["people"]
    assert [g["game"] for g in from_head["stats"]["games"]] == [g["game"] for g in expected["stats"]["games"]]
    assert history_pictures(held(stored), NO_FILTER)["charts"] == pictures  # drawn from the head, the same
    with pytest.raises(AssertionError, match="the records were read"):
        history_stats(held(stored), {"player": "Ann"})  # a filter needs the records
    monkeypatch.undo()
    assert history_stats(held(stored), {"player": "Ann"})["stats"] == whole["stats"]  # read now, from the held text


def test_a_changed_head_is_not_believed() -> None:
    """A head edited after it was stored breaks the seal: every record is read and checked, the figures counted
    again."""
    stored = history()
    forged = stored.replace('"games":4', '"games":40', 1)
    assert forged != stored and forged.index('"games":40') < forged.index('"records":')
    history_stats("", {})
    answer = history_stats(forged.encode(), NO_FILTER, pictures=False)
    assert answer["stats"]["overall"]["games"] == 4


def test_a_history_sealed_before_heads_were_stored_is_read_in_full() -> None:
    """A text sealed without a head (as this site stored it before): the figures are counted from the records."""
    data = json.loads(history())
    rest = json.dumps({"names": data["names"], "records": data["records"]}, ensure_ascii=False, separators=(",", ":"))
    old = f'{{"format":"{FORMAT}","version":1,"checked":"{history_module._seal(rest[1:])}",{rest[1:]}'
    history_stats("", {})
    answer = history_stats(old.encode(), NO_FILTER, pictures=False)
    assert answer["ok"] and answer["stats"]["overall"]["games"] == 4 and not answer["problems"]
    assert history_people(held(old))["people"] == history_people(history())["people"]


def test_a_history_re_scored_at_idle_is_given_back_sealed_to_store(monkeypatch) -> None:
    """After an update of the rules the idle read re-scores every record once: the page stores the text it gets back,
    sealed under the new rules, so the next visit reads it by its seal (and its statistics from its head)."""
    stored = history()
    assert "stored" not in history_hold(stored)  # sealed under today's rules: nothing to store again
    monkeypatch.setattr(history_module, "RULES", "the rules of a later version of the site")
    answer = history_hold(stored)
    assert answer["ok"] and answer["count"] == 4 and answer["stored"] != stored
    assert history_module.seal_of(answer["stored"]) is not None and "stored" not in history_hold(answer["stored"])
    assert history_hold("{not json") == {"ok": False, "problems": [], "count": 0}  # nothing to give back


@pytest.mark.parametrize(
    ("typed", "same_as"), [("張偉", "张伟"), ("歐陽娜娜", "欧阳娜娜"), ("韓梅梅", "韩梅梅"), ("ＡＮＮ", "ann")]
)
def test_one_name_in_either_chinese_script_is_one_person(typed: str, same_as: str) -> None:
    stored = history(
        [
            ("2026-03-01T10:00:00Z", sheet((same_as, 12, 0), ("Bo", 2, 0))),
            ("2026-03-02T10:00:00Z", sheet((typed, 9, 0), ("Bo", 3, 0))),
        ]
    )
    found = [p for p in history_people(stored)["people"] if p["name"] in (typed, same_as)]
    assert len(found) == 1 and found[0]["games"] == 2
    assert len(by_name(history_stats(stored, {"player": typed})["stats"]["overall"])) == 2  # the person and Bo


def test_two_scripts_of_one_name_at_one_table_are_the_same_name_twice() -> None:
    problems = evaluate(GAME, sheet(("張偉", 3, 0), ("张伟", 2, 0)))["problems"]
    assert [p["field"] for p in problems] == ["players[1].name"], problems


def test_a_mapping_kept_before_scripts_were_folded_is_read_under_today_s_key() -> None:
    text = json.dumps({**json.loads(history()), "names": {"張偉": "Cy"}})
    read = read_history(text)
    assert read.problems == [] and read.names == {"张伟": "Cy"}
    assert identity("張偉", read.names) == identity("张伟", read.names) == "Cy"


def test_the_statistics_list_each_merged_name_as_the_history_spells_it() -> None:
    stored = history([*PLAYED, ("2026-03-01T10:00:00Z", sheet(("張偉", 12, 0), ("Bo", 2, 0)))])
    merged = history_rename(stored, "張偉", "Cy")
    assert merged["ok"], merged["problems"]
    answer = history_stats(merged["stored"], {})
    assert answer["aliases"] == [{"name": "張偉", "as": "Cy"}]
    assert [p["name"] for p in answer["people"]].count("Cy") == 1
    separated = history_separate(merged["stored"], answer["aliases"][0]["name"])
    assert history_stats(separated["stored"], {})["aliases"] == []

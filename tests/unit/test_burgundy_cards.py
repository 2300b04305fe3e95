"""The Castles of Burgundy: The Card Game: setup counts, every scoring rule, the tie-breaker."""

from __future__ import annotations

import pytest

from scoring import get_game
from scoring.core import DecisionKind, SheetError, checklist, score
from scoring.games.burgundy_cards import GAME, setup, starting_workers


def sheet(*players: dict, names: tuple[str, ...] = ("Ann", "Bo", "Cy", "Di")) -> dict:
    """A sheet with the start-player card on the first player unless a player says otherwise."""
    entries = [{"name": names[i], "scores": dict(p)} for i, p in enumerate(players)]
    if not any("start_player" in p for p in players):
        entries[0]["scores"]["start_player"] = 1
    return {"players": entries}


@pytest.mark.parametrize(("players", "display"), [(2, 7), (3, 10), (4, 13)])
def test_display_cards_by_player_count(players: int, display: int) -> None:
    steps = setup(players)
    assert f"lay {display} action cards face up" in steps[-1].text.en
    assert f"把 {display} 张行动卡" in steps[-1].text.zh


@pytest.mark.parametrize(
    ("players", "workers"),
    [(2, (0, 2)), (3, (0, 1, 2)), (4, (0, 1, 1, 2))],
)
def test_starting_workers_by_seat(players: int, workers: tuple[int, ...]) -> None:
    assert starting_workers(players) == workers


def test_four_player_workers_follow_the_source_and_others_say_so() -> None:
    step4 = next(s for s in setup(4) if "worker cards, clockwise" in s.text.en)
    step2 = next(s for s in setup(2) if "worker cards, clockwise" in s.text.en)
    assert "seat 1 (start player): 0; seat 2: 1; seat 3: 1; seat 4: 2" in step4.text.en
    assert step4.note is None
    assert step2.note is not None and "same pattern" in step2.note.en


@pytest.mark.parametrize("players", [2, 3, 4])
def test_six_cards_each_per_round(players: int) -> None:
    deal = next(s for s in setup(players) if "Deal each player 6 cards" in s.text.en)
    assert f"({6 * players} in all)" in deal.text.en


@pytest.mark.parametrize("players", [0, 1, 5, 9])
def test_setup_outside_the_player_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2–4 players"):
        checklist(GAME, players)


@pytest.mark.parametrize(
    ("kinds", "points"),
    [(0, 0), (1, 0), (2, 1), (3, 2), (4, 4)],
)
def test_animal_kinds_score_table(kinds: int, points: int) -> None:
    result = score(GAME, sheet({"animal_kinds": kinds}, {}))
    ann = next(p for p in result.players if p.name == "Ann")
    assert dict(ann.breakdown)["animal_kinds"] == points


@pytest.mark.parametrize(
    ("category", "value", "points"),
    [("estate_sets", 14, 14), ("bonus_cards", 7, 7), ("vp_cards", 3, 3), ("goods_sold", 9, 9)],
)
def test_printed_points_count_as_entered(category: str, value: int, points: int) -> None:
    result = score(GAME, sheet({}, {category: value}))
    bo = next(p for p in result.players if p.name == "Bo")
    assert dict(bo.breakdown)[category] == points
    assert bo.total == points


def test_start_player_card_scores_one_for_its_holder() -> None:
    result = score(GAME, sheet({}, {"start_player": 1}))
    by_name = {p.name: p for p in result.players}
    assert by_name["Bo"].total == 1
    assert by_name["Ann"].total == 0


def test_total_is_the_sum_and_storage_is_not_scored() -> None:
    result = score(
        GAME,
        sheet(
            {
                "estate_sets": 12,
                "bonus_cards": 3,
                "vp_cards": 2,
                "goods_sold": 5,
                "animal_kinds": 4,
                "storage_cards": 9,
            },
            {"estate_sets": 20},
        ),
    )
    ann = next(p for p in result.players if p.name == "Ann")
    assert ann.total == 12 + 3 + 2 + 5 + 4 + 1
    assert "storage_cards" not in dict(ann.breakdown)


def test_higher_total_places_first() -> None:
    result = score(GAME, sheet({"estate_sets": 5}, {"estate_sets": 9}, {"estate_sets": 1}))
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("Ann", 2), ("Cy", 3)]
    assert all(p.decided_by.kind is DecisionKind.TOTAL for p in result.players)


def test_tie_broken_by_most_storage_cards() -> None:
    result = score(
        GAME,
        sheet({"estate_sets": 9, "storage_cards": 2}, {"estate_sets": 10, "storage_cards": 5}),
    )
    # Ann 9 + start player 1 = 10, Bo 10: tied on 10, Bo has more storage cards.
    assert [(p.name, p.place) for p in result.players] == [("Bo", 1), ("Ann", 2)]
    bo, ann = result.players
    assert bo.decided_by.kind is DecisionKind.TIE_BREAKER and bo.decided_by.key == "storage_cards"
    assert "most cards left in storage (5)" in bo.decided_by.text.en
    assert "储藏库剩余卡片较多" in bo.decided_by.text.zh
    assert ann.decided_by.kind is DecisionKind.TIE_BREAKER


def test_full_tie_shares_the_place() -> None:
    result = score(
        GAME,
        sheet(
            {"estate_sets": 5, "storage_cards": 3, "start_player": 1},
            {"estate_sets": 6, "storage_cards": 3},
            {"estate_sets": 2},
        ),
    )
    assert [(p.name, p.place) for p in result.players] == [("Ann", 1), ("Bo", 1), ("Cy", 3)]
    assert result.players[0].decided_by.kind is DecisionKind.SHARED
    assert result.players[2].decided_by.kind is DecisionKind.TOTAL


def test_tie_breaker_only_separates_tied_players() -> None:
    # Cy has most storage cards but a lower total: storage never lifts a lower total.
    result = score(
        GAME,
        sheet({"estate_sets": 9, "storage_cards": 0}, {"estate_sets": 8, "storage_cards": 1}, {"storage_cards": 20}),
    )
    assert [p.name for p in result.players] == ["Ann", "Bo", "Cy"]


@pytest.mark.parametrize(
    ("scores", "field", "message"),
    [
        ({"animal_kinds": 5}, "players[0].scores.animal_kinds", "at most 4"),
        ({"estate_sets": -1}, "players[0].scores.estate_sets", "cannot be negative"),
        ({"estate_sets": 2.5}, "players[0].scores.estate_sets", "whole number"),
        ({"estate_sets": "2.5"}, "players[0].scores.estate_sets", "whole number"),
        ({"estate_sets": "abc"}, "players[0].scores.estate_sets", "is not a number"),
        ({"estate_sets": 10**9}, "players[0].scores.estate_sets", "at most 999"),
        ({"estate_sets": [1]}, "players[0].scores.estate_sets", "enter a number"),
        ({"castles": 3}, "players[0].scores.castles", "unknown category"),
        ({"start_player": 2}, "players[0].scores.start_player", "at most 1"),
    ],
)
def test_bad_values_name_the_field(scores: dict, field: str, message: str) -> None:
    with pytest.raises(SheetError) as caught:
        score(GAME, sheet({"start_player": 1, **scores}, {}))
    assert caught.value.path == field
    assert message in caught.value.message.en
    assert caught.value.message.zh


def test_two_start_players_is_an_error() -> None:
    with pytest.raises(SheetError, match="exactly one player"):
        score(GAME, sheet({"start_player": 1}, {"start_player": 1}))


def test_no_start_player_is_an_error() -> None:
    with pytest.raises(SheetError, match="now 0"):
        score(GAME, sheet({"start_player": 0}, {}))


@pytest.mark.parametrize("count", [1, 5])
def test_wrong_player_count(count: int) -> None:
    players = [{"name": f"P{i}", "scores": {"start_player": int(i == 0)}} for i in range(count)]
    with pytest.raises(SheetError, match="2–4 players"):
        score(GAME, {"players": players})


@pytest.mark.parametrize(
    ("names", "message"),
    [(["", "Bo"], "cannot be empty"), (["Ann", "ann "], "used twice"), (["<b>Ann</b>", "Bo"], "cannot contain")],
)
def test_bad_names(names: list[str], message: str) -> None:
    players = [{"name": n, "scores": {"start_player": int(i == 0)}} for i, n in enumerate(names)]
    with pytest.raises(SheetError, match=message):
        score(GAME, {"players": players})


def test_typed_text_values_are_read_like_numbers() -> None:
    # Values typed in the browser arrive as text, full-width digits included.
    result = score(GAME, sheet({"estate_sets": " 12 ", "vp_cards": "３", "bonus_cards": ""}, {}))
    assert result.players[0].total == 12 + 3 + 1


def test_registry_knows_the_game() -> None:
    assert get_game("burgundy-cards") is GAME
    with pytest.raises(ValueError, match="unknown game"):
        get_game("monopoly")


def test_three_way_tie_says_which_step_separated_each_player() -> None:
    from scoring.games.tuscany import GAME as TUSCANY

    # Not Burgundy-specific: the explanation for a partly broken tie, on a game with three tie-breakers.
    players = [
        {"name": "Ann", "scores": {"red_track": 50, "empty_spaces": 3, "green_track": 10, "cards_in_hand": 0}},
        {"name": "Bo", "scores": {"red_track": 50, "empty_spaces": 2, "green_track": 8, "cards_in_hand": 0}},
        {"name": "Cy", "scores": {"red_track": 50, "empty_spaces": 2, "green_track": 9, "cards_in_hand": 0}},
        {"name": "Di", "scores": {"red_track": 50, "empty_spaces": 1, "green_track": 1, "cards_in_hand": 0}},
    ]
    result = score(TUSCANY, {"players": players})
    assert [(p.name, p.place, p.decided_by.key) for p in result.players] == [
        ("Ann", 1, "empty_spaces"),
        ("Bo", 2, "green_track"),
        ("Cy", 3, "green_track"),
        ("Di", 4, "empty_spaces"),
    ]

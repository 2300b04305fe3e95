"""The per-game sheets, setups and helpers the browser tests used to compute (issue 38), through scoring.api as the
page's worker calls it: each row is a sheet or helper input typed there and what the page showed for it. The browser
keeps one sheet per game and what only a page can show (tests/e2e/test_<game>.py); docs/tests.md says which is which.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.api import evaluate, run_helper, setup_json


def sheet(players: list[tuple[str, dict[str, Any]]], **options: bool | str) -> dict[str, Any]:
    """A sheet as the page sends it: names, scores and the table's options."""
    return {"players": [{"name": name, "scores": scores} for name, scores in players], "options": dict(options)}


def ranking(answer: dict[str, Any]) -> list[str]:
    """The ranking's headlines as the page shows them: '1. Ann · 42', or '– Ann' for a player the rules leave unranked."""
    lines = []
    for player in answer["result"]["players"]:
        place = "–" if player["place"] is None else f"{player['place']}."
        total = "" if player["total"] is None else f" · {player['total']}"
        lines.append(f"{place} {player['name']}{total}")
    return lines


def both(items: list[dict[str, Any]]) -> str:
    """Texts in both languages, as one string to search."""
    return "\n".join(f"{item['en']}\n{item['zh']}" for item in items)


def reasons(answer: dict[str, Any]) -> list[str]:
    """Why each place was decided, in both languages, in ranking order."""
    return [both([player["decided_by"]]) for player in answer["result"]["players"]]


# (game, sheet, the ranking shown, {place: texts its reason says}, texts the result's notes say)
RANKED = {
    "bruges-tie-shared-without-the-money-rule": (
        "bruges",
        sheet([("Ann", {"score_track": 40}), ("Bo", {"score_track": 36, "houses": 4})]),
        ["1. Ann · 40", "1. Bo · 40"],
        {0: ["the source text gives no tie-breaker"]},
        [],
    ),
    "bruges-money-rule-breaks-the-tie": (
        "bruges",
        sheet(
            [("Ann", {"score_track": 40, "guilders": 3}), ("Bo", {"score_track": 36, "houses": 4, "guilders": 8})],
            guilders_tiebreak=True,
        ),
        ["1. Bo · 40", "2. Ann · 40"],
        {0: ["most money left (8)", "not in the source text", "剩餘金錢較多"]},
        ["The publisher's rule (most guilders left wins; if still tied, the place is shared) is not in the source"],
    ),
    "bruges-money-rule-equal-money-shares": (
        "bruges",
        sheet(
            [("Ann", {"score_track": 40, "guilders": 8}), ("Bo", {"score_track": 36, "houses": 4, "guilders": 8})],
            guilders_tiebreak=True,
        ),
        ["1. Ann · 40", "1. Bo · 40"],
        {0: ["shared"]},
        [],
    ),
    "bruges-pets-count-a-fourth-marker-and-pet-points": (
        "bruges",
        sheet(
            [
                ("Ann", {"score_track": 10, "majority_markers": 3, "pet_majority_marker": 1}),
                ("Bo", {"score_track": 12, "pets": 5}),
            ],
            pets=True,
        ),
        ["1. Ann · 26", "2. Bo · 17"],
        {},
        [],
    ),
    "bruges-pet-rows-not-counted-without-the-expansion": (
        "bruges",
        sheet(
            [
                ("Ann", {"score_track": 10, "majority_markers": 3}),
                ("Bo", {"score_track": 12}),
            ],
            pets=False,
        ),
        ["1. Ann · 22", "2. Bo · 12"],
        {},
        [],
    ),
    "bruges-pets-and-a-pet-marker": (
        "bruges",
        sheet(
            [("Ann", {"pets": 6, "majority_markers": 3, "pet_majority_marker": 1}), ("Bo", {"score_track": 20})],
            pets=True,
        ),
        ["1. Ann · 22", "2. Bo · 20"],
        {},
        [],
    ),
    "bruges-second-statue-and-third-canal-sections": (
        "bruges",
        sheet([("Ann", {"score_track": 10, "statues": [None, 7]}), ("Bo", {"score_track": 12, "canals_third": 2})]),
        ["1. Bo · 18", "2. Ann · 17"],
        {},
        [],
    ),
    "burgundy-cards-tie-broken-by-storage-cards": (
        "burgundy-cards",
        sheet(
            [
                ("Ann", {"estate_sets": 10, "storage_cards": 2, "start_player": 1}),
                ("Bo", {"estate_sets": 11, "storage_cards": 5}),
            ]
        ),
        ["1. Bo · 11", "2. Ann · 11"],
        {0: ["most cards left in storage (5)", "储藏库剩余卡片较多"]},
        [],
    ),
    "burgundy-cards-equal-storage-shares": (
        "burgundy-cards",
        sheet(
            [
                ("Ann", {"estate_sets": 10, "storage_cards": 5, "start_player": 1}),
                ("Bo", {"estate_sets": 11, "storage_cards": 5}),
            ]
        ),
        ["1. Ann · 11", "1. Bo · 11"],
        {0: ["shared"]},
        [],
    ),
    "burgundy-cards-the-start-player-card": (
        "burgundy-cards",
        sheet([("Ann", {"estate_sets": 7}), ("Bo", {"start_player": 1})]),
        ["1. Ann · 7", "2. Bo · 1"],
        {},
        [],
    ),
    "tuscany-three-way-tie-on-the-third-tie-breaker": (
        "tuscany",
        sheet(
            [
                ("Ann", {"empty_spaces": 8, "green_track": 55, "red_track": 70, "cards_in_hand": 5}),
                ("Bo", {"empty_spaces": 8, "green_track": 55, "red_track": 70, "cards_in_hand": 3}),
                ("Cy", {"empty_spaces": 8, "green_track": 55, "red_track": 70, "cards_in_hand": 4}),
                ("Di", {"empty_spaces": 8, "green_track": 55, "red_track": 20}),
            ]
        ),
        ["1. Bo · 71", "2. Cy · 71", "3. Ann · 71", "4. Di · 20"],
        {
            0: ["fewest region cards left (3)", "剩下的区域牌最少"],
            1: ["fewest region cards left (4)"],
            2: ["fewest region cards left (5)"],
        },
        [],
    ),
    "tuscany-equal-cards-share-the-place": (
        "tuscany",
        sheet(
            [
                ("Ann", {"empty_spaces": 8, "green_track": 55, "red_track": 70, "cards_in_hand": 5}),
                ("Bo", {"empty_spaces": 8, "green_track": 55, "red_track": 70, "cards_in_hand": 3}),
                ("Cy", {"empty_spaces": 8, "green_track": 55, "red_track": 70, "cards_in_hand": 3}),
                ("Di", {"empty_spaces": 8, "green_track": 55, "red_track": 20}),
            ]
        ),
        ["1. Bo · 71", "1. Cy · 71", "3. Ann · 71", "4. Di · 20"],
        {},
        [],
    ),
    "tuscany-first-tie-breaker-empty-spaces": (
        "tuscany",
        sheet(
            [
                ("Ann", {"red_track": 60, "empty_spaces": 5, "green_track": 30, "cards_in_hand": 0}),
                ("Bo", {"red_track": 60, "empty_spaces": 6, "green_track": 70, "cards_in_hand": 2}),
            ]
        ),
        ["1. Bo · 60", "2. Ann · 60"],
        {0: ["most empty spaces on the region boards (6)"]},
        [],
    ),
    "tuscany-second-tie-breaker-green-track": (
        "tuscany",
        sheet(
            [
                ("Ann", {"red_track": 60, "empty_spaces": 6, "green_track": 30, "cards_in_hand": 0}),
                ("Bo", {"red_track": 60, "empty_spaces": 6, "green_track": 70, "cards_in_hand": 2}),
            ]
        ),
        ["1. Ann · 60", "2. Bo · 60"],
        {0: ["fewest points on the green track (30)"]},
        [],
    ),
    "tuscany-every-tie-breaker-equal": (
        "tuscany",
        sheet(
            [
                ("Ann", {"red_track": 60, "empty_spaces": 6, "green_track": 70, "cards_in_hand": 2}),
                ("Bo", {"red_track": 60, "empty_spaces": 6, "green_track": 70, "cards_in_hand": 2}),
            ]
        ),
        ["1. Ann · 60", "1. Bo · 60"],
        {0: ["every tie-breaker: the place is shared"], 1: ["所有决胜规则也相同：共享名次"]},
        [],
    ),
    "furstenfeld-several-at-six-the-first-in-turn-order-wins": (
        "furstenfeld",
        sheet(
            [
                ("Ann", {"palaces": 6, "turn_position": 3}),
                ("Bo", {"palaces": 3, "turn_position": 1}),
                ("Cy", {"palaces": 6, "turn_position": 2}),
            ]
        ),
        ["1. Cy", "– Ann", "– Bo"],
        {0: ["Cy and Ann both completed 6 palaces this round", "position 2"]},
        [],
    ),
    "furstenfeld-turn-order-decides-again": (
        "furstenfeld",
        sheet(
            [
                ("Ann", {"palaces": 6, "turn_position": 1}),
                ("Bo", {"palaces": 3, "turn_position": 3}),
                ("Cy", {"palaces": 6, "turn_position": 2}),
            ]
        ),
        ["1. Ann", "– Bo", "– Cy"],
        {},
        [],
    ),
    "furstenfeld-a-bad-sheet-corrected": (
        "furstenfeld",
        sheet([("Ann", {"palaces": 2, "turn_position": 1}), ("Bo", {"palaces": 6, "turn_position": 2})]),
        ["1. Bo", "– Ann"],
        {},
        [],
    ),
}


@pytest.mark.parametrize(("game", "typed", "shown", "why", "notes"), RANKED.values(), ids=RANKED.keys())
def test_a_sheet_ranks_and_says_why(
    game: str, typed: dict, shown: list[str], why: dict[int, list[str]], notes: list[str]
) -> None:
    answer = evaluate(game, typed)
    assert answer["ok"] and answer["problems"] == [], answer["problems"]
    assert ranking(answer) == shown
    said = reasons(answer)
    for place, texts in why.items():
        for text in texts:
            assert text in said[place], (text, said[place])
    for text in notes:
        assert text in both(answer["result"]["notes"])


def test_tuscany_places_by_tie_breaker_then_by_total() -> None:
    answer = evaluate("tuscany", RANKED["tuscany-three-way-tie-on-the-third-tie-breaker"][1])
    kinds = [player["decided_by"]["kind"] for player in answer["result"]["players"]]
    assert kinds == ["tie-breaker"] * 3 + ["total"]


# (game, sheet, a problem each text must be in, the field it marks, player index whose partial total still shows)
REFUSED = {
    "bruges-majority-markers": (
        "bruges",
        sheet([("Ann", {"score_track": 10, "majority_markers": 4}), ("Bo", {"score_track": 12})]),
        ["Ann: Majority markers: at most 3.", "Ann：多數標記：最大"],
        "players[0].scores.majority_markers",
        (1, 12),
    ),
    "bruges-pet-majority-marker": (
        "bruges",
        sheet(
            [("Ann", {"score_track": 10, "majority_markers": 3, "pet_majority_marker": 2}), ("Bo", {"pets": 5})],
            pets=True,
        ),
        ["Pet majority marker: at most 1.", "寵物多數標記：最大"],
        "players[0].scores.pet_majority_marker",
        (1, 5),
    ),
    "bruges-canals-third-section": (
        "bruges",
        sheet([("Ann", {"score_track": 10}), ("Bo", {"score_track": 12, "canals_third": 3})]),
        ["Canals: third section: at most 2", "運河第三段：最大"],
        "players[1].scores.canals_third",
        (0, 10),
    ),
    "tuscany-marble": (
        "tuscany",
        sheet([("Ann", {"red_track": 40}), ("Bo", {"red_track": 30, "marble": 13})]),
        ["Marble: at most 12", "大理石：最大"],
        "players[1].scores.marble",
        (0, 40),
    ),
    "tuscany-workers": (
        "tuscany",
        sheet([("Ann", {"red_track": 40}), ("Bo", {"red_track": 30, "workers": 13})]),
        ["Workers: at most 12", "工人：最大"],
        "players[1].scores.workers",
        (0, 40),
    ),
    "tuscany-hex-markers": (
        "tuscany",
        sheet([("Ann", {"red_track": 40}), ("Bo", {"red_track": 30, "hex_markers": 11})]),
        ["Hex markers: at most 10", "六角指示物：最大"],
        "players[1].scores.hex_markers",
        (0, 40),
    ),
    "tuscany-unplaced-tiles": (
        "tuscany",
        sheet([("Ann", {"red_track": 40}), ("Bo", {"red_track": 30, "unplaced_tiles": 22})]),
        ["Unplaced hexes: at most 21", "没有放置的六角板块：最大"],
        "players[1].scores.unplaced_tiles",
        (0, 40),
    ),
    "furstenfeld-no-one-at-six": (
        "furstenfeld",
        sheet([("Ann", {"palaces": 5, "turn_position": 1}), ("Bo", {"palaces": 4, "turn_position": 2})]),
        ["no player has built all 6 palaces"],
        "palaces",
        None,
    ),
    "furstenfeld-a-turn-position-taken": (
        "furstenfeld",
        sheet([("Ann", {"palaces": 5, "turn_position": 1}), ("Bo", {"palaces": 6, "turn_position": 1})]),
        ["position 1 is already Ann's"],
        "players[1].scores.turn_position",
        None,
    ),
    "furstenfeld-a-turn-position-beyond-the-players": (
        "furstenfeld",
        sheet([("Ann", {"palaces": 5, "turn_position": 1}), ("Bo", {"palaces": 6, "turn_position": 3})]),
        ["with 2 players it must be 1–2"],
        "players[1].scores.turn_position",
        None,
    ),
    "furstenfeld-seven-palaces": (
        "furstenfeld",
        sheet([("Ann", {"palaces": 7, "turn_position": 1}), ("Bo", {"palaces": 6, "turn_position": 2})]),
        ["Palace cards: at most 6", "宮殿卡：最大"],
        "players[0].scores.palaces",
        None,
    ),
}


@pytest.mark.parametrize(("game", "typed", "texts", "field", "kept"), REFUSED.values(), ids=REFUSED.keys())
def test_a_bad_value_gets_its_message_and_the_rest_keeps_its_total(
    game: str, typed: dict, texts: list[str], field: str, kept: tuple[int, int] | None
) -> None:
    answer = evaluate(game, typed)
    assert not answer["ok"]
    marked = [problem for problem in answer["problems"] if all(text in both([problem]) for text in texts)]
    assert marked, (texts, answer["problems"])
    assert any(problem["field"].startswith(field) for problem in marked), marked
    assert "result" not in answer or answer.get("result") is None
    if kept is not None:
        index, total = kept
        assert next(p for p in answer["partial"] if p["index"] == index)["total"] == total


# (game, players, options, texts the checklist says, texts it does not say)
SETUPS = {
    "bruges-two-players": (
        "bruges",
        2,
        {"pets": False},
        ["describes 3 and 4 players only", "原文只描述 3 位和 4 位玩家", "remaining 3 stacks (99 cards)"],
        ["pet cards", "寵物卡"],
    ),
    "bruges-three-players": (
        "bruges",
        3,
        {"pets": False},
        ["50 and 49", "50 張與 49 張"],
        ["describes 3 and 4 players only", "原文只描述 3 位和 4 位玩家"],
    ),
    "bruges-three-players-with-pets": (
        "bruges",
        3,
        {"pets": True},
        [
            "17 pet cards into the deck",
            "17 張寵物卡",
            "agree on it at the table",
            "請全桌先說好",
            "4 majority markers",
            "4 個多數標記",
        ],
        [],
    ),
}


@pytest.mark.parametrize(("game", "players", "options", "said", "unsaid"), SETUPS.values(), ids=SETUPS.keys())
def test_the_checklist_follows_the_player_count_and_options(
    game: str, players: int, options: dict[str, bool], said: list[str], unsaid: list[str]
) -> None:
    steps = setup_json(game, players, options)["steps"]
    text = both(steps) + "\n" + both([step["note"] for step in steps if step["note"]])
    for part in said:
        assert part in text, part
    for part in unsaid:
        assert part not in text, part


PENALTIES = ("Flood|水災", "Plague|鼠疫", "Riot|暴動", "Fire|火災", "Betrayal|背叛")

# (game, helper, input, texts the helper says, texts it does not say)
HELPED = {
    "bruges-dice-threats-and-penalties": (
        "bruges",
        "dice",
        {"table": {"dice": [1, 2, 3, 5, 6]}, "options": {}},
        [
            "Reputation step cost: 3 guilders",
            "聲望軌推進成本：3 元",
            "brown die shows 5",
            "褐色的骰子是 5",
            "fifth colour die shows 6",
            "第五種顏色的骰子是 6",
            "does not say which colour brings which penalty",
            "原文沒有說明哪一種顏色對應哪一種懲罰",
            *(name for penalty in PENALTIES for name in penalty.split("|")),
        ],
        [],
    ),
    "bruges-dice-no-threat": (
        "bruges",
        "dice",
        {"table": {"dice": [3, 4, 3, 4, 3]}, "options": {}},
        ["No die shows 1 or 2", "沒有骰子是 1 或 2", "No die shows 5 or 6", "沒有骰子是 5 或 6"],
        ["Flood", "水災"],
    ),
    "tuscany-scoring-phase-corrected": (
        "tuscany",
        "scoring-phase",
        sheet([("Ann", {"green": [30, 35, 0]}), ("Bo", {"green": [5, 9, 0]})]),
        ["Ann: after the 1st scoring 30"],
        [],
    ),
}


@pytest.mark.parametrize(("game", "helper", "typed", "said", "unsaid"), HELPED.values(), ids=HELPED.keys())
def test_a_helper_says(game: str, helper: str, typed: dict, said: list[str], unsaid: list[str]) -> None:
    answer = run_helper(game, helper, typed)
    assert answer["ok"], answer
    text = both(answer["lines"])
    for part in said:
        assert part in text, part
    for part in unsaid:
        assert part not in text, part


# (game, helper, input, texts a problem says, the field it marks)
HELPER_REFUSED = {
    "bruges-a-seventh-face": (
        "bruges",
        "dice",
        {"table": {"dice": [1, 2, 3, 4, 7]}, "options": {}},
        ["The five dice (fifth colour): at most 6", "五個骰子（第五種顏色）：最大"],
        "table.dice[4]",
    ),
    "bruges-a-die-left-blank": (
        "bruges",
        "dice",
        {"table": {"dice": [1, 2, 3, 4, None]}, "options": {}},
        ["enter the fifth colour die (1–6)", "請輸入第五種顏色骰子的點數"],
        "table.dice",
    ),
    "tuscany-a-green-score-that-went-down": (
        "tuscany",
        "scoring-phase",
        sheet([("Ann", {"green": [30, 20, 0]}), ("Bo", {"green": [5, 9, 0]})]),
        ["the 2nd scoring (20) is below the one before (30)"],
        "players[0].scores.green[1]",
    ),
}


@pytest.mark.parametrize(
    ("game", "helper", "typed", "texts", "field"), HELPER_REFUSED.values(), ids=HELPER_REFUSED.keys()
)
def test_a_helper_refuses_bad_input_naming_the_field(
    game: str, helper: str, typed: dict, texts: list[str], field: str
) -> None:
    answer = run_helper(game, helper, typed)
    assert not answer["ok"]
    assert not answer.get("lines")
    marked = [problem for problem in answer["problems"] if all(text in both([problem]) for text in texts)]
    assert marked, (texts, answer["problems"])
    assert any(problem["field"].startswith(field) for problem in marked), marked

"""Each player's own column by link (scoring/column.py, issue 43 point 1): a seat's link and a column's link back
survive the trip for every game, fit a QR code that reads at the size the page shows it, merge into the host's sheet
asking before they replace anything, and any damaged link or JSON value gives a message in both languages, never an
exception."""

from __future__ import annotations

import io
from typing import Any

import pytest
import segno
from hypothesis import given
from hypothesis import strategies as st

from scoring import GAMES, api, column
from scoring.core import FieldKind, SheetError
from scoring.share import pack
from tests.engines.sheets import case
from tests.fuzz import FUZZ, JSON

BASE = "https://example.github.io/table-companion/play/"
"""A site published at a GitHub Pages address of ordinary length (48 characters)."""
NAMES = ("Ann", "韩梅梅", "Michael", "欧阳娜娜", "Bo")
LONGEST = "欧阳娜娜Michael Anderson-Smith韩梅梅李小龙王" + "x" * 40
CODE_PX = 21 * 16
"""The largest width the page gives a column's code: 21rem at 16 px (static/site.css, .column-link svg)."""
PHONE_PX = 360 - 2 * 16 - 2 * 9
"""What is left of a 360 px screen for the code once the page's and the bar's margins are taken (about 310 px)."""
MAX_CHARS = 260
MAX_VERSION = 9
"""The largest link and QR version a column's code may reach: 9 is 53 modules, 61 with the quiet zone, 5 px each."""
SEATS = [(game_id, players) for game_id, game in GAMES.items() for players in (game.min_players, game.max_players)]


def sheet_of(game_id: str, players: int, names: tuple[str, ...] = NAMES, **extra: Any) -> dict[str, Any]:
    """A full sheet of this game (the engines' random valid case) with these names and every variant on."""
    drawn = case(game_id, min(players, 4)).sheet  # the engines' cases go up to 4: a fifth is the first again
    drawn = {**drawn, "players": (drawn["players"] * 2)[:players]}
    named = [{**p, "name": names[i % len(names)][:40]} for i, p in enumerate(drawn["players"])]
    options = {o.key: True for o in GAMES[game_id].options}
    return {**drawn, "players": named, "options": options, **extra}


def host_of(sheet: dict[str, Any]) -> dict[str, Any]:
    """The host's sheet before anyone typed a score: the same table, names only."""
    return {**sheet, "players": [{"name": p["name"], "scores": {}} for p in sheet["players"]]}


def payload(link: str) -> str:
    """A link's fragment."""
    return link.split("#", 1)[1]


@pytest.mark.parametrize(("game_id", "players"), SEATS)
def test_a_column_goes_there_and_back_and_into_the_host_sheet(game_id: str, players: int) -> None:
    full = sheet_of(game_id, players)
    seat = players - 1
    asked = api.column_open(payload(api.column_ask(BASE, game_id, host_of(full), seat, False)["link"]))
    assert asked == {
        "ok": True,
        "problems": [],
        "game": game_id,
        "players": players,
        "options": full["options"],
        "seat": seat,
        "name": full["players"][seat]["name"],
    }
    back = api.column_back(BASE, game_id, full, seat, False)
    taken = api.column_take(host_of(full), payload(back["link"]))
    assert taken["ok"] and not taken["adopt"] and taken["replaces"] == [], taken
    marks = {f.key for f in GAMES[game_id].player_fields if f.kind is FieldKind.ONE_PLAYER}
    typed = {k: v for k, v in full["players"][seat]["scores"].items() if not column._blank(v)}
    typed = {k: v for k, v in typed.items() if not (k in marks and v == 0)}  # a mark not held is not sent
    got = {k: v for k, v in taken["scores"].items() if not column._blank(v)}
    assert {k: column._short(v) for k, v in typed.items()} == {k: column._short(v) for k, v in got.items()}
    merged = {**full, "players": [*full["players"][:seat], {"name": taken["name"], "scores": got}]}
    assert api.evaluate(game_id, merged)["problems"] == api.evaluate(game_id, full)["problems"]


def qr_reads_at_page_size(link: str, width: int) -> tuple[int, float]:
    """The code's version and its module size in px when drawn `width` px wide, after zxing-cpp read it back."""
    import zxingcpp
    from PIL import Image

    code = segno.make(link, error=column.QR_ERROR, micro=False)
    modules = code.symbol_size(border=4)[0]
    scale = width // modules  # whole pixels per module, as small as the page could draw it
    out = io.BytesIO()
    code.save(out, kind="png", scale=scale, border=4)
    read = zxingcpp.read_barcodes(Image.open(io.BytesIO(out.getvalue())))
    assert [r.text for r in read] == [link]
    return code.version, width / modules


@pytest.mark.parametrize("names", [NAMES, (LONGEST,)], ids=["names", "40-character names"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_links_stay_small_and_their_codes_read_at_the_size_shown(game_id: str, names: tuple[str, ...]) -> None:
    players = min(GAMES[game_id].max_players, 4)
    full = sheet_of(game_id, players, names)
    for make in (api.column_ask, api.column_back):
        answer = make(BASE, game_id, full, players - 1, True)
        link = answer["link"]
        assert answer["qr"] and 'viewBox="0 0 ' in answer["qr"]["en"]
        version, module = qr_reads_at_page_size(link, min(CODE_PX, PHONE_PX))
        assert len(link) <= MAX_CHARS and version <= MAX_VERSION, (make.__name__, len(link), version)
        assert module >= 5, (make.__name__, module)


def test_a_seat_already_filled_names_what_would_be_replaced() -> None:
    full = sheet_of("burgundy-cards", 3)
    full["players"][1]["scores"] = {"estate_sets": "5", "start_player": 1}
    sent = payload(api.column_back(BASE, "burgundy-cards", full, 1, False)["link"])
    host = host_of(full)
    host["players"][1] = {"name": "Bob", "scores": {"estate_sets": "4", "vp_cards": "2"}}
    host["players"][0]["scores"] = {"start_player": 1}
    taken = api.column_take(host, sent)
    assert [r["en"] for r in taken["replaces"]] == [
        "the name (Bob)",
        "Estate: sets of three",
        "Victory-point cards",
        "Start-player card (now Ann's)",
    ]
    assert all(r["zh"] for r in taken["replaces"])
    assert full["players"][1]["name"] == "韩梅梅"
    host["players"][1] = {"name": "韓梅梅", "scores": {"estate_sets": "5"}}
    host["players"][0]["scores"] = {"start_player": 0}
    assert api.column_take(host, sent)["replaces"] == []  # the same values, the name in the other script: nothing asked


NOW_ANN = ("Start-player card (now Ann's)", "起始玩家卡（现在是 Ann 的）")
NOT_TICKED = (
    "韩梅梅's column does not tick the start-player card; this sheet keeps it with 韩梅梅 (",
    "韩梅梅 的一列没有勾选起始玩家卡；这张表仍记在 韩梅梅 名下（",
)
UNNAMED = ("", "", "")


@pytest.mark.parametrize(
    ("names", "ticks", "holder", "asked", "said"),
    [
        (NAMES, True, None, [], []),
        (NAMES, True, 1, [], []),
        (NAMES, True, 0, [NOW_ANN], []),
        (UNNAMED, True, 2, [("Start-player card (now the third player's)", "起始玩家卡（现在是 第三位玩家 的）")], []),
        (NAMES, False, None, [], []),
        (NAMES, False, 0, [], []),
        (NAMES, False, 1, [], [NOT_TICKED]),
        (UNNAMED, False, 1, [], [("The second player's column does not tick", "第二位玩家 的一列没有勾选起始玩家卡")]),
    ],
)
def test_the_start_player_stays_the_host_s_choice_unless_the_column_claims_it(
    names: tuple[str, ...], ticks: bool, holder: int | None, asked: list[tuple[str, str]], said: list[tuple[str, str]]
) -> None:
    """The start-player card is one choice for the whole table, kept on the host's sheet: a column that ticks it takes
    it (asked first when another seat holds it there); one that does not leaves it where it is, and says so when the
    host's sheet gives it to this very seat."""
    full = sheet_of("burgundy-cards", 3, names)
    full["players"][1]["scores"] = {"estate_sets": "5", "start_player": int(ticks)}
    host = host_of(full)
    for seat, player in enumerate(host["players"]):
        player["scores"] = {"start_player": int(seat == holder)}
    host["players"][0]["scores"]["vp_cards"] = "2"  # something typed here: not a sheet that adopts the column's table
    taken = api.column_take(host, payload(api.column_back(BASE, "burgundy-cards", full, 1, False)["link"]))
    assert [(r["en"], r["zh"]) for r in taken["replaces"]] == asked
    assert len(taken["notes"]) == len(said)
    assert [(n["en"][: len(en)], n["zh"][: len(zh)]) for n, (en, zh) in zip(taken["notes"], said, strict=True)] == said
    assert taken["scores"].get("start_player") == (1 if ticks else None)  # not ticked: the host's radios stay


def test_an_untouched_sheet_takes_the_column_s_table() -> None:
    full = sheet_of("bruges", 4)
    sent = payload(api.column_back(BASE, "bruges", full, 2, False)["link"])
    blank = {"players": [{"name": "", "scores": {}}, {"name": " ", "scores": {"houses": ""}}], "options": {}}
    taken = api.column_take(blank, sent)
    assert taken["adopt"] and taken["players"] == 4 and taken["options"] == full["options"]


def column_link(game_id: str = "burgundy-cards", players: int = 3, options: tuple[str, ...] = ()) -> str:
    """A column's link of seat 2 of such a table."""
    sheet = sheet_of(game_id, players, options=dict.fromkeys(options, True))
    return payload(api.column_back(BASE, game_id, sheet, 1, False)["link"])


SENT = column_link(players=2)
TYPED = {"players": [{"name": "Ann", "scores": {"estate_sets": "3"}}] * 2, "options": {}}
BRUGES_TYPED = {"players": [{"name": "Ann", "scores": {"houses": "3"}}] * 4, "options": {}}


@pytest.mark.parametrize(
    ("sheet", "sent", "said"),
    [
        (TYPED, column_link(players=3), "this column was filled in for a 3-player"),
        (
            BRUGES_TYPED,
            column_link("bruges", 4, ("pets",)),
            "this column was filled in with other variants (Pets expansion)",
        ),
        (TYPED, column_link()[:-6], "this link is damaged"),
        (TYPED, column_link()[:20] + "A" + column_link()[21:], "this link is damaged"),
        (TYPED, column_link() + "==", "this link is damaged"),
        (TYPED, "k=" + pack([1, "chess", 2, [], 0, "", []]), "this link is damaged"),
        (TYPED, "k=" + pack([1, "burgundy-cards", 2, [], 2, "", []]), "this link is damaged"),
        (TYPED, "k=" + pack([1, "burgundy-cards", 2, [], 0, "x" * 41, []]), "this link is damaged"),
        (TYPED, "k=" + pack([1, "burgundy-cards", 2, [], 0, "", [{"a": 1}]]), "this link is damaged"),
        (TYPED, "k=" + pack([1, "burgundy-cards", 2, [], 0, "", ["1"] * 20]), "this link is damaged"),
        (TYPED, "k=" + pack([2, "burgundy-cards", 2, [], 0, "", []]), "made by a newer version"),
        (TYPED, "k=" + pack([1, "burgundy-cards", 2, [], 0, ""]), "this link is damaged"),
        ("not a sheet", column_link(players=2), "the sheet must be an object"),
    ],
)
def test_a_column_that_does_not_fit_says_why_in_both_languages(sheet: object, sent: str, said: str) -> None:
    answer = api.column_take(sheet, sent)
    assert answer["ok"] is False and said in answer["problems"][0]["en"], answer
    assert answer["problems"][0]["zh"] and not answer["problems"][0]["zh"].isascii()


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: api.column_open("c=" + pack([1, "tuscany", 9, [], 0, ""])), "this link is damaged"),
        (lambda: api.column_open("c=" + pack([1, "tuscany", 2, ["no-such-variant"], 0, ""])), "this link is damaged"),
        (lambda: api.column_open(None), "this link is damaged"),
        (lambda: api.column_ask(BASE, "tuscany", TYPED, 5), "there is no such seat"),
        (lambda: api.column_back(BASE, "chess", TYPED, 0), "there is no such game"),
        (lambda: api.column_evaluate("chess", TYPED, 0), "there is no such game"),
        (lambda: api.column_evaluate("burgundy-cards", TYPED, True), "there is no such seat"),
    ],
)
def test_other_bad_input_says_why(call: Any, said: str) -> None:
    answer = call()
    assert answer["ok"] is False and said in answer["problems"][0]["en"], answer
    assert answer["problems"][0]["zh"]


def test_a_phone_filling_one_seat_hears_only_of_that_seat() -> None:
    sheet = {
        "players": [{"name": "Ann", "scores": {"estate_sets": "-3"}}, {"name": "Bo", "scores": {"estate_sets": "2+"}}]
    }
    mine = api.column_evaluate("burgundy-cards", sheet, 1)
    assert [p["field"] for p in mine["problems"]] == ["players[1].scores.estate_sets"]
    assert all(p["index"] == 1 for p in mine["partial"])
    fine = {
        "players": [{"name": "", "scores": {}}, {"name": "Bo", "scores": {"estate_sets": "2+3", "start_player": 1}}]
    }
    answer = api.column_evaluate("burgundy-cards", fine, 1)
    assert answer["problems"] == [] and answer["partial"] == [
        {"index": 1, "total": 6, "breakdown": answer["partial"][0]["breakdown"]}
    ]
    assert answer["sums"] == {"players[1].scores.estate_sets": 5}


def test_a_column_with_several_numbers_typed_alike_here_asks_nothing() -> None:
    """A field of several numbers (Palais Royal's servants by edge) the host typed as the column did: nothing to ask;
    one number different: that field is named."""
    full = sheet_of("palais-royal", 3)
    sent = payload(api.column_back(BASE, "palais-royal", full, 1, False)["link"])
    host = host_of(full)
    host["players"][1] = {**full["players"][1], "scores": dict(full["players"][1]["scores"])}
    assert isinstance(host["players"][1]["scores"]["edge_servants"], list)
    assert api.column_take(host, sent)["replaces"] == []
    edges = [*host["players"][1]["scores"]["edge_servants"]]
    edges[0] = int(edges[0] or 0) + 1
    host["players"][1]["scores"]["edge_servants"] = edges
    label = next(f.label.en for f in GAMES["palais-royal"].player_fields if f.key == "edge_servants")
    assert [r["en"] for r in api.column_take(host, sent)["replaces"]] == [label]


def test_a_column_link_names_its_seat_and_player_before_it_is_taken() -> None:
    peek = api.column_peek(column_link(players=3))
    assert peek == {"ok": True, "problems": [], "game": "burgundy-cards", "seat": 1, "name": NAMES[1]}


def test_a_seat_link_with_a_name_too_long_is_damaged() -> None:
    answer = api.column_open("c=" + pack([1, "tuscany", 2, [], 0, "x" * 41]))
    assert answer["ok"] is False and "this link is damaged" in answer["problems"][0]["en"]


def test_a_whole_sheet_filled_on_a_seat_s_phone_gives_that_seat_s_points() -> None:
    """Every column complete (the start-player card ticked in the seat's own column makes the sheet whole): the
    seat's points, not those of the player placed where the seat sits (the result is in place order)."""
    keys = [f.key for f in GAMES["burgundy-cards"].player_fields]
    blank = dict.fromkeys(keys, "")
    sheet = {
        "players": [
            {"name": "Ann", "scores": {**blank, "start_player": 0}},
            {"name": "Bo", "scores": {**blank, "estate_sets": "2", "start_player": 1}},
            {"name": "Cy", "scores": {**blank, "vp_cards": "1", "start_player": 0}},
        ],
        "table": {},
        "options": {},
    }
    assert api.evaluate("burgundy-cards", sheet)["ok"] is True
    for seat, total in ((0, 0), (1, 3), (2, 1)):
        answer = api.column_evaluate("burgundy-cards", sheet, seat)
        assert answer["problems"] == [] and [(p["index"], p["total"]) for p in answer["partial"]] == [(seat, total)]
    assert api.column_evaluate("burgundy-cards", sheet, 1)["partial"][0]["breakdown"]["start_player"] == 1


def said_clearly(answer: dict[str, Any]) -> bool:
    """An answer that is either fine or says what is wrong in both languages."""
    return answer["ok"] is True or all(p["zh"] and p["en"] for p in answer["problems"])


@FUZZ
@given(text=st.text(max_size=300))
def test_any_text_as_a_link_gives_an_answer(text: str) -> None:
    for read in (api.column_open, api.column_peek):
        assert said_clearly(read(text))
    assert said_clearly(api.column_take(TYPED, text))


@FUZZ
@given(data=JSON)
def test_any_json_in_a_link_or_as_a_sheet_gives_an_answer(data: object) -> None:
    for prefix in ("c=", "k="):
        assert said_clearly(api.column_open(prefix + pack(data)))
        assert said_clearly(api.column_peek(prefix + pack(data)))
    assert said_clearly(api.column_take(data, SENT))
    for make in (api.column_ask, api.column_back):
        assert said_clearly(make(BASE, "burgundy-cards", data, 0, False))
    assert said_clearly(api.column_evaluate("burgundy-cards", data, 0))


@FUZZ
@given(data=JSON, at=st.integers(0, 6))
def test_any_json_in_a_column_s_fields_gives_an_answer(data: object, at: int) -> None:
    values: list[object] = [""] * at + [data]
    for sent in ([1, "burgundy-cards", 2, [], 0, "Ann", values], [1, "burgundy-cards", 2, [], 0, data, []]):
        answer = api.column_take(TYPED, "k=" + pack(sent))
        assert said_clearly(answer)


def test_a_damaged_link_is_a_sheet_error_not_another_exception() -> None:
    with pytest.raises(SheetError):
        column.read_column("k=%%%")

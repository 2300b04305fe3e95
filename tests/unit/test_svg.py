"""The SVG pictures: well-formed and escaped, bars proportional to the breakdown, colours with contrast on both
page backgrounds, and setup diagrams that show the same numbers as the checklists."""

from __future__ import annotations

import collections
import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import scoring.history as history_module
from scoring import GAMES, get_game
from scoring.api import evaluate, setup_json
from scoring.core import (
    Decision,
    DecisionKind,
    PlayerResult,
    Result,
    Text,
    check_sheet,
    checklist,
    score,
    setup_diagram,
)
from scoring.core.entry import field_length
from scoring.svg import (
    LANGS,
    PALETTE,
    WIDTH,
    bold_width,
    contrast,
    ink,
    print_setup_figure,
    result_chart,
    setup_figure,
    text_width,
    wrap,
)
from tests.unit.test_properties import POINT_GAMES, sheets

SVG = "{http://www.w3.org/2000/svg}"
NS = {"s": SVG[1:-1]}
CSS = (Path(__file__).resolve().parents[2] / "static" / "site.css").read_text(encoding="utf-8")
TOLERANCE = 0.011  # coordinates are written with two decimals


def parse(svg: str) -> ET.Element:
    """The picture as XML: it must be well-formed SVG with a title, a description and no style attribute."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.find("s:title", NS).text and root.find("s:desc", NS).text
    for element in root.iter():
        assert "style" not in element.attrib, "the page's CSP forbids inline styles"
        assert element.tag.startswith(SVG), element.tag
    return root


def width_of(root: ET.Element) -> float:
    """The picture's width in user units."""
    _, _, width, _ = (float(v) for v in root.get("viewBox").split())
    return width


def bars(root: ET.Element) -> list[ET.Element]:
    """The chart's player bars, top to bottom."""
    return root.findall("s:g[@class='bar']", NS)


def segments(bar: ET.Element) -> list[ET.Element]:
    """A bar's coloured segments, left to right."""
    return bar.findall("s:rect[@class='seg']", NS)


def texts(element: ET.Element, cls: str) -> list[str]:
    """The text of every text element of this class inside element."""
    return [t.text or "" for t in element.iter(f"{SVG}text") if t.get("class") == cls]


# ---------------------------------------------------------------- colours


def page_colours(name: str) -> list[str]:
    """A custom property's value in the light and the dark scheme of site.css."""
    blocks = re.findall(r":root(?:\[data-theme=dark\])?\s*\{([^}]*)\}", CSS)
    assert len(blocks) == 2, "site.css should define :root once for light and once for dark (data-theme=dark)"
    found = [re.search(rf"--{name}:\s*#([0-9a-fA-F]{{6}}|[0-9a-fA-F]{{3}})\b", block).group(1) for block in blocks]
    return ["#" + (h if len(h) == 6 else "".join(c * 2 for c in h)) for h in found]


BACKGROUNDS = page_colours("bg") + page_colours("card")


@pytest.mark.parametrize("colour", PALETTE)
def test_every_category_colour_stands_out_on_light_and_dark_pages(colour: str) -> None:
    for background in BACKGROUNDS:
        assert contrast(colour, background) >= 3, (colour, background)
    assert contrast(colour, ink(colour)) >= 4.5


def test_colours_are_distinct() -> None:
    assert len(set(PALETTE)) == len(PALETTE)
    assert max(len(g.category_labels()) for g in GAMES.values()) <= len(PALETTE)


# ---------------------------------------------------------------- result chart


@pytest.mark.parametrize("game", POINT_GAMES, ids=lambda g: g.id)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_bars_are_proportional_to_the_breakdown(game, data: st.DataObject) -> None:
    sheet = data.draw(sheets(game))
    assume(not check_sheet(game, sheet)[1])
    result = score(game, sheet)
    lang = data.draw(st.sampled_from(LANGS))
    root = parse(result_chart(game, result, lang))
    width = width_of(root)
    assert width == WIDTH
    drawn = bars(root)
    assert [b.get("data-name") for b in drawn] == [p.name for p in result.players]  # place order
    largest = max(p.total for p in result.players)
    colour_of: dict[str, str] = {}
    for bar, player in zip(drawn, result.players, strict=True):
        assert int(bar.get("data-total")) == player.total
        expected = [(k, v) for k, v in player.breakdown if v > 0]
        segs = segments(bar)
        assert [(s.get("data-key"), int(s.get("data-value"))) for s in segs] == expected
        x = 0.0
        for seg, (key, value) in zip(segs, expected, strict=True):
            assert abs(float(seg.get("width")) - value * width / largest) <= TOLERANCE
            assert abs(float(seg.get("x")) - x) <= TOLERANCE * 4  # contiguous from the left edge
            x = float(seg.get("x")) + float(seg.get("width"))
            assert colour_of.setdefault(key, seg.get("fill")) == seg.get("fill")  # same category, same colour
        assert x <= width + TOLERANCE
        if player.total == largest and largest > 0:
            assert abs(x - width) <= TOLERANCE * 4
    assert len(set(colour_of.values())) == len(colour_of)
    legend = {
        r.get("data-key"): r.get("fill") for r in root.iter(f"{SVG}rect") if r.get("data-key") and not r.get("class")
    }
    assert legend == colour_of
    shown = {t.text for t in root.iter(f"{SVG}text")}
    assert all(getattr(game.category_labels()[key], lang) in shown for key in legend)


def burgundy(*rows: tuple[str, int, int], holder: int = 0) -> dict:
    """A Castles of Burgundy sheet: (name, estate points, storage cards) per player."""
    players = [
        {"name": name, "scores": {"estate_sets": points, "storage_cards": storage, "start_player": int(i == holder)}}
        for i, (name, points, storage) in enumerate(rows)
    ]
    return {"players": players}


def test_a_tie_breaker_is_shown_beside_the_tied_players_only() -> None:
    game = get_game("burgundy-cards")
    result = score(game, burgundy(("Ann", 10, 2), ("Bo", 11, 5), ("Cy", 3, 0)))  # Ann's start card: 11 each
    root = parse(result_chart(game, result, "en"))
    ties = {b.get("data-name"): texts(b, "tie") for b in bars(root)}
    assert ties == {
        "Bo": ["Tie-breaker: most cards left in storage 5"],
        "Ann": ["Tie-breaker: most cards left in storage 2"],
        "Cy": [],
    }
    zh = parse(result_chart(game, result, "zh"))
    assert texts(bars(zh)[0], "tie") == ["平手决胜：储藏库剩余卡片较多 5"]
    assert texts(bars(zh)[0], "name") == ["1. Bo"]


def test_a_shared_place_is_shown_beside_both_players() -> None:
    game = get_game("burgundy-cards")
    result = score(game, burgundy(("Ann", 10, 4), ("Bo", 11, 4)))
    root = parse(result_chart(game, result, "en"))
    assert [texts(b, "tie") for b in bars(root)] == [["Tied: the place is shared"]] * 2
    assert [texts(b, "name") for b in bars(root)] == [["1. Ann"], ["1. Bo"]]


def test_the_text_equivalent_lists_every_player_and_category_in_place_order() -> None:
    game = get_game("burgundy-cards")
    result = score(game, burgundy(("Ann", 10, 2), ("Bo", 11, 5), ("Cy", 3, 0)))
    desc = parse(result_chart(game, result, "en")).find("s:desc", NS).text
    assert desc == (
        "Points by category, in place order: "
        "1. Bo: 11 points (Estate: sets of three 11, Bonus cards 0, Victory-point cards 0, Goods sold 0, Animal kinds 0, "
        "Start-player card 0); Tie-breaker: most cards left in storage 5. "
        "2. Ann: 11 points (Estate: sets of three 10, Bonus cards 0, Victory-point cards 0, Goods sold 0, Animal kinds 0, "
        "Start-player card 1); Tie-breaker: most cards left in storage 2. "
        "3. Cy: 3 points (Estate: sets of three 3, Bonus cards 0, Victory-point cards 0, Goods sold 0, Animal kinds 0, "
        "Start-player card 0)."
    )
    zh = parse(result_chart(game, result, "zh")).find("s:desc", NS).text
    assert zh.startswith("各项得分（按名次）：1. Bo：11 分（庄园三张一套 11，奖励卡 0，")
    assert zh.endswith("3. Cy：3 分（庄园三张一套 3，奖励卡 0，分数卡 0，出售的货物 0，动物种类 0，起始玩家卡 0）。")


@pytest.mark.parametrize("name", ['Ann & "Bo"', "O'Neil", "王小明 & co", "a&amp;b"])
def test_names_are_escaped(name: str) -> None:
    game = get_game("burgundy-cards")
    result = score(game, burgundy((name, 5, 0), ("Cy", 3, 0)))
    svg = result_chart(game, result, "en")
    root = parse(svg)
    assert bars(root)[0].get("data-name") == name
    assert texts(bars(root)[0], "name") == [f"1. {name}"]
    assert name in root.find("s:desc", NS).text


def test_markup_in_a_result_stays_text() -> None:
    # The sheet refuses < and >; the renderer escapes them anyway.
    game = get_game("burgundy-cards")
    hostile = '<script>alert(1)</script><svg onload="x">'
    player = PlayerResult(hostile, 3, 1, (("estate_sets", 3),), Decision(DecisionKind.TOTAL, Text("", "")), 0)
    root = parse(result_chart(game, Result(game.id, (player,)), "en"))
    assert texts(bars(root)[0], "name")[0].startswith("1. <script>alert(1)</script>")
    assert bars(root)[0].get("data-name") == hostile
    assert root.find(".//s:script", NS) is None
    assert len(list(root.iter(f"{SVG}svg"))) == 1 + len(root.findall(".//s:svg[@class='name-room']", NS)) == 2


def test_long_names_are_cut_to_fit_a_phone_and_kept_whole_in_the_text_equivalent() -> None:
    game = get_game("burgundy-cards")
    long = "长" * 40
    result = score(game, burgundy((long, 5, 0), ("Cy", 3, 0)))
    root = parse(result_chart(game, result, "zh"))
    shown = texts(bars(root)[0], "name")[0]
    assert shown.endswith("…") and text_width(shown, 13) <= WIDTH
    assert long in root.find("s:desc", NS).text


LONG_NAMES = {
    "capitals": "W" * 40,
    "broad small letters": "mw" * 20,
    "Latin": "Maximiliane Wolkenstein-Hohenberg Amelie",
    "CJK": "长" * 40,
    "emoji": "😀" * 20,  # 40 in UTF-16 code units, as the name field counts (test_name_length.py)
    "Arabic": "مريم " * 7 + "مريمة",
    "combining marks": "e\u0301" * 20,
}
"""Names of the longest length a sheet allows (40 UTF-16 code units), of every kind of character the chart draws."""


@pytest.mark.parametrize("total", [61, 3, 999])
@pytest.mark.parametrize("name", LONG_NAMES.values(), ids=LONG_NAMES.keys())
def test_a_long_name_is_cut_before_its_total_and_the_total_is_whole(name: str, total: int) -> None:
    """Issue 40 point 6: a 40-character name overlapped its total. The name is cut with an ellipsis where its bold
    text, as measured for the chart, ends a gap before the total's, and drawn in a viewport that narrow."""
    assert field_length(name) == 40
    game = get_game("burgundy-cards")
    result = score(game, burgundy((name, total, 0), ("Cy", 1, 0), holder=1))
    root = parse(result_chart(game, result, "en"))
    bar = bars(root)[0]
    assert texts(bar, "total") == [str(total)]
    drawn = next(t for t in bar.iter(f"{SVG}text") if t.get("class") == "total")
    assert (float(drawn.get("x")), drawn.get("text-anchor")) == (WIDTH, "end")
    room = bar.find("s:svg[@class='name-room']", NS)
    assert room is not None and room.get("overflow") == "hidden", "the name is drawn in a viewport that clips it"
    assert room.get("aria-hidden") == "true"  # the picture is one image, read from its description
    assert [t.get("class") for t in room.iter(f"{SVG}text")] == ["name"]
    total_starts = WIDTH - bold_width(str(total), 13)
    assert float(room.get("x")) + float(room.get("width")) <= total_starts - 8 + TOLERANCE
    shown = texts(bar, "name")[0]
    assert bold_width(shown, 13) <= float(room.get("width")) + TOLERANCE
    assert shown == f"1. {name}" or (shown.endswith("…") and f"1. {name}".startswith(shown[:-1].rstrip()))
    assert name in root.find("s:desc", NS).text


@pytest.mark.parametrize("text", ["Ann", "WMmw", "長い名前", "😀", "مريم", "12345"])
def test_bold_text_is_measured_at_least_as_wide_as_the_plain_estimate(text: str) -> None:
    assert bold_width(text, 13) >= text_width(text, 13)


def test_furstenfeld_has_no_points_and_charts_the_palaces_built() -> None:
    answer = evaluate(
        "furstenfeld",
        {
            "players": [
                {"name": "Ann", "scores": {"palaces": 4, "turn_position": 1}},
                {"name": "Bo", "scores": {"palaces": 6, "turn_position": 2}},
                {"name": "Cy", "scores": {"palaces": 2, "turn_position": 3}},
            ]
        },
    )
    assert answer["ok"] and answer["result"]["players"][0]["total"] is None
    root = parse(answer["chart"]["en"])
    palaces = get_game("furstenfeld").category_labels()["palaces"]
    assert root.find("s:title", NS).text == palaces.en
    assert root.find("s:g[@class='chart-legend']", NS) is None  # the title names the one category
    drawn = bars(root)
    assert [(b.get("data-name"), b.get("data-total")) for b in drawn] == [("Bo", "6"), ("Ann", "4"), ("Cy", "2")]
    assert [texts(b, "name")[0] for b in drawn] == ["1. Bo", "– Ann", "– Cy"]  # the rules rank only the winner
    widths = [float(segments(b)[0].get("width")) for b in drawn]
    assert widths == pytest.approx([WIDTH, WIDTH * 4 / 6, WIDTH * 2 / 6], abs=TOLERANCE)
    assert parse(answer["chart"]["zh"]).find("s:title", NS).text == palaces.zh


def test_palais_royal_charts_the_edge_points_as_a_category() -> None:
    game = get_game("palais-royal")
    sheet = {
        "players": [
            {"name": "Ann", "scores": {"nobles": 20, "edge_servants": [2, 0, 0, 0]}},
            {"name": "Bo", "scores": {"nobles": 15, "privileges_unplayed": 9, "edge_servants": [1, 0, 0, 0]}},
        ],
        "table": {"edges": [[5, 2], [0, 0], [0, 0], [0, 0]]},
    }
    root = parse(evaluate(game.id, sheet)["chart"]["en"])
    first, second = bars(root)
    assert [(s.get("data-key"), s.get("data-value")) for s in segments(first)] == [("nobles", "20"), ("edges", "5")]
    assert [s.get("data-key") for s in segments(second)] == ["nobles", "privileges_unplayed", "edges"]
    assert "Courtyard edges" in [t.text for t in root.iter(f"{SVG}text")]


def test_every_breakdown_entry_of_every_game_has_a_label() -> None:
    for game in GAMES.values():
        labels = game.category_labels()
        assert {c.field.key for c in game.categories} <= set(labels)
    player = PlayerResult("Ann", 1, 1, (("mystery", 1),), Decision(DecisionKind.TOTAL, Text("", "")), 0)
    with pytest.raises(ValueError, match="mystery"):
        result_chart(get_game("tuscany"), Result("tuscany", (player,)), "en")


def test_evaluate_gives_the_chart_in_both_languages_only_for_a_complete_sheet() -> None:
    answer = evaluate("burgundy-cards", burgundy(("Ann", 10, 2), ("Bo", 11, 5)))
    assert set(answer["chart"]) == {"zh", "en"}
    assert "<title>各项得分（按名次）</title>" in answer["chart"]["zh"]
    incomplete = evaluate("burgundy-cards", burgundy(("Ann", 10, 2), ("", 11, 5)))
    assert not incomplete["ok"] and "chart" not in incomplete


def test_all_zero_draws_empty_tracks() -> None:
    game = get_game("tuscany")
    zero = tuple((c.field.key, 0) for c in game.categories)
    shared = Decision(DecisionKind.SHARED, Text("", ""))
    result = Result(game.id, (PlayerResult("Ann", 0, 1, zero, shared, 0), PlayerResult("Bo", 0, 1, zero, shared, 1)))
    root = parse(result_chart(game, result, "en"))
    assert [segments(b) for b in bars(root)] == [[], []]
    assert len(root.findall(".//s:rect[@class='track']", NS)) == 2


# ---------------------------------------------------------------- text fitting


@given(st.text(alphabet=st.sampled_from("ab 长、。（）Word"), max_size=80), st.integers(40, 340))
def test_wrapped_lines_fit_and_keep_the_words(text: str, width: int) -> None:
    lines = wrap(text, width, 11, lines=99)
    for line in lines:
        assert line and text_width(line, 11) <= width
    assert not any(line[0] in "，。、）" for line in lines[1:])  # closing punctuation never starts a line
    if not any(line.endswith("…") for line in lines):
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


# ---------------------------------------------------------------- setup diagrams

CASES = [
    (game, players, dict(zip([o.key for o in game.options], flags, strict=True)))
    for game in GAMES.values()
    for players in range(game.min_players, game.max_players + 1)
    for flags in itertools.product((False, True), repeat=len(game.options))
]


def pieces(root: ET.Element) -> list[list[dict[str, str]]]:
    """Each area's pieces: shape, tone, label and note."""
    return [
        [
            {
                "shape": piece.get("data-shape"),
                "tone": piece.get("data-tone"),
                "label": "".join(texts(piece, "label")),
                "note": " ".join(texts(piece, "note")),
                "piece": piece,
            }
            for piece in area.findall("s:g[@class='piece']", NS)
        ]
        for area in root.findall("s:g[@class='area']", NS)
    ]


def desc(root: ET.Element) -> str:
    """The picture's text equivalent."""
    return root.find("s:desc", NS).text


def captions(root: ET.Element) -> list[str]:
    """Each area's caption, its lines joined."""
    return [" ".join(texts(area, "caption")) for area in root.findall("s:g[@class='area']", NS)]


def extent(element: ET.Element) -> tuple[float, float]:
    """Leftmost and rightmost x of a rect, circle or polygon."""
    if element.tag == f"{SVG}rect":
        x = float(element.get("x"))
        return x, x + float(element.get("width"))
    if element.tag == f"{SVG}circle":
        cx, r = float(element.get("cx")), float(element.get("r"))
        return cx - r, cx + r
    xs = [float(p.split(",")[0]) for p in element.get("points").split()]
    return min(xs), max(xs)


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=lambda v: getattr(v, "id", str(v)))
def test_every_diagram_is_valid_svg_that_fits_a_phone(game, players: int, options: dict) -> None:
    diagram = setup_diagram(game, players, **options)
    assert diagram is not None, f"{game.id} has no setup diagram"
    for lang in LANGS:
        root = parse(setup_figure(diagram, lang))
        assert width_of(root) == WIDTH
        shapes = [e for e in root.iter() if e.tag in {f"{SVG}rect", f"{SVG}circle", f"{SVG}polygon"}]
        assert shapes
        for shape in shapes:
            left, right = extent(shape)
            assert left >= -0.01 and right <= WIDTH + 0.01, (game.id, shape.attrib)
        assert root.find("s:title", NS).text == getattr(diagram.title, lang)
        cut = [t.text for t in root.iter(f"{SVG}text") if t.text and t.text.endswith("…")]
        assert not cut, f"text cut short to fit: {cut}"


CARD_WIDTH = 718
"""The printed card's width in CSS px: A4's 210 mm less the 10 mm margins of static/site.css's @page."""


def characters(root: ET.Element) -> collections.Counter[str]:
    """Every character the picture writes, whitespace aside (wrapped differently, the same words)."""
    return collections.Counter("".join("".join(t.itertext()) for t in root.iter(f"{SVG}text")).replace(" ", ""))


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=lambda v: getattr(v, "id", str(v)))
def test_every_printed_diagram_sets_its_areas_side_by_side_legibly(game, players: int, options: dict) -> None:
    diagram = setup_diagram(game, players, **options)
    for lang in LANGS:
        screen, printed = parse(setup_figure(diagram, lang)), parse(print_setup_figure(diagram, lang))
        width, height = width_of(printed), float(printed.get("height"))
        assert height < float(screen.get("height")) and width > WIDTH, "areas side by side: wider and lower"
        for group in printed:
            shift = re.fullmatch(r"translate\(([\d.]+) 0\)", group.get("transform", "translate(0 0)"))
            for shape in group.iter():
                if shape.tag in {f"{SVG}rect", f"{SVG}circle", f"{SVG}polygon"}:
                    left, right = (float(shift.group(1)) + x for x in extent(shape))
                    assert left >= -0.01 and right <= width + 0.01, (game.id, lang, shape.attrib)
        smallest = min(float(t.get("font-size")) for t in printed.iter(f"{SVG}text"))
        points = smallest * min(1.0, CARD_WIDTH / width) * 0.75
        assert points >= 6, f"{game.id} {lang}: its smallest text prints at {points:.1f} pt"
        cut = [t.text for t in printed.iter(f"{SVG}text") if t.text and t.text.endswith("…")]
        assert not cut, f"text cut short to fit: {cut}"
        assert characters(printed) == characters(screen), "the same words as the screen's picture, no more, no fewer"
        assert printed.find("s:desc", NS).text == screen.find("s:desc", NS).text


def test_setup_json_gives_the_diagram_in_both_languages() -> None:
    answer = setup_json("bruges", 3, {"pets": True})
    assert set(answer["diagram"]) == set(answer["print_diagram"]) == {"zh", "en"}
    assert "pet cards" in parse(answer["diagram"]["en"]).find("s:desc", NS).text


def step_with(game_id: str, players: int, words: str, **options: bool) -> str:
    """The English text of the checklist step that contains these words."""
    steps = [s.text.en for s in checklist(get_game(game_id), players, **options) if words in s.text.en]
    assert len(steps) == 1, words
    return steps[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_burgundy_display_matches_the_checklist(players: int) -> None:
    root = parse(setup_figure(setup_diagram(get_game("burgundy-cards"), players), "en"))
    bonus, display, beside, below, dealt = pieces(root)
    assert [p["label"] for p in display] == ["1", "2", "3", "4", "5", "6"]
    assert (
        f"lay out the display cards 1–{len(display)}"
        in step_with("burgundy-cards", players, "display cards 1–").lower()
    )
    laid = int(
        re.search(r"lay (\d+) action cards face up", step_with("burgundy-cards", players, "face up beside")).group(1)
    )
    assert len(beside) == laid and all(p["shape"] == "card" for p in beside)
    assert f"{laid} action cards face up" in captions(root)[2]
    deal = int(re.search(r"Deal each player (\d+) cards", step_with("burgundy-cards", players, "Deal each")).group(1))
    shuffled = int(
        re.search(r"Shuffle the (\d+) action cards", step_with("burgundy-cards", players, "action cards (red")).group(1)
    )
    assert [p["label"] for p in below] == [str(shuffled - deal * players - laid)]
    assert [p["label"] for p in dealt] == [str(deal)] * players
    assert [p["label"] for p in bonus] == ["1", "7"] and "4 on top, then 3, 2, 1" in bonus[1]["note"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_palais_royal_rooms_servants_and_gold_match_the_checklist(players: int) -> None:
    root = parse(setup_figure(setup_diagram(get_game("palais-royal"), players), "en"))
    rooms, servants, gold = pieces(root)
    assert len(rooms) == 9 and {p["label"] for p in rooms} == {"?"} and {p["tone"] for p in rooms} == {"off"}
    rows = sorted({float(p["piece"].find("s:rect", NS).get("y")) for p in rooms})
    assert len(rows) == 3  # a 3×3 square
    assert "3×3" in step_with("palais-royal", players, "castle rooms and lay them out")
    placed = step_with("palais-royal", players, "stairway and")
    stair, parade = re.search(r"takes (\d+) servants from his play area to the stairway and (\d+)", placed).groups()
    by_note = {p["note"]: p["label"] for p in servants}
    assert by_note["stairway"] == stair and by_note["parade ground"] == parade
    assert by_note["gate"] == "–" and "parade ground lets its owner place 1 servant at the gate" in desc(root)
    left = re.search(r"should have (\d+) servants left", step_with("palais-royal", players, "should have")).group(1)
    assert by_note["left in his play area"] == left
    seats = re.search(
        r"\(to his left\): (.*)\.$", step_with("palais-royal", players, "gold coins from the general")
    ).group(1)
    assert [p["label"] for p in gold] == re.findall(r": (\d+)", seats)
    assert gold[0]["note"] == "seat 1 (start)" and gold[0]["tone"] == "off"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pets", [False, True])
def test_bruges_piles_match_the_checklist(players: int, pets: bool) -> None:
    root = parse(setup_figure(setup_diagram(get_game("bruges"), players, pets=pets), "en"))
    stacks, holders, extra = pieces(root)
    split = step_with("bruges", players, "card holder", pets=pets)
    halves = re.search(r"\(([^()]*(?:each|and \d+))\)", split).group(1)
    numbers = re.findall(r"\d+", halves.split(":")[-1])
    expected = numbers * 2 if len(numbers) == 1 else numbers
    assert [p["label"] for p in holders] == expected
    assert sum(int(n) for n in expected) == int(re.search(r"\((\d+) cards\)", split).group(1))
    extra_cards = re.search(
        r"\((\d+) cards\) into the “extra draw pile”", step_with("bruges", players, "extra draw")
    ).group(1)
    assert [p["label"] for p in extra] == [extra_cards]
    assert [p["tone"] for p in stacks] == ["marked"] * players + ["plain"] * (5 - players)
    assert {p["label"] for p in stacks} == {"33"}
    assert ("pet cards" in root.find("s:desc", NS).text) == pets


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_furstenfeld_open_breweries_match_the_checklist(players: int) -> None:
    root = parse(setup_figure(setup_diagram(get_game("furstenfeld"), players), "en"))
    cards, breweries = pieces(root)
    dealt = step_with("furstenfeld", players, "demand cards")
    assert f"deal {players} onto the demand spaces of {players} breweries" in dealt
    assert [p["tone"] for p in cards] == ["marked"] * players + ["off"] * (7 - players)
    assert [p["label"] for p in breweries] == ["open"] * players + ["closed"] * (5 - players)
    assert [p["tone"] for p in breweries] == ["marked"] * players + ["off"] * (5 - players)
    assert "on “1”" in captions(root)[1] and "on “1”" in step_with("furstenfeld", players, "price markers on")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tuscany_stacks_and_neutral_hexes_match_the_checklist(players: int) -> None:
    root = parse(setup_figure(setup_diagram(get_game("tuscany"), players), "en"))
    display, stacked, own, board = pieces(root)
    assert "in two rows of four" in step_with("tuscany", players, "neutral hexes face up")
    assert len(display) == 8 and {p["shape"] for p in display} == {"hex"}
    rows = {}
    for p in display:
        top = min(float(xy.split(",")[1]) for xy in p["piece"].find("s:polygon", NS).get("points").split())
        rows[round(top)] = rows.get(round(top), 0) + 1
    assert sorted(rows.values()) == [4, 4]
    stacks, size = re.search(r"into (\d+) stacks of (\d+)", step_with("tuscany", players, "stacks of")).groups()
    assert [p["label"] for p in own] == [size] * int(stacks)
    total = re.search(r"Shuffle the (\d+) neutral hexes", step_with("tuscany", players, "neutral hexes (beige")).group(
        1
    )
    assert [p["label"] for p in stacked] == [str(int(total) - len(display))]
    assert [p["label"] for p in board] == ["player board"]


def test_every_picture_module_is_outside_the_history_seal() -> None:
    """The pictures shape nothing a history stores: a change to any module of scoring/svg/ keeps stored histories
    sealed (scoring.history.NOT_STORED names each, a new one too)."""
    folder = Path(history_module.__file__).parent
    modules = {path.relative_to(folder).as_posix() for path in (folder / "svg").glob("*.py")}
    assert len(modules) > 1 and modules <= history_module.NOT_STORED, sorted(modules - history_module.NOT_STORED)

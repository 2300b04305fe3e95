"""Issue 17, the score sheet at the table, on Chromium, Firefox and WebKit: each acceptance point at phone width.

Each scenario is a test of its own on the engine's shared origin, its storage emptied first (`warm_tab`; what it
needs from another sheet, it types first); what is the same JavaScript on every engine runs on Chromium only:
- the `test_*` at the table type on play/ as a player does (native keys, taps) in the tab, 390×844 (WebKitGTK's
  window is at least 447 px wide, so there 447×844): open ties, sums, Enter/Next, help, quick picks, New game, Palais
  Royal's edges, the checklist. Every ranking and message is compared with what `scoring` says under CPython.
- `test_layout_rules_and_search_at_phone_widths` (one page load for all the layout checks) measures pages inside a frame of exactly 390×844 and 360×740 on every
  engine (/__phone.html): the grid first, the checklist's first step, the rules in the interface language, the way
  back to the contents, and search for the players' words for tie-breakers.
"""

from __future__ import annotations

import copy
import html
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from scoring import GAMES
from scoring.api import evaluate, setup_json
from scoring.core import FieldKind, active_player_fields
from scoring.games.palais_royal import EACH_SCORES
from tests.engines import play
from tests.engines.conftest import DESKTOP, PHONE, PHONE_FRAME, SMALL_PHONE
from tests.engines.drivers import Tab
from tests.engines.sheets import Case

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

# ------------------------------------------------------------------ what scoring says (CPython)


def blank(field: Any) -> Any:
    """A field as play/ sends it when nothing is typed: "" (a list of them for entries), 0 for a one-player mark."""
    if field.kind is FieldKind.ONE_PLAYER:
        return 0
    if field.entries and field.parts:
        return [["" for _ in field.parts] for _ in field.entries]
    return ["" for _ in field.entries] if field.entries else ""


def page_sheet(game_id: str, seats: list[tuple[str, dict[str, Any]]], table: dict[str, Any] | None = None) -> dict:
    """A sheet as play/ sends it (sheet-inputs.js collect()): every field of every seat, blanks as typed (""), an
    unnamed seat as its placeholder P1, P2…; typed values override the blanks."""
    game = GAMES[game_id]
    players = []
    for index, (name, typed) in enumerate(seats):
        scores = {f.key: blank(f) for f in active_player_fields(game, {})}
        scores.update(copy.deepcopy(typed))
        players.append({"name": name or f"P{index + 1}", "scores": scores})
    values = {f.key: blank(f) for f in game.table_fields}
    values.update(copy.deepcopy(table or {}))
    return {"players": players, "table": values, "options": {}}


def answer(game_id: str, sheet: dict) -> dict:
    """scoring's answer for the sheet."""
    return evaluate(game_id, copy.deepcopy(sheet))


def place_text(player: dict) -> str:
    """A place as the grid writes it: "1", "2?" (waiting for a tie-breaker), "–"."""
    if player["place"] is None:
        return "–"
    return f"{player['place']}?" if player["decided_by"]["kind"] == "pending" else str(player["place"])


def shown_case(game_id: str, sheet: dict, said: dict) -> Case:
    """The ranking play/ must show for scoring's answer, open places ("2?.") included."""
    placed = said["result"]["players"]
    lines = [
        ("–" if p["place"] is None else f"{place_text(p)}.")
        + f" {p['name']}"
        + ("" if p["total"] is None else f" · {p['total']}")
        for p in placed
    ]
    return Case(
        game_id, sheet, lines, [p["decided_by"]["en"] for p in placed], [p["decided_by"]["kind"] for p in placed]
    )


def places_by_seat(sheet: dict, said: dict) -> list[str]:
    """The place row's text per seat, for scoring's answer."""
    by_name = {p["name"]: place_text(p) for p in said["result"]["players"]}
    return [by_name[p["name"]] for p in sheet["players"]]


# ------------------------------------------------------------------ reading play/


PROBLEMS = """(css, visible) => [...document.querySelectorAll(css + ' .problems li')].map((li) =>
    visible ? li.innerText.trim() : li.querySelector(':scope > .l-en').textContent.trim())"""
"""The problem messages under a grid: their English text, or (visible) what the reader sees."""

PLACES = """(css) => [...document.querySelectorAll(css + ' output.place')].filter((o) => !o.closest('td').hidden)
    .map((o) => o.textContent.trim())"""


def settle(tab: Tab, source: str, want: Any, *args: object, what: str, timeout: float = 30) -> None:
    """Wait until a function of the page returns want (compared as JSON); the last value shown if it never does."""
    try:
        tab.wait(
            f"(want, ...args) => JSON.stringify(({source})(...args)) === JSON.stringify(want)",
            want,
            *args,
            timeout=timeout,
            what=what,
        )
    except AssertionError:
        raise AssertionError(f"{tab.engine}: {what}\nwanted: {want!r}\nshown:  {tab.js(source, *args)!r}") from None


def problems_are(tab: Tab, game: str, said: dict, lang: str = "en") -> None:
    """The messages under the grid are scoring's, in this language (English spans, or the visible text)."""
    want = [p[lang] for p in said.get("problems", [])]
    settle(tab, PROBLEMS, want, play.tool(game), lang != "en", what=f"{game}: the problems in {lang}")


def value_of(tab: Tab, css: str) -> str:
    """A field's value as shown."""
    return tab.js("(css) => document.querySelector(css).value", css)


def switch_game(tab: Tab, game: str) -> None:
    """Go to another game with the game switcher (one control on a phone): open it, tap the game."""
    tab.click(".game-switch > summary")
    tab.wait("() => document.querySelector('.game-switch').open", what="the game switcher open")
    tab.click(f'.game-switch a[data-game-tab="{game}"]')
    tab.wait(
        "(css, game) => document.querySelector(css).offsetParent !== null && location.hash === '#' + game + '/score'"
        " && !document.querySelector('.game-switch').open",
        play.tool(game),
        game,
        what=f"{game}'s sheet through the switcher",
    )


# ------------------------------------------------------------------ the tab: a player at the table


def at_the_table(tab: Tab, game: str) -> None:
    """A fresh visit to a game's sheet on a phone, in English, once the calculator answers."""
    play.open_tool(tab, game)
    play.in_english(tab)
    play.wait_ready(tab)
    viewport = tab.js("() => [innerWidth, innerHeight]")
    assert viewport[0] <= 447 and viewport[1] == PHONE[1], f"{tab.engine}: viewport {viewport}"


def seat_tuscany(tab: Tab) -> None:
    """Tuscany's four seats named as in TUSCANY_SEATS (what another sheet offers as quick picks)."""
    tab.select(f"{play.section('tuscany')} [data-role=players]", "4")
    for seat, (name, _) in enumerate(TUSCANY_SEATS):
        tab.type(play.field_css("tuscany", "name", seat), name)


@pytest.mark.only_engines("chromium")
def test_untouched_sheets_an_open_tie_and_the_checklists_count(warm_tab: Tab) -> None:
    """Chromium only: what an untouched sheet says, the open tie (scoring's answer) and the checklist's count are
    the same JavaScript and Python on every engine; every engine types a tie-breaker sheet (test_core_table.py) and
    ticks a checklist (test_core_table.py, test_duration_note.py). One load of play/ for the three (each on a sheet
    of its own)."""
    tab = warm_tab
    at_the_table(tab, "bruges")
    untouched_sheet_and_unnamed_seats(tab)
    play.open_tool(tab, "tuscany")
    an_open_tie_is_never_final(tab)
    setup_counts_steps(tab)  # Tuscany's checklist, for the sheet's 4 players


def test_enter_walks_a_players_column(warm_tab: Tab) -> None:
    tab = warm_tab
    at_the_table(tab, "burgundy-cards")
    enter_moves_down_then_to_the_next_player(tab)


def test_help_setup_choices_quick_picks_sums_edges_and_new_game(warm_tab: Tab) -> None:
    """Tuscany's seats named, a label's help over the sheet; Fürstenfeld's setup chosen; on Palais Royal the quick
    picks, sums, an edge tie and New game, with a reload after which the sum and both setups are as chosen. One load
    of play/: each part needs the one before (the names to pick, the choices to keep)."""
    tab = warm_tab
    at_the_table(tab, "tuscany")
    seat_tuscany(tab)
    help_in_a_popover(tab)
    switch_game(tab, "furstenfeld")
    setup_choices_for_tonight(tab)
    switch_game(tab, "palais-royal")
    quick_picks_sums_edges_and_new_game(tab)


QUIET = """(css) => [document.querySelectorAll(css + ' .problems li, ' + css + ' [aria-invalid=true]').length,
    document.querySelector(css + ' .names-hint').hidden, [...document.querySelectorAll(css + ' output.total')]
    .filter((o) => !o.closest('td').hidden).map((o) => o.textContent.trim())]"""
"""What an untouched sheet says: messages and fields marked, the names hint hidden, the totals shown."""


def untouched_sheet_and_unnamed_seats(tab: Tab) -> None:
    """No message and no total on any game's untouched sheet, though scoring has things to say of every blank one
    but Bruges' and Palais Royal's; seats without a name are ranked as P1, P2, with a quiet hint."""
    for game in GAMES:  # Burgundy: no start player; Fürstenfeld: no turn positions, no 6 palaces; Tuscany: a tie
        tab.js("(game) => { location.hash = game + '/score'; }", game)
        form = play.tool(game)
        tab.wait("(css) => Number(document.querySelector(css).dataset.computed) >= 1", form, what=f"{game} computed")
        said = tab.js(QUIET, form)
        assert said[:2] == [0, True] and len(said[2]) >= 2 and set(said[2]) == {"–"}, (
            f"{tab.engine}: {game}'s untouched sheet says something: {said}"
        )
    game, form = "bruges", play.tool("bruges")
    tab.js("() => { location.hash = 'bruges/score'; }")
    quiet = "(css) => [document.querySelectorAll(css + ' .problems li, ' + css + ' [aria-invalid=true]').length, document.querySelector(css + ' .names-hint').hidden]"
    tab.select(f"{play.section(game)} [data-role=players]", "2")
    play.type_and_enter(tab, play.field_css(game, "score_track", 0), "30")
    play.type_and_enter(tab, play.field_css(game, "score_track", 1), "20")
    sheet = page_sheet(game, [("", {"score_track": "30"}), ("", {"score_track": "20"})])
    said = answer(game, sheet)
    assert said["ok"] and [p["name"] for p in said["result"]["players"]] == ["P1", "P2"]
    play.ranking(tab, shown_case(game, sheet, said))
    assert tab.js(quiet, form) == [0, False], f"{tab.engine}: no names-hint, or a red field, once scores are typed"


TUSCANY_SEATS = [("Ann", 87), ("Bo", 90), ("小明", 87), ("Cy", 50)]


def an_open_tie_is_never_final(tab: Tab) -> None:
    """A tie on totals with its tie-breaker blank: "2?", a message naming the blank fields and players, no saving;
    the tie-breaker typed: the final ranking, as scoring says. The tie-breaker-only rows say so and look different."""
    game, form = "tuscany", play.tool("tuscany")
    tab.select(f"{play.section(game)} [data-role=players]", "4")
    for seat, (name, red) in enumerate(TUSCANY_SEATS):
        tab.type(play.field_css(game, "name", seat), name)
        tab.type(play.field_css(game, "red_track", seat), str(red))
        tab.type(play.field_css(game, "marble", seat), "0")  # a final-scoring value: the column is begun (issue 41)
    breaker = GAMES[game].tie_breakers[0].key
    typed: list[dict[str, Any]] = [{"red_track": str(red), "marble": "0"} for _, red in TUSCANY_SEATS]
    sheet = page_sheet(game, [(n, t) for (n, _), t in zip(TUSCANY_SEATS, typed, strict=True)])
    said = answer(game, sheet)
    tie = [p for p in said["problems"] if p.get("kind") == "tie"]
    assert not said["ok"] and len(tie) == 1, said["problems"]  # the premise: scoring leaves the place open
    assert all(word in tie[0]["en"] for word in ("Ann", "小明", "Empty spaces")), tie[0]["en"]
    play.ranking(tab, shown_case(game, sheet, said))
    problems_are(tab, game, said)
    settle(tab, PLACES, places_by_seat(sheet, said), form, what="the open places in the grid")
    assert places_by_seat(sheet, said) == ["2?", "1", "2?", "4"]
    needed = tab.js(
        "(css) => [...document.querySelectorAll(css + ' [data-needed=true]')].map((el) => `players[${el.dataset.player}].scores.${el.dataset.field}`)",
        form,
    )
    assert needed == tie[0]["fields"], f"{tab.engine}: outlined {needed}, scoring names {tie[0]['fields']}"
    state = "(css) => [document.querySelector(css).dataset.state, document.querySelector(css + ' [data-action=save-history]').disabled, document.querySelectorAll(css + ' .problems li.tie-open').length]"
    assert tab.js(state, form) == ["tie-open", True, 1], f"{tab.engine}: an open tie can be saved, or is not marked"
    rows_for_ties_say_so(tab, game)
    # The blank tie-breakers typed, one then the other: scoring's answer each time, final at the end.
    for seat, value in ((0, "2"), (2, "5")):
        play.type_and_enter(tab, play.field_css(game, breaker, seat), value)
        typed[seat][breaker] = value
        sheet = page_sheet(game, [(n, t) for (n, _), t in zip(TUSCANY_SEATS, typed, strict=True)])
        said = answer(game, sheet)
        play.ranking(tab, shown_case(game, sheet, said))
        problems_are(tab, game, said)
    assert said["ok"] and "tie-breaker" in [p["decided_by"]["kind"] for p in said["result"]["players"]]
    settle(tab, PLACES, places_by_seat(sheet, said), form, what="the final places in the grid")
    settle(tab, state, ["final", False, 0], form, what="a final sheet can be saved")


def rows_for_ties_say_so(tab: Tab, game: str) -> None:
    """Rows that only break ties are marked "only for ties" and shaded unlike scored rows."""
    scored = {c.field.key for c in GAMES[game].categories}
    only = [t.key for t in GAMES[game].tie_breakers if t.key not in scored]
    assert only, "Tuscany has tie-breaker-only rows"
    rows = tab.js(
        """(css, keys, scoredKey) => {
            const cell = (key) => document.querySelector(`${css} tr[data-row="${key}"] td`);
            return { scored: getComputedStyle(cell(scoredKey)).backgroundColor,
                     tie: keys.map((key) => { const row = document.querySelector(`${css} tr[data-row="${key}"]`);
                         return [row.dataset.roleRow, row.querySelector('.row-role').innerText.trim(), getComputedStyle(cell(key)).backgroundColor]; }) };
        }""",
        play.tool(game),
        only,
        next(iter(scored)),
    )
    for key, (role, said, background) in zip(only, rows["tie"], strict=True):
        assert role == "tie" and said == "only for ties", f"{tab.engine}: {key}: {role!r} {said!r}"
        assert background != rows["scored"], f"{tab.engine}: {key} is shaded like a scored row ({background})"


def help_in_a_popover(tab: Tab) -> None:
    """A row's label opens a dialog over the sheet with the field's help, the rule's first lines and a link to the
    full section; the page does not navigate; a tie-breaker-only row's help says so."""
    game = "tuscany"
    field = next(f for f in GAMES[game].player_fields if f.key == "cards_in_hand")
    label = f'{play.tool(game)} tr[data-row="{field.key}"] button.label-help'
    stay = "() => [location.href, window.__stayed ?? null, Math.round(window.scrollY)]"
    # gone if the page navigates; the label centred first, as WebKit's driver does before a click
    tab.js("(css) => { window.__stayed = 1; document.querySelector(css).scrollIntoView({ block: 'center' }); }", label)
    before = tab.js(stay)
    tab.click(label)
    title = tab.wait(
        "() => { const d = document.querySelector('dialog.help-pop'); const q = d.querySelector('.rule-excerpt .l-en .excerpt-title');"
        " return d.open && q && q.textContent.trim(); }",
        what="the help dialog with the rule's first lines",
        timeout=20,
    )
    shown = tab.js(
        "() => { const d = document.querySelector('dialog.help-pop'); return [d.querySelector('.help-body').textContent,"
        " d.querySelector('.help-more').getAttribute('href'), d.querySelector('.rule-excerpt .l-en').textContent]; }"
    )
    assert field.help.en in shown[0], f"{tab.engine}: the help says {shown[0]!r}"
    assert shown[1] == f"../rules/{game}/#{field.section}", f"{tab.engine}: the link goes to {shown[1]!r}"
    headings = section_headings(tab.site.root, game, field.section)  # type: ignore[attr-defined]
    assert title in headings and len(shown[2]) > len(title) + 40, f"{tab.engine}: {shown[2]!r} is not from {headings}"
    assert tab.js(stay) == before, f"{tab.engine}: the sheet left: {tab.js(stay)} (was {before})"
    tab.click("dialog.help-pop button[value=close]")
    tab.wait("() => !document.querySelector('dialog.help-pop').open", what="the help dialog closed")
    tab.click(f'{play.tool(game)} tr[data-row="empty_spaces"] button.label-help')
    said = tab.wait(
        "() => document.querySelector('dialog.help-pop').open && document.querySelector('dialog.help-pop .help-body').textContent",
        what="the tie-breaker row's help",
    )
    assert "only settles ties" in said, said
    tab.click("dialog.help-pop button[value=close]")
    tab.wait("() => !document.querySelector('dialog.help-pop').open", what="the help dialog closed")
    assert value_of(tab, play.field_css(game, "name", 2)) == "小明"  # the sheet stayed


def section_headings(site: Path, game: str, section: str) -> list[str]:
    """The English headings of a rules section, as built."""
    page = (site / "rules" / game / "index.html").read_text(encoding="utf-8")
    start = page.index(f'id="{section}"')
    english = page[page.index('class="col en"', start) : page.index("</section>", start)]
    return [html.unescape(re.sub(r"<[^>]+>", "", h)).strip() for h in re.findall(r"<h[23][^>]*>(.*?)</h[23]>", english)]


def setup_counts_steps(tab: Tab) -> None:
    """The checklist for the sheet's player count says "0 of n done", and counts each tick."""
    game = "tuscany"
    tab.click(f'{play.section(game)} a[data-tool-tab="setup"]')
    steps = len(setup_json(game, 4)["steps"])
    checklist = f"{play.tool(game, 'setup')} .checklist"
    tab.wait(
        "(css, n) => { const c = document.querySelector(css); return c.offsetParent && c.dataset.players === '4' && c.querySelectorAll('input[data-step]').length === n; }",
        checklist,
        steps,
        what="the 4-player checklist",
    )
    done = "(css) => document.querySelector(css + ' .steps-done').innerText.trim()"
    settle(tab, done, f"0 of {steps} done", play.section(game), what="no step done")
    for ticked in (1, 2):
        tab.click(f"{checklist} input[data-step='{ticked - 1}']")
        settle(tab, done, f"{ticked} of {steps} done", play.section(game), what=f"{ticked} steps done")


FURSTENFELD_SETUP = ("3", "advanced")
"""Tonight's Fürstenfeld: the player count and the variant chosen on its setup tab."""


def setup_choices_for_tonight(tab: Tab) -> None:
    """Fürstenfeld's setup for 3 players, advanced game: the checklist follows the choices."""
    game = "furstenfeld"
    count, variant = FURSTENFELD_SETUP
    tab.click(f'{play.section(game)} a[data-tool-tab="setup"]')
    tab.select(f"{play.section(game)} [data-role=players]", count)
    tab.check(f"{play.section(game)} [data-option={variant}]")
    tab.wait(
        "(css, n) => { const c = document.querySelector(css); return c.dataset.players === n && JSON.parse(c.dataset.options ?? '{}').advanced === true; }",
        f"{play.tool(game, 'setup')} .checklist",
        count,
        what="the checklist for 3 players, advanced game",
    )


def setup_choices_kept(tab: Tab, shown: str) -> None:
    """After a reload, each game's player count and variant are as last chosen (Tuscany 4, Fürstenfeld 3 advanced);
    then the game that was shown is shown again."""
    count, variant = FURSTENFELD_SETUP
    for game in ("tuscany", "furstenfeld"):
        play.open_tool(tab, game, "setup")  # a game other than the one shown comes into the page when opened
    settle(
        tab,
        "(variant) => ['tuscany', 'furstenfeld'].map((g) => document.querySelector(`section[data-game=${g}] [data-role=players]`).value)"
        ".concat(document.querySelector(`section[data-game=furstenfeld] [data-option=${variant}]`).checked)",
        ["4", count, True],
        variant,
        what="the player counts and the variant kept through the reload",
    )
    play.open_tool(tab, shown)


def enter_moves_down_then_to_the_next_player(tab: Tab) -> None:
    """Enter (Next) goes down one player's column, row by row, then to the next player's name; the "across" switch
    goes along the row. The sheet typed this way ranks as scoring says."""
    game = "burgundy-cards"
    fields = [f for f in active_player_fields(GAMES[game], {}) if f.kind is FieldKind.COUNT]
    column = [(f.key, e) for f in fields for e in (range(len(f.entries)) if f.entries else [None])]
    seats = [
        ("Ann", {"estate_sets": "12", "vp_cards": "3", "storage_cards": "4", "start_player": 1}),
        ("小明", {"estate_sets": "13", "vp_cards": "3", "storage_cards": "1"}),
    ]
    tab.select(f"{play.section(game)} [data-role=players]", "2")
    walked = []
    for seat, (name, typed) in enumerate(seats):
        play.type_and_enter(tab, play.field_css(game, "name", seat), name)
        walked.append(play.focused(tab))
        for key, entry in column:
            play.type_and_enter(tab, play.field_css(game, key, seat, entry), str(typed.get(key, "")))
            walked.append(play.focused(tab))
    order = [["name", "0"], *([k, "0"] for k, _ in column), ["name", "1"], *([k, "1"] for k, _ in column), [None, None]]
    assert walked == order[1:], f"{tab.engine}: Enter went {walked}"
    tab.check(play.field_css(game, "start_player", 0))  # a mark one player holds: a tap, outside the Enter order
    sheet = page_sheet(game, seats)
    said = answer(game, sheet)
    assert said["ok"] and "tie-breaker" in [p["decided_by"]["kind"] for p in said["result"]["players"]]
    play.ranking(tab, shown_case(game, sheet, said))
    # Across: the same row, the next player.
    tab.check(f"{play.tool(game)} [data-role=flow]")
    play.type_and_enter(tab, play.field_css(game, column[0][0], 0), "12")
    assert play.focused(tab) == [column[0][0], "1"], f"{tab.engine}: across went to {play.focused(tab)}"
    tab.click(f"{play.tool(game)} [data-role=flow]")  # down again (the choice is remembered)


def quick_picks_sums_edges_and_new_game(tab: Tab) -> None:
    """Names from the other sheets as quick picks; "20+8" shows 28 and keeps the sum through a reload; a bad sum is
    named in both languages; an edge tie offers its choice in the message; the edges row adds up; New game keeps
    the players and the board's edge points."""
    game, form = "palais-royal", play.tool("palais-royal")
    tab.select(f"{play.section(game)} [data-role=players]", "2")
    picks = f"{form} .name-picks button"
    offered = tab.wait(
        "(css) => { const b = [...document.querySelectorAll(css)]; return b.length && b[0].offsetParent && b.map((x) => x.textContent); }",
        picks,
        what="the quick picks",
    )
    assert sorted(offered) == sorted(name for name, _ in TUSCANY_SEATS), f"{tab.engine}: offered {offered}"
    tab.click(f'{picks}[data-pick="小明"]')  # no seat focused: the first empty one
    tab.wait(
        "(css) => document.querySelector(css).value === '小明'", play.field_css(game, "name", 0), what="小明 seated"
    )
    tab.click(play.field_css(game, "name", 1))
    tab.click(f'{picks}[data-pick="Ann"]')  # the seat focused last
    tab.wait("(css) => document.querySelector(css).value === 'Ann'", play.field_css(game, "name", 1), what="Ann seated")

    nobles = play.field_css(game, "nobles", 0)
    play.type_and_enter(tab, nobles, "20+8")
    settle(tab, "(css) => document.querySelector(css).value", "28", nobles, what="the sum's value after leaving")
    tab.click(nobles)
    assert value_of(tab, nobles) == "20+8", f"{tab.engine}: focused, the field shows {value_of(tab, nobles)!r}"
    bad = play.field_css(game, "nobles", 1)
    play.type_and_enter(tab, bad, "20+")
    sheet = page_sheet(game, [("小明", {"nobles": "20+8"}), ("Ann", {"nobles": "20+"})])
    said = answer(game, sheet)
    assert any("“20+”" in p["en"] and "Nobles" in p["en"] for p in said["problems"]), said["problems"]
    problems_are(tab, game, said)
    assert tab.js(
        "(css) => [document.querySelector(css).value, document.querySelector(css).getAttribute('aria-invalid')]", bad
    ) == ["20+", "true"]
    tab.click("button[data-ui-lang=zh]")
    tab.wait("() => document.documentElement.classList.contains('ui-zh')", what="the Chinese interface")
    problems_are(tab, game, said, "zh")
    play.in_english(tab)
    problems_are(tab, game, said, "en")

    # An edge tie: the choice sits in the message; the computed edges row makes the column add up.
    typed = [
        {"nobles": "20+8", "edge_servants": ["2", "0", "0", "0"]},
        {"nobles": "4", "edge_servants": ["2", "1", "0", "0"]},
    ]
    play.type_and_enter(tab, bad, "4")
    for seat, scores in enumerate(typed):
        for entry, value in enumerate(scores["edge_servants"]):
            tab.type(play.field_css(game, "edge_servants", seat, entry), value)
    # Servants on edges 1 and 2, the board's points blank: edge 1's tie is said, and edge 2's first place's points
    # are missing, not 0; no winner is named yet.
    said = answer(game, page_sheet(game, list(zip(("小明", "Ann"), typed, strict=True))))
    kinds = [(p["field"], p.get("kind")) for p in said["problems"]]
    assert kinds == [("table.edge_tie_rule", "choice"), ("table.edges[1][0]", "missing")], said["problems"]
    problems_are(tab, game, said)
    needed = "(css) => [...document.querySelectorAll(css + ' [data-field=edges][data-needed=true]')].map((el) => `table.edges[${el.dataset.entry}][${el.dataset.part}]`)"
    settle(tab, needed, said["problems"][1]["fields"], form, what="the blank points outlined")
    assert tab.js("(css) => document.querySelectorAll(css + ' .ranking li').length", form) == 0, tab.engine
    edges = [[6, 3], [5, 2], [4, 2], [3, 1]]
    for entry, parts in enumerate(edges):
        for part, value in enumerate(parts):
            tab.type(play.field_css(game, "edges", -1, entry, part), str(value))
    table = {"edges": [[str(v) for v in parts] for parts in edges]}
    seats = list(zip(("小明", "Ann"), typed, strict=True))
    sheet = page_sheet(game, seats, table)
    said = answer(game, sheet)
    assert [p["field"] for p in said["problems"]] == ["table.edge_tie_rule"], said["problems"]  # premise: an edge tie
    problems_are(tab, game, said)
    choice = f"{form} .problems li select.choice-here"
    tab.wait(
        "(css) => Boolean(document.querySelector(css)?.offsetParent)", choice, what="the edge-tie choice in the message"
    )
    # An answer with the same messages, arriving late, leaves the choice in place (a rebuilt one closes its picker).
    tab.js("(css) => { document.querySelector(css).seen = 'yes'; }", choice)  # a property: the markup unchanged
    computed = tab.js("(css) => Number(document.querySelector(css).dataset.computed)", form)
    edge = play.field_css(game, "edges", -1, 3, 1)
    tab.js("(css) => document.querySelector(css).dispatchEvent(new Event('input', { bubbles: true }))", edge)
    tab.wait("(css, n) => Number(document.querySelector(css).dataset.computed) > n", form, computed, what="asked again")
    assert tab.js("(css) => document.querySelector(css).seen ?? null", choice) == "yes", f"{tab.engine}: rebuilt"
    tab.select(choice, EACH_SCORES)
    rule = f'{play.section(game)} select[data-field="edge_tie_rule"]'
    settle(tab, "(css) => document.querySelector(css).value", EACH_SCORES, rule, what="the table's choice made")
    sheet = page_sheet(game, seats, {**table, "edge_tie_rule": EACH_SCORES})
    said = answer(game, sheet)
    assert said["ok"], said["problems"]
    play.ranking(tab, shown_case(game, sheet, said))
    column_adds_up(tab, game, sheet, said)

    tab.reload()  # the sum as typed survives a reload, and so do the setups chosen
    play.wait_ready(tab)
    setup_choices_kept(tab, game)
    play.ranking(tab, shown_case(game, sheet, said))
    settle(tab, "(css) => document.querySelector(css).value", "28", nobles, what="the sum's value after a reload")
    tab.click(nobles)
    assert value_of(tab, nobles) == "20+8", f"{tab.engine}: after a reload, focused: {value_of(tab, nobles)!r}"

    tab.click(f"{play.section(game)} [data-action=new-game]")
    tab.wait("() => document.querySelector('dialog.ask').open", what="the New game dialog")
    tab.click("dialog.ask button[value=confirm]")
    tab.wait("(css) => document.querySelector(css).value === ''", nobles, what="the scores cleared")
    kept = tab.js(
        """(section, form) => [
            [...document.querySelectorAll(form + ' input.name')].filter((el) => !el.closest('[hidden]')).map((el) => el.value),
            [...document.querySelectorAll(form + ' [data-field=edges][data-player="-1"]')].map((el) => el.value),
            document.querySelector(section + ' select[data-field=edge_tie_rule]').value,
            [...document.querySelectorAll(form + ' input.num[data-player="0"], ' + form + ' input.num[data-player="1"]')].filter((el) => el.value !== '').length,
        ]""",
        play.section(game),
        form,
    )
    assert kept == [["小明", "Ann"], [str(v) for parts in edges for v in parts], EACH_SCORES, 0], (
        f"{tab.engine}: {kept}"
    )
    # Another group: "Keep the players' names and seats" let go, the names go (the board's values stay); undone.
    names = f"{form} input.name"
    shown_names = (
        "(css) => [...document.querySelectorAll(css)].filter((el) => !el.closest('[hidden]')).map((el) => el.value)"
    )
    tab.click(f"{play.section(game)} [data-action=new-game]")
    tab.wait("() => document.querySelector('dialog.ask').open", what="the New game dialog")
    assert tab.js("() => document.querySelector('dialog.ask [name=ask-option]').checked"), f"{tab.engine}: not ticked"
    tab.click("dialog.ask [name=ask-option]")
    tab.click("dialog.ask button[value=confirm]")
    settle(tab, shown_names, ["", ""], names, what="the names let go")
    edge_values = "(css) => [...document.querySelectorAll(css)].map((el) => el.value)"
    assert tab.js(edge_values, f"{form} [data-field=edges][data-player='-1']") == kept[1], f"{tab.engine}: edges"
    tab.click(f"{play.section(game)} [data-action=undo-clear]")
    settle(tab, shown_names, ["小明", "Ann"], names, what="the players back after Undo")


def column_adds_up(tab: Tab, game: str, sheet: dict, said: dict) -> None:
    """Each seat's column: the scored rows as shown plus the computed row equal the Total shown, and the computed
    row shows scoring's value."""
    computed = [key for key, _ in GAMES[game].computed_categories]
    for seat, player in enumerate(sheet["players"]):
        placed = next(p for p in said["result"]["players"] if p["name"] == player["name"])
        shown = tab.js(
            """(form, seat, keys) => ({
                rows: Object.fromEntries([...document.querySelectorAll(`${form} tr[data-row] input.num[data-player="${seat}"]`)]
                    .filter((el) => !el.closest('tr').dataset.roleRow).map((el) => [el.dataset.field, el.value])),
                computed: keys.map((k) => document.querySelector(`${form} output.computed[data-key="${k}"][data-player="${seat}"]`).textContent),
                total: document.querySelector(`${form} output.total[data-player="${seat}"]`).textContent,
            })""",
            play.tool(game),
            seat,
            computed,
        )
        assert shown["computed"] == [str(placed["breakdown"][k]) for k in computed], f"{tab.engine}: {shown}"
        rows = sum(int(v or 0) for v in shown["rows"].values())
        assert rows + sum(int(v) for v in shown["computed"]) == int(shown["total"]) == placed["total"], (
            f"{tab.engine}: seat {seat}: {shown} does not add up to scoring's {placed['total']}"
        )


# ------------------------------------------------------------------ the frame: exact phone widths


LOAD = """(src, width, height) => new Promise((resolve, reject) => {
    const frame = document.querySelector('iframe');
    frame.style.display = 'block';
    frame.style.width = width + 'px';
    frame.style.height = height + 'px';
    const timer = setTimeout(() => reject(new Error('the frame did not load ' + src)), 30000);
    frame.onload = () => { clearTimeout(timer); resolve([frame.contentWindow.innerWidth, frame.contentWindow.innerHeight]); };
    frame.src = src;
})"""


def framed(source: str) -> str:
    """A function (win, doc, ...args) made to run on the frame's window and document."""
    return f"(...args) => {{ const win = document.querySelector('iframe').contentWindow; return ({source})(win, win.document, ...args); }}"


def load(tab: Tab, page: str, size: tuple[int, int]) -> None:
    """Load a page of the site in the frame at this size (a query of its own makes each load a new one)."""
    seen = tab.js(LOAD, tab.site.url + page, *size)  # type: ignore[attr-defined]
    assert seen == list(size), f"{tab.engine}: the frame's viewport is {seen}, not {size}"
    # A phone's scrollbars take no room; headless Firefox's take 12 px of the page's width (348 of 360): the page's
    # own scrollbar is made an overlay one, as on a phone (the grid's box keeps its own).
    tab.js(framed("(win, doc) => { doc.documentElement.style.scrollbarWidth = 'none'; }"))
    width = tab.js(framed("(win, doc) => doc.documentElement.clientWidth"))
    assert width == size[0], f"{tab.engine}: the framed page lays out {width} px, not {size[0]}"


GRID_FIRST = """(win, doc, game, height) => {
    win.scrollTo(0, 0);
    const form = doc.querySelector(`section.game[data-game="${game}"] [data-tool=score]`);
    const box = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
    const first = [...form.querySelectorAll('.grid tbody input.num, .grid tbody input[type=radio]')].find((el) => el.offsetParent);
    const switcher = doc.querySelectorAll('.game-switch');
    const notes = form.querySelector('details.source-notes');
    const current = doc.querySelector(`.game-switch .current[data-current="${game}"]`);
    return {
        name: box(form.querySelector('input.name[data-player="0"]')), score: box(first), scrollY: win.scrollY,
        switchers: switcher.length, switchOpen: switcher[0].open,
        linksShown: [...doc.querySelectorAll('[data-game-tab]')].filter((a) => a.checkVisibility()).length,
        linksOutside: [...doc.querySelectorAll('[data-game-tab]')].filter((a) => !switcher[0].contains(a)).length,
        current: current.checkVisibility(),
        notes: notes ? [notes.open, Math.round(notes.querySelector('summary').getBoundingClientRect().height),
            [...notes.children].filter((c) => c.tagName !== 'SUMMARY' && c.checkVisibility()).length] : null,
    };
}"""


TOTALS_IN_SIGHT = """(win, doc, game) => new Promise((resolve) => {
    const section = doc.querySelector(`section.game[data-game="${game}"]`);
    const count = section.querySelector('[data-role=players]');
    count.value = section.dataset.max;
    count.dispatchEvent(new Event('change', { bubbles: true }));
    const box = section.querySelector('[data-tool=score] .grid-scroll');
    const hidden = () => {
        const b = box.getBoundingClientRect();
        return [...box.querySelectorAll('output.total, output.place')].filter((o) => o.checkVisibility()).filter((o) => {
            const r = o.getBoundingClientRect();
            return r.top < Math.max(b.top, 0) - 1 || r.bottom > Math.min(b.bottom, win.innerHeight) + 1;
        }).map((o) => `${o.className} ${o.dataset.player}`);
    };
    const found = {};
    const steps = [['top', 0], ['middle', 0.5], ['bottom', 1]];
    const next = () => {
        if (!steps.length) { win.scrollTo(0, 0); box.scrollTop = 0; return resolve(found); }
        const [where, share] = steps.shift();
        box.scrollIntoView({ block: 'end' });
        box.scrollTop = share * (box.scrollHeight - box.clientHeight);
        win.requestAnimationFrame(() => win.setTimeout(() => { found[where] = hidden(); next(); }));
    };
    win.requestAnimationFrame(() => win.setTimeout(next));
})"""
"""With the game's most players, the grid's box scrolled into view and scrolled inside to its top, middle and bottom:
the Total and Place outputs that are outside the box's visible part or the screen, at each (issue 41, point 1)."""


def test_layout_rules_and_search_at_phone_widths(warm_tab: Tab) -> None:
    """Point 2 (the grid first), 6 (the first step on the first screen) and 7 (rules and search on a phone)."""
    tab = warm_tab
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    tab.js("() => { localStorage.setItem('tc:lang', 'en'); }")  # the frame's pages share this origin's storage
    for size in (PHONE, SMALL_PHONE):
        grid_first(tab, size)
    rules_on_a_phone(tab)
    search_for_tie_breakers(tab)


WIDER = """(win, doc) => [...doc.querySelectorAll('body *')].filter((el) => el.checkVisibility() && !el.closest('.grid-scroll, pre, table'))
    .map((el) => [el, el.getBoundingClientRect()]).filter(([el, r]) => r.width > 0 && (r.right > doc.documentElement.clientWidth + 1 || r.left < -1))
    .slice(0, 5).map(([el, r]) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`)"""
"""The first visible boxes that stand out of the page's width on either side (a table or the grid scroll in a box)."""


def test_no_page_is_wider_than_a_phone(warm_tab: Tab) -> None:
    """At 360 px no page, in either language and either Chinese script, has a box beyond the screen's edges. Each
    page is loaded once and switched between them as the reader's choice does (window.tcPrefs, what the language and
    script buttons call)."""
    tab = warm_tab
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    wide = []
    for page in ("?s=w", "rules/tuscany/?s=w", "rules/bruges/aid/?s=w", "search/?s=w&q=tie", "play/?s=w#history"):
        load(tab, page, SMALL_PHONE)
        if "q=" in page:  # its results shown (and the search index read) before the frame moves on
            tab.wait(framed("(win, doc) => doc.body.dataset.searched === 'tie'"), what="the search results")
        if page.startswith("play/"):  # its calculator started before the frame moves on: a page left while
            # Python loads has its downloads cut short, and Firefox reports each as an error of that page
            tab.wait(framed("(win, doc) => doc.documentElement.dataset.calculator === 'ready'"), what="the calculator")
        for lang, script in (("zh", "hans"), ("zh", "hant"), ("en", "hans")):
            said = tab.js(framed(WIDER_IN), lang, script)
            if said:
                wide.append((lang, script, page, said))
    tab.js(framed("(win) => { win.tcPrefs.set('lang', 'en'); win.localStorage.removeItem('tc:script'); }"))
    assert not wide, f"{tab.engine}: boxes beyond a 360 px screen: {wide}"


WIDER_IN = f"""(win, doc, lang, script) => new Promise((resolve) => {{
    win.tcPrefs.set('lang', lang);
    win.tcPrefs.set('script', script);
    win.requestAnimationFrame(() => win.setTimeout(() => resolve(({WIDER})(win, doc))));
}})"""
"""WIDER once the page has been switched to this language and script and has drawn a frame."""


def grid_first(tab: Tab, size: tuple[int, int]) -> None:
    """Every game's first name and score fields on the first screen; one closed game switcher; notes folded; every
    total and place in sight wherever the grid is scrolled; names stuck to the top of a scrolled grid; places in the
    row under the Total; the checklist's first step in sight."""
    width, height = size
    load(tab, f"play/?w={width}#{next(iter(GAMES))}/score", size)
    found, wrong = {}, []
    for game in GAMES:
        tab.js(framed("(win, doc, game) => { win.location.hash = game + '/score'; }"), game)
        tab.wait(
            framed(
                "(win, doc, game) => doc.querySelector(`a[data-game-tab=\"${game}\"]`).getAttribute('aria-current') === 'true'"
            ),
            game,
            what=f"{game} shown in the frame",
        )
        seen = tab.js(framed(GRID_FIRST), game, height)
        found[game] = f"name {seen['name']}, first score {seen['score']}"
        hidden = tab.js(framed(TOTALS_IN_SIGHT), game)
        assert not any(hidden.values()), f"{tab.engine} {size} {game}: totals or places out of sight: {hidden}"
        if not (
            seen["name"][0] >= 0 and seen["name"][1] <= height and seen["score"][0] >= 0 and seen["score"][1] <= height
        ):
            wrong.append(game)
        assert seen["scrollY"] == 0
        assert [seen["switchers"], seen["switchOpen"], seen["linksShown"], seen["linksOutside"], seen["current"]] == [
            1,
            False,
            0,
            0,
            True,
        ], f"{tab.engine} {size} {game}: the game switcher is not one closed control naming the game: {seen}"
        if seen["notes"] is not None:
            assert seen["notes"][0] is False and seen["notes"][1] <= 50 and seen["notes"][2] == 0, (
                f"{tab.engine} {size} {game}: the source notes are not folded into one line: {seen['notes']}"
            )
    assert not wrong, f"{tab.engine} {width}×{height}: below the first screen in {wrong}; y (top, bottom): {found}"
    tab.js(framed("(win) => { win.location.hash = 'bruges/setup'; }"))
    first = tab.wait(
        framed(
            "(win, doc) => { const b = doc.querySelector('section[data-game=bruges] [data-tool=setup] input[data-step=\"0\"]');"
            " if (!b || !b.offsetParent) return null; win.scrollTo(0, 0); const r = b.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; }"
        ),
        what="Bruges' checklist in the frame",
    )
    assert first[0] >= 0 and first[1] <= height, f"{tab.engine} {size}: the first step is at y {first}"
    sticky_names_and_places(tab, size)


STICKY = """(win, doc, height) => {
    const form = doc.querySelector('section[data-game=bruges] [data-tool=score]');
    const scroller = form.querySelector('.grid-scroll');
    scroller.style.scrollbarWidth = 'none';  // a phone's scrollbars take no room (headless Firefox's take 12 px)
    scroller.scrollTo(0, scroller.scrollHeight);
    const top = (el) => el.getBoundingClientRect().top;
    const total = form.querySelector('.total-row tr').getBoundingClientRect();
    const place = form.querySelector('tr.place-row').getBoundingClientRect();
    const out = (css) => form.querySelector(css).closest('td').getBoundingClientRect().left;
    const totals = [...form.querySelectorAll('output.total')].filter((o) => !o.closest('td').hidden)
        .map((o) => { const r = o.closest('td').getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right)]; });
    const narrowest = Math.min(...[...form.querySelectorAll('.grid input.num, .grid input.name')]
        .filter((el) => el.getClientRects().length).map((el) => Math.round(el.getBoundingClientRect().width)));
    return { scrolled: scroller.scrollTop, room: scroller.scrollHeight - scroller.clientHeight, totals, narrowest,
             sideways: scroller.scrollWidth - scroller.clientWidth,
             name: top(form.querySelector('input.name[data-player="0"]')) - top(scroller),
             gap: place.top - total.bottom, left: out('output.place[data-player="0"]') - out('output.total[data-player="0"]') };
}"""


def sticky_names_and_places(tab: Tab, size: tuple[int, int]) -> None:
    """Bruges with pets, 4 players: the grid scrolls inside its box; the names row stays at its top; the places are
    the row right under the Total, player by player; all four columns fit the screen's width."""
    tab.js(framed("(win) => { win.location.hash = 'bruges/score'; }"))
    tab.js(
        framed(
            "(win, doc) => { const s = doc.querySelector('section[data-game=bruges]'); const count = s.querySelector('[data-role=players]');"
            " count.value = '4'; count.dispatchEvent(new Event('change', { bubbles: true }));"
            " const pets = s.querySelector('[data-option=pets]'); if (!pets.checked) pets.click(); }"
        )
    )
    seen = tab.js(framed(STICKY), size[1])
    assert seen["room"] > 0 and seen["scrolled"] > 0, f"{tab.engine} {size}: the grid did not scroll in its box: {seen}"
    assert -1 <= seen["name"] <= 20, f"{tab.engine} {size}: the names row left the grid's top: {seen}"
    assert abs(seen["gap"]) <= 2 and abs(seen["left"]) <= 2, (
        f"{tab.engine} {size}: the places are not under the Total: {seen}"
    )
    inside = [left >= 0 and right <= size[0] for left, right in seen["totals"]]
    assert seen["sideways"] <= 1 and inside == [True] * 4, f"{tab.engine} {size}: four players do not fit: {seen}"
    assert seen["narrowest"] >= 44, f"{tab.engine} {size}: a field narrower than a fingertip: {seen}"


def rules_on_a_phone(tab: Tab) -> None:
    """At phone width a rules page opens in the interface language (side by side where both fit); with both
    stacked, a jump from the contents lands on the reader's language; "↑ Contents" is in sight at the end."""
    view = framed(
        "(win, doc) => [doc.querySelector('article.rules').dataset.view, doc.querySelector('.view-switch [aria-pressed=true]').dataset.view,"
        " doc.querySelector('#game-end .col.zh').getClientRects().length > 0, doc.querySelector('#game-end .col.en').getClientRects().length > 0]"
    )
    for lang in ("zh", "en"):
        tab.js("(lang) => { localStorage.setItem('tc:lang', lang); localStorage.removeItem('tc:rules-view'); }", lang)
        load(tab, f"rules/tuscany/?ui={lang}", PHONE)
        assert tab.js(view) == [lang, lang, lang == "zh", lang == "en"], f"{tab.engine}: {lang} reader: {tab.js(view)}"
    load(tab, "rules/tuscany/?wide", DESKTOP)
    assert tab.js(view) == ["both", "both", True, True], f"{tab.engine}: a wide screen: {tab.js(view)}"
    load(tab, "rules/tuscany/?jump", PHONE)
    section = GAMES["tuscany"].tie_breakers[0].section
    landed = tab.js(
        framed(
            "(win, doc, id) => { doc.querySelector('.view-switch [data-view=both]').click();"
            ' doc.querySelector(`.toc a[href="#${id}"]`).click();'
            " return [win.location.hash, Math.round(doc.querySelector(`#${id} .col.en`).getBoundingClientRect().top),"
            " Math.round(doc.querySelector(`#${id} .col.zh`).getBoundingClientRect().top)]; }"
        ),
        section,
    )
    assert landed[0] == f"#{section}" and -2 <= landed[1] <= 60 and landed[2] < 0, (
        f"{tab.engine}: the jump landed at {landed}"
    )
    back = tab.js(
        framed(
            "(win, doc, height) => { win.scrollTo(0, doc.documentElement.scrollHeight); const a = doc.querySelector('a.to-contents');"
            " const r = a.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom), win.scrollY > height]; }"
        ),
        PHONE[1],
    )
    assert back[2] and back[0] >= 0 and back[1] <= PHONE[1], f"{tab.engine}: ↑ Contents at the page's end: {back}"
    tab.js(framed("(win, doc) => { doc.querySelector('a.to-contents').click(); }"))
    toc = tab.wait(
        framed(
            "(win, doc) => { const t = doc.querySelector('nav.toc').getBoundingClientRect().top; return t > -2 && t < 60 && [t, win.location.hash]; }"
        ),
        what="the contents in sight",
        timeout=10,
    )
    assert toc[1] == "#contents", toc
    tab.js("() => { localStorage.removeItem('tc:rules-view'); }")


SEARCHED = """(win, doc, query) => doc.body.dataset.searched === query &&
    [...doc.querySelectorAll('.result:not(.term-result) .result-link')].map((a) => a.href)"""


def tie_breaker_sections(game: Any) -> set[str]:
    """A game's tie-breakers' sections, or the section that says who wins for a game without tie-breakers."""
    return {t.section for t in game.tie_breakers} or {game.section}


def missing_sections(links: list[str], games: list[Any]) -> list[tuple[str, str]]:
    """The tie-breaker sections no result links to."""
    return [
        (g.id, s)
        for g in games
        for s in sorted(tie_breaker_sections(g))
        if not any(f"/rules/{g.id}/" in h and h.split("#")[-1] == s for h in links)
    ]


def search_for_tie_breakers(tab: Tab) -> None:
    """决胜规则, tiebreak and tie-breaker each reach every game's tie-breaker sections; a rules page's search narrows
    to its game, and the search page's "In" list widens it again."""
    for index, query in enumerate(("决胜规则", "tiebreak", "tie-breaker")):
        # percent-encoded here: the frame page declares no charset, so the browser would encode the query as
        # windows-1252 (&#20915;…)
        load(tab, f"search/?q={quote(query)}&n={index}", PHONE)
        links = tab.wait(framed(SEARCHED), query, what=f"results for {query}", timeout=20)
        assert missing_sections(links, list(GAMES.values())) == [], f"{tab.engine}: {query!r} found {links}"
    load(tab, "rules/tuscany/?search", PHONE)
    tab.js(
        framed(
            "(win, doc) => { const form = doc.querySelector('.site-search'); form.querySelector('input[name=q]').value = 'tiebreak';"
            " form.requestSubmit(); }"
        )
    )
    narrowed = tab.wait(
        framed(f"(win, doc) => win.location.search.includes('game=tuscany') && ({SEARCHED})(win, doc, 'tiebreak')"),
        what="the narrowed search",
        timeout=20,
    )
    assert narrowed and all("/rules/tuscany/" in h for h in narrowed), f"{tab.engine}: {narrowed}"
    assert missing_sections(narrowed, [GAMES["tuscany"]]) == []
    tab.js(
        framed(
            "(win, doc) => { delete doc.body.dataset.searched; const s = doc.querySelector('select[name=game]'); s.value = '';"
            " s.dispatchEvent(new Event('change')); }"
        )
    )
    widened = tab.wait(framed(SEARCHED), "tiebreak", what="the widened search", timeout=20)
    assert missing_sections(widened, list(GAMES.values())) == [], f"{tab.engine}: widened: {widened}"
    assert "game=" not in tab.js(framed("(win) => win.location.search"))

"""The core end-to-end table, on Chromium, Firefox and WebKit alike (tests/engines/conftest.py: one browser per
engine, CSP reports and other hosts watched outside the browser): start, score a sheet, reload, offline, CSP.

Tests of a first visit and of the offline copy get a fresh origin (`tab`); the others share the engine's origin whose
offline copy already holds the calculator (`warm_tab`). A test marked only_engines("chromium") checks logic that is
the same JavaScript (and the same Python) on every engine; its docstring says so."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from scoring import GAMES
from scoring.api import setup_json
from tests.engines import play
from tests.engines.conftest import CONTROL_HOST, PROBE_PAGE, RecordingProxy
from tests.engines.drivers import Tab
from tests.engines.sheets import Case, case, helper_case

pytestmark = [pytest.mark.e2e, pytest.mark.engines]


def test_every_game_ranks_and_is_kept_through_a_reload_then_saved_and_exported(warm_tab: Tab) -> None:
    """Each game's sheet typed for 2 and for 4 players: the ranking, and why each place, as scoring says. Firefox and
    WebKit type each game's 4-player sheet (every kind of field, every seat); which reasons the ranking gives is the
    same JavaScript and Python everywhere, read on Chromium with the 2-player sheets too. The first sheet is typed
    while Python may still be starting. Then storage on every engine: every game's sheet survives a reload, and a
    final one is saved to the history and exported as a file (a Blob handed to the download). One load of play/ for
    all: each part needs the sheets typed."""
    tab = warm_tab
    play.open_tool(tab, next(iter(GAMES)))
    play.in_english(tab)
    tie_breakers, typed = 0, {}
    for game in GAMES:
        play.open_tool(tab, game)
        for players in (2, 4) if tab.engine == "chromium" else (4,):
            typed[game] = case(game, players)
            play.fill(tab, game, typed[game].sheet)
            play.ranking(tab, typed[game])
            tie_breakers += typed[game].rules.count("tie-breaker")
    assert tie_breakers >= 4  # the table reads tie-breaker reasons, not only totals
    tab.reload()
    play.wait_ready(tab)
    for game, expected in typed.items():
        play.open_tool(tab, game)
        play.ranking(tab, expected)
    assert tab.js("(css) => document.querySelector(css).value", play.field_css("bruges", "name", 3)) == "Zoë"
    history_save_and_export(tab, typed["palais-royal"])


def test_setup_checklist_with_its_diagram(warm_tab: Tab) -> None:
    """A checklist for another player count, as scoring writes it, with its diagram drawn."""
    tab = warm_tab
    game, players = "tuscany", 3
    play.open_tool(tab, game, "setup")
    play.in_english(tab)
    play.wait_ready(tab)
    tab.select(f"{play.section(game)} [data-role=players]", str(players))
    steps = [step["en"] for step in setup_json(game, players)["steps"]]
    tab.wait(
        "(css, steps) => { const text = document.querySelector(css + ' .checklist').innerText;"
        " return steps.every((s) => text.includes(s)); }",
        play.tool(game, "setup"),
        steps,
        what="the 3-player checklist",
    )
    figure = tab.js(
        "(css) => [...document.querySelectorAll(css + ' [data-figure=diagram] svg')]"
        ".map((svg) => svg.getBoundingClientRect()).filter((box) => box.width > 0).map((box) => [box.width, box.height])",
        play.tool(game, "setup"),
    )
    assert len(figure) == 1, figure  # one language's picture shown
    figure = figure[0]
    assert figure and figure[0] > 200 and figure[1] > 100, figure
    printed = tab.js(  # the printed card's picture (areas side by side) follows the player count too
        "(css) => { const svg = document.querySelector(css + ' [data-figure=print-diagram] .l-en svg');"
        " return [svg.querySelector('title').textContent, svg.getAttribute('viewBox')]; }",
        play.tool(game, "setup"),
    )
    expected = ET.fromstring(setup_json(game, players)["print_diagram"]["en"])
    assert printed == [expected.find("{http://www.w3.org/2000/svg}title").text, expected.get("viewBox")]
    first_box = f"{play.tool(game, 'setup')} input[data-step='0']"
    tab.click(first_box)
    assert tab.js("(css) => document.querySelector(css).checked", first_box)


@pytest.mark.only_engines("chromium")
def test_an_in_game_helper_answers(warm_tab: Tab) -> None:
    """A helper's form typed: its lines as scoring writes them. Chromium only: the same JavaScript and Python on every
    engine as the score sheet's, which every engine types (test_every_game_ranks_and_is_kept_through_a_reload_then_saved_and_exported)."""
    tab = warm_tab
    expected = helper_case("tuscany", "scoring-phase", 3)
    play.open_tool(tab, expected.game, expected.helper)
    play.in_english(tab)
    play.wait_ready(tab)
    play.fill(tab, expected.game, expected.sheet, form=expected.helper)
    tab.wait(
        "(css, lines) => { const shown = [...document.querySelectorAll(css + ' .helper-out li')].map((li) => li.textContent);"
        " return shown.length === lines.length && lines.every((line, i) => shown[i].includes(line)); }",
        play.tool(expected.game, expected.helper),
        expected.lines,
        what="the helper's lines",
    )


EXPORTED = """() => new Promise((resolve) => {
    const make = URL.createObjectURL;
    URL.createObjectURL = (blob) => { URL.createObjectURL = make; blob.text().then(resolve); return make.call(URL, blob); };
    document.querySelector('#history [data-action=export-json]').click();
})"""
"""Click "Export JSON" and catch the file's text as the page hands it to the browser's download."""


def history_save_and_export(tab: Tab, expected: Case) -> None:
    """A final sheet, shown, saved to the history and exported as a file (storage, a Blob handed to the download)."""
    play.open_tool(tab, expected.game)
    tab.click(f"{play.tool(expected.game)} [data-action=save-history]")
    tab.wait("(css) => !document.querySelector(css + ' .saved-state').hidden", play.tool(expected.game))
    tab.js("(url) => { location.href = url; }", tab.site.url + "play/#history")  # type: ignore[attr-defined]
    tab.wait("() => document.querySelectorAll('.history-list .record').length === 1", what="one saved game")
    tab.wait("() => !document.querySelector('#history [data-action=export-json]').disabled")
    exported = json.loads(tab.js(EXPORTED))
    records = exported["records"]
    assert len(records) == 1 and records[0]["game"] == expected.game
    assert sorted(p["name"] for p in records[0]["players"]) == sorted(p["name"] for p in expected.sheet["players"])


@pytest.mark.only_engines("chromium")
def test_search_lands_on_the_section(warm_tab: Tab) -> None:
    """Search from the home page lands on the section, its word marked. Chromium only: the same JavaScript on every
    engine; what a phone's layout does to search runs on all three (test_sheet_at_table.py's search at phone width)."""
    tab = warm_tab
    tab.goto(tab.site.url)  # type: ignore[attr-defined]
    tab.type(".site-search input[name=q]", "枢机主教")
    tab.js("() => { setTimeout(() => document.querySelector('.site-search').requestSubmit()); }")
    link = tab.wait(
        "() => document.querySelector('.result:not(.term-result) .result-link')?.getAttribute('href')",
        what="search results",
    )
    assert "rules/palais-royal/" in link and link.endswith("#cardinal"), link
    tab.click(".result:not(.term-result) .result-link")
    tab.wait("() => location.hash === '#cardinal' && document.querySelector('section#cardinal mark.hit') !== null")


MARKUP_NAMES = ['" onfocus="window.__xss=1" autofocus x="', "&lt;script&gt;alert(1)&lt;/script&gt;", "{{7*7}}"]


@pytest.mark.only_engines("chromium")
def test_names_with_markup_are_shown_as_text(warm_tab: Tab) -> None:
    """Names that look like markup are refused or shown as text. Chromium only: the page writes them with the same
    JavaScript (textContent) on every engine; the CSP that would stop an injected script is checked on all three."""
    tab = warm_tab
    game = "burgundy-cards"
    play.open_tool(tab, game)
    play.in_english(tab)
    tab.type(play.field_css(game, "name", 0), "<img src=x onerror=window.__xss=1>")
    tab.wait(
        "(css) => document.querySelector(css + ' .problems').innerText.includes('cannot contain < or >')",
        play.tool(game),
        what="the refusal of < and >",
    )
    tab.select(f"{play.section(game)} [data-role=players]", "3")
    for index, name in enumerate(MARKUP_NAMES):
        tab.type(play.field_css(game, "name", index), name)
    tab.type(play.field_css(game, "estate_sets", 2), "1")
    tab.check(play.field_css(game, "start_player", 0))
    shown = tab.wait(
        "(css) => { const names = [...document.querySelectorAll(css + ' .ranking bdi.player-name')];"
        " return names.length === 3 && names.map((n) => n.textContent); }",
        play.tool(game),
    )
    assert sorted(shown) == sorted(MARKUP_NAMES)
    assert tab.js(
        "() => [window.__xss ?? null, document.querySelectorAll('.ranking img, .ranking script').length]"
    ) == [
        None,
        0,
    ]


def test_the_watchers_see_what_they_watch(tab: Tab, proxy: RecordingProxy) -> None:
    """Negative controls: on this engine a policy violation reaches the report log and a request to another host
    reaches the recording proxy, so the checks after every test can fail."""
    site = tab.site  # type: ignore[attr-defined]
    tab.goto(site.url + PROBE_PAGE.lstrip("/"))
    assert tab.wait("() => document.title") == "blocked"
    assert site.wait_for(lambda: site.reports, timeout=20), f"{tab.engine}: no report of the blocked eval"
    assert any("eval" in line for line in site.violations()), site.violations()
    site.reports.clear()
    tab.errors()  # the probe's own (Firefox reports the blocked eval as a page error too)
    before = len(proxy.seen)
    tab.goto(f"http://{CONTROL_HOST}/")  # the proxy answers it with a page that names its icon (no favicon asked)
    assert tab.wait("() => document.title") == "control", tab.engine
    assert any(CONTROL_HOST in r for r in proxy.seen[before:]), proxy.seen[before:]
    assert tab.errors() == [], tab.engine
    proxy.seen[before:] = []  # the control's own request; the check after the test sees every other one


STORED = "(css) => document.querySelector(css)?.dataset.stored"


def test_the_home_pages_offer_keeps_the_calculator_offline(tab: Tab) -> None:
    """The two tiers of the offline copy: a first visit keeps the light part only; the home page's offer keeps the
    calculator, which then works with the server gone; settings free the space again."""
    site = tab.site  # type: ignore[attr-defined]
    tab.goto(site.url)
    mark = '.offline-offer [data-offline-tier="python"]'
    assert tab.wait(STORED, mark, what="the offer's mark", timeout=60) == "false"
    assert not any("/pyodide/" in path for path, _ in site.sent)  # nothing heavy without asking
    tab.click('.offline-offer [data-offline-action="keep"]')
    assert tab.wait(f"(css) => ({STORED})(css) === 'true'", mark, timeout=120, what="the calculator kept")
    site.stop()
    expected = case("burgundy-cards", 2)
    play.open_tool(tab, expected.game)
    play.in_english(tab)
    play.wait_ready(tab)
    play.fill(tab, expected.game, expected.sheet)
    play.ranking(tab, expected)
    tab.goto(site.url)
    tab.click("details.settings summary")
    panel = '.offline-panel [data-offline-tier="python"]'
    tab.wait(f"(css) => ({STORED})(css) === 'true'", panel, what="the panel's mark")
    tab.click('.offline-panel [data-offline-action="free"]')
    assert tab.wait(f"(css) => ({STORED})(css) === 'false'", panel, what="the space freed")

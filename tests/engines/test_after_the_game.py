"""After the game (issue 20) on Chromium, Firefox and WebKit: the statistics view, a result received by link, and a
damaged link refused (tests/engines/conftest.py watches requests, CSP reports and console errors)."""

from __future__ import annotations

import pytest

from scoring.api import history_rename
from scoring.history import make_record
from scoring.share import encode
from tests.engines import play
from tests.engines.drivers import Tab
from tests.unit.test_stats import history, sheet

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
STORED = history(
    [
        ("2026-01-01T10:00:00Z", sheet(("Ann", 10, 0), ("Bo", 7, 0))),
        ("2026-01-02T10:00:00Z", sheet(("Ann", 8, 2), ("Bo", 8, 2))),  # a shared first
    ]
)


def open_view(tab: Tab, fragment: str, state: str) -> None:
    """Open play/ at a fragment with Python up, in English; wait for the view's state."""
    play.with_history(tab, STORED, fragment)
    tab.wait(
        "(state) => [...document.querySelectorAll('section.stats, section.shared')].some((s) => s.dataset.state === state)",
        state,
        what=f"{fragment[:20]} {state}",
    )


MERGED = history_rename(
    history(
        [
            ("2026-01-01T10:00:00Z", sheet(("张伟", 10, 0), ("小明", 7, 0))),
            ("2026-01-02T10:00:00Z", sheet(("張偉", 9, 0), ("Xiaoming", 8, 0))),  # 張偉: 张伟 in Traditional
        ]
    ),
    "小明",
    "Xiaoming",
)["stored"]

PEOPLE = """() => {
    const stats = document.querySelector('section.stats');
    return {
        rows: [...stats.querySelectorAll('.stats-block:first-of-type tbody tr')].map((r) => r.innerText.replace(/\\s+/g, ' ')),
        names: [...stats.querySelectorAll('form.rename [data-role=old] option')].map((o) => o.textContent),
        summary: stats.querySelector('details.identities summary').innerText,
        bottom: stats.querySelector('details.identities summary').getBoundingClientRect().bottom,
        height: innerHeight,
    };
}"""


def test_one_person_in_both_scripts_and_merging_in_reach(warm_tab: Tab) -> None:
    """Issue 28, point 10: 张伟 and 張偉 are one person; a merged name is listed under its person, not as another one;
    "merge or rename" is on the statistics' first screen, saying how many names are merged."""
    tab = warm_tab
    play.with_history(tab, MERGED, "#stats")
    tab.wait("() => document.querySelector('section.stats').dataset.state === 'ready'", what="#stats ready")
    seen = tab.js(PEOPLE)
    assert seen["rows"] == ["张伟 2 2 100%", "Xiaoming 2 0 0%"], seen
    assert seen["names"] == ["Xiaoming (小明)", "张伟"], seen
    assert seen["summary"].endswith("merge or rename (1)"), seen
    assert 0 < seen["bottom"] <= seen["height"], f"{tab.engine}: merge or rename below the first screen: {seen}"
    tab.click("section.stats details.identities summary")
    merged = tab.js(
        "() => [...document.querySelectorAll('section.stats .aliases li')].map((li) => li.innerText.replace(/\\s+/g, ' '))"
    )
    assert merged == ["小明 → Xiaoming Separate"], merged


def test_a_stored_history_is_read_while_idle_shown_and_a_result_received_added(warm_tab: Tab) -> None:
    """play/ opened with a history stored: the worker reads it once Python is up and the page is idle; the
    statistics then show it, with their pictures drawn; a result received by link is shown and added to it. (One
    test: each part needs play/ with this history and Python up.)"""
    tab = warm_tab
    play.open_tool(tab, "burgundy-cards")
    play.wait_ready(tab)
    tab.js("(text) => localStorage.setItem('tc:v1:history', text)", STORED)
    tab.reload()
    play.in_english(tab)
    play.wait_ready(tab)
    tab.wait("() => window.__tcTimings.historyHeld !== undefined", what="the history read while idle")
    # The history's players are offered as quick picks on a sheet (issue 17).
    tab.wait(
        "(css) => { const picks = [...document.querySelectorAll(css + ' .name-picks button')].map((b) => b.dataset.pick);"
        " return ['Ann', 'Bo'].every((name) => picks.includes(name)); }",
        play.tool("burgundy-cards"),
        what="the history's names as quick picks",
    )
    tab.js("() => { location.hash = '#stats'; }")
    tab.wait("() => document.querySelector('section.stats').dataset.state === 'ready'", what="#stats ready")
    said = tab.js("() => document.querySelector('section.stats .stats-summary .l-en').textContent")
    assert said.startswith("2 games · "), said
    statistics_shown(tab)
    a_result_received_by_link(tab)


def statistics_shown(tab: Tab) -> None:
    """The statistics of STORED: each player's row, and the pictures drawn."""
    rows = tab.js(
        "() => [...document.querySelectorAll('section.stats .stats-block:first-of-type tbody tr')].map((r) => r.innerText.replace(/\\s+/g, ' '))"
    )
    assert rows == ["Ann 2 2 (1) 100%", "Bo 2 1 (1) 50%"], rows
    tab.wait("() => document.querySelector('section.stats').dataset.pictures === 'drawn'", what="pictures drawn")
    drawn = tab.js(
        "() => [...document.querySelectorAll('section.stats svg')].filter((s) => s.getBoundingClientRect().width > 0).length"
    )
    assert drawn >= 3, drawn  # wins overall; wins, averages and totals over time for the game


def a_result_received_by_link(tab: Tab) -> None:
    """A result opened by its link (the fragment, as a camera opens it) is shown as Python ranks it and added to the
    stored history."""
    record = make_record("burgundy-cards", sheet(("Cy", 9, 0), ("Di", 4, 0)), "2026-02-01T10:00:00Z")
    tab.js("(fragment) => { location.hash = fragment; }", "#r=" + encode(record))
    tab.wait("() => document.querySelector('section.shared').dataset.state === 'shown'", what="the result shown")
    ranking = tab.js(
        "() => [...document.querySelectorAll('section.shared .ranking li')].map((li) => li.innerText.split(' — ')[0])"
    )
    assert ranking == ["1. Cy · 9", "2. Di · 4"], ranking
    tab.click("section.shared [data-action=add-shared]")
    tab.wait("() => document.querySelector('section.shared .shared-state').innerText.includes('Added')", what="added")
    assert tab.js("() => JSON.parse(localStorage.getItem('tc:v1:history')).records.length") == 3


@pytest.mark.only_engines("chromium")
def test_statistics_on_a_reload_and_a_history_stored_under_other_rules(warm_tab: Tab) -> None:
    """play/#stats loaded afresh with a history sealed under other rules (the site updated since): the statistics
    show it, re-scored, and the worker's idle read gives back the text sealed under today's rules, which the page
    stores; loaded again, the statistics come from that text (from its head: tests/unit/test_stats.py). Chromium only: re-sealing is the same JavaScript and Python on every engine; every engine reads a stored history while idle (test_a_stored_history_is_read_while_idle)."""
    tab = warm_tab
    seal = STORED.split('"checked":"', 1)[1][:32]
    older = STORED.replace(seal, "0" * 32, 1)  # to today's rules, a seal that does not match: checked in full
    play.open_tool(tab, "burgundy-cards")
    play.in_english(tab)
    play.wait_ready(tab)
    tab.js("(text) => { localStorage.setItem('tc:v1:history', text); location.hash = '#stats'; }", older)
    for _ in range(2):
        tab.reload()
        tab.wait("() => document.querySelector('section.stats').dataset.pictures === 'drawn'", what="#stats drawn")
        said = tab.js("() => document.querySelector('section.stats .stats-summary .l-en').textContent")
        assert said.startswith("2 games · "), said
        tab.wait("(text) => localStorage.getItem('tc:v1:history') === text", STORED, what="stored under today's rules")


@pytest.mark.only_engines("chromium")
def test_a_damaged_link_is_refused(warm_tab: Tab) -> None:
    """Chromium only: Python refuses it alike on every engine; every engine opens a damaged link on a first visit (test_received_at_once.py)."""
    tab = warm_tab
    open_view(tab, "#r=AAAA$$", "refused")
    said = tab.js("() => document.querySelector('section.shared .problems').innerText")
    assert "damaged" in said, said
    assert tab.js("() => JSON.parse(localStorage.getItem('tc:v1:history')).records.length") == 2

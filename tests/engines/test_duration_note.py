"""A game saved with its note and how long it took, on Chromium, Firefox and WebKit (issue 29 point 3): the clock
starts at the first tick of the setup, the note survives a reload, both are kept in the history and listed as text."""

from __future__ import annotations

import re

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
GAME = "burgundy-cards"
NOTE = "<b>At Mia's</b> & co, 张三"
STATE = f"() => JSON.parse(localStorage.getItem('tc:v1:game:{GAME}') ?? 'null')"
SHEET = {
    "players": [
        {"name": "Ann", "scores": {"estate_sets": 14}},
        {"name": "Bo", "scores": {"estate_sets": 20, "start_player": 1}},
    ]
}


def test_a_game_saved_with_its_note_and_duration(warm_tab: Tab) -> None:
    tab = warm_tab
    play.open_tool(tab, GAME, "setup")
    play.in_english(tab)
    play.wait_ready(tab)
    step = f"{play.tool(GAME, 'setup')} input[data-step]"
    tab.wait("(css) => Boolean(document.querySelector(css))", step, what="the checklist")
    assert tab.js(STATE) is None or "started" not in tab.js(STATE)
    tab.click(step)  # the first tick starts the clock
    started = tab.wait(f"() => ({STATE})()?.started", what="the start kept")
    assert tab.js("(at) => Math.abs(Date.now() - Date.parse(at)) < 60000", started), f"{tab.engine}: {started}"

    play.open_tool(tab, GAME)
    play.fill(tab, GAME, SHEET)
    tab.type(f"{play.tool(GAME)} [data-role=note]", NOTE)
    tab.wait(f"(note) => ({STATE})()?.note === note", NOTE, what="the note kept")
    # The game began 25 minutes ago (its first tick then); a reload loses nothing typed.
    tab.js(
        f"() => {{ const s = ({STATE})(); s.started = new Date(Date.now() - 25 * 60000).toISOString();"
        f" localStorage.setItem('tc:v1:game:{GAME}', JSON.stringify(s)); }}"
    )
    tab.reload()
    play.wait_ready(tab)
    form = play.tool(GAME)
    tab.wait("(css, note) => document.querySelector(css + ' [data-role=note]').value === note", form, NOTE, what="note")
    tab.wait("(css) => document.querySelector(css).dataset.state === 'final'", form, what="final")
    tab.click(f"{play.tool(GAME)} [data-action=save-history]")
    record = tab.wait("() => JSON.parse(localStorage.getItem('tc:v1:history') ?? 'null')?.records?.[0]", what="saved")
    assert record["note"] == NOTE and 25 * 60 <= record["duration"] < 27 * 60, f"{tab.engine}: {record}"

    tab.js("() => { location.hash = '#history'; }")
    took = tab.wait(
        "() => document.querySelector('section.history .record-duration .l-en')?.textContent", what="listed"
    )
    assert re.fullmatch(r"Took 2[56] min", took), f"{tab.engine}: {took!r}"
    note = tab.js("() => document.querySelector('section.history .record-note bdi').textContent")
    assert note == NOTE, f"{tab.engine}: {note!r}"
    assert tab.js("() => document.querySelectorAll('section.history .record-note b').length") == 0, tab.engine

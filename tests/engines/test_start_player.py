"""Who starts on the three engines: the setup checklist picks one of the sheet's names with the browser's
cryptographic generator, shows it as text, and keeps it through a reload."""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

NAMES = ["Ann", "<i>Bo</i>", "张三"]
PICKED = "() => document.querySelector('#game-palais-royal .start-picked .l-en')?.textContent ?? ''"


def test_the_start_player_pick_is_fair_text_and_kept(warm_tab: Tab) -> None:
    tab = warm_tab
    game = "palais-royal"
    play.open_tool(tab, game, "setup")
    play.in_english(tab)
    tab.select(f"#game-{game} [data-role=players]", "3")
    play.open_tool(tab, game, "score")
    for seat, name in enumerate(NAMES):
        tab.type(f'#game-{game} form.sheet input.name[data-player="{seat}"]', name)
    play.open_tool(tab, game, "setup")
    seen = set()
    for _ in range(40):
        tab.click(f"#game-{game} .start-pick button")
        stored = tab.wait(f"() => JSON.parse(localStorage.getItem('tc:v1:game:{game}'))?.start", what="the pick kept")
        seen.add(stored["names"][0])
        assert stored["from"] == 3 and stored["kind"] == "pick", f"{tab.engine}: {stored}"
    assert seen == set(NAMES), f"{tab.engine}: 40 picks gave only {seen}"  # one missed: (2/3)^40 < 1e-6
    shown = tab.js(PICKED)
    assert shown == f"Start player: {stored['names'][0]} (picked at random from 3)", f"{tab.engine}: {shown!r}"
    assert tab.js(f"() => document.querySelectorAll('#game-{game} .start-pick i').length") == 0, tab.engine
    play.wait_ready(tab)  # not a reload while Python starts, which Firefox logs as errors (docs/browsers.md)
    tab.reload()
    again = tab.wait(PICKED, what="the pick after a reload")
    assert again == shown, f"{tab.engine}: {again!r} after a reload, {shown!r} before"

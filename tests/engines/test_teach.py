"""The first-game walkthrough (rules/<game>/teach/) on Chromium, Firefox and WebKit at 390 px (issue 42, point 3):
one step a screen, Next and Back turning it, the setup step following tonight's player count (the saved score sheet's,
else the game's default), nothing wider than the phone. Screenshots go to test-results/teach/, to look at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engines.conftest import PHONE, PHONE_FRAME
from tests.engines.drivers import Tab
from tests.engines.test_aid import WIDE
from tests.engines.test_sheet_at_table import framed, load

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "teach"

SHOWN = """(win, doc) => {
    const visible = (el) => el.getClientRects().length > 0;
    const step = [...doc.querySelectorAll('.teach-step')].filter(visible).map((s) => s.id);
    const lists = [...doc.querySelectorAll('.teach-checklist')].filter(visible).map((l) => l.dataset.players);
    const n = [...doc.querySelectorAll('.teach-step h2 .teach-n')].filter(visible).map((s) => s.textContent);
    const next = doc.querySelector(`#${step[0]} .teach-next`);
    const box = next && next.getBoundingClientRect();
    return { step, lists, n, nextOnScreen: Boolean(box && box.bottom <= win.innerHeight && box.top >= 0) };
}"""


def turn(tab: Tab, which: str, to: str) -> dict:
    """Tap the shown step's Next or Back; wait for that step to show; return what the page shows."""
    shown = "[...doc.querySelectorAll('.teach-step')].find((s) => s.getClientRects().length > 0)"
    tab.js(framed(f"(win, doc) => {shown}.querySelector('.{which}').click()"))
    tab.wait(framed("(win, doc, id) => doc.getElementById(id)?.getClientRects().length > 0"), to, what=to, timeout=10)
    return tab.js(framed(SHOWN))


def test_next_and_back_turn_one_screen_a_step_and_setup_follows_tonights_count(warm_tab: Tab) -> None:
    tab = warm_tab
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    saved = {"v": 1, "players": 3, "options": {}, "names": [], "values": {}, "ticks": {}}
    tab.js(
        "(sheet) => { localStorage.setItem('tc:lang', 'en'); localStorage.setItem('tc:v1:game:furstenfeld', sheet); }",
        json.dumps(saved),
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    load(tab, "rules/furstenfeld/teach/?w=390", PHONE)
    seen = tab.js(framed(SHOWN))
    assert seen["step"] == ["step-1"] and seen["nextOnScreen"], f"{tab.engine}: {seen}"
    tab.screenshot(SHOTS / f"furstenfeld-1-{tab.engine}.png")
    seen = turn(tab, "teach-next", "step-2")
    assert seen["step"] == ["step-2"] and seen["lists"] == ["3"] and seen["n"] == ["3"], f"{tab.engine}: {seen}"
    tab.wait(framed(f"(win, doc) => ({WIDE})(win, doc).length === 0"), timeout=5, what="the setup step to fit")
    tab.screenshot(SHOTS / f"furstenfeld-2-{tab.engine}.png")
    seen = turn(tab, "teach-next", "step-3")
    assert seen["step"] == ["step-3"], f"{tab.engine}: {seen}"
    seen = turn(tab, "teach-back", "step-2")
    assert seen["step"] == ["step-2"] and seen["lists"] == ["3"], f"{tab.engine}: {seen}"

    # Traditional Chinese, no saved sheet: the game's default count (4).
    tab.js("() => { localStorage.setItem('tc:lang', 'zh'); localStorage.setItem('tc:script', 'hant'); }")
    load(tab, "rules/bruges/teach/?w=390#step-2", PHONE)
    seen = tab.js(framed(SHOWN))
    assert seen["step"] == ["step-2"] and seen["lists"] == ["4"] and seen["n"] == ["4"], f"{tab.engine}: {seen}"
    tab.wait(framed(f"(win, doc) => ({WIDE})(win, doc).length === 0"), timeout=5, what="Bruges' setup to fit")
    tab.screenshot(SHOTS / f"bruges-2-{tab.engine}.png")

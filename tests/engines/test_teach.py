"""The first-game walkthrough (rules/<game>/teach/) on Chromium, Firefox and WebKit at 360 and 390 px (issue 42,
point 3): on every step's first screen Next and Back are in view (step 1's as the page opens, under the site's header
and the page's intro), they turn one step a screen, the setup step follows tonight's player count (the saved score
sheet's, else the game's default) and the host's choice of another, nothing wider than the phone. Screenshots go to
test-results/teach/, to look at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engines.conftest import PHONE, PHONE_FRAME, SMALL_PHONE
from tests.engines.drivers import Tab
from tests.engines.test_aid import WIDE
from tests.engines.test_sheet_at_table import framed, load

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "teach"

SEEN = """(win, doc) => {
    const visible = (el) => el.getClientRects().length > 0;
    const inView = (el) => {
        const box = el && el.getBoundingClientRect();
        return Boolean(box && box.top >= 0 && box.left >= 0 && box.bottom <= win.innerHeight && box.right <= win.innerWidth);
    };
    const step = [...doc.querySelectorAll('.teach-step')].filter(visible);
    const shown = (selector) => [...doc.querySelectorAll(selector)].filter(visible);
    return {
        step: step.map((s) => s.id),
        lists: shown('.teach-checklist').map((l) => l.dataset.players),
        n: shown('.teach-step h2 .teach-n').map((s) => s.textContent),
        next: inView(step[0]?.querySelector('.teach-next')),
        back: step[0]?.querySelector('.teach-back') ? inView(step[0].querySelector('.teach-back')) : null,
    };
}"""
"""What the frame shows: the step, the setup's lists and count, and whether its Next and Back are wholly in view."""
EVERY_STEP = f"""(win, doc) => [...doc.querySelectorAll('.teach-step')].slice(1).map((step) => {{
    win.location.hash = '#' + step.id;
    return ({SEEN})(win, doc);
}})"""
"""Each later step as its address opens it (#step-n), seen as SEEN sees it."""
CHOOSE = """(win, doc, n) => {
    const select = doc.querySelector('select.teach-count');
    select.value = n;
    select.dispatchEvent(new Event('change'));
}"""
"""The host picks tonight's player count on the setup step."""


def seen(tab: Tab) -> dict:
    """What the frame shows now (SEEN)."""
    return tab.js(framed(SEEN))


def shows(tab: Tab, step: str) -> dict:
    """Wait for this step to show; return what the page shows."""
    tab.wait(
        framed("(win, doc, id) => doc.getElementById(id)?.getClientRects().length > 0"), step, what=step, timeout=10
    )
    return seen(tab)


def turn(tab: Tab, which: str, to: str) -> dict:
    """Tap the shown step's Next or Back; return what the page shows once step `to` does."""
    shown = "[...doc.querySelectorAll('.teach-step')].find((s) => s.getClientRects().length > 0)"
    tab.js(framed(f"(win, doc) => {shown}.querySelector('.{which}').click()"))
    return shows(tab, to)


def open_step(tab: Tab, step: str) -> dict:
    """Open a step by its address (#step-n) in the loaded page; return what the page shows."""
    tab.js(framed("(win, doc, id) => { win.location.hash = '#' + id; }"), step)
    return shows(tab, step)


def every_step_in_reach(tab: Tab, where: str) -> None:
    """Step 1 as the page opens and every later step as its address opens it: Next and Back wholly in view."""
    first = seen(tab)
    assert first["step"] == ["step-1"] and first["next"] and first["back"] is None, f"{tab.engine} {where}: {first}"
    later = tab.js(framed(EVERY_STEP))
    out_of_reach = [s for s in later if not (s["next"] and s["back"])]
    assert len(later) >= 5 and not out_of_reach, f"{tab.engine} {where}: Next or Back out of view: {out_of_reach}"


def test_next_and_back_in_reach_on_every_step_turn_it_and_setup_follows_the_count(warm_tab: Tab) -> None:
    tab = warm_tab
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    saved = {"v": 1, "players": 3, "options": {}, "names": [], "values": {}, "ticks": {}}
    tab.js(
        "(sheet) => { localStorage.setItem('tc:lang', 'en'); localStorage.setItem('tc:v1:game:furstenfeld', sheet); }",
        json.dumps(saved),
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    # English on the smaller phone, where the site's header and the page's intro leave step 1 the least room.
    load(tab, "rules/furstenfeld/teach/?w=360", SMALL_PHONE)
    tab.screenshot(SHOTS / f"furstenfeld-1-{tab.engine}.png")
    every_step_in_reach(tab, "Fürstenfeld, English, 360 px")
    open_step(tab, "step-1")
    step = turn(tab, "teach-next", "step-2")
    assert step["step"] == ["step-2"] and step["lists"] == ["3"] and step["n"] == ["3"], f"{tab.engine}: {step}"
    tab.wait(framed(f"(win, doc) => ({WIDE})(win, doc).length === 0"), timeout=5, what="the setup step to fit")
    tab.screenshot(SHOTS / f"furstenfeld-2-{tab.engine}.png")
    # The host picks another count: its list shows, named in the title.
    tab.js(framed(CHOOSE), "2")
    step = seen(tab)
    assert step["lists"] == ["2"] and step["n"] == ["2"], f"{tab.engine}: {step}"

    # Traditional Chinese, no saved sheet: the game's default count (4).
    tab.js("() => { localStorage.setItem('tc:lang', 'zh'); localStorage.setItem('tc:script', 'hant'); }")
    load(tab, "rules/bruges/teach/?w=390", PHONE)
    tab.screenshot(SHOTS / f"bruges-1-{tab.engine}.png")
    every_step_in_reach(tab, "Bruges, Traditional, 390 px")
    step = open_step(tab, "step-2")
    assert step["step"] == ["step-2"] and step["lists"] == ["4"] and step["n"] == ["4"], f"{tab.engine}: {step}"
    tab.wait(framed(f"(win, doc) => ({WIDE})(win, doc).length === 0"), timeout=5, what="Bruges' setup to fit")
    tab.screenshot(SHOTS / f"bruges-2-{tab.engine}.png")
    assert turn(tab, "teach-back", "step-1")["step"] == ["step-1"]

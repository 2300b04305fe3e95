"""The reference (rules/<game>/reference/) on Chromium, Firefox and WebKit (issue 42, point 1): at 360 and 390 px
nothing is wider than the phone and every entry shows its name in both languages; an entry's link lands on it; and a
score field's help on play/ opens the entry in one tap. Screenshots go to test-results/reference/, to look at."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engines.conftest import PHONE, PHONE_FRAME, SMALL_PHONE
from tests.engines.drivers import Tab
from tests.engines.play import wait_ready
from tests.engines.test_aid import WIDE
from tests.engines.test_sheet_at_table import framed, load

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "reference"

ENTRIES = """(win, doc) => {
    const visible = (el) => el.getClientRects().length > 0;
    const entries = [...doc.querySelectorAll('.ref-entry')];
    const target = doc.getElementById(win.location.hash.slice(1));
    return {
        entries: entries.length,
        named: entries.filter((e) => [...e.querySelectorAll('h3 .ref-name-zh')].some(visible)
            && visible(e.querySelector('h3 .ref-name-en'))).length,
        target: target ? Math.round(target.getBoundingClientRect().top) : null,
        height: win.innerHeight,
    };
}"""


@pytest.mark.parametrize(
    ("game", "lang", "script", "anchor"),
    [("furstenfeld", "en", "hant", "ref-crane"), ("bruges", "zh", "hant", "ref-fire")],
)
def test_the_reference_fits_a_phone_and_lands_on_an_entry(
    warm_tab: Tab, game: str, lang: str, script: str, anchor: str
) -> None:
    tab = warm_tab
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    tab.js("([l, s]) => { localStorage.setItem('tc:lang', l); localStorage.setItem('tc:script', s); }", [lang, script])
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in (SMALL_PHONE, PHONE):
        load(tab, f"rules/{game}/reference/?w={size[0]}#{anchor}", size)
        where = f"{tab.engine}, {game} at {size[0]} px"
        # The reference's own content (main): the site header is the same on every page (see test_aid.py).
        tab.wait(framed(f"(win, doc) => ({WIDE})(win, doc).length === 0"), timeout=5, what=f"{where} to fit")
        seen = tab.js(framed(ENTRIES))
        assert seen["entries"] >= 12 and seen["named"] == seen["entries"], f"{where}: {seen}"
        assert seen["target"] is not None and 0 <= seen["target"] < seen["height"] / 2, f"{where}: {seen}"
        tab.screenshot(SHOTS / f"{game}-{size[0]}-{tab.engine}.png")


def test_a_score_fields_help_opens_its_entry_in_one_tap(warm_tab: Tab) -> None:
    tab = warm_tab
    # Set on warm_tab's blank page of the origin: a rules page opened only for this and left at once had Firefox log
    # its service worker's cut-off answer (clean-clone run 69).
    tab.js("() => { localStorage.setItem('tc:lang', 'en'); }")
    tab.goto(tab.site.url + "play/?en#furstenfeld/score")  # type: ignore[attr-defined]
    wait_ready(tab)
    tab.wait(
        "() => Boolean(document.querySelector('#game-furstenfeld button.label-help[data-help=palaces]')?.offsetParent)",
        what="the palaces' help",
    )
    tab.click("#game-furstenfeld button.label-help[data-help=palaces]")
    tab.wait(
        "() => document.querySelector('dialog.help-pop').open && Boolean(document.querySelector('dialog.help-pop .help-body a.ref-entry-link')?.offsetParent)",
        what="the help's reference link",
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(SHOTS / f"field-help-{tab.engine}.png")
    tab.click("dialog.help-pop .help-body a.ref-entry-link")
    tab.wait(
        "() => location.pathname.endsWith('/rules/furstenfeld/reference/') && location.hash === '#ref-palace-card' && document.readyState === 'complete'",
        what="the Palace card's entry",
    )
    top = tab.js("() => Math.round(document.getElementById('ref-palace-card').getBoundingClientRect().top)")
    assert 0 <= top < 422, f"{tab.engine}: the entry is {top} px down"

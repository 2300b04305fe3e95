"""Issue 28, around the score sheet, on Chromium, Firefox and WebKit at 360 and 390 px: the settings panel, the
rules on a phone, a search result's matches, the home page's offline offer."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engines.conftest import PHONE, PHONE_FRAME, SMALL_PHONE
from tests.engines.drivers import EngineError, Tab
from tests.engines.test_sheet_at_table import framed, load

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "around-the-sheet"
SIZES = (SMALL_PHONE, PHONE)


def in_frame(tab: Tab, lang: str = "en") -> None:
    """The phone-sized frame's page, with the interface language set (the frame's pages share this storage)."""
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    tab.js("(lang) => { localStorage.setItem('tc:lang', lang); localStorage.removeItem('tc:rules-view'); }", lang)


def shoot(tab: Tab, name: str) -> None:
    """A screenshot of the tab (the frame in it), to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(SHOTS / f"{name}-{tab.engine}.png")


SETTINGS = """(win, doc) => {
    const details = doc.querySelector('details.settings');
    details.open = true;
    details.querySelector('.offline-panel').hidden = false; // as once the service worker answers (it may be slow)
    const box = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.right)]; };
    return { panel: box(details.querySelector('.settings-panel')),
             legends: [...details.querySelectorAll('legend')].filter((l) => l.checkVisibility()).map(box) };
}"""


def test_the_settings_panel_fits_a_phone(warm_tab: Tab) -> None:
    """Point 8: the panel with the script, dark mode and offline switches is whole on the screen (it started at x=−27)."""
    tab = warm_tab
    in_frame(tab)
    outside = {}
    for width, height in SIZES:
        load(tab, f"?settings={width}", (width, height))
        seen = tab.js(framed(SETTINGS))
        boxes = [seen["panel"], *seen["legends"]]
        if any(left < 0 or right > width for left, right in boxes):
            outside[width] = seen
        shoot(tab, f"settings-{width}")
    assert outside == {}, f"{tab.engine}: the settings panel leaves the screen: {outside}"


FIRST_REPAIRS = """(win, doc) => {
    return [doc.querySelector('#final-scoring .col.en h2 ins.repair'), doc.querySelector('#components .col.en li ins.repair')]
        .map((el) => el && [win.getComputedStyle(el, '::before').content, win.getComputedStyle(el, '::after').content]);
}"""
COVERED = """(win, doc) => {
    const button = doc.querySelector('a.to-contents');
    if (!button.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return 'away';
    const r = button.getBoundingClientRect();
    const under = [[r.left + 4, r.top + r.height / 2], [r.right - 4, r.top + r.height / 2]]
        .flatMap(([x, y]) => doc.elementsFromPoint(x, y))
        .filter((el) => !button.contains(el) && el.closest('p, li, td, h2, h3, blockquote'));
    return under.length ? 'covers ' + under[0].textContent.slice(0, 40) : 'clear';
}"""

OPENED = """(win) => { const load = win.performance.getEntriesByType('navigation')[0]?.loadEventEnd;
    return load > 0 && win.performance.now() > load + 1000; }"""
"""The rules page's first second is over (static/rules.js takes the scrolls of its first second, from its start, which
comes before the load event, for its own: to the section, to a search's words)."""

SCROLL = """(win, doc, by) => new Promise((resolve) => {
    win.addEventListener('scroll', () => win.requestAnimationFrame(() => resolve(win.scrollY)), { once: true });
    win.scrollBy(0, by);
})"""
"""Scroll the frame's page as a reader would, and return once the page has heard of it."""


def test_rules_read_on_a_phone(warm_tab: Tab) -> None:
    """Point 11: repairs are marked without brackets in headings and numbers; "↑ Contents" steps away from the text
    while the reader reads on and comes back on a scroll up."""
    tab = warm_tab
    in_frame(tab)
    for width, height in SIZES:
        load(tab, f"rules/bruges/?w={width}#final-scoring", (width, height))
        marks = tab.js(framed(FIRST_REPAIRS))
        assert all(m is not None for m in marks), f"{tab.engine}: no repair found in a heading and the text: {marks}"
        bracketed = [m for m in marks if "⟨" in m[0] or "⟩" in m[1]]
        assert bracketed == [], f"{tab.engine} {width}: repairs still in brackets on screen: {marks}"
        shoot(tab, f"rules-{width}")
        tab.wait(framed(OPENED), what="the page's own opening scrolls over")  # a reader's first scroll comes after
        for step in range(3):
            tab.js(framed(SCROLL), 240)
            try:
                tab.wait(framed(f"(win, doc) => ['away', 'clear'].includes(({COVERED})(win, doc))"), timeout=3)
            except EngineError:
                seen = tab.js(framed(COVERED))
                raise AssertionError(f"{tab.engine} {width}: reading on (step {step + 1}), ↑ Contents {seen}") from None
        tab.js(framed(SCROLL), -120)
        back = tab.wait(framed(f"(win, doc) => ({COVERED})(win, doc) !== 'away'"), what="↑ Contents back", timeout=5)
        assert back, f"{tab.engine} {width}: ↑ Contents did not come back on a scroll up"


OFFER_MOVES = """(win, doc) => {
    const offer = doc.querySelector('.offline-offer');
    const top = () => doc.querySelector('.game-list').getBoundingClientRect().top;
    offer.hidden = true;
    const before = top();
    offer.hidden = false;
    return Math.round(top() - before);
}"""


def test_the_home_pages_offline_offer_moves_nothing(warm_tab: Tab) -> None:
    """Point 11: the offline offer, shown once the service worker answers, pushed the games down about 70 px."""
    tab = warm_tab
    in_frame(tab)
    for width, height in SIZES:
        load(tab, f"?offer={width}", (width, height))
        moved = tab.js(framed(OFFER_MOVES))
        assert moved == 0, f"{tab.engine} {width}: showing the offline offer moves the game list {moved} px"


HITS = """(win, doc) => doc.body.dataset.highlighted &&
    [Number(doc.body.dataset.highlighted), [...doc.querySelectorAll('mark.hit')].filter((m) => m.checkVisibility()).length,
     doc.querySelector('article.rules').dataset.view]"""


def test_a_chinese_search_result_opens_where_its_matches_show(warm_tab: Tab) -> None:
    """Point 9: 平手 opened Bruges' final scoring in its English-only view (the English interface on a phone)."""
    tab = warm_tab
    in_frame(tab, "en")
    for width, height in SIZES:
        load(tab, f"rules/bruges/?hl=%E5%B9%B3%E6%89%8B&w={width}#final-scoring", (width, height))
        found, shown, view = tab.wait(framed(HITS), what="the words highlighted", timeout=10)
        assert found > 0 and shown > 0, f"{tab.engine} {width}: {found} matches, {shown} shown in the {view} view"
        clear = tab.wait(framed(f"(win, doc) => ['away', 'clear'].includes(({COVERED})(win, doc))"), timeout=3)
        assert clear, "↑ Contents covers none of the matches it opened at"
        stored = tab.js("() => localStorage.getItem('tc:rules-view')")
        assert stored is None, "the page's own choice of view is not the reader's: not remembered"
    shoot(tab, "search-hit")

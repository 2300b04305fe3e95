"""Two pages of play/ saving a finished game each at the same moment keep both games, on Chromium, Firefox and WebKit
(issue 40 point 2): the history merges by record, a save adds its game to the history as stored when it is written,
never writes back the list it read before. The two pages are two frames of one tab: they share the origin's storage
and each runs its own calculator, as two tabs do, on every engine's driver (which opens each tab in a profile of its
own)."""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.conftest import PHONE_FRAME
from tests.engines.drivers import EngineError, Tab
from tests.engines.sheets import case
from tests.engines.test_duration_note import GAME as FIRST
from tests.engines.test_duration_note import SHEET as FIRST_SHEET

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
SECOND = "furstenfeld"
GAMES = (FIRST, SECOND)
FRAMES = """(url, games) => {
    document.body.replaceChildren(...games.map((game) => Object.assign(document.createElement('iframe'),
        { src: `${url}play/#${game}/score`, width: 390, height: 700 })));
    return document.querySelectorAll('iframe').length;
}"""
"""Two frames of play/, one on each game."""
READY = """(games) => [...document.querySelectorAll('iframe')].every((frame, i) => {
    const doc = frame.contentDocument, form = doc?.querySelector(`section.game[data-game="${games[i]}"] [data-tool=score]`);
    return doc?.querySelector('.calculator-state')?.dataset.state === 'ready' && form?.dataset.state === 'final'
        && !form.querySelector('[data-action=save-history]').disabled;
})"""
"""Both frames' calculators answer and both sheets are final, ready to save."""
SAVE_BOTH = """(games) => { games.forEach((game, i) => document.querySelectorAll('iframe')[i].contentDocument
    .querySelector(`section.game[data-game="${game}"] [data-tool=score] [data-action=save-history]`).click()); }"""
"""Tap Save in both frames in one task: the two saves start in the same millisecond."""
SAID_SAVED = """(games) => games.every((game, i) => !document.querySelectorAll('iframe')[i].contentDocument
    .querySelector(`section.game[data-game="${game}"] [data-tool=score] .saved-state`).hidden)"""
PAGES = """(games) => games.map((game, i) => {
    const doc = document.querySelectorAll('iframe')[i].contentDocument;
    const form = doc.querySelector(`section.game[data-game="${game}"] [data-tool=score]`);
    return `${game}: calculator ${doc.querySelector('.calculator-state')?.dataset.state}, sheet ${form.dataset.state}, `
        + `Save ${form.querySelector('[data-action=save-history]').disabled ? 'disabled' : 'enabled'}, `
        + `Saved ${form.querySelector('.saved-state').hidden ? 'hidden' : 'shown'}, `
        + `says ${JSON.stringify(form.querySelector('.save-problems').textContent)}`;
}).join('; ')"""
"""What each page shows of its save, in words: for a failure's message."""
STORED = "() => (JSON.parse(localStorage.getItem('tc:v1:history') || 'null')?.records ?? []).map((r) => r.game).sort()"


def two_pages_ready(tab: Tab) -> None:
    """Both games' sheets filled and final, then two frames of play/, one on each, ready to save."""
    play.open_tool(tab, FIRST)
    play.wait_ready(tab)
    for game, sheet in ((FIRST, FIRST_SHEET), (SECOND, case(SECOND, 2).sheet)):
        play.open_tool(tab, game)
        play.fill(tab, game, sheet)
        tab.wait("(css) => document.querySelector(css).dataset.state === 'final'", play.tool(game), what="final")
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    assert tab.js(FRAMES, tab.site.url, list(GAMES)) == 2  # type: ignore[attr-defined]
    tab.wait(READY, list(GAMES), timeout=120, what="both pages ready to save")


def history_comes_to_hold(tab: Tab, games: list[str]) -> None:
    """Wait until the stored history holds a game of each of these (and no other)."""
    try:
        tab.wait(f"(want) => JSON.stringify(({STORED})()) === JSON.stringify(want)", games, timeout=30, what="games")
    except EngineError:
        raise AssertionError(f"{tab.engine}: the pages said Saved; the history holds {tab.js(STORED)}") from None


def test_two_tabs_saving_at_the_same_moment_keep_both_games(warm_tab: Tab) -> None:
    tab = warm_tab
    two_pages_ready(tab)
    tab.js(SAVE_BOTH, list(GAMES))
    try:
        tab.wait(SAID_SAVED, list(GAMES), what="both pages saying Saved")
    except EngineError:
        raise AssertionError(
            f"{tab.engine}: not both Saved. {tab.js(PAGES, list(GAMES))}; stored {tab.js(STORED)}"
        ) from None
    history_comes_to_hold(tab, sorted(GAMES))


SAVE_FIRST = f"(games) => ({SAVE_BOTH})(games.slice(0, 1))"
SAID_FIRST_SAVED = f"(games) => ({SAID_SAVED})(games.slice(0, 1))"
STALE_WRITE = "() => document.querySelectorAll('iframe')[1].contentWindow.localStorage.setItem('tc:v1:history', '')"
"""The second page writes the history from a text read before the first page's save (as another process's storage can
show a write late): here the empty history of before."""


@pytest.mark.only_engines("chromium")
def test_a_game_lost_to_a_write_from_an_older_text_is_added_again(warm_tab: Tab) -> None:
    """What a page does on another's write (a storage event) is the same script on every engine: one engine checks it."""
    tab = warm_tab
    two_pages_ready(tab)
    tab.js(SAVE_FIRST, list(GAMES))
    tab.wait(SAID_FIRST_SAVED, list(GAMES), what="the first page saying Saved")
    history_comes_to_hold(tab, [FIRST])
    tab.js(STALE_WRITE)
    history_comes_to_hold(tab, [FIRST])

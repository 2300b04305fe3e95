"""play/ holds only the game asked for when it starts (issue 44), on Chromium, Firefox and WebKit: the other games'
sections wait in <template>s (static/game-sections.js) and come into the page, in their place, when opened; what was
typed in each is kept across a switch and restored after a reload."""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
FIRST, OTHER = "burgundy-cards", "tuscany"  # the page's first game, and one after it


OTHER_PAGE = """(url) => { document.body.append(Object.assign(document.createElement("iframe"), { src: url, id: "other-page" })); }"""
TYPE_IN_FRAME = """(css) => {
  const doc = document.getElementById("other-page").contentDocument, field = doc?.querySelector(css);
  if (doc?.querySelector(".calculator-state")?.dataset.state !== "ready" || !field) return false;
  if (field.value !== "3") {
    field.value = "3";
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  return localStorage.getItem(`tc:v1:game:${field.closest("section.game").dataset.game}`)?.includes('"3"');
}"""
"""In the frame, once its calculator is ready: a 3 typed into the field; true once the game's stored sheet has it."""


def games_in_page(tab: Tab) -> list[str]:
    """The games whose section is in the page, in its order."""
    return tab.js("() => [...document.querySelectorAll('section.game')].map((s) => s.dataset.game)")


def value(tab: Tab, css: str) -> str:
    """An input's value."""
    return tab.js("(css) => document.querySelector(css).value", css)


def test_another_pages_edit_to_a_game_not_yet_opened_shows_when_it_is_opened(warm_tab: Tab) -> None:
    """A game not yet in this page has no listener for another page's edits to it: what that page saved is read when
    the game is opened here. The other page is a frame of this one (its own document and calculator, one storage)."""
    tab = warm_tab
    score = play.field_css(OTHER, "marble", 0)
    play.open_tool(tab, FIRST)
    # The frame's address is not play/ itself: browsers load no frame at its parent's address.
    tab.js(OTHER_PAGE, f"{tab.site.url}play/?other#{OTHER}/score")  # type: ignore[attr-defined]
    tab.wait(TYPE_IN_FRAME, score, timeout=120, what="the frame's game ready and its edit saved")
    assert games_in_page(tab) == [FIRST]
    play.open_tool(tab, OTHER)
    assert value(tab, score) == "3"


def test_a_game_comes_in_when_opened_and_keeps_what_was_typed(warm_tab: Tab) -> None:
    """Opened at another game, only that game is in the page; the first comes in before it when opened; a value typed
    in each stays through switches and comes back after a reload."""
    tab = warm_tab
    score = play.field_css(OTHER, "marble", 0)
    name = play.field_css(FIRST, "name", 0)
    play.open_tool(tab, OTHER)
    assert games_in_page(tab) == [OTHER]
    tab.type(score, "3")
    play.open_tool(tab, FIRST)
    assert games_in_page(tab) == [FIRST, OTHER]
    tab.type(name, "Ann")
    play.open_tool(tab, OTHER, "setup")
    play.open_tool(tab, OTHER)
    assert (value(tab, score), value(tab, name)) == ("3", "Ann")
    # Reloaded once Python answers: a reload while it starts makes Firefox log the start cut short by the page being
    # left (clean-clone run 50; a scratch test reloading play/ at once: in 2 of 4 tries "calculator failed to start", a
    # fetch's NetworkError, the service worker's cancelled answer for pyodide.mjs). The typed values are this test's.
    play.wait_ready(tab)
    tab.reload()
    tab.wait("(css) => document.querySelector(css)?.value === '3'", score, what="the typed value after a reload")
    assert games_in_page(tab) == [OTHER]
    play.open_tool(tab, FIRST)
    assert value(tab, name) == "Ann"


# The first largest-contentful-paint entry is the largest element of the first paint (Lighthouse's LCP = its FCP).
FIRST_PAINT = """async () => {
  const entries = await new Promise((done) => {
    new PerformanceObserver((list) => done(list.getEntries())).observe({ type: "largest-contentful-paint", buffered: true });
  });
  return { first: entries[0].element?.id, held: Boolean(document.getElementById("tc-hold-paint")) };
}"""


@pytest.mark.only_engines("chromium")  # the others have no <link rel=expect>: they paint the page's top first
def test_chromium_paints_the_asked_for_game_in_the_first_paint(tab: Tab) -> None:
    """play/ with no address opens the first game's sheet, and Chromium's first paint already holds it: its heading is
    that paint's largest element (route.js holds paints with <link rel=expect> until game-sections.js has put the
    section in place; without it the page's top painted alone first). Paints are not held afterwards."""
    tab.goto(f"{tab.site.url}play/")  # type: ignore[attr-defined]
    assert tab.js(FIRST_PAINT) == {"first": f"title-{FIRST}", "held": False}

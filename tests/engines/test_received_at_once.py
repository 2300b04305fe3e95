"""A result received by link, opened on a first visit on Chromium, Firefox and WebKit: the game, the players and what
they typed show from the link itself while Python is still on its way, with word that the ranking is being worked
out; Python's ranking then takes their place. A damaged link shows nothing of the kind and gets Python's clear message
(issue 27, point 4). Python is kept on its way by holding Pyodide's WebAssembly (conftest.py's Hold) until the test
has seen the page without it, not by a slow link."""

from __future__ import annotations

import pytest

from scoring import share
from scoring.history import make_record
from tests.engines import play
from tests.engines.conftest import Hold
from tests.engines.drivers import Tab
from tests.unit.test_stats import sheet

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
WASM = "/pyodide/pyodide.asm.wasm"
RECORD = make_record("burgundy-cards", sheet(("Ann", 10, 0), ("Bo & Cy", 7, 2)), "2026-01-01T10:00:00Z")

# The preview as shown, once it is: its heading, table and whether its note is on screen; the section's and the
# calculator's states at that moment.
READ_PREVIEW = """() => {
  const section = document.querySelector("section.shared");
  const preview = section && section.querySelector(".shared-preview");
  if (!preview || preview.hidden) return null;
  const text = (el) => el.innerText.trim();
  return {
    calculator: document.querySelector(".calculator-state").dataset.state,
    state: section.dataset.state,
    resultShown: !section.querySelector(".shared-result").hidden,
    game: text(preview.querySelector(".preview-game")),
    note: preview.querySelector(".preview-working").offsetParent ? text(preview.querySelector(".preview-working")) : "",
    rows: [...preview.querySelectorAll("tr")].map((row) => [...row.cells].map(text)),
  };
}"""


def test_the_link_shows_at_once_and_the_ranking_follows(tab: Tab) -> None:
    wasm = tab.site.hold(WASM, Hold())  # type: ignore[attr-defined]
    tab.goto(share.link(f"{tab.site.url}play/", RECORD))  # type: ignore[attr-defined]
    play.in_english(tab)
    shown = tab.wait(READ_PREVIEW, what="the link's players and scores")
    assert shown["calculator"] == "loading" and shown["state"] == "working", f"{tab.engine}: {shown}"
    assert not shown["resultShown"], f"{tab.engine}: {shown}"
    assert shown["game"] == "The Castles of Burgundy: The Card Game", f"{tab.engine}: {shown}"
    assert shown["note"].startswith("Working out the ranking…"), f"{tab.engine}: {shown}"
    assert shown["rows"][0] == ["", "Ann", "Bo & Cy"], f"{tab.engine}: {shown['rows']}"
    typed = {row[0]: row[1:] for row in shown["rows"][1:]}
    assert typed["Estate: sets of three"] == ["10", "6"], f"{tab.engine}: {typed}"
    assert typed["Start-player card"] == ["0", "1"], f"{tab.engine}: {typed}"
    assert not any("·" in cell for row in shown["rows"] for cell in row), f"{tab.engine}: a total or place shown"
    wasm.release(0)
    ranking = tab.wait(
        "() => document.querySelector('section.shared').dataset.state === 'shown'"
        " && document.querySelector('section.shared .ranking').innerText",
        timeout=120,
        what="Python's ranking",
    )
    assert ranking.split("\n")[:2] == [
        "1. Ann · 10 — Placed by total points (10).",
        "2. Bo & Cy · 7 — Placed by total points (7).",
    ]
    assert tab.js(READ_PREVIEW) is None, f"{tab.engine}: the preview stayed beside the ranking"


def test_a_damaged_link_shows_nothing_from_it_and_says_so(tab: Tab) -> None:
    payload = share.link("", RECORD).split("#", 1)[1]
    wasm = tab.site.hold(WASM, Hold())  # type: ignore[attr-defined]
    tab.goto(f"{tab.site.url}play/#{payload[: len(payload) // 2]}")  # type: ignore[attr-defined]
    play.in_english(tab)
    wasm.wait_reached(0)
    assert tab.js("() => document.querySelector('.calculator-state').dataset.state") == "loading", tab.engine
    assert tab.js(READ_PREVIEW) is None, f"{tab.engine}: a damaged link's contents shown"
    wasm.release(0)
    said = tab.wait(
        "() => document.querySelector('section.shared').dataset.state === 'refused'"
        " && document.querySelector('section.shared .problems').innerText",
        timeout=120,
        what="the link refused",
    )
    assert "damaged" in said, f"{tab.engine}: {said}"
    assert tab.js(READ_PREVIEW) is None, f"{tab.engine}: a damaged link's contents shown"

"""An unreadable saved sheet on a full storage (issue 40 point 5), on Chromium, Firefox and WebKit: it cannot be set
aside, so it is never overwritten (the first keystroke overwrote it), and the notice says the storage is full, not
"unavailable"; once there is room, the next keystroke sets it aside first, then saves the sheet.

The storage is really full: the origin's localStorage is filled up to each engine's own quota, leaving a little room
(for the page's small writes, not for the copy set aside). No engine's driver here can run a script before the page's
own, so nothing is wrapped."""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
GAME = "burgundy-cards"
KEY = f"tc:v1:game:{GAME}"
UNREADABLE = '{"v": 1, "values": {"score|estate_sets|0||": "5' + "x" * 2000
"""Larger than the sheet typed over it: the sheet's own state fits where the copy set aside does not."""
ROOM = 200
"""Characters left free: the page's small writes (its start probe, the language) fit, the 2,000-character copy not."""
FILLER = "tc-test:filler"
FILL = """(key, raw, filler, room) => {
    localStorage.setItem(key, raw);
    const fits = (n) => { try { localStorage.setItem(filler, 'x'.repeat(n)); return true; }
                          catch (error) { localStorage.removeItem(filler); return false; } };
    let low = 0, high = 1;
    while (fits(high)) { low = high; high *= 2; }
    while (high - low > 1) { const mid = Math.floor((low + high) / 2); if (fits(mid)) low = mid; else high = mid; }
    fits(low - room);  // the engine's own quota, less the room left
    return low;
}"""
"""Store the unreadable sheet, then fill the rest of the storage to this engine's quota less `room` characters."""
STORED = "(key) => localStorage.getItem(key)"
ASIDE = "() => Object.keys(localStorage).filter((k) => k.startsWith('tc:corrupt:')).map((k) => localStorage.getItem(k))"
NOTICE = "(css) => document.querySelector(css + ' .notice[role=alert]')?.innerText ?? ''"
STORAGE_LINE = (
    "() => { const l = document.querySelector('.storage-state'); return l && !l.hidden ? l.dataset.problem : ''; }"
)


def test_an_unreadable_sheet_on_a_full_storage_is_not_overwritten(warm_tab: Tab) -> None:
    tab = warm_tab
    filled = tab.js(FILL, KEY, UNREADABLE, FILLER, ROOM)
    assert filled > 1_000_000, f"{tab.engine}: the storage took only {filled} characters"
    play.open_tool(tab, GAME)
    play.in_english(tab)
    notice = tab.wait(NOTICE, play.section(GAME), what="the notice of the unreadable sheet")
    assert "nor set aside (storage is full), so it is not overwritten" in notice, f"{tab.engine}: {notice}"
    tab.type(play.field_css(GAME, "estate_sets", 0), "7")
    tab.type(play.field_css(GAME, "estate_sets", 1), "3")
    assert tab.wait(STORAGE_LINE, what="the storage line") == "full"
    assert tab.js(STORED, KEY) == UNREADABLE, f"{tab.engine}: the unreadable sheet was overwritten"
    assert tab.js(ASIDE) == []
    tab.js("(filler) => localStorage.removeItem(filler)", FILLER)  # room again
    tab.type(play.field_css(GAME, "estate_sets", 0), "8")
    tab.wait("(key) => (localStorage.getItem(key) ?? '').includes('\"8\"')", KEY, what="the sheet saved")
    assert tab.js(ASIDE) == [UNREADABLE], f"{tab.engine}: the unreadable sheet was not set aside"

"""An unreadable saved sheet on a full storage (issue 40 point 5): it cannot be set aside, so it is never overwritten
(the first keystroke overwrote it), and the message says the storage is full, not "unavailable"."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.playpage import VIEWPORTS, Play, site_context
from tests.e2e.test_storage_limits import QUOTA

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"
KEY = f"tc:v1:game:{GAME}"
UNREADABLE = '{"v": 1, "values": {"score|estate_sets|0||": "5' + "x" * 2000
"""Larger than the sheet typed over it: the sheet's own state fits where the copy set aside does not."""
QUOTA_ON_EVERY_LOAD = QUOTA + "window.__quota = Number(sessionStorage.getItem('quota') ?? Infinity);\n"
"""The quota kept from load to load (in sessionStorage), so that a reload starts on the full storage."""


def test_an_unreadable_sheet_that_cannot_be_set_aside_is_not_overwritten(browser: Browser, site_server) -> None:
    with site_context(browser, VIEWPORTS["phone"]) as context:
        context.add_init_script(QUOTA_ON_EVERY_LOAD)
        page = context.new_page()
        play = Play(page, site_server.url, GAME).open()
        page.evaluate(
            """([key, raw]) => { localStorage.setItem(key, raw);
            let n = 0; for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i); n += k.length + localStorage.getItem(k).length; }
            sessionStorage.setItem('quota', String(n + 10)); }""",
            [KEY, UNREADABLE],
        )
        page.reload()
        page.get_by_role("button", name="English").click()
        expect(play.section.locator(".notice[role=alert]")).to_contain_text(
            "nor set aside (storage is full), so it is not overwritten"
        )
        play.field("estate_sets", 0).fill("7")
        play.field("estate_sets", 1).fill("3")
        expect(page.locator(".storage-state")).to_be_visible()
        assert page.evaluate("(key) => localStorage.getItem(key)", KEY) == UNREADABLE
        assert page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('tc:corrupt:'))") == []
        # Room again: the next keystroke sets it aside first, then saves the sheet.
        page.evaluate("() => { window.__quota = Infinity; }")
        play.field("estate_sets", 0).fill("8")
        page.wait_for_function(
            "(key) => localStorage.getItem(key) !== null && localStorage.getItem(key).includes('\"8\"')", arg=KEY
        )
        aside = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('tc:corrupt:'))")
        assert [page.evaluate("(key) => localStorage.getItem(key)", k) for k in aside] == [UNREADABLE]

"""A history an iPhone keeps (issue 43, point 3): where the browser does not grant persistent storage, the history
view says once, calmly and in both languages, what to do (the Home Screen with iOS's steps, or an exported file);
"Got it" puts it away for good; games saved a week ago or more and in no exported file bring a reminder, which
"Later" puts off and an export ends. Chromium, persist() stubbed to answer false (and true: no notice)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_stats_share import burgundy, stub_persistence
from tests.unit.test_stats import history

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/keep-notice-shots")
"""Where the test leaves its screenshots for a person to look at (not compared)."""


def stored_history() -> str:
    """Two games: one saved ten days ago, one today."""
    now = datetime.now(UTC)
    return history(
        [
            ((now - timedelta(days=10)).strftime("%Y-%m-%dT%H:%M:%SZ"), burgundy(("Ann", 10), ("Bo", 7))),
            (now.strftime("%Y-%m-%dT%H:%M:%SZ"), burgundy(("Bo", 12), ("Ann", 9))),
        ]
    )


def open_history(page: Page, url: str) -> None:
    """play/#history, loaded afresh (reloaded when there already: a hash change alone renders nothing again)."""
    if page.url == f"{url}play/#history":
        page.reload()
    else:
        page.goto(f"{url}play/#history")
    expect(page.locator("section.history")).to_have_attribute("data-count", "2", timeout=60_000)
    expect(page.locator("section.history .keep")).to_have_attribute("data-persisted", re.compile("^(true|false|null)$"))


def test_not_kept_said_once_with_what_to_do_and_a_reminder(warm_page: Page, site_server) -> None:
    width = 360  # the narrowest phone; tests/engines/test_keep_notice.py shows it at 390 on the three engines
    page = warm_page  # downloads are accepted in every context (Playwright's default)
    page.set_viewport_size({"width": width, "height": 800})
    page.add_init_script(stub_persistence(False))
    page.goto(f"{site_server.url}play/#history")
    page.evaluate("text => localStorage.setItem('tc:v1:history', text)", stored_history())
    page.get_by_role("button", name="English").click()
    open_history(page, site_server.url)
    notice = page.locator("section.history .keep-notice")
    once = notice.locator(".keep-once")
    expect(once).to_contain_text("open it in Safari, tap Share (the square with an arrow)")
    expect(once).to_contain_text("Add to Home Screen, then Add")
    expect(once).to_contain_text("Or export a file (JSON, with Export above) after each game night")
    expect(once).to_contain_text("after 7 days without a visit, unless the site is on the Home Screen")
    assert "添加到主屏幕" in once.text_content() and "导出" in once.text_content(), "both languages are there"
    assert "179, 38, 30" not in once.evaluate("(el) => getComputedStyle(el).color")  # calm: not --bad
    expect(notice.locator(".keep-reminder p").first).to_have_text(
        "1 game saved 7 or more days ago is in no exported file yet. Export a copy, so that the browser's"
        " clean-ups cannot take it.",
        use_inner_text=True,
    )
    box = notice.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, f"fits the {width} px screen: {box}"
    SHOTS.mkdir(exist_ok=True)
    notice.screenshot(path=SHOTS / f"notice-{width}.png")
    page.screenshot(path=SHOTS / f"history-{width}.png", full_page=True)
    page.get_by_role("button", name="中文").click()
    notice.screenshot(path=SHOTS / f"notice-{width}-zh.png")
    page.get_by_role("button", name="English").click()

    once.get_by_role("button", name="Got it").click()
    expect(once).to_have_count(0)
    open_history(page, site_server.url)  # remembered: said once
    expect(notice.locator(".keep-once")).to_have_count(0)
    expect(notice.locator(".keep-reminder")).to_have_count(1)

    notice.get_by_role("button", name="Later").click()
    expect(notice).to_be_hidden()
    open_history(page, site_server.url)
    expect(notice.locator(".keep-reminder")).to_have_count(0)  # put off for a week

    page.evaluate("localStorage.removeItem('tc:v1:keep-reminder-later')")  # a week later, as far as it knows
    open_history(page, site_server.url)
    with page.expect_download():
        notice.get_by_role("button", name="Export JSON").click()
    expect(notice.locator(".keep-reminder")).to_have_count(0)  # in an exported file now
    open_history(page, site_server.url)
    expect(notice).to_be_hidden()


def test_no_notice_where_the_browser_keeps_the_data(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 800})
    page.add_init_script(stub_persistence(True))
    page.goto(f"{site_server.url}play/#history")
    page.evaluate("text => localStorage.setItem('tc:v1:history', text)", stored_history())
    open_history(page, site_server.url)
    expect(page.locator("section.history .keep")).to_have_attribute("data-persisted", "true")
    expect(page.locator("section.history .keep-notice")).to_have_attribute("data-state", "none")

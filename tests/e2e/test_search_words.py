"""English search marks whole words on the rules page it opens (issue 41 point 8), in Chromium on a phone: "how many
cards in hand" on Fürstenfeld marked "in" inside Hint, buildings and including."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
MARKS = """() => [...document.querySelectorAll("mark.hit")].map((m) => {
  const before = m.previousSibling?.textContent ?? "";
  const after = m.nextSibling?.textContent ?? "";
  return [before.slice(-1), m.textContent, after.slice(0, 1)];
})"""


def test_an_english_search_marks_whole_words_only(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_server.url}search/?q={quote('how many cards in hand')}&game=furstenfeld")
    first = page.locator(".result:not(.term-result) .result-link").first
    expect(first).to_have_attribute("href", re.compile(r"/rules/furstenfeld/\?hl="))
    first.click()
    expect(page.locator("body")).to_have_attribute("data-highlighted", re.compile(r"^[1-9]"))
    marks = page.evaluate(MARKS)
    inside = [m for m in marks if re.match(r"\w", m[0] + " ") or re.match(r"\w", m[2] + " ")]
    assert not inside, f"{len(inside)} of {len(marks)} marks inside a word, e.g. {inside[:5]}"
    assert {m[1].lower() for m in marks} <= {"how", "many", "card", "cards", "in", "hand", "hands"}
    # A Chinese word is still marked wherever it occurs (no spaces between words).
    page.goto(f"{site_server.url}rules/furstenfeld/?hl={quote('手中')}")
    expect(page.locator("body")).to_have_attribute("data-highlighted", re.compile(r"^[1-9]"))

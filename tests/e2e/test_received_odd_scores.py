"""A received link whose players' scores are not an object (issue 40 point 8): the preview shows what it can and
throws nothing, on a string, a number, a list, null or an object with `__proto__` and `constructor` keys; Python's
answer follows (a message in both languages, or the result)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.fuzz import SAVED, packed

pytestmark = pytest.mark.e2e
ODD_SCORES = ["x", 5, [1, 2], None, {"__proto__": 3, "constructor": 4, "estate_sets": 2}]


@pytest.mark.parametrize("scores", ODD_SCORES, ids=["text", "number", "list", "null", "proto"])
def test_a_link_whose_scores_are_not_an_object_throws_nothing(warm_page: Page, site_server, scores: object) -> None:
    sheet = {"players": [{"name": "Ann", "scores": scores}, {"name": "Bo", "scores": {"estate_sets": 1}}]}
    payload = packed(json.dumps([1, "burgundy-cards", SAVED, sheet]).encode())
    page = warm_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site_server.url}play/#r={payload}")
    shared = page.locator("section.shared")
    expect(shared).to_have_attribute("data-state", "refused", timeout=60_000)
    expect(shared.locator(".problems .l-en").last).not_to_be_empty()
    expect(shared.locator(".problems .l-zh").last).not_to_be_empty()
    assert errors == []

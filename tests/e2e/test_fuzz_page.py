"""The fuzz suite on the page's real worker (Chromium): generated links opened as play/#r=…, files chosen in History's
import and values left in storage as the history; every input gets a message (or its result), and a sheet still
computes afterwards. Inputs from tests/fuzz.py, derandomized in CI (TC_FUZZ_PAGE_INPUTS of each kind, 3 unless set)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playwright.sync_api import Page

from tests.e2e.test_robust_inputs import a_sheet_computes, open_history
from tests.fuzz import FILES, FUZZ, LINKS, PAGE_INPUTS

pytestmark = [pytest.mark.e2e, pytest.mark.fuzz]


def generated() -> tuple[list[str], list[bytes], list[bytes]]:
    """PAGE_INPUTS links, files and stored values, drawn once (the seed fixed unless TC_FUZZ_RANDOM is set)."""
    found: list = []

    @given(
        st.lists(LINKS, min_size=PAGE_INPUTS, max_size=PAGE_INPUTS),
        st.lists(FILES, min_size=PAGE_INPUTS, max_size=PAGE_INPUTS),
        st.lists(FILES, min_size=PAGE_INPUTS, max_size=PAGE_INPUTS),
    )
    @settings(FUZZ, max_examples=1)
    def draw(links: list[str], files: list[bytes], stored: list[bytes]) -> None:
        found.append((links, files, stored))

    draw()
    return found[0]


def test_generated_inputs_each_get_a_message_and_a_sheet_still_computes(
    warm_page: Page, site_server, tmp_path: Path
) -> None:
    links, files, stored = generated()
    page = warm_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    shared = page.locator("section.shared")
    for number, payload in enumerate(links):
        page.goto(f"{site_server.url}play/#r={payload}")
        page.reload()  # a fresh view each time, whatever the last fragment
        page.wait_for_function(
            "() => ['refused', 'shown'].includes(document.querySelector('section.shared').dataset.state)",
            timeout=60_000,
        )
        state = shared.get_attribute("data-state")
        if state == "refused":
            assert shared.locator(".problems p").count() >= 2, (number, payload)
    open_history(page, site_server.url)
    status, problems = page.locator(".history-status"), page.locator("section.history .problems")
    for number, content in enumerate(files):
        file = tmp_path / f"fuzz-{number}.json"
        file.write_bytes(content)
        page.locator("input[data-action=import]").set_input_files(file)
        page.wait_for_function(
            "() => document.querySelector('.history-status').textContent || "
            "document.querySelector('section.history .problems').textContent",
            timeout=60_000,
        )
        assert status.inner_text() or problems.inner_text(), (number, content[:80])
    for number, value in enumerate(stored):
        page.evaluate("(text) => localStorage.setItem('tc:v1:history', text)", value.decode("utf-8", "replace"))
        page.goto(f"{site_server.url}play/#history")
        page.reload()  # read afresh from storage
        page.wait_for_function(
            "() => /^\\d+$/.test(document.querySelector('section.history').dataset.count ?? '')", timeout=60_000
        )
        count = page.locator("section.history").get_attribute("data-count")
        assert count is not None, (number, value[:80])
    a_sheet_computes(page, site_server.url)
    assert errors == [], errors
    print(json.dumps({"links": len(links), "files": len(files), "stored": len(stored)}))

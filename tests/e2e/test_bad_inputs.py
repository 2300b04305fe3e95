"""The table of bad inputs (tests/bad_inputs.py) typed into the page, in Chinese and in English: each gives
its message in the interface language, marks the field, and the rest of the sheet keeps computing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

import build
from sitebuild import zh_script
from tests.bad_inputs import BASE, ROWS, BadInput
from tests.e2e.playpage import Play, csp_violations, fresh_page

pytestmark = pytest.mark.e2e
BASE_TOTALS = {"burgundy-cards": ["6", "3"]}
SIMPLIFIED = zh_script.Conversion.of(
    zh_script.run_time_conversions(build.run_time_chinese_sources(), "scoring")["zh-Hans"]
)
"""Chinese as the page shows it by default: scoring writes some messages in both scripts at once."""


@pytest.fixture(scope="module", params=["zh", "en"])
def ui(request: pytest.FixtureRequest, warm_context: BrowserContext, site_server) -> Iterator[tuple[Page, str]]:
    """One page per interface language, in the session's warm context, every base sheet filled in once."""
    lang = request.param
    page = fresh_page(warm_context, site_server.url)
    try:
        for game, players in BASE.items():
            play = Play(page, site_server.url, game).open()
            if game == next(iter(BASE)):
                page.get_by_role("button", name="English" if lang == "en" else "中文").click()
            play.fill_sheet(players)
            expect(play.tool()).to_have_attribute("data-state", "final", timeout=60_000)
        yield page, lang
        assert csp_violations(page) == []
    finally:
        page.close()


def target(play: Play, row: BadInput):
    """The input the row types into."""
    if row.field == "name":
        return play.tool().locator(f'[data-field=name][data-player="{row.player}"]')
    return play.field(row.field, row.player)


@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
def test_bad_input_in_the_page(ui: tuple[Page, str], site_server, row: BadInput) -> None:
    page, lang = ui
    play = Play(page, site_server.url, row.game).open()
    field = target(play, row)
    before = field.input_value()
    field.fill(row.typed)
    try:
        totals = play.tool().locator("output.total")
        if row.field == "name" and not row.typed.strip():
            # The page names a blank seat after its placeholder (P1, P2…) instead of asking for a name; scoring
            # itself (the command line, the history) still refuses an empty name (tests/unit/test_bad_inputs.py).
            expect(play.tool().locator(".ranking .who").filter(has_text=f"P{row.player + 1}")).to_have_count(1)
            expect(play.problems()).to_be_empty()
            expect(field).not_to_have_attribute("aria-invalid", "true")
            return
        if row.en is None:
            expect(totals.nth(row.player)).to_have_text(str(row.total))
            expect(play.problems()).to_be_empty()
            return
        message = row.en if lang == "en" else SIMPLIFIED.apply(row.zh)  # the page writes it in the reader's script
        expect(play.problems().locator("li")).to_have_text([message], use_inner_text=True)
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(play.tool()).to_have_attribute("data-state", "incomplete")
        if row.game in BASE_TOTALS:  # the other player's total is still there
            other = 1 - row.player
            expect(totals.nth(other)).to_have_text(BASE_TOTALS[row.game][other])
    finally:
        field.fill(before)
        expect(play.tool()).to_have_attribute("data-state", "final")
        expect(field).not_to_have_attribute("aria-invalid", "true")

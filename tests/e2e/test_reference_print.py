"""Each game's reference prints as a reference card: one A4 or Letter page in the reader's language (Chromium)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from scoring import GAMES
from tests.e2e.playpage import READERS, prints_on_one_page_in_the_readers_language

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("game", list(GAMES))
def test_the_reference_prints_on_one_page_in_the_readers_language(
    warm_page: Page, site_server, game: str, reader: str
) -> None:
    url = f"{site_server.url}rules/{game}/reference/"
    prints_on_one_page_in_the_readers_language(warm_page, url, reader, ".ref-entry .ref-effect", ".{lang}")

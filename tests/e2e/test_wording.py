"""The interface's English counts its nouns (issue 28, points 10 and 12): "1 term", not "1 terms"."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.playpage import site_context

pytestmark = pytest.mark.e2e

SAY = """([sections, terms]) => import('../static/site.js').then((site) => {
    document.documentElement.classList.remove('ui-zh'); document.documentElement.classList.add('ui-en');
    return site.say('found', { text: 'x', sections, terms });
})"""


@pytest.mark.parametrize(
    ("counts", "said"),
    [((1, 1), "“x”: 1 section, 1 term."), ((2, 0), "“x”: 2 sections, 0 terms."), ((0, 3), "“x”: 0 sections, 3 terms.")],
)
def test_search_counts_its_findings_in_english(browser: Browser, site_server, counts: tuple, said: str) -> None:
    with site_context(browser, {"width": 390, "height": 844}) as context:
        page = context.new_page()
        page.goto(f"{site_server.url}search/")
        assert page.evaluate(SAY, list(counts)) == said

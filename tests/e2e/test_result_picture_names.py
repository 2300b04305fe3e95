"""The result picture's ranking lines with an Arabic name and a 40-character one (issue 40 point 6): the name is
isolated as on the page, so the place and total stay on their sides of it, and a line wider than the picture is
squeezed into it, its total never cut off. The picture's SVG is measured as the browser lays it out."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.playpage import PHONE, Play

pytestmark = pytest.mark.e2e
ARABIC = "مريم"
LONG = "W" * 40
FORM = 'section.game[data-game="burgundy-cards"] [data-tool=score]'
MEASURE = """async ([css]) => {
    const { resultSvg } = await import(new URL('../static/result-picture.js', location.href).href);
    const svg = resultSvg(document.querySelector(css), 'Title');
    document.body.append(svg);
    const rows = [...svg.querySelectorAll('text')].slice(1);
    const measured = rows.map((text) => {
        const content = text.textContent, xs = [...content].map((_, i) => text.getStartPositionOfChar(i).x);
        const arabic = xs.filter((_, i) => /[\\u0600-\\u06ff]/.test(content[i]));
        const total = content.lastIndexOf('·') + 2;
        const box = text.getBBox();
        return { content, right: box.x + box.width, totalX: xs[total], nameMax: arabic.length ? Math.max(...arabic) : null };
    });
    svg.remove();
    return { width: Number(svg.getAttribute('width')), rows: measured };
}"""
"""The picture's ranking lines: their text, right edge, where the total starts and where the Arabic name's letters are."""


def test_an_arabic_and_a_long_name_keep_their_totals_in_the_picture(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size(PHONE)
    play = Play(page, site_server.url, "burgundy-cards").open("score")
    play.set_players(3)
    play.fill_sheet(
        [
            ("Ann", {"estate_sets": 20, "start_player": 1}),
            (ARABIC, {"estate_sets": 14}),
            (LONG, {"estate_sets": 12}),
        ]
    )
    play.wait_ready()
    play.expect_ranking(["1. Ann · 21", f"2. {ARABIC} · 14", f"3. {LONG} · 12"])
    drawn = page.evaluate(MEASURE, [FORM])
    rows = {row["content"].replace("\u2068", "").replace("\u2069", ""): row for row in drawn["rows"]}
    arabic = rows[f"2. {ARABIC} · 14"]
    assert arabic["totalX"] > arabic["nameMax"], f"the total is drawn before the name: {arabic}"
    for row in drawn["rows"]:
        assert row["right"] <= drawn["width"] - 24 + 1, f"a line runs off the picture: {row}"

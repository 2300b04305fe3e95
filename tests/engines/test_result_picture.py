"""The result as a picture on Chromium, Firefox and WebKit (issue 29 point 5): "Share as a picture" draws the finished
sheet to a PNG in the page (ranking, totals and chart, names as typed) under play/'s policy, and hands it on.

Where the browser cannot share files (these headless browsers) the page downloads it through a link; here that link's
click is caught, so that the PNG is read back in the page instead of going to a download folder.
"""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
GAME = "burgundy-cards"
SHEET = {
    "players": [
        {"name": 'Ann & "Al"', "scores": {"estate_sets": 14, "bonus_cards": 3}},
        {"name": "王小明", "scores": {"estate_sets": 20, "start_player": 1}},
    ]
}
CATCH = """() => {
    window.caught = null;
    HTMLAnchorElement.prototype.click = function () { if (this.download) window.caught = [this.download, this.href]; };
}"""
"""Downloads through a link are caught: the file's name and its blob: URL kept."""
READ = """async () => {
    const [name, url] = window.caught;
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0, white = 0;  // opaque pixels clearly darker than the white background (text, bars), and white ones
    for (let at = 0; at < pixels.length; at += 4) {
        if (pixels[at + 3] < 250) continue;  // not drawn
        const sum = pixels[at] + pixels[at + 1] + pixels[at + 2];
        if (sum < 384) inked++;
        else if (sum > 750) white++;
    }
    return { name, width: canvas.width, height: canvas.height, inked, white, all: pixels.length / 4 };
}"""
"""The caught picture decoded again (a fetch of it would break the policy): its name, size, and inked pixels."""


def test_a_finished_sheet_becomes_a_png(warm_tab: Tab) -> None:
    tab = warm_tab
    play.open_tool(tab, GAME)
    play.in_english(tab)
    play.wait_ready(tab)
    play.fill(tab, GAME, SHEET)
    form = play.tool(GAME)
    tab.wait("(css) => document.querySelector(css).dataset.state === 'final'", form, what="a final sheet")
    tab.js(CATCH)
    tab.click(f"{form} [data-action=share-picture]")
    tab.wait("() => window.caught", what="the PNG handed on")
    said = tab.js("(css) => document.querySelector(css + ' .share-state').textContent", form)
    assert "PNG" in said, f"{tab.engine}: {said!r}"
    picture = tab.js(READ)
    assert picture["name"].startswith(f"{GAME}-") and picture["name"].endswith(".png"), f"{tab.engine}: {picture}"
    assert picture["width"] == 1440 and picture["height"] > 600, f"{tab.engine}: {picture}"
    assert picture["white"] > picture["all"] / 2, f"{tab.engine}: not drawn on its white ground ({picture})"
    assert picture["inked"] > 50_000, f"{tab.engine}: nothing written on it ({picture})"

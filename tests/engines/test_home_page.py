"""The home page on the three engines at phone sizes (issue 28 point 13): a sheet in progress one tap away on the
first screen, whole, in the reader's language and script; each game named in both languages."""

from __future__ import annotations

import json

import pytest

from scoring import GAMES
from tests.engines.conftest import PHONE, PHONE_FRAME, SMALL_PHONE
from tests.engines.drivers import Tab
from tests.engines.test_sheet_at_table import framed, load

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

STORE = """(sheet) => {
    const started = new Date(); started.setHours(0, 2, 0, 0);
    localStorage.setItem('tc:v1:game:bruges', JSON.stringify({ ...JSON.parse(sheet), started: started.toISOString() }));
}"""

SEEN = """(win, doc) => {
    const line = doc.querySelector('.continue-list li:not([hidden]) a');
    const box = line?.getBoundingClientRect();
    const other = doc.querySelector('.game-card h2 .also');
    const shownOther = [...doc.querySelectorAll('.game-card h2 .also')].filter((el) => el.offsetParent !== null);
    return {
        text: line?.innerText.replace(/\\s+/g, ' ').trim() ?? null,
        box: box ? [box.top, box.bottom, box.left, box.right] : null,
        other: shownOther.map((el) => el.innerText.trim()),
        over: [...doc.querySelectorAll('.continue-list *, .game-list *')].filter((el) => el.getBoundingClientRect().right > win.innerWidth + 0.5)
            .slice(0, 4).map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
    };
}"""

SAID = {
    ("en", "hans"): ("Continue: Bruges, 4 players, started 00:02", "布鲁日"),
    ("zh", "hant"): ("繼續：布魯日，4 人，00:02 開始", "Bruges"),
}


def test_a_sheet_in_progress_on_the_first_screen(warm_tab: Tab) -> None:
    tab = warm_tab
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    sheet = {
        "v": 1,
        "players": None,
        "options": {},
        "names": ["Ann"],
        "values": {"score|persons|0||": "3"},
        "ticks": {},
    }
    tab.js(STORE, json.dumps(sheet))
    for (lang, script), (line, other) in SAID.items():
        tab.js(
            "(lang, script) => { localStorage.setItem('tc:lang', lang); localStorage.setItem('tc:script', script); }",
            lang,
            script,
        )
        for width, height in (PHONE, SMALL_PHONE):
            load(tab, f"?w={width}&l={lang}", (width, height))
            seen = tab.js(framed(SEEN))
            where = f"{tab.engine} {lang}-{script} {width}×{height}"
            assert seen["text"] == line, f"{where}: {seen}"
            top, bottom, left, right = seen["box"]
            assert top >= 0 and bottom <= height and left >= 0 and right <= width, f"{where}: {seen}"
            assert seen["over"] == [], f"{where}: wider than the screen: {seen}"
            assert len(seen["other"]) == len(GAMES) and other in seen["other"], f"{where}: {seen}"

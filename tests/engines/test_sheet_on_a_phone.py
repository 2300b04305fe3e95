"""Issue 28, the score sheet on a phone, on Chromium, Firefox and WebKit, in a frame of exactly 390×844 and 360×740.

- Names whole: in a four-player grid every name is legible whole (the field when it fits, else the whole name over
  it in smaller type), and the fields keep 16 px type (iOS zooms into a smaller one).
"""

from __future__ import annotations

import contextlib

import pytest

from tests.engines.conftest import PHONE, PHONE_FRAME, SMALL_PHONE
from tests.engines.drivers import EngineError, Tab
from tests.engines.test_sheet_at_table import framed, load

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

NAMES = ["韩梅梅", "欧阳娜娜", "Michael", "Anna"]

TYPE_NAMES = """(win, doc, game, names) => {
    const section = doc.querySelector(`section.game[data-game="${game}"]`);
    const count = section.querySelector('[data-role=players]');
    count.value = String(names.length);
    count.dispatchEvent(new Event('change', { bubbles: true }));
    names.forEach((name, p) => {
        const el = section.querySelector(`form[data-tool=score] input.name[data-player="${p}"]`);
        el.focus();
        el.value = name;
        el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    doc.activeElement.blur();
}"""

NAMES_SHOWN = """(win, doc, game) => {
    const form = doc.querySelector(`section.game[data-game="${game}"] form[data-tool=score]`);
    return [...form.querySelectorAll('input.name')].filter((el) => el.getClientRects().length).map((el) => {
        const whole = el.parentElement.querySelector('.name-full');
        const over = whole && whole.getClientRects().length ? whole : null;
        const box = (e) => e.getBoundingClientRect();
        return {
            name: el.value, field: [el.scrollWidth, el.clientWidth], fieldType: parseFloat(getComputedStyle(el).fontSize),
            over: over && {
                text: over.textContent, size: parseFloat(getComputedStyle(over).fontSize),
                inside: over.scrollWidth <= over.clientWidth && over.scrollHeight <= over.clientHeight,
                covers: box(over).left >= box(el).left && box(over).right <= box(el).right
                    && box(over).top >= box(el).top && box(over).bottom <= box(el).bottom,
            },
        };
    });
}"""


ALL_WHOLE = f"""(win, doc, game) => ({NAMES_SHOWN})(win, doc, game).every((s) =>
    s.field[0] <= s.field[1] || (s.over && s.over.text === s.name && s.over.inside && s.over.covers && s.over.size >= 10))"""


def whole(seen: dict) -> bool:
    """A name is legible whole: its field shows it all, or the whole name sits inside the field in 10 px or more."""
    if seen["field"][0] <= seen["field"][1]:
        return True
    over = seen["over"]
    return bool(over) and over["text"] == seen["name"] and over["inside"] and over["covers"] and over["size"] >= 10


def test_names_whole_in_a_four_player_grid(tab: Tab) -> None:
    """Point 1: 韩梅梅, 欧阳娜娜, Michael and Anna legible whole at 360 and 390 px in every game's four-player grid."""
    tab.goto(tab.site.url + PHONE_FRAME.lstrip("/"))  # type: ignore[attr-defined]
    tab.js("() => { localStorage.setItem('tc:lang', 'en'); }")
    for size in (PHONE, SMALL_PHONE):
        for game in ("bruges", "tuscany"):
            load(tab, f"play/?w={size[0]}&names={game}#{game}/score", size)
            tab.js(framed(TYPE_NAMES), game, NAMES)
            with contextlib.suppress(
                EngineError
            ):  # play.js shows them once it runs: wait for that, then say what is cut
                tab.wait(framed(ALL_WHOLE), game, timeout=20, what="every name whole")
            seen = tab.js(framed(NAMES_SHOWN), game)
            assert len(seen) == 4, f"{tab.engine} {size} {game}: {seen}"
            cut = [s for s in seen if not whole(s)]
            assert not cut, f"{tab.engine} {size} {game}: names cut off: {cut}"
            assert all(s["fieldType"] >= 16 for s in seen), f"{tab.engine} {size}: a name field under 16 px: {seen}"

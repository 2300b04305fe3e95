"""When Python cannot start, on any engine: the sheet itself says so beside the grid, and nothing typed is lost."""

from __future__ import annotations

import pytest

from tests.engines import play
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
GAME = "burgundy-cards"
NAME = play.field_css(GAME, "name", 0)
SETS = play.field_css(GAME, "estate_sets", 0)

READ_NOTE = """(css) => {
    const form = document.querySelector(css);
    const note = form.querySelector('.engine-note');
    const grid = note.previousElementSibling;
    return {
        shown: note.offsetParent !== null,
        text: note.innerText,
        afterGrid: grid.contains(form.querySelector('[data-field=name]')),
        gap: note.getBoundingClientRect().top - grid.getBoundingClientRect().bottom,
        detail: note.querySelector('.engine-error').textContent,
    };
}"""


@pytest.mark.parametrize("refused", ["/pyscript/", "/pyodide/"], ids=["pyscript-missing", "pyodide-missing"])
def test_the_sheet_says_python_could_not_start(tab: Tab, refused: str) -> None:
    tab.site.refused.append(refused)  # type: ignore[attr-defined]  # the start fails on purpose
    play.open_tool(tab, GAME)
    play.in_english(tab)
    tab.type(NAME, "Ann")
    tab.type(SETS, "5")
    tab.wait("() => document.documentElement.dataset.engine === 'failed'", what="the calculator's failure")
    note = tab.js(READ_NOTE, play.tool(GAME))
    assert note["shown"] and note["afterGrid"] and 0 <= note["gap"] < 40, note
    assert "could not start in this browser" in note["text"] and "Everything typed is saved" in note["text"]
    assert "Try: reload" in note["text"] and note["detail"]
    tab.click("button[data-ui-lang=zh]")
    tab.wait(
        "(css) => document.querySelector(css + ' .engine-note').innerText.includes('没能在这个浏览器里启动')",
        play.tool(GAME),
    )
    assert tab.js("() => document.querySelector('.engine').innerText").strip() != ""  # the status line says it too
    tab.reload()
    tab.wait("(css) => document.querySelector(css).value === 'Ann'", NAME, what="the name kept")
    assert tab.js("(css) => document.querySelector(css).value", SETS) == "5"
    tab.wait("() => document.documentElement.dataset.engine === 'failed'", what="the failure said again")
    if tab.sees_console:
        assert any("calculator failed to start" in line or "load" in line.lower() for line in tab.errors())

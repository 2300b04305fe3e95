"""Verbs for play/ that work on every engine's Tab: open a tool, fill a sheet, read the ranking.

The three-engine page object (plain JavaScript run in the page through tests/engines/drivers/). Its Chromium-only
twin is tests/e2e/playpage.py (Playwright): extend this one for what may differ between engines, that one for
Chromium-only checks (docs/tests.md, "Which page object to extend").
"""

from __future__ import annotations

from typing import Any

from tests.engines.drivers import Tab
from tests.engines.sheets import Case


def section(game: str) -> str:
    """CSS of a game's part of play/."""
    return f'section.game[data-game="{game}"]'


def tool(game: str, name: str = "score") -> str:
    """CSS of one tool of a game."""
    return f'{section(game)} [data-tool="{name}"]'


def open_tool(tab: Tab, game: str, name: str = "score") -> None:
    """Go to a game's tool on play/ (a new page load only when not on play/ yet)."""
    url = f"{tab.site.url}play/#{game}/{name}"  # type: ignore[attr-defined]
    if tab.js("() => location.pathname.endsWith('/play/')"):
        tab.js("(url) => { location.href = url; }", url)
    else:
        tab.goto(url)
    tab.wait(
        "(css) => { const el = document.querySelector(css); return Boolean(el && el.offsetParent); }",
        tool(game, name),
        what=f"{game}/{name} shown",
    )


def in_english(tab: Tab) -> None:
    """Switch the interface to English (remembered by the site)."""
    tab.click("button[data-ui-lang=en]")
    tab.wait("() => document.documentElement.classList.contains('ui-en')", what="English interface")


def wait_ready(tab: Tab, timeout: float = 90) -> None:
    """Wait until the calculator's Python answers; fail at once if it failed to start."""
    state = tab.wait(
        "() => { const s = document.querySelector('.calculator-state').dataset.state; return s === 'loading' ? '' : s; }",
        timeout=timeout,
        what="the calculator to start",
    )
    assert state == "ready", f"{tab.engine}: the calculator's state is {state!r}"


def with_history(tab: Tab, stored: str, fragment: str) -> None:
    """play/ in English with Python up, this history stored, then this view (#history, #stats…) opened."""
    open_tool(tab, "burgundy-cards")
    in_english(tab)
    wait_ready(tab)
    tab.js("(text) => localStorage.setItem('tc:v1:history', text)", stored)
    tab.js("(fragment) => { location.hash = fragment; }", fragment)


def field_css(
    game: str, key: str, player: int, entry: int | None = None, part: int | None = None, form: str = "score"
) -> str:
    """CSS of one input of a form (the score sheet unless said)."""
    css = f'{tool(game, form)} [data-field="{key}"][data-player="{player}"]'
    if entry is not None:
        css += f'[data-entry="{entry}"]'
    if part is not None:
        css += f'[data-part="{part}"]'
    return css


TAPPED = """(css) => [...new Set([...document.querySelectorAll(css + ' [data-field]')]
    .filter((el) => el.type === 'radio' || el.tagName === 'SELECT').map((el) => el.tagName + ' ' + el.dataset.field))]"""
"""The form's fields that are tapped, not typed: "INPUT key" for a radio button, "SELECT key" for a list."""


def fill(tab: Tab, game: str, sheet: dict[str, Any], form: str = "score") -> None:
    """Type a sheet into one of the game's forms as a player would: player count, names, every value, table values."""
    players = sheet["players"]
    tab.select(f"{section(game)} [data-role=players]", str(len(players)))
    tapped = set(tab.js(TAPPED, tool(game, form)))  # asked once, not once a field (a round trip each)
    for index, player in enumerate(players):
        tab.type(f'{tool(game, form)} [data-field=name][data-player="{index}"]', player["name"])
        for key, value in player["scores"].items():
            _fill_value(tab, game, form, key, index, value, f"INPUT {key}" in tapped)
    for key, value in sheet.get("table", {}).items():
        css = f'{tool(game, form)} [data-field="{key}"][data-player="-1"]'
        if f"SELECT {key}" in tapped:
            tab.select(css, str(value))
        else:
            _fill_value(tab, game, form, key, -1, value, f"INPUT {key}" in tapped)


def _fill_value(tab: Tab, game: str, form: str, key: str, player: int, value: Any, radio: bool) -> None:
    """One field, or each of its entries and parts."""
    if isinstance(value, list):
        for entry, item in enumerate(value):
            if isinstance(item, list):
                for part, sub in enumerate(item):
                    tab.type(field_css(game, key, player, entry, part, form), str(sub))
            else:
                tab.type(field_css(game, key, player, entry, form=form), str(item))
        return
    css = field_css(game, key, player, form=form)
    if radio:
        if value:
            tab.check(css)
    else:
        tab.type(css, str(value))


READ_RANKING = """(css) => [...document.querySelectorAll(css + ' .ranking li.rank')].map((li) => [
    li.querySelector('.who').textContent.trim(),
    [...li.querySelectorAll('.why > span')].find((span) => span.getClientRects().length > 0).textContent.trim(),
    li.dataset.kind,
])"""
"""Each place's line ("1. Ann · 42"), its reason in the interface language, and the kind of decision."""


def ranking(tab: Tab, case: Case, timeout: float = 60) -> None:
    """Wait until the ranking reads exactly as scoring says: lines, reasons and kinds of decision."""
    want = [list(row) for row in zip(case.headlines, case.reasons, case.rules, strict=True)]
    try:
        tab.wait(
            f"(css, want) => JSON.stringify(({READ_RANKING})(css)) === JSON.stringify(want)",
            tool(case.game),
            want,
            timeout=timeout,
            what=f"{case.game} ranking",
        )
    except AssertionError as error:
        shown = tab.js(READ_RANKING, tool(case.game))
        problems = tab.js("(css) => document.querySelector(css + ' .problems')?.textContent", tool(case.game))
        raise AssertionError(f"{error}\nwanted: {want}\nshown: {shown}\nproblems: {problems}") from None


ENTER = {"webkit": "\ue007"}
"""The Enter key as each driver types it in a text: Selenium sends "\\n" to WebKitGTK as a character (key "\\n", not
"Enter"), so there it is WebDriver's Enter key code; Playwright and puppeteer press Enter for "\\n"."""


def type_and_enter(tab: Tab, selector: str, text: str) -> None:
    """Type a field's text, then press Enter (the phone keyboard's Next)."""
    tab.type(selector, text + ENTER.get(tab.engine, "\n"))


def focused(tab: Tab) -> list[str | None]:
    """The focused control's field key and seat (data-field, data-player)."""
    return tab.js(
        "() => [document.activeElement?.dataset?.field ?? null, document.activeElement?.dataset?.player ?? null]"
    )


def show_qr(tab: Tab, game: str, timeout: float = 60) -> None:
    """Tap "Show the QR code" under a final sheet and wait until the code is drawn."""
    tab.click(f"{tool(game)} button[data-action=show-qr]")
    tab.wait(
        "(css) => [...document.querySelectorAll(css + ' [data-figure=qr] svg')].some((svg) => svg.getClientRects().length)",
        tool(game),
        timeout=timeout,
        what="the QR code",
    )

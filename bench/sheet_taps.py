"""Taps and characters to score a 4-player game on a 390×844 phone, and where each score sheet's first field is.

    .venv/bin/python bench/sheet_taps.py [SITE]      # SITE: a built site (default: site/)

The same player drives the sheet of whichever revision SITE was built from, in Chromium with phone emulation:
a tap is one tap on a control (a field, a button, a quick-pick name; a <select> is two: open, choose), a
character is one key typed. Zeros are left blank. A value already on the sheet (remembered by the page) is not
typed again; a name offered as a quick pick is tapped instead of typed. Each scenario checks the ranking it
gives, so a count never comes from a sheet that went wrong. See docs/score-sheet.md.
"""

from __future__ import annotations

import functools
import http.server
import json
import sys
import threading
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from sitebuild.serve import SiteHandler  # noqa: E402

PHONE = {"width": 390, "height": 844}
NAMES = ("Ann", "Bo", "Cy", "Di")
PALAIS = {
    "edges": [[6, 3], [5, 2], [4, 2], [6, 4]],
    "players": [
        {"nobles": 28, "privileges_played": 6, "privileges_unplayed": 2, "edge_servants": [3, 1, 0, 2]},
        {"nobles": 31, "privileges_played": 4, "privileges_unplayed": 3, "edge_servants": [1, 2, 2, 0]},
        {"nobles": 19, "privileges_played": 8, "privileges_unplayed": 0, "edge_servants": [2, 0, 3, 1]},
        {"nobles": 25, "privileges_played": 2, "privileges_unplayed": 5, "edge_servants": [0, 3, 1, 3]},
    ],
}
TUSCANY = [
    {"red_track": 87, "unplaced_tiles": 2, "hex_markers": 1, "marble": 3, "workers": 2, "cards_in_hand": 4},
    {"red_track": 92, "unplaced_tiles": 0, "hex_markers": 2, "marble": 1, "workers": 0, "cards_in_hand": 7},
    {"red_track": 78, "unplaced_tiles": 3, "hex_markers": 0, "marble": 2, "workers": 1, "cards_in_hand": 2},
    {"red_track": 85, "unplaced_tiles": 1, "hex_markers": 1, "marble": 0, "workers": 2, "cards_in_hand": 5},
]


class Player:
    """Drives one game's sheet and counts what a person would do."""

    def __init__(self, page: Page, game: str) -> None:
        self.page, self.game, self.taps, self.chars = page, game, 0, 0
        self.section = page.locator(f'section.game[data-game="{game}"]')
        self.form = self.section.locator('form[data-tool="score"]')

    def tap(self, locator) -> None:
        """One tap."""
        locator.tap()
        self.taps += 1

    def type_into(self, locator, text: str) -> None:
        """Tap a field, select what is in it, type."""
        self.tap(locator)
        locator.fill("")
        self.page.keyboard.type(text)
        self.chars += len(text)

    def players(self, count: int) -> None:
        """Choose the player count unless the sheet already shows it."""
        select = self.section.locator("[data-role=players]")
        if select.input_value() != str(count):
            select.select_option(str(count))
            self.taps += 2

    def names(self) -> None:
        """Each seat's name: a quick pick when the page offers it, else typed."""
        for seat, name in enumerate(NAMES):
            field = self.form.locator(f'input[data-field=name][data-player="{seat}"]')
            if field.input_value() == name:
                continue
            pick = self.form.locator(f'.name-picks:not([hidden]) button[data-pick="{name}"]')
            if pick.count():  # it fills the first empty seat: this one, as seats are filled in order
                self.tap(pick)
            else:
                self.type_into(field, name)

    def value(self, selector: str, number: int) -> None:
        """A count, unless it is 0 (left blank) or already on the sheet."""
        field = self.form.locator(selector)
        if number == 0 or field.input_value() == str(number):
            return
        self.type_into(field, str(number))

    def new_game(self) -> None:
        """New game, confirmed."""
        self.tap(self.section.locator("[data-action=new-game]"))
        self.tap(self.page.locator("dialog.ask button[value=confirm]"))


def palais_royal(page: Page, base: str, second: bool) -> dict:
    """A 4-player Palais Royal sheet (second: the next game at the same table, after New game)."""
    page.goto(f"{base}play/#palais-royal/score")
    p = Player(page, "palais-royal")
    if second:
        p.new_game()
        p.taps = p.chars = 0
    p.players(4)
    p.names()
    for edge, (first, second_place) in enumerate(PALAIS["edges"]):
        p.value(f'[data-field=edges][data-entry="{edge}"][data-part="0"]', first)
        p.value(f'[data-field=edges][data-entry="{edge}"][data-part="1"]', second_place)
    for seat, scores in enumerate(PALAIS["players"]):
        for key in ("nobles", "privileges_played", "privileges_unplayed"):
            p.value(f'[data-field={key}][data-player="{seat}"]', scores[key])
        for edge, servants in enumerate(scores["edge_servants"]):
            p.value(f'[data-field=edge_servants][data-player="{seat}"][data-entry="{edge}"]', servants)
    expect(p.form).to_have_attribute("data-state", "final", timeout=60_000)
    return {"taps": p.taps, "characters": p.chars, "winner": p.form.locator(".ranking .who").first.inner_text()}


def tuscany(page: Page, base: str) -> dict:
    """A 4-player Tuscany sheet, the same four players having played Palais Royal before."""
    page.goto(f"{base}play/#tuscany/score")
    p = Player(page, "tuscany")
    p.players(4)
    p.names()
    for seat, scores in enumerate(TUSCANY):
        for key, number in scores.items():
            p.value(f'[data-field={key}][data-player="{seat}"]', number)
    expect(p.form).to_have_attribute("data-state", "final", timeout=60_000)
    return {"taps": p.taps, "characters": p.chars, "winner": p.form.locator(".ranking .who").first.inner_text()}


def first_fields(page: Page, base: str) -> dict:
    """Per game, on a fresh page at 390×844: the y (top, CSS px) of the first name field and first score field."""
    found = {}
    for game in json.loads(page.locator("meta[name=tc-routes]").get_attribute("content")):
        page.goto(f"{base}play/#{game}/score")
        form = page.locator(f'section.game[data-game="{game}"] form[data-tool="score"]')
        name = form.locator("input[data-field=name]").first.bounding_box()
        field = form.locator(".grid tbody input.num, .grid tbody input[type=radio]").first.bounding_box()
        found[game] = {"name_y": round(name["y"]), "first_score_y": round(field["y"])}
    return found


def main(site: Path) -> dict:
    """Every figure, as JSON."""
    handler = functools.partial(type("Quiet", (SiteHandler,), {"log_message": lambda *a: None}), directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            page = context.new_page()
            page.goto(f"{base}play/#palais-royal/score")
            expect(page.locator(".calculator-state")).to_have_attribute("data-state", "ready", timeout=120_000)
            figures = {"first_fields": first_fields(page, base)}
            figures["palais_royal_first"] = palais_royal(page, base, second=False)
            figures["palais_royal_next"] = palais_royal(page, base, second=True)
            figures["tuscany_after_palais_royal"] = tuscany(page, base)
            browser.close()
    finally:
        server.shutdown()
    return figures


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"), ensure_ascii=False, indent=1))

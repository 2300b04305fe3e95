"""Links and files built to break the calculator get a message, and a sheet still computes afterwards (issue 30,
points 1, 12 and 13, the page's side of scoring/nesting.py and history.read_file)."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"


def deep_link(levels: int) -> str:
    """The issue's link: a sheet nested `levels` deep (4,000: 95 characters), raw-deflated, base64url."""
    text = f'[1,"{GAME}","2026-11-20T10:00:00Z",{"[" * levels}{"]" * levels}]'.encode()
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "r=" + base64.urlsafe_b64encode(squeeze.compress(text) + squeeze.flush()).decode().rstrip("=")


def a_sheet_computes(page: Page, base_url: str) -> None:
    """The calculator still answers: a sheet typed now is ranked."""
    play = Play(page, base_url, GAME).open()
    play.fill_sheet([("Ann", {"estate_sets": 14}), ("Bo", {"estate_sets": 20, "start_player": 1})])
    play.expect_ranking(["1. Bo · 21", "2. Ann · 14"])


def import_file(page: Page, path: Path) -> None:
    """Choose a file in History's import (the view open)."""
    page.locator("input[data-action=import]").set_input_files(path)


def open_history(page: Page, base_url: str) -> None:
    """Show the history view and wait until it has read the stored history."""
    page.goto(f"{base_url}play/#history")
    expect(page.locator("section.history")).to_have_attribute("data-count", re.compile(r"\d+"), timeout=60_000)


def test_a_deep_link_and_a_deep_file_get_a_message_and_the_calculator_lives(
    warm_page: Page, site_server, tmp_path: Path
) -> None:
    link = deep_link(4000)
    assert len(link) == 2 + 95
    page = warm_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site_server.url}play/#{link}")
    shared = page.locator("section.shared")
    expect(shared).to_have_attribute("data-state", "refused", timeout=60_000)
    expect(shared.locator(".problems .l-zh.s-hans").last).to_contain_text("链接已损坏")
    page.get_by_role("button", name="English").click()
    expect(shared.locator(".problems").last).to_contain_text("the link is damaged")

    open_history(page, site_server.url)
    file = tmp_path / "deep.json"
    file.write_text("[" * 100_000)
    import_file(page, file)
    expect(page.locator("section.history .problems li")).to_have_text(
        ["this is not a history file exported by Table Companion."], use_inner_text=True, timeout=60_000
    )
    a_sheet_computes(page, site_server.url)
    assert errors == []


HISTORY = {"format": "table-companion-history", "version": 1, "records": []}
FILES = [
    ("empty.json", b"", "the file is empty: not a history from this site (an export without games is not empty)."),
    (
        "latin1.json",
        json.dumps({**HISTORY, "x": "é"}, ensure_ascii=False).encode("latin-1"),
        "the file is not UTF-8 text: not a history from this site.",
    ),
]


def test_each_file_the_command_line_refuses_the_page_refuses_too(warm_page: Page, site_server, tmp_path: Path) -> None:
    """Each of FILES chosen in turn in one History view (one Python start): refused with the command line's words."""
    page = warm_page
    open_history(page, site_server.url)
    page.get_by_role("button", name="English").click()
    problems = page.locator("section.history .problems")
    for name, content, message in FILES:
        file = tmp_path / name
        file.write_bytes(content)
        problems.evaluate("(p) => p.replaceChildren()")
        import_file(page, file)
        expect(problems.locator("li"), name).to_have_text([message], use_inner_text=True, timeout=60_000)


def test_a_file_with_a_byte_order_mark_is_imported_and_merged_names_are_said(
    warm_page: Page, site_server, tmp_path: Path
) -> None:
    sheet = {"players": [{"name": "Ann", "scores": {"estate_sets": 3, "start_player": 1}}, {"name": "Bo"}]}
    games = {**HISTORY, "records": [{"game": GAME, "saved": "2026-05-01T18:00:00Z", "sheet": sheet}]}
    names = {**HISTORY, "names": {"ann": "Mallory"}}
    page = warm_page
    open_history(page, site_server.url)
    page.get_by_role("button", name="English").click()
    file = tmp_path / "games.json"
    file.write_bytes(b"\xef\xbb\xbf" + json.dumps(games).encode())
    import_file(page, file)
    status = page.locator(".history-status")
    expect(status).to_have_text(
        "Imported 1 game; 0 were already in the history; 0 records could not be read.",
        use_inner_text=True,
        timeout=60_000,
    )
    file = tmp_path / "names.json"
    file.write_bytes(json.dumps(names).encode())
    import_file(page, file)
    expect(status.locator("p").last).to_have_text(
        "The file merged names: “ann” counts as “Mallory”. Statistics (“One person under several names”) can "
        "separate them.",
        use_inner_text=True,
    )
    page.get_by_role("button", name="中文").click()
    expect(status.locator("p .l-zh.s-hans").last).to_contain_text("“ann”算作“Mallory”")

"""The history of finished games on play/#history: save a final sheet, list it, export JSON and CSV, import."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.playpage import VIEWPORTS, Play, csp_violations, site_context

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"
ODD_NAMES = ('" onmouseover="alert(1)', "=1+2", "&lt;i&gt;")
"""Names that are valid and must be shown exactly as typed, never run."""


def open_history(page: Page, base_url: str) -> None:
    """Show the history view and wait until it has read the stored history."""
    page.goto(f"{base_url}play/#history")
    expect(page.locator("section.history")).to_have_attribute("data-count", re.compile(r"\d+"), timeout=60_000)


def save_final_sheet(play: Play) -> None:
    """Fill a finished game with odd names and save it to the history."""
    play.fill_sheet(
        [
            (ODD_NAMES[0], {"estate_sets": 14, "animal_kinds": 4}),
            (ODD_NAMES[1], {"estate_sets": 20, "start_player": 1}),
            (ODD_NAMES[2], {"estate_sets": 9}),
        ]
    )
    play.expect_ranking([f"1. {ODD_NAMES[1]} · 21", f"2. {ODD_NAMES[0]} · 18", f"3. {ODD_NAMES[2]} · 9"])
    button = play.tool().get_by_role("button", name=re.compile("Save to history|存入历史记录"))
    button.click()
    expect(play.tool().locator(".saved-state")).to_be_visible()
    expect(button).to_be_disabled()  # saved: not twice


def test_save_list_export_and_import_into_another_browser(
    warm_page: Page, browser: Browser, site_server, tmp_path: Path
) -> None:
    page = warm_page
    play = Play(page, site_server.url, GAME).open()
    page.get_by_role("button", name="English").click()
    expect(play.tool().get_by_role("button", name="Save to history")).to_be_disabled()  # not final yet
    save_final_sheet(play)
    play.fill("goods_sold", 2, 1)  # changed after saving: it can be saved again
    expect(play.tool().get_by_role("button", name="Save to history")).to_be_enabled()

    open_history(page, site_server.url)
    record = page.locator(".history-list .record")
    expect(record).to_have_count(1)
    expect(record.locator("h3")).to_contain_text("The Castles of Burgundy: The Card Game")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", record.locator("time").get_attribute("datetime"))
    expect(record.locator(".winner")).to_have_text(
        f"Winner: {ODD_NAMES[1]} — Placed by total points (21). Rule", use_inner_text=True
    )
    expect(record.locator(".winner a.rule-link")).to_have_attribute("href", f"../rules/{GAME}/#end-of-game")
    expect(record.locator(".places li")).to_have_text(
        [f"1. {ODD_NAMES[1]} · 21", f"2. {ODD_NAMES[0]} · 18", f"3. {ODD_NAMES[2]} · 9"]
    )
    assert record.locator("[onmouseover], i").count() == 0  # the names stayed text

    page.locator(".export-menu > summary").click()  # one Export action, its choices inside
    with page.expect_download() as download:
        page.get_by_role("button", name="JSON: a copy to import here again").click()
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert re.fullmatch(r"table-companion-history-\d{4}-\d\d-\d\d\.json", exported.name)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["format"] == "table-companion-history" and len(data["records"]) == 1
    assert [p["name"] for p in data["records"][0]["players"]] == [ODD_NAMES[1], ODD_NAMES[0], ODD_NAMES[2]]

    page.locator(".export-menu > summary").click()
    with page.expect_download() as download:
        page.get_by_role("button", name="CSV: for a spreadsheet").click()
    text = Path(download.value.path()).read_bytes().decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text[1:])))
    assert [(r["place"], r["player"], r["total"], r["winner"]) for r in rows] == [
        ("1", "'=1+2", "21", "yes"),  # a spreadsheet shows it, does not compute it
        ("2", ODD_NAMES[0], "18", "no"),
        ("3", ODD_NAMES[2], "9", "no"),
    ]
    assert csp_violations(page) == []

    with site_context(browser, VIEWPORTS["desktop"]) as context:  # another browser profile
        page = context.new_page()
        open_history(page, site_server.url)
        page.get_by_role("button", name="English").click()
        expect(page.locator(".history-empty")).to_be_visible()
        expect(page.locator(".export-menu")).to_be_hidden()  # nothing to export
        expect(page.locator("[data-action=export-json]")).to_be_disabled()
        page.get_by_label("Import JSON").set_input_files(exported)
        expect(page.locator(".history-status")).to_have_text(
            "Imported 1 game; 0 were already in the history; 0 records could not be read.", use_inner_text=True
        )
        record = page.locator(".history-list .record")
        expect(record).to_have_count(1)
        expect(record.locator(".places li")).to_have_text(
            [f"1. {ODD_NAMES[1]} · 21", f"2. {ODD_NAMES[0]} · 18", f"3. {ODD_NAMES[2]} · 9"]
        )
        page.get_by_label("Import JSON").set_input_files(exported)
        expect(page.locator(".history-status")).to_contain_text(
            "Imported 0 games; 1 was already in the history", use_inner_text=True
        )
        expect(record).to_have_count(1)
        page.reload()
        expect(page.locator(".history-list .record")).to_have_count(1, timeout=60_000)  # stored, not just shown


BAD_FILES = [
    (
        "notes.json",
        '{"players": []}',
        "this is not a history file exported by Table Companion.",
        "这不是“桌游助手”的历史记录文件。",
    ),
    (
        "broken.json",
        '{"format": "table-comp',
        "the file is not JSON and cannot be read.",
        "文件不是 JSON 格式，无法读取。",
    ),
    (
        "future.json",
        '{"format": "table-companion-history", "version": 7, "records": []}',
        "this file was made by a newer version of the site (format 7); this one reads format 1.",
        "此文件由较新版本的本站生成（格式 7），这里只能读取格式 1。",
    ),
]
"""Files that are no history: (name, content, the English message, the Chinese one)."""


def test_each_bad_file_is_refused_with_a_clear_message(warm_page: Page, site_server, tmp_path: Path) -> None:
    """Each of BAD_FILES chosen in turn in one History view, in English and then in Chinese: refused, said so."""
    page = warm_page
    open_history(page, site_server.url)
    problems = page.locator("section.history .problems")
    for lang in ("en", "zh"):
        page.get_by_role("button", name="English" if lang == "en" else "中文").click()
        for name, content, en, zh in BAD_FILES:
            file = tmp_path / name
            file.write_text(content, encoding="utf-8")
            problems.evaluate("(p) => p.replaceChildren()")
            page.locator("input[data-action=import]").set_input_files(file)
            title, message = (
                (f"Nothing was imported from “{name}”:", en) if lang == "en" else (f"没有导入“{name}”：", zh)
            )
            expect(problems.locator("p"), f"{name}, {lang}").to_have_text(title, use_inner_text=True)
            expect(problems.locator("li"), f"{name}, {lang}").to_have_text([message], use_inner_text=True)
            expect(page.locator(".history-empty"), f"{name}, {lang}").to_be_visible()


def test_bad_records_are_named_and_the_good_ones_imported(warm_page: Page, site_server, tmp_path: Path) -> None:
    sheet = {"players": [{"name": "Ann", "scores": {"estate_sets": 3, "start_player": 1}}, {"name": "Bo"}]}
    good = {"game": GAME, "saved": "2026-05-01T18:00:00Z", "sheet": sheet}
    bad = {"game": GAME, "saved": "2026-05-02T18:00:00Z", "sheet": {"players": [{"name": "<script>x</script>"}]}}
    file = tmp_path / "mixed.json"
    file.write_text(json.dumps({"format": "table-companion-history", "version": 1, "records": [good, bad]}))
    page = warm_page
    open_history(page, site_server.url)
    page.get_by_role("button", name="English").click()
    page.get_by_label("Import JSON").set_input_files(file)
    expect(page.locator(".history-status")).to_have_text(
        "Imported 1 game; 0 were already in the history; 1 record could not be read.", use_inner_text=True
    )
    expect(page.locator("section.history .problems li")).to_have_text(
        ["record 2: this game is for 2–4 players, not 1."], use_inner_text=True
    )
    expect(page.locator(".history-list .record .winner")).to_have_text(
        "Winner: Ann — Placed by total points (4). Rule", use_inner_text=True
    )


def test_a_corrupt_stored_history_is_set_aside_and_reported(warm_page: Page, site_server) -> None:
    page = warm_page
    page.goto(site_server.url)
    page.evaluate("localStorage.setItem('tc:v1:history', '[1, 2, 3]')")
    open_history(page, site_server.url)
    problems = page.locator("section.history .problems")
    expect(problems).to_contain_text(re.compile("set aside as tc:corrupt:history:|已另存为 tc:corrupt:history:"))
    expect(problems).to_contain_text(re.compile("not a history file|不是“桌游助手”的历史记录文件"))
    aside = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('tc:corrupt:history:'))")
    assert [page.evaluate(f"localStorage.getItem('{aside[0]}')")] == ["[1, 2, 3]"]
    # Saving a game now starts a fresh history beside the kept copy.
    play = Play(page, site_server.url, GAME).open()
    play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo", {"estate_sets": 3})])
    play.expect_ranking(["1. Ann · 6", "2. Bo · 3"])
    play.tool().locator("[data-action=save-history]").click()
    expect(play.tool().locator(".saved-state")).to_be_visible()
    open_history(page, site_server.url)
    expect(page.locator(".history-list .record")).to_have_count(1)


def test_a_game_without_points_is_saved_with_its_winner(warm_page: Page, site_server) -> None:
    page = warm_page
    page.set_viewport_size(VIEWPORTS["desktop"])
    play = Play(page, site_server.url, "furstenfeld").open()
    page.get_by_role("button", name="English").click()
    play.fill_sheet(
        [
            ("Ann", {"palaces": 6, "turn_position": 2}),
            ("Bo", {"palaces": 6, "turn_position": 1}),
            ("Cy", {"palaces": 4, "turn_position": 3}),
        ]
    )
    expect(play.tool()).to_have_attribute("data-state", "final", timeout=60_000)
    play.tool().get_by_role("button", name="Save to history").click()
    expect(play.tool().locator(".saved-state")).to_be_visible()
    open_history(page, site_server.url)
    record = page.locator(".history-list .record")
    expect(record.locator(".winner")).to_contain_text(
        "Winner: Bo — Bo and Ann both completed 6 palaces this round", use_inner_text=True
    )
    expect(record.locator(".places li")).to_have_text(["1. Bo", "– Ann", "– Cy"])
    page.get_by_role("button", name="Delete").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Delete this record?", use_inner_text=True)
    dialog.get_by_role("button", name="Delete").click()
    expect(page.locator(".history-empty")).to_be_visible()

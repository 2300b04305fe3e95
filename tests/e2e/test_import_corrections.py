"""An imported file's corrections in the page (issue 40 point 1): a game replaced by a later correction is said in both
languages and put back by Undo; a correction dated in the future is refused and named; the saved game stays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.api import history_export
from tests.e2e.test_robust_inputs import import_file, open_history
from tests.unit.test_correct import saved_twice
from tests.unit.test_history_corrections import FAR, PAST, a_correction, file_of

pytestmark = pytest.mark.e2e


def test_a_replaced_game_is_said_and_put_back_and_a_future_correction_refused(
    warm_page: Page, site_server, tmp_path: Path
) -> None:
    page = warm_page
    history, old = saved_twice()
    files = {
        "backup.json": history_export(history, "2026-11-24T12:00:00Z")["json"],
        "later.json": file_of(a_correction(old, PAST)),
        "future.json": file_of(a_correction(old, FAR)),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    open_history(page, site_server.url)
    page.get_by_role("button", name="English").click()
    import_file(page, tmp_path / "backup.json")
    expect(page.locator(".history-list .record")).to_have_count(2)
    edited = page.locator(f'.history-list .record[data-id="{old["id"]}"] .record-edited')

    import_file(page, tmp_path / "later.json")
    line = page.locator(".history-status .import-replaced")
    expect(line.locator(".l-en").first).to_have_text("1 game replaced by a later correction.")
    assert line.locator(".l-zh").first.text_content() == "1 局被文件中较晚的修改替换。"
    expect(edited).to_have_count(1)
    line.locator("[data-action=undo-replaced]").click()
    expect(line.locator(".l-en").first).to_have_text("Put back as they were.")
    expect(edited).to_have_count(0)
    stored = json.loads(page.evaluate("localStorage.getItem('tc:v1:history')"))
    assert next(r for r in stored["records"] if r["id"] == old["id"]) == old

    import_file(page, tmp_path / "future.json")
    expect(page.locator(".history-status")).to_contain_text("Imported 0 games; 1 was already in the history")
    expect(page.locator("section.history .problems li .l-en")).to_have_text(
        [
            f"the game of {old['saved']}: its correction is dated {FAR}, in the future; it was refused and the game saved "
            "here was kept."
        ]
    )
    expect(page.locator("section.history .problems li .l-zh")).to_contain_text(["修改时间 2999-12-31T23:59:59Z 在将来"])
    expect(edited).to_have_count(0)

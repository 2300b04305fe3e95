"""A storage that runs out mid-way: "New game" never promises an undo it could not store (issue 30, point 3)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playpage import Play, csp_violations

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"

QUOTA = """
window.__quota = Infinity;
const used = (store) => { let n = 0; for (let i = 0; i < store.length; i++) { const k = store.key(i); n += k.length + store.getItem(k).length; } return n; };
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  const after = used(this) - (key.length + (this.getItem(key) ?? "").length) + key.length + String(value).length;
  if (after > window.__quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return setItem.call(this, key, value);
};
"""
"""A storage quota of window.__quota characters (keys and values, as browsers count them), set by the test."""


def full_sheet_and_little_room(play: Play) -> None:
    """Ann 5 + the start-player card, Bo 3; then room for 20 more characters only."""
    play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo", {"estate_sets": 3})])
    play.expect_ranking(["1. Ann · 6", "2. Bo · 3"])
    play.page.evaluate(
        "window.__quota = (() => { let n = 0; for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i); n += k.length + localStorage.getItem(k).length; } return n + 20; })()"
    )


@pytest.mark.parametrize("answer", ["Clear anyway", "Cancel"])
def test_new_game_on_a_full_storage_says_the_undo_is_not_stored(warm_page: Page, site_server, answer: str) -> None:
    page = warm_page
    page.add_init_script(QUOTA)
    play = Play(page, site_server.url, GAME).open()
    full_sheet_and_little_room(play)
    dialog = page.get_by_role("dialog")
    play.section.get_by_role("button", name=re.compile("New game|新一局")).click()
    dialog.get_by_role("button", name=re.compile("^(Clear|清空)$")).click()
    expect(dialog).to_contain_text(re.compile("the undo copy cannot be saved|无法保存撤销副本"))
    expect(play.field("estate_sets", 0)).to_have_value("5")  # nothing cleared before the answer
    undo = play.section.get_by_role("button", name=re.compile("Undo clear|撤销清空"))
    if answer == "Cancel":
        dialog.get_by_role("button", name=re.compile("Cancel|取消")).click()
        expect(play.field("estate_sets", 0)).to_have_value("5")
        expect(undo).to_be_hidden()
        page.reload()
        expect(play.field("estate_sets", 0)).to_have_value("5")
    else:
        dialog.get_by_role("button", name=re.compile("Clear anyway|仍然清空")).click()
        expect(play.field("estate_sets", 0)).to_have_value("")
        expect(undo).to_be_visible()  # while the page is open, from memory
        undo.click()
        expect(play.field("estate_sets", 0)).to_have_value("5")
        play.expect_ranking(["1. Ann · 6", "2. Bo · 3"])
    assert csp_violations(page) == []


def test_an_older_undo_copy_is_not_offered_for_a_clear_it_does_not_undo(warm_page: Page, site_server) -> None:
    page = warm_page
    page.add_init_script(QUOTA)
    play = Play(page, site_server.url, GAME).open()
    dialog = page.get_by_role("dialog")
    new_game = play.section.get_by_role("button", name=re.compile("New game|新一局"))
    play.fill_sheet([("Old", {"estate_sets": 1}), ("Pat", {"estate_sets": 2})])
    new_game.click()
    dialog.get_by_role("button", name=re.compile("^(Clear|清空)$")).click()  # stored: the undo of "Old"
    expect(play.field("estate_sets", 0)).to_have_value("")
    full_sheet_and_little_room(play)
    new_game.click()
    dialog.get_by_role("button", name=re.compile("^(Clear|清空)$")).click()
    dialog.get_by_role("button", name=re.compile("Clear anyway|仍然清空")).click()
    expect(play.field("estate_sets", 0)).to_have_value("")
    page.reload()
    expect(play.field("estate_sets", 0)).to_have_value("")
    expect(play.section.get_by_role("button", name=re.compile("Undo clear|撤销清空"))).to_be_hidden()

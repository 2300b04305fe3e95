"""Issue 17: the score sheet at the table on a 390×844 phone: never confidently wrong, sums typed as sums, players
remembered, the grid first, the flow from field to field, help in a popover, setup at the table."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from scoring import GAMES
from scoring.games.palais_royal import EACH_SCORES
from tests.e2e.playpage import Play

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}
WARM_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
"""The module's warm pages are a touch phone's (tests/e2e/conftest.py)."""


def tuscany_tie(play: Play) -> None:
    """Four players; Ann and 小明 tie on 87 with the tie-breakers left blank; Bo 90, Cy 50. Marble 0 typed: a column
    with only the red track names no tie yet (issue 41, point 7)."""
    play.set_players(4)
    for seat, (name, red) in enumerate([("Ann", 87), ("Bo", 90), ("小明", 87), ("Cy", 50)]):
        play.name(seat, name)
        play.fill("red_track", seat, red)
        play.fill("marble", seat, 0)


# ---------------------------------------------------------------- 1. never confidently wrong


def test_a_blank_tie_breaker_leaves_the_place_open_and_names_the_fields(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, "tuscany").open()
    tuscany_tie(play)
    form = play.tool()
    waiting = form.locator(".problems li.tie-open")
    expect(waiting).to_contain_text(
        "Empty spaces on the region boards for Ann and 小明 settle this tie", timeout=60_000
    )
    expect(form).to_have_attribute("data-state", "tie-open")
    expect(form.locator("output.place")).to_have_text(["2?", "1", "2?", "4"])
    for seat in (0, 2):
        expect(play.field("empty_spaces", seat)).to_have_attribute("data-needed", "true")
    expect(play.field("empty_spaces", 1)).not_to_have_attribute("data-needed", "true")
    expect(form.locator("[data-action=save-history]")).to_be_disabled()
    expect(form.locator(".ranking li[data-kind=pending]")).to_have_count(2)
    # Filling the fields named settles it: more empty spaces wins.
    play.fill("empty_spaces", 0, 2)
    expect(waiting).to_contain_text("for 小明 settles this tie")
    play.fill("empty_spaces", 2, 5)
    play.expect_ranking(["1. Bo · 90", "2. 小明 · 87", "3. Ann · 87", "4. Cy · 50"])
    expect(form.locator(".problems li")).to_have_count(0)
    expect(form.locator("output.place")).to_have_text(["3", "1", "2", "4"])
    expect(form.locator("[data-action=save-history]")).to_be_enabled()


def test_tie_breaker_only_rows_look_different_and_say_so_and_labels_open_their_help(
    warm_page: Page, site_server
) -> None:
    page = warm_page
    play = Play(page, site_server.url, "tuscany").open()
    for key in ("empty_spaces", "green_track"):
        row = play.tool().locator(f'tr[data-row="{key}"]')
        expect(row).to_have_attribute("data-role-row", "tie")
        expect(row.locator(".row-role .l-en")).to_have_text("only for ties")
        expect(row.locator(".row-role")).to_be_visible()
    cards = play.tool().locator('tr[data-row="cards_in_hand"]')
    expect(cards).to_have_attribute("data-role-row", "also-tie")
    scored = play.tool().locator('tr[data-row="marble"]')
    expect(scored).not_to_have_attribute("data-role-row", re.compile("."))
    background = lambda loc: loc.locator("td").first.evaluate("td => getComputedStyle(td).backgroundColor")  # noqa: E731
    assert background(play.tool().locator('tr[data-row="empty_spaces"]')) != background(scored)
    # On the same untouched sheet: a label opens its help and rule in a popover, not a new page.
    url = page.url
    play.tool().locator('tr[data-row="cards_in_hand"] button.label-help').click()
    dialog = page.locator("dialog.help-pop")
    expect(dialog).to_be_visible()
    assert page.url == url
    expect(dialog.locator(".help-body")).to_contain_text("cards")
    expect(dialog.locator(".rule-excerpt")).to_be_visible(timeout=10_000)
    expect(dialog.locator(".help-more")).to_have_attribute("href", re.compile(r"\.\./rules/tuscany/#[a-z-]+$"))
    dialog.locator("button[value=close]").click()
    expect(dialog).to_be_hidden()
    play.tool().locator('tr[data-row="empty_spaces"] button.label-help').click()
    expect(dialog.locator(".help-body")).to_contain_text("only settles ties")


# ---------------------------------------------------------------- 3. sums typed as sums


def test_a_count_typed_as_a_sum_shows_its_value_and_keeps_the_sum(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, "palais-royal").open()
    play.set_players(2)
    nobles = play.field("nobles", 0)
    assert nobles.get_attribute("inputmode") == "tel"  # the phone keypad that has "+" (docs/score-sheet.md)
    nobles.fill("20 + 8")
    play.fill("nobles", 1, "3")
    play.field("privileges_played", 0).focus()
    expect(nobles).to_have_value("28", timeout=60_000)
    expect(play.tool().locator('output.total[data-player="0"]')).to_have_text("28")
    nobles.focus()
    expect(nobles).to_have_value("20 + 8")
    play.field("privileges_played", 0).focus()
    page.reload()
    expect(nobles).to_have_value("28", timeout=60_000)
    nobles.focus()
    expect(nobles).to_have_value("20 + 8")
    # Saved to the history, the record keeps the sum as typed.
    play.name(0, "Ann")
    play.name(1, "Bo")
    play.ranking()
    play.tool().locator("[data-action=save-history]").click()
    expect(play.tool().locator(".saved-state")).to_be_visible(timeout=60_000)
    stored = json.loads(page.evaluate("localStorage.getItem('tc:v1:history')"))
    assert stored["records"][0]["sheet"]["players"][0]["scores"]["nobles"] == "20+8"


def test_a_bad_sum_names_the_field(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, "palais-royal").open()
    play.set_players(2)
    play.fill("nobles", 0, "20+")
    expect(play.problems()).to_contain_text("Nobles: “20+” is not a sum like 20+8.", timeout=60_000)
    expect(play.field("nobles", 0)).to_have_attribute("aria-invalid", "true")
    expect(play.field("nobles", 0)).to_have_value("20+")  # nothing typed is lost


# ---------------------------------------------------------------- 5. players remembered


LATE_CONTROLS = """
window.__lateControls = [];
document.addEventListener("DOMContentLoaded", () => {
  const controls = "input, button, select, textarea, output, fieldset, object, form";
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of [...change.addedNodes, ...change.removedNodes]) {
      if (node.nodeType === 1 && (node.matches(controls) || node.querySelector(controls))) {
        window.__lateControls.push(node.outerHTML.slice(0, 120));
      }
    }
  }).observe(document, { childList: true, subtree: true });
});
"""
"""Records every form control added to or removed from the page after DOMContentLoaded (issue 44: Chromium's autofill
then reads every form of the page again, 30-50 ms of a phone's processor)."""


def test_an_untouched_sheet_shows_no_red_and_unnamed_players_rank_as_p1_p2(warm_page: Page, site_server) -> None:
    page = warm_page
    page.add_init_script(LATE_CONTROLS)
    play = Play(page, site_server.url, "bruges").open()
    play.wait_ready()
    page.wait_for_function("document.querySelector('section[data-game=bruges] form.sheet').dataset.computed >= 1")
    # Until the player changes something, the page adds no form control after it has loaded: the sheet's own-columns
    # block and its share block are in its HTML, shown and wired by the scripts.
    expect(play.tool().locator(".own-columns")).to_be_visible()
    assert page.evaluate("window.__lateControls") == []
    expect(play.problems().locator("li")).to_have_count(0)
    expect(play.tool().locator("[aria-invalid=true]")).to_have_count(0)
    expect(play.tool().locator(".names-hint")).to_be_hidden()
    play.set_players(2)
    play.fill("score_track", 0, 30)
    play.fill("score_track", 1, 20)
    play.expect_ranking(["1. P1 · 30", "2. P2 · 20"])
    expect(play.tool().locator(".names-hint")).to_be_visible()
    expect(play.tool().locator("[aria-invalid=true]")).to_have_count(0)


def test_names_from_other_sheets_and_the_history_are_quick_picks(warm_page: Page, site_server) -> None:
    page = warm_page
    # A history record, as stored, names 小明.
    play = Play(page, site_server.url, "bruges").open()
    play.fill_sheet([("小明", {"score_track": 30}), ("Dee", {"score_track": 20})])
    play.ranking()
    play.tool().locator("[data-action=save-history]").click()
    expect(play.tool().locator(".saved-state")).to_be_visible(timeout=60_000)
    palais = Play(page, site_server.url, "palais-royal").open()
    palais.set_players(3)
    palais.name(0, "Ann")
    tuscany = Play(page, site_server.url, "tuscany").open()
    tuscany.set_players(3)
    picks = tuscany.tool().locator(".name-picks button")
    expect(picks).to_have_count(3)
    assert sorted(picks.all_inner_texts()) == sorted(["Ann", "小明", "Dee"])
    # A name typed that is no pick leaves the picks as they were: the same buttons, none added or removed (Chromium's
    # autofill reads every form of the page again after each, issue 44).
    page.evaluate("window.__firstPick = document.querySelector('section[data-game=tuscany] .name-picks button')")
    tuscany.name(1, "Zed")
    tuscany.name(1, "")
    expect(picks).to_have_count(3)
    assert page.evaluate("window.__firstPick.isConnected"), "the quick picks were made again for the same names"
    tuscany.field("name", 0).focus()
    picks.filter(has_text="小明").click()
    expect(tuscany.field("name", 0)).to_have_value("小明")
    tuscany.field("name", 2).focus()
    picks.filter(has_text="Ann").click()
    expect(tuscany.field("name", 2)).to_have_value("Ann")
    expect(picks).to_have_text(["Dee"])


def test_new_game_keeps_players_seats_and_the_board_s_edge_points_and_can_let_the_players_go(
    warm_page: Page, site_server
) -> None:
    page = warm_page
    play = Play(page, site_server.url, "palais-royal").open()
    play.fill_sheet([("Ann", {"nobles": 10}), ("Bo", {"nobles": 4})])
    for edge in range(4):
        play.fill("edges", -1, 6 - edge, entry=edge, part=0)
        play.fill("edges", -1, 3, entry=edge, part=1)
    play.ranking()
    play.section.locator("[data-action=new-game]").click()
    page.locator("dialog.ask button[value=confirm]").click()
    expect(play.field("nobles", 0)).to_have_value("")
    expect(play.field("name", 0)).to_have_value("Ann")
    expect(play.field("name", 1)).to_have_value("Bo")
    expect(play.field("edges", -1, entry=0, part=0)).to_have_value("6")
    expect(play.field("edges", -1, entry=3, part=1)).to_have_value("3")
    # Another group at the table: the tick box let go, the names go too (the board's values stay); undo.
    play.fill("nobles", 0, 7)
    play.section.locator("[data-action=new-game]").click()
    option = page.locator("dialog.ask [name=ask-option]")
    expect(option).to_be_checked()
    option.uncheck()
    page.locator("dialog.ask button[value=confirm]").click()
    expect(play.field("nobles", 0)).to_have_value("")
    expect(play.field("name", 0)).to_have_value("")
    expect(play.field("name", 1)).to_have_value("")
    expect(play.section.locator("[data-role=players]")).to_have_value("2")
    expect(play.field("edges", -1, entry=0, part=0)).to_have_value("6")
    page.reload()
    expect(play.field("name", 0)).to_have_value("")
    play.section.locator("[data-action=undo-clear]").click()
    expect(play.field("name", 0)).to_have_value("Ann")
    expect(play.field("nobles", 0)).to_have_value("7")
    # The next time the dialog opens, keeping the players is ticked again.
    play.section.locator("[data-action=new-game]").click()
    expect(option).to_be_checked()
    page.locator("dialog.ask button[value=cancel]").click()
    expect(play.field("name", 0)).to_have_value("Ann")


def test_an_edge_tie_offers_its_choice_where_the_problem_is_and_edges_show_as_a_row(
    warm_page: Page, site_server
) -> None:
    page = warm_page
    play = Play(page, site_server.url, "palais-royal").open()
    play.fill_sheet(
        [
            ("Ann", {"nobles": 10, "edge_servants": [2, 0, 0, 0]}),
            ("Bo", {"nobles": 4, "edge_servants": [2, 1, 0, 0]}),
        ]
    )
    play.fill("edges", -1, 6, entry=0, part=0)
    play.fill("edges", -1, 3, entry=0, part=1)
    play.fill("edges", -1, 5, entry=1, part=0)
    choice = play.problems().locator("select.choice-here")
    expect(choice).to_be_visible(timeout=60_000)
    choice.select_option(EACH_SCORES)
    expect(play.section.locator('select[data-field="edge_tie_rule"]')).to_have_value(EACH_SCORES)
    play.ranking()
    form = play.tool()
    expect(form.locator('output.computed[data-key="edges"]')).not_to_have_text(["–", "–"])
    # The visible rows add up to the total.
    for seat in (0, 1):
        rows = [play.field(k, seat).input_value() for k in ("nobles", "privileges_played")]
        unplayed = play.field("privileges_unplayed", seat).input_value()
        edges = form.locator(f'output.computed[data-player="{seat}"]').inner_text()
        total = form.locator(f'output.total[data-player="{seat}"]').inner_text()
        assert sum(int(v or 0) for v in [*rows, min(int(unplayed or 0), 6)]) + int(edges) == int(total)


# ---------------------------------------------------------------- 2. the grid first


@pytest.mark.parametrize("viewport", [PHONE, SMALL], ids=["390x844", "360x740"])
def test_every_game_shows_the_names_and_the_first_score_row_without_scrolling(
    warm_page: Page, site_server, viewport: dict
) -> None:
    page = warm_page
    page.set_viewport_size(viewport)
    for game in GAMES:
        play = Play(page, site_server.url, game).open()
        name = play.field("name", 0)
        first = play.tool().locator(".grid tbody input.num, .grid tbody input[type=radio]").first
        for control in (name, first):
            box = control.bounding_box()
            assert box is not None and box["y"] + box["height"] <= viewport["height"], (game, box)
        expect(page.locator(".game-switch")).to_have_count(1)
        expect(page.locator(".game-switch")).not_to_have_attribute("open", "")
        notes = play.tool().locator("details.source-notes")
        if notes.count():
            expect(notes).not_to_have_attribute("open", "")
            assert notes.locator("summary").bounding_box()["height"] <= 50


def test_the_game_switcher_is_one_control_that_opens_and_switches(warm_page: Page, site_server) -> None:
    page = warm_page
    Play(page, site_server.url, "tuscany").open()
    switch = page.locator(".game-switch")
    expect(switch.locator("summary")).to_contain_text("The Castles of Tuscany")
    switch.locator("summary").click()
    switch.locator("[data-game-tab=bruges]").click()
    expect(page).to_have_url(re.compile("#bruges/score$"))
    expect(switch).not_to_have_attribute("open", "")
    expect(switch.locator("summary")).to_contain_text("Bruges")


def test_names_stay_in_sight_and_places_sit_beside_the_total(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, "bruges").open()
    play.set_players(4)
    play.set_option("pets", True)
    scroller = play.tool().locator(".grid-scroll")
    scroller.evaluate("el => el.scrollTo(0, el.scrollHeight)")
    name_box = play.field("name", 0).bounding_box()
    scroll_box = scroller.bounding_box()
    assert scroll_box["y"] - 1 <= name_box["y"] <= scroll_box["y"] + 20  # stuck at the grid's top
    total_row = play.tool().locator(".total-row tr").first.bounding_box()
    place_row = play.tool().locator("tr.place-row").bounding_box()
    assert 0 <= place_row["y"] - (total_row["y"] + total_row["height"]) <= 2  # the very next row


# ---------------------------------------------------------------- 4. flow and help


def focused(page: Page) -> list[str]:
    """The focused field's key and seat."""
    return page.evaluate("[document.activeElement.dataset.field, document.activeElement.dataset.player]")


def test_enter_moves_down_a_player_s_column_then_to_the_next_player(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, "burgundy-cards").open()
    play.set_players(2)
    play.field("name", 0).focus()
    order = []
    for _ in range(5):
        page.keyboard.press("Enter")
        order.append(focused(page))
    keys = [f.key for f in GAMES["burgundy-cards"].player_fields if f.kind.value == "count" and not f.entries]
    assert order[0] == [keys[0], "0"] and order[1] == [keys[1], "0"]
    play.tool().locator("[data-role=flow]").check()
    play.field(keys[0], 0).focus()
    page.keyboard.press("Enter")
    assert focused(page) == [keys[0], "1"]


def test_enter_after_the_last_row_goes_to_the_next_player_s_name(warm_page: Page, site_server) -> None:
    page = warm_page
    play = Play(page, site_server.url, "tuscany").open()
    play.set_players(2)
    play.field("cards_in_hand", 0).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert focused(page) == ["name", "1"]


# ---------------------------------------------------------------- 6. setup at the table


def test_setup_remembers_the_count_and_variant_counts_steps_and_starts_on_the_first_screen(
    warm_page: Page, site_server
) -> None:
    page = warm_page
    play = Play(page, site_server.url, "bruges").open("setup")
    play.wait_ready()
    play.set_players(3)
    play.set_option("pets", True)
    checklist = play.tool("setup").locator(".checklist")
    options = '{"pets":true,"guilders_tiebreak":false}'  # the money tie-breaker (issue 19) stays off by default
    expect(checklist).to_have_attribute("data-options", options, timeout=60_000)
    expect(checklist).to_have_attribute("data-players", "3")
    steps = checklist.locator("input[data-step]").count()
    done = play.tool("setup").locator(".steps-done .l-en")
    expect(done).to_have_text(f"0 of {steps} done")
    first = checklist.locator("input[data-step]").first
    assert first.bounding_box()["y"] + first.bounding_box()["height"] <= PHONE["height"]
    first.check()
    checklist.locator("input[data-step]").nth(1).check()
    expect(done).to_have_text(f"2 of {steps} done")
    page.reload()
    expect(play.section.locator("[data-role=players]")).to_have_value("3")
    expect(play.section.locator("[data-option=pets]")).to_be_checked()
    expect(done).to_have_text(f"2 of {steps} done", timeout=60_000)


# ---------------------------------------------------------------- 7. rules on a phone


def test_a_narrow_screen_opens_the_rules_in_the_interface_language(warm_page: Page, site_server) -> None:
    page = warm_page
    page.goto(f"{site_server.url}rules/tuscany/")
    expect(page.locator("article.rules")).to_have_attribute("data-view", "en")
    expect(page.locator("#game-end .col.zh")).to_be_hidden()
    expect(page.locator(".view-switch [data-view=en]")).to_have_attribute("aria-pressed", "true")
    page.set_viewport_size({"width": 1280, "height": 900})  # a wide screen: side by side (the narrow one's view
    page.reload()  # was not remembered)
    expect(page.locator("article.rules")).to_have_attribute("data-view", "both")


def test_a_contents_jump_lands_on_the_reader_s_language_and_the_contents_are_at_hand(
    warm_page: Page, site_server
) -> None:
    page = warm_page
    page.goto(f"{site_server.url}rules/bruges/")
    page.locator(".view-switch [data-view=both]").click()  # both languages, stacked on a phone
    page.locator(".toc a[href='#final-scoring']").click()
    expect(page).to_have_url(re.compile("#final-scoring$"))
    english = page.locator("#final-scoring .col.en").bounding_box()
    assert -2 <= english["y"] <= 60, english  # the English column at the top, not the Chinese above it
    back = page.locator("a.to-contents")
    expect(back).to_be_in_viewport()
    back.click()
    expect(page.locator("nav.toc")).to_be_in_viewport()


@pytest.mark.parametrize("query", ["决胜规则", "tiebreak", "tie-breaker", "決勝規則"])
def test_players_words_for_tie_breakers_reach_every_game_s_tie_breaker_sections(
    warm_page: Page, site_server, query: str
) -> None:
    page = warm_page
    page.goto(f"{site_server.url}search/?q={query}")
    expect(page.locator("body")).to_have_attribute("data-searched", query, timeout=20_000)
    hrefs = page.locator(".result:not(.term-result) .result-link").evaluate_all("links => links.map((a) => a.href)")
    for game in GAMES.values():
        sections = {t.section for t in game.tie_breakers} or {game.section}
        for section in sections:
            assert any(f"/rules/{game.id}/" in h and h.endswith(f"#{section}") for h in hrefs), (game.id, section)


def test_search_from_a_rules_page_is_narrowed_to_that_game_and_can_be_widened(warm_page: Page, site_server) -> None:
    page = warm_page
    page.goto(f"{site_server.url}rules/tuscany/")
    field = page.locator(".site-search input[name=q]")
    field.fill("points")
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"/search/\?q=points&game=tuscany"))
    expect(page.locator("body")).to_have_attribute("data-searched", "points", timeout=20_000)
    links = page.locator(".result .result-link")
    hrefs = links.evaluate_all("links => links.map((a) => a.href)")
    assert hrefs and all("/rules/tuscany/" in h for h in hrefs)
    page.locator("select[name=game]").select_option("")
    expect(page).not_to_have_url(re.compile("game="))
    expect(links.filter(has_not_text="Tuscany")).not_to_have_count(0)

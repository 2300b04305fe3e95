"""After the game (issue 20): statistics on play/#stats, one identity per player, the history's links and its
persistence messages, and a result passed to another phone by QR code / link (play/#r=…), with bad links refused."""

from __future__ import annotations

import io
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.playpage import VIEWPORTS, Play, csp_violations, foreign_requests, site_context, wait_until_offline_ready
from tests.unit.test_stats import history, sheet

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"
LONG_NAMES = (
    "欧阳诸葛长孙慕容司马上官皇甫",
    "东方西门南宫令狐独孤夏侯公孙",
    "端木百里呼延轩辕尉迟澹台宇文",
    "长孙无忌司马懿诸葛孔明上官婉儿",
)


def stub_persistence(granted: bool) -> str:
    """An init script: the browser answers persist() and persisted() with `granted` (stubbed before any script)."""
    value = "true" if granted else "false"
    return (
        f"StorageManager.prototype.persist = async function () {{ window.__persistAsked = (window.__persistAsked || 0) + 1; return {value}; }};"
        f"StorageManager.prototype.persisted = async function () {{ return {value}; }};"
    )


def burgundy(*players: tuple[str, int]) -> dict:
    """A Burgundy sheet: (name, points) per player; the last holds the start-player card."""
    return sheet(*((name, points, 0) for name, points in players))


HISTORY = history(
    [
        ("2026-01-01T10:00:00Z", burgundy(("Ann", 10), ("小明", 7))),
        ("2026-01-02T10:00:00Z", burgundy(("Xiaoming", 12), ("Ann", 9))),
        ("2026-01-03T10:00:00Z", burgundy(("ann", 8), ("Bo", 8))),  # a shared first: a win for each
    ]
)


def open_stats(page: Page, base_url: str, stored: str) -> None:
    """Store a history and open play/#stats, English interface; wait until the figures are shown."""
    page.goto(f"{base_url}play/#history")
    page.evaluate("text => localStorage.setItem('tc:v1:history', text)", stored)
    page.get_by_role("button", name="English").click()
    page.goto(f"{base_url}play/#stats")
    expect(page.locator("section.stats")).to_have_attribute("data-state", "ready", timeout=60_000)


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_statistics_view_with_filters_pictures_and_merged_names(warm_page: Page, site_server, viewport: str) -> None:
    page = warm_page
    page.set_viewport_size(VIEWPORTS[viewport])
    open_stats(page, site_server.url, HISTORY)
    stats = page.locator("section.stats")
    overall = stats.locator(".stats-block").first
    rows = overall.locator("tbody tr")
    expect(rows).to_have_text(
        ["Ann\t3\t2 (1)\t67%", "Bo\t1\t1 (1)\t100%", "Xiaoming\t1\t1\t100%", "小明\t1\t0\t0%"], use_inner_text=True
    )
    expect(stats.locator(".stats-note").first).to_contain_text("A shared first place counts as a win for each")
    # pictures: wins, averages by category, totals over time, each with its text equivalent
    burgundy_block = stats.locator(f'.stats-block[data-game="{GAME}"]')
    for kind in ("stats-wins", "stats-averages", "stats-timeline"):
        svg = burgundy_block.locator(f"[data-figure={kind}] .l-en svg")
        expect(svg).to_be_visible()
        assert "Ann" in svg.locator("desc").text_content()
    # merge 小明 into Xiaoming: one person, followed by the figures and the player filter
    stats.locator("details.identities summary").click()
    stats.locator("[data-role=old]").select_option("小明")
    stats.locator("[data-role=new]").fill("Xiaoming")
    stats.get_by_role("button", name="Merge or rename").click()
    expect(rows.filter(has_text="Xiaoming")).to_have_text("Xiaoming\t2\t1\t50%", use_inner_text=True)
    expect(rows.filter(has_text="小明")).to_have_count(0)
    expect(stats.locator(".aliases li")).to_have_text(re.compile("小明 → Xiaoming"))
    # one person in the rename form's list, with the name merged into it in brackets
    expect(stats.locator("[data-role=old] option", has_text="小明")).to_have_text(["Xiaoming (小明)"])
    expect(stats.locator(".identities-count")).to_have_text(" (1)")
    assert json.loads(page.evaluate("localStorage.getItem('tc:v1:history')"))["names"] == {"小明": "Xiaoming"}
    stats.locator("[data-filter=player]").select_option("Bo")
    expect(overall.locator(".stats-summary")).to_contain_text("1 game ·")
    stats.locator("[data-filter=player]").select_option("")
    stats.locator("[data-filter=since]").fill("2026-01-02")
    stats.locator("[data-filter=since]").dispatch_event("change")
    expect(overall.locator(".stats-summary")).to_contain_text("2 games")
    expect(stats).to_have_attribute("data-state", "ready")
    # two people of one game cannot be merged: said, nothing changed
    stats.locator("[data-role=old]").select_option("Bo")
    stats.locator("[data-role=new]").fill("Ann")
    stats.get_by_role("button", name="Merge or rename").click()
    expect(stats.locator(".rename-problems")).to_contain_text("cannot be one person")
    # Chinese, Traditional script: the pictures' words follow, the names stay as typed
    page.get_by_role("button", name="中文").click()
    page.evaluate("document.querySelector('input[value=hant]').click()")
    expect(burgundy_block.locator("[data-figure=stats-wins] .s-hant svg")).to_be_visible()
    assert "勝局" in burgundy_block.locator("[data-figure=stats-wins] .s-hant svg title").text_content()
    page.screenshot(path=f"test-results/screenshots/stats-{viewport}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport]["width"]
    assert csp_violations(page) == []


def test_statistics_in_dark_mode_and_print(warm_page: Page, site_server) -> None:
    page = warm_page
    page.emulate_media(color_scheme="dark")
    open_stats(page, site_server.url, HISTORY)
    text = page.locator("[data-figure=stats-wins] .l-en svg text").first
    brightness = lambda rgb: sum(int(c) for c in re.findall(r"\d+", rgb)[:3])  # noqa: E731
    text_colour = text.evaluate("el => getComputedStyle(el).fill")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert brightness(text_colour) > 450 and brightness(background) < 200, (text_colour, background)
    page.emulate_media(media="print")
    expect(page.locator(".stats-filters")).to_be_hidden()
    expect(page.locator("[data-figure=stats-wins] .l-en svg").first).to_be_visible()


def test_history_is_linked_from_home_and_header(warm_page: Page, site_server) -> None:
    page = warm_page
    page.goto(site_server.url)
    page.get_by_role("button", name="English").click()
    page.locator("main").get_by_role("link", name=re.compile("^History")).click()
    expect(page.locator("section.history")).to_have_attribute("data-count", "0", timeout=60_000)
    page.goto(f"{site_server.url}rules/bruges/")
    page.locator("header").get_by_role("link", name="History").click()
    expect(page).to_have_url(re.compile(r"play/#history$"))
    page.get_by_role("link", name=re.compile("Statistics")).click()
    expect(page.locator("section.stats")).to_have_attribute("data-state", "ready", timeout=60_000)


@pytest.mark.parametrize("granted", [True, False])
def test_persistent_storage_asked_at_the_first_save_and_said(warm_page: Page, site_server, granted: bool) -> None:
    page = warm_page  # downloads are accepted in every context (Playwright's default)
    page.add_init_script(stub_persistence(granted))
    play = Play(page, site_server.url, GAME).open()
    page.get_by_role("button", name="English").click()
    play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo", {"estate_sets": 3})])
    play.tool().get_by_role("button", name="Save to history").click()
    said = play.tool().locator(".persist-state")
    expect(said).to_contain_text("agreed to keep" if granted else "may clear the history by itself")
    if not granted:  # said calmly, with what to do: not red like a problem
        expect(said).to_contain_text("export a copy from History")
        assert "179, 38, 30" not in said.evaluate("(p) => getComputedStyle(p).color")  # not --bad
    assert page.evaluate("window.__persistAsked") == 1
    # the game just saved can be sent on to BG Stats from the sheet (issue 43 point 2; docs/bg-stats.md)
    send = play.tool().locator(".saved-state").get_by_role("link", name="Send to BG Stats")
    expect(send).to_have_attribute("href", re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data=%7B"))
    page.goto(f"{site_server.url}play/#history")
    keep = page.locator("section.history .keep")
    if granted:  # nothing to say: the sheet said it when the game was saved
        expect(keep).to_have_attribute("data-persisted", "true")
        expect(keep.locator(".keep-notice")).to_be_hidden()
        expect(keep.get_by_role("button")).to_have_count(0)
        return
    expect(keep).to_contain_text("after 7 days without a visit, unless the site is on the Home Screen")
    expect(keep).to_contain_text("Add to Home Screen")  # no install prompt in this test browser: how to
    page.locator(".export-menu > summary").click()  # the one Export action, its choices inside
    with page.expect_download() as download:
        page.get_by_role("button", name="JSON: a copy to import here again").click()
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8"))["records"]


def qr_text(png: bytes) -> str:
    """The text of the QR code in a screenshot, read by zxing-cpp."""
    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert found, "no QR code found in the screenshot"
    return found[0].text


def test_a_result_passed_by_qr_code_to_another_phone_offline(warm_page: Page, browser: Browser, site_server) -> None:
    """The sender's phone a warm page (permissions are taken back after the test); the receiver's a fresh context, since
    it goes offline."""
    page = warm_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(
        "window.__shared = []; navigator.share = (d) => { window.__shared.push(d); return Promise.resolve(); };"
    )
    play = Play(page, site_server.url, "palais-royal").open()
    page.get_by_role("button", name="English").click()
    play.set_players(4)
    for player, name in enumerate(LONG_NAMES):
        play.name(player, name)
        play.fill("nobles", player, 3 + player)
        play.fill("privileges_played", player, player)
        for edge, count in enumerate((player, player + 1, 4 - player, (player * 3) % 5)):
            play.fill("edge_servants", player, count, entry=edge)
    for edge, (first, second) in enumerate(((6, 3), (5, 2), (4, 1), (3, 1))):
        play.fill("edges", -1, first, entry=edge, part=0)
        play.fill("edges", -1, second, entry=edge, part=1)
    expect(play.tool()).to_have_attribute("data-state", "final", timeout=30_000)
    play.tool().get_by_role("button", name="Show the QR code (for another phone)").click()
    code = play.tool().locator("[data-figure=qr] .l-en svg")
    expect(code).to_be_visible(timeout=30_000)
    page.screenshot(path="test-results/screenshots/qr-phone.png")
    link = qr_text(code.screenshot())
    ranking = play.ranking()
    assert link.startswith(f"{site_server.url}play/#r=")
    play.tool().get_by_role("button", name="Copy the link (for another phone)").click()
    expect(play.tool().locator(".link-state")).to_have_text("The result is copied.", use_inner_text=True)
    assert page.evaluate("navigator.clipboard.readText()") == link
    play.tool().get_by_role("button", name="Share the link").click()
    page.wait_for_function("() => window.__shared.length === 1")
    assert page.evaluate("window.__shared")[0]["url"] == link
    # the code on screen follows the sheet: another score, another link
    play.fill("nobles", 0, 9)
    expect(play.tool().locator(".share-link")).not_to_have_attribute("data-link", link, timeout=30_000)
    assert qr_text(code.screenshot()) == play.tool().locator(".share-link").get_attribute("data-link")
    with site_context(browser, VIEWPORTS["phone"]) as receiver:
        page = receiver.new_page()
        page.goto(f"{site_server.url}play/#bruges/score")
        page.get_by_role("button", name="English").click()
        Play(page, site_server.url, "bruges").wait_ready()
        page.locator('[data-game=bruges] [data-field=name][data-player="0"]').first.fill("Mine")
        wait_until_offline_ready(page)
        receiver.set_offline(True)
        page.goto(link)
        shared = page.locator("section.shared")
        expect(shared).to_have_attribute("data-state", "shown", timeout=60_000)
        lines = [re.compile("^" + re.escape(line) + " — ") for line in ranking]
        expect(shared.locator(".ranking li")).to_have_text(lines, use_inner_text=True)  # re-scored here: the same
        add = shared.get_by_role("button", name="Add to my history")
        add.click()
        expect(shared.locator(".shared-state")).to_have_text("Added to the history.", use_inner_text=True)
        expect(add).to_be_disabled()
        page.reload()  # the same link again: checked like an import, not added twice
        expect(shared).to_have_attribute("data-state", "shown", timeout=60_000)
        add.click()
        expect(shared.locator(".shared-state")).to_contain_text("already in the history")
        history = json.loads(page.evaluate("localStorage.getItem('tc:v1:history')"))
        assert len(history["records"]) == 1 and history["records"][0]["game"] == "palais-royal"
        assert json.loads(page.evaluate("localStorage.getItem('tc:v1:game:bruges')"))["names"][0] == "Mine"
        assert foreign_requests(receiver, site_server.url.rstrip("/")) == []


BAD_LINKS = [
    ("r=abc$%^", "the link is damaged", "链接已损坏"),
    ("r=" + "A" * 20, "the link is damaged", "链接已损坏"),
]


def _payload(data: list) -> str:
    """A link's payload for any JSON value, as scoring/share.py writes it."""
    import base64
    import zlib

    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = squeeze.compress(json.dumps(data).encode()) + squeeze.flush()
    return "r=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


BAD_LINKS += [
    (_payload({"format": "something else"}), "not a result shared by Table Companion", "不是“桌游助手”分享的结果"),
    (_payload([1, "chess", "2026-01-01T00:00:00Z", {}]), "unknown game: chess", "未知游戏"),
    (_payload([1, GAME, "2026-01-01T00:00:00Z", burgundy(("Ann", 3), ("ann", 2))]), "is used twice", "重复了"),
    (_payload([9, GAME, "2026-01-01T00:00:00Z", {}]), "newer version of the site", "较新版本"),
]


def test_each_bad_link_is_refused_in_the_readers_language_and_nothing_changes(warm_page: Page, site_server) -> None:
    """Every link of BAD_LINKS opened in turn in one play/ page (a link is a change of the address's fragment, as on a
    phone that opens several): each is refused, in Chinese and in English, and the sheet and history stay as they were."""
    page = warm_page
    play = Play(page, site_server.url, GAME).open()
    play.name(0, "Kept")
    shared = page.locator("section.shared")
    for fragment, english, chinese in BAD_LINKS:
        play.open()
        expect(play.field("name", 0), f"the sheet before {fragment[:20]}").to_have_value("Kept")
        shared.evaluate("(s) => { s.dataset.state = 'before'; s.querySelector('.problems').replaceChildren(); }")
        page.goto(f"{site_server.url}play/#{fragment}")
        expect(shared, f"{fragment[:20]} not refused").to_have_attribute("data-state", "refused", timeout=60_000)
        expect(shared.locator(".problems .l-zh.s-hans").last, fragment[:20]).to_contain_text(chinese)
        page.get_by_role("button", name="English").click()
        expect(shared.locator(".problems").last, fragment[:20]).to_contain_text(english, ignore_case=True)
        expect(shared.locator(".shared-result"), fragment[:20]).to_be_hidden()
        assert page.evaluate("localStorage.getItem('tc:v1:history')") is None, f"{fragment[:20]} wrote a history"
        stored = json.loads(page.evaluate(f"localStorage.getItem('tc:v1:game:{GAME}')"))
        assert stored["names"][0] == "Kept", f"{fragment[:20]} changed the sheet"


def test_the_same_scores_after_a_new_game_are_another_record(browser: Browser, site_server) -> None:
    with site_context(browser, VIEWPORTS["phone"]) as context:
        page = context.new_page()
        first = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
        page.clock.set_fixed_time(first)  # an injected clock: the page's Date, timers running as usual
        play = Play(page, site_server.url, GAME).open()
        page.get_by_role("button", name="English").click()
        for game in range(2):
            page.clock.set_fixed_time(first + timedelta(hours=game))  # two real games are an hour apart
            play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo", {"estate_sets": 3})])
            play.tool().get_by_role("button", name="Save to history").click()
            expect(play.tool().locator(".saved-state")).to_be_visible()
            page.locator(f'[data-game="{GAME}"] [data-action=new-game]').click()
            page.locator("dialog.ask button[value=confirm]").click()
        assert len(json.loads(page.evaluate("localStorage.getItem('tc:v1:history')"))["records"]) == 2


def test_statistics_say_a_corrupt_stored_history_was_set_aside(warm_page: Page, site_server) -> None:
    """Statistics from an unreadable stored history: the same word as History (set aside, why), not only "No games"."""
    page = warm_page
    page.goto(site_server.url)
    page.evaluate("localStorage.setItem('tc:v1:history', '[1, 2, 3]')")
    page.goto(f"{site_server.url}play/#stats")
    problems = page.locator("section.stats .problems:not(.rename-problems)")
    expect(page.locator("section.stats")).to_have_attribute("data-state", "ready", timeout=90_000)
    expect(problems).to_contain_text(re.compile("set aside as tc:corrupt:history:|已另存为 tc:corrupt:history:"))
    expect(problems).to_contain_text(re.compile("not a history file|不是“桌游助手”的历史记录文件"))
    aside = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('tc:corrupt:history:'))")
    assert [page.evaluate(f"localStorage.getItem('{aside[0]}')")] == ["[1, 2, 3]"]

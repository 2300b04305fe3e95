"""At home on a phone at the table: layout, languages and scripts, dark mode, screen awake, print, share,
installing, accessibility and the Content-Security-Policy, on a phone; what is about layout (pages
fit, four players' columns, axe) on a desktop viewport too.

Screenshots of each page kind are written to test-results/screenshots/ for a person to look at.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect

import build
from scoring import GAMES
from sitebuild import zh_script
from tests.conftest import FULL_CHROMIUM
from tests.e2e.playpage import (
    VIEWPORTS,
    Play,
    foreign_requests,
    frames_drawn,
    pdf_pages,
    site_context,
    wait_until_offline_ready,
)
from tests.test_zh_script import run_time_chinese

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = ROOT / "test-results" / "screenshots"
# Recorded before any script of the page runs (an init script is not subject to the page's policy).
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
window.__printed = [];
window.print = () => window.__printed.push(document.documentElement.dataset.print || "filled");
"""


def device(viewport: dict) -> str:
    """'phone' or 'desktop'."""
    return "phone" if viewport["width"] < 400 else "desktop"


def shoot(page: Page, name: str, viewport: dict) -> None:
    """A full-page screenshot for review."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}-{device(viewport)}.png", full_page=True)


def watched(context: BrowserContext) -> BrowserContext:
    """Record policy violations, page errors and console errors of every page of the context."""
    context.add_init_script(WATCH)
    context.errors = []  # type: ignore[attr-defined]
    context.on("weberror", lambda error: context.errors.append(str(error.error)))  # type: ignore[attr-defined]
    context.on(
        "console",
        lambda msg: context.errors.append(msg.text) if msg.type == "error" else None,  # type: ignore[attr-defined]
    )
    return context


def watched_page(page: Page) -> Page:
    """Record policy violations, page errors and console errors of this page (a warm page, whose context is shared)."""
    page.add_init_script(WATCH)
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    page.on("console", lambda msg: page.errors.append(msg.text) if msg.type == "error" else None)  # type: ignore[attr-defined]
    return page


def no_violations(page: Page) -> None:
    """No Content-Security-Policy violation and no error happened on the page."""
    assert page.evaluate("window.__csp") == []
    errors = page.errors if hasattr(page, "errors") else page.context.errors  # type: ignore[attr-defined]
    assert errors == []


def open_settings(page: Page) -> None:
    """Open the display settings panel."""
    details = page.locator("details.settings")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def choose(page: Page, name: str) -> None:
    """Pick a display setting (a radio in the settings panel) by its label."""
    open_settings(page)
    page.locator("details.settings").get_by_role("radio", name=re.compile(name)).check()
    page.keyboard.press("Escape")


def fill_bruges_tie(play: Play) -> None:
    """Ann and Bo tie on 40; guilders decide (the publisher's rule, a variant)."""
    play.set_option("guilders_tiebreak", True)
    play.fill_sheet(
        [
            ("Ann", {"score_track": 40, "guilders": 3}),
            ("Bo", {"score_track": 40, "guilders": 8}),
            ("Cy", {"score_track": 22}),
        ]
    )
    play.expect_ranking(["1. Bo · 40", "2. Ann · 40", "3. Cy · 22"])


# ---------------------------------------------------------------- 1. phone first

SMALL_TARGETS = """() => {
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const picks = "button, select, summary, input, .game-tabs a, .tool-tabs a, .links a, .toc a, .brand";
  return [...document.querySelectorAll(picks)].filter(shown).flatMap((el) => {
    const target = el.matches("input[type=checkbox], input[type=radio]") ? el.closest("label") : el;
    const box = target.getBoundingClientRect();
    return box.width >= 43.5 && box.height >= 43.5 ? [] : [`${el.outerHTML.slice(0, 80)} ${box.width}x${box.height}`];
  });
}"""


def test_pages_fit_the_phone_with_large_targets(warm_page: Page, site_server, layout_viewport: dict) -> None:
    viewport = layout_viewport
    page = watched_page(warm_page)
    page.set_viewport_size(viewport)
    kinds = {
        "home": "",
        "rules": "rules/bruges/",
        "play-score": "play/#bruges/score",
        "play-setup": "play/#tuscany/setup",
        "play-helper": "play/#palais-royal/majority",
        "play-table-fields": "play/#furstenfeld/brewery-prices",
    }
    for name, path in kinds.items():
        page.goto(site_server.url + path)
        if path.startswith("play/"):
            expect(page.locator("[data-tool]:visible").first).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{path} scrolls sideways ({width}px)"
        assert page.evaluate(SMALL_TARGETS) == [], path
        shoot(page, name, viewport)
    # Number fields are text fields (so "abc" can be reported) that open the phone keypad, which has "+" for sums
    # such as 20+8 (docs/score-sheet.md).
    fields = page.locator("input.num")
    assert fields.count() > 100
    assert page.evaluate(
        "[...document.querySelectorAll('input.num')].every(i => i.type === 'text' && i.inputMode === 'tel')"
    )
    no_violations(page)


def test_four_players_fit_a_phone_and_a_fifth_swipes_under_a_fixed_first_column(
    warm_page: Page, site_server, layout_viewport: dict
) -> None:
    """Four players' columns share a phone's width (every total and place in sight); Fürstenfeld's fifth swipes."""
    viewport = layout_viewport
    page = watched_page(warm_page)
    page.set_viewport_size(viewport)
    play = Play(page, site_server.url, "bruges").open("score")
    play.set_players(4)
    scroller = play.tool().locator(".grid-wrap .grid-scroll")
    assert scroller.evaluate("s => s.scrollWidth - s.clientWidth") <= 1, "four players do not fit"
    expect(play.tool().locator(".swipe-hint")).to_be_hidden()
    widths = play.tool().evaluate(
        "f => [...f.querySelectorAll('.grid input.num, .grid input.name')].filter((el) => el.getClientRects().length)"
        ".map((el) => el.getBoundingClientRect().width)"
    )
    assert len(widths) > 20 and min(widths) >= 43.5, f"fields narrower than a finger: {min(widths)}"
    play = Play(page, site_server.url, "furstenfeld").open("score")
    play.set_players(5)
    wrap = play.tool().locator(".grid-wrap")
    scroller = wrap.locator(".grid-scroll")
    head = play.tool().locator("tbody th[scope=row]").first
    overflow = scroller.evaluate("s => s.scrollWidth - s.clientWidth")
    if device(viewport) == "phone":
        assert overflow > 1, "five players were squeezed under a finger's width"
        expect(wrap.locator(".swipe-hint")).to_be_visible()
        before = head.bounding_box()["x"]
        scroller.evaluate("s => { s.scrollLeft = s.scrollWidth; }")
        frames_drawn(page)
        assert head.bounding_box()["x"] == pytest.approx(before, abs=1), "the labels scrolled away"
        # The last player's column is reachable and usable after the swipe.
        last = play.tool().locator("input.num[data-player='4']").first
        last.fill("17")
        expect(last).to_have_value("17")
        box = last.bounding_box()
        assert box["x"] + box["width"] <= viewport["width"]
    else:
        assert overflow <= 1, "on a desktop every player fits"
        expect(wrap.locator(".swipe-hint")).to_be_hidden()
    play.set_players(2)
    page.wait_for_function("(s) => s.scrollWidth - s.clientWidth <= 1", arg=scroller.element_handle())
    expect(wrap.locator(".swipe-hint")).to_be_hidden()
    no_violations(page)


def test_dark_mode_follows_the_system_and_the_switch(warm_page: Page, site_server, viewport: dict) -> None:
    page = watched_page(warm_page)
    page.emulate_media(color_scheme="dark")
    page.goto(site_server.url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-theme", "dark")
    background = "getComputedStyle(document.documentElement).backgroundColor"
    assert page.evaluate(background) == "rgb(26, 22, 20)"
    shoot(page, "home-dark", viewport)
    choose(page, "Light")
    expect(html).to_have_attribute("data-theme", "light")
    assert page.evaluate(background) == "rgb(251, 248, 242)"
    page.goto(f"{site_server.url}play/#bruges/score")
    expect(html).to_have_attribute("data-theme", "light")  # remembered on every page
    choose(page, "As the system")
    expect(html).to_have_attribute("data-theme", "dark")
    shoot(page, "play-score-dark", viewport)
    page.emulate_media(color_scheme="light")  # the system changes while the page is open
    expect(html).to_have_attribute("data-theme", "light")
    no_violations(page)


# ---------------------------------------------------------------- 2. languages and scripts

VISIBLE_CHINESE = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!/[\\u3400-\\u9fff]/.test(node.data) || !el.checkVisibility() || el.closest(".visually-hidden")) continue;
    found.push([el.closest("[lang]").lang, node.data.trim()]);
  }
  return found;
}"""


def chinese_is_all_in(page: Page, script: str, typed: tuple[str, ...] = ()) -> None:
    """Every piece of Chinese the reader sees is written and tagged in the chosen script (what players typed aside)."""
    seen = page.evaluate(VISIBLE_CHINESE)
    assert seen, "no Chinese on the page"
    other = zh_script.other(script)
    for name in typed:
        seen = [(lang, text.replace(name, "")) for lang, text in seen if zh_script.CJK.search(text.replace(name, ""))]
    # English may quote a Chinese term (the rules' translations do); everything else is in the chosen script.
    seen = [(lang, text) for lang, text in seen if lang != "en"]
    assert [text for lang, text in seen if lang != script] == []
    assert [text for _, text in seen if zh_script.convert(text, other, script) != text] == []


def test_interface_language_and_script_are_remembered_and_followed(
    warm_page: Page, site_server, viewport: dict
) -> None:
    page = watched_page(warm_page)
    play = Play(page, site_server.url, "bruges").open("score")
    play.set_option("guilders_tiebreak", True)
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "en")  # the browser speaks English
    play.fill_sheet([("Ann", {"score_track": 12, "majority_markers": 4, "guilders": 2}), ("李后", {"score_track": 12})])
    play.wait_ready()
    problem = play.problems().locator("li").first
    # the refusal, then what the field wants (its help), in the reader's language only
    expect(problem).to_have_text(re.compile(r"^Ann: Majority markers: at most 3\. \(.+\)$"), use_inner_text=True)
    page.get_by_role("button", name="中文").click()
    expect(html).to_have_attribute("lang", "zh-Hans")
    # core.py writes this message in Simplified around bruges.py's Traditional label: the reader sees one script.
    expect(problem).to_have_text(re.compile(r"^Ann：多数标记：最大为 3。（.+）$"), use_inner_text=True, timeout=20_000)
    chinese_is_all_in(page, "zh-Hans", typed=("李后",))
    choose(page, "繁體")
    expect(html).to_have_attribute("lang", "zh-Hant")
    expect(problem).to_have_text(re.compile(r"^Ann：多數標記：最大為 3。（.+）$"), use_inner_text=True)
    chinese_is_all_in(page, "zh-Hant", typed=("李后",))
    shoot(page, "play-score-traditional", viewport)
    # A tie the tie-breaker cannot settle names the players: what they typed is never converted.
    play.fill("majority_markers", 0, 0)
    play.fill("guilders", 0, 0)
    play.fill("guilders", 1, 0)  # a blank tie-breaker would leave the tie open (issue 17): both have 0
    play.expect_ranking(["1. Ann · 12", "1. 李后 · 12"])
    reason = play.tool().locator(".ranking .why").first
    expect(reason).to_contain_text("與 李后 的所有決勝規則也相同", use_inner_text=True)
    chinese_is_all_in(page, "zh-Hant", typed=("李后",))
    page.reload()  # both choices are remembered
    expect(html).to_have_attribute("lang", "zh-Hant")
    play.expect_ranking(["1. Ann · 12", "1. 李后 · 12"])
    chinese_is_all_in(page, "zh-Hant", typed=("李后",))

    # Rules of a Simplified source, read in Traditional: OpenCC's conversion, and a note saying so.
    page.goto(f"{site_server.url}rules/burgundy-cards/")
    expect(page.locator("#end-of-game .col.zh")).to_contain_text("儲藏庫剩餘最多卡片", use_inner_text=True)
    expect(page.locator(".converted:visible")).to_have_count(1)
    chinese_is_all_in(page, "zh-Hant")
    shoot(page, "rules-traditional", viewport)
    choose(page, "简体")
    expect(page.locator("#end-of-game .col.zh")).to_contain_text("储藏库剩余最多卡片", use_inner_text=True)
    expect(page.locator(".converted:visible")).to_have_count(0)
    chinese_is_all_in(page, "zh-Hans")
    # Rules of a Traditional source, read in Simplified.
    page.goto(f"{site_server.url}rules/bruges/")
    expect(page.locator("#threats .col.zh")).to_contain_text("水灾", use_inner_text=True)
    chinese_is_all_in(page, "zh-Hans")
    # Side by side or one language, remembered.
    page.get_by_role("button", name="只看英文").click()
    expect(page.locator("#threats .col.zh")).to_be_hidden()
    page.get_by_role("button", name="English", exact=True).click()
    page.reload()
    expect(html).to_have_attribute("lang", "en")
    expect(page.locator("#threats .col.zh")).to_be_hidden()
    expect(page.locator("#threats .col.en")).to_be_visible()
    page.get_by_role("button", name="Side by side").click()
    expect(page.locator("#threats .col.zh")).to_be_visible()
    no_violations(page)


def test_page_converts_python_text_as_the_build_table_says(warm_page: Page, site_server) -> None:
    entries = zh_script.run_time_conversions(build.run_time_chinese_sources(), "scoring")
    tables = {script: zh_script.Conversion.of(table) for script, table in entries.items()}
    texts = sorted({text for game in GAMES.values() for text in run_time_chinese(game)})
    assert len(texts) > 100
    page = watched_page(warm_page)
    page.set_viewport_size(VIEWPORTS["desktop"])
    page.goto(f"{site_server.url}play/")
    written = page.evaluate(
        """async (texts) => {
            const zh = await import(new URL("../static/zh.js", location.href).href);
            await zh.loadScripts();
            return texts.map((t) => zh.inScripts(t));
        }""",
        texts,
    )
    for text, both in zip(texts, written, strict=True):
        for script in zh_script.SCRIPTS:
            assert both[script] == tables[script].apply(text), text
    kept = page.evaluate(
        """async () => (await import(new URL("../static/zh.js", location.href).href)).inScripts("李后发：后发", ["李后发"])"""
    )
    assert kept == {"zh-Hans": "李后发：后发", "zh-Hant": "李后发：後發"}
    no_violations(page)


# ---------------------------------------------------------------- 3. screen awake

WAKE_SPY = """
window.__wake = { requests: 0, releases: 0 };
if ("wakeLock" in navigator) {
  const request = WakeLock.prototype.request;
  WakeLock.prototype.request = function (...args) { window.__wake.requests++; return request.apply(this, args); };
  const release = WakeLockSentinel.prototype.release;
  WakeLockSentinel.prototype.release = function () { window.__wake.releases++; return release.call(this); };
}
"""


@pytest.fixture
def full_chromium(browser_type: BrowserType, browser_type_launch_args: dict) -> Iterator[Browser]:
    """The full Chromium, whose headless mode is granted a screen wake lock; the tests' headless shell is refused one
    (test_screen_wake_lock_is_silently_absent_where_it_cannot_work covers a refusal)."""
    browser = browser_type.launch(**{**browser_type_launch_args, "executable_path": FULL_CHROMIUM})
    yield browser
    browser.close()


def test_screen_stays_awake_while_the_page_is_open_unless_switched_off(
    full_chromium: Browser, site_server, viewport: dict
) -> None:
    with site_context(full_chromium, viewport) as context:
        page = watched(context).new_page()
        page.add_init_script(WAKE_SPY)
        Play(page, site_server.url, "tuscany").open("setup")
        html = page.locator("html")
        switch = page.get_by_role("checkbox", name="Keep the screen on")
        expect(switch).to_be_checked()
        expect(html).to_have_attribute("data-wake", "held")
        assert page.evaluate("window.__wake") == {"requests": 1, "releases": 0}
        switch.uncheck()
        expect(html).to_have_attribute("data-wake", "off")
        assert page.evaluate("window.__wake.releases") == 1
        page.reload()  # the choice is remembered
        expect(switch).not_to_be_checked()
        expect(html).to_have_attribute("data-wake", "off")  # keepAwake() has run, and asked for nothing
        assert page.evaluate("window.__wake") == {"requests": 0, "releases": 0}
        switch.check()
        expect(html).to_have_attribute("data-wake", "held")
        no_violations(page)


@pytest.mark.parametrize(
    "script",
    [
        "delete Navigator.prototype.wakeLock;",
        "if (window.WakeLock) WakeLock.prototype.request = () => Promise.reject(new DOMException('no', 'NotAllowedError'));",
    ],
    ids=["unsupported", "refused"],
)
def test_screen_wake_lock_is_silently_absent_where_it_cannot_work(warm_page: Page, site_server, script: str) -> None:
    page = watched_page(warm_page)
    page.add_init_script(script)  # the page's own, before its scripts: the shared context is left as it is
    play = Play(page, site_server.url, "bruges").open("score")
    play.fill_sheet([("Ann", {"score_track": 3}), ("Bo", {"score_track": 5})])
    play.expect_ranking(["1. Bo · 5", "2. Ann · 3"])
    if "delete" in script:
        expect(page.locator(".wake")).to_be_hidden()
        assert page.locator("html").get_attribute("data-wake") is None
    else:
        expect(page.locator("html")).to_have_attribute("data-wake", "off")
    no_violations(page)


# ---------------------------------------------------------------- 4. print


A4_CARD = {"width": 718, "height": 1047}
"""A4 less the card's 10 mm margins (static/site.css @page), in CSS px."""
PRINTED_TEXT = """(css) => {
  const shown = [...document.querySelectorAll(css)].filter((svg) => svg.getBoundingClientRect().width > 0);
  if (shown.length !== 1) return { shown: shown.length, points: 0 };
  const box = shown[0].getBoundingClientRect(), view = shown[0].viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  const smallest = Math.min(...[...shown[0].querySelectorAll("text")].map((t) => Number(t.getAttribute("font-size"))));
  return { shown: 1, points: smallest * scale * 0.75 };
}"""
"""How many of these pictures show, and the size in points its smallest text is drawn at."""


def test_setup_card_prints_on_one_page_in_both_languages(warm_page: Page, site_server, viewport: dict) -> None:
    page = watched_page(warm_page)
    for game in GAMES.values():
        play = Play(page, site_server.url, game.id).open("setup")
        play.wait_ready()
        play.set_players(game.max_players)  # the longest checklist: most players, every variant
        for option in game.options:
            play.set_option(option.key, True)
        expect(play.tool("setup").locator(".checklist")).to_have_attribute("data-players", str(game.max_players))
        play.tool("setup").get_by_role("button", name="Print the setup card").click()
        assert page.evaluate("window.__printed.pop()") == "filled"
        page.emulate_media(media="print")
        step = play.tool("setup").locator(".checklist li").first
        expect(step.locator("label .l-zh.s-hans")).to_be_visible()
        expect(step.locator("label .l-en")).to_be_visible()
        for hidden in (".top", ".game-tabs", ".controls", ".tool-tabs", ".tool-actions"):
            expect(page.locator(hidden).first).to_be_hidden()
        expect(play.section.locator("h2")).to_be_visible()  # the game's name heads the card
        if game.options:  # and the variants played are named on it
            expect(play.tool("setup").locator(".options-label")).to_contain_text(game.options[0].label.en)
        expect(play.tool("setup").locator("[data-figure=diagram]")).to_be_hidden()
        page.set_viewport_size(A4_CARD)  # the diagram drawn for print, measured as it prints on A4
        printed = page.evaluate(PRINTED_TEXT, f'section[data-game="{game.id}"] [data-figure=print-diagram] svg')
        assert printed["shown"] == 1 and printed["points"] >= 6, (game.id, printed)
        page.set_viewport_size(viewport)
        for paper in ("A4", "Letter"):
            assert pdf_pages(page.pdf(format=paper)) == 1, f"{game.id} setup card on {paper}"
        if game.id == "bruges":
            shoot(page, "print-setup-card", viewport)
        page.emulate_media(media="screen")
    no_violations(page)


def test_score_sheet_prints_filled_or_blank(warm_page: Page, site_server, viewport: dict) -> None:
    page = watched_page(warm_page)
    play = Play(page, site_server.url, "bruges").open("score")
    fill_bruges_tie(play)
    sheet = play.tool()
    sheet.get_by_role("button", name="Print the score sheet").click()
    assert page.evaluate("window.__printed.pop()") == "filled"
    page.emulate_media(media="print")
    expect(play.field("score_track", 0)).to_have_value("40")
    expect(sheet.locator(".ranking")).to_be_visible()
    expect(page.locator(".top")).to_be_hidden()
    assert pdf_pages(page.pdf(format="A4")) == 1
    shoot(page, "print-score-filled", viewport)
    page.emulate_media(media="screen")
    sheet.get_by_role("button", name="Print a blank score sheet").click()
    assert page.evaluate("window.__printed.pop()") == "blank"
    page.emulate_media(media="print")
    assert play.field("score_track", 0).evaluate("e => getComputedStyle(e).color") == "rgba(0, 0, 0, 0)"
    assert play.field("name", 0).evaluate("e => getComputedStyle(e).color") == "rgba(0, 0, 0, 0)"
    expect(sheet.locator(".result")).to_be_hidden()
    assert pdf_pages(page.pdf(format="A4")) == 1
    shoot(page, "print-score-blank", viewport)
    page.evaluate("dispatchEvent(new Event('afterprint'))")
    assert page.locator("html").get_attribute("data-print") is None
    page.emulate_media(media="screen")
    expect(play.field("score_track", 0)).to_have_value("40")  # nothing typed was lost
    for game in GAMES.values():  # every game's blank sheet fits a page
        Play(page, site_server.url, game.id).open("score")
        page.emulate_media(media="print")
        assert pdf_pages(page.pdf(format="A4")) == 1, game.id
        page.emulate_media(media="screen")
    no_violations(page)


# ---------------------------------------------------------------- 5. share

SHARE_SPY = (
    "window.__shared = []; navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };"
)


def test_result_is_copied_and_shared_as_plain_text(warm_page: Page, site_server, viewport: dict) -> None:
    page = watched_page(warm_page)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])  # taken back before the next test
    page.add_init_script(SHARE_SPY)
    play = Play(page, site_server.url, "bruges").open("score")
    fill_bruges_tie(play)
    sheet = play.tool()
    text = "Bruges — 1. Bo 40, 2. Ann 40, 3. Cy 22; tie broken by most money left"
    expect(sheet.locator(".summary")).to_have_text(text, use_inner_text=True)
    sheet.get_by_role("button", name="Copy the result").click()
    expect(sheet.locator(".share-state")).to_have_text("The result is copied.", use_inner_text=True)
    assert page.evaluate("navigator.clipboard.readText()") == text
    sheet.get_by_role("button", name="Share", exact=True).click()
    assert page.evaluate("window.__shared") == [{"title": "Bruges", "text": text}]
    # The ranking is announced to screen readers once typing pauses, in the reader's language.
    expect(sheet.locator(".announce[role=status]")).to_have_text(text)
    page.get_by_role("button", name="中文").click()
    choose(page, "繁體")
    hant = "布魯日 — 1. Bo 40，2. Ann 40，3. Cy 22；平手以「剩餘金錢較多」決定"
    expect(sheet.locator(".summary")).to_have_text(hant, use_inner_text=True)
    expect(sheet.locator(".announce")).to_have_text(hant)
    expect(sheet.locator(".announce")).to_have_attribute("lang", "zh-Hant")
    sheet.get_by_role("button", name="複製結果").click()
    expect(sheet.locator(".share-state")).to_have_text("結果已複製。", use_inner_text=True)
    assert page.evaluate("navigator.clipboard.readText()") == hant
    shoot(page, "play-score-shared", viewport)
    no_violations(page)
    assert foreign_requests(page.context, site_server.url) == []


def test_share_button_shows_only_where_the_browser_can_share(warm_page: Page, site_server) -> None:
    page = watched_page(warm_page)
    page.set_viewport_size(VIEWPORTS["desktop"])
    play = Play(page, site_server.url, "bruges").open("score")
    fill_bruges_tie(play)
    expect(play.tool().get_by_role("button", name="Copy the result")).to_be_visible()
    assert page.evaluate("'share' in navigator") is False
    expect(play.tool().locator("[data-action=share]")).to_be_hidden()
    no_violations(page)


# ---------------------------------------------------------------- 6. installable


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_installable_and_opens_offline_from_the_home_screen(
    browser_type: BrowserType, browser_type_launch_args: dict, site_server, viewport: dict, tmp_path: Path
) -> None:
    # Chromium reports installability only outside incognito, so this uses a real (temporary) profile.
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, viewport=viewport, service_workers="allow"
    )
    try:
        page = context.pages[0]
        page.goto(site_server.url)
        page.locator('.offline-offer [data-offline-action="keep"]').click()  # the calculator too, as a host would
        wait_until_offline_ready(page, python=True)
        cdp = page.context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        app = manifest["manifest"]
        assert app["name"] == "桌游助手 · Table Companion" and app["display"] == "kStandalone"
        assert app["startUrl"] == site_server.url
        sizes = {icon["sizes"]: icon["url"] for icon in app["icons"]}
        assert set(sizes) == {"192x192", "512x512"}
        for size, url in sizes.items():
            width, height = png_size(page.request.get(url).body())
            assert f"{width}x{height}" == size
        context.set_offline(True)
        page.goto(app["startUrl"])
        expect(page.locator("h1")).to_contain_text("Table Companion")
        page.goto(f"{app['startUrl']}play/#bruges/score")
        Play(page, site_server.url, "bruges").wait_ready()
    finally:
        context.close()


# ---------------------------------------------------------------- 7. accessible

AXE_RUN = """async ([rules, part]) => {
  const only = rules.length ? { runOnly: { type: "rule", values: rules } } : {};
  const result = await axe.run(part ?? document, { resultTypes: ["violations"], ...only });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}"""


COLOUR_RULES = ("color-contrast", "link-in-text-block")
"""The axe rules a theme can change the outcome of: the dark theme changes colours only (site.css's custom properties
under :root[data-theme=dark], which static/lang.js sets; no script draws differently by theme: play.js and search.js
re-render on every preference change but the theme's), so in it these are run (at one width: colours do not change
with it), and every rule in the light theme at both."""
THEMED = "(theme) => document.documentElement.dataset.theme === theme"


def axe_check(page: Page, where: str, found: dict[str, list[str]], dark: bool, part: str | dict | None = None) -> None:
    """Run axe-core on the page as it is now, or on one part of it: every rule in the light theme, then, if dark, the
    colour rules with the theme switched to dark in place (the system's setting changed, as a reader's phone does at
    dusk: lang.js follows it) and back; keep serious or critical violations by page and theme."""
    found[where] = page.evaluate(AXE_RUN, [[], part])
    if dark:
        for theme in ("dark", "light"):
            page.emulate_media(color_scheme=theme)
            page.wait_for_function(THEMED, arg=theme)
            if theme == "dark":
                found[f"{where}, dark"] = page.evaluate(AXE_RUN, [list(COLOUR_RULES), part])


def play_views(page: Page, base: str, found: dict[str, list[str]], label: str, dark: bool) -> None:
    """Every game's every tool on play/: the whole page at the first view; at each game's first, the game's section;
    at its other tools, the tool shown and the game's tool tabs. A view changes only which game and tool are shown
    and which tab is current (route() in static/play.js): the page's own rules (its title, landmarks, unique ids) were
    run on it whole, and the section's heading and controls, the same at every tool, at the game's first view; in a
    part axe skips what is hidden as it does in the page. Axe's cost grows with the part: a tool costs about half its
    section."""
    first = True
    for game in GAMES.values():
        section = f'section.game[data-game="{game.id}"]'
        for index, tool in enumerate(["setup", "score", *[h.id for h in game.helpers]]):
            page.goto(f"{base}play/#{game.id}/{tool}")
            shown = f'{section} [data-tool="{tool}"]'
            expect(page.locator(shown)).to_be_visible()
            part = None if first else section if index == 0 else {"include": [[shown], [f"{section} .tool-tabs"]]}
            axe_check(page, f"{label} play {game.id}/{tool}", found, dark, part)
            first = False


@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_axe_finds_no_serious_violation_on_any_page(warm_page: Page, site_server, width: str) -> None:
    """Every rule in the light theme at both widths; on the phone, the colour rules in the dark theme too, each page
    loaded once for both themes (the theme switched in place)."""
    assert AXE.is_file(), "axe-core is missing: run npm ci"
    found: dict[str, list[str]] = {}
    dark = width == "phone"
    page = watched_page(warm_page)
    page.set_viewport_size(VIEWPORTS[width])
    page.emulate_media(color_scheme="light")
    page.add_init_script(path=AXE)
    for path in ["", "offline.html", *[f"rules/{g}/" for g in GAMES]]:
        page.goto(site_server.url + path)
        axe_check(page, path or "home", found, dark)
    open_settings(page)
    axe_check(page, "settings panel", found, dark)
    play_views(page, site_server.url, found, "en", dark)
    play = Play(page, site_server.url, "bruges").open("score")
    fill_bruges_tie(play)
    play.fill("majority_markers", 1, "abc")
    expect(play.problems()).to_contain_text("is not a number")
    axe_check(page, "filled sheet with a problem", found, dark)
    page.get_by_role("button", name="中文").click()
    choose(page, "繁體")
    axe_check(page, "filled sheet, Traditional", found, dark)
    page.goto(f"{site_server.url}rules/palais-royal/")
    axe_check(page, "rules, Traditional", found, dark)
    assert any(where.endswith(", dark") for where in found) == dark
    no_violations(page)
    assert {where: v for where, v in found.items() if v} == {}


CONTROL_NAMES = """() => [...document.querySelectorAll("section.game:not([hidden]) [data-tool]:not([hidden]) :is(input, select)")]
  .filter((el) => el.checkVisibility()).map((el) => el.id || el.outerHTML.slice(0, 90))"""


def test_every_field_has_a_name_in_the_readers_language(warm_page: Page, site_server, viewport: dict) -> None:
    page = watched_page(warm_page)
    play = Play(page, site_server.url, "bruges").open("score")
    play.name(0, "Ann")
    cdp = page.context.new_cdp_session(page)

    def names() -> dict[str, str]:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        wanted = {"textbox", "combobox", "checkbox", "radio", "spinbutton"}
        return {
            n["nodeId"]: n.get("name", {}).get("value", "")
            for n in nodes
            if not n.get("ignored") and n.get("role", {}).get("value") in wanted
        }

    for lang in ("en", "zh"):
        if lang == "zh":
            page.get_by_role("button", name="中文").click()
        for game in ("bruges", "palais-royal", "furstenfeld"):
            for tool in ["score", *[h.id for h in GAMES[game].helpers]]:
                page.goto(f"{site_server.url}play/#{game}/{tool}")
                expect(page.locator(f'section.game[data-game="{game}"] [data-tool="{tool}"]')).to_be_visible()
                seen = names()
                assert len(seen) >= 4
                assert [n for n in seen.values() if not n.strip()] == [], f"{game}/{tool}: unnamed field"
                if lang == "en":
                    assert [n for n in seen.values() if zh_script.CJK.search(n)] == [], f"{game}/{tool}"
    page.goto(f"{site_server.url}play/#bruges/score")
    expect(play.field("score_track", 0)).to_be_visible()
    assert "计分条 玩家 1 Ann" in names().values()
    no_violations(page)


def test_problems_are_announced_as_alerts(warm_page: Page, site_server, viewport: dict) -> None:
    page = watched_page(warm_page)
    play = Play(page, site_server.url, "bruges").open("score")
    play.fill_sheet([("Ann", {}), ("Bo", {})])
    play.fill("statues", 0, "x", entry=1)
    play.wait_ready()
    alert = play.problems()
    expect(alert).to_have_attribute("role", "alert")
    expect(alert).to_contain_text("is not a number")
    expect(play.field("statues", 0, entry=1)).to_have_attribute("aria-invalid", "true")
    no_violations(page)

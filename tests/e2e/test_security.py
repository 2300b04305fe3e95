"""No other host, no injection: every page's Content-Security-Policy holds (and really blocks), names are text."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import GAMES
from tests.e2e.playpage import VIEWPORTS, Play, csp_violations, foreign_requests, site_context

pytestmark = pytest.mark.e2e
GAME = "burgundy-cards"


def watch(page: Page) -> list[str]:
    """Collect the page's console errors and uncaught exceptions."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def policy(page: Page) -> str:
    """The page's Content-Security-Policy."""
    return page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")


def test_every_page_works_under_its_policy_without_a_violation(browser: Browser, site_server) -> None:
    with site_context(browser, VIEWPORTS["desktop"]) as context:
        page = context.new_page()
        errors = watch(page)
        pages = sorted(p.relative_to(site_server.root).as_posix() for p in site_server.root.rglob("*.html"))
        assert len(pages) >= 3 + len(GAMES)
        # play/python.html is play/'s hidden frame for PyScript (no content of its own), opened below with play/
        for path in [p.removesuffix("index.html") for p in pages if p not in {"play/index.html", "play/python.html"}]:
            page.goto(site_server.url + path)
            expect(page.locator("h1").first).to_be_visible()
            assert "'wasm-unsafe-eval'" not in policy(page) and "blob:" not in policy(page), path
            page.get_by_role("button", name="English", exact=True).click()
            assert csp_violations(page) == [], path

        play = Play(page, site_server.url, GAME).open()
        # play/ itself compiles no WebAssembly and makes no worker: its frame does (play/python.html keeps both)
        assert "wasm-unsafe-eval" not in policy(page) and "worker-src 'self';" in policy(page)
        assert "img-src 'self' blob:;" in policy(page)  # the result picture (static/result-picture.js)
        frame = page.frame_locator("iframe[src$='python.html']")
        assert "script-src 'self' 'wasm-unsafe-eval'" in frame.locator(
            'meta[http-equiv="Content-Security-Policy"]'
        ).get_attribute("content")
        play.fill_sheet([("Ann", {"estate_sets": 5, "start_player": 1}), ("Bo", {"estate_sets": 3})])
        play.expect_ranking(["1. Ann · 6", "2. Bo · 3"])  # Pyodide runs in its blob: worker under the policy
        play.tool().locator("[data-action=save-history]").click()
        play.section.get_by_role("button", name=re.compile("New game|新一局")).click()
        page.get_by_role("dialog").get_by_role("button", name=re.compile("Cancel|取消")).click()  # method=dialog
        for game in GAMES.values():
            for tool in ("setup", "score", *(h.id for h in game.helpers)):
                Play(page, site_server.url, game.id).open(tool)
                expect(page.locator(f'section[data-game="{game.id}"] [data-tool="{tool}"]')).to_be_visible()
        page.goto(f"{site_server.url}play/#history")
        expect(page.locator(".history-list .record")).to_have_count(1, timeout=60_000)
        assert csp_violations(page) == []
        assert errors == []
        assert foreign_requests(context, site_server.url) == []


def test_the_policy_blocks_inline_code_and_other_hosts(warm_page: Page, site_server) -> None:
    """The negative control: what the policy must stop is stopped, and the page says so."""
    page = warm_page  # the page's own listeners: nothing context-wide is changed
    page.set_viewport_size(VIEWPORTS["desktop"])
    failed: list[str] = []
    answered: list[str] = []
    page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
    page.on("response", lambda response: answered.append(response.url))
    Play(page, site_server.url, GAME).open().wait_ready()
    page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "window.__ran = 'inline script'";
            document.body.append(script);
            const button = document.createElement("button");
            button.setAttribute("onclick", "window.__ran = 'inline handler'");
            document.body.append(button);
            button.click();
            const img = document.createElement("img");
            img.src = "https://example.com/pixel.png";
            document.body.append(img);
            const style = document.createElement("style");
            style.textContent = "body { display: none }";
            document.head.append(style);
        }"""
    )
    fetched = page.evaluate("fetch('https://example.com/').then(() => 'fetched', () => 'refused')")
    page.wait_for_function("window.__cspViolations.length >= 5")
    assert page.evaluate("window.__ran") is None
    assert fetched == "refused"
    expect(page.locator("body")).to_be_visible()
    blocked = " | ".join(csp_violations(page))
    for directive in ("script-src-elem blocked inline", "script-src-attr blocked inline", "img-src", "style-src"):
        assert directive in blocked
    assert "connect-src blocked https://example.com/" in blocked
    assert failed == ["https://example.com/pixel.png csp"]  # stopped by the policy before it left
    assert [url for url in answered if "example.com" in url] == []


def test_a_name_with_html_or_script_is_shown_as_text(warm_page: Page, site_server) -> None:
    """On a phone only: what is checked is the text the page writes, which no viewport changes."""
    page = warm_page
    errors = watch(page)
    play = Play(page, site_server.url, GAME).open()
    page.get_by_role("button", name="English").click()
    play.fill_sheet([("<img src=x onerror=window.__xss=1>", {"estate_sets": 5, "start_player": 1}), ("Bo", {})])
    play.wait_ready()
    expect(play.problems()).to_contain_text("The first player's name: cannot contain < or >.", use_inner_text=True)
    expect(play.tool().locator('[data-field=name][data-player="0"]')).to_have_value(
        "<img src=x onerror=window.__xss=1>"
    )  # kept as typed, to be corrected
    # Names that are allowed, however much they look like markup or code, come back as the same text.
    names = ['" onfocus="window.__xss=1" autofocus x="', "&lt;script&gt;alert(1)&lt;/script&gt;", "{{7*7}}"]
    play.set_players(3)
    for index, name in enumerate(names):
        play.name(index, name)
    play.fill("estate_sets", 2, 1)
    play.expect_ranking([f"1. {names[0]} · 6", f"2. {names[2]} · 1", f"3. {names[1]} · 0"])
    ranking = play.tool().locator(".ranking")
    assert ranking.locator("img, script, [onfocus], [autofocus]").count() == 0
    assert ranking.locator("bdi.player-name").all_text_contents() == [names[0], names[2], names[1]]
    page.reload()
    expect(play.tool().locator('[data-field=name][data-player="0"]')).to_have_value(names[0])
    assert page.evaluate("window.__xss") is None
    assert page.locator("img").count() == 0
    assert errors == []
    assert csp_violations(page) == []


def test_a_picture_with_a_script_a_handler_or_a_style_is_dropped(warm_page: Page, site_server) -> None:
    page = warm_page
    page.goto(f"{site_server.url}play/")
    kept = page.evaluate(
        """async () => {
            const { svgNode } = await import(new URL("../static/figure.js", location.href).href);
            const svg = (inside) => `<svg xmlns="http://www.w3.org/2000/svg"><g><rect width="1"/>${inside}</g></svg>`;
            return [
                "", '<rect ONclick="x"/>', '<circle r="1" onload="x"/>', "<script>x</script>", '<rect style="x"/>',
            ].map((inside) => svgNode(svg(inside)) !== null);
        }"""
    )
    assert kept == [True, False, False, False, False]

"""Result charts and setup diagrams on the built site, on a phone and a desktop: drawn, updated, readable in both
languages and in dark mode, no inline style refused by the CSP. Screenshots go to test-results/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from scoring import GAMES, get_game
from tests.e2e.playpage import VIEWPORTS, Play, foreign_requests, site_context

pytestmark = pytest.mark.e2e
ESTATE = get_game("burgundy-cards").category_labels()["estate_sets"]
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
CSP_WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
"""


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def viewport_name(request: pytest.FixtureRequest) -> str:
    """Each test runs on a phone and on a desktop."""
    return request.param


def open_page(context: BrowserContext) -> Page:
    """A new page that records every Content-Security-Policy violation, as an event and on the console."""
    return watched(context.new_page())


def watched(page: Page) -> Page:
    """The page, recording every Content-Security-Policy violation, as an event and on the console."""
    page.add_init_script(CSP_WATCH)
    page.csp_console = []  # type: ignore[attr-defined]
    page.on("console", lambda m: page.csp_console.append(m.text) if "Content Security Policy" in m.text else None)  # type: ignore[attr-defined]
    return page


def check_clean(page: Page, viewport_name: str) -> None:
    """No CSP violation was reported, and a phone never scrolls sideways."""
    assert page.evaluate("window.__csp") == []
    assert page.csp_console == []  # type: ignore[attr-defined]
    if viewport_name == "phone":
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS["phone"]["width"], f"page scrolls sideways on a phone ({width}px)"


def shot(target: Locator, name: str) -> None:
    """Write a screenshot for review."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    target.scroll_into_view_if_needed()
    target.screenshot(path=str(SHOTS / f"{name}.png"))


def visible_svg(figure: Locator) -> Locator:
    """The picture in the interface language (the other one is hidden)."""
    return figure.locator("svg.figure-svg:visible")  # not the viewports inside it (a name's room)


def bar_names(figure: Locator) -> list[str]:
    """The chart's bars, top to bottom, by player name."""
    return visible_svg(figure).locator("g.bar").evaluate_all("(bars) => bars.map((b) => b.dataset.name)")


def test_filled_chart_follows_the_ranking_and_the_totals(warm_page: Page, site_server, viewport_name: str) -> None:
    page = watched(warm_page)
    page.set_viewport_size(VIEWPORTS[viewport_name])
    play = Play(page, site_server.url, "burgundy-cards").open("score")
    play.fill_sheet(
        [
            (
                'Ann & "Al"',
                {
                    "estate_sets": 14,
                    "bonus_cards": 3,
                    "vp_cards": 2,
                    "goods_sold": 6,
                    "animal_kinds": 4,
                    "storage_cards": 1,
                },
            ),
            ("Bo", {"estate_sets": 20, "goods_sold": 8, "start_player": 1, "storage_cards": 4}),
            ("王小明", {"estate_sets": 18, "vp_cards": 3, "goods_sold": 4, "animal_kinds": 3, "storage_cards": 2}),
            ("Di", {"estate_sets": 9, "goods_sold": 3}),
        ]
    )
    play.expect_ranking(["1. Bo · 29", '2. Ann & "Al" · 29', "3. 王小明 · 27", "4. Di · 12"])
    figure = play.tool("score").locator("[data-figure=chart]")
    chart = page.get_by_role("img", name="Points by category, in place order")
    expect(chart).to_be_visible()
    assert bar_names(figure) == ["Bo", 'Ann & "Al"', "王小明", "Di"]
    ties = visible_svg(figure).locator("text.tie")  # only beside the two players tied on 29
    expect(ties).to_have_text(
        ["Tie-breaker: most cards left in storage 4", "Tie-breaker: most cards left in storage 1"]
    )
    expect(visible_svg(figure).locator("g.chart-legend")).to_contain_text(ESTATE.en)
    description = chart.evaluate("(svg) => svg.querySelector('desc').textContent")
    assert f"1. Bo: 29 points ({ESTATE.en} 20," in description
    widths = (
        visible_svg(figure)
        .locator("g.bar")
        .first.locator("rect.seg")
        .evaluate_all("(rects) => rects.map((r) => r.getBoundingClientRect().width)")
    )
    assert widths[0] / widths[1] == pytest.approx(20 / 8, rel=0.02)  # estate sets vs goods sold, on screen
    check_clean(page, viewport_name)
    shot(figure, f"chart-{viewport_name}")
    page.emulate_media(color_scheme="dark")
    shot(figure, f"chart-{viewport_name}-dark")
    page.emulate_media(color_scheme="light")

    play.fill("goods_sold", 3, 30)  # Di overtakes everyone: the chart follows as the total changes
    expect(visible_svg(figure).locator("g.bar").first).to_have_attribute("data-name", "Di")
    expect(visible_svg(figure).locator("text.total").first).to_have_text("39")
    page.locator("[data-ui-lang=zh]").click()
    expect(page.get_by_role("img", name="各项得分（按名次）")).to_be_visible()
    expect(visible_svg(figure).locator("g.chart-legend")).to_contain_text(ESTATE.zh)
    page.emulate_media(media="print")
    expect(visible_svg(figure)).to_be_visible()
    page.emulate_media(media="screen")
    page.locator("[data-ui-lang=en]").click()
    form = play.tool("score")
    play.name(0, "")  # a seat without a name is still ranked, as P1: the chart follows, under that name
    expect(visible_svg(figure).locator('g.bar[data-name="P1"]')).to_have_count(1)
    play.field("storage_cards", 1).fill("")  # Bo and Ann tie on 29 with Bo's tie-breaker blank: places wait,
    expect(form).to_have_attribute("data-state", "tie-open")  # so no chart of the places before this change
    expect(figure.locator("svg")).to_have_count(0)
    play.fill("storage_cards", 1, 4)  # settled again: the chart is back
    expect(visible_svg(figure).locator("g.bar").first).to_have_attribute("data-name", "Di")
    play.fill("goods_sold", 1, "x")  # an incomplete sheet has no ranking and no chart
    expect(form).to_have_attribute("data-state", "incomplete")
    expect(figure.locator("svg")).to_have_count(0)
    check_clean(page, viewport_name)
    assert foreign_requests(page.context, site_server.url) == []
    furstenfeld_charts_palaces_built(page, site_server.url, viewport_name)


def furstenfeld_charts_palaces_built(page: Page, base_url: str, viewport_name: str) -> None:
    """Fürstenfeld's chart (palaces built, no points), in the same page: another game is a change of view."""
    play = Play(page, base_url, "furstenfeld").open("score")
    play.fill_sheet(
        [
            ("Ann", {"palaces": 5, "turn_position": 1}),
            ("Bo", {"palaces": 6, "turn_position": 2}),
            ("Cy", {"palaces": 3, "turn_position": 3}),
        ]
    )
    figure = play.tool("score").locator("[data-figure=chart]")
    palaces = get_game("furstenfeld").category_labels()["palaces"].en
    expect(page.get_by_role("img", name=palaces)).to_be_visible(timeout=60_000)
    # The chart follows each change as it is typed: wait for the whole sheet's (Cy's name came last), then read it.
    expect(visible_svg(figure).locator("text.name")).to_have_text(["1. Bo", "– Ann", "– Cy"])
    assert bar_names(figure) == ["Bo", "Ann", "Cy"]
    check_clean(page, viewport_name)
    shot(figure, f"chart-furstenfeld-{viewport_name}")


def test_default_diagrams_are_there_before_python(browser: Browser, site_server, viewport_name: str) -> None:
    with site_context(browser, VIEWPORTS[viewport_name]) as context:
        refused: list[str] = []  # what was refused, and what the page said: named if the state never turns "failed"
        context.route("**/pyodide/**", lambda route: (refused.append(route.request.url), route.abort()))
        page = open_page(context)  # Python never starts
        said: list[str] = []
        page.on("console", lambda message: said.append(f"{message.type}: {message.text}"[:300]))
        page.on("worker", lambda worker: said.append(f"worker started: {worker.url}"))
        for game in GAMES.values():
            Play(page, site_server.url, game.id).open("setup")
            figure = page.locator(f'section[data-game="{game.id}"] [data-figure=diagram]')
            expect(visible_svg(figure)).to_be_visible()
            count = int(page.locator(f'section[data-game="{game.id}"]').get_attribute("data-default"))
            assert f"{count} players" in visible_svg(figure).locator("title").text_content()
            shot(figure, f"diagram-{game.id}-{viewport_name}")
        state = page.locator(".calculator-state")
        try:
            expect(state).to_have_attribute("data-state", "failed", timeout=60_000)
        except AssertionError as error:  # clean-clone run 29 saw "loading" after 60 s once (not reproduced since)
            raise AssertionError(f"{error}\nrefused: {refused}\nthe page said: {said}") from None
        check_clean(page, viewport_name)


CHANGES = [
    ("burgundy-cards", 2, "Beside the display: 7 action cards face up"),
    ("palais-royal", 3, "Each player's 18 servants (3 players)"),
    ("bruges", 3, "Extra draw pile: the other 2 stacks"),
    ("furstenfeld", 2, "5 breweries: 2 open"),
    ("tuscany", 3, "Each of the 3 players: 3 stacks of 7"),
]


def test_diagrams_follow_the_player_count(warm_page: Page, site_server, viewport_name: str) -> None:
    page = watched(warm_page)
    page.set_viewport_size(VIEWPORTS[viewport_name])
    for game, players, words in CHANGES:  # one page: Python starts once
        play = Play(page, site_server.url, game).open("setup")
        play.wait_ready()
        play.set_players(players)
        figure = play.tool("setup").locator("[data-figure=diagram]")
        expect(visible_svg(figure).locator("desc")).to_contain_text(words, timeout=60_000)
        expect(play.tool("setup").locator(".checklist")).to_have_attribute("data-players", str(players))
        shot(figure, f"diagram-{game}-{players}p-{viewport_name}")
    check_clean(page, viewport_name)

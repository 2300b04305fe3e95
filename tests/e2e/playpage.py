"""Helpers for driving play/ in the e2e tests: open a game's tool, fill a sheet, read the ranking.

The Playwright (Chromium only) page object. Its twin for Chromium, Firefox and WebKit is tests/engines/play.py: extend
this one for a Chromium-only check (viewports, screenshots, the service worker, the clock), that one for anything a
player meets that may differ between engines (docs/tests.md, "Which page object to extend").
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, BrowserContext, Page, expect

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}


RECORD_CSP = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
});
"""
"""Runs before every page's own scripts: records what the Content-Security-Policy blocks."""


def record(context: BrowserContext) -> BrowserContext:
    """Record the context's requests (to prove none left the site) and the CSP violations of its pages."""
    context.requested = []  # type: ignore[attr-defined]
    context.on("request", lambda request: context.requested.append(request.url))  # type: ignore[attr-defined]
    context.add_init_script(RECORD_CSP)
    return context


@contextmanager
def site_context(browser: Browser, viewport: dict, **kwargs: object) -> Iterator[BrowserContext]:
    """A fresh context that records every request, so tests can prove none left the site."""
    context = record(browser.new_context(viewport=viewport, **{"service_workers": "allow", **kwargs}))
    try:
        yield context
    finally:
        context.close()


EMPTY_STORAGE = (
    """() => { localStorage.clear(); sessionStorage.clear(); return localStorage.length + sessionStorage.length; }"""
)


def fresh_page(context: BrowserContext, base_url: str) -> Page:
    """A new page in a shared context, the context's other pages closed, the site's storage emptied (checked) and its
    permissions and request log cleared: what one test leaves there is not the next one's.

    The page empties the storage from a stylesheet of the site, which runs none of the site's scripts (nothing writes
    while it clears), and is then the test's: one page opened per test, not two.
    """
    for page in list(context.pages):
        page.close()
    context.clear_permissions()
    page = context.new_page()
    page.goto(f"{base_url}static/site.css")
    left = page.evaluate(EMPTY_STORAGE)
    assert left == 0, f"{left} keys left in the site's storage after emptying it"
    context.requested.clear()  # type: ignore[attr-defined]
    return page


def csp_violations(page: Page) -> list[str]:
    """What the Content-Security-Policy blocked on this page so far."""
    return page.evaluate("window.__cspViolations")


def foreign_requests(context: BrowserContext, origin: str) -> list[str]:
    """Requests that went anywhere but the site's own origin."""
    return [
        url
        for url in context.requested  # type: ignore[attr-defined]
        if not (url.startswith(origin) or url.startswith(f"blob:{origin}") or url.startswith("data:"))
    ]


class Play:
    """The play/ page, one game at a time."""

    def __init__(self, page: Page, base_url: str, game: str) -> None:
        self.page = page
        self.base_url = base_url
        self.game = game

    def open(self, tool: str = "score") -> Play:
        """Navigate to the game's tool."""
        self.page.goto(f"{self.base_url}play/#{self.game}/{tool}")
        return self

    @property
    def section(self):
        """The game's section of the page."""
        return self.page.locator(f'section.game[data-game="{self.game}"]')

    def tool(self, tool: str = "score"):
        """One tool (form or checklist) of the game."""
        return self.section.locator(f'[data-tool="{tool}"]')

    def wait_ready(self) -> None:
        """Wait until Python runs in the worker."""
        expect(self.page.locator(".calculator-state")).to_have_attribute("data-state", "ready", timeout=60_000)

    def set_players(self, count: int) -> None:
        """Choose the player count."""
        self.section.locator("[data-role=players]").select_option(str(count))

    def set_option(self, key: str, on: bool) -> None:
        """Switch a variant on or off."""
        self.section.locator(f'[data-option="{key}"]').set_checked(on)

    def name(self, player: int, name: str, tool: str = "score") -> None:
        """Type a player's name."""
        self.tool(tool).locator(f'[data-field=name][data-player="{player}"]').fill(name)

    def field(self, key: str, player: int, entry: int | None = None, part: int | None = None, tool: str = "score"):
        """One input of a form."""
        selector = f'[data-field="{key}"][data-player="{player}"]'
        if entry is not None:
            selector += f'[data-entry="{entry}"]'
        if part is not None:
            selector += f'[data-part="{part}"]'
        return self.tool(tool).locator(selector)

    def fill(self, key: str, player: int, value: str | int, tool: str = "score", **where: int) -> None:
        """Type a value, or tick the radio for one-player marks."""
        target = self.field(key, player, tool=tool, **where)
        if target.get_attribute("type") == "radio":
            target.check()
        else:
            target.fill(str(value))

    def fill_sheet(self, players: list[tuple[str, dict[str, object]]], tool: str = "score") -> None:
        """Type names and values for each player in turn."""
        self.set_players(len(players))
        for index, (name, scores) in enumerate(players):
            self.name(index, name, tool=tool)
            for key, value in scores.items():
                if isinstance(value, list | tuple):
                    for entry, item in enumerate(value):
                        if isinstance(item, list | tuple):
                            for part, sub in enumerate(item):
                                self.fill(key, index, sub, tool=tool, entry=entry, part=part)
                        else:
                            self.fill(key, index, item, tool=tool, entry=entry)
                else:
                    self.fill(key, index, value, tool=tool)

    def ranking(self) -> list[str]:
        """The ranking's headline per player, e.g. '1. Ann · 42', once the result is final."""
        form = self.tool("score")
        expect(form).to_have_attribute("data-state", "final", timeout=60_000)
        return [line.strip() for line in form.locator(".ranking .who").all_inner_texts()]

    def expect_ranking(self, lines: list[str]) -> None:
        """Wait until the ranking reads exactly these lines."""
        expect(self.tool("score").locator(".ranking .who")).to_have_text(lines, timeout=60_000)

    def reasons(self) -> list[str]:
        """Why each place was decided, in both languages (the page shows the reader's)."""
        return self.tool("score").locator(".ranking .why").all_text_contents()

    def problems(self, tool: str = "score"):
        """The problem list of a form."""
        return self.tool(tool).locator(".problems")


OFFLINE_STATUS = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  navigator.serviceWorker.controller.postMessage({ type: "status" }, [channel.port2]);
  setTimeout(() => resolve(null), 5000); // a worker being replaced drops the question: null, to be asked again
})"""
"""In a page the service worker controls: what it holds offline, per tier (sw.template.js's status()); null when no
answer came (the question went to a worker an update made redundant: test_offline.py's update test hung there)."""


def no_sideways_scroll(page: Page, viewport: dict) -> None:
    """On a phone the page itself never scrolls sideways."""
    if viewport["width"] < 400:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"page scrolls sideways on a phone ({width}px)"


def frames_drawn(page: Page, frames: int = 2) -> None:
    """Wait until the browser has drawn this many more frames: what a change set off (a scroll, a layout) is on screen.

    The signal that a negative check ("nothing moved", "nothing was asked") waits for, instead of a fixed sleep.
    """
    page.evaluate(
        "(n) => new Promise((done) => { const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : done()); next(n); })",
        frames,
    )


def offline_status(page: Page) -> dict:
    """The service worker's answer: {light: {stored, total}, python: {stored, total, bytes}, version}."""
    return wait_for_async(page, OFFLINE_STATUS)  # asked again of the page's controller as it is now


def wait_for_async(page: Page, script: str, arg: object = None, timeout_ms: float = 60_000) -> object:
    """Evaluate an async script until it resolves to something truthy; return that.

    (Playwright's wait_for_function does not await a promise: an async predicate is truthy at once.)
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{script[:80]!r} stayed {value!r} for {timeout_ms / 1000:.0f} s")
        page.wait_for_timeout(250)


SW_READY = """() => Promise.race([
  navigator.serviceWorker.ready.then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), 30000)),
])"""


def wait_until_offline_ready(page: Page, python: bool | None = None, timeout_ms: float = 60_000) -> None:
    """Wait until the service worker controls the page and holds the light tier, and the Python tier too when
    python is true (by default: on play/, which keeps it)."""
    assert page.evaluate(SW_READY), "no active service worker within 30 s"
    if page.evaluate("navigator.serviceWorker.controller === null"):
        page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    if python is None:
        python = page.evaluate("document.body.classList.contains('page-play')")
    tiers = ["light", "python"] if python else ["light"]
    wait_for_async(
        page,
        f"""async (tiers) => {{
            const state = await ({OFFLINE_STATUS})();
            return state !== null && tiers.every((tier) => state[tier].stored === state[tier].total);
        }}""",
        tiers,
        timeout_ms,
    )


READERS = {"zh-hans": ("zh", "hans"), "zh-hant": ("zh", "hant"), "en": ("en", "hans")}
"""Interface language and Chinese script of each reader."""
PAPER = ("A4", "Letter")


def as_reader(page: Page, reader: str) -> None:
    """Remember the reader's language and script before the page's first script runs."""
    lang, script = READERS[reader]
    page.add_init_script(f"localStorage.setItem('tc:lang', '{lang}'); localStorage.setItem('tc:script', '{script}');")


def pdf_pages(pdf: bytes) -> int:
    """How many pages a PDF printed by Chromium has (its page objects are not compressed)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def prints_on_one_page_in_the_readers_language(page: Page, url: str, reader: str, line: str, part: str) -> None:
    """Open a page as the reader: it prints on one A4 and one Letter page, and in print the first `line` shows its
    `part` (a selector within it, `{lang}` standing for l-en or l-zh) in the reader's language only."""
    as_reader(page, reader)
    page.goto(url)
    for paper in PAPER:
        assert pdf_pages(page.pdf(format=paper)) == 1, f"{url} as {reader} is not one {paper} page"
    page.emulate_media(media="print")
    shown, hidden = ("l-en", "l-zh") if reader == "en" else ("l-zh", "l-en")
    first = page.locator(line).first
    expect(first.locator(part.format(lang=shown)).locator("visible=true")).to_have_count(1)
    expect(first.locator(part.format(lang=hidden)).locator("visible=true")).to_have_count(0)

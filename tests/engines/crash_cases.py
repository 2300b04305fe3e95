"""Cases for tests/engines/test_browser_crash.py, which runs them in one pytest of its own on the three engines (the
file name keeps them out of every other run): the browser's process is killed or stopped during a test."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from tests.engines.conftest import Engine
from tests.engines.drivers import ChromiumBrowser, FirefoxBrowser, Tab, WebKitBrowser

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
MARKS = Path(os.environ.get("TC_CRASH_MARKS", "."))


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The site the outer test built (not built a second time)."""
    return Path(os.environ["TC_BUILT_SITE"])


@pytest.fixture(autouse=True)
def _note_processes(tab: Tab, engine: Engine) -> None:
    """Write down every process of every browser a test used, for the outer test to check none is left running."""
    with (MARKS / "processes").open("a") as out:
        out.write(" ".join(str(pid) for pid in own_processes(engine)) + "\n")


def own_processes(engine: Engine) -> list[int]:
    """The processes (and process groups) the harness started for this browser."""
    browser = engine.browser
    if isinstance(browser, WebKitBrowser):
        return [browser.service.process.pid, browser.screen.process.pid, browser.minibrowser_pid or 0]
    if isinstance(browser, FirefoxBrowser):
        return [browser.process.pid, browser.browser_pid or 0]
    assert isinstance(browser, ChromiumBrowser)
    return [browser.pid or 0]


def main_process(engine: Engine) -> int:
    """The browser's own process: MiniBrowser, firefox-esr or chromium-headless-shell."""
    browser = engine.browser
    pid = {WebKitBrowser: "minibrowser_pid", FirefoxBrowser: "browser_pid", ChromiumBrowser: "pid"}[type(browser)]
    found = getattr(browser, pid)
    assert found, f"{engine.name}: the browser's process was not found"
    return found


def first_time(name: str) -> bool:
    """Whether this is the first attempt of this case (its mark is made now)."""
    mark = MARKS / name
    if mark.exists():
        return False
    mark.touch()
    return True


def visit(tab: Tab) -> None:
    """Open a page of the site and read it back."""
    tab.goto(tab.site.url + "__phone.html")  # type: ignore[attr-defined]
    assert tab.js("() => document.title") == "phone"


def test_a_browser_killed_once(tab: Tab, engine: Engine) -> None:
    visit(tab)
    if first_time(f"killed-once-{engine.name}"):
        os.kill(main_process(engine), signal.SIGKILL)
    assert tab.js("() => 6 * 7") == 42  # fails on the first attempt: the browser is gone


def test_b_browser_killed_every_time(tab: Tab, engine: Engine) -> None:
    visit(tab)
    os.kill(main_process(engine), signal.SIGKILL)
    assert tab.js("() => 6 * 7") == 42  # fails on both attempts


def test_c_the_next_test_gets_a_browser(tab: Tab) -> None:
    visit(tab)


def test_d_a_real_failure_is_not_run_again(tab: Tab) -> None:
    visit(tab)
    assert tab.js("() => 6 * 7") == 43


@pytest.mark.timeout(8)  # Playwright's commands have no time limit of their own: only this ends a hung Chromium
def test_e_browser_stopped(tab: Tab, engine: Engine) -> None:
    visit(tab)
    os.kill(main_process(engine), signal.SIGSTOP)  # hung: the process runs, but answers nothing
    assert tab.js("() => 6 * 7") == 42


def test_f_the_next_test_gets_a_browser(tab: Tab) -> None:
    visit(tab)

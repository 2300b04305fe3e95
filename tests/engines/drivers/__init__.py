"""One small driver per browser engine, with the same few verbs, so one table of tests runs on all three.

Chromium: Debian's chromium through Playwright (the browser pytest-playwright starts). Firefox: Debian's firefox-esr
over WebDriver BiDi by puppeteer-core (tests/engines/firefox.mjs, a Node process spoken to in JSON lines). WebKit:
Debian's WebKitGTK MiniBrowser through WebKitWebDriver and Selenium, on an Xvfb screen (its --headless hung here).
Each engine's browser is started once per test session; each test gets a fresh profile or origin.

A browser that dies or stops answering must cost one test, never the run: every command to Firefox's driver and to
WebKitWebDriver has a time limit, each browser can tell whether its own processes still run (`gone`) and whether it
answers (`answers`), and can be killed outright (`kill`). Firefox's and WebKit's output (the driver's, the browser's
and Xvfb's) goes to a log file of each start under test-results/engines/logs/, whose last lines a failure quotes.

A module an engine: base.py (what they share: Tab, Browser, the errors and time limits, processes and logs),
chromium.py, firefox.py, webkit.py.
"""

from .base import (
    COMMAND_TIMEOUT,
    LOGS,
    PAGE_LOAD_TIMEOUT,
    PROBE_TIMEOUT,
    ROOT,
    SCRIPT_TIMEOUT,
    START_TIMEOUT,
    Browser,
    BrowserGone,
    BrowserHung,
    EngineError,
    Tab,
    children_named,
    clear_logs,
    kill_group,
    log_file,
    processes,
    running,
)
from .chromium import ChromiumBrowser, ChromiumTab
from .firefox import FIREFOX, FirefoxBrowser, FirefoxTab
from .webkit import MINIBROWSER_PATHS, WEBKIT_DRIVER, WebKitBrowser, WebKitTab, Xvfb, minibrowser, proxy_environment

__all__ = [
    "COMMAND_TIMEOUT",
    "FIREFOX",
    "LOGS",
    "MINIBROWSER_PATHS",
    "PAGE_LOAD_TIMEOUT",
    "PROBE_TIMEOUT",
    "ROOT",
    "SCRIPT_TIMEOUT",
    "START_TIMEOUT",
    "WEBKIT_DRIVER",
    "Browser",
    "BrowserGone",
    "BrowserHung",
    "ChromiumBrowser",
    "ChromiumTab",
    "EngineError",
    "FirefoxBrowser",
    "FirefoxTab",
    "Tab",
    "WebKitBrowser",
    "WebKitTab",
    "Xvfb",
    "children_named",
    "clear_logs",
    "kill_group",
    "log_file",
    "minibrowser",
    "processes",
    "proxy_environment",
    "running",
]

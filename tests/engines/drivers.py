"""One small driver per browser engine, with the same few verbs, so one table of tests runs on all three.

Chromium: Debian's chromium through Playwright (the browser pytest-playwright starts). Firefox: Debian's firefox-esr
over WebDriver BiDi by puppeteer-core (tests/engines/firefox.mjs, a Node process spoken to in JSON lines). WebKit:
Debian's WebKitGTK MiniBrowser through WebKitWebDriver and Selenium, on an Xvfb screen (its --headless hung here).
Each engine's browser is started once per test session; each test gets a fresh profile or origin.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIREFOX = shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
WEBKIT_DRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
MINIBROWSER_PATHS = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
)


class EngineError(AssertionError):
    """The page or the browser answered with an error."""


class Tab:
    """One page of one engine, in a profile of its own. Subclasses implement the verbs."""

    engine = ""
    sees_console = True  # whether console errors and uncaught exceptions can be read

    def goto(self, url: str) -> None:
        """Navigate and wait for the load event."""
        raise NotImplementedError

    def reload(self) -> None:
        """Reload and wait for the load event."""
        raise NotImplementedError

    def js(self, source: str, *args: object) -> Any:
        """Run a JavaScript function (source text; may be async) in the page with these arguments; its JSON value."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        """Click an element as a user does."""
        raise NotImplementedError

    def type(self, selector: str, text: str) -> None:
        """Replace a field's text by typing it with the keyboard."""
        raise NotImplementedError

    def select(self, selector: str, value: str) -> None:
        """Choose an option of a <select>."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        """Save what the viewport shows."""
        raise NotImplementedError

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions since the last call."""
        return []

    def close(self) -> None:
        """Forget the profile."""

    def wait(self, source: str, *args: object, timeout: float = 60, what: str = "") -> Any:
        """Run the function until it returns something truthy; that value. Fails after timeout seconds."""
        deadline = time.monotonic() + timeout
        value: Any = None
        while True:
            try:
                value = self.js(source, *args)
            except Exception as error:  # a navigation under way: the page's context went away; ask again
                value = error
            if value and not isinstance(value, Exception):
                return value
            if time.monotonic() > deadline:
                raise EngineError(f"{self.engine}: waited {timeout:.0f} s for {what or source!r}; last value {value!r}")
            time.sleep(0.1)

    def check(self, selector: str) -> None:
        """Tick a checkbox or radio button if it is not ticked."""
        if not self.js("(s) => document.querySelector(s).checked", selector):
            self.click(selector)


class ChromiumTab(Tab):
    """Chromium through Playwright."""

    engine = "chromium"

    def __init__(self, browser: Any, width: int, height: int, proxy: str) -> None:
        self.context = browser.new_context(
            viewport={"width": width, "height": height},
            service_workers="allow",
            proxy={"server": proxy, "bypass": "127.0.0.1,localhost"},
        )
        self.page = self.context.new_page()
        self._errors: list[str] = []
        self.page.on(
            "console",
            lambda m: (
                self._errors.append(f"console: {m.text} ({m.location.get('url')})") if m.type == "error" else None
            ),
        )
        self.page.on("pageerror", lambda e: self._errors.append(f"pageerror: {e}"))

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="load")

    def reload(self) -> None:
        self.page.reload(wait_until="load")

    def js(self, source: str, *args: object) -> Any:
        return self.page.evaluate(f"(args) => ({source})(...args)", list(args))

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def type(self, selector: str, text: str) -> None:
        field = self.page.locator(selector)
        field.select_text() if field.input_value() else field.focus()
        self.page.keyboard.press("Backspace")
        if text:
            self.page.keyboard.type(text)

    def select(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def errors(self) -> list[str]:
        found, self._errors = self._errors, []
        return found

    def close(self) -> None:
        self.context.close()


class FirefoxBrowser:
    """firefox-esr started once, driven by tests/engines/firefox.mjs."""

    def __init__(self, proxy_port: int) -> None:
        self.process = subprocess.Popen(
            ["node", str(ROOT / "tests" / "engines" / "firefox.mjs"), FIREFOX, str(proxy_port)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        first = self.process.stdout.readline() if self.process.stdout else ""
        if not first.strip().startswith('{"ready"'):
            raise EngineError(f"firefox: the driver did not start ({first.strip() or 'no answer'})")

    def call(self, op: str, **args: object) -> Any:
        """Send one command and wait for its answer."""
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"op": op, "args": args}) + "\n")
        line = self.process.stdout.readline()
        if not line:
            raise EngineError(f"firefox: the driver stopped (exit {self.process.poll()})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise EngineError(f"firefox: {op}: {answer['error']}")
        return answer["value"]

    def version(self) -> str:
        """The browser's version."""
        return self.call("version")

    def quit(self) -> None:
        """Close the browser and its driver."""
        with contextlib.suppress(EngineError):
            self.call("quit")
        self.process.wait(timeout=20)


class FirefoxTab(Tab):
    """A page in a BiDi user context of its own (its own storage, cache and service workers)."""

    engine = "firefox"

    def __init__(self, browser: FirefoxBrowser, width: int, height: int) -> None:
        self.browser = browser
        self.id = browser.call("open", width=width, height=height)

    def goto(self, url: str) -> None:
        self.browser.call("goto", id=self.id, url=url)

    def reload(self) -> None:
        self.browser.call("reload", id=self.id)

    def js(self, source: str, *args: object) -> Any:
        return self.browser.call("js", id=self.id, source=source, args=list(args))

    def click(self, selector: str) -> None:
        self.browser.call("click", id=self.id, selector=selector)

    def type(self, selector: str, text: str) -> None:
        self.browser.call("type", id=self.id, selector=selector, text=text)

    def select(self, selector: str, value: str) -> None:
        self.browser.call("select", id=self.id, selector=selector, value=value)

    def screenshot(self, path: Path) -> None:
        self.browser.call("screenshot", id=self.id, path=str(path))

    def errors(self) -> list[str]:
        return self.browser.call("errors", id=self.id)

    def close(self) -> None:
        self.browser.call("close", id=self.id)


class Xvfb:
    """A virtual screen for WebKitGTK, on the first free display number."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise EngineError("webkit: Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        """Close the screen."""
        self.process.terminate()
        self.process.wait(timeout=10)


def minibrowser() -> str:
    """WebKitGTK's MiniBrowser (package libwebkit2gtk-4.1-0)."""
    for path in MINIBROWSER_PATHS:
        if Path(path).exists():
            return path
    raise EngineError("webkit: MiniBrowser not found (Debian package libwebkit2gtk-4.1-0)")


class WebKitBrowser:
    """MiniBrowser started once through WebKitWebDriver (Selenium), on an Xvfb screen."""

    def __init__(self, proxy_port: int) -> None:
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy

        self.screen = Xvfb()
        options = webdriver.WebKitGTKOptions()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        options.proxy = Proxy(
            {
                "proxyType": "manual",
                "httpProxy": f"127.0.0.1:{proxy_port}",
                "sslProxy": f"127.0.0.1:{proxy_port}",
                "noProxy": ["127.0.0.1", "localhost"],
            }
        )
        service = webdriver.WebKitGTKService(
            executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self.screen.display}
        )
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.screen.stop()
            raise
        self.driver.set_script_timeout(120)

    def version(self) -> str:
        """The engine's version."""
        return str(self.driver.capabilities.get("browserVersion", "?"))

    def quit(self) -> None:
        """Close the browser, its driver and the screen."""
        try:
            self.driver.quit()
        finally:
            self.screen.stop()


class WebKitTab(Tab):
    """The one MiniBrowser window; a fresh profile comes from a fresh origin (a new port) per test."""

    engine = "webkit"
    sees_console = False  # WebKitWebDriver offers no console log

    def __init__(self, browser: WebKitBrowser, width: int, height: int) -> None:
        self.driver = browser.driver
        self.driver.get("about:blank")
        self._size(width, height)

    def _size(self, width: int, height: int) -> None:
        """Make the page's viewport (not the window) this size."""
        self.driver.set_window_size(width, height)
        inner = self.driver.execute_script("return [innerWidth, innerHeight]")
        self.driver.set_window_size(width + (width - inner[0]), height + (height - inner[1]))

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def js(self, source: str, *args: object) -> Any:
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({source})(...arguments[0]))"
            ".then((value) => done({ value: value === undefined ? null : value }),"
            " (error) => done({ error: String(error && error.stack || error) }));",
            list(args),
        )
        if "error" in answer:
            raise EngineError(f"webkit: {answer['error']}")
        return answer["value"]

    def _element(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector: str) -> None:
        element = self._element(selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def type(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.keys import Keys

        element = self._element(selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].select()", element)
        element.send_keys(Keys.BACKSPACE)
        if text:
            element.send_keys(text)

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.support.select import Select

        Select(self._element(selector)).select_by_value(value)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

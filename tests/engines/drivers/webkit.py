"""WebKit: Debian's WebKitGTK MiniBrowser through WebKitWebDriver and Selenium, on an Xvfb screen (its --headless
hung here)."""

from __future__ import annotations

import base64
import contextlib
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import IO, Any

from .base import (
    COMMAND_TIMEOUT,
    PAGE_LOAD_TIMEOUT,
    PROBE_TIMEOUT,
    SCRIPT_TIMEOUT,
    START_TIMEOUT,
    Browser,
    BrowserGone,
    EngineError,
    Tab,
    children_named,
    kill_group,
    log_file,
    running,
)

WEBKIT_DRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"


MINIBROWSER_PATHS = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
)


SETTLED = """(css) => new Promise((resolve, reject) => {
    const element = document.querySelector(css);
    element.scrollIntoView({ block: 'center' });
    let last = '', same = 0, frames = 0;
    const look = () => {
        const r = element.getBoundingClientRect();
        const now = [r.x, r.y, r.width, r.height].join();
        same = now === last ? same + 1 : 0;
        last = now;
        if (same >= 2) return resolve(true);
        if (++frames > 600) return reject(new Error(css + ' kept moving for 600 frames'));
        requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
})"""
"""Resolves once the element, scrolled to the middle of the view, has kept its place over two animation frames."""


class Xvfb:
    """A virtual screen for WebKitGTK, on the first free display number."""

    def __init__(self, log: IO[str] | int = subprocess.DEVNULL) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=log,
            start_new_session=True,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.process.kill()
            raise BrowserGone("webkit: Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        """Close the screen."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def minibrowser() -> str:
    """WebKitGTK's MiniBrowser (package libwebkit2gtk-4.1-0)."""
    for path in MINIBROWSER_PATHS:
        if Path(path).exists():
            return path
    raise EngineError("webkit: MiniBrowser not found (Debian package libwebkit2gtk-4.1-0)")


def proxy_environment(port: int) -> dict[str, str]:
    """This environment with the recording proxy for WebKitGTK, and no other proxy. Not the WebDriver proxy
    capability: MiniBrowser 2.50.6 crashes now and then while its session starts (a general protection fault in
    strlen, under webkit_network_proxy_settings_new) when the capability has a `noProxy` list, whose hosts it hands
    on without the NULL that ends them."""
    proxy = f"http://127.0.0.1:{port}"
    mine = {"http_proxy": proxy, "https_proxy": proxy, "no_proxy": "127.0.0.1,localhost"}
    others = {key: value for key, value in os.environ.items() if not key.lower().endswith("_proxy")}
    return {**others, **mine, **{key.upper(): value for key, value in mine.items()}}


FASTER_FOR_TESTS = {
    # WebAssembly stays in JavaScriptCore's first compiling tier (BBQ), without the optimizing one (OMG), which
    # recompiles Python's hot functions on every page load. Tiers differ in speed only, never in what the code does.
    "JSC_useOMGJIT": "0",
}
"""What the tests (not `make bench`) start MiniBrowser with (docs/browsers.md, "Tuned for the tests"). Not
WEBKIT_DISABLE_COMPOSITING_MODE, which saved a fifth more but made each screenshot wait about 45 s."""

WEB_PROCESS_CRASHED = b"WebProcess CRASHED"
"""MiniBrowser's warning when its web process crashed."""


class WebKitBrowser(Browser):
    """MiniBrowser started once through WebKitWebDriver (Selenium), on an Xvfb screen.

    WebKitWebDriver waits for ever for a MiniBrowser that exits before it connects (seen: the session request never
    returns), so while the session starts a watcher kills the driver as soon as MiniBrowser is gone."""

    engine = "webkit"

    def __init__(self, proxy_port: int, faster: bool = False) -> None:
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        self.log = log_file(self.engine)
        self._log = self.log.open("a", buffering=1, encoding="utf-8")  # appended to, like the harness's notes
        self._log_new = self.log.open("rb")  # read for a web process's crash: its lines since this start
        self._log_new.seek(0, os.SEEK_END)
        self._log_seen = b""  # the end of what was read, for a line written in two parts
        self._crashed = ""
        self.minibrowser_pid: int | None = None
        self.viewport: tuple[tuple[int, int], tuple[int, ...]] | None = None
        """The viewport size WebKitTab asked for last, and the one the window then gave (WebKitGTK's window has a
        least width, so asked and given can differ)."""
        self.screen = Xvfb(self._log)
        options = webdriver.WebKitGTKOptions()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        # The driver, MiniBrowser and its web and network processes: one process group, killed whole if need be.
        self.service = webdriver.WebKitGTKService(
            executable_path=WEBKIT_DRIVER,
            env={
                **proxy_environment(proxy_port),
                **(FASTER_FOR_TESTS if faster else {}),
                "DISPLAY": self.screen.display,
            },
            log_output=self._log,
            popen_kw={"start_new_session": True},
        )
        try:
            self.service.start()
            # Selenium's default for a local driver is no time limit at all on a command.
            config = ClientConfig(remote_server_addr=self.service.service_url, timeout=START_TIMEOUT)
            self.connection = RemoteConnection(client_config=config)
            self.driver = self._start_session(
                lambda: webdriver.Remote(command_executor=self.connection, options=options)
            )
            self.connection.client_config.timeout = COMMAND_TIMEOUT
            self.driver.set_page_load_timeout(PAGE_LOAD_TIMEOUT)
            self.driver.set_script_timeout(SCRIPT_TIMEOUT)
        except BaseException:
            self.kill()
            raise

    def _start_session(self, start: Any) -> Any:
        """Start the session while watching MiniBrowser: kill the driver if MiniBrowser exits before it is ready."""
        started = threading.Event()
        seen: list[int] = []

        def watch() -> None:
            while not started.wait(0.05):
                if not seen:
                    seen.extend(children_named(self.service.process.pid, "MiniBrowser")[:1])
                elif not running(seen[0]) or self.screen.process.poll() is not None:
                    self.note(f"MiniBrowser (pid {seen[0]}) exited before its session started")
                    kill_group(self.service.process.pid)
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            driver = start()
        except Exception as error:
            raise BrowserGone(f"webkit: the browser did not start ({error})\n{self.log_tail()}") from error
        finally:
            started.set()
            watcher.join()
        self.minibrowser_pid = (seen or children_named(self.service.process.pid, "MiniBrowser") or [None])[0]
        return driver

    def gone(self) -> str:
        if self.screen.process.poll() is not None:
            return f"Xvfb (pid {self.screen.process.pid}) exited with {self.screen.process.returncode}"
        if self.service.process.poll() is not None:
            return f"WebKitWebDriver (pid {self.service.process.pid}) exited with {self.service.process.returncode}"
        if not running(self.minibrowser_pid):
            return f"MiniBrowser (pid {self.minibrowser_pid}) exited"
        return ""

    def page_crashed(self) -> str:
        """In words, if MiniBrowser has logged that its web process crashed: WebKitWebDriver then deletes the session,
        and every later command fails (seen once in test_dead_worker.py, 2026-11-27: the test waited its whole 120 s
        for an answer, each command failing with InvalidSessionIdException)."""
        if not self._crashed and not self._log_new.closed:
            new = self._log_seen + self._log_new.read()
            self._log_seen = new[-len(WEB_PROCESS_CRASHED) :]
            if WEB_PROCESS_CRASHED in new:
                self._crashed = "MiniBrowser's web process crashed (WebKitWebDriver deleted the session)"
        return self._crashed

    def answers(self) -> bool:
        self.connection.client_config.timeout = PROBE_TIMEOUT
        try:
            return self.driver.execute_script("return 1") == 1
        except Exception:  # a time-out, a closed connection, or the session deleted after a web process crash
            return False
        finally:
            self.connection.client_config.timeout = COMMAND_TIMEOUT

    def version(self) -> str:
        """The engine's version."""
        return str(self.driver.capabilities.get("browserVersion", "?"))

    def quit(self) -> None:
        """Close the browser, its driver and the screen (killed if they do not close)."""
        try:
            if not self.gone():
                self.connection.client_config.timeout = 20
                with contextlib.suppress(Exception):
                    self.driver.quit()  # ends the session; the driver's processes are killed below
        finally:
            self.kill()

    def kill(self) -> None:
        driver = getattr(self.service, "process", None)
        if driver:
            kill_group(driver.pid)
            with contextlib.suppress(subprocess.TimeoutExpired):
                driver.wait(timeout=10)
        self.screen.stop()
        self._log.close()
        self._log_new.close()


class WebKitTab(Tab):
    """The one MiniBrowser window; a fresh profile comes from a fresh origin (a new port) per test."""

    engine = "webkit"
    sees_console = False  # WebKitWebDriver offers no console log

    def __init__(self, browser: WebKitBrowser, width: int, height: int) -> None:
        self.browser = browser
        self.driver = browser.driver
        self.driver.get("about:blank")
        self._size(width, height)

    def _size(self, width: int, height: int) -> None:
        """Make the page's viewport (not the window) this size; nothing to do when the window is still as the last
        resize for this size left it (a resize costs WebKitGTK about a quarter second, a look one round trip; a size
        only remembered went stale in a whole session, clean-clone run 22)."""
        look = "return [innerWidth, innerHeight]"
        inner = tuple(self.driver.execute_script(look))
        if self.browser.viewport == ((width, height), inner):
            return
        self.driver.set_window_size(width, height)
        inner = self.driver.execute_script(look)
        self.driver.set_window_size(width + (width - inner[0]), height + (height - inner[1]))
        self.browser.viewport = ((width, height), tuple(self.driver.execute_script(look)))

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
        # WebDriver clicks at the element's centre as it is when the command arrives; a row that appears above it
        # meanwhile (the name picks, a message) moves it, and the click lands on its neighbour. So, as Playwright
        # does before a click: scrolled into view and in the same place in two frames running.
        element = self._element(selector)
        self.js(SETTLED, selector)
        element.click()

    def type(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        # Focus, then select all, as a tap and a long press would; the keys then go to the focused field. (Element
        # Send Keys focuses a field that is not focused and puts the caret at its end, losing the selection.) Found
        # by its selector in the same script: one round trip to the driver, not two.
        focused = self.driver.execute_script(
            "const el = document.querySelector(arguments[0]); if (!el) return 'missing';"
            " el.scrollIntoView({block: 'center'}); el.focus(); el.select(); return document.activeElement === el",
            selector,
        )
        if focused is not True:
            raise AssertionError(f"webkit: {selector} " + ("is not there" if focused else "did not take the focus"))
        keys = ActionChains(self.driver).send_keys(Keys.BACKSPACE)
        if text:
            keys.send_keys(text)
        keys.perform()

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.support.select import Select

        Select(self._element(selector)).select_by_value(value)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def pdf(self) -> bytes:
        from selenium.webdriver.common.print_page_options import PrintOptions

        options = PrintOptions()
        options.page_width, options.page_height = 21.0, 29.7  # A4, in cm
        options.background = True
        return base64.b64decode(self.driver.print_page(options))

    def browser_gone(self) -> str:
        return self.browser.gone()

    def page_crashed(self) -> str:
        return self.browser.page_crashed()

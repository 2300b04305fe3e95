"""One small driver per browser engine, with the same few verbs, so one table of tests runs on all three.

Chromium: Debian's chromium through Playwright (the browser pytest-playwright starts). Firefox: Debian's firefox-esr
over WebDriver BiDi by puppeteer-core (tests/engines/firefox.mjs, a Node process spoken to in JSON lines). WebKit:
Debian's WebKitGTK MiniBrowser through WebKitWebDriver and Selenium, on an Xvfb screen (its --headless hung here).
Each engine's browser is started once per test session; each test gets a fresh profile or origin.

A browser that dies or stops answering must cost one test, never the run: every command to Firefox's driver and to
WebKitWebDriver has a time limit, each browser can tell whether its own processes still run (`gone`) and whether it
answers (`answers`), and can be killed outright (`kill`). Firefox's and WebKit's output (the driver's, the browser's
and Xvfb's) goes to a log file of each start under test-results/engines/logs/, whose last lines a failure quotes.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import queue
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
FIREFOX = shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
WEBKIT_DRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
MINIBROWSER_PATHS = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
)
LOGS = Path(os.environ.get("TC_ENGINE_LOGS") or ROOT / "test-results" / "engines" / "logs")
"""Where each start of Firefox and WebKit writes its log (the variable is for test_browser_crash.py's own runs)."""
PAGE_LOAD_TIMEOUT = 60.0
"""Seconds a page may take to load (WebKit's page-load timeout; Firefox's navigation timeout)."""
SCRIPT_TIMEOUT = 60.0
"""Seconds one script run in the page may take (WebKit's script timeout; Firefox's protocol timeout)."""
COMMAND_TIMEOUT = float(os.environ.get("TC_ENGINE_COMMAND_TIMEOUT", 90))
"""Seconds the tests wait for a driver to answer one command before they take the browser for hung and kill it:
longer than the two above, so a live browser answers with its own timeout first (the variable is for the tests of
this, tests/engines/test_browser_crash.py)."""
START_TIMEOUT = 90.0
"""Seconds a browser and its driver may take to start (under a second on a quiet machine)."""
PROBE_TIMEOUT = min(10.0, COMMAND_TIMEOUT)
"""Seconds a trivial command may take when asking whether a browser still answers (milliseconds when it does)."""


class EngineError(AssertionError):
    """The page or the browser answered with an error."""


class BrowserGone(EngineError):
    """A process of the browser itself (or of its driver) has exited; the browser must be started again."""


class BrowserHung(EngineError):
    """The browser's driver did not answer in time; it was killed and must be started again."""


def processes() -> dict[int, tuple[str, int, int]]:
    """Every process: pid -> (state letter, parent pid, process group), read from /proc."""
    found = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = Path(entry.path, "stat").read_text().rpartition(")")[2].split()
                found[int(entry.name)] = (fields[0], int(fields[1]), int(fields[2]))
    return found


def running(pid: int | None) -> bool:
    """Whether a process runs (a zombie, exited but not yet reaped, does not)."""
    if not pid:
        return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _command_line(pid: int) -> list[str]:
    """A process's program and arguments ([""] once it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return [""]


def children_named(pid: int, name: str) -> list[int]:
    """Processes under this one (at any depth) whose program is called `name`."""
    table = processes()
    below, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for child, (_, ppid, _) in table.items():
            if ppid == parent:
                below.append(child)
                todo.append(child)
    return [child for child in below if _command_line(child)[0].endswith("/" + name)]


def kill_group(leader: int | None) -> None:
    """SIGKILL a process group this harness started (its leader and everything it started, orphans included), if
    anything of it is left (a group's number is not given to a new process while the group has members)."""
    if leader and any(group == leader for _, _, group in processes().values()):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(leader, signal.SIGKILL)


_STARTS = itertools.count(1)


def log_file(engine: str) -> Path:
    """A new log file for one start of a browser: test-results/engines/logs/<engine>-<n>.log."""
    LOGS.mkdir(parents=True, exist_ok=True)
    while True:
        path = LOGS / f"{engine}-{next(_STARTS)}.log"
        if not path.exists():
            return path


def clear_logs() -> None:
    """Remove the browser logs of earlier runs."""
    for old in LOGS.glob("*.log"):
        old.unlink(missing_ok=True)


class Browser:
    """A started browser: whether its processes run, whether it answers, how to stop it, and its log."""

    engine = ""
    log: Path | None = None

    def gone(self) -> str:
        """Which of its own processes has exited, in words; "" while they all run."""
        return ""

    def answers(self) -> bool:
        """Whether it answers a trivial command within PROBE_TIMEOUT seconds."""
        return not self.gone()

    def version(self) -> str:
        """The browser's version."""
        raise NotImplementedError

    def quit(self) -> None:
        """Close the browser and its driver."""

    def kill(self) -> None:
        """Stop every process it started, at once (a dead or hung browser cannot be asked to close)."""

    def note(self, line: str) -> None:
        """Add a line of the harness's own to the log."""
        if self.log:
            with self.log.open("a", encoding="utf-8") as out:
                out.write(f"== tests/engines: {line}\n")

    def log_tail(self, lines: int = 25) -> str:
        """The last lines of its log, with the log's path."""
        if not self.log:
            return f"({self.engine}: no log is kept)"
        try:
            with self.log.open(encoding="utf-8", errors="replace") as text:
                tail = "".join(deque(text, maxlen=lines)).rstrip()
        except OSError as error:
            return f"({self.log}: {error})"
        return f"last lines of {self.log}:\n{tail or '(empty)'}"


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

    def pdf(self) -> bytes:
        """The page as the engine prints it, on A4 (its print stylesheet, its page breaks)."""
        raise NotImplementedError

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions since the last call."""
        return []

    def close(self) -> None:
        """Forget the profile."""

    def browser_gone(self) -> str:
        """Which process of this tab's browser has exited, in words; "" while they all run."""
        return ""

    def wait(self, source: str, *args: object, timeout: float = 60, what: str = "") -> Any:
        """Run the function until it returns something truthy; that value. Fails after timeout seconds."""
        deadline = time.monotonic() + timeout
        value: Any = None
        while True:
            try:
                value = self.js(source, *args)
            except Exception as error:  # a navigation under way: the page's context went away; ask again
                if self.browser_gone():
                    raise
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


class ChromiumBrowser(Browser):
    """Debian's Chromium, launched by Playwright for the engine table, with a switch of its own on its command line
    (Chromium ignores it) by which its process is found. Playwright keeps no log of it here."""

    engine = "chromium"

    def __init__(self, launch: Callable[..., Any], args: list[str]) -> None:
        tag = f"--tc-engine-browser={os.getpid()}-{next(_STARTS)}"
        self.browser = launch(args=[*args, tag])
        found = [pid for pid in children_named(os.getpid(), "chromium") if tag in _command_line(pid)]
        self.pid = next((pid for pid in found if not any(a.startswith("--type=") for a in _command_line(pid))), None)

    def gone(self) -> str:
        if not self.browser.is_connected():
            return "Chromium's connection to Playwright closed"
        if not running(self.pid):
            return f"chromium (pid {self.pid}) exited"
        return ""

    def version(self) -> str:
        return self.browser.version

    def quit(self) -> None:
        if not self.gone():
            with contextlib.suppress(Exception):
                self.browser.close()
        self.kill()

    def kill(self) -> None:
        if running(self.pid) and self.pid:
            os.kill(self.pid, signal.SIGKILL)  # its helper processes follow it


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
        if field.input_value():
            field.select_text()
        else:
            field.focus()
        self.page.keyboard.press("Backspace")
        if text:
            self.page.keyboard.type(text)

    def select(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def pdf(self) -> bytes:
        return self.page.pdf(format="A4", print_background=True)

    def errors(self) -> list[str]:
        found, self._errors = self._errors, []
        return found

    def close(self) -> None:
        self.context.close()

    def browser_gone(self) -> str:
        return "" if self.context.browser.is_connected() else "Chromium's connection to Playwright closed"


class FirefoxBrowser(Browser):
    """firefox-esr started once, driven by tests/engines/firefox.mjs (one JSON line per command and per answer)."""

    engine = "firefox"

    def __init__(self, proxy_port: int) -> None:
        self.log = log_file(self.engine)
        with self.log.open("a") as log:  # appended to: the harness's own notes go to the same file
            self.process = subprocess.Popen(
                ["node", str(ROOT / "tests" / "engines" / "firefox.mjs"), FIREFOX, str(proxy_port)],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                bufsize=1,
                start_new_session=True,  # its own process group, killed whole if it hangs
            )
        self.browser_pid: int | None = None
        self._answers: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read_answers, daemon=True).start()
        first = self._next_answer("start", START_TIMEOUT)
        try:
            self.browser_pid = json.loads(first)["ready"]
        except (ValueError, KeyError, TypeError):
            self.kill()
            raise BrowserGone(f"firefox: the driver did not start ({first.strip()})\n{self.log_tail()}") from None

    def _read_answers(self) -> None:
        """Hand each line the driver writes to the waiting command; None when it stops writing."""
        assert self.process.stdout
        for line in self.process.stdout:
            self._answers.put(line)
        self._answers.put(None)

    def _next_answer(self, op: str, timeout: float) -> str:
        """The driver's next line; kills the driver and the browser if none comes within timeout seconds."""
        try:
            line = self._answers.get(timeout=timeout)
        except queue.Empty:
            self.note(f"{op}: no answer in {timeout:.0f} s; killed")
            self.kill()
            raise BrowserHung(
                f"firefox: {op}: no answer in {timeout:.0f} s; the driver and the browser were killed\n{self.log_tail()}"
            ) from None
        if line is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
            raise BrowserGone(f"firefox: {op}: {self.gone() or 'the driver stopped'}\n{self.log_tail()}")
        return line

    def call(self, op: str, timeout: float = COMMAND_TIMEOUT, **args: object) -> Any:
        """Send one command and wait at most timeout seconds for its answer."""
        assert self.process.stdin
        try:
            self.process.stdin.write(json.dumps({"op": op, "args": args}) + "\n")
        except (BrokenPipeError, ValueError):
            raise BrowserGone(f"firefox: {op}: {self.gone() or 'the driver stopped'}\n{self.log_tail()}") from None
        answer = json.loads(self._next_answer(op, timeout))
        if not answer["ok"]:
            raise EngineError(f"firefox: {op}: {answer['error']}")
        return answer["value"]

    def gone(self) -> str:
        if self.process.poll() is not None:
            return f"the driver (node, pid {self.process.pid}) exited with {self.process.returncode}"
        if self.browser_pid and not running(self.browser_pid):
            return f"firefox-esr (pid {self.browser_pid}) exited"
        return ""

    def answers(self) -> bool:
        try:
            self.call("version", timeout=PROBE_TIMEOUT)
        except EngineError:
            return False
        return True

    def version(self) -> str:
        """The browser's version."""
        return self.call("version")

    def quit(self) -> None:
        """Close the browser and its driver; kill them if they do not close within 20 s."""
        with contextlib.suppress(EngineError):
            self.call("quit", timeout=20)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=20)
        self.kill()  # whatever is left of either

    def kill(self) -> None:
        kill_group(self.browser_pid)  # puppeteer starts the browser in a process group of its own
        kill_group(self.process.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)


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

    def pdf(self) -> bytes:
        return base64.b64decode(self.browser.call("pdf", id=self.id))

    def errors(self) -> list[str]:
        return self.browser.call("errors", id=self.id)

    def close(self) -> None:
        self.browser.call("close", id=self.id)

    def browser_gone(self) -> str:
        return self.browser.gone()


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


class WebKitBrowser(Browser):
    """MiniBrowser started once through WebKitWebDriver (Selenium), on an Xvfb screen.

    WebKitWebDriver waits for ever for a MiniBrowser that exits before it connects (seen: the session request never
    returns), so while the session starts a watcher kills the driver as soon as MiniBrowser is gone."""

    engine = "webkit"

    def __init__(self, proxy_port: int) -> None:
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        self.log = log_file(self.engine)
        self._log = self.log.open("a", buffering=1, encoding="utf-8")  # appended to, like the harness's notes
        self.minibrowser_pid: int | None = None
        self.screen = Xvfb(self._log)
        options = webdriver.WebKitGTKOptions()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        # The driver, MiniBrowser and its web and network processes: one process group, killed whole if need be.
        self.service = webdriver.WebKitGTKService(
            executable_path=WEBKIT_DRIVER,
            env={**proxy_environment(proxy_port), "DISPLAY": self.screen.display},
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
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        element = self._element(selector)
        # Focus, then select all, as a tap and a long press would; the keys then go to the focused field. (Element
        # Send Keys focuses a field that is not focused and puts the caret at its end, losing the selection.)
        self.driver.execute_script(
            "arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus(); arguments[0].select()", element
        )
        if self.driver.execute_script("return document.activeElement") != element:
            raise AssertionError(f"webkit: {selector} did not take the focus")
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

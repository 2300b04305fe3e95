"""Firefox: Debian's firefox-esr over WebDriver BiDi by puppeteer-core (tests/engines/firefox.mjs, a Node process
spoken to in JSON lines)."""

from __future__ import annotations

import base64
import contextlib
import json
import queue
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

from .base import (
    COMMAND_TIMEOUT,
    PROBE_TIMEOUT,
    ROOT,
    START_TIMEOUT,
    Browser,
    BrowserGone,
    BrowserHung,
    EngineError,
    Tab,
    kill_group,
    log_file,
    running,
)

FIREFOX = shutil.which("firefox-esr") or "/usr/bin/firefox-esr"


# Firefox logs this when a page is left while its service worker's answer for one of the page's icons (the
# `rel=icon` and the `rel=apple-touch-icon`, both of which Firefox asks for after the load event) is still being
# copied to it: the copy is cancelled with the page. A scratch page whose worker streams its icon slowly logged it
# when a link was followed meanwhile (docs/browsers.md). Nobody sees those icons; any other file's failed
# interception still counts as an error.
LEFT_ICON = re.compile(
    r"pageerror: Failed to load ‘[^’]*/static/(icon-192|apple-touch-icon)\.png’\. "
    r"A ServiceWorker intercepted the request and encountered an unexpected error\."
)


FASTER_FOR_TESTS = {"javascript.options.wasm_optimizingjit": False}
"""What the tests' Firefox (not `make bench`'s) is started with: WebAssembly stays in SpiderMonkey's baseline compiler,
without recompiling Python's hot functions in the optimizing one (Ion) on every page load. Tiers differ in speed only,
never in what the code does (docs/browsers.md, "Tuned for the tests")."""


class FirefoxBrowser(Browser):
    """firefox-esr started once, driven by tests/engines/firefox.mjs (one JSON line per command and per answer)."""

    engine = "firefox"

    def __init__(self, proxy_port: int, faster: bool = False) -> None:
        self.log = log_file(self.engine)
        prefs = json.dumps(FASTER_FOR_TESTS if faster else {})
        with self.log.open("a") as log:  # appended to: the harness's own notes go to the same file
            self.process = subprocess.Popen(
                ["node", str(ROOT / "tests" / "engines" / "firefox.mjs"), FIREFOX, str(proxy_port), prefs],
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
    waits_in_page = False  # a navigation during a BiDi call left it unanswered (base.py, IN_PAGE_SPAN)

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
        return [error for error in self.browser.call("errors", id=self.id) if not LEFT_ICON.fullmatch(error)]

    def close(self) -> None:
        self.browser.call("close", id=self.id)

    def browser_gone(self) -> str:
        return self.browser.gone()

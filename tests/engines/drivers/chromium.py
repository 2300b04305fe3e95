"""Chromium: Debian's chromium-headless-shell through Playwright (the browser pytest-playwright starts)."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import CHROMIUM

from .base import (
    STARTS,
    Browser,
    Tab,
    children_named,
    command_line,
    running,
)


class ChromiumBrowser(Browser):
    """Debian's Chromium, launched by Playwright for the engine table, with a switch of its own on its command line
    (Chromium ignores it) by which its process is found. Playwright keeps no log of it here."""

    engine = "chromium"

    def __init__(self, launch: Callable[..., Any], args: list[str]) -> None:
        tag = f"--tc-engine-browser={os.getpid()}-{next(STARTS)}"
        self.browser = launch(args=[*args, tag])
        found = [pid for pid in children_named(os.getpid(), Path(CHROMIUM).name) if tag in command_line(pid)]
        self.pid = next((pid for pid in found if not any(a.startswith("--type=") for a in command_line(pid))), None)

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

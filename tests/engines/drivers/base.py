"""What every engine's driver shares: the verbs (Tab), a started browser (Browser), the errors, the time limits,
the processes found through /proc and killed by group, and each start's log file."""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import time
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]

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


IN_PAGE_SPAN = min(2.0, COMMAND_TIMEOUT / 3)
"""Seconds `Tab.wait` asks the page itself to keep trying a condition (every 50 ms) before it answers: one command to
the driver where polling from here took one every 0.1 s. Only where a navigation during the command ends it with an
error (Playwright: the context destroyed; WebKit: "Callback was not called before the unload event"): Firefox's
WebDriver BiDi left such a command unanswered until puppeteer's 60 s protocol timeout (twice in one clean-clone run,
session 31, a link followed while a wait ran), so Firefox's tab polls from here (`waits_in_page`)."""


def polled_in_page(source: str, span: float) -> str:
    """A function that runs this one in the page until its value is truthy as Python reads it (an empty array or
    object is not) or span seconds pass, and answers that value; an error is thrown only if the last try threw."""
    return (
        "async (...args) => {"
        f" const check = ({source}); const until = performance.now() + {round(span * 1000)};"
        " const truthy = (v) => Array.isArray(v) ? v.length > 0"
        " : v !== null && typeof v === 'object' ? Object.keys(v).length > 0 : Boolean(v);"
        " for (;;) {"
        "  let value, failed = false, error;"
        "  try { value = await check(...args); } catch (e) { failed = true; error = e; }"
        "  if (!failed && truthy(value)) return value;"
        "  if (performance.now() >= until) { if (failed) throw error; return value; }"
        "  await new Promise((resolve) => setTimeout(resolve, 50));"
        " } }"
    )


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


def command_line(pid: int) -> list[str]:
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
    return [child for child in below if command_line(child)[0].endswith("/" + name)]


def kill_group(leader: int | None) -> None:
    """SIGKILL a process group this harness started (its leader and everything it started, orphans included), if
    anything of it is left (a group's number is not given to a new process while the group has members)."""
    if leader and any(group == leader for _, _, group in processes().values()):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(leader, signal.SIGKILL)


STARTS = itertools.count(1)
"""Numbers each start of a browser in this session: its log file, Chromium's tag on its command line."""


def log_file(engine: str) -> Path:
    """A new log file for one start of a browser: test-results/engines/logs/<engine>-<n>.log."""
    LOGS.mkdir(parents=True, exist_ok=True)
    while True:
        path = LOGS / f"{engine}-{next(STARTS)}.log"
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
            self.log.parent.mkdir(parents=True, exist_ok=True)  # a run beside this one may have removed it
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
    waits_in_page = True  # whether `wait` may leave the polling to the page (a navigation then ends the command)

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

    def page_crashed(self) -> str:
        """Whether the page's own process crashed (the browser runs on), in words; "" if not or if not known."""
        return ""

    def wait(self, source: str, *args: object, timeout: float = 60, what: str = "") -> Any:
        """Run the function until it returns something truthy; that value. Fails after timeout seconds."""
        deadline = time.monotonic() + timeout
        value: Any = None
        while True:
            try:
                span = max(0.0, min(IN_PAGE_SPAN, deadline - time.monotonic()))
                value = self.js(polled_in_page(source, span) if self.waits_in_page else source, *args)
            except Exception as error:  # a navigation under way: the page's context went away; ask again
                if self.browser_gone():
                    raise
                if crashed := self.page_crashed():  # not a navigation: nothing will answer
                    raise EngineError(f"{self.engine}: {crashed}, waiting for {what or source!r}") from error
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
            self.wait("(s) => document.querySelector(s).checked", selector, timeout=10, what=f"{selector} ticked")

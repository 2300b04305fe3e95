"""What the benchmark's scripts share (run.py, network.py, sites.py): a server on a free local port, Chromium on a
profile kept on disk with the probe installed (when a field first takes input, when Python's first total shows), a
wait in the page, the floor page beside the site, and the commit measured."""

from __future__ import annotations

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from sitebuild.offline_copy import with_shared_names  # noqa: E402
from tests.conftest import CHROMIUM_ARGS, FULL_CHROMIUM  # noqa: E402
from tests.e2e.playpage import OFFLINE_STATUS  # noqa: E402

FLOOR = ROOT / "bench" / "floor"
PHONE = {"width": 360, "height": 740}
TIMEOUT = 120_000
# The first numeric field of player 0 on a score sheet; the first of them that is visible is the one typed into.
FIRST_FIELD = (
    "form[data-tool=score]:not([hidden]) "
    'input[data-field][data-player="0"]:not([data-field=name]):not([type=radio]):not([type=checkbox])'
)
# Installed in every page before its own scripts. Every frame until it happens (for 30 s at most): when the first
# field was first visible and took input (it is then focused, as a tap would, for the keystroke the benchmark
# sends); when a keystroke first reached a field; when the score sheet first showed a total computed by Python
# (its form's data-computed counter moved and a total is a number). Only in the page itself: in play/'s hidden Python
# frame, which holds no field, the watch asked for a frame of the whole page at every display refresh for 30 s (CPU ×4,
# one traced cold visit: about a tenth of the main thread's time while the first keystrokes were typed; issue 44).
PROBE = """
if (window === window.top) {
window.__bench = {};
addEventListener("input", () => { window.__bench.firstInput ??= performance.now(); }, true);
const takesInput = () => [...document.querySelectorAll(FIRST_FIELD)]
  .find((f) => f.checkVisibility() && !f.disabled && !f.readOnly);
(function watch() {
  const field = takesInput();
  if (field) {
    window.__bench.fieldReady = performance.now();
    field.focus();
  } else if (performance.now() < 30000) requestAnimationFrame(watch);
})();
document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form[data-tool=score]")) {
    new MutationObserver(() => {
      const shown = [...form.querySelectorAll("output.total")].some((o) => /^-?\\d+$/.test(o.textContent.trim()));
      if (shown) window.__bench.totalsLive ??= performance.now();
    }).observe(form, { attributes: true, attributeFilter: ["data-computed"] });
  }
});
}
""".replace("FIRST_FIELD", json.dumps(FIRST_FIELD))
# In the page, once the service worker holds both tiers of the offline copy: its cache's entries and their bytes.
PRECACHED = with_shared_names("""async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) return null;
  const state = await (OFFLINE_STATUS)();
  if (state.light.stored < state.light.total || state.python.stored < state.python.total) return null;
  const cache = await caches.open("__OFFLINE_CACHE__");
  const requests = await cache.keys();
  let bytes = 0;
  for (const request of requests) bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
  return { files: requests.length, bytes };
}""").replace("OFFLINE_STATUS", OFFLINE_STATUS)


def median(values: list[float]) -> float:
    """The median, rounded for reading."""
    return round(statistics.median(values), 3)


def add_floor(site: Path) -> str:
    """The floor page, beside the site but not part of it: stock PyScript and Pyodide as npm ships them."""
    floor = site / "bench-floor"
    shutil.copytree(FLOOR, floor)
    shutil.copytree(build.NODE / "@pyscript" / "core" / "dist", floor / "pyscript")
    (floor / "pyodide").mkdir()
    for name in build.PYODIDE_FILES:
        shutil.copy2(build.NODE / "pyodide" / name, floor / "pyodide" / name)
    return "bench-floor/"


def listening(port: int) -> bool:
    """Whether something accepts connections on this local port."""
    with socket.socket() as client:
        return client.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def local_server(module: list[str], quiet: bool = True) -> Iterator[str]:
    """`python -m MODULE ARGS --port N` on a free local port, in its own process; yields its base URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", *module, "--port", str(port)]
    server = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL if quiet else None
    )
    try:
        deadline = time.monotonic() + 10
        while not listening(port):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{command}: not serving after 10 s")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait()


def serve(site: Path) -> AbstractContextManager[str]:
    """The site on 127.0.0.1, served by sitebuild/serve.py (as `make serve` does; its request log left out)."""
    return local_server(["sitebuild.serve", str(site)])


@contextmanager
def profile(playwright: Playwright, user_data_dir: Path) -> Iterator[BrowserContext]:
    """Chromium with a profile kept on disk, on a phone-sized viewport, probe installed."""
    context = playwright.chromium.launch_persistent_context(
        str(user_data_dir),
        executable_path=FULL_CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport=PHONE,
        service_workers="allow",
    )
    context.add_init_script(PROBE)
    try:
        yield context
    finally:
        context.close()


def wait_for(page: Page, script: str, timeout_s: float = 120) -> object:
    """Evaluate script until it returns something."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = page.evaluate(script)
        if value:
            return value
        page.wait_for_timeout(250)
    raise TimeoutError(f"nothing from {script[:60]!r} within {timeout_s} s")


def git_commit() -> str:
    """The commit measured, marked when the tree has changes."""
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return head + ("+changes" if dirty else "")


def lighthouse(url: str, throttling: str = "simulate") -> dict[str, float]:
    """One Lighthouse run (mobile emulation, performance only) in Debian's Chromium; throttling "simulate" (Lighthouse's
    default: an unthrottled load, a slow-4G phone simulated from it) or "devtools" (that link and CPU ×4 applied)."""
    binary = build.NODE / ".bin" / "lighthouse"
    if not binary.exists():
        raise SystemExit(f"{binary}: missing; run 'npm ci' (lighthouse is a pinned dev dependency)")
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        flags = "--headless=new --no-sandbox --disable-gpu --disable-background-networking"
        command = [str(binary), url, "--quiet", "--only-categories=performance", "--output=json"]
        command += [f"--output-path={report}", f"--chrome-flags={flags}", f"--throttling-method={throttling}"]
        subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": FULL_CHROMIUM}, capture_output=True)
        data = json.loads(report.read_text(encoding="utf-8"))
    return {
        "score": data["categories"]["performance"]["score"],
        "tbt_ms": data["audits"]["total-blocking-time"]["numericValue"],
        "fcp_ms": data["audits"]["first-contentful-paint"]["numericValue"],
        "lcp_ms": data["audits"]["largest-contentful-paint"]["numericValue"],
        "speed_index_ms": data["audits"]["speed-index"]["numericValue"],
        "cls": data["audits"]["cumulative-layout-shift"]["numericValue"],
        "version": data["lighthouseVersion"],
    }

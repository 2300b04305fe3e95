"""A first visit on Chromium, Firefox and WebKit: while the calculator downloads, the status line
says how far it has got, in English and in both Chinese scripts, and the count grows (issue 27, point 3): the
server holds the WebAssembly part-way until the test has seen the count there (conftest.py's Hold)."""

from __future__ import annotations

import re

import pytest

from tests.engines import play
from tests.engines.conftest import Hold
from tests.engines.drivers import Tab

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

# What the line says in each language and script, with the two numbers (MB received, MB in all).
SAID = {
    ("en", "hans"): re.compile(r"^Downloading the calculator: (\d+\.\d) of (\d+\.\d) MB… you can type\.$"),
    ("zh", "hans"): re.compile(r"^正在下载计算引擎：(\d+\.\d) / (\d+\.\d) MB……可以先输入。$"),
    ("zh", "hant"): re.compile(r"^正在下載計算引擎：(\d+\.\d) / (\d+\.\d) MB……可以先輸入。$"),
}

# The status line as shown in each language and script, read in one go (the reader's choice is put back after).
READ_LINE = """(choices) => {
  const line = document.querySelector(".engine");
  if (!line || line.dataset.state !== "loading") return { state: line ? line.dataset.state : "" };
  const kept = [tcPrefs.get("lang"), tcPrefs.get("script")];
  const said = choices.map(([lang, script]) => {
    tcPrefs.set("lang", lang);
    tcPrefs.set("script", script);
    return line.innerText.trim();
  });
  tcPrefs.set("lang", kept[0]);
  tcPrefs.set("script", kept[1]);
  return { state: "loading", said };
}"""


WASM = "/pyodide/pyodide.asm.wasm"
STOPS = (0.25, 0.5, 0.75)
"""Where the WebAssembly's body is held, as fractions of it: at each, the line must show more than at the one before
(the worker reports at least every 150 ms while bytes come, and once more when they stop)."""
MORE_THAN = f"""(choices, last) => {{
    const reading = ({READ_LINE})(choices);
    const number = document.querySelector('.engine [data-download=received]');
    return reading.state !== 'loading' || (number && Number(number.textContent) > last) ? reading : null;
}}"""
"""The line's reading once it shows more than `last` MB received (or once the calculator is no longer loading)."""


def reading_beyond(tab: Tab, last: float) -> tuple[float, float]:
    """Wait until the line says more than `last` MB have come; its (received, total), the same in every language."""
    choices = list(SAID)
    reading = tab.wait(MORE_THAN, choices, last, timeout=60, what=f"more than {last} MB received")
    assert reading["state"] == "loading", f"{tab.engine}: the calculator is {reading['state']!r} while held"
    found = [SAID[choice].match(text) for choice, text in zip(choices, reading["said"], strict=True)]
    assert all(found), f"{tab.engine}: not the progress sentence in every language: {reading['said']}"
    numbers = {(float(f.group(1)), float(f.group(2))) for f in found if f}
    assert len(numbers) == 1, f"{tab.engine}: different numbers by language: {reading['said']}"
    return numbers.pop()


# What the build says each file of the calculator's download weighs, as stored ("") and in each encoding.
SIZES = """() => JSON.parse(document.querySelector("meta[name=tc-download]").content)"""


def test_the_status_line_counts_the_download(tab: Tab) -> None:
    """The WebAssembly's body is held at a quarter, a half and three quarters (conftest.py's Hold) until the line has
    shown a count beyond the one before: the count grows, whatever the machine's speed."""
    wasm = tab.site.hold(WASM, Hold(at=STOPS))  # type: ignore[attr-defined]
    tab.goto(f"{tab.site.url}play/#bruges/score")  # type: ignore[attr-defined]
    seen: list[tuple[float, float]] = []
    for stop in range(len(STOPS)):
        wasm.wait_reached(stop)
        seen.append(reading_beyond(tab, seen[-1][0] if seen else 0.0))
        wasm.release(stop)
    play.wait_ready(tab, timeout=120)
    assert not wasm.late, f"{tab.engine}: held until the time limit at stops {wasm.late}"
    sizes = tab.js(SIZES)
    totals = {total for _, total in seen}
    # The whole download, in MB, as one encoding sends it (a file without that encoding's copy is sent as stored).
    whole = [sum(w.get(encoding, w[""]) for w in sizes.values()) / 1e6 for encoding in ("br", "gzip", "")]
    assert len(totals) == 1, f"{tab.engine}: {seen}"
    total = totals.pop()
    assert any(abs(total - mb) <= 0.06 for mb in whole), f"{tab.engine}: {total} MB, not one of {whole}: {seen}"
    received = [got for got, _ in seen]
    assert received == sorted(set(received)) and len(received) == len(STOPS), f"{tab.engine}: {seen}"

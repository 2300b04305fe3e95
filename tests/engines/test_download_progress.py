"""A first visit over a slow link on Chromium, Firefox and WebKit: while the calculator downloads, the status line
says how far it has got, in English and in both Chinese scripts, and the count grows (issue 27, point 3)."""

from __future__ import annotations

import re
import time

import pytest

from tests.engines import play
from tests.engines.drivers import Tab
from tests.engines.slow_link import slow_site  # noqa: F401 (the `site` of this module's tests)

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


def progress_seen(tab: Tab, timeout: float = 120) -> list[tuple[float, float]]:
    """Every distinct (received, total) the line showed until the calculator answered; each reading checked in the
    three languages and scripts."""
    choices = list(SAID)
    seen: list[tuple[float, float]] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        reading = tab.js(READ_LINE, choices)
        if reading["state"] != "loading":
            assert reading["state"] == "ready", f"{tab.engine}: the calculator's state is {reading['state']!r}"
            return seen
        found = [SAID[choice].match(text) for choice, text in zip(choices, reading["said"], strict=True)]
        if any(found):
            assert all(found), f"{tab.engine}: not the same progress in every language: {reading['said']}"
            numbers = {(float(f.group(1)), float(f.group(2))) for f in found if f}
            assert len(numbers) == 1, f"{tab.engine}: different numbers by language: {reading['said']}"
            if not seen or seen[-1] != next(iter(numbers)):
                seen.append(next(iter(numbers)))
        time.sleep(0.1)
    raise AssertionError(f"{tab.engine}: the calculator did not answer within {timeout} s; seen {seen}")


# What the build says each file of the calculator's download weighs, as stored ("") and in each encoding.
SIZES = """() => JSON.parse(document.querySelector("meta[name=tc-download]").content)"""


def test_the_status_line_counts_the_download(tab: Tab) -> None:
    tab.goto(f"{tab.site.url}play/#bruges/score")  # type: ignore[attr-defined]
    seen = progress_seen(tab)
    sizes = tab.js(SIZES)
    assert len(seen) >= 3, f"{tab.engine}: the progress hardly moved: {seen}"
    totals = {total for _, total in seen}
    # The whole download, in MB, as one encoding sends it (a file without that encoding's copy is sent as stored).
    whole = [sum(w.get(encoding, w[""]) for w in sizes.values()) / 1e6 for encoding in ("br", "gzip", "")]
    assert len(totals) == 1, f"{tab.engine}: {seen}"
    total = totals.pop()
    assert any(abs(total - mb) <= 0.06 for mb in whole), f"{tab.engine}: {total} MB, not one of {whole}: {seen}"
    received = [got for got, _ in seen]
    assert received == sorted(received), f"{tab.engine}: the count went back: {seen}"
    play.wait_ready(tab)

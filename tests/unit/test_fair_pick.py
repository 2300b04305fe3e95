"""static/fair-pick.js (who starts): every name equally likely, no modulo bias; run in Node on its own."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")


def run(tmp_path: Path, body: str) -> object:
    """Run this module body (with the page module imported as `pick`) in Node; its printed JSON."""
    shutil.copyfile(ROOT / "static" / "fair-pick.js", tmp_path / "fair-pick.mjs")
    script = tmp_path / "run.mjs"
    script.write_text(f'import * as pick from "./fair-pick.mjs";\n{body}\n', encoding="utf-8")
    done = subprocess.run([NODE, script], capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js")


def test_every_word_gives_each_number_equally_often(tmp_path: Path) -> None:
    # With 8-bit words, each word drawn once (rejected words fall through to the next): every n from 1 to 12 gets
    # each answer exactly floor(256 / n) times. Plain `word % n` would give 0..(256 % n - 1) one time more.
    counts = run(
        tmp_path,
        """
const out = {};
for (let n = 1; n <= 12; n++) {
  let next = 0;
  const draw = () => next++;
  const counts = new Array(n).fill(0);
  while (next < 256) {
    const before = next;
    try { counts[pick.randomBelow(n, () => { if (next >= 256) throw "done"; return draw(); }, 256)]++; }
    catch (e) { if (e !== "done") throw e; break; }
  }
  out[n] = counts;
}
console.log(JSON.stringify(out));
""",
    )
    assert isinstance(counts, dict)
    for n, per in counts.items():
        assert per == [256 // int(n)] * int(n), (n, per)


def test_a_word_above_the_last_whole_multiple_is_drawn_again(tmp_path: Path) -> None:
    # range 256, n 3: 255 is the one word at or above 255 (= 3 * 85); it is skipped, not read as 255 % 3 = 0.
    assert (
        run(
            tmp_path, "const w = [255, 255, 7]; console.log(JSON.stringify(pick.randomBelow(3, () => w.shift(), 256)));"
        )
        == 1
    )


def test_a_shuffle_keeps_every_name_and_reaches_every_order(tmp_path: Path) -> None:
    orders = run(
        tmp_path,
        """
const seen = new Map();
for (let i = 0; i < 6000; i++) {
  const key = pick.shuffled(["A", "B", "C"]).join("");
  seen.set(key, (seen.get(key) ?? 0) + 1);
}
console.log(JSON.stringify(Object.fromEntries(seen)));
""",
    )
    assert isinstance(orders, dict)
    assert sorted(orders) == ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]
    assert all(800 < count < 1200 for count in orders.values()), orders  # 1000 expected; off by 200 is > 6 sigma


@pytest.mark.parametrize("n", [0, -1, 1.5, 2**32 + 1])
def test_a_count_that_is_not_a_whole_number_of_names_is_refused(tmp_path: Path, n: float) -> None:
    assert run(
        tmp_path,
        f"try {{ pick.randomBelow({n}); console.log('false'); }} catch (e) {{ console.log(JSON.stringify(e instanceof RangeError)); }}",
    )

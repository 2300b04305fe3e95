"""static/storage.js on a full storage, run in Node with a fake localStorage that has a quota: the status line says
"full" while any refused change still waits for room (a small write of another key that fits does not hide it, as
the offline copy's flag did on Firefox), and an unreadable value that could not be set aside is never overwritten."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js")

HARNESS = """
class Line { constructor() { this.hidden = true; this.dataset = {}; } replaceChildren() {} }
const line = new Line();
globalThis.document = { querySelector: (css) => (css === ".storage-state" ? line : null) };
class Store {
  constructor(quota) { this.quota = quota; this.items = new Map(); }
  used() { let n = 0; for (const [k, v] of this.items) n += k.length + v.length; return n; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) {
    const before = this.items.has(k) ? k.length + this.items.get(k).length : 0;
    if (this.used() - before + k.length + String(v).length > this.quota)
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(k, String(v));
  }
  removeItem(k) { this.items.delete(k); }
  key(i) { return [...this.items.keys()][i] ?? null; }
  get length() { return this.items.size; }
}
globalThis.window = { localStorage: new Store(QUOTA) };
const storage = await import("./storage.mjs");
const store = window.localStorage;
const log = [];
const state = () => (line.hidden ? "" : line.dataset.problem);
for (const [op, ...args] of STEPS) {
  if (op === "store") store.setItem(args[0], args[1]);
  else if (op === "drop") store.removeItem(args[0]);
  else if (op === "write") log.push([op, args[0], storage.write(args[0], args[1]), state()]);
  else if (op === "remove") { storage.remove(args[0]); log.push([op, args[0], null, state()]); }
  else if (op === "aside") log.push([op, args[0], storage.setAside(args[0], store.getItem(args[1])) !== null, state()]);
}
console.log(JSON.stringify({ log, items: Object.fromEntries(store.items) }));
"""


def run(tmp_path: Path, quota: int, steps: list[list]) -> dict:
    """Each step's [op, key, answer, the status line's problem] and what the fake storage holds at the end."""
    source = (ROOT / "static" / "storage.js").read_text(encoding="utf-8")
    (tmp_path / "storage.mjs").write_text(source.replace('"./ui.js"', '"./ui.mjs"'), encoding="utf-8")
    (tmp_path / "ui.mjs").write_text("export const bilingual = () => ({ childNodes: [] });\n", encoding="utf-8")
    script = tmp_path / "run.mjs"
    script.write_text(HARNESS.replace("QUOTA", str(quota)).replace("STEPS", json.dumps(steps)), encoding="utf-8")
    done = subprocess.run([NODE, script], capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


SHEET = "tc:v1:game:g"
FLAG = "tc:offline-python"
FILLER = "filler"
BIG = "x" * 300


def test_a_small_write_of_another_key_does_not_hide_a_refused_change(tmp_path: Path) -> None:
    done = run(
        tmp_path,
        1000,
        [
            ["store", FILLER, "y" * 900],
            ["write", SHEET, BIG],  # refused: the storage is full
            ["write", FLAG, "1"],  # fits
            ["drop", FILLER],
            ["write", SHEET, BIG],  # room again
        ],
    )
    assert [step[2:] for step in done["log"]] == [[False, "full"], [True, "full"], [True, ""]]


def test_a_removed_key_no_longer_waits_for_room(tmp_path: Path) -> None:
    """A removal is not a write that worked: the line stays until one does (sheet-dialogs.js asks about the undo
    copy after removing the old one), and then nothing else waits."""
    done = run(
        tmp_path,
        1000,
        [["store", FILLER, "y" * 900], ["write", SHEET, BIG], ["remove", SHEET], ["write", FLAG, "1"]],
    )
    assert [step[2:] for step in done["log"]] == [[False, "full"], [None, "full"], [True, ""]]


def test_an_unreadable_value_that_cannot_be_set_aside_is_never_overwritten(tmp_path: Path) -> None:
    unreadable = '{"v": 1, "values": ' + "z" * 400
    done = run(
        tmp_path,
        1000,
        [
            ["store", SHEET, unreadable],
            ["store", FILLER, "y" * 450],
            ["aside", "g", SHEET],  # no room for a second copy
            ["write", FLAG, "1"],  # fits, but the unreadable value still waits
            ["write", SHEET, "{}"],  # refused: it would overwrite the value not set aside
            ["drop", FILLER],
            ["write", SHEET, "{}"],  # room: set aside first, then saved
        ],
    )
    assert [step[2:] for step in done["log"]] == [
        [False, "full"],
        [True, "full"],
        [False, "full"],
        [True, ""],
    ]
    asides = [v for k, v in done["items"].items() if k.startswith("tc:corrupt:g:")]
    assert asides == [unreadable]
    assert done["items"][SHEET] == "{}"

"""The cut standard library (tools/stdlib_bytecode.py) holds every module the calculator's Python imports.

The browser's Python has only the modules in `pyodide/python_stdlib.zip`; one missing is an ImportError at the
table. Here CPython runs the worker's functions (static/worker.py) on every game's sheets, setups, helpers, a shared
link with its QR code and the history, in a fresh process that refuses every standard-library module Pyodide ships
but the cut leaves out when our code, or a standard-library function as it runs, imports it (the imports standard
modules make as they load differ between CPython versions: the tool follows those in Pyodide's own CPython).
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import build
from scoring import GAMES
from tests.engines.sheets import case, helper_case

# Run in the fresh process: the refusing finder goes in before anything but `sys` is imported, then the work.
DRIVER = """
import sys

REFUSED = set(open(sys.argv[1], encoding="utf-8").read().split())
REFUSALS = []
STDLIB = sys.modules["os"].__file__.rpartition("/")[0] + "/"


def asked_by_a_stdlib_module_as_it_loads():
    # A standard-library module's own import at its top level: which those are depends on the CPython version;
    # tools/stdlib_bytecode.py follows them in Pyodide's own.
    frame = sys._getframe(2)
    while frame and frame.f_code.co_filename.startswith("<frozen"):
        frame = frame.f_back
    return bool(frame) and frame.f_code.co_filename.startswith(STDLIB) and frame.f_code.co_name == "<module>"


class Refuse:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name in REFUSED and not asked_by_a_stdlib_module_as_it_loads():
            REFUSALS.append(name)
            raise ImportError(f"{name}: not in the cut standard library")
        return None


sys.meta_path.insert(0, Refuse)
sys.path[:0] = [sys.argv[2], sys.argv[3]]
try:
    import worker  # static/worker.py, which imports scoring
except ImportError as error:
    print(__import__("json").dumps({"refused": REFUSALS, "answers": [], "error": str(error)}))
    raise SystemExit(0)

work = __import__("json").loads(open(sys.argv[4], encoding="utf-8").read())
answers = [getattr(worker, name)(*args) for name, args in work]
print(__import__("json").dumps({"refused": REFUSALS, "answers": answers}))
"""

SAVED = "2026-11-24T03:00:00Z"


def module_names(archive: Path) -> set[str]:
    """The dotted names of the modules an archive of the standard library holds."""
    names = set()
    for member in zipfile.ZipFile(archive).namelist():
        stem = member.removesuffix("c").removesuffix(".py")
        if member.endswith((".py", ".pyc")):
            names.add(stem.removesuffix("/__init__").replace("/", "."))
    return names


def worker_calls() -> list[tuple[str, list[object]]]:
    """What the page asks the worker, for every game: setups, a sheet, its helpers, a shared link, the history."""
    calls: list[tuple[str, list[object]]] = []
    for game_id, game in GAMES.items():
        sheet = json.dumps(case(game_id, game.min_players).sheet)
        calls += [("setup", [game_id, players, "{}"]) for players in range(game.min_players, game.max_players + 1)]
        calls.append(("compute", [game_id, sheet]))
        calls.append(("compute", [game_id, "{}"]))
        for helper in game.helpers:
            calls.append(("helper", [game_id, helper.id, json.dumps(helper_case(game_id, helper.id, 2).sheet)]))
        calls.append(("share", ["link", "https://example.org/play/", game_id, sheet, SAVED, "qr"]))
        calls.append(("history", ["add", "", game_id, sheet, SAVED]))
    calls.append(("history", ["stats", "", "{}", "now"]))
    return calls


def run_refusing(refused: set[str], tmp_path: Path, calls: list[tuple[str, list[object]]] | None = None) -> dict:
    """The worker's answers to these calls (worker_calls() by default) and the imports refused, from a fresh CPython."""
    (tmp_path / "refused.txt").write_text("\n".join(sorted(refused)), encoding="utf-8")
    (tmp_path / "work.json").write_text(json.dumps(worker_calls() if calls is None else calls), encoding="utf-8")
    (tmp_path / "driver.py").write_text(DRIVER, encoding="utf-8")
    (tmp_path / "worker").mkdir()
    (tmp_path / "worker" / "worker.py").write_bytes((build.STATIC / "worker.py").read_bytes())
    command = [sys.executable, "-I", "-B", str(tmp_path / "driver.py"), str(tmp_path / "refused.txt")]
    command += [str(tmp_path / "worker"), str(build.ROOT), str(tmp_path / "work.json")]
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def left_out(built_site: Path, archives: tuple[str, ...] = ("python_stdlib.zip", "python_later.zip")) -> set[str]:
    """Modules Pyodide ships that the site's cut library leaves out (of these archives of it)."""
    shipped = module_names(build.NODE / "pyodide" / "python_stdlib.zip")
    return shipped - set().union(*(module_names(built_site / "pyodide" / name) for name in archives))


def test_the_worker_imports_nothing_the_cut_leaves_out(built_site: Path, tmp_path: Path) -> None:
    missing = left_out(built_site)
    assert {"email.mime.text", "unittest", "pydoc"} <= missing  # it is a cut
    ran = run_refusing(missing, tmp_path)
    assert ran["refused"] == [] and "error" not in ran
    assert not [a for a in ran["answers"] if "No module named" in a or "not in the cut" in a]
    shared = [json.loads(a) for a in ran["answers"] if '"link"' in a]
    assert shared and all(a["ok"] and "<svg" in a["qr"]["en"] for a in shared)


def test_scoring_needs_only_the_first_archive(built_site: Path, tmp_path: Path) -> None:
    """Every call but a QR code's runs on python_stdlib.zip alone: a first visit never waits for the later archive
    (static/worker.py fetches it when a QR code first needs it; tests/engines/test_first_visit_order.py)."""
    first = left_out(built_site, ("python_stdlib.zip",))
    assert first > left_out(built_site) and "urllib.parse" in first  # segno's, only in the later archive
    calls = [call for call in worker_calls() if call[0] != "share"]
    ran = run_refusing(first, tmp_path, calls)
    assert ran["refused"] == [] and "error" not in ran
    assert not [a for a in ran["answers"] if "No module named" in a or "not in the cut" in a]
    assert len(ran["answers"]) == len(calls)


def test_a_module_left_out_is_found(built_site: Path, tmp_path: Path) -> None:
    """The check can fail: with `csv` (the history) and `dataclasses` (every game) taken out of the cut too."""
    ran = run_refusing(left_out(built_site) | {"csv", "dataclasses"}, tmp_path)
    assert set(ran["refused"]) & {"csv", "dataclasses"}


def test_the_cut_holds_only_bytecode_stored_for_the_hosts_brotli(built_site: Path) -> None:
    with zipfile.ZipFile(built_site / "pyodide" / "python_stdlib.zip") as archive:
        members = archive.infolist()
    assert members and all(m.filename.endswith(".pyc") for m in members)
    assert all(m.compress_type == zipfile.ZIP_STORED for m in members)
    assert (built_site / "pyodide" / "python_stdlib.zip.br").is_file()


def test_the_cut_is_compiled_without_docstrings(built_site: Path) -> None:
    """As `python -OO` compiles (tools/stdlib_bytecode.py): the docstrings of Pyodide's sources are not shipped."""
    with zipfile.ZipFile(build.NODE / "pyodide" / "python_stdlib.zip") as shipped:
        source = shipped.read("json/__init__.py").decode()
    assert source.startswith('r"""JSON (JavaScript Object Notation)')
    with zipfile.ZipFile(built_site / "pyodide" / "python_stdlib.zip") as archive:
        bytecode = archive.read("json/__init__.pyc")
    assert b"JSON (JavaScript Object Notation)" not in bytecode
    assert b"JSONDecoder" in bytecode  # the module's code is there


CHECK_LINES = """
import { loadPyodide } from "%(pyodide)s";
const python = await loadPyodide({ stdLibURL: process.argv[2] });
console.log(python.runPython(`
import contextlib, inspect, json, traceback
try:
    json.loads("{x")
except ValueError as error:
    told = "".join(traceback.format_exception(error))
frames = []
with contextlib.ExitStack() as stack:  # the callback runs in contextlib's frame
    stack.callback(lambda: frames.extend(inspect.stack()))
json.dumps([told, [[frame.filename, frame.lineno] for frame in frames]])
`));
"""


def test_tracebacks_still_name_the_lines_of_functions(built_site: Path, tmp_path: Path) -> None:
    """The cut's line tables give each function its first line (tools/stdlib_bytecode.py's at_first_lines): in
    Pyodide's own CPython, a traceback through the standard library is still written, naming the function's line,
    and `inspect.stack()` through a standard-library frame gives line numbers."""
    script = tmp_path / "lines.mjs"
    pyodide = (build.NODE / "pyodide" / "pyodide.mjs").as_uri()
    script.write_text(CHECK_LINES % {"pyodide": pyodide}, encoding="utf-8")
    archive = built_site / "pyodide" / "python_stdlib.zip"
    done = subprocess.run(["node", script, archive], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    told, frames = json.loads(done.stdout.strip().splitlines()[-1])
    assert 'json/decoder.py", line ' in told and "JSONDecodeError: Expecting property name" in told, told
    assert any(name.endswith("/contextlib.py") for name, _ in frames), frames
    assert all(isinstance(line, int) and line > 0 for _, line in frames), frames

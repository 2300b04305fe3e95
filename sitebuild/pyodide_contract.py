"""The site's contract with Pyodide and PyScript: every private name, internal or undocumented behaviour of the pinned
versions (package.json: pyodide 314.0.7, @pyscript/core 0.7.31) that the build, its tools or the calculator's worker
rely on, in one list, each with the check that tells whether an installed version still keeps it
(docs/python-start.md explains each; tests/test_pyodide_contract.py runs them, so an upgrade fails in the fast tests,
one named assumption at a time).

A check returns None when the assumption holds, else what it found instead. Those marked "node" are tried at run time
in the installed Pyodide under Node.js by tools/pyodide_contract.mjs (one run for all); the others read the installed
files. A few assumptions are checked by tests of their own (`tested_by`), named here so that the list stays whole.
"""

from __future__ import annotations

import functools
import json
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sitebuild.python_start import PYODIDE_FILES, PYSCRIPT_AT_START, PYSCRIPT_UNUSED, STOCK_PYODIDE
from sitebuild.settings import Settings


@dataclass(frozen=True)
class Assumption:
    """One thing the site relies on that Pyodide or PyScript does not promise."""

    name: str
    package: str  # "pyodide" or "pyscript"
    relied_on_by: str  # the files that rely on it
    check: Callable[[Settings], str | None] | None = None  # None: see tested_by
    tested_by: str = ""  # a test of its own that fails when it breaks


@functools.cache
def node_findings(pyodide: Path, tool: Path) -> dict[str, str | None]:
    """tools/pyodide_contract.mjs's findings for the Pyodide in that folder: assumption name -> None or the problem."""
    done = subprocess.run(["node", tool, pyodide], capture_output=True, text=True, check=False, timeout=300)
    if done.returncode != 0:
        return {"": f"{tool.name} failed: {done.stderr.strip()[-1500:]}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def in_node(name: str) -> Callable[[Settings], str | None]:
    """A check run in the installed Pyodide by tools/pyodide_contract.mjs, by the name it reports it under."""

    def check(settings: Settings) -> str | None:
        found = node_findings(settings.stock_pyodide, settings.tools / "pyodide_contract.mjs")
        if "" in found:
            return found[""]
        return found.get(name, f"tools/pyodide_contract.mjs did not report {name!r}")

    return check


def pyodide_files(settings: Settings) -> str | None:
    """Pyodide's files the site serves or runs at build time, under the names it copies."""
    missing = [name for name in {*PYODIDE_FILES, *STOCK_PYODIDE} if not (settings.stock_pyodide / name).is_file()]
    return f"missing from {settings.stock_pyodide}: {sorted(missing)}" if missing else None


def lock_file_shape(settings: Settings) -> str | None:
    """pyodide-lock.json has `info` (Pyodide checks its ABI) and `packages` (the build empties it)."""
    lock = json.loads((settings.stock_pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    missing = [key for key in ("info", "packages") if key not in lock]
    return f"pyodide-lock.json has no {missing}" if missing else None


def pyscript_core(settings: Settings) -> str:
    """PyScript's core chunk (dist/core-<hash>.js), where its loader, hooks and plugins are; '' if none."""
    chunks = sorted((settings.pyscript / "dist").glob("core-*.js"))
    return chunks[0].read_text(encoding="utf-8") if len(chunks) == 1 else ""


def pyscript_chunks(settings: Settings) -> list[str]:
    """PyScript's chunks as served: pyscript/<name>.js."""
    return sorted(f"pyscript/{p.name}" for p in (settings.pyscript / "dist").glob("*.js"))


def chunks_at_start(settings: Settings) -> str | None:
    """PYSCRIPT_AT_START: core.js, its core chunk and the plugins the core chunk imports as it starts (its plugin
    table, name: () => import("./<chunk>")), each prefix naming one chunk."""
    names = pyscript_chunks(settings)
    counts = {prefix: sum(name.startswith(prefix) for name in names) for prefix in PYSCRIPT_AT_START}
    if wrong := {prefix: count for prefix, count in counts.items() if count != 1}:
        return f"prefixes not naming exactly one chunk (how many they name): {wrong}"
    plugins = re.findall(r'(?:"[\w-]+"|\b[\w]+):\(\)=>import\("\./([\w-]+?)-[\w-]{8}\.js"\)', pyscript_core(settings))
    expected = sorted(
        p.removeprefix("pyscript/").rstrip("-") for p in PYSCRIPT_AT_START if not p.startswith("pyscript/core")
    )
    if sorted(plugins) != expected:
        return f"the core chunk's plugins are {sorted(plugins)}, not {expected}"
    return None


def chunks_unused(settings: Settings) -> str | None:
    """PYSCRIPT_UNUSED: each prefix names a chunk, and none is a plugin the start imports."""
    names = pyscript_chunks(settings)
    if empty := [prefix for prefix in PYSCRIPT_UNUSED if not any(n.startswith(prefix) for n in names)]:
        return f"prefixes naming no chunk: {empty}"
    if both := [n for n in names if n.startswith(PYSCRIPT_UNUSED) and n.startswith(PYSCRIPT_AT_START)]:
        return f"chunks both unused and at start: {both}"
    return None


def pyscript_text(what: str, *patterns: str) -> Callable[[Settings], str | None]:
    """A check that PyScript's core chunk still holds this code (regular expressions over its minified text)."""

    def check(settings: Settings) -> str | None:
        core = pyscript_core(settings)
        if not core:
            return f"no single dist/core-*.js in {settings.pyscript}"
        return None if all(re.search(p, core) for p in patterns) else f"PyScript's core chunk no longer {what}"

    return check


def pyscript_package(settings: Settings) -> str | None:
    """PyScript's Python package as source under src/stdlib/pyscript (the build reads its imports)."""
    folder = settings.pyscript / "src" / "stdlib" / "pyscript"
    return None if (folder / "__init__.py").is_file() else f"{folder}: no __init__.py"


CONTRACT = (
    Assumption("Pyodide's files", "pyodide", "sitebuild/python_start.py (PYODIDE_FILES, STOCK_PYODIDE)", pyodide_files),
    Assumption(
        "pyodide-lock.json's info and packages",
        "pyodide",
        "sitebuild/python_start.py (write_lock_file)",
        lock_file_shape,
    ),
    Assumption(
        "pyodide.mjs exports loadPyodide and version",
        "pyodide",
        "static/pyodide-start.mjs (re-exports both for PyScript)",
        in_node("pyodide.mjs exports loadPyodide and version"),
    ),
    Assumption(
        "the first WebAssembly memory instantiated is Python's",
        "pyodide",
        "static/initial-memory.mjs (onFirstMemory), tools/python_start.mjs, static/pyodide-start.mjs (restoring)",
        in_node("the first WebAssembly memory instantiated is Python's"),
    ),
    Assumption(
        "public API the tools and the worker call",
        "pyodide",
        "tools/python_start.mjs, static/pyodide-start.mjs",
        in_node("public API the tools and the worker call"),
    ),
    Assumption(
        "_module's allocator: _malloc_set_footprint_limit, _malloc_footprint, _malloc, _free, HEAPU8",
        "pyodide",
        "tools/python_start.mjs (zeroFreeMemory)",
        in_node("_module's allocator: _malloc_set_footprint_limit, _malloc_footprint, _malloc, _free, HEAPU8"),
    ),
    Assumption(
        "pyodide_js._api.on_fatal", "pyodide", "static/worker.py (_say_when_fatal)", in_node("pyodide_js._api.on_fatal")
    ),
    Assumption(
        "_pyodide._base.CodeRunner built with object.__new__",
        "pyodide",
        "static/pyodide-start.mjs (START_PYTHON's CompiledOnce: _compiled, _source, code)",
        in_node("_pyodide._base.CodeRunner built with object.__new__"),
    ),
    Assumption(
        "runPython calls pyodide.code.eval_code",
        "pyodide",
        "static/pyodide-start.mjs (START_PYTHON replaces it)",
        in_node("runPython calls pyodide.code.eval_code"),
    ),
    Assumption(
        "_makeSnapshot and makeMemorySnapshot: Pyodide's header first, its magic then its length",
        "pyodide",
        "tools/python_start.mjs (_makeSnapshot), static/pyodide-start.mjs (restoring)",
        in_node("_makeSnapshot and makeMemorySnapshot: Pyodide's header first, its magic then its length"),
    ),
    Assumption(
        "_loadSnapshot restores the memory",
        "pyodide",
        "static/pyodide-start.mjs (loadPyodide)",
        in_node("_loadSnapshot restores the memory"),
    ),
    Assumption(
        "a snapshot with its magic number inverted is refused",
        "pyodide",
        "tools/python_start.mjs, static/pyodide-start.mjs (a snapshot not put right is refused, never run)",
        in_node("a snapshot with its magic number inverted is refused"),
    ),
    Assumption(
        "pyodide.asm.wasm's tables the site never reads",
        "pyodide",
        "sitebuild/wasm_trim.py, static/worker.py (the codecs refused)",
        tested_by="tests/test_wasm_trim.py",
    ),
    Assumption(
        "python_stdlib.zip's layout and Pyodide's own start imports",
        "pyodide",
        "tools/stdlib_bytecode.py, tools/python_start.mjs (stdLibURL)",
        tested_by="tests/test_stdlib_cut.py",
    ),
    Assumption("PyScript's chunks at start", "pyscript", "templates/python.html (PYSCRIPT_AT_START)", chunks_at_start),
    Assumption("PyScript's unused chunks", "pyscript", "sitebuild/offline_copy.py (PYSCRIPT_UNUSED)", chunks_unused),
    Assumption(
        "PyScript's Python package as source",
        "pyscript",
        "sitebuild/python_start.py (python_start_sources)",
        pyscript_package,
    ),
    Assumption(
        "a `version` that is a URL is the module PyScript loads Pyodide from",
        "pyscript",
        "static/calculator.js (version: pyodide-start.mjs), static/pyodide-start.mjs",
        pyscript_text(
            "imports a `version` that is a URL and takes loadPyodide and version from it",
            r"/\^\(\?:\\\.\?\\\.\?\\/\|\[a-z0-9-\]\+:\\/\\/\)/i\.test\(\w+\)\?\w+\.join\(\"@\"\):\w+\.module\(\.\.\.\w+\);"
            r"\w+\.set\(\w+,\{url:\w+,module:import\(\w+\)",
            r"engine\(\{loadPyodide:\w+,version:\w+\}",
        ),
    ),
    Assumption(
        "PyScript imports its package before the worker's code",
        "pyscript",
        "static/pyodide-start.mjs (LazyPyScript: the package runs when first used)",
        pyscript_text("imports `pyscript` as it starts", r'"import pyscript as _pyscript"'),
    ),
    Assumption(
        "PyScript's one worker hook registers _pyscript",
        "pyscript",
        "static/python-frame.js (FS_HOOK, removed for the page's policy)",
        pyscript_text(
            "has one onBeforeRunAsync worker hook registering `_pyscript`",
            r'onBeforeRunAsync:new \w+\(\[\(\{interpreter:\w+\}\)=>\{\w+\.registerJsModule\("_pyscript"',
        ),
    ),
    Assumption(
        "<py-script> is defined once PyScript's hooks are set",
        "pyscript",
        "static/python-frame.js (waits for whenDefined('py-script'))",
        pyscript_text("defines the <TYPE-script> element", r"customElements\.define\(`\$\{\w+\}-script`"),
    ),
    Assumption(
        "the config's sync_main_only",
        "pyscript",
        "sitebuild/python_start.py (worker_config)",
        pyscript_text("reads sync_main_only from the config", r"config\.get\('sync_main_only',False\)"),
    ),
)
"""The whole contract, Pyodide's assumptions first."""

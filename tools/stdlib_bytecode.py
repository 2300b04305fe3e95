"""Inside Pyodide: the standard library cut to the modules the site's Python imports, as bytecode, stored.

Pyodide ships the whole standard library as source in a zip of deflated members (2.5 MB that no host can
compress further). The worker needs a fraction of it: Pyodide's and PyScript's own start, and what `scoring/` and
`static/worker.py` import (MODULES, set by python_start.mjs: every import statement in those files,
found by `ast` in build.py, and followed here by importing them). The modules that only segno's imports load
(LATER_MODULES: a QR code's) go to a second archive, which static/worker.py fetches the first time one is
imported, so a first visit does not download them. Those modules are written compiled by this same
CPython (unchecked hash-based `.pyc`, loaded without compiling) at `python -OO`'s level, which CPython's standard
library supports: without docstrings or asserts, 15 % fewer bytes over the wire; and with line tables that give
each function its first line (at_first_lines: a third fewer bytes again). Every other module is left out, and
members are stored uncompressed so that the host's brotli compresses the whole file. tests/test_stdlib_cut.py runs scoring
with every module outside the cut refused.
"""

import importlib
import importlib.util
import marshal
import sys
import zipfile

ARCHIVE = next(p for p in sys.path if p.endswith(".zip"))
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
# Unchecked hash-based bytecode (PEP 552): used as it is, never compared with a source file.
# As `python -OO` compiles: no docstrings (`__doc__` is None), no asserts.
OPTIMIZE = 2
HEADER = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little") + bytes(8)


def imported(modules: list[str]) -> set[str]:
    """Archive paths (e.g. 'json/decoder.py') of every module loaded once the named ones are imported."""
    for name in modules:
        importlib.import_module(name)
    prefix = ARCHIVE + "/"
    paths = set()
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if origin.startswith(prefix) and origin.endswith(".py"):
            paths.add(origin.removeprefix(prefix))
    return paths


def at_first_lines(code):
    """The code with a line table that gives every instruction its function's first line, and no columns: the exact
    line tables are a third of the archive in brotli (they barely compress) and only tracebacks read them; a
    standard-library frame then names its function's `def` line. (An empty table breaks `traceback`; a table of
    "no location" breaks `inspect.stack`; this one, CPython's "no column info" entries with a line change of 0,
    one per 8 code units, keeps both working.)"""
    consts = tuple(at_first_lines(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    units = len(code.co_code) // 2
    table = bytes([0xEF, 0]) * (units // 8) + (bytes([0xE8 | (units % 8 - 1), 0]) if units % 8 else b"")
    return code.replace(co_linetable=table, co_consts=consts)


def rewrite(source: str, target: str, kept: set[str]) -> None:
    """Write the kept modules of the archive as bytecode, stored, in name order; leave every other member out."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as new:
        for name in sorted(kept):
            code = compile(old.read(name), f"{ARCHIVE}/{name}", "exec", dont_inherit=True, optimize=OPTIMIZE)
            code = at_first_lines(code)
            entry = zipfile.ZipInfo(name + "c", FIXED_TIME)
            entry.compress_type = zipfile.ZIP_STORED
            entry.external_attr = 0o644 << 16
            new.writestr(entry, HEADER + marshal.dumps(code))


FIRST = imported(MODULES)  # noqa: F821 (set by python_start.mjs)
rewrite("/tmp/source.zip", "/tmp/target.zip", FIRST)
rewrite("/tmp/source.zip", "/tmp/later.zip", imported(LATER_MODULES) - FIRST)  # noqa: F821 (as MODULES)

"""Inside Pyodide: rewrite its standard-library zip with the modules Python imports at start as bytecode.

Pyodide ships the standard library as source only, so every start compiles the ~150 modules it
imports (its own start, PyScript's and the scoring package's) before it can compute anything.
Bytecode compiled here by the same CPython loads directly; every other module stays source.
MODULES (set by python_start.mjs) names the modules the site's Python imports.
"""

import importlib
import importlib.util
import marshal
import sys
import zipfile

ARCHIVE = next(p for p in sys.path if p.endswith(".zip"))
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
# Unchecked hash-based bytecode (PEP 552): used as it is, never compared with a source file.
HEADER = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little") + bytes(8)


def imported_at_start(modules: list[str]) -> set[str]:
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


def rewrite(source: str, target: str, compiled: set[str]) -> None:
    """Copy the archive, replacing each compiled module's source by its bytecode."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename in compiled:
                code = compile(data, f"{ARCHIVE}/{info.filename}", "exec", dont_inherit=True)
                entry = zipfile.ZipInfo(info.filename + "c", FIXED_TIME)
                entry.compress_type = zipfile.ZIP_DEFLATED
                new.writestr(entry, HEADER + marshal.dumps(code))
            else:
                new.writestr(info, data)


rewrite("/tmp/source.zip", "/tmp/target.zip", imported_at_start(MODULES))  # noqa: F821 (set by python_start.mjs)

"""The offline copy: the service worker (static/sw.template.js filled in) with its two tiers of files, each listed
with its content hash, and the version that changes when any file does; and the names the service worker, the
calculator's worker and play/ share (the caches, the snapshot's file, the channels), declared once here and written
into the built scripts."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from sitebuild import BuildError
from sitebuild.publish import served_files
from sitebuild.python_start import EARLY_FILES, PYSCRIPT_UNUSED, SNAPSHOT

PYTHON_TIER = (
    "pyodide/",
    "pyscript/",
    "py/",
    "static/worker.py",
    "static/pyodide-start.mjs",
    "static/initial-memory.mjs",
    "static/snapshot-format.mjs",
)
"""The offline copy's heavy tier (the calculator's Python), cached on a visit to play/ or when the reader asks."""


SHARED_NAMES: dict[str, str | tuple[str, ...]] = {
    "OFFLINE_CACHE": "table-companion-files",
    "COMPILED_CACHE": "tc-compiled-python",
    "SNAPSHOT": SNAPSHOT,
    "EARLY_CHANNEL": "tc-early",
    "PROGRESS_CHANNEL": "tc-download",
    "EARLY_FILES": EARLY_FILES,
}
"""The names that more than one script must spell alike, each written in the scripts' sources as __NAME__ and filled in
by the build: the offline copy's cache (static/sw.template.js makes it; static/pyodide-start.mjs and
static/early-downloads-worker.js look in it for the snapshot), the cache of compiled Python (pyodide-start.mjs keeps it,
sw.js deletes it with "free the space"), the snapshot's file name (under pyodide/), the channel on which play/'s early
downloads are handed to the worker (early-downloads-worker.js, pyodide-start.mjs) and the one the worker reports its
downloads on (pyodide-start.mjs, download-progress.js), and the files play/ downloads early for the worker
(early-downloads-worker.js, pyodide-start.mjs). A name is written in where a script says "__NAME__" (in quotes); a list,
as a JavaScript array where it says __NAME__ bare."""
PLACEHOLDER = re.compile(r"__[A-Z][A-Z_]*__")
"""A name the build fills in a script (SHARED_NAMES; sw.js's lists: write_service_worker)."""


def as_written(value: str | tuple[str, ...]) -> str:
    """A shared name as a script's source holds it once filled in: a name as it is, a list as a JavaScript array."""
    return value if isinstance(value, str) else json.dumps(list(value))


def with_shared_names(script: str) -> str:
    """A script's source with SHARED_NAMES written in where it says __NAME__."""
    return PLACEHOLDER.sub(lambda found: as_written(SHARED_NAMES.get(found[0][2:-2], found[0])), script)


def write_shared_names(static: Path) -> None:
    """Fill SHARED_NAMES into the built site's scripts (static/*.js, *.mjs); a __NAME__ left unknown fails the build."""
    for path in sorted([*static.glob("*.js"), *static.glob("*.mjs")]):
        text = path.read_text(encoding="utf-8")
        if not PLACEHOLDER.search(text):
            continue
        filled = with_shared_names(text)
        if unknown := PLACEHOLDER.search(filled):
            raise BuildError(f"static/{path.name}: {unknown[0]} is not a name the build fills (SHARED_NAMES)")
        path.write_text(filled, encoding="utf-8")


def precache_tiers(out: Path) -> dict[str, dict[str, str]]:
    """Every file the service worker may cache, as URLs relative to the site root with their content hash, by tier."""
    tiers: dict[str, dict[str, str]] = {"light": {}, "python": {}}
    for path in served_files(out):
        relative = path.relative_to(out).as_posix()
        if relative == "sw.js" or relative.startswith(PYSCRIPT_UNUSED):
            continue
        url = "./" + relative.removesuffix("index.html")
        tier = "python" if relative.startswith(PYTHON_TIER) else "light"
        tiers[tier][url] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return tiers


def wire_bytes(out: Path, urls: dict[str, str]) -> int:
    """What these files weigh over the wire: the brotli copy where the build wrote one."""
    total = 0
    for url in urls:
        path = out / (url[2:] + ("index.html" if url.endswith("/") else ""))
        packed = path.with_name(path.name + ".br")
        total += (packed if packed.is_file() else path).stat().st_size
    return total


def content_version(out: Path, tiers: dict[str, dict[str, str]] | None = None) -> str:
    """A hash of every file the service worker caches: names and content hashes."""
    listed = precache_tiers(out) if tiers is None else tiers
    return hashlib.sha256(json.dumps(listed, sort_keys=True).encode()).hexdigest()[:16]


def write_service_worker(out: Path, template: Path) -> str:
    """sw.js with both tiers' files and hashes, and the calculator's weight over the wire; return the version."""
    script = with_shared_names(template.read_text(encoding="utf-8"))
    tiers = precache_tiers(out)
    version = content_version(out, tiers)
    for name, value in (
        ("__VERSION__", version),
        ("__LIGHT__", json.dumps(tiers["light"], indent=1)),
        ("__PYTHON__", json.dumps(tiers["python"], indent=1)),
        ("__PYTHON_BYTES__", str(wire_bytes(out, tiers["python"]))),
    ):
        script = script.replace(name, value)
    if unknown := PLACEHOLDER.search(script):
        raise BuildError(f"{template}: {unknown[0]} is not a name the build fills (SHARED_NAMES)")
    (out / "sw.js").write_text(script, encoding="utf-8")
    return version

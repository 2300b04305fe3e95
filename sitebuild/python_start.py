"""Python's start-up in the browser, the build's side: Pyodide and PyScript copied, and the start-up files made once
and cached by what each is made from (docs/python-start.md has the whole room, both sides).

pyodide.asm.wasm: Pyodide's, without tables the site never reads (sitebuild/wasm_trim.py).
python_stdlib.zip replaces Pyodide's standard library: only the modules the site's Python imports as it starts and
scores, as bytecode; python_later.zip holds the few more a QR code needs.
python_snapshot.bin.gz is Python's memory once started with those modules and scoring/ imported (tools/python_start.mjs
writes it, static/pyodide-start.mjs reads it); a change to scoring/ makes a new one, and only that (static/worker.py
checks the match).
"""

from __future__ import annotations

import ast
import functools
import gzip
import hashlib
import inspect
import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

import segno

from sitebuild import BuildError, node_binary
from sitebuild.publish import COMPRESSED, MIN_SIZE, compress
from sitebuild.settings import Settings
from sitebuild.steps import step
from sitebuild.wasm_trim import TrimError, without_unused_tables

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
LIBRARY_FILES = ["python_stdlib.zip", "python_later.zip"]
"""The cut standard library: what a start needs, and what only a QR code needs."""
SEGNO_FILES = ("__init__.py", "consts.py", "encoder.py", "utils.py", "writers.py")
"""segno's modules that drawing a QR code imports (not its helpers or command line)."""
PYSCRIPT_AT_START = (
    "pyscript/core.",
    "pyscript/core-",
    "pyscript/deprecations-manager-",
    "pyscript/donkey-",
    "pyscript/error-",
    "pyscript/py-editor-",
    "pyscript/py-game-",
    "pyscript/py-terminal-",
)
"""PyScript's core.js and the chunks it imports as it starts, one after another: play/python.html names them for the
browser to fetch at once (modulepreload), which saves the round trips between them on a first visit."""
PYSCRIPT_UNUSED = ("pyscript/codemirror", "pyscript/xterm", "pyscript/zip-", "pyscript/toml-")
"""PyScript's chunks for what the site does not use (its code editor, its terminal, archives among `files`, a TOML
config): served, never loaded by play/, so not cached offline (0.27 MB of the calculator's tier)."""
SNAPSHOT = "python_snapshot.bin.gz"
"""Python's memory snapshot as served under pyodide/ (format: docs/python-start.md, TCSNAP3)."""
PYTHON_START_FILES = (*LIBRARY_FILES, SNAPSHOT, "pyodide.asm.wasm")
"""The start-up files prepare_python_start writes into pyodide/ (in place of Pyodide's own, where it has one)."""
STOCK_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
"""The stock Pyodide that Node.js runs (its CPython compiles the cut library)."""
EARLY_FILES = ("pyodide.asm.wasm", "python_stdlib.zip")
"""Pyodide's two largest files, under pyodide/, which play/ starts downloading itself on a first visit and hands to the
worker (static/early-downloads-worker.js, static/pyodide-start.mjs: sitebuild/offline_copy.py's SHARED_NAMES)."""
START_DOWNLOADS = (*(f"pyodide/{name}" for name in EARLY_FILES), "pyodide/pyodide-lock.json")
"""What a first visit's worker fetches to start Python, besides the modules under py/."""


def scoring_modules(settings: Settings) -> list[Path]:
    """Every module of the scoring package, its subpackages (core/, games/) included, in path order."""
    return sorted(settings.scoring.rglob("*.py"))


NOT_IN_BROWSER = ("__main__.py", "answers.py")
"""The scoring modules only CPython runs: the command line, and the answers' declarations (api.py's type hints); the
snapshot does not import them either (tools/python_start.mjs)."""


def browser_scoring_modules(settings: Settings) -> list[Path]:
    """The scoring modules the browser gets: all but NOT_IN_BROWSER."""
    return [p for p in scoring_modules(settings) if p.relative_to(settings.scoring).as_posix() not in NOT_IN_BROWSER]


def copy_runtime(out: Path, settings: Settings) -> None:
    """Pyodide (its lock file without packages), PyScript, the browser's scoring modules under py/ (not those of
    NOT_IN_BROWSER) and segno's licence."""
    for source in browser_scoring_modules(settings):
        target = out / "py" / "scoring" / source.relative_to(settings.scoring)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    pyodide, pyscript = settings.stock_pyodide, settings.pyscript / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        raise BuildError(f"{settings.node}: pyodide and @pyscript/core are missing; run 'npm ci' first")
    if missing := [name for name in PYODIDE_FILES if not (pyodide / name).is_file()]:
        raise BuildError(f"{pyodide}: no {', '.join(missing)}; Pyodide's files have changed (docs/python-start.md)")
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "pyodide" / name)
    write_lock_file(pyodide / "pyodide-lock.json", out / "pyodide" / "pyodide-lock.json")  # in place of the copy
    (out / "pyscript").mkdir()
    for source in [*sorted(pyscript.glob("*.js")), pyscript / "core.css"]:
        shutil.copy2(source, out / "pyscript" / source.name)
    copy_segno_licence(out / "py" / "segno")
    write_python_file_list(out)


def pyscript_start_chunks(out: Path) -> list[str]:
    """The file names of PyScript's chunks that its start imports (PYSCRIPT_AT_START), each found once."""
    names = sorted(p.relative_to(out).as_posix() for p in (out / "pyscript").glob("*.js"))
    chunks = [[name for name in names if name.startswith(prefix)] for prefix in PYSCRIPT_AT_START]
    if any(len(found) != 1 for found in chunks):
        raise BuildError(f"{out / 'pyscript'}: PyScript's chunks are not {PYSCRIPT_AT_START}; update the list")
    return [found[0].removeprefix("pyscript/") for found in chunks]


def write_lock_file(source: Path, target: Path) -> None:
    """Pyodide's lock file without its packages: the site loads none, and Python's start fetches the file (the
    packages' list is 21.7 KB in brotli). Pyodide reads `info` (it checks the ABI version) and `packages`."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    if "info" not in lock or "packages" not in lock:
        raise BuildError(f"{source}: no 'info' or 'packages'; Pyodide's lock file has changed shape")
    target.write_text(json.dumps({**lock, "packages": {}}, sort_keys=True), encoding="utf-8")


def copy_segno_licence(target: Path) -> None:
    """segno's licence (PyPI, pinned in pyproject.toml); its modules go to python_later.zip (add_segno)."""
    target.mkdir(parents=True)
    licence = next((f for f in metadata.files("segno") or [] if f.name == "LICENSE"), None)
    if licence is None:
        raise BuildError(f"{Path(segno.__file__).parent}: segno's LICENSE is missing")
    shutil.copyfile(licence.locate(), target / "LICENSE.txt")


def add_segno(archive: Path) -> None:
    """segno, which scoring/share.py draws QR codes with: the modules it imports to draw one, as source, added to the
    archive of what only a QR code needs (stored, in name order, with a fixed time: the same bytes every build)."""
    source = Path(segno.__file__).parent
    with zipfile.ZipFile(archive, "a", zipfile.ZIP_STORED) as later:
        for name in SEGNO_FILES:
            if not (source / name).is_file():
                raise BuildError(f"{source / name}: missing from segno {segno.__version__}; update SEGNO_FILES")
            entry = zipfile.ZipInfo(f"segno/{name}", (1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            later.writestr(entry, (source / name).read_bytes())


def python_imports(paths: list[Path]) -> list[str]:
    """The standard-library modules these files import by absolute name."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(name for name in names if name.split(".")[0] in sys.stdlib_module_names)


def python_start_sources(settings: Settings) -> tuple[list[str], list[str], list[str]]:
    """The standard-library modules Python imports at start: scoring/'s and the worker's (imported in the snapshot),
    then PyScript's Python package's (it imports them as the worker starts); and those only a QR code needs (segno's,
    in python_later.zip, which static/worker.py fetches the first time one is imported)."""
    start = python_imports([*browser_scoring_modules(settings), settings.static / "worker.py"])
    segno_files = [Path(segno.__file__).parent / name for name in SEGNO_FILES]
    pyscript_files = sorted((settings.pyscript / "src" / "stdlib" / "pyscript").glob("*.py"))
    if not pyscript_files:
        raise BuildError(f"{settings.node}: PyScript's Python package (src/stdlib/pyscript) is missing; run 'npm ci'")
    pyscript_start = [name for name in python_imports(pyscript_files) if name not in start]
    later = [name for name in python_imports(segno_files) if name not in {*start, *pyscript_start}]
    return start, pyscript_start, later


def key_of(*parts: tuple[str, bytes]) -> str:
    """A short hash of what a cached file is made from: named parts (files by their place, texts) and their bytes."""
    digest = hashlib.sha256()
    for name, data in parts:
        for piece in (name.encode(), data):
            digest.update(len(piece).to_bytes(8, "little") + piece)
    return digest.hexdigest()[:16]


def files_in(folder: Path, *paths: Path) -> list[tuple[str, bytes]]:
    """Files as parts of a key: each named by its place in the folder (wherever that is), with its bytes."""
    return [(f"{folder.name}/{path.relative_to(folder).as_posix()}", path.read_bytes()) for path in paths]


@functools.cache
def node_version() -> str:
    """The Node.js that runs tools/python_start.mjs (its version is part of what the files are made from)."""
    return subprocess.run(
        [node_binary("tools/python_start.mjs"), "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()


def tool_parts(settings: Settings, *names: str) -> list[tuple[str, bytes]]:
    """tools/python_start.mjs, the clock and random numbers it runs with, the stock Pyodide it runs, and more tools."""
    tools = settings.tools
    stock = settings.stock_pyodide
    made_by = files_in(tools, *(tools / name for name in ("python_start.mjs", "deterministic.mjs", *names)))
    return made_by + files_in(stock, *(stock / name for name in STOCK_PYODIDE)) + [("node", node_version().encode())]


def wasm_key(settings: Settings) -> str:
    """What the site's pyodide.asm.wasm is made from: Pyodide's, trimmed by sitebuild/wasm_trim.py."""
    stock, root = settings.stock_pyodide, settings.root
    return key_of(*files_in(stock, stock / "pyodide.asm.wasm"), *files_in(root, root / "sitebuild" / "wasm_trim.py"))


def library_key(settings: Settings, start: list[str], pyscript_start: list[str], later: list[str]) -> str:
    """What python_stdlib.zip and python_later.zip are made from: Pyodide's standard library compiled in the stock
    Pyodide by tools/stdlib_bytecode.py, cut to the import lists; segno's modules added to the second."""
    segno_folder = Path(segno.__file__).parent  # installed in the environment, wherever that is
    return key_of(
        *files_in(settings.stock_pyodide, settings.stock_pyodide / "python_stdlib.zip"),
        *tool_parts(settings, "stdlib_bytecode.py"),
        ("modules", " ".join([*start, *pyscript_start, "--", *later]).encode()),
        *files_in(segno_folder, *(segno_folder / name for name in SEGNO_FILES)),
        ("add_segno", inspect.getsource(add_segno).encode()),
    )


def snapshot_key(settings: Settings, wasm: str, library: str, start: list[str]) -> str:
    """What python_snapshot.bin.gz is made from: Python started in the site's WebAssembly (by its key) on the cut
    library (by its key) with the start modules and every scoring module imported, then packed."""
    return key_of(
        ("wasm", wasm.encode()),
        ("library", library.encode()),
        *tool_parts(settings),
        *files_in(settings.static, *(settings.static / name for name in ("initial-memory.mjs", "snapshot-format.mjs"))),
        ("modules", " ".join(start).encode()),
        *files_in(settings.scoring, *scoring_modules(settings)),
        ("pack_snapshot", inspect.getsource(pack_snapshot).encode()),
    )


def cached(cache: Path, kind: str, key: str, make: Callable[[Path], None], notes: list[str]) -> Path:
    """The folder .cache/start-<kind>-<key> (cache: the build's .cache), made by make(folder) if it is not there yet (the older ones of that
    kind are then removed); notes say which."""
    folder = cache / f"start-{kind}-{key}"
    notes.append("made" if not folder.is_dir() else f"in {folder.relative_to(cache.parent)}")
    if not folder.is_dir():
        partial = cache / f"partial-{kind}-{os.getpid()}"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        make(partial)
        for stale in cache.glob(f"start-{kind}-*"):
            shutil.rmtree(stale, ignore_errors=True)
        partial.replace(folder)
    return folder


def run_python_start(settings: Settings, *arguments: str | Path) -> None:
    """Run tools/python_start.mjs in the settings' stock Pyodide (fixed clock and seeded random numbers: the same
    inputs give the same bytes)."""
    tool, clock = settings.tools / "python_start.mjs", settings.tools / "deterministic.mjs"
    command = [
        node_binary("tools/python_start.mjs"),
        "--import",
        clock.as_uri(),
        tool,
        settings.stock_pyodide,
        *arguments,
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildError(f"{tool}: failed: {done.stderr.strip()[-2000:]}")


def make_trimmed_wasm(target: Path, settings: Settings) -> None:
    """pyodide.asm.wasm without the CJK tables and Unicode names (sitebuild/wasm_trim.py)."""
    try:
        trimmed, _ = without_unused_tables((settings.stock_pyodide / "pyodide.asm.wasm").read_bytes())
    except TrimError as error:
        raise BuildError(f"{settings.stock_pyodide / 'pyodide.asm.wasm'}: {error}") from error
    (target / "pyodide.asm.wasm").write_bytes(trimmed)


def make_library(
    target: Path, settings: Settings, start: list[str], pyscript_start: list[str], later: list[str]
) -> None:
    """The cut standard library and the archive of what only a QR code needs, segno added to it."""
    library, later_zip = (target / name for name in LIBRARY_FILES)
    stock = settings.stock_pyodide / "python_stdlib.zip"
    run_python_start(settings, "library", stock, library, later_zip, *start, *pyscript_start, "--", *later)
    add_segno(later_zip)


def make_snapshot(target: Path, settings: Settings, wasm: Path, library: Path, start: list[str]) -> None:
    """Python's memory once started, made in the Pyodide the site serves (its trimmed WebAssembly) on the cut
    library, then packed."""
    index = target / "index"
    index.mkdir()
    for name in ("pyodide.asm.mjs", "pyodide-lock.json"):
        shutil.copyfile(settings.stock_pyodide / name, index / name)
    shutil.copyfile(wasm / "pyodide.asm.wasm", index / "pyodide.asm.wasm")
    snapshot, scoring = target / SNAPSHOT.removesuffix(".gz"), settings.scoring
    run_python_start(settings, "snapshot", library / "python_stdlib.zip", snapshot, index, scoring, *start)
    pack_snapshot(snapshot)
    shutil.rmtree(index)


def pack_snapshot(snapshot: Path) -> None:
    """The snapshot gzipped (level 9, no time or name in its header: the same bytes every build), beside it as .gz,
    and the plain file removed. zopfli made it 2.8 % smaller (11.47 MB -> 2.975 MB by gzip -9, 2.891 MB by zopfli),
    for 20 s of CPU or more against gzip's 1.6 s; a first visit does not download it (the offline copy does, and
    stores it inflated), and the browser unpacks it as any gzip."""
    packed = snapshot.with_name(snapshot.name + ".gz")
    packed.write_bytes(gzip.compress(snapshot.read_bytes(), 9, mtime=0))
    snapshot.unlink()


def prepare_python_start(out: Path, settings: Settings) -> None:
    """Python's start-up files in out/pyodide, each made once and cached by what it is made from (the module's
    docstring says what each is)."""
    start, pyscript_start, later = python_start_sources(settings)
    cache = settings.cache
    with ThreadPoolExecutor(os.cpu_count()) as other_cores:
        # Brotli on the WebAssembly (quality 11: 19 s of CPU, the build's longest job; cached by content) and on the
        # archives runs on other cores while Node.js makes the library and the snapshot.
        with step("pyodide.asm.wasm (sitebuild/wasm_trim.py)") as notes:
            wasm = wasm_key(settings)
            make = functools.partial(make_trimmed_wasm, settings=settings)
            wasm_folder = cached(cache, "wasm", wasm, make, notes)
        compressing = [other_cores.submit(compress_file, wasm_folder / "pyodide.asm.wasm", cache)]
        with step("python_stdlib.zip, python_later.zip (tools/python_start.mjs library)") as notes:
            library = library_key(settings, start, pyscript_start, later)
            make = functools.partial(
                make_library, settings=settings, start=start, pyscript_start=pyscript_start, later=later
            )
            library_folder = cached(cache, "library", library, make, notes)
        compressing += [other_cores.submit(compress_file, library_folder / name, cache) for name in LIBRARY_FILES]
        with step("python_snapshot.bin.gz (tools/python_start.mjs snapshot)") as notes:
            make = functools.partial(
                make_snapshot, settings=settings, wasm=wasm_folder, library=library_folder, start=start
            )
            snapshot = snapshot_key(settings, wasm, library, start)
            snapshot_folder = cached(cache, "snapshot", snapshot, make, notes)
        with step("pyodide.asm.wasm and the archives compressed (on other cores meanwhile)"):
            for job in compressing:
                job.result()
    for folder, names in ((wasm_folder, ["pyodide.asm.wasm"]), (library_folder, LIBRARY_FILES)):
        for name in names:
            shutil.copyfile(folder / name, out / "pyodide" / name)
    shutil.copyfile(snapshot_folder / SNAPSHOT, out / "pyodide" / SNAPSHOT)


def compress_file(path: Path, cache: Path) -> None:
    """Compress a file into the cache (sitebuild/publish.py), where the build's later steps find it."""
    compress(path.read_bytes(), cache / "compressed")


def python_files(out: Path) -> list[str]:
    """Every scoring module under py/, as paths relative to it."""
    return sorted(p.relative_to(out / "py").as_posix() for p in (out / "py").rglob("*.py"))


def write_python_file_list(out: Path) -> None:
    """py/files.json: the modules PyScript fetches once Python has started, which static/pyodide-start.mjs fetches
    on a first visit while Pyodide's own files download (so the link is not left idle in between)."""
    (out / "py" / "files.json").write_text(json.dumps(python_files(out)), encoding="utf-8")


def worker_config(out: Path) -> dict[str, object]:
    """PyScript's config for the worker: every scoring module mapped into Python's file system (segno is in
    pyodide/python_later.zip, fetched when a QR code is first drawn).

    `sync_main_only`: the worker never reaches the page's `window` (that needs SharedArrayBuffer, so cross-origin
    isolation); it only keeps PyScript's module from warning about it on every start."""
    files = {f"../py/{name}": f"./{name}" for name in python_files(out)}
    return {"files": files, "sync_main_only": True}


def download_sizes(out: Path, cache: Path) -> dict[str, dict[str, int]]:
    """The files a first visit's worker fetches before Python answers, by path: bytes as stored ("") and as each
    encoding sends them, for the status line's "Downloading the calculator: 1.2 of 3.6 MB" (download-progress.js)."""
    paths = [out / name for name in START_DOWNLOADS] + sorted((out / "py").rglob("*.py"))
    sizes: dict[str, dict[str, int]] = {}
    for path in paths:
        data = path.read_bytes()
        packed = compress(data, cache / "compressed") if path.suffix in COMPRESSED and len(data) >= MIN_SIZE else {}
        sizes[path.relative_to(out).as_posix()] = {"": len(data)} | {name: len(p) for name, p in packed.items()}
    return sizes

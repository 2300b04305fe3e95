"""Runs in the web worker: the page calls these with JSON text and gets JSON text back."""

import hashlib
import json
import random
import sys

# Every snapshot of a build starts Python with the same random state (tools/deterministic.mjs): draw a fresh one.
random.seed()

# The site's pyodide.asm.wasm has no tables for the CJK codecs (sitebuild/wasm_trim.py): their modules are refused.
for _codec in ("_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw"):
    sys.modules[_codec] = None


def _forget_scoring_unlike_its_files():
    """Python restored from the build's snapshot has scoring/ imported already; if any module differs from the file
    served with this page (each recorded its source's SHA-256 at build time), import them all afresh from the files.
    """
    loaded = {n: m for n, m in sys.modules.items() if n == "scoring" or n.startswith("scoring.")}
    for module in loaded.values():
        with open(module.__file__, "rb") as source:
            if getattr(module, "__tc_source_sha256__", None) != hashlib.sha256(source.read()).hexdigest():
                print(f"scoring/ differs from the Python snapshot ({module.__name__}); importing its files")
                for name in loaded:
                    del sys.modules[name]
                return


_forget_scoring_unlike_its_files()


def _say_when_fatal():
    """Pyodide's fatal error (a stack overflow in its JavaScript) leaves this worker unable to answer any call: have
    Pyodide post "tc:fatal" to the page then, which starts another worker (static/watchdog.js)."""
    try:
        import js
        import pyodide_js

        pyodide_js._api.on_fatal = js.postMessage.bind(js, "tc:fatal")
    except Exception as error:  # an older Pyodide: the page still notices a call that never answers
        print(f"fatal errors will not be reported: {error!r}")


_say_when_fatal()


class _LaterLibrary:
    """The standard library's modules only a QR code needs (pyodide/python_later.zip, tools/stdlib_bytecode.py):
    fetched the first time a module no other path entry has is imported, then on sys.path like the rest."""

    tried = False

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        """Mount the archive on the first miss of a top-level module (once), then look for the module again."""
        if cls.tried or path is not None:
            return None
        cls.tried = True
        try:
            import importlib.machinery

            from js import XMLHttpRequest
            from tc_paths import later_library  # static/pyodide-start.mjs

            request = XMLHttpRequest.new()
            request.open("GET", later_library, False)  # a worker may wait: the import needs the module now
            request.responseType = "arraybuffer"
            request.send()
            if request.status != 200:
                raise OSError(f"{later_library}: HTTP {request.status}")
            mounted = "/lib/python_later.zip"
            with open(mounted, "wb") as archive:
                archive.write(request.response.to_bytes())
            sys.path.append(mounted)
            return importlib.machinery.PathFinder.find_spec(name, None, target)
        except Exception as error:  # no connection and not held offline: the import fails as it would have
            print(f"the rest of the standard library could not be loaded: {error!r}")
            return None


sys.meta_path.append(_LaterLibrary)

from scoring import api  # noqa: E402
from scoring.api import evaluate, run_helper, setup_json  # noqa: E402
from scoring.core import SheetError  # noqa: E402
from scoring.nesting import read_json  # noqa: E402


def _answer(work):
    """Run work; turn any failure into a problem the page can show."""
    try:
        return json.dumps(work(), ensure_ascii=False)
    except SheetError as error:  # JSON from the page nested beyond any sheet (read_json): refused, never parsed
        return json.dumps({"ok": False, "problems": [error.as_dict()]}, ensure_ascii=False)
    except Exception as error:  # the page must get an answer, never a dead promise
        return json.dumps({"ok": False, "problems": [{"field": "", "zh": str(error), "en": str(error)}]})


def compute(game_id, sheet_json):
    """Score a sheet being typed."""
    return _answer(lambda: evaluate(game_id, read_json(sheet_json, "sheet")))


def setup(game_id, players, options_json):
    """A setup checklist."""
    return _answer(lambda: {"ok": True, **setup_json(game_id, int(players), read_json(options_json, "options"))})


def helper(game_id, helper_id, sheet_json):
    """An in-game helper."""
    return _answer(lambda: run_helper(game_id, helper_id, read_json(sheet_json, "sheet")))


def _stored(stored):
    """The stored history as sent: its UTF-8 (a Uint8Array: no 2 MB string to convert), text, or "@" and a seal."""
    return stored.to_bytes() if hasattr(stored, "to_bytes") else stored


def history(action, stored, *args):
    """The history of finished games: view, add, import, delete or export (see scoring.api.history_*). `stored` may
    be "@" and the seal of the history held here; when another is held, the answer asks for the text (`resend`)."""
    stored = _stored(stored)
    if api.needs_text(stored):
        return json.dumps({"ok": False, "problems": [], "resend": True})
    work = {
        "view": api.history_view,
        "add": lambda s, game_id, sheet_json, saved, extras_json="null": api.history_add(
            s, game_id, read_json(sheet_json, "sheet"), saved, read_json(extras_json, "extras")
        ),
        "import": lambda s, content: api.history_import(s, _stored(content)),  # a file's bytes (a Uint8Array)
        "replace": lambda s, record_id, game_id, sheet_json, extras_json, edited: api.history_replace(
            s, record_id, game_id, read_json(sheet_json, "sheet"), read_json(extras_json, "extras"), edited
        ),
        "undo": lambda s, record_json: api.history_undo(s, read_json(record_json, "record")),
        "delete": api.history_delete,
        "export": api.history_export,
        "bgstats": api.history_bgstats,
        "stats": lambda s, filters_json, pictures=True: api.history_stats(
            s, read_json(filters_json, "filters"), pictures
        ),
        "pictures": lambda s, filters_json: api.history_pictures(s, read_json(filters_json, "filters")),
        "people": api.history_people,
        "hold": api.history_hold,
        "rename": api.history_rename,
        "separate": api.history_separate,
        "add-shared": api.history_add_shared,
    }[action]
    return _answer(lambda: work(stored, *args))


def share(action, *args):
    """A result passed by link: the link and QR code of a final sheet, or what a received link holds."""
    work = {
        "link": lambda base, game_id, sheet_json, saved, qr: api.share_link(
            base, game_id, read_json(sheet_json, "sheet"), saved, qr
        ),
        "view": api.share_view,
    }[action]
    return _answer(lambda: work(*args))


def column(action, *args):
    """Each player's own column by link: a seat's link and QR code, a column's link back, what a link holds, how a
    column received goes into the sheet here, and the checks of a sheet filled for one seat."""
    work = {
        "ask": lambda base, game_id, sheet_json, seat, qr: api.column_ask(
            base, game_id, read_json(sheet_json, "sheet"), seat, qr
        ),
        "back": lambda base, game_id, sheet_json, seat, qr: api.column_back(
            base, game_id, read_json(sheet_json, "sheet"), seat, qr
        ),
        "open": api.column_open,
        "peek": api.column_peek,
        "take": lambda sheet_json, payload: api.column_take(read_json(sheet_json, "sheet"), payload),
        "compute": lambda game_id, sheet_json, seat: api.column_evaluate(game_id, read_json(sheet_json, "sheet"), seat),
    }[action]
    return _answer(lambda: work(*args))


def ping():
    """Ready check."""
    return "ok"


def started():
    """How Python started in this worker: "snapshot" (the build's memory snapshot, held offline) or "fresh"."""
    from tc_paths import restored  # static/pyodide-start.mjs

    return "snapshot" if restored else "fresh"


__export__ = ["compute", "setup", "helper", "history", "share", "column", "ping", "started"]

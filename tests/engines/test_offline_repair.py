"""The offline copy mends itself on every engine: deleted caches are filled again on the next visit online (both
tiers, the calculator's when the reader keeps it), and a file the server cannot send costs that file only, said on
the Offline panel and tried again later (static/sw.template.js, static/offline.js)."""

from __future__ import annotations

from typing import Any

import pytest

from sitebuild.offline_copy import with_shared_names
from tests.engines import play
from tests.engines.drivers import Tab
from tests.engines.sheets import case

pytestmark = [pytest.mark.e2e, pytest.mark.engines]

STATUS = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || !registration.active || !navigator.serviceWorker.controller) return null;
    return await new Promise((resolve) => {  // the worker's own account of both tiers (sw.template.js)
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        registration.active.postMessage({ type: "status" }, [channel.port2]);
    });
}"""
DELETE_CACHES = """async () => {
    for (const name of await caches.keys()) await caches.delete(name);
    return true;
}"""
"""What "clear site data" does to the caches, or the browser under storage pressure."""
ICON = "/static/icon-512.png"
STARTED = """async () => {
    const calculator = await import(new URL('../static/calculator.js', location.href).href);
    return calculator.watchedWorker().call('started');
}"""
"""How the calculator's Python started: "snapshot" or "fresh" (static/worker.py)."""
STORED_SNAPSHOT = with_shared_names("""async () => {
    const cache = await caches.open("__OFFLINE_CACHE__");
    for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.endsWith("/__SNAPSHOT__")) continue;
        const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
        return [bytes.length, String.fromCharCode(...bytes.subarray(0, 7))];
    }
    return null;
}""")
"""The memory snapshot as the offline copy holds it: its length and first bytes."""
COMPILED_KEPT = with_shared_names("""async () => {
    const hit = await (await caches.open("__COMPILED_CACHE__")).match(new URL("../pyodide/__compiled-python", location.href));
    return hit ? (await hit.arrayBuffer()).byteLength : 0;
}""")
"""How many bytes of compiled Python the worker kept for its next start (static/pyodide-start.mjs's keepCompiled)."""


def wait_stored(tab: Tab, light: int, python: int | None = None, timeout: float = 120) -> dict[str, Any]:
    """Wait until the service worker holds this many files of each tier (total minus the number given)."""
    return tab.wait(
        f"""async (light, python) => {{
            const state = await ({STATUS})();
            if (!state) return null;
            const ok = state.light.total - state.light.stored === light
                && (python === null || state.python.total - state.python.stored === python);
            return ok ? state : null;
        }}""",
        light,
        python,
        timeout=timeout,
        what=f"the offline copy with {light} light and {python} calculator files missing",
    )


def test_a_file_that_cannot_be_fetched_costs_only_that_file_and_the_rules_are_kept_again(tab: Tab) -> None:
    """A first visit to the home page keeps the light tier only; a file the server cannot send costs that file only,
    said on the Offline panel and fetched on the next visit; the caches deleted, a reload keeps the rules again and
    never the calculator unasked. One first visit for both (neither starts Python)."""
    tab.site.refused.append(ICON)  # type: ignore[attr-defined]  # a build without it, or a server that fails it
    tab.goto(tab.site.url)  # type: ignore[attr-defined]
    state = wait_stored(tab, 1)
    assert state["light"]["missing"] == ["./static/icon-512.png"], state
    assert state["python"]["stored"] == 0, state
    play.in_english(tab)
    panel = tab.wait(
        "() => { const p = document.querySelector('.offline-panel'); return !p.hidden && p.querySelector('[data-offline-note] .l-en')?.textContent; }",
        what="the Offline panel naming what is missing",
    )
    assert "tried again on the next visit" in panel and "icon-512.png" in panel, panel
    tab.site.refused.clear()  # type: ignore[attr-defined]
    tab.reload()
    wait_stored(tab, 0)
    assert tab.js("() => document.querySelector('.offline-panel [data-offline-note]').textContent.trim()") == ""
    tab.errors()  # the refused icon's 503, where the engine logs it
    tab.js(DELETE_CACHES)  # a fetch being answered may open the cache again, empty
    tab.reload()
    state = wait_stored(tab, 0)
    assert state["python"]["stored"] == 0, state  # never fetched unasked


def test_a_qr_code_is_drawn_offline_and_deleted_caches_are_filled_again(tab: Tab) -> None:
    """Offline after one visit (the core table's offline check): with the server gone, play/ reloads from the
    service worker, Python starts from the kept snapshot and scores a sheet. The modules only a QR code needs
    (pyodide/python_later.zip) are in the kept calculator: static/worker.py's request for them (a synchronous one,
    from the worker) is answered by the offline copy. Then, online again, the offline copy's caches deleted are
    filled again on the next visit, to another page than play/ (both tiers: the reader's choice to keep the
    calculator is remembered where deleted caches cannot take it), and with the server gone again a rules page
    opens. One first visit for all: each needs play/ to have kept the calculator."""
    play.open_tool(tab, "bruges")
    play.in_english(tab)
    play.wait_ready(tab)
    assert tab.js(STARTED) == "fresh", tab.engine  # a first visit: nothing held yet
    wait_stored(tab, 0, 0)  # play/ keeps the calculator: both tiers
    tab.wait(  # and the page has its answer, remembered in storage
        "() => document.querySelector('[data-offline-tier=\"python\"]')?.dataset.stored === 'true'"
        " && localStorage.getItem('tc:offline-python') === '1'",
        what="the page's offline panel showing the calculator kept",
    )
    # Stored inflated (sw.template.js's `storable`), so that a returning visit does not inflate it before Python starts.
    length, magic = tab.js(STORED_SNAPSHOT)
    assert magic == "TCSNAP3" and length > 8_000_000, (tab.engine, length, magic)
    assert tab.js(COMPILED_KEPT) > 20_000, tab.engine  # PyScript's start-up code and static/worker.py, compiled
    tab.site.stop()  # type: ignore[attr-defined]  # offline: no server at all
    tab.reload()
    play.wait_ready(tab)
    # Python restored from the kept snapshot: its static data XORed back in from the kept pyodide.asm.wasm.
    assert tab.js(STARTED) == "snapshot", tab.engine
    final = case("bruges", 2)
    play.fill(tab, "bruges", final.sheet)
    play.ranking(tab, final)
    play.show_qr(tab, "bruges", timeout=60)
    tab.site.start()  # type: ignore[attr-defined]  # online again, on the same origin
    tab.js(DELETE_CACHES)  # a fetch being answered may open the cache again, empty
    state = tab.js(STATUS)
    assert state["light"]["stored"] == 0 and state["python"]["stored"] == 0, state
    tab.goto(tab.site.url)  # type: ignore[attr-defined]  # an online visit to another page than play/
    wait_stored(tab, 0, 0)
    tab.site.stop()  # type: ignore[attr-defined]
    tab.goto(tab.site.url + "rules/tuscany/")  # type: ignore[attr-defined]
    assert tab.js("() => document.querySelector('h1').textContent.length > 0")

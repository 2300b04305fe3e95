"""What the own-column tests share (issue 43, point 1): the sheet and seat they use, phones as frames of a tab, the
host's seat code, the other phone's column and its code back, the check that a phone holds the site, screenshots
and reading the QR codes on them."""

from __future__ import annotations

import io
from pathlib import Path

from tests.engines import play
from tests.engines.conftest import PHONE_FRAME, SERVICE_WORKER_HOLDS_PYTHON
from tests.engines.drivers import EngineError, Tab

GAME = "burgundy-cards"
FORM = play.tool(GAME)
SEAT_FIELD = f"{FORM} input[data-field=estate_sets][data-player='1']"
SHOTS = Path(__file__).resolve().parent.parent.parent / "test-results" / "own-columns"
FRAME = """(src, width, height) => {
    localStorage.setItem('tc:lang', 'en');
    const frame = Object.assign(document.createElement('iframe'), { src, width, height });
    frame.style.display = 'block';
    document.body.append(frame);
}"""
"""A phone's page in a new frame of this size at the end of the tab, in English."""
READY = "(win, doc) => doc.querySelector('.calculator-state')?.dataset.state === 'ready'"
TYPE = """(win, doc, css, text) => { const el = doc.querySelector(css); el.focus(); el.value = text;
    el.dispatchEvent(new win.Event('input', { bubbles: true })); el.blur(); return true; }"""
"""Type into a frame's field as the keyboard would (the input event the page listens to)."""
CLICK = "(win, doc, css) => { doc.querySelector(css).click(); return true; }"
CODE = """(win, doc, css) => {
    const box = [...doc.querySelectorAll(css)].find((el) => !el.hidden && el.querySelector('svg'));
    if (!box || !box.querySelector('.column-address').textContent.includes('#')) return null;
    const svg = [...box.querySelectorAll('svg')].find((s) => s.getClientRects().length);
    win.scrollBy(0, svg.getBoundingClientRect().top - 40); // the whole code on screen, for the screenshot
    return { link: box.querySelector('.column-address').textContent, width: svg.getBoundingClientRect().width,
             modules: svg.viewBox.baseVal.width };
}"""
"""The link of the column code on screen, the code's drawn width and its modules (the quiet zone's included)."""
HOLDS = SERVICE_WORKER_HOLDS_PYTHON.replace(" || !navigator.serviceWorker.controller", "")
"""conftest's check that the offline copy holds the calculator, asked from the frame's page (same origin, whose own
page is not one the service worker controls)."""
ONE_SEAT = "(win, doc) => doc.querySelector('section.game[data-own-seat=\"1\"]')?.getClientRects().length > 0"
TAKEN = """(win, doc, css) => { const box = doc.querySelector(css + ' .column-received');
    return box?.dataset.state === 'taken' && box.innerText; }"""
SEAT_HOLDS = (
    "(win, doc, css, value) => (doc.querySelector(css).dataset.typed ?? doc.querySelector(css).value) === value"
)


def shoot(tab: Tab, name: str) -> bytes:
    """A screenshot of the tab, kept to look at; its PNG."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}-{tab.engine}.png"
    tab.screenshot(path)
    return path.read_bytes()


def read_code(tab: Tab, name: str, box: str) -> list[str]:
    """The texts of the QR codes in a screenshot of the tab (kept to look at), read by zxing-cpp; scrolled to the code
    and taken again, up to three times, while none is read (a screenshot taken before the scroll was painted)."""
    import zxingcpp
    from PIL import Image

    for _ in range(3):
        in_frame(tab, 0, CODE, box)
        found = [c.text for c in zxingcpp.read_barcodes(Image.open(io.BytesIO(shoot(tab, name))))]
        if found:
            return found
    return []


def framed(index: int, source: str) -> str:
    """A function (win, doc, ...args) made to run on one of the tab's frames (run from the tab's own page)."""
    frame = f"document.querySelectorAll('iframe')[{index}].contentWindow"
    return f"(...args) => {{ const win = {frame}; return ({source})(win, win.document, ...args); }}"


def in_frame(tab: Tab, index: int, source: str, *args: object) -> object:
    """Run a function (win, doc, ...args) in one of the tab's frames."""
    return tab.js(framed(index, source), *args)


def wait_in_frame(tab: Tab, index: int, source: str, *args: object, what: str, timeout: float = 60) -> object:
    """Wait until a function run in one of the tab's frames gives something truthy."""
    return tab.wait(framed(index, source), *args, what=what, timeout=timeout)


def open_the_sheet(host: Tab, url: str) -> None:
    """The host's phone (a 390 px frame, the tab's first) on the game's sheet, its calculator ready."""
    host.goto(url + PHONE_FRAME.lstrip("/"))
    host.js("() => document.body.replaceChildren()")
    host.js(FRAME, f"{url}play/#{GAME}/score", 390, 844)
    wait_in_frame(host, 0, READY, what="Python")


def host_shows_the_seat_code(host: Tab, url: str) -> dict:
    """The host's sheet: two names and a score typed, the second seat's code drawn; what CODE says of it."""
    open_the_sheet(host, url)
    for css, text in (("input.name[data-player='0']", "Ann"), ("input.name[data-player='1']", "Bo")):
        in_frame(host, 0, TYPE, f"{FORM} {css}", text)
    in_frame(host, 0, TYPE, f"{FORM} input[data-field=estate_sets][data-player='0']", "4")
    in_frame(host, 0, CLICK, f"{FORM} .own-columns > summary")
    in_frame(host, 0, CLICK, f'{FORM} .column-seats [data-seat="1"]')
    return wait_in_frame(host, 0, CODE, f"{FORM} .own-columns .column-link", what="the seat's code", timeout=90)


def guest_fills_the_column(guest: Tab, value: str, total: int, before: str = "") -> dict:
    """The other phone's one column typed, its code back drawn; what CODE says of it."""
    in_frame(guest, 0, TYPE, SEAT_FIELD, value)
    check = "(win, doc, css, total) => doc.querySelector(css).textContent === total"
    wait_in_frame(guest, 0, check, f"{FORM} output.total[data-player='1']", str(total), what="the column's total")
    in_frame(guest, 0, CLICK, f"{FORM} [data-action=column-back]")
    drawn = (
        f"(win, doc, css, before) => {{ const code = ({CODE})(win, doc, css); return code?.link !== before && code; }}"
    )
    return wait_in_frame(
        guest, 0, drawn, f"{FORM} .own-column-bar .column-link", before, what="the code back", timeout=90
    )


OFFLINE_REPORT = """async () => {
    const said = {};
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = (w) => w && { state: w.state, script: w.scriptURL };
    said.registration = registration && { installing: worker(registration.installing),
        waiting: worker(registration.waiting), active: worker(registration.active) };
    said.controller = navigator.serviceWorker.controller?.state ?? 'none';
    said.estimate = await navigator.storage?.estimate?.();
    said.persisted = await navigator.storage?.persisted?.();
    const text = await (await fetch('/sw.js', { cache: 'no-store' })).text();
    const list = (name) => JSON.parse(text.split(`const ${name} = `)[1].split('\\n};')[0] + '}');
    const files = { ...list('LIGHT'), ...list('PYTHON') };
    said.caches = {};
    for (const name of await caches.keys()) {
        const stored = new Set((await (await caches.open(name)).keys()).map((request) => request.url));
        const missing = Object.keys(files).filter((path) =>
            !stored.has(new URL(`${path}?__tc=${files[path]}`, location.origin + '/').href));
        said.caches[name] = { entries: stored.size, missing: missing.length, first: missing.slice(0, 3) };
        said.absent ??= missing[0];
    }
    if (registration?.active) said.status = await Promise.race([
        new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = ({ data }) => resolve(data.error ?? { version: data.version,
                light: `${data.light.stored}/${data.light.total}`, python: data.python });
            registration.active.postMessage({ type: 'status' }, [channel.port2]);
        }),
        new Promise((resolve) => setTimeout(() => resolve('no answer within 10 s'), 10000)),
    ]);
    const frame = document.querySelector('iframe')?.contentDocument;
    said.panel = frame && [...frame.querySelectorAll('[data-offline-tier]')].map((tier) => tier.dataset.stored ?? 'not shown');
    if (registration?.active) said.repair = await Promise.race([  // asked again, as a visit does: what it answers
        new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = ({ data }) => resolve(data.error ?? { version: data.version,
                light: `${data.light.stored}/${data.light.total}`, python: data.python });
            registration.active.postMessage({ type: 'repair', wanted: true }, [channel.port2]);
        }),
        new Promise((resolve) => setTimeout(() => resolve('no answer within 35 s'), 35000)),
    ]);
    const first = said.absent;
    if (first) {  // can this origin store that file now? (a cache of its own, deleted after)
        try {
            const trial = await caches.open('tc-trial');
            await trial.put(first, await fetch(first, { cache: 'no-store' }));
            said.trial = `${first}: stored`;
        } catch (error) {
            said.trial = `${first}: ${error.name}: ${error.message}`;
        }
        await caches.delete('tc-trial');
    }
    return said;
}"""
"""What the page and the service worker say of the offline copy: the registration, the files missing from each cache
(against the served sw.js's lists), the worker's own status, the storage estimate, and whether the first missing file
can be stored now."""


def wait_until_held(phone: Tab, what: str, timeout: float = 180) -> None:
    """Wait until the phone's offline copy holds the site, the calculator included; else fail with what the page and
    the service worker say of it."""
    try:
        phone.wait(HOLDS, what=what, timeout=timeout)
    except EngineError:
        report = phone.js(OFFLINE_REPORT)
        raise AssertionError(f"{phone.engine}: {what}: not within {timeout:.0f} s: {report}") from None

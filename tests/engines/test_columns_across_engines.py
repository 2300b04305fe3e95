"""A column filled on a phone of another engine goes into the host's sheet, the host offline (issue 43, point 1: "the
column round trip between two browser contexts (and two engines), with the host offline"): the host on Chromium (an
Android phone) and the player on WebKit (an iPhone). The WebKit host and the Chromium or Firefox player passed here too
(five runs), but a WebKit host on the session's shared origin meets what keeps test_own_columns.py's round trip off
WebKit (its offline copy not whole again within 180 s late in the whole session), and each pair costs a browser
started for one test: one pair is run, the two engines whose phones differ most. The host is the
session's engine on its shared origin, which holds the site; it draws the seat's code, then goes offline until the
column is in. The player's browser is started here for this test: a fresh profile that never opened the site, with a
network (the seat's link is its first visit). The links pass between the two browsers as text, the origin changed to
the phone's own: reading them from the QR codes on screen is test_own_columns.py's (each engine reads its own codes
there), and a link is the same text whichever engine drew its code. The host's sheet gives the start-player card to the
player's seat and the player's column leaves it unticked: the column goes in without a question, the card stays, and
the message says so (scoring/column.py's `_marks`)."""

from __future__ import annotations

import pytest

from tests.engines.conftest import (
    PHONE_FRAME,
    SMALL_PHONE,
    Engine,
    RecordingProxy,
    WarmOrigin,
    WatchedSite,
    _starter,
    open_tab,
)
from tests.engines.drivers import EngineError, Tab
from tests.engines.own_columns import (
    CLICK,
    FORM,
    FRAME,
    ONE_SEAT,
    READY,
    SEAT_FIELD,
    SEAT_HOLDS,
    TAKEN,
    guest_fills_the_column,
    host_shows_the_seat_code,
    in_frame,
    shoot,
    wait_in_frame,
    wait_until_held,
)

pytestmark = [pytest.mark.e2e, pytest.mark.engines]
CARD = f"{FORM} input[data-field=start_player][data-player='1']"
"""The start-player card's radio of the player's seat."""
PLAYER_ENGINE = {"chromium": "webkit"}
"""The player's phone's engine, by the host's."""


def player_fills_the_seat(player: Tab, site: WatchedSite, link: str) -> str:
    """The player's phone opens the seat's link as its first visit of the site, fills the column (2+3) and draws the
    code back; the link back."""
    player.goto(site.url + PHONE_FRAME.lstrip("/"))
    player.js("() => document.body.replaceChildren()")
    player.js(FRAME, link, *SMALL_PHONE)
    wait_in_frame(player, 0, ONE_SEAT, what="one seat on the player's phone", timeout=120)
    wait_in_frame(player, 0, READY, what="Python on the player's phone", timeout=120)
    back = guest_fills_the_column(player, "2+3", 5)
    assert player.errors() == [] and site.violations() == [], f"{player.engine}: errors on the player's phone"
    return back["link"]


@pytest.mark.only_engines(*PLAYER_ENGINE)
def test_a_column_from_a_phone_of_another_engine_goes_into_the_offline_host_sheet(
    engine: Engine,
    warm_origin: WarmOrigin,
    warm_tab: Tab,
    proxy: RecordingProxy,
    site: WatchedSite,
    request: pytest.FixtureRequest,
) -> None:
    host, home = warm_tab, warm_origin.site
    asked = host_shows_the_seat_code(host, home.url)["link"]
    in_frame(host, 0, CLICK, CARD)
    wait_until_held(host, "the host holds the site")
    home.stop()  # no network for the host from here on
    try:
        name = PLAYER_ENGINE[engine.name]
        other = Engine(name, _starter(name, request, proxy))
        try:
            back = player_fills_the_seat(open_tab(other, SMALL_PHONE, proxy), site, asked.replace(home.url, site.url))
        finally:
            other.quit()
        assert back.startswith(f"{site.url}play/#k="), back
        host.js(FRAME, back.replace(site.url, home.url), *SMALL_PHONE)
        try:
            said = wait_in_frame(host, 1, TAKEN, FORM, what="the column taken in", timeout=120)
        except EngineError:
            seen = in_frame(host, 1, "(win, doc) => [win.location.href, doc.body.innerText.slice(0, 600)]")
            raise AssertionError(f"{host.engine} from {name}: {host.errors()} {seen}") from None
        assert "Bo's column is in (seat 2)." in said, said
        assert "Bo's column does not tick the start-player card; this sheet keeps it with Bo" in said, said
        wait_in_frame(host, 0, SEAT_HOLDS, SEAT_FIELD, "2+3", what="the sheet open in the other frame takes it in")
        assert in_frame(host, 0, "(win, doc, css) => doc.querySelector(css).checked", CARD), "the card moved"
        in_frame(host, 0, "(win) => { win.frameElement.style.display = 'none'; }")
        shoot(host, f"host-card-kept-from-{name}-360")  # the message under the offline host's sheet, to look at
    finally:
        home.start()

"""A final sheet whose link fits but whose QR code does not (issue 40 point 11): Python gives the link without a code
(qr None, no DataOverflowError lost in the worker), so that the page says why and offers the link."""

from __future__ import annotations

from scoring.api import share_link, share_view
from scoring.share import MAX_LINK_CHARS, qr_svgs
from tests.fuzz import SAVED, SHEET

LONG_BASE = "https://example.org/" + "a-long-path/" * 200 + "play/"
"""A site published at a long address: its links fit in MAX_LINK_CHARS, not in a QR code (2,331 bytes)."""


def test_a_link_too_long_for_a_qr_code_comes_without_one() -> None:
    answer = share_link(LONG_BASE, "burgundy-cards", SHEET, SAVED)
    assert answer["ok"] and answer["qr"] is None
    assert len(answer["link"]) > 2_331 and len(answer["link"].split("#r=")[1]) <= MAX_LINK_CHARS
    assert share_view(answer["link"].split("#r=")[1])["ok"]  # the link itself is sound


def test_a_link_that_fits_gets_its_code() -> None:
    answer = share_link("https://example.org/play/", "burgundy-cards", SHEET, SAVED)
    assert answer["ok"] and set(answer["qr"]) == {"zh", "en"}


def test_the_largest_address_a_code_holds_and_one_more_byte() -> None:
    assert qr_svgs("h" * 2_331) is not None
    assert qr_svgs("h" * 2_332) is None

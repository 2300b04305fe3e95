"""A result passed by link (scoring/share.py): the payload, what a bad link says, the QR code."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.api import history_add_shared, share_link, share_view
from scoring.core import SheetError
from scoring.history import make_record
from scoring.share import MAX_LINK_CHARS, decode, encode, link
from tests.unit.test_stats import sheet

SAVED = "2026-11-23T09:00:00Z"
BASE = "https://example.test/play/"
LONG_NAMES = (
    "欧阳诸葛长孙慕容司马上官皇甫",
    "东方西门南宫令狐独孤夏侯公孙",
    "端木百里呼延轩辕尉迟澹台宇文",
    "长孙无忌司马懿诸葛孔明上官婉儿",
)


def palais_royal() -> dict:
    """A 4-player Palais Royal sheet with long Chinese names, every edge settled."""
    players = [
        {
            "name": name,
            "scores": {
                "nobles": 3 + i,
                "privileges_played": i,
                "privileges_unplayed": 2,
                "edge_servants": [i, i + 1, 4 - i, (i * 3) % 5],
            },
        }
        for i, name in enumerate(LONG_NAMES)
    ]
    return {"players": players, "table": {"edges": [[6, 3], [5, 2], [4, 1], [3, 1]]}}


def packed(data: object) -> str:
    """Any JSON value as a link's payload."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(squeeze.compress(json.dumps(data).encode()) + squeeze.flush()).decode().rstrip("=")


def test_a_record_survives_the_link_and_is_re_scored() -> None:
    record = make_record("palais-royal", palais_royal(), SAVED)
    address = link(BASE + "#palais-royal/score", record)
    assert address.startswith(BASE + "#r=") and len(address) < 700
    assert decode(address.split("#", 1)[1]) == record
    edited = json.loads(zlib.decompress(base64.urlsafe_b64decode(encode(record) + "=="), -15))
    assert edited[1] == "palais-royal" and edited[2] == SAVED and "players" in edited[3]


def test_the_link_and_its_code() -> None:
    answer = share_link(BASE, "palais-royal", palais_royal(), SAVED)
    assert answer["ok"]
    for lang, title in (("zh", "结果的二维码"), ("en", "QR code of the result")):
        svg = answer["qr"][lang]
        assert svg.startswith('<svg role="img" data-version="') and f"<title>{title}</title>" in svg
        assert "style" not in svg and "script" not in svg
        assert 1 <= int(re.search(r'data-version="(\d+)"', svg).group(1)) <= 20  # a phone camera reads it on screen
    view = share_view(answer["link"].split("#", 1)[1])
    assert view["ok"] and [p["name"] for p in view["result"]["players"]]


def test_a_sheet_that_is_not_final_gives_no_link() -> None:
    answer = share_link(BASE, "burgundy-cards", {"players": [{"name": "Ann"}]}, SAVED)
    assert not answer["ok"] and answer["problems"][0]["en"]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("r=abc$%^", "damaged"),
        ("r=" + "A" * 30, "damaged"),
        ("r=" + packed({"x": 1})[:-6], "damaged"),  # cut short
        ("r=" + "A" * (MAX_LINK_CHARS + 1), "damaged"),
        ("r=" + packed({"x": 1}), "not a result shared by Table Companion"),
        ("r=" + packed([0, "bruges", SAVED, {}]), "not a result shared by Table Companion"),
        ("r=" + packed([True, "bruges", SAVED, {}]), "not a result shared by Table Companion"),
        ("r=" + packed([2, "bruges", SAVED, {}]), "newer version of the site"),
        ("r=" + packed([1, "chess", SAVED, {}]), "unknown game: chess"),
        ("r=" + packed([1, "burgundy-cards", "yesterday", sheet(("Ann", 3, 0))]), "not a date"),
        ("r=" + packed([1, "burgundy-cards", SAVED, sheet(("Ann", 3, 0), ("ANN", 2, 0))]), "is used twice"),
        ("", "not a result shared by Table Companion"),
        (None, "not a result shared by Table Companion"),
    ],
)
def test_a_bad_link_says_why_in_both_languages_and_adds_nothing(payload: object, message: str) -> None:
    with pytest.raises(SheetError) as error:
        decode(payload)
    assert message in error.value.message.en and error.value.message.zh
    answer = history_add_shared("", payload)
    assert not answer["ok"] and "stored" not in answer


def test_the_same_result_is_added_once() -> None:
    payload = encode(make_record("burgundy-cards", sheet(("Ann", 5, 0), ("Bo", 3, 0)), SAVED))
    first = history_add_shared("", payload)
    assert first["ok"] and first["added"] == 1
    again = history_add_shared(first["stored"], payload)
    assert again["ok"] and again["added"] == 0 and again["count"] == 1


@settings(max_examples=80, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200).map(lambda b: base64.urlsafe_b64encode(b).decode())))
def test_any_text_gives_a_result_or_a_message(payload: str) -> None:
    answer = share_view(payload)
    assert answer["ok"] or (answer["problems"] and answer["problems"][0]["zh"])


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda c: st.lists(c, max_size=5) | st.dictionaries(st.text(), c, max_size=5),
    )
)
def test_any_json_in_a_link_gives_a_message_never_a_crash(data: object) -> None:
    answer = share_view("r=" + packed(data))
    assert answer["ok"] or answer["problems"][0]["en"]

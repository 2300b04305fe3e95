"""A finished sheet passed to another phone with no network: a link to play/ with the sheet in its fragment.

The fragment (after #, never sent to a server) is `r=` and the sheet as compact JSON, deflated and written in
base64url: [version, game, saved, sheet]. The phone that opens it checks it like an imported record and
re-scores it with its own rules. The QR code of the link is drawn by segno (a pure-Python QR encoder, shipped
to the browser's worker beside this package and imported only when a code is drawn).
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import zlib
from typing import Any

from .core import SheetError, Text
from .history import make_record
from .nesting import too_deep

VERSION = 1
PREFIX = "r="
MAX_LINK_CHARS = 4000
"""Longer than any sheet of these games gives (a 5-player Bruges sheet with 40-character names is about 1,000)."""
MAX_SHEET_BYTES = 64_000
QR_TITLE = Text("结果的二维码", "QR code of the result")
QR_DESC = Text(
    "用另一部手机的相机扫描，打开本站并查看这局的结果（数据只在链接的 # 之后，不会发送到服务器）。",
    "Scan it with another phone's camera to open this site with the result (the data is only after the # of the "
    "link and is never sent to a server).",
)


def _damaged() -> SheetError:
    """The message for a link that was cut short or changed on the way."""
    return SheetError(
        "link",
        Text(
            "链接已损坏（可能被截断或改动），无法读取结果。请让对方重新分享。",
            "the link is damaged (cut short or changed) and the result cannot be read. Ask for it to be shared again.",
        ),
    )


def _foreign() -> SheetError:
    """The message for a link that is not a result from this site."""
    return SheetError(
        "link", Text("这个链接不是“桌游助手”分享的结果。", "this link is not a result shared by Table Companion.")
    )


def pack(data: object) -> str:
    """Data as compact JSON, deflated, in base64url without padding (a link's fragment)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    squeezed = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = squeezed.compress(text) + squeezed.flush()
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def unpack(payload: str) -> object:
    """The JSON data pack() wrote; SheetError (damaged) for anything cut short, changed or added on the way."""
    if len(payload) > MAX_LINK_CHARS or "=" in payload:  # written without padding: an "=" was added on the way
        raise _damaged()
    try:
        # validate: a character outside base64url is damage, not something to skip
        packed = base64.b64decode(payload + "=" * (-len(payload) % 4), altchars=b"-_", validate=True)
        inflater = zlib.decompressobj(-15)
        text = inflater.decompress(packed, MAX_SHEET_BYTES)
        if (
            inflater.unconsumed_tail or not inflater.eof or inflater.unused_data or too_deep(text)
        ):  # anything after: damage
            raise _damaged()  # nested beyond any sheet: Python in the browser would die parsing it
        return json.loads(text.decode())
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, RecursionError):
        raise _damaged() from None


def newer(version: int) -> SheetError:
    """The message for a link of a format newer than this site reads."""
    return SheetError(
        "link",
        Text(
            f"这个链接由较新版本的本站生成（格式 {version}）；请在联网时打开本站以更新。",
            f"this link was made by a newer version of the site (format {version}); open the site once with a "
            "network to update it.",
        ),
    )


def encode(record: dict[str, Any]) -> str:
    """A history record's game, time and sheet as the fragment's payload (without the prefix)."""
    return pack([VERSION, record["game"], record["saved"], record["sheet"]])


def decode(payload: object) -> dict[str, Any]:
    """The record a payload carries, checked and re-scored like an imported one; SheetError saying what is wrong."""
    if not isinstance(payload, str) or not payload:
        raise _foreign()
    data = unpack(payload.removeprefix("#").removeprefix(PREFIX))
    if not isinstance(data, list) or len(data) != 4 or not isinstance(data[0], int) or isinstance(data[0], bool):
        raise _foreign()
    if data[0] > VERSION:
        raise newer(data[0])
    if data[0] < 1:
        raise _foreign()
    return make_record(data[1], data[3], data[2])


def link(base: str, record: dict[str, Any]) -> str:
    """The address that opens this record's result on another phone: play/ with the payload in the fragment."""
    return f"{base.split('#', 1)[0]}#{PREFIX}{encode(record)}"


def qr_svgs(address: str, title: Text = QR_TITLE, desc: Text = QR_DESC, error: str = "m") -> dict[str, str] | None:
    """The QR code of an address as SVG in each language (title and description): dark on light with its quiet
    zone, as a camera needs, in dark mode too; None when the address is longer than a QR code holds (2,331 bytes at
    this error correction: a link fits in MAX_LINK_CHARS that no code does, from a site at a long address or a sheet of
    long sums and names), so that the page says why and offers the link."""
    import segno  # only when a code is drawn: the worker loads it from its files, not at start

    try:
        code = segno.make(address, error=error, micro=False)
    except segno.DataOverflowError:
        return None
    pictures = {}
    for lang in ("zh", "en"):
        out = io.BytesIO()
        code.save(
            out,
            kind="svg",
            xmldecl=False,
            svgns=True,
            title=getattr(title, lang),
            desc=getattr(desc, lang),
            svgclass="qr-code",
            lineclass=None,
            omitsize=True,
            border=4,
            dark="#000000",
            light="#ffffff",
        )
        svg = out.getvalue().decode()
        pictures[lang] = svg.replace("<svg ", f'<svg role="img" data-version="{code.version}" ', 1)
    return pictures

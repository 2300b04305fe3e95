"""Write the install pictures derived from static/icon-512.png and the README's screenshots (issue 43, point 3).

`.venv/bin/python tools/app_images.py` after the icon or a screenshot changes; tests/test_install.py fails while a
committed picture differs from what this makes.

- static/icon-maskable-512.png: the icon for launchers that cut it to a shape (Android's circle, squircle…): the
  background to every edge, the figure shrunk so that it stays well inside the safe zone (the centred circle of
  radius 40 % that every mask keeps).
- static/apple-touch-icon.png: 180 × 180 and opaque, as iOS wants (it rounds the corners itself; it fills a
  transparent pixel with black).
- static/screenshots/*.png: the manifest's narrow screenshots, the README's two phone screenshots (390 × 844) in
  256 colours.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
ICON = STATIC / "icon-512.png"
MASKABLE = STATIC / "icon-maskable-512.png"
APPLE = STATIC / "apple-touch-icon.png"
SCREENSHOTS = {
    STATIC / "screenshots" / f"{name}.png": ROOT / "docs" / f"screenshot-{name}.png"
    for name in ("score-sheet", "rules")
}
FIGURE_SCALE = 0.8
"""How much smaller the figure is on the maskable icon than on the plain one."""
SAFE_RADIUS = 0.4
"""The maskable safe zone: a circle of this radius (a share of the icon's width) around the centre."""


def maskable(icon: Image.Image) -> Image.Image:
    """The icon's figure shrunk around the centre on its own background colour, which fills every edge."""
    background = icon.getpixel((0, 0))
    size = icon.size[0]
    smaller = round(size * FIGURE_SCALE)
    canvas = Image.new("RGB", icon.size, background)
    offset = (size - smaller) // 2
    canvas.paste(icon.resize((smaller, smaller), Image.Resampling.LANCZOS), (offset, offset))
    return canvas


def apple_touch(icon: Image.Image) -> Image.Image:
    """The icon at 180 × 180, without an alpha channel."""
    return icon.convert("RGB").resize((180, 180), Image.Resampling.LANCZOS)


def screenshot(picture: Image.Image) -> Image.Image:
    """A screenshot in 256 colours (a quarter of the bytes; flat interface colours survive)."""
    return picture.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def made() -> dict[Path, Image.Image]:
    """Every derived picture by where it is kept."""
    with Image.open(ICON) as icon:
        loaded = icon.convert("RGB")
    pictures = {MASKABLE: maskable(loaded), APPLE: apple_touch(loaded)}
    for target, source in SCREENSHOTS.items():
        with Image.open(source) as picture:
            pictures[target] = screenshot(picture)
    return pictures


def main() -> int:
    """Write the pictures."""
    for target, picture in made().items():
        target.parent.mkdir(parents=True, exist_ok=True)
        picture.save(target, optimize=True)
        print(f"{target.relative_to(ROOT)}: {picture.size[0]}×{picture.size[1]}, {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

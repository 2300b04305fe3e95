"""Installing the site as an app: the manifest and its pictures as the app stores' conventions expect (issue 43, point
3): a separate maskable icon, a 180 px apple-touch-icon, narrow screenshots, shortcuts to a new game, the rules and
the history, and launch_handler."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from PIL import Image

from sitebuild.views import PLAY_VIEWS
from tests.test_page_metadata import PAGES
from tools import app_images

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def manifest(built_site: Path) -> dict:
    """The built web app manifest."""
    return json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))


def picture(site: Path, src: str) -> Image.Image:
    """A picture the manifest names, loaded."""
    with Image.open(site / src) as opened:
        opened.load()
        return opened


def test_each_icon_has_one_purpose_and_its_stated_size(built_site: Path, manifest: dict) -> None:
    by_purpose: dict[str, list[dict]] = {}
    for icon in manifest["icons"]:
        purpose = icon.get("purpose", "any")
        assert purpose in ("any", "maskable"), f"{icon['src']}: one purpose per icon, not {purpose!r}"
        by_purpose.setdefault(purpose, []).append(icon)
        width, height = picture(built_site, icon["src"]).size
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png", icon
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in by_purpose["any"]}
    assert [icon["sizes"] for icon in by_purpose["maskable"]] == ["512x512"]
    assert not {i["src"] for i in by_purpose["any"]} & {i["src"] for i in by_purpose["maskable"]}


def test_the_maskable_icon_keeps_its_figure_inside_the_safe_zone(built_site: Path, manifest: dict) -> None:
    """Every mask keeps the centred circle of radius 40 %: outside it only the background, which fills every edge."""
    (src,) = [i["src"] for i in manifest["icons"] if i.get("purpose") == "maskable"]
    icon = picture(built_site, src).convert("RGB")
    size = icon.size[0]
    background = icon.getpixel((0, 0))
    figure_at = []
    for y in range(0, size, 2):
        for x in range(0, size, 2):
            distance = math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / size
            if icon.getpixel((x, y)) != background:
                figure_at.append(distance)
    assert figure_at, "the icon shows a figure"
    assert max(figure_at) < app_images.SAFE_RADIUS, f"figure reaches {max(figure_at):.3f} of the width"


def test_every_page_links_an_opaque_180_px_apple_touch_icon(built_site: Path) -> None:
    for page in PAGES:
        html = (built_site / page).read_text(encoding="utf-8")
        found = re.search(r'<link rel="apple-touch-icon" sizes="180x180" href="([^"]+)">', html)
        assert found, f"{page}: no 180 px apple-touch-icon"
        icon = picture((built_site / page).parent, found.group(1))
        assert icon.size == (180, 180) and icon.mode == "RGB", (page, icon.size, icon.mode)  # iOS blackens alpha


def test_narrow_screenshots_in_both_languages(built_site: Path, manifest: dict) -> None:
    shots = manifest["screenshots"]
    assert len(shots) >= 1
    for shot in shots:
        width, height = picture(built_site, shot["src"]).size
        assert shot["sizes"] == f"{width}x{height}" and shot["form_factor"] == "narrow", shot
        assert 320 <= width < height <= 2.3 * width, "Chromium's richer install dialog: portrait, at most 2.3:1"
        assert HAN.search(shot["label"]) and re.search(r"[A-Za-z]{4}", shot["label"]), shot["label"]


def target(site: Path, url: str) -> Path:
    """The built file a manifest URL (relative to the manifest, at the site's root) opens."""
    path = url.split("#", 1)[0].removeprefix("./")
    return site / (path + "index.html" if path == "" or path.endswith("/") else path)


def test_shortcuts_open_a_new_game_the_rules_and_the_history(built_site: Path, manifest: dict) -> None:
    shortcuts = {s["name"].split(" · ")[1]: s for s in manifest["shortcuts"]}
    assert list(shortcuts) == ["New game", "Rules", "History"]
    for shortcut in shortcuts.values():
        assert HAN.search(shortcut["name"]) and target(built_site, shortcut["url"]).is_file(), shortcut
        for icon in shortcut.get("icons", []):
            assert (built_site / icon["src"]).is_file(), icon
    assert shortcuts["History"]["url"] == "play/#history" and "history" in {view.id for view in PLAY_VIEWS}
    assert 'role="search"' in target(built_site, shortcuts["Rules"]["url"]).read_text(encoding="utf-8")
    assert 'class="game-list"' in target(built_site, shortcuts["New game"]["url"]).read_text(encoding="utf-8")


def test_a_launch_opens_in_the_app_window_already_open(manifest: dict) -> None:
    """A shortcut or link navigates the open window (its sheet is saved as typed) rather than opening another."""
    modes = manifest["launch_handler"]["client_mode"]
    assert modes[0] == "navigate-existing" and modes[-1] == "auto"


def test_the_committed_pictures_are_what_the_tool_makes() -> None:
    """tools/app_images.py writes them: run it again after the icon or a README screenshot changes."""
    for target_path, made in app_images.made().items():
        with Image.open(target_path) as kept:
            assert kept.size == made.size and kept.convert("RGB").tobytes() == made.convert("RGB").tobytes(), (
                f"{target_path.name}: run tools/app_images.py"
            )

"""The one other host the site's own files may name (sitebuild/hosts.py's OUTBOUND): BG Stats' import link, in
scoring/bgstats.py as built, a link a person taps (docs/bg-stats.md). Anywhere else it fails the build as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.bgstats import CREATE_PLAY
from sitebuild import BuildError
from sitebuild.hosts import check_hosts


def site_naming(root: Path, relative: str) -> Path:
    """A pretend built site whose one file names BG Stats' link."""
    (root / relative).parent.mkdir(parents=True, exist_ok=True)
    (root / relative).write_text(f'CREATE_PLAY = "{CREATE_PLAY}"\n', encoding="utf-8")
    return root


def test_bgstats_link_is_allowed_in_scoring_bgstats_only(tmp_path: Path) -> None:
    check_hosts(site_naming(tmp_path / "a", "py/scoring/bgstats.py"))
    for elsewhere in ("py/scoring/share.py", "static/bgstats.js", "play/index.html"):
        with pytest.raises(BuildError, match=r"app\.bgstatsapp\.com"):
            check_hosts(site_naming(tmp_path / elsewhere.replace("/", "-"), elsewhere))

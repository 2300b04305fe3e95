"""Where the build reads from and caches to: one frozen object passed to the steps (a test builds from a copy of a
folder by passing settings with that folder replaced, never by changing a module's globals)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .public_url import ENVIRONMENT


@dataclass(frozen=True)
class Settings:
    """The checkout's folders the build reads (content, templates, static files, scoring/, npm's packages, tools), its
    cache, and the site's public address ('' unset: sitebuild/public_url.py)."""

    root: Path
    content: Path
    templates: Path
    static: Path
    scoring: Path
    node: Path
    tools: Path
    cache: Path
    public_url: str = ""
    minify: bool = True
    """static/'s scripts and styles minified (tools/minify.mjs); off for JavaScript coverage, whose report reads the
    sources' lines (tests/conftest.py, with TC_JS_COVERAGE)."""

    @classmethod
    def at(cls, root: Path) -> Settings:
        """The settings of the checkout at root: each folder where the repository keeps it; the public address from
        the environment (TC_PUBLIC_URL, checked when the build starts)."""
        return cls(
            root=root,
            content=root / "content",
            templates=root / "templates",
            static=root / "static",
            scoring=root / "scoring",
            node=root / "node_modules",
            tools=root / "tools",
            cache=root / ".cache",
            public_url=os.environ.get(ENVIRONMENT, ""),
        )

    @property
    def stock_pyodide(self) -> Path:
        """Pyodide as npm installs it."""
        return self.node / "pyodide"

    @property
    def pyscript(self) -> Path:
        """PyScript as npm installs it."""
        return self.node / "@pyscript" / "core"

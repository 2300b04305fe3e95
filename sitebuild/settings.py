"""Where the build reads from and caches to: one frozen object passed to the steps (a test builds from a copy of a
folder by passing settings with that folder replaced, never by changing a module's globals)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    """The checkout's folders the build reads (content, templates, static files, scoring/, npm's packages, tools) and
    its cache."""

    root: Path
    content: Path
    templates: Path
    static: Path
    scoring: Path
    node: Path
    tools: Path
    cache: Path

    @classmethod
    def at(cls, root: Path) -> Settings:
        """The settings of the checkout at root: each folder where the repository keeps it."""
        return cls(
            root=root,
            content=root / "content",
            templates=root / "templates",
            static=root / "static",
            scoring=root / "scoring",
            node=root / "node_modules",
            tools=root / "tools",
            cache=root / ".cache",
        )

    @property
    def stock_pyodide(self) -> Path:
        """Pyodide as npm installs it."""
        return self.node / "pyodide"

    @property
    def pyscript(self) -> Path:
        """PyScript as npm installs it."""
        return self.node / "@pyscript" / "core"

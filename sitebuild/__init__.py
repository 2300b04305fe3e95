"""Build steps that build.py calls, a module each: the folders it reads (settings), each step timed (steps), the
games' content read and checked (content), the rules text to HTML (rules_markdown), glossary marks and checks
(glossary), what search finds (search_docs) and its index (search), Chinese in both scripts (zh_script), Python's
start-up files (python_start), the link check (links), the no-other-host check (hosts), precompressed copies and host
headers (publish), the service worker's lists (offline_copy); and serve, the local static server.
BuildError, which every step raises naming the file, and node_binary(), the Node.js that runs tools/, are defined here."""

from __future__ import annotations

import shutil


class BuildError(Exception):
    """A problem in the sources or the built site, naming the file."""


def node_binary(tool: str) -> str:
    """The Node.js on PATH that runs a tool of tools/; a BuildError naming the tool if there is none."""
    found = shutil.which("node")
    if found is None:
        raise BuildError(f"{tool}: needs Node.js ('node' is not on PATH)")
    return found

"""Build steps that build.py calls, a module each: the rules text to HTML (rules_markdown), glossary marks and
checks (glossary), the search index (search), Chinese in both scripts (zh_script), the link check (links), the
no-other-host check (hosts), precompressed copies and host headers (publish); and serve, the local static server.
BuildError, which every step raises naming the file, is defined here."""

from __future__ import annotations


class BuildError(Exception):
    """A problem in the sources or the built site, naming the file."""

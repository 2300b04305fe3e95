"""Build steps that build.py calls: link checks, glossary marks and checks, the search index."""

from __future__ import annotations


class BuildError(Exception):
    """A problem in the sources or the built site, naming the file."""

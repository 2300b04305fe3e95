"""The reference page (rules/<game>/reference/) as its template shows it."""

from __future__ import annotations

from markupsafe import Markup

from scoring.core import Text
from sitebuild import zh_script
from sitebuild.content import GameContent, in_script
from sitebuild.rules_markdown import inline_marks


def in_columns(text: Text, source: str) -> dict[str, Markup]:
    """A text of the game rendered as the rules are (editorial marks too): the Chinese in both scripts, the English."""
    zh = inline_marks(text.zh)
    return {**{script: in_script(zh, source, script) for script in zh_script.SCRIPTS}, "en": inline_marks(text.en)}


def section_titles(content: GameContent) -> dict[str, dict[str, Markup]]:
    """Every section's title by id, in each column (the Chinese in both scripts, the English)."""
    zh, en = content.texts["zh"].sections, content.texts["en"].sections
    return {
        s.id: {**{script: text.sections[i].title for script, text in content.scripts.items()}, "en": e.title}
        for i, (s, e) in enumerate(zip(zh, en, strict=True))
    }


def reference_groups(content: GameContent) -> list[dict[str, object]]:
    """The reference as its page shows it: each kind's entries with their texts and section title in every column."""
    assert content.reference is not None
    source, titles = content.game.source_lang, section_titles(content)
    return [
        {
            "kind": kind,
            "title": title,
            "entries": [
                {
                    "entry": entry,
                    "html": {name: in_columns(text, source) for name, text in entry.texts.items()},
                    "section": titles[entry.section],
                }
                for entry in entries
            ],
        }
        for kind, title, entries in content.reference.groups
    ]

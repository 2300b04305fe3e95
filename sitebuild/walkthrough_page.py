"""The walkthrough page (rules/<game>/teach/) as its template shows it: each step's lines taken from the checklist
(every player count), the player aid and the reference, rendered as their own pages render them."""

from __future__ import annotations

from scoring.core import Text
from scoring.core.table_setup import checklist
from sitebuild.content import GameContent
from sitebuild.reference_page import in_columns, section_titles
from sitebuild.walkthrough import SETUP_ANY, TITLES


def aid_line(content: GameContent, key: str) -> dict[str, object]:
    """An aid line ('aid:turn#2') as the aid shows it: its marks, its text in every column, its section."""
    part, number = key.removeprefix("aid:").split("#")
    assert content.aid is not None
    line = next(lines for name, _, lines in content.aid.parts if name == part)[int(number) - 1]
    html = in_columns(Text(line.zh, line.en), content.game.source_lang)
    return {"kind": "aid", "key": key, "line": line, "html": html, "section": section_titles(content)[line.section]}


def reference_entry(content: GameContent, key: str) -> dict[str, object]:
    """A reference entry ('ref:crane') as the reference shows it: its texts in every column, its anchor."""
    assert content.reference is not None
    entry = next(e for e in content.reference.entries if e.anchor == "ref-" + key.removeprefix("ref:"))
    source = content.game.source_lang
    html = {name: in_columns(text, source) for name, text in entry.texts.items()}
    return {"kind": "ref", "key": key, "entry": entry, "html": html}


def checklists(content: GameContent) -> dict[str, object]:
    """The setup checklist for every player count (the page shows tonight's), each step's text and note."""
    game = content.game
    return {
        "kind": "checklist",
        "key": "checklist",
        "counts": {n: checklist(game, n) for n in range(game.min_players, game.max_players + 1)},
    }


def teach_steps(content: GameContent) -> list[dict[str, object]]:
    """Every step: its title's key and text, its lines in page order."""
    assert content.walkthrough is not None
    makers = {"aid": aid_line, "ref": reference_entry}
    return [
        {
            "title": step.title,
            "text": TITLES[step.title],
            "untitled": SETUP_ANY,  # the setup step's title where no count is chosen (no scripts)
            "lines": [
                checklists(content) if key == "checklist" else makers[key.split(":")[0]](content, key)
                for key in step.lines
            ],
        }
        for step in content.walkthrough.steps
    ]

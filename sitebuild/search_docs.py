"""What search finds, gathered from the games' content: every introduction, section, player aid, reference and
walkthrough in both languages (the Chinese also in the other script), every glossary term, the games' names and
content/synonyms.toml's ideas."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

from scoring.core import Text
from sitebuild import BuildError, zh_script
from sitebuild.content import LANGS, GameContent
from sitebuild.rules_markdown import inline_marks
from sitebuild.search import Doc, TermDoc, plain_text
from sitebuild.walkthrough import PAGE_TITLE, SETUP_ANY, TITLES

AID_TITLE = Text("玩家速查", "Player aid")
REFERENCE_TITLE = Text("能力速查", "Reference")


def search_docs(games: list[GameContent]) -> tuple[list[Doc], list[TermDoc]]:
    """What search finds: every introduction and section in both languages, and every glossary term."""
    docs: list[Doc] = []
    terms: list[TermDoc] = []
    for content in games:
        game = content.game
        for lang in LANGS:
            text = content.texts[lang]
            doc_lang = game.source_lang if lang == "zh" else "en"
            if plain_text(text.intro):
                title = plain_text(inline_marks(text.title))
                docs.append(in_other_script(Doc(game.id, "intro", doc_lang, title, plain_text(text.intro))))
            docs += [
                in_other_script(Doc(game.id, s.id, doc_lang, plain_text(s.title), plain_text(s.html)))
                for s in text.sections
            ]
        docs += aid_docs(content) + reference_docs(content) + teach_docs(content)
        for row, term in enumerate(content.glossary, start=1):
            other = zh_script.convert(term["zh"], game.source_lang, zh_script.other(game.source_lang))
            terms.append(TermDoc(game.id, f"term-{row}", term["zh"], term["en"], term.get("note", ""), other))
    return docs, terms


def aid_docs(content: GameContent) -> list[Doc]:
    """What search finds in a player aid: all its lines in each language, as one text found under section 'aid'."""
    assert content.aid is not None
    texts = {}
    for lang in LANGS:
        lines = []
        for _, _, part in content.aid.parts:
            for line in part:
                label = f"{getattr(line.field.label, lang)}: " if line.field else ""
                lines.append(label + plain_text(inline_marks(getattr(line, lang))))
        texts[lang] = " ".join(lines)
    return page_docs(content, "aid", AID_TITLE, texts)


def reference_docs(content: GameContent) -> list[Doc]:
    """What search finds in a reference: every entry's name, cost, when and effect in each language, as one text
    found under section 'reference' (the Chinese also in the other script)."""
    if content.reference is None:
        return []
    texts = {}
    for lang in LANGS:
        entries = []
        for entry in content.reference.entries:
            parts = [
                getattr(entry.texts[name], lang) for name in ("name", "cost", "when", "effect") if name in entry.texts
            ]
            entries.append(" · ".join(plain_text(inline_marks(text)) for text in parts))
        texts[lang] = " ".join(entries)
    return page_docs(content, "reference", REFERENCE_TITLE, texts)


def teach_docs(content: GameContent) -> list[Doc]:
    """What search finds of a walkthrough (found under section 'teach'): its title, and the game's name followed by
    its steps' titles, in each language (the Chinese also in the other script). Its lines are the aid's and the
    reference's, found there."""
    if content.walkthrough is None:
        return []
    game = content.game
    titles = dict.fromkeys(
        SETUP_ANY if step.title == "setup" else TITLES[step.title] for step in content.walkthrough.steps
    )
    texts = {
        "zh": " · ".join([game.name.zh, *(ui_text(title.zh, game.source_lang) for title in titles)]),
        "en": " · ".join([game.name.en, *(title.en for title in titles)]),
    }
    return page_docs(content, "teach", PAGE_TITLE, texts)


def ui_text(text: str, script: str) -> str:
    """Interface text (written in Simplified) in this script."""
    return zh_script.both(text, zh_script.UI)[script]


def page_docs(content: GameContent, section: str, title: Text, texts: dict[str, str]) -> list[Doc]:
    """A page of the game's own (its aid, reference or walkthrough) as one search text a language: the page's title
    (interface text) and this text, under this section (the Chinese also in the other script)."""
    source = content.game.source_lang
    return [
        in_other_script(Doc(content.game.id, section, source, ui_text(title.zh, source), texts["zh"])),
        in_other_script(Doc(content.game.id, section, "en", title.en, texts["en"])),
    ]


def in_other_script(doc: Doc) -> Doc:
    """A Chinese search text with its title and text also in the other script (same length, so hits line up)."""
    if doc.lang not in zh_script.SCRIPTS:
        return doc
    target = zh_script.other(doc.lang)
    title, text = (zh_script.convert(part, doc.lang, target) for part in (doc.title, doc.text))
    if len(title) != len(doc.title) or len(text) != len(doc.text):
        return doc  # the page then shows the source's script: a hit's place must not move
    return replace(doc, other_title=title, other_text=text)


def search_corpus(games: list[GameContent], docs: list[Doc], terms: list[TermDoc]) -> str:
    """Every text search can find, as one string (to pick the Traditional characters worth folding)."""
    names = [f"{c.game.name.zh} {c.game.name.en}" for c in games]
    texts = [f"{d.title} {d.text}" for d in docs] + [f"{t.zh} {t.en} {t.note}" for t in terms]
    return "\n".join(names + texts)


def game_list(games: list[GameContent]) -> list[dict[str, str]]:
    """Games as the search page names them."""
    return [
        {
            "id": c.game.id,
            "zh": c.game.name.zh,
            "zh_other": zh_script.convert(c.game.name.zh, c.game.source_lang, zh_script.other(c.game.source_lang)),
            "en": c.game.name.en,
            "lang": c.game.source_lang,
        }
        for c in games
    ]


def search_ideas(games: list[GameContent], synonyms: Path) -> list[dict[str, object]]:
    """synonyms (content/synonyms.toml): the words of each idea, and each game's sections of it (named by scoring/)."""
    try:
        data = tomllib.loads(synonyms.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise BuildError(f"{synonyms}: {error}") from None
    ideas = []
    for idea in data.get("idea", []):
        if idea.get("key") != "tie-breaker":
            raise BuildError(f"{synonyms}: unknown idea {idea.get('key')!r} (known: tie-breaker)")
        sections = [
            f"{c.game.id}#{rule}"
            for c in games
            for rule in dict.fromkeys(t.section for t in c.game.tie_breakers) or [c.game.section]
        ]
        ideas.append({"key": idea["key"], "words": [*idea["zh"], *idea["en"]], "sections": sections})
    return ideas

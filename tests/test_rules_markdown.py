"""The rules text's Markdown as content/FORMAT.md writes it: Python-Markdown with the RulesText extension."""

from __future__ import annotations

import pytest

from sitebuild.rules_markdown import inline_marks, render_markdown


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("a {+补+} b", '<p>a <ins class="repair">补</ins> b</p>'),
        ("{?**怪**?}", '<p><mark class="doubt"><strong>怪</strong></mark></p>'),
        ("`{+x+}`", "<p><code>{+x+}</code></p>"),
        ("a <b>x</b>", "<p>a &lt;b&gt;x&lt;/b&gt;</p>"),
        ("<div>x</div>", "<p>&lt;div&gt;x&lt;/div&gt;</p>"),
        (
            "> one\n\n> two",
            '<blockquote class="note">\n<p>one</p>\n</blockquote>\n<blockquote class="note">\n<p>two</p>\n</blockquote>',
        ),
        ("8. eight\n9. nine", '<ol start="8">\n<li>eight</li>\n<li>nine</li>\n</ol>'),
        ("- a\n  - b", "<ul>\n<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>"),
        ("- a\n- b\n\n  more", "<ul>\n<li><p>a</p></li>\n<li>\n<p>b</p>\n<p>more</p>\n</li>\n</ul>"),
        ("| a | b |\n|---|---|\n| 1 | 2 |", "<table>"),
    ],
)
def test_rules_markdown(text: str, html: str) -> None:
    assert str(render_markdown(text)).startswith(html)


@pytest.mark.parametrize(
    ("title", "html"),
    [("4. Recruit nobles", "4. Recruit nobles"), ("{+Final scoring+}", '<ins class="repair">Final scoring</ins>')],
)
def test_a_heading_is_inline(title: str, html: str) -> None:
    assert inline_marks(title) == html

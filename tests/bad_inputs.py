"""One table of bad (and oddly typed) inputs with the message each must give, for scoring and for the page alike.

Each row starts from a valid sheet (BASE), changes one input and says what the sheet must then say: the
problem in both languages, or, for input that is fine however it was typed, the player's total.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring import GAMES

BASE = {
    "burgundy-cards": [("Ann", {"estate_sets": "5", "start_player": 1}), ("Bo", {"estate_sets": "3"})],
    "furstenfeld": [("Ann", {"palaces": "6", "turn_position": "1"}), ("Bo", {"palaces": "2", "turn_position": "2"})],
}
"""The valid sheet each row changes: players with their typed values."""


@dataclass(frozen=True)
class BadInput:
    """One input typed into a sheet, and what the sheet must say ({label}: the field's name in that language)."""

    id: str
    game: str
    player: int
    field: str  # a score field's key, or "name"
    typed: str
    en_message: str | None  # the problem in English; None when the input is fine
    zh_message: str | None
    total: int | None = None  # the player's total when the input is fine

    def message(self, lang: str) -> str | None:
        """The expected problem in one language, the field named as the game's description names it."""
        template = self.en_message if lang == "en" else self.zh_message
        if template is None or self.field == "name":
            return template
        field = next(f for f in GAMES[self.game].player_fields if f.key == self.field)
        text = template.replace("{label}", field.label.en if lang == "en" else field.label.zh)
        return text.replace("{help}", field.help.en if lang == "en" else field.help.zh)  # what the field wants

    @property
    def en(self) -> str | None:
        """The problem in English."""
        return self.message("en")

    @property
    def zh(self) -> str | None:
        """The problem in Chinese."""
        return self.message("zh")

    def sheet(self) -> dict:
        """The base sheet with this row's input, as the page sends it."""
        players = [{"name": name, "scores": dict(scores)} for name, scores in BASE[self.game]]
        if self.field == "name":
            players[self.player]["name"] = self.typed
        else:
            players[self.player]["scores"][self.field] = self.typed
        return {"players": players}


# fmt: off
ROWS = (
    BadInput("letters", "burgundy-cards", 0, "estate_sets", "abc", "Ann: {label}: “abc” is not a number.", "Ann：{label}：“abc”不是数字。"),
    BadInput("negative", "burgundy-cards", 0, "estate_sets", "-3", "Ann: {label}: cannot be negative.", "Ann：{label}：不能为负数。"),
    BadInput("minus-sign", "burgundy-cards", 0, "estate_sets", "−3", "Ann: {label}: cannot be negative.", "Ann：{label}：不能为负数。"),
    BadInput("fraction", "burgundy-cards", 0, "estate_sets", "2.5", "Ann: {label}: enter a whole number.", "Ann：{label}：请输入整数。"),
    BadInput("half", "burgundy-cards", 0, "estate_sets", "½", "Ann: {label}: enter a whole number.", "Ann：{label}：请输入整数。"),
    BadInput("exponent", "burgundy-cards", 0, "estate_sets", "1e3", "Ann: {label}: “1e3” is not a number.", "Ann：{label}：“1e3”不是数字。"),
    BadInput("huge", "burgundy-cards", 0, "estate_sets", "9" * 30, "Ann: {label}: at most 999.", "Ann：{label}：最大为 999。"),
    BadInput("long-paste", "burgundy-cards", 0, "estate_sets", "x" * 5000, "Ann: {label}: “xxxxxxxxxxxx…” is not a number.", "Ann：{label}：“xxxxxxxxxxxx…”不是数字。"),
    BadInput("beyond-kinds", "burgundy-cards", 0, "animal_kinds", "5", "Ann: {label}: at most 4. ({help})", "Ann：{label}：最大为 4。（{help}）"),
    BadInput("beyond-palaces", "furstenfeld", 1, "palaces", "7", "Bo: {label}: at most 6. ({help})", "Bo：{label}：最大为 6。（{help}）"),
    BadInput("no-name", "burgundy-cards", 0, "name", "", "The first player's name: cannot be empty.", "第一位玩家的名字：不能为空。"),
    BadInput("spaces-only", "burgundy-cards", 0, "name", " \u3000 ", "The first player's name: cannot be empty.", "第一位玩家的名字：不能为空。"),
    BadInput(
        "same-name-other-width",
        "burgundy-cards",
        1,
        "name",
        "ＡＮＮ",
        "The second player's name: “ＡＮＮ” is used twice (case, full/half width and the Chinese script do not count).",
        "第二位玩家的名字：“ＡＮＮ”重复了（不区分大小写、全角/半角和简繁体）。",
    ),
    BadInput("html", "burgundy-cards", 0, "name", "<b>Al</b>", "The first player's name: cannot contain < or >.", "第一位玩家的名字：不能包含 < 或 >。"),
    BadInput(
        "direction-mark",
        "burgundy-cards",
        0,
        "name",
        "Al\u202eX",
        "The first player's name: contains invisible control characters (such as text-direction marks).",
        "第一位玩家的名字：含有不可见的控制字符（例如文字方向标记）。",
    ),
    BadInput("full-width-digits", "burgundy-cards", 0, "estate_sets", "１２", None, None, total=13),
    BadInput("spaces-around", "burgundy-cards", 0, "estate_sets", "\u3000 7 ", None, None, total=8),
    BadInput("plus-and-zeros", "burgundy-cards", 0, "estate_sets", "+0009", None, None, total=10),
)
# fmt: on

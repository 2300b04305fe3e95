"""The Castles of Burgundy: The Card Game."""

from __future__ import annotations

from ..core import Area, Category, Diagram, Field, FieldKind, Game, Piece, PieceShape, SetupStep, Text, TieBreaker, Tone
from .kit import counts_from

DISPLAY_CARDS = {2: 7, 3: 10, 4: 13}
"""Action cards laid out beside the display each round, by player count."""

CARDS_PER_ROUND = 6
ACTION_CARDS = 114
DISPLAY_ROWS = 6
"""The display cards 1–6: the die value played picks the row a card is taken from."""
BONUS_ONES = 7
BONUS_SEVENS = (4, 3, 2, 1)
"""The “7” bonus cards, top of their stack first."""
ANIMAL_KIND_POINTS = (0, 0, 1, 2, 4)
"""Points for 0, 1, 2, 3 or 4 different animals."""


def starting_workers(players: int) -> tuple[int, ...]:
    """Worker cards by seat from the start player: none, then one each, two for the last seat."""
    return (0, *([1] * (players - 2)), 2)


def _order(cards: tuple[int, ...]) -> Text:
    """'4 on top, then 3, 2, 1'."""
    rest_zh, rest_en = "、".join(map(str, cards[1:])), ", ".join(map(str, cards[1:]))
    return Text(f"{cards[0]} 在最上，依次 {rest_zh}", f"{cards[0]} on top, then {rest_en}")


def action_cards_left(players: int) -> int:
    """Action cards in the draw stack once every player has their six and the display is laid out."""
    return ACTION_CARDS - CARDS_PER_ROUND * players - DISPLAY_CARDS[players]


def setup(players: int) -> tuple[SetupStep, ...]:
    """The setup checklist for this many players."""
    workers = starting_workers(players)
    seats_zh = "；".join(
        f"第 {seat} 位{'（起始玩家）' if seat == 1 else ''}：{count} 张" for seat, count in enumerate(workers, 1)
    )
    seats_en = "; ".join(
        f"seat {seat}{' (start player)' if seat == 1 else ''}: {count}" for seat, count in enumerate(workers, 1)
    )
    display = DISPLAY_CARDS[players]
    return (
        SetupStep(
            Text(
                f"每名玩家（共 {players} 名）拿一张计划卡、一张庄园卡和一张储藏库卡，放在自己面前。",
                f"Each of the {players} players takes a project card, an estate card and a storage card.",
            )
        ),
        SetupStep(
            Text(
                f"每名玩家随机拿一张货物卡和一张动物卡，再拿一张银币卡，放入储藏库（共 {players} 张货物、{players} 张动物、{players} 张银币）。",
                f"Each player takes one random goods card, one random animal card and one silver card into storage ({players} goods, {players} animals, {players} silver in all).",
            )
        ),
        SetupStep(
            Text(
                "剩余货物卡洗混，正面朝上分成两个相等的牌库。",
                "Shuffle the remaining goods cards into two equal face-up stacks.",
            )
        ),
        SetupStep(
            Text(
                "剩余动物卡洗混，同样分成两个相等的牌库。",
                "Shuffle the remaining animal cards into two equal stacks.",
            )
        ),
        SetupStep(Text("银币卡和工人卡各分成两个牌库。", "Make two stacks each of silver cards and worker cards.")),
        SetupStep(
            Text(
                "决定起始玩家：起始玩家卡正面朝上（没有问号的一面）放在其庄园卡旁。",
                "Choose the start player: the start-player card goes face up (the side without a question mark) beside their estate card.",
            ),
            starts=True,
        ),
        SetupStep(
            Text(f"起始工人卡（顺时针）：{seats_zh}。", f"Starting worker cards, clockwise: {seats_en}."),
            None
            if players == 4
            else Text(
                "原文只描述了 4 人局（起始玩家没有，左边两位各 1 张，最后一位 2 张）；本站对 2、3 人局沿用同一模式：起始玩家没有，最后一位 2 张，其他玩家各 1 张。",
                "The source describes four players only (start player none, the next two one each, the last player two); for 2 and 3 players this site applies the same pattern: start player none, the last player two, the others one.",
            ),
        ),
        SetupStep(
            Text(
                f"展示卡 1–{DISPLAY_ROWS} 按顺序排在桌子中央。",
                f"Lay out the display cards 1–{DISPLAY_ROWS} in the middle of the table.",
            )
        ),
        SetupStep(
            Text(
                f"{BONUS_ONES} 张奖励卡（标有「1」）放在展示卡上方，稍微扇形展开。",
                f"Fan out the {BONUS_ONES} bonus cards marked “1” above the display.",
            )
        ),
        SetupStep(
            Text(
                f"{len(BONUS_SEVENS)} 张「7」奖励卡在展示卡上方叠成一个牌库（{_order(BONUS_SEVENS).zh}）。",
                f"Stack the {len(BONUS_SEVENS)} “7” bonus cards above the display ({_order(BONUS_SEVENS).en}).",
            )
        ),
        SetupStep(Text("15 张分数卡叠成一个牌库放在一旁。", "Stack the 15 victory-point cards to one side.")),
        SetupStep(
            Text(
                "5 张轮数卡（A–E）叠成牌库，A 在最上，依次 B、C、D、E。",
                "Stack the 5 round cards A–E, A on top, then B, C, D, E.",
            )
        ),
        SetupStep(
            Text(
                f"洗混 {ACTION_CARDS} 张行动卡（红色牌背），作为牌库放在展示卡下方。",
                f"Shuffle the {ACTION_CARDS} action cards (red backs) into a draw pile below the display.",
            )
        ),
        SetupStep(
            Text(
                f"发给每名玩家 {CARDS_PER_ROUND} 张牌，背面朝上不看（共 {CARDS_PER_ROUND * players} 张）：第一轮的「骰子」供应区。",
                f"Deal each player {CARDS_PER_ROUND} cards face down, unseen ({CARDS_PER_ROUND * players} in all): their “dice” supply for round one.",
            )
        ),
        SetupStep(
            Text(
                f"{players} 人游戏：把 {display} 张行动卡正面朝上放在展示卡旁。",
                f"{players} players: lay {display} action cards face up beside the display.",
            )
        ),
    )


BONUS_AND_DISPLAY = (
    Area(
        Text("展示卡上方：奖励卡", "Above the display: bonus cards"),
        (
            Piece(
                PieceShape.STACK,
                Text.same(1),
                Text(f"{BONUS_ONES} 张，扇形展开", f"{BONUS_ONES} cards, fanned out"),
            ),
            Piece(PieceShape.STACK, Text.same(7), _order(BONUS_SEVENS)),
        ),
    ),
    Area(
        Text(f"展示卡 1–{DISPLAY_ROWS}", f"Display cards 1–{DISPLAY_ROWS}"),
        tuple(Piece(PieceShape.CARD, Text.same(n), tone=Tone.MARKED) for n in range(1, DISPLAY_ROWS + 1)),
    ),
)
"""The bonus cards and the display cards, the same at every player count."""


def diagram(players: int) -> Diagram:
    """The display at the start of round one: bonus cards above, the action cards beside and below."""
    display = DISPLAY_CARDS[players]
    return Diagram(
        Text(f"{players} 人局：桌子中央的展示区", f"{players} players: the display in the middle of the table"),
        (
            *BONUS_AND_DISPLAY,
            Area(
                Text(f"展示卡旁：{display} 张行动卡，正面朝上", f"Beside the display: {display} action cards face up"),
                tuple(Piece(PieceShape.CARD) for _ in range(display)),
                columns=7,
            ),
            Area(
                Text("展示卡下方：行动卡牌库（红色牌背）", "Below the display: the action card draw stack (red backs)"),
                (
                    Piece(
                        PieceShape.STACK,
                        Text.same(action_cards_left(players)),
                        Text(
                            f"{ACTION_CARDS} 张，发出 {CARDS_PER_ROUND * players} 张、展示 {display} 张后",
                            f"{ACTION_CARDS}, less {CARDS_PER_ROUND * players} dealt and {display} laid out",
                        ),
                    ),
                ),
            ),
            Area(
                Text(
                    f"每名玩家面前：{CARDS_PER_ROUND} 张背面朝上，第一轮的「骰子」",
                    f"In front of each player: {CARDS_PER_ROUND} cards face down, round one's “dice”",
                ),
                tuple(
                    Piece(PieceShape.STACK, Text.same(CARDS_PER_ROUND), Text.same(f"P{p}"))
                    for p in range(1, players + 1)
                ),
            ),
        ),
        (
            Text(
                "原文没有说明每张行动卡放在哪一张展示卡旁。",
                "The source does not say beside which display card each action card goes.",
            ),
        ),
    )


_count = counts_from("end-of-game")
"""A whole-number field defined in the end-of-game rules."""


GAME = Game(
    id="burgundy-cards",
    name=Text("勃艮第城堡卡牌版", "The Castles of Burgundy: The Card Game"),
    min_players=2,
    max_players=4,
    categories=(
        Category(
            _count(
                "estate_sets",
                "庄园三张一套",
                "Estate: sets of three",
                "已完成的三张一套的分数（原文只给出修道院的分数：三张修道院一套值 6 分）",
                "Points for completed sets of three (the source gives a value only for monasteries: three are worth 6)",
            )
        ),
        Category(_count("bonus_cards", "奖励卡", "Bonus cards", "奖励卡上的分数", "Points on bonus cards")),
        Category(
            _count("vp_cards", "分数卡", "Victory-point cards", "分数卡上的分数", "Points on victory-point cards")
        ),
        Category(
            _count("goods_sold", "出售的货物", "Goods sold", "已出售货物卡显示的分数", "Points showing on sold goods")
        ),
        Category(
            _count(
                "animal_kinds",
                "动物种类",
                "Animal kinds",
                "不同动物的种类数（0–4）：2 种 1 分，3 种 2 分，4 种 4 分",
                "Different animals (0–4): 2 kinds 1 point, 3 kinds 2, 4 kinds 4",
                maximum=4,
            ),
            points=lambda kinds: ANIMAL_KIND_POINTS[kinds],
        ),
        Category(
            Field(
                "start_player",
                Text("起始玩家卡", "Start-player card"),
                Text(
                    "持有起始玩家卡的玩家得 1 分（无论哪一面朝上）", "The holder scores 1 point, whichever side is up"
                ),
                kind=FieldKind.ONE_PLAYER,
                section="end-of-game",
            )
        ),
    ),
    extra_player_fields=(
        _count(
            "storage_cards",
            "储藏库剩余卡片",
            "Cards left in storage",
            "平手时用：工人、银币、未出售的货物、未使用的动物",
            "For ties: workers, silver, unsold goods, unused animals",
        ),
    ),
    tie_breakers=(
        TieBreaker(
            "storage_cards", True, Text("储藏库剩余卡片较多", "most cards left in storage"), section="end-of-game"
        ),
    ),
    section="end-of-game",
    notes=(
        Text(
            "平手：原文的决胜规则只用来决定胜者；本表对其他名次的平手也按同一规则排序（原文没有说）。",
            "Ties: the source's tie-breaker decides the winner only; this sheet also orders ties for the other places "
            "by the same rule (the source does not say so).",
        ),
    ),
    setup=setup,
    diagram=diagram,
)

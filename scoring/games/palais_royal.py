"""Palais Royal (皇家宫殿): setup, final scoring with the four courtyard edges, room majorities."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import (
    Area,
    Category,
    Choice,
    Diagram,
    Field,
    FieldKind,
    Game,
    Helper,
    HelperResult,
    MissingChoice,
    MissingValues,
    Piece,
    PieceShape,
    Result,
    SetupStep,
    Sheet,
    SheetError,
    Supply,
    Text,
    Tone,
    called_at_start,
    english_list,
    listed,
    rank,
)
from .kit import counts_from

NOBLES = 42
NOBLES_ON_BOARD = 36
SERVANTS_PER_PLAYER = 18
SERVANTS_TO_SUPPLY = 7
SERVANTS_PER_COLOUR = SERVANTS_PER_PLAYER + SERVANTS_TO_SUPPLY
"""18 servants to the player and 7 to the general supply: 25 of each colour in all."""
START_STAIRWAY = 3
START_PARADE_GROUND = 2
START_PLACED = 5
SERVANTS_LEFT = SERVANTS_PER_PLAYER - START_STAIRWAY - START_PARADE_GROUND - START_PLACED
"""Servants in a player's play area once setup is done: 8."""
STARTING_GOLD = (0, 1, 2, 3)
"""Gold by seat from the start player, clockwise (the source describes four seats)."""
UNPLAYED_POINTS_CAP = 6
EDGES = 4
EACH_SCORES = "each-scores"
SPLIT_DOWN = "split-down"
RULE_NAMES = {EACH_SCORES: Text("各得其分", "each scores"), SPLIT_DOWN: Text("平分向下取整", "split, rounded down")}
ORDINAL = (Text("第一", "first"), Text("第二", "second"))
EDGE_NAMES = tuple(Text(f"边沿 {n}", f"Edge {n}") for n in range(1, EDGES + 1))


# ---------------------------------------------------------------- setup

ROOM_GRID = 3
"""The nine castle rooms lie in a 3×3 square."""


def starting_gold(players: int) -> tuple[int, ...]:
    """Gold coins by seat, start player first: the seats of the source that exist at this count."""
    return STARTING_GOLD[:players]


def setup(players: int) -> tuple[SetupStep, ...]:
    """The setup checklist for this many players."""
    gold = starting_gold(players)
    seats_zh = "；".join(f"第 {s} 位{'（起始游戏者）' if s == 1 else ''}：{g} 个" for s, g in enumerate(gold, 1))
    seats_en = "; ".join(f"seat {s}{' (start player)' if s == 1 else ''}: {g}" for s, g in enumerate(gold, 1))
    left = SERVANTS_LEFT
    return (
        SetupStep(
            Text("将游戏图版放在桌子中间。", "Place the game board in the middle of the table."),
            Text(
                "原文没有写明游戏人数；本站按 2–4 人提供准备清单。",
                "The source does not give the number of players; this site offers the checklist for 2–4.",
            ),
        ),
        SetupStep(
            Text(
                f"将 {NOBLES} 张贵族图块扣放洗混，随机取 {NOBLES_ON_BOARD} 块放入图版的格子里并翻到正面；"
                f"剩余的 {NOBLES - NOBLES_ON_BOARD} 块放回包装盒。",
                f"Shuffle the {NOBLES} noble tiles face down; place {NOBLES_ON_BOARD} at random in the spaces "
                f"of the board and turn them face up; put the other {NOBLES - NOBLES_ON_BOARD} back in the box.",
            )
        ),
        SetupStep(
            Text(
                f"将 {ROOM_GRID * ROOM_GRID} 张城堡房间洗混，在图版下方随机摆成 {ROOM_GRID}×{ROOM_GRID} 的方阵，"
                "有文字一面向上（熟悉之后也可以文字面向下）。"
                "首次游戏建议使用原文图中所示的摆放顺序。",
                f"Shuffle the {ROOM_GRID * ROOM_GRID} castle rooms and lay them out at random below the board as a "
                f"{ROOM_GRID}×{ROOM_GRID} square, text side up (once you know them you may play text side down). "
                "For the first game the source suggests the layout shown in its picture.",
            ),
            Text(
                "原文所说的图不在源文本中，因此这里无法给出首次游戏的建议摆放；本站不自行编造摆放顺序，请随机摆放。",
                "The picture the source refers to is missing from the source text, so the suggested first-game "
                "layout cannot be given here; this site does not make one up: lay the rooms out at random.",
            ),
        ),
        SetupStep(
            Text(
                "洗混特权牌，扣放在图版旁边组成抓牌堆。",
                "Shuffle the privilege cards and place them face down beside the board as the draw pile.",
            )
        ),
        SetupStep(
            Text(
                "将金币按面值分类（也可以不分类），放在图版旁边组成公共金币资源堆。",
                "Sort the gold coins by value (or leave them unsorted) beside the board as the general gold supply.",
            )
        ),
        SetupStep(
            Text(
                f"每个游戏者（共 {players} 名）选择一个颜色，拿取该颜色的 {SERVANTS_PER_PLAYER} 个仆人放在自己面前"
                f"（他的游戏区域；共 {SERVANTS_PER_PLAYER * players} 个）。",
                f"Each of the {players} players chooses a colour and takes the {SERVANTS_PER_PLAYER} servants of "
                f"that colour into his play area in front of him ({SERVANTS_PER_PLAYER * players} in all).",
            )
        ),
        SetupStep(
            Text(
                f"将每种颜色剩余的 {SERVANTS_TO_SUPPLY} 个仆人放在图版旁边，组成公共资源堆。",
                f"Put the remaining {SERVANTS_TO_SUPPLY} servants of each colour beside the board as the general "
                "supply.",
            ),
            Text(
                "原文没有说明一共有几种颜色，也没有说明无人选用的颜色怎样处理。",
                "The source does not say how many colours there are, nor what to do with a colour nobody chose.",
            ),
        ),
        SetupStep(
            Text(
                f"每个游戏者从自己的游戏区域拿出 {START_STAIRWAY} 个仆人放在阶梯上、{START_PARADE_GROUND} 个仆人放在"
                f"阅兵场上（阶梯上共 {START_STAIRWAY * players} 个，阅兵场上共 {START_PARADE_GROUND * players} 个）。",
                f"Each player takes {START_STAIRWAY} servants from his play area to the stairway and "
                f"{START_PARADE_GROUND} to the parade ground ({START_STAIRWAY * players} on the stairway and "
                f"{START_PARADE_GROUND * players} on the parade ground in all).",
            )
        ),
        SetupStep(
            Text(
                f"选出一个起始游戏者。他从公共资源堆里拿金币分给其他游戏者（顺时针，即向左）：{seats_zh}。",
                f"Choose a start player. He gives gold coins from the general supply to the others, clockwise "
                f"(to his left): {seats_en}.",
            ),
            None
            if players == len(STARTING_GOLD)
            else Text(
                "原文按四个座位描述：起始游戏者不拿金币，左邻 1 个，再下一位 2 个，“最后一个游戏者” 3 个。"
                "人数较少时怎样分配，原文没有说明；这里只列出实际存在的座位、按原文的座位顺序给出。"
                "最后一位是否应改拿 3 个，原文同样没有说明，请同桌自行决定。",
                "The source describes four seats: the start player gets none, his left neighbour 1, the next "
                "player 2 and “the last player” 3. It does not say how gold is handed out with fewer players; "
                "this list gives only the seats that exist, in the source's seat order. Whether the last seat "
                "should get 3 instead, the source does not say either: the table decides.",
            ),
            starts=True,
        ),
        SetupStep(
            Text(
                f"起始游戏者从游戏区域拿出 {START_PLACED} 个仆人放进城堡房间（例如夫人处 2 个、枢机主教处 1 个、"
                f"阶梯 1 个、铸币房 1 个）；其余游戏者按顺时针顺序各放 {START_PLACED} 个"
                f"（共 {START_PLACED * players} 个）。之后每人的游戏区域应剩 {left} 个仆人。",
                f"The start player places {START_PLACED} servants from his play area in castle rooms (for example "
                f"2 with Madame, 1 with the Cardinal, 1 on the stairway, 1 in the mint); then each other player in "
                f"clockwise order places {START_PLACED} ({START_PLACED * players} in all). Afterwards each player "
                f"should have {left} servants left in his play area.",
            )
        ),
    )


SERVANT_START = (
    Piece(PieceShape.PLACE, Text.same(START_STAIRWAY), Text("阶梯", "stairway"), Tone.MARKED),
    Piece(PieceShape.PLACE, Text.same(START_PARADE_GROUND), Text("阅兵场", "parade ground"), Tone.MARKED),
    Piece(
        PieceShape.PLACE,
        Text.same("–"),
        Text("大门", "gate"),
        Tone.OFF,
    ),
    Piece(PieceShape.PLACE, Text.same(START_PLACED), Text("自选房间", "rooms of his choice")),
    Piece(PieceShape.PLACE, Text.same(SERVANTS_LEFT), Text("留在游戏区域", "left in his play area")),
)
"""Where each player's servants start, as the diagram draws them."""


def diagram(players: int) -> Diagram:
    """The 3×3 castle rooms, where each player's servants start, and the gold by seat."""
    rooms = ROOM_GRID * ROOM_GRID
    return Diagram(
        Text(f"{players} 人局的准备", f"Setup for {players} players"),
        (
            Area(
                Text(
                    f"图版下方：{rooms} 张城堡房间随机摆成 {ROOM_GRID}×{ROOM_GRID}",
                    f"Below the board: the {rooms} castle rooms at random in a {ROOM_GRID}×{ROOM_GRID} square",
                ),
                tuple(Piece(PieceShape.PLACE, Text.same("?"), tone=Tone.OFF) for _ in range(rooms)),
                columns=ROOM_GRID,
            ),
            Area(
                Text(
                    f"每名玩家的 {SERVANTS_PER_PLAYER} 个仆人（共 {players} 名玩家）",
                    f"Each player's {SERVANTS_PER_PLAYER} servants ({players} players)",
                ),
                SERVANT_START,
            ),
            Area(
                Text("起始金币，从起始游戏者顺时针", "Starting gold, clockwise from the start player"),
                _gold_seats(players),
            ),
        ),
        _diagram_notes(players),
    )


def _gold_seats(players: int) -> tuple[Piece, ...]:
    """The starting gold of each seat, start player first."""
    return tuple(
        Piece(
            PieceShape.COIN,
            Text.same(g),
            Text(f"第 {s} 位" + ("（起始）" if s == 1 else ""), f"seat {s}" + (" (start)" if s == 1 else "")),
            Tone.MARKED if g else Tone.OFF,
        )
        for s, g in enumerate(starting_gold(players), 1)
    )


def _diagram_notes(players: int) -> tuple[Text, ...]:
    """What the diagram's notes say: the gate, the missing first-game layout, and the gold the source omits."""
    return (
        Text(
            "大门：游戏中，阅兵场上每有 1 个仆人，就可以向大门放 1 个仆人。",
            "Gate: in play, each servant on the parade ground lets its owner place 1 servant at the gate.",
        ),
        Text(
            "原文所说的首局摆放图不在源文本中：房间随机摆放。",
            "The source's picture of a first-game layout is missing: the rooms go at random.",
        ),
        *(
            ()
            if players == len(STARTING_GOLD)
            else (
                Text(
                    "原文只描述 4 个座位的金币；人数较少时见清单的说明。",
                    "The source gives gold for 4 seats only; see the checklist's note for fewer players.",
                ),
            )
        ),
    )


# ---------------------------------------------------------------- courtyard edges


@dataclass(frozen=True)
class EdgePlace:
    """Players who share one place on an edge and the points each of them scores."""

    players: tuple[int, ...]
    servants: int
    place: int  # 1 or 2: places after second score nothing and are not listed
    points: int


def edge_places(
    counts: Sequence[int], points: Sequence[int], rule: str, edge: int, names: Sequence[str] = ()
) -> tuple[EdgePlace, ...]:
    """First and second place on one edge; a tie on them needs the table's rule (SheetError otherwise)."""
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    places: list[EdgePlace] = []
    place = 1
    for level in levels:
        if place > len(points):
            break
        group = tuple(i for i, c in enumerate(counts) if c == level)
        if len(group) == 1 or rule == EACH_SCORES:
            each = points[place - 1]
        elif rule == SPLIT_DOWN:
            occupied = range(place, place + len(group))
            each = sum(points[p - 1] for p in occupied if p <= len(points)) // len(group)
        else:
            raise EdgeTie(edge, place, level, listed(names or [""] * len(counts), group))
        places.append(EdgePlace(group, level, place, each))
        place += len(group)
    return tuple(places)


class EdgeTie(SheetError):
    """A tie on an edge's first or second place while the table has chosen no rule for it."""

    def __init__(self, edge: int, place: int, servants: int, group: Text) -> None:
        super().__init__(f"table.edges[{edge}]", _tie_message(edge, place, servants, group))
        self.edge, self.place, self.servants, self.group = edge, place, servants, group

    def clause(self) -> Text:
        """The tie in the table's words: “Edge 1: Ann and Bo, 2 servants each, tied for first”."""
        name, ordinal = EDGE_NAMES[self.edge], ORDINAL[self.place - 1]
        return Text(
            f"{name.zh}：{self.group.zh} 各 {self.servants} 个仆人，并列{ordinal.zh}名",
            f"{name.en}: {self.group.en}, {_servants(self.servants)} each, tied for {ordinal.en}",
        )


def edge_question(ties: Sequence[EdgeTie]) -> MissingChoice:
    """Every edge tie the table has not settled, in one question: how does the table score a tie on an edge?"""
    clauses = [t.clause() for t in ties]
    return MissingChoice(
        ["table.edge_tie_rule"],
        Text(
            f"{'；'.join(c.zh for c in clauses)}。原文没有说明边沿上的平手怎样计分。你们怎样计算边沿上的平手？",
            f"{'; '.join(c.en for c in clauses)}. The source does not say how a tie on an edge scores. "
            "How does your table score a tie on an edge?",
        ),
    )


def _tie_message(edge: int, place: int, servants: int, group: Text) -> Text:
    """Say that an edge has a tie the source does not settle."""
    name, ordinal = EDGE_NAMES[edge], ORDINAL[place - 1]
    return Text(
        f"{name.zh}：{group.zh} 以各 {servants} 个仆人并列{ordinal.zh}名。原文没有说明边沿上的平手怎样处理，"
        "请同桌在“边沿平手”中选择一种做法。",
        f"{name.en}: {group.en} are tied for {ordinal.en} place with {_servants(servants)} each. The source has no "
        "rule for a tie on an edge: the table must choose one under “Ties on an edge”.",
    )


def _all_edges(sheet: Sheet) -> list[tuple[EdgePlace, ...] | SheetError]:
    """Each edge's scoring places, or the error for an unsettled tie on it."""
    out: list[tuple[EdgePlace, ...] | SheetError] = []
    rule = sheet.table.get("edge_tie_rule", "")
    for edge in range(EDGES):
        counts = [p.values["edge_servants"][edge] for p in sheet.players]
        try:
            out.append(edge_places(counts, sheet.table["edges"][edge], rule, edge, [p.name for p in sheet.players]))
        except SheetError as error:
            out.append(error)
    return out


def validate(sheet: Sheet) -> list[SheetError]:
    """Every edge with a tie on first or second place while the table has chosen no rule, and every edge whose
    scoring places have blank points (the values printed on the board: missing, not 0)."""
    edges = _all_edges(sheet)
    rule = sheet.table.get("edge_tie_rule", "")
    ties = [e for e in edges if isinstance(e, EdgeTie)]
    problems: list[SheetError] = [edge_question(ties)] if ties else []
    problems.extend(e for e in edges if isinstance(e, SheetError) and not isinstance(e, EdgeTie))
    for edge, places in enumerate(edges):
        if isinstance(places, SheetError):
            continue
        used = sorted({part for p in places for part in _points_used(p, rule)})
        blank = [part for part in used if f"edges[{edge}][{part}]" in sheet.table_blank]
        if blank:
            problems.append(
                MissingValues([f"table.edges[{edge}][{part}]" for part in blank], _blank_points(edge, blank))
            )
    return problems


def _points_used(place: EdgePlace, rule: str) -> range:
    """Which of an edge's printed points (0: first, 1: second) a place scores from."""
    first = place.place - 1
    if len(place.players) > 1 and rule == SPLIT_DOWN:
        return range(first, min(first + len(place.players), 2))
    return range(first, first + 1)


def _blank_points(edge: int, parts: Sequence[int]) -> Text:
    """Say that an edge's printed points are needed and blank."""
    which = [ORDINAL[part] for part in parts]
    zh = "和".join(w.zh for w in which) + "名"
    en = " and ".join(w.en for w in which) + " place"
    return Text(
        f"{EDGE_NAMES[edge].zh}：图板上印的{zh}分数还空着。请照图板填在“边沿分数”里（空着不算 0）。",
        f"{EDGE_NAMES[edge].en}: the points printed on the board for {en} are blank. Type them under “Edge points” "
        "(blank is not 0).",
    )


def _names(names: Sequence[str]) -> Text:
    """Names joined in each language."""
    return Text("、".join(names), english_list(names))


def _servants(count: int) -> str:
    """'1 servant', '3 servants'."""
    return f"{count} servant" + ("" if count == 1 else "s")


def _edge_note(edge: int, places: tuple[EdgePlace, ...], sheet: Sheet) -> Text:
    """One edge's outcome for the result notes."""
    name = EDGE_NAMES[edge]
    if not places:
        return Text(f"{name.zh}：没有人有仆人，无人得分。", f"{name.en}: nobody has servants there; nobody scores.")
    zh, en = [], []
    for p in places:
        who = _names([sheet.players[i].name for i in p.players])
        ordinal = ORDINAL[p.place - 1]
        if len(p.players) == 1:
            zh.append(f"{ordinal.zh}名 {who.zh}（{p.servants} 个仆人）得 {p.points} 分")
            en.append(f"{ordinal.en} {who.en} ({_servants(p.servants)}) scores {p.points}")
        else:
            rule = RULE_NAMES[sheet.table["edge_tie_rule"]]
            zh.append(f"{who.zh} 以各 {p.servants} 个仆人并列{ordinal.zh}名，按“{rule.zh}”各得 {p.points} 分")
            en.append(
                f"{who.en} tie for {ordinal.en} with {_servants(p.servants)} each and score {p.points} each ({rule.en})"
            )
    if not any(p.place == 2 for p in places):
        zh.append("没有第二名")
        en.append("nobody is second")
    return Text(f"{name.zh}：" + "；".join(zh) + "。", f"{name.en}: " + "; ".join(en) + ".")


def score(game: Game, sheet: Sheet) -> Result:
    """Nobles, privilege cards and edge points per player, then places by total."""
    edges = _all_edges(sheet)
    for outcome in edges:
        if isinstance(outcome, SheetError):
            raise outcome
    edge_points = [0] * len(sheet.players)
    notes: list[Text] = []
    for edge, places in enumerate(edges):
        assert not isinstance(places, SheetError)
        for p in places:
            for i in p.players:
                edge_points[i] += p.points
        notes.append(_edge_note(edge, places, sheet))
    breakdowns = []
    for player, edge_total in zip(sheet.players, edge_points, strict=True):
        breakdown = {c.field.key: c.points(player.values[c.field.key]) for c in game.categories}
        breakdown["edges"] = edge_total
        breakdowns.append(breakdown)
    return rank(game, sheet, breakdowns, tuple(notes))


# ---------------------------------------------------------------- room majorities


@dataclass(frozen=True)
class Room:
    """A castle room and its majority bonus (None: the source gives it none)."""

    name: Text
    bonus: Text | None
    no_bonus: Text | None = None  # what to say instead of the plain "none" of the source


NO_BONUS = Text("最多数奖励：无。", "majority bonus: none.")
ROOMS = (
    Room(Text("阅兵场", "Parade ground"), Text("可以向大门多放 1 个仆人", "may place 1 more servant at the gate")),
    Room(
        Text("阶梯", "Stairway"),
        Text("可以多移动 1 次（在移动行动开始时计算）", "may make 1 more move (counted at the start of the move)"),
    ),
    Room(Text("铸币房", "Mint"), Text("获得 1 个额外的金币", "gets 1 extra gold coin")),
    Room(
        Text("国王居所", "King's Residence"),
        Text("可以向国王居所再增加 1 个仆人", "may add 1 extra servant to the King's Residence"),
    ),
    Room(
        Text("庞巴度夫人", "Madame de Pompadour"),
        Text("可以向庞巴度夫人处再增加 1 个仆人", "may add 1 extra servant to Madame de Pompadour"),
    ),
    Room(Text("办公室", "Office"), None),
    Room(
        Text("大门", "Gate"),
        None,
        Text("原文没有给大门规定行动或最多数奖励。", "the source gives the gate no action and no majority bonus."),
    ),
    Room(Text("后门", "Back door"), None),
    Room(
        Text("枢机主教", "Cardinal"),
        None,
        Text(
            "最多数奖励：无；这里的仆人用来解决其他房间的平手。",
            "no majority bonus; its servants settle ties in the other rooms.",
        ),
    ),
)
CARDINAL = len(ROOMS) - 1


def majority_holder(counts: Sequence[int], cardinal: Sequence[int]) -> int | None:
    """Who holds a room's majority: most servants, a tie going to most servants with the Cardinal; else nobody."""
    most = max(counts)
    if most == 0:
        return None
    tied = [i for i, c in enumerate(counts) if c == most]
    if len(tied) == 1:
        return tied[0]
    best = max(cardinal[i] for i in tied)
    leaders = [i for i in tied if cardinal[i] == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def _room_line(room: Room, counts: Sequence[int], cardinal: Sequence[int], names: Sequence[str]) -> Text:
    """Who gets one room's majority bonus, and why."""
    name = room.name
    if room.bonus is None:
        said = room.no_bonus or NO_BONUS
        return Text(f"{name.zh}：{said.zh}", f"{name.en}: {said.en}")
    most = max(counts)
    if most == 0:
        return Text(
            f"{name.zh}：没有仆人，无人获得最多数奖励。",
            f"{name.en}: no servants there; nobody gets the majority bonus.",
        )
    holder = majority_holder(counts, cardinal)
    tied = [i for i, c in enumerate(counts) if c == most]
    if len(tied) == 1:
        who = names[tied[0]]
        return Text(
            f"{name.zh}：{who} 最多（{most} 个仆人）→ {room.bonus.zh}。",
            f"{name.en}: {who} has the most ({_servants(most)}) → {room.bonus.en}.",
        )
    group = _names([names[i] for i in tied])
    head = Text(f"{name.zh}：{group.zh} 平手（各 {most} 个）", f"{name.en}: {group.en} tie ({most} each)")
    if holder is not None:
        who = names[holder]
        return Text(
            f"{head.zh}，{who} 在枢机主教处仆人最多（{cardinal[holder]} 个）→ {room.bonus.zh}。",
            f"{head.en}; {who} has the most servants with the Cardinal ({cardinal[holder]}) → {room.bonus.en}.",
        )
    if max(cardinal[i] for i in tied) == 0:
        why = Text("他们在枢机主教处都没有仆人", "none of them has servants with the Cardinal")
    else:
        why = Text("在枢机主教处依然平手", "still tied with the Cardinal")
    return Text(
        f"{head.zh}，{why.zh}：无人获得最多数奖励。",
        f"{head.en}; {why.en}: nobody gets the majority bonus.",
    )


def majorities(sheet: Sheet) -> HelperResult:
    """Who holds each room's majority bonus."""
    for index, player in enumerate(sheet.players):
        total = sum(player.values["room_servants"])
        who = called_at_start(player.name, index)
        if total > SERVANTS_PER_COLOUR:
            raise SheetError(
                f"players[{index}].scores.room_servants",
                Text(
                    f"{who.zh}：房间里共 {total} 个仆人，但每种颜色只有 {SERVANTS_PER_COLOUR} 个"
                    f"（{SERVANTS_PER_PLAYER} + {SERVANTS_TO_SUPPLY}）。",
                    f"{who.en}: {total} servants in the rooms, but each colour has only "
                    f"{SERVANTS_PER_COLOUR} ({SERVANTS_PER_PLAYER} + {SERVANTS_TO_SUPPLY}).",
                ),
            )
    names = [p.name for p in sheet.players]
    cardinal = [p.values["room_servants"][CARDINAL] for p in sheet.players]
    lines = tuple(
        _room_line(room, [p.values["room_servants"][r] for p in sheet.players], cardinal, names)
        for r, room in enumerate(ROOMS)
    )
    return HelperResult(lines)


MAJORITY_HELPER = Helper(
    id="majority",
    title=Text("最多数奖励", "Majority bonuses"),
    intro=Text(
        "填写每名玩家此刻在各房间里的仆人数（枢机主教一栏用于平手）。阶梯的最多数在移动行动开始时计算。",
        "Enter each player's servants in each room as they are now (the Cardinal column settles ties). The "
        "stairway majority counts at the start of the move action.",
    ),
    player_fields=(
        Field(
            "room_servants",
            Text("房间里的仆人", "Servants in the rooms"),
            Text("九个城堡房间各有几个仆人", "Servants in each of the nine castle rooms"),
            maximum=SERVANTS_PER_COLOUR,
            entries=tuple(room.name for room in ROOMS),
            section="castle-rooms",
        ),
    ),
    table_fields=(),
    compute=majorities,
    section="cardinal",
)


# ---------------------------------------------------------------- the game


_count = counts_from("final-scoring")
"""A whole-number field defined in the final scoring."""


GAME = Game(
    id="palais-royal",
    name=Text("皇家宫殿", "Palais Royal"),
    min_players=2,
    max_players=4,
    categories=(
        Category(_count("nobles", "贵族", "Nobles", "招募的贵族图块上的分数", "Points on recruited noble tiles")),
        Category(
            _count(
                "privileges_played",
                "打出的特权牌",
                "Privilege cards played",
                "打出的特权牌上的分数",
                "Points on the privilege cards played",
            )
        ),
        Category(
            _count(
                "privileges_unplayed",
                "未打出的特权牌",
                "Privilege cards not played",
                f"张数：每张 1 分，最多 {UNPLAYED_POINTS_CAP} 分",
                f"How many: 1 point each, at most {UNPLAYED_POINTS_CAP} points",
            ),
            points=lambda cards: min(cards, UNPLAYED_POINTS_CAP),
        ),
    ),
    extra_player_fields=(
        Field(
            "edge_servants",
            Text("边沿上的仆人", "Servants on the edges"),
            Text("庭院四个边沿上各有几个自己的仆人", "Your servants on each of the courtyard's four edges"),
            maximum=SERVANTS_PER_COLOUR,
            entries=EDGE_NAMES,
            section="final-scoring",
        ),
    ),
    table_fields=(
        Field(
            "edges",
            Text("边沿分数", "Edge points"),
            Text(
                "每个边沿上印的第一名、第二名分数（原文没有给出数值）",
                "Points printed for first and second place on each edge (the source gives no values)",
            ),
            entries=EDGE_NAMES,
            parts=(Text("第一名", "First"), Text("第二名", "Second")),
            section="final-scoring",
            blank_is_zero=False,
        ),
        Field(
            "edge_tie_rule",
            Text("边沿平手", "Ties on an edge"),
            Text("原文没有规则，由同桌选择", "The source has no rule: the table chooses"),
            kind=FieldKind.CHOICE,
            choices=(
                Choice(
                    EACH_SCORES,
                    Text(
                        "各得其分：平手的玩家每人都得该名次的分数，其后的名次照常顺延"
                        "（两人并列第一：都得第一名分数，没有第二名）",
                        "Each scores: every tied player scores that place's points, and the next place follows as "
                        "in any ranking (two tied for first both score first-place points; nobody is second)",
                    ),
                ),
                Choice(
                    SPLIT_DOWN,
                    Text(
                        "平分向下取整：平手的玩家把他们所占名次的分数相加后平分，向下取整"
                        "（两人并列第一：各得 (第一名 + 第二名) ÷ 2；第二名以后的名次为 0 分）",
                        "Split, rounded down: the tied players add up the points of the places they occupy and "
                        "share them evenly, rounded down (two tied for first each get (first + second) ÷ 2; places "
                        "after second are worth 0)",
                    ),
                ),
            ),
            section="final-scoring",
        ),
    ),
    tie_breakers=(),
    setup=setup,
    section="final-scoring",
    diagram=diagram,
    helpers=(MAJORITY_HELPER,),
    notes=(
        Text(
            "原文没有决胜规则：总分相同的玩家并列同一名次。",
            "The source gives no tie-breaker: players with the same total share the place.",
        ),
        Text(
            "原文没有给出边沿的分值，也没有说明哪些格子属于哪个边沿：请按图版填写，四个边沿对所有玩家用同样的编号。"
            "某个边沿上没有仆人的玩家在该边沿不占名次。",
            "The source gives neither the points for the edges nor which spaces belong to which edge: enter them "
            "from the board, numbering the four edges the same way for every player. A player with no servants on "
            "an edge takes no place on it.",
        ),
        Text(
            "原文没有说明边沿上的平手怎样处理：出现平手时请选择“边沿平手”的做法。枢机主教只用于房间里的平手，"
            "原文没有说它也用于边沿，因此这里不用它。",
            "The source does not say how a tie on an edge is settled: when there is one, choose a rule under “Ties "
            "on an edge”. The Cardinal settles ties in rooms; the source does not say it settles edges, so it is "
            "not used here.",
        ),
    ),
    score=score,
    validate=validate,
    computed_categories=(("edges", Text("庭院边沿", "Courtyard edges")),),
    kept_fields=("edges", "edge_tie_rule"),
    supplies=(
        Supply("edge_servants", SERVANTS_PER_COLOUR, per_player=True),
        Supply("edge_servants", NOBLES_ON_BOARD, Text(" 个放贵族图块的格子", " spaces for noble tiles")),
    ),
)

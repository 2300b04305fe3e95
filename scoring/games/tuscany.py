"""The Castles of Tuscany."""

from __future__ import annotations

from ..core import (
    MAX_VALUE,
    Area,
    Category,
    Diagram,
    Field,
    Game,
    Helper,
    HelperResult,
    Piece,
    PieceShape,
    SetupStep,
    Sheet,
    SheetError,
    Supply,
    Text,
    TieBreaker,
    Tone,
    called_at_start,
)
from .kit import counts_from

REGION_CARDS = 122
YIELD_CARDS = 27
SQUARE_BONUS_TILES = 25
COLOUR_BONUS_TILES = 8
MARBLE = 12
WORKERS = 12
HEX_MARKERS = 10
NEUTRAL_HEXES = 32
DISPLAY_HEXES = 8
DISPLAY_ROWS = 2
"""The face-up neutral hexes lie in two rows of four (the checklist says so in words)."""
HEXES_PER_PLAYER = 22
"""A player's hexes of their colour, the double-sided starting castle included."""
OWN_HEXES = HEXES_PER_PLAYER - 1
"""The hexes a player shuffles into stacks: all but the starting castle."""
STACKS = 3
STACK_SIZE = OWN_HEXES // STACKS
START_CARDS = 5
STORAGE_BONUS_GREEN = 2
"""Green-track spaces for taking the +1 storage bonus tile during setup."""
CARDS_PER_POINT = 3
SCORINGS = 3
MARKER_THRESHOLDS = (50, 100)
"""Red-track scores at which the 50 marker goes on the lion's head, and turns to its 100 side."""
RED_STARTS = (0, 50)
"""The two readings of the red marker's starting space: nothing, or "at 50" as setup step 11 literally says."""


def setup(players: int) -> tuple[SetupStep, ...]:
    """The setup checklist for this many players."""
    dealt = START_CARDS * players
    return (
        SetupStep(
            Text(
                "把计分图板组装起来，放到场中央。", "Assemble the scoring board and put it in the middle of the table."
            )
        ),
        SetupStep(
            Text(
                f"洗混 {REGION_CARDS} 张区域牌，组成牌库，放到容易触及的地方。",
                f"Shuffle the {REGION_CARDS} region cards into a draw pile within easy reach.",
            )
        ),
        SetupStep(
            Text(
                f"洗混 {YIELD_CARDS} 张生产牌，组成牌库，放到容易触及的地方。",
                f"Shuffle the {YIELD_CARDS} yield cards into a draw pile within easy reach.",
            )
        ),
        SetupStep(
            Text(
                f"把 {SQUARE_BONUS_TILES} 个正方奖励板块按种类分成数堆。",
                f"Sort the {SQUARE_BONUS_TILES} square bonus tiles into piles by type.",
            )
        ),
        SetupStep(
            Text(
                f"把 {COLOUR_BONUS_TILES} 个颜色奖励板块排成一列，显示 1 的那面朝上。",
                f"Lay out the {COLOUR_BONUS_TILES} colour bonus tiles in a row, the side showing 1 face up.",
            )
        ),
        SetupStep(
            Text(
                f"把 {MARBLE} 个大理石、{WORKERS} 个工人和 {HEX_MARKERS} 个蓝色六角指示物放到计分图板旁。",
                f"Put the {MARBLE} marbles, {WORKERS} workers and {HEX_MARKERS} blue hex markers next to the scoring board.",
            )
        ),
        SetupStep(
            Text(
                f"洗混 {NEUTRAL_HEXES} 块中立六角板块（米色背面），正面朝下组成数个板块堆。",
                f"Shuffle the {NEUTRAL_HEXES} neutral hexes (beige backs) and stack them face down in several stacks.",
            ),
            Text("原文没有说明分成几堆。", "The source does not say how many stacks."),
        ),
        SetupStep(
            Text(
                f"每名玩家（共 {players} 名）拿 1 个玩家图板。", f"Each of the {players} players takes 1 player board."
            )
        ),
        SetupStep(
            Text(
                f"每名玩家拿所选颜色的全部 {HEXES_PER_PLAYER} 个六角板块，把双面起始城堡放到一旁。",
                f"Each player takes all {HEXES_PER_PLAYER} hexes of their colour and sets the double-sided starting castle aside.",
            )
        ),
        SetupStep(
            Text(
                f"每名玩家把其余 {OWN_HEXES} 个板块正面朝下洗混，分成 {STACKS} 叠、每叠 {STACK_SIZE} 个，放到自己玩家图板上方的三个区域。",
                f"Each player shuffles their other {OWN_HEXES} hexes face down into {STACKS} stacks of {STACK_SIZE}, "
                "placed on the three spaces above their player board.",
            )
        ),
        SetupStep(
            Text(
                "每名玩家把两个同色指示物中扁的放到内圈（红色）计分轨，厚的放到外圈（绿色）计分轨。",
                "Each player puts the flat one of their two markers on the inner (red) track and the tall one on the "
                "outer (green) track.",
            ),
            Text(
                "原文说两个指示物都放在“50的位置上”，意思不明：计分阶段又说抵达或超过红色计分轨 50 时才把 50 标记放到"
                "狮子头上。原文没有给出别的起点，本站不猜测；计分阶段助手让你选择从 0 还是从 50 起算。",
                "The source puts both markers “at 50”, which is unclear: the scoring phase puts the 50 marker on the "
                "lion's head only once a player reaches or passes 50 on the red track. The source gives no other "
                "starting space and this site does not guess one; the scoring-phase helper lets you count from 0 or from 50.",
            ),
        ),
        SetupStep(
            Text("每名玩家拿所选颜色的 50/100 分数标记。", "Each player takes the 50/100 marker of their colour.")
        ),
        SetupStep(
            Text(
                f"每名玩家从牌库抽 {START_CARDS} 张区域牌，不让别人看到（共 {dealt} 张，牌库剩 {REGION_CARDS - dealt} 张）。",
                f"Each player draws {START_CARDS} region cards from the draw pile, unseen by the others "
                f"({dealt} in all; {REGION_CARDS - dealt} stay in the pile).",
            )
        ),
        SetupStep(
            Text(
                f"每名玩家随机拿 3 张区域图板：A、B、C 各一张（共 {3 * players} 张）。",
                f"Each player gets 3 random region boards, one each of A, B and C ({3 * players} in all).",
            )
        ),
        SetupStep(
            Text(
                "每名玩家把三张区域图板以任意顺序和方向沿长边拼在一起，图板之间的高度差不能超过一个六角板块。",
                "Each player joins their three region boards along their long edges, in any order and orientation; "
                "neighbouring boards may be offset by at most one hex.",
            )
        ),
        SetupStep(
            Text(
                "每名玩家把起始城堡放到自己区域图板上三个深绿色六角区域中的任一个。",
                "Each player puts their starting castle on any one of the three dark-green hex spaces of their region boards.",
            )
        ),
        SetupStep(
            Text(
                "决定起始玩家：起始玩家拿起始玩家牌，放在面前，一直持有到游戏结束。",
                "Choose the start player, who takes the start player card and keeps it in front of them until the end of the game.",
            ),
            Text("原文没有说明如何决定起始玩家。", "The source does not say how to choose the start player."),
            starts=True,
        ),
        SetupStep(
            Text(
                f"从起始玩家开始按回合顺序，每名玩家拿 1 个正方奖励板块，放到自己玩家图板上对应符号的右侧；"
                f"拿 +1 存放区的玩家立刻把绿色计分轨上的指示物推进 {STORAGE_BONUS_GREEN} 格。",
                f"In turn order from the start player, each player takes 1 square bonus tile and puts it to the right of "
                f"the matching symbol on their player board; a player who takes the +1 storage space at once moves their "
                f"green-track marker {STORAGE_BONUS_GREEN} spaces forward.",
            )
        ),
        SetupStep(
            Text(
                f"翻开 {DISPLAY_HEXES} 块中立六角板块，在场中央排成两列、每列四个。",
                f"Turn {DISPLAY_HEXES} neutral hexes face up and lay them out in the middle of the table in two rows of four.",
            ),
            Text(
                f"原文的配置数量不随玩家人数变化：{players} 人游戏同样是 {DISPLAY_HEXES} 个。",
                f"No setup number in the source depends on the player count: {players} players also use {DISPLAY_HEXES}.",
            ),
        ),
    )


def diagram(players: int) -> Diagram:
    """The neutral hexes in the middle of the table and each player's three stacks (no number depends on the count)."""
    stacked = NEUTRAL_HEXES - DISPLAY_HEXES
    return Diagram(
        Text(f"{players} 人局的六角板块", f"Hexes for {players} players"),
        (
            Area(
                Text(
                    f"场中央：{DISPLAY_HEXES} 块中立六角板块正面朝上，{DISPLAY_ROWS} 列",
                    f"Middle of the table: {DISPLAY_HEXES} neutral hexes face up in {DISPLAY_ROWS} rows",
                ),
                tuple(Piece(PieceShape.HEX, tone=Tone.MARKED) for _ in range(DISPLAY_HEXES)),
                columns=DISPLAY_HEXES // DISPLAY_ROWS,
            ),
            Area(
                Text(f"其余 {stacked} 块中立六角板块正面朝下", f"The other {stacked} neutral hexes face down"),
                (Piece(PieceShape.HEX_STACK, Text.same(stacked), Text("分成数堆", "in several stacks"), Tone.OFF),),
            ),
            Area(
                Text(
                    f"每名玩家（{players} 名）：玩家图板上方 {STACKS} 叠、每叠 {STACK_SIZE} 个自己颜色的六角板块",
                    f"Each of the {players} players: {STACKS} stacks of {STACK_SIZE} hexes of their colour above "
                    "their player board",
                ),
                tuple(Piece(PieceShape.HEX_STACK, Text.same(STACK_SIZE), tone=Tone.MARKED) for _ in range(STACKS)),
            ),
            Area(Text("", ""), (Piece(PieceShape.PLACE, Text("玩家图板", "player board")),)),
        ),
        (Text("原文没有说明中立板块分成几堆。", "The source does not say how many stacks the neutral hexes form."),),
    )


# ---------------------------------------------------------------- score sheet


_count = counts_from("game-end")
"""A whole-number field of the final scoring."""


def card_points(cards: int) -> int:
    """One point for every three region cards in hand, rounded down."""
    return cards // CARDS_PER_POINT


CATEGORIES = (
    Category(
        _count(
            "red_track",
            "红色计分轨",
            "Red track",
            "第三次计分后红色计分轨上的分数，含 50/100 标记（计分阶段助手可以填入）",
            "Points on the red track after the third scoring, 50/100 marker included (the scoring-phase helper can fill this in)",
            section="scoring-phase",
        )
    ),
    Category(
        _count(
            "unplaced_tiles",
            "没有放置的六角板块",
            "Unplaced hexes",
            f"每个 1 分；最多 {OWN_HEXES} 个（起始城堡之外的六角板块）",
            f"1 point each; at most {OWN_HEXES} (a player's hexes besides the starting castle)",
            maximum=OWN_HEXES,
        )
    ),
    Category(
        _count(
            "hex_markers",
            "六角指示物",
            "Hex markers",
            f"手上的蓝色六角指示物，每个 1 分（共 {HEX_MARKERS} 个）",
            f"Blue hex markers still held, 1 point each ({HEX_MARKERS} exist)",
            maximum=HEX_MARKERS,
        )
    ),
    Category(
        _count(
            "marble",
            "大理石",
            "Marble",
            f"每个 1 分（共 {MARBLE} 个）",
            f"1 point each ({MARBLE} exist)",
            maximum=MARBLE,
        )
    ),
    Category(
        _count(
            "workers",
            "工人",
            "Workers",
            f"每个 1 分（共 {WORKERS} 个）",
            f"1 point each ({WORKERS} exist)",
            maximum=WORKERS,
        )
    ),
    Category(
        _count(
            "cards_in_hand",
            "手上的区域牌",
            "Region cards in hand",
            "填写张数：每 3 张 1 分（向下取整）；平手时张数少者胜",
            "Enter the number of cards: 1 point per 3, rounded down; on a tie, fewer cards wins",
            maximum=REGION_CARDS,
        ),
        points=card_points,
    ),
)

EXTRA_FIELDS = (
    _count(
        "empty_spaces",
        "区域图板上的空格",
        "Empty spaces on the region boards",
        "不计分；平手时多者胜",
        "Not scored; on a tie, more wins",
    ),
    _count(
        "green_track",
        "绿色计分轨",
        "Green track",
        "不计分；平手时分数少者胜（计分阶段助手可以填入）",
        "Not scored; on a tie, fewer points wins (the scoring-phase helper can fill this in)",
        section="scoring-phase",
    ),
)

SUPPLIES = (
    Supply("hex_markers", HEX_MARKERS, Text(" 个", "")),
    Supply("marble", MARBLE, Text(" 个", "")),
    Supply("workers", WORKERS, Text(" 个", "")),
    Supply("cards_in_hand", REGION_CARDS, Text(" 张区域牌", " region cards")),
)
"""Setup steps 2 and 6 of the source: 122 region cards; 12 marble, 12 workers and 10 blue hex markers in all."""

TIE_BREAKERS = (
    TieBreaker(
        "empty_spaces", True, Text("区域图板上空格最多", "most empty spaces on the region boards"), section="game-end"
    ),
    TieBreaker(
        "green_track", False, Text("绿色计分轨分数最少", "fewest points on the green track"), section="game-end"
    ),
    TieBreaker("cards_in_hand", False, Text("剩下的区域牌最少", "fewest region cards left"), section="game-end"),
)

NOTES = (
    Text(
        "平手：原文的决胜规则只用来决定胜者；本表对其他名次的平手也按同样的顺序排序，三项都相同则共享名次（原文没有说）。",
        "Ties: the source's tie-breakers decide the winner only; this sheet also orders ties for the other places by "
        "the same steps, and players level on all three share the place (the source says neither).",
    ),
    Text(
        "“没有放置的六角板块”：原文没有说明是仅算存放区中的板块，还是也包括板块堆中剩下的板块；请按本桌的理解填写。",
        "“Unplaced hexes”: the source does not say whether only the tiles in storage count or also the tiles left "
        "in the player's stacks; enter them as your table reads it.",
    ),
    Text(
        "红色计分轨：原文说指示物开始时放在“50的位置上”，意思不明；本表按填写的分数计算，不加也不减任何起始分。",
        "Red track: the source puts the markers “at 50” at the start, which is unclear; this sheet scores the number "
        "you enter and adds or removes no starting points.",
    ),
)


# ---------------------------------------------------------------- scoring-phase helper

SCORING_NAMES = (
    Text("第一次计分", "1st scoring"),
    Text("第二次计分", "2nd scoring"),
    Text("第三次计分", "3rd scoring"),
)
ROUND_NAMES = (Text("第一轮", "Round 1"), Text("第二轮", "Round 2"), Text("第三轮", "Round 3"))

GREEN = Field(
    "green",
    Text("绿色计分轨分数", "Green-track score"),
    Text(
        "每次计分时绿色计分轨上的分数；绿色计分轨不重置，填写轨上的总分",
        "The green-track score at each scoring; the green track is never reset, so enter the total on the track",
    ),
    entries=SCORING_NAMES,
    section="scoring-phase",
)
RED_OTHER = Field(
    "red_other",
    Text("其他红色得分", "Other red points"),
    Text(
        "每轮中直接记在红色计分轨上的分数，例如六角指示物无处存放时得 2 分",
        "Points scored straight onto the red track during each round, such as 2 for a hex marker with no room",
    ),
    entries=ROUND_NAMES,
    section="scoring-phase",
)
RED_START = Field(
    "red_start",
    Text("红色计分轨起点", "Red track starts at"),
    Text(
        "0 或 50：原文第 11 步说指示物放在“50的位置上”，意思不明；留空按 0（只计本局得分）",
        "0 or 50: setup step 11 of the source puts the markers “at 50”, which is unclear; empty counts from 0 "
        "(points scored only)",
    ),
    allowed=RED_STARTS,
    section="setup",
)


def scorings_entered(sheet: Sheet) -> int:
    """How many scorings the table has entered: the last one where anyone's green score is above 0."""
    done = 0
    for k in range(SCORINGS):
        if any(p.values["green"][k] > 0 for p in sheet.players):
            done = k + 1
    return done


def red_after(start: int, green: tuple[int, ...], other: tuple[int, ...], scorings: int) -> int:
    """Red-track score after this many scorings: the start, points scored straight on red, each green total."""
    return start + sum(other[:scorings]) + sum(green[:scorings])


def _who(sheet: Sheet, i: int) -> Text:
    """The player as the table names them, at the start of a message."""
    return called_at_start(sheet.players[i].name, i)


def _check_green(sheet: Sheet, done: int) -> None:
    """The green track is never reset: its score cannot go down from one entered scoring to the next."""
    for i, player in enumerate(sheet.players):
        green = player.values["green"]
        for k in range(1, done):
            if green[k] < green[k - 1]:
                who = _who(sheet, i)
                name = SCORING_NAMES[k]
                raise SheetError(
                    f"players[{i}].scores.green[{k}]",
                    Text(
                        f"{who.zh}：{name.zh}的绿色计分轨分数（{green[k]}）比上一次（{green[k - 1]}）少；"
                        "绿色计分轨不重置，请填写轨上的总分。",
                        f"{who.en}: the green-track score at the {name.en} ({green[k]}) is below the one before "
                        f"({green[k - 1]}); the green track is never reset, so enter the total on the track.",
                    ),
                )


def _marker(red: int) -> Text | None:
    """Where the 50/100 marker is at this red-track score, per the scoring phase."""
    if red >= MARKER_THRESHOLDS[1]:
        return Text("50/100 标记翻到 100 那一面", "50/100 marker turned to its 100 side")
    if red >= MARKER_THRESHOLDS[0]:
        return Text("50 标记放在狮子头上", "50 marker on the lion's head")
    return None


def scoring_phase(sheet: Sheet) -> HelperResult:
    """Keep each player's red track over the three scorings."""
    start = sheet.table["red_start"]
    done = scorings_entered(sheet)
    _check_green(sheet, done)
    lines = [
        *_red_track_terms(start),
        Text(f"已输入 {done}/{SCORINGS} 次计分。", f"Scorings entered: {done} of {SCORINGS}."),
    ]
    reds: list[int] = []
    for i in range(len(sheet.players)):
        now, line = _red_track_now(sheet, i, start, done)
        reds.append(now)
        lines.append(line)
    if done < SCORINGS:
        lines.append(
            Text(
                "第三次计分后才能把分数填入计分表。",
                "The scores can be copied to the score sheet after the third scoring.",
            )
        )
        return HelperResult(tuple(lines))
    lines.append(
        Text(
            "第三次计分已完成：可以把红色计分轨和绿色计分轨的分数填入计分表（最终计分项目另填）。",
            "The third scoring is done: the red-track and green-track scores can be copied to the score sheet "
            "(enter the final-scoring items there).",
        )
    )
    greens = tuple(p.values["green"][SCORINGS - 1] for p in sheet.players)
    return HelperResult(tuple(lines), {"red_track": tuple(reds), "green_track": greens})


def _red_track_terms(start: int) -> list[Text]:
    """What the helper counts from (0, or 50 as the source's step 11 reads literally) and what it assumes."""
    if start == 0:
        counted = Text(
            "红色计分轨从 0 起算，只计本局得分。原文第 11 步说指示物放在“50的位置上”，意思不明；"
            "要按字面从 50 起算，请在上方填 50。",
            "Red track counted from 0: points scored only. Setup step 11 of the source puts the markers "
            "“at 50”, which is unclear; to count from 50 as literally written, enter 50 above.",
        )
    else:
        counted = Text(
            "红色计分轨从 50 起算（按原文第 11 步字面；其意思不明）。",
            "Red track counted from 50 (setup step 11 read literally; its meaning is unclear).",
        )
    assumed = Text(
        "本工具假定：每次计分把当时绿色计分轨上的全部分数加到红色计分轨上（原文：转换到红色计分轨上，不要重置绿色计分轨）。",
        "Assumed: at each scoring the whole green-track score at that moment is added to the red track (the source: "
        "transfer it to the red track; do not reset the green track).",
    )
    return [counted, assumed]


def _red_track_now(sheet: Sheet, i: int, start: int, done: int) -> tuple[int, Text]:
    """Player i's red track after the scorings done, and the line saying how it got there."""
    green, other = sheet.players[i].values["green"], sheet.players[i].values["red_other"]
    now = start + sum(other) + sum(green[:done])
    if now > MAX_VALUE:
        raise SheetError(
            f"players[{i}].scores.green",
            Text(
                f"{_who(sheet, i).zh}：红色计分轨会超过 {MAX_VALUE}，请检查输入。",
                f"{_who(sheet, i).en}: the red track would pass {MAX_VALUE}; check the numbers.",
            ),
        )
    steps = [(SCORING_NAMES[k], red_after(start, green, other, k + 1)) for k in range(done)]
    zh = "，".join(f"{name.zh}后 {red}" for name, red in steps)
    en = ", ".join(f"after the {name.en} {red}" for name, red in steps)
    marker = _marker(now)
    tail_zh = f"；{marker.zh}" if marker else ""
    tail_en = f"; {marker.en}" if marker else ""
    who = _who(sheet, i)
    return now, Text(
        f"{who.zh}：{zh + '；' if zh else ''}红色计分轨现在 {now}{tail_zh}。",
        f"{who.en}: {en + '; ' if en else ''}red track now {now}{tail_en}.",
    )


SCORING_HELPER = Helper(
    id="scoring-phase",
    title=Text("计分阶段", "Scoring phases"),
    intro=Text(
        "每次计分时填写每名玩家绿色计分轨上的分数，以及各轮直接记在红色计分轨上的分数；本工具记下红色计分轨。",
        "At each scoring, enter each player's green-track score, and the points scored straight onto the red track "
        "in each round; this keeps the red track.",
    ),
    player_fields=(GREEN, RED_OTHER),
    table_fields=(RED_START,),
    compute=scoring_phase,
    section="scoring-phase",
    fills=("red_track", "green_track"),
)


GAME = Game(
    id="tuscany",
    name=Text("托斯卡纳城堡", "The Castles of Tuscany"),
    min_players=2,
    max_players=4,
    categories=CATEGORIES,
    tie_breakers=TIE_BREAKERS,
    setup=setup,
    section="game-end",
    diagram=diagram,
    extra_player_fields=EXTRA_FIELDS,
    helpers=(SCORING_HELPER,),
    source_lang="zh-Hans",
    notes=NOTES,
    supplies=SUPPLIES,
)

"""Bruges (布魯日), with the pets mini-expansion."""

from __future__ import annotations

from ..core import (
    Area,
    Category,
    Diagram,
    Field,
    Game,
    Helper,
    HelperResult,
    OneEach,
    Option,
    Piece,
    PieceShape,
    SetupStep,
    Sheet,
    SheetError,
    Supply,
    Text,
    TieBreaker,
    Tone,
)
from .kit import counts_from

CARDS = 165
STACKS = 5
STACK_CARDS = CARDS // STACKS
"""33 cards in each of the five stacks."""
PET_CARDS = 17
STATUES = 6
STATUE_VALUES = (2, 3, 4, 5, 6, 7)
"""The source says only: six statues stacked by number, 7 on top; the site takes 2–7."""
ONE_GUILDER_COINS = 20
THREE_GUILDER_COINS = 24
MONEY = ONE_GUILDER_COINS + 3 * THREE_GUILDER_COINS
"""The source's 44 coins, 20 of 1 guilder and 24 of 3: 92 guilders in all."""
MAJORITIES = 3
MAJORITY_POINTS = 4
CANALS = 2
THIRD_SECTION_POINTS = 3
START_SCORE = 5
START_GUILDERS = 5
REFERENCE_CARDS = 2
WORKER_COLOURS = 5
THREAT_SAME_COLOUR = 3

DICE_COLOURS = (
    Text("紅色", "red"),
    Text("紫色", "purple"),
    Text("黃色", "yellow"),
    Text("褐色", "brown"),
    Text("第五種顏色", "fifth colour"),
)
"""The five dice match the five card colours; the source names only red, purple, yellow and brown."""
COST_FACES = (1, 2)
THREAT_FACES = (5, 6)

PENALTIES = (
    Text("水災：棄掉手中所有的工人指示物。", "Flood: discard all the worker tokens you hold."),
    Text(
        "鼠疫：棄掉自己面前（不是手牌）的一個人物。",
        "Plague: discard one person in front of you (not from your hand).",
    ),
    Text("暴動：棄掉手中所有的金錢。", "Riot: discard all the money you hold."),
    Text(
        "火災：棄掉一棟自己面前的房子、一個建好的運河（原文不清楚是兩者都棄還是二擇一）；"
        "沒有房子和運河就不會失去任何東西；房子上的人物回到手中；運河從最尾端開始棄；已拿到的雕像不用還。",
        "Fire: discard one house in front of you, one built canal section (the source is unclear whether both "
        "or one of the two); with no houses and canals you lose nothing; a person on the house returns to your "
        "hand; canal sections go from the far end; a statue already taken is kept.",
    ),
    Text("背叛：扣 3 分，最低只扣到 0 分。", "Betrayal: lose 3 points, never going below 0."),
)
"""The five penalties in the source's order; it does not say which colour brings which."""
PET_PENALTIES = (
    Text(
        "寵物擴充：「鼠疫」也可以改為棄掉一個寵物；「火災」棄掉房屋時，房屋中的人物和寵物都收回手中。",
        "Pets: with Plague you may discard a pet instead; with Fire, the person and the pet in a discarded "
        "house both return to your hand.",
    ),
)


def draw_pile_cards(players: int) -> int:
    """Cards shuffled into the two draw piles: one stack per player."""
    return players * STACK_CARDS


def draw_piles(players: int) -> tuple[int, int]:
    """The two draw piles' sizes (halves; an odd total cannot split exactly)."""
    total = draw_pile_cards(players)
    return (total - total // 2, total // 2)


def extra_pile_cards(players: int) -> int:
    """Cards in the extra draw pile: the stacks nobody took."""
    return (STACKS - players) * STACK_CARDS


def majority_markers(pets: bool) -> int:
    """Majority markers per player: three, a fourth with the pets expansion."""
    return MAJORITIES + int(pets)


def setup(players: int, pets: bool = False) -> tuple[SetupStep, ...]:
    """The setup checklist for this many players, with or without pets."""
    markers = majority_markers(pets)
    first, second = draw_piles(players)
    drawn = draw_pile_cards(players)
    halves_zh = f"各 {first} 張" if first == second else f"{drawn} 張無法完全平分：{first} 張與 {second} 張"
    halves_en = f"{first} each" if first == second else f"{drawn} cards cannot split exactly: {first} and {second}"
    left = STACKS - players
    marker_zh = f"{markers} 個多數標記" + ("（基本 3 個，加上第 4 個「寵物多數標記」）" if pets else "")
    marker_en = f"{markers} majority markers" + (" (the basic 3 and a 4th, the “pet majority marker”)" if pets else "")
    steps = [
        SetupStep(Text("將遊戲圖版放在場中央。", "Place the game board in the middle of the table.")),
        SetupStep(
            Text(
                f"將 {STATUES} 個雕像指示物按照數字大小疊好，數字最小的在下方，7 號在最上方；放在圖版正中間的雕像位置。",
                f"Stack the {STATUES} statue tokens by number, the smallest at the bottom and number 7 on top; "
                "place the stack on the statue space in the centre of the board.",
            )
        ),
        SetupStep(
            Text(
                "將 50/100 分數指示物疊好，放在計分條的尾端。",
                "Stack the 50/100 score markers at the end of the score track.",
            )
        ),
        SetupStep(
            Text(
                f"每位玩家（共 {players} 位）選擇一個顏色，拿取該顏色的 2 個棋子、2 個徽章（一大一小）、{marker_zh}。",
                f"Each of the {players} players chooses a colour and takes that colour's 2 pawns, "
                f"2 badges (one large, one small) and {marker_en}.",
            )
        ),
        SetupStep(
            Text(
                f"每位玩家將一個棋子放在計分條的「{START_SCORE} 分」位置。",
                f"Each player puts one pawn on the “{START_SCORE} points” space of the score track.",
            )
        ),
        SetupStep(
            Text(
                "另一個棋子放在圖版中間聲望軌旁邊的「市政廳」上。",
                "Each player puts the other pawn on the “town hall” beside the reputation track in the middle of the board.",
            )
        ),
        SetupStep(
            Text(
                "小徽章放在一個「警衛室」（兩邊各有一條運河）；大徽章放在自己面前。",
                "Put your small badge in a “guardhouse” (a canal on either side); your large badge goes in front of you.",
            )
        ),
        SetupStep(
            Text(
                f"將 {marker_zh}放在自己面前，灰色那一面朝上。",
                f"Place your {marker_en} in front of you, grey side up.",
            ),
            Text(
                "原文說寵物多數標記「一樣面朝下」放置，應與基本的多數標記相同（灰色面朝上）。",
                "The source says the pet majority marker is “likewise placed face down”, that is, like the basic markers (grey side up).",
            )
            if pets
            else None,
        ),
        SetupStep(
            Text(
                f"每位玩家拿取 {START_GUILDERS} 元、{REFERENCE_CARDS} 張提示卡、{WORKER_COLOURS} 種顏色的工人各 1 個"
                f"（共 {START_GUILDERS * players} 元、{REFERENCE_CARDS * players} 張提示卡、每種顏色 {players} 個工人）。",
                f"Each player takes {START_GUILDERS} guilders, {REFERENCE_CARDS} reference cards and one worker of each "
                f"of the {WORKER_COLOURS} colours ({START_GUILDERS * players} guilders, {REFERENCE_CARDS * players} "
                f"reference cards and {players} workers of each colour in all).",
            )
        ),
        SetupStep(
            Text(
                "選擇一位起始玩家，將起始玩家指示物交給他。",
                "Choose a start player and give them the start player marker.",
            ),
            starts=True,
        ),
        SetupStep(
            Text(
                f"將 {CARDS} 張卡片洗勻，分成 {STACKS} 疊（每疊 {STACK_CARDS} 張）。",
                f"Shuffle the {CARDS} cards and divide them into {STACKS} stacks ({STACK_CARDS} cards each).",
            )
        ),
        SetupStep(
            Text(
                f"{players} 位玩家：將 {players} 疊洗混（{drawn} 張），平分成兩疊（{halves_zh}），面朝下各放在一個卡架中。",
                f"{players} players: shuffle {players} stacks together ({drawn} cards) and split them into two halves "
                f"({halves_en}), each face down in a card holder.",
            ),
            None
            if players > 2
            else Text(
                "原文只描述 3 位和 4 位玩家（洗混 3 疊或 4 疊）；本站對 2 位玩家沿用同一模式：每位玩家一疊。",
                "The source describes 3 and 4 players only (3 or 4 stacks shuffled together); for 2 players this site "
                "applies the same pattern: one stack per player.",
            ),
        ),
        SetupStep(
            Text(
                f"將剩下的 {left} 疊（{extra_pile_cards(players)} 張）洗混，形成『額外抽牌堆』，放在一旁；遊戲快結束時會用到。",
                f"Shuffle the remaining {left} stack{'s' if left > 1 else ''} ({extra_pile_cards(players)} cards) into "
                "the “extra draw pile” and set it aside; it is used near the end of the game.",
            )
        ),
    ]
    if pets:
        steps.append(
            SetupStep(
                Text(
                    f"寵物擴充：遊戲開始前，將 {PET_CARDS} 張寵物卡一起洗進牌堆中。",
                    f"Pets: before the game, shuffle the {PET_CARDS} pet cards into the deck.",
                ),
                Text(
                    f"原文只說「洗進牌堆中」，沒有說是在分成 {STACKS} 疊之前和 {CARDS} 張卡片一起洗"
                    f"（那樣每疊就不是 {STACK_CARDS} 張），還是洗進卡架上的兩疊抽牌堆，或也包括額外抽牌堆；請全桌先說好。"
                    "原文也沒有說明擴充的 3 張提示卡如何分配。",
                    f"The source says only “shuffle into the deck”: it does not say whether they go in with the {CARDS} "
                    f"cards before these are divided into {STACKS} stacks (the stacks are then no longer {STACK_CARDS} "
                    "cards each), into the two draw piles in the card holders, or also into the extra draw pile; agree on "
                    "it at the table. Nor does it say how the expansion's 3 reference cards are handed out.",
                ),
            )
        )
    steps.append(
        SetupStep(
            Text(
                "將剩下的工人、金錢、運河指示物、災難指示物放在一旁做準備。",
                "Set the remaining workers, money, canal tokens and threat tokens aside as a supply.",
            )
        )
    )
    return tuple(steps)


def diagram(players: int, pets: bool = False) -> Diagram:
    """The five stacks: one per player into the two card holders, the rest into the extra draw pile."""
    first, second = draw_piles(players)
    left = STACKS - players
    extra = extra_pile_cards(players)
    stacks = tuple(
        Piece(PieceShape.STACK, Text.same(STACK_CARDS), Text("→ 卡架", "→ holders"), Tone.MARKED)
        if index < players
        else Piece(PieceShape.STACK, Text.same(STACK_CARDS), Text("→ 額外", "→ extra"))
        for index in range(STACKS)
    )
    return Diagram(
        Text(f"{players} 位玩家的抽牌堆", f"Draw piles for {players} players"),
        (
            Area(
                Text(f"{CARDS} 張卡片分成 {STACKS} 疊", f"The {CARDS} cards in {STACKS} stacks"),
                stacks,
            ),
            Area(
                Text(
                    f"{players} 疊洗混（{draw_pile_cards(players)} 張），平分放進兩個卡架，面朝下",
                    f"{players} stacks shuffled ({draw_pile_cards(players)} cards), halved into the two card "
                    "holders, face down",
                ),
                (
                    Piece(PieceShape.STACK, Text.same(first), Text("卡架 1", "holder 1"), Tone.MARKED),
                    Piece(PieceShape.STACK, Text.same(second), Text("卡架 2", "holder 2"), Tone.MARKED),
                ),
            ),
            Area(
                Text(
                    f"額外抽牌堆：其餘 {left} 疊洗混，放在一旁，遊戲快結束時使用",
                    f"Extra draw pile: the other {f'{left} stacks' if left > 1 else 'stack'} shuffled, set aside "
                    "for the end of the game",
                ),
                (Piece(PieceShape.STACK, Text.same(extra), Text("額外抽牌堆", "extra draw pile")),),
            ),
        ),
        _diagram_notes(players, pets),
    )


def _diagram_notes(players: int, pets: bool) -> tuple[Text, ...]:
    """What the source leaves open: 2 players' stacks, and which pile the pet cards go into."""
    notes = []
    if players == 2:
        notes.append(
            Text(
                "原文只描述 3 位和 4 位玩家；2 位玩家沿用同一模式：每位玩家一疊。",
                "The source describes 3 and 4 players only; for 2 the site takes one stack per player.",
            )
        )
    if pets:
        notes.append(
            Text(
                f"寵物擴充：{PET_CARDS} 張寵物卡「洗進牌堆中」；洗進哪一堆，原文沒有說明。",
                f"Pets: the {PET_CARDS} pet cards are “shuffled into the deck”; which pile, the source does not say.",
            )
        )
    return tuple(notes)


# ---------------------------------------------------------------- dice helper


def reputation_cost(dice: tuple[int, ...]) -> int:
    """This round's reputation step cost: the sum of dice showing 1 or 2 (0: no step this round)."""
    return sum(d for d in dice if d in COST_FACES)


def threat_colours(dice: tuple[int, ...]) -> tuple[int, ...]:
    """Indexes of the dice (colours) showing 5 or 6: each brings every player a threat of that colour."""
    return tuple(i for i, d in enumerate(dice) if d in THREAT_FACES)


def _dice_field() -> Field:
    """The five dice, one per colour."""
    return Field(
        "dice",
        Text("五個骰子", "The five dice"),
        Text("每種顏色的骰子點數（1–6）", "The face of each colour's die (1–6)"),
        minimum=1,
        maximum=6,
        entries=DICE_COLOURS,
        section="game-flow",
    )


def dice_helper(sheet: Sheet) -> HelperResult:
    """Reputation step cost and threats for the five dice rolled this round."""
    dice: tuple[int, ...] = sheet.table["dice"]
    for i, face in enumerate(dice):
        if face == 0:
            colour = DICE_COLOURS[i]
            raise SheetError(
                f"table.dice[{i}]",
                Text(f"請輸入{colour.zh}骰子的點數（1–6）。", f"enter the {colour.en} die (1–6)."),
            )
    lines = [_reputation_line(dice)]
    threats = threat_colours(dice)
    if not threats:
        lines.append(
            Text("沒有骰子是 5 或 6：本回合沒有災難指示物。", "No die shows 5 or 6: no threat tokens this round.")
        )
        return HelperResult(tuple(lines))
    for i in threats:
        colour = DICE_COLOURS[i]
        lines.append(
            Text(
                f"{colour.zh}的骰子是 {dice[i]}：每位玩家拿 1 個這種顏色的災難指示物。",
                f"The {colour.en} die shows {dice[i]}: every player takes 1 threat token of this colour.",
            )
        )
    lines.append(
        Text(
            f"同一顏色的災難指示物集滿 {THREAT_SAME_COLOUR} 個時，發生該顏色的懲罰，之後棄掉那 {THREAT_SAME_COLOUR} 個。"
            "原文沒有說明哪一種顏色對應哪一種懲罰；五種懲罰是：",
            f"A player with {THREAT_SAME_COLOUR} threat tokens of one colour suffers that colour's penalty, then "
            f"discards those {THREAT_SAME_COLOUR}. The source does not say which colour brings which penalty; "
            "the five penalties are:",
        )
    )
    lines.extend(PENALTIES)
    if sheet.options.get("pets"):
        lines.extend(PET_PENALTIES)
    return HelperResult(tuple(lines))


def _reputation_line(dice: tuple[int, ...]) -> Text:
    """What a step on the reputation track costs this round (the dice showing 1 or 2), or that none can be taken."""
    cost = reputation_cost(dice)
    if not cost:
        return Text(
            "沒有骰子是 1 或 2：本回合不能推進聲望軌。",
            "No die shows 1 or 2: nobody can advance on the reputation track this round.",
        )
    paying = [i for i, d in enumerate(dice) if d in COST_FACES]
    sum_zh = " + ".join(f"{DICE_COLOURS[i].zh} {dice[i]}" for i in paying)
    sum_en = " + ".join(f"{DICE_COLOURS[i].en} {dice[i]}" for i in paying)
    return Text(
        f"聲望軌推進成本：{cost} 元（{sum_zh}）。每位玩家本回合最多推進 1 格，金錢不夠就不能推進。",
        f"Reputation step cost: {cost} guilders ({sum_en}). Each player may advance at most 1 space "
        "this round, and cannot without the money.",
    )


DICE_HELPER = Helper(
    id="dice",
    title=Text("擲骰", "Dice"),
    intro=Text(
        "輸入起始玩家擲出的五個骰子：顯示本回合聲望軌的推進成本（點數 1 或 2 的骰子總和），"
        "以及哪些顏色帶來災難（點數 5 或 6）。3 或 4 沒有作用。骰子與卡片同樣是五種顏色；"
        "原文只提到紅色、紫色、黃色、褐色，沒有寫出第五種顏色。",
        "Enter the five dice the start player rolled: this shows the reputation step cost this round (the sum "
        "of dice showing 1 or 2) and which colours bring a threat (5 or 6). A 3 or 4 has no effect. The dice "
        "come in the five card colours; the source names only red, purple, yellow and brown, not the fifth.",
    ),
    player_fields=(),
    table_fields=(_dice_field(),),
    compute=dice_helper,
    section="game-flow",
)


# ---------------------------------------------------------------- score sheet


_count = counts_from("final-scoring")
"""A whole-number field of the final scoring."""


GAME = Game(
    id="bruges",
    name=Text("布魯日", "Bruges"),
    min_players=2,
    max_players=4,
    source_lang="zh-Hant",
    options=(
        Option("pets", Text("寵物擴充", "Pets expansion")),
        Option(
            "guilders_tiebreak",
            Text(
                "平手時比剩餘金錢（出版社規則，不在原文中）",
                "Ties: most money left (publisher's rule, not in the source)",
            ),
            setup=False,
        ),
    ),
    categories=(
        Category(
            _count(
                "score_track",
                "計分條",
                "Score track",
                "遊戲結束時計分條上的分數：開始的 5 分，加上遊戲中得到或失去的分數",
                "Points on the score track at game end: the starting 5 and everything gained or lost in play",
            )
        ),
        Category(
            _count(
                "persons",
                "人物",
                "Persons",
                "已購買人物卡上印的分數",
                "Points printed on the persons bought",
            )
        ),
        Category(_count("houses", "房屋", "Houses", "建好的房屋，每棟 1 分", "Houses built, 1 point each")),
        Category(
            _count(
                "laurel",
                "人物技能（桂冠）",
                "Person abilities (laurel)",
                "桂冠類人物技能在最後計分時給的分數",
                "Points from laurel abilities in final scoring",
            )
        ),
        Category(
            _count(
                "majority_markers",
                "多數標記",
                "Majority markers",
                "翻到彩色面的基本多數標記（聲望、人物、運河），每個 4 分，最多 3 個",
                "Basic markers turned to the coloured side (reputation, persons, canals), 4 points each, at most 3",
                section="majorities",
                maximum=MAJORITIES,
            ),
            points=lambda markers: MAJORITY_POINTS * markers,
        ),
        # The pets expansion's marker is its own row (shown only with pets) rather than an option-dependent
        # bound on majority_markers checked in Game.validate: the generic property tests take a field's own
        # bounds as its only bounds.
        Category(
            _count(
                "pet_majority_marker",
                "寵物多數標記",
                "Pet majority marker",
                "寵物擴充的第 4 個多數標記：翻到彩色面填 1，得 4 分",
                "The pets expansion's 4th majority marker: 1 if turned to the coloured side, 4 points",
                section="pets-expansion",
                maximum=1,
                requires="pets",
            ),
            points=lambda marker: MAJORITY_POINTS * marker,
        ),
        Category(
            _count(
                "canals_third",
                "運河第三段",
                "Canals: third section",
                "已建到第三段的運河條數，每條 3 分（最多 2 條）",
                "Canals built up to their third section, 3 points each (at most 2)",
                section="actions",
                maximum=CANALS,
            ),
            points=lambda canals: THIRD_SECTION_POINTS * canals,
        ),
        Category(
            _count(
                "statues",
                "雕像",
                "Statues",
                "每個雕像上的數字（2–7：本站的解讀）；沒有就留空或填 0；每人最多 2 個",
                "The number on each statue (2–7: the site's reading); leave empty or 0 for none; at most 2 each",
                section="actions",
                entries=(Text("第一個", "first"), Text("第二個", "second")),
                allowed=(0, *STATUE_VALUES),
            ),
            points=sum,
        ),
        Category(
            _count(
                "reputation",
                "聲望",
                "Reputation",
                "聲望軌上所到位置顯示的分數（請看圖版）",
                "Points shown at your position on the reputation track (see the board)",
            )
        ),
        Category(
            _count(
                "pets",
                "寵物",
                "Pets",
                "已購買寵物卡上印的分數",
                "Points printed on the pets bought",
                section="pets-expansion",
                requires="pets",
            )
        ),
    ),
    extra_player_fields=(
        _count(
            "guilders",
            "剩餘金錢",
            "Money left",
            "平手時用：剩下的金錢（元）",
            "For ties: money left (guilders)",
            requires="guilders_tiebreak",
        ),
    ),
    tie_breakers=(
        TieBreaker(
            "guilders",
            True,
            Text("剩餘金錢較多", "most money left"),
            in_source=False,
            section="final-scoring",
            requires="guilders_tiebreak",
        ),
    ),
    section="final-scoring",
    notes=(
        Text(
            "平手：原文沒有決勝規則，總分相同的玩家共享名次。出版社的規則（剩餘金錢最多的玩家獲勝，仍平手則共享名次）"
            "不在原文中；要用它，請勾選「平手時比剩餘金錢」。",
            "Ties: the source text gives no tie-breaker, so players with the same total share the place. The "
            "publisher's rule (most guilders left wins; if still tied, the place is shared) is not in the source; "
            "tick “Ties: most money left” to use it.",
        ),
        Text(
            "原文沒有列出聲望軌各位置的分數；雕像只說共 6 個、依數字疊放、7 號在最上方，本站接受 2–7。"
            "第三段運河的 3 分，本站每條運河各計一次（最多 2 條），原文沒有明說。",
            "The source does not list the points of the reputation positions; for statues it says only that there "
            "are 6, stacked by number with 7 on top, and the site accepts 2–7. The site scores the third canal "
            "section's 3 points once per canal (at most 2); the source does not say so explicitly.",
        ),
    ),
    helpers=(DICE_HELPER,),
    setup=setup,
    diagram=diagram,
    supplies=(
        Supply("houses", CARDS, Text(" 張卡片", " cards"), adds=(("pets", PET_CARDS),)),
        Supply("guilders", MONEY, Text(" 元", " guilders")),
    ),
    one_each=(OneEach("statues", Text("雕像", "statue")),),
)

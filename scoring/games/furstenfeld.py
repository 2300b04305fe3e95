"""Fürstenfeld (啤酒侯爵): setup, the winner, the palace price, turn order and brewery prices."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import (
    Area,
    Category,
    Decision,
    DecisionKind,
    Diagram,
    Field,
    Game,
    Helper,
    HelperResult,
    MissingValues,
    Option,
    Piece,
    PieceShape,
    Player,
    PlayerResult,
    Result,
    SetupStep,
    Sheet,
    SheetError,
    Text,
    Tone,
    called,
    called_at_start,
    english_list,
    listed,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 5
PALACES = 6
"""Palace cards per player; the first to build all of them wins."""
START_COINS = 2
BASIC_CARDS = 26
ADVANCED_CARDS = 28
STARTING_DRAW = 3
ADVANCED_LOOK = 10
"""Advanced game: cards drawn to look at, of which one is kept."""
DEMAND_CARDS = 7
BREWERIES = 5
START_PRICE = 1
MIN_PRICE = 0
MAX_PRICE = 3
PALACE_PRICES = (8, 10, 12, 14, 16, 18)
"""The palace price cards, top of the stack first."""
ADMINISTRATION = 3
"""The administration building puts its owner's marker this many spaces below the income."""
GOODS = (Text("啤酒花", "hops"), Text("大麥", "barley"), Text("泉水", "spring water"))


# ---------------------------------------------------------------- setup


def setup(players: int, advanced: bool = False) -> tuple[SetupStep, ...]:
    """The setup checklist for this many players, basic or advanced game."""
    cards = ADVANCED_CARDS if advanced else BASIC_CARDS
    closed = BREWERIES - players
    steps = [
        SetupStep(
            Text(
                f"每名玩家（共 {players} 名）拿 1 張「Furstenfeld」、{START_COINS} 枚灰色硬幣（總值 {START_COINS}）、"
                f"1 枚自己顏色的順序標示物，以及自己顏色的 {cards} 張卡片"
                + ("（含「導遊」和「拾荒者」）。" if advanced else "（不用「導遊」和「拾荒者」）。"),
                f"Each of the {players} players takes 1 Fürstenfeld board, {START_COINS} grey coins "
                f"(value {START_COINS} in all), 1 turn order marker and the {cards} cards of their colour"
                + (" (with “Tour Guide” and “Scavenger”)." if advanced else " (without “Tour Guide” and “Scavenger”)."),
            )
        ),
    ]
    if advanced:
        steps.append(
            SetupStep(
                Text(
                    f"每名玩家把 {cards} 張卡片面朝下洗勻，從牌庫抽 {ADVANCED_LOOK} 張，只留 1 張在手上，"
                    f"其餘 {ADVANCED_LOOK - 1} 張依自己想要的順序放回牌庫底。",
                    f"Each player shuffles their {cards} cards face down, draws {ADVANCED_LOOK}, keeps 1 in hand "
                    f"and puts the other {ADVANCED_LOOK - 1} back at the bottom of their draw pile in any order.",
                ),
                Text(
                    f"原文沒有說明進階遊戲是否仍像基礎遊戲一樣先從牌庫頂抽 {STARTING_DRAW} 張，"
                    "也沒有說明第一輪手上有幾張卡片：請在開局前講好。",
                    f"The source does not say whether the basic game's draw of {STARTING_DRAW} cards still "
                    "takes place in the advanced game, or how many cards a player holds in the first round: "
                    "agree on it before you start.",
                ),
            )
        )
    else:
        steps.append(
            SetupStep(
                Text(
                    f"每名玩家把 {cards} 張卡片面朝下洗勻，作為牌庫放在自己的「Furstenfeld」旁，"
                    f"再從牌庫頂抽 {STARTING_DRAW} 張。",
                    f"Each player shuffles their {cards} cards face down as a draw pile beside their "
                    f"Fürstenfeld board and draws {STARTING_DRAW} from the top.",
                )
            )
        )
    steps += [
        SetupStep(
            Text(
                "遊戲圖板放在桌子中間；硬幣和貨物（啤酒花、大麥、泉水）放在圖板的供應區。",
                "Put the game board in the middle of the table, with the coins and the goods "
                "(hops, barley, spring water) in its supply areas.",
            )
        ),
        SetupStep(
            Text(
                f"{DEMAND_CARDS} 張啤酒廠需求卡片洗勻，發 {players} 張放在 {players} 間啤酒廠的需求空格上；"
                f"其餘 {DEMAND_CARDS - players} 張不使用。"
                + (
                    f"沒有需求卡片的 {closed} 間啤酒廠關店，整局不使用。"
                    if closed
                    else f"{BREWERIES} 間啤酒廠全部開店。"
                ),
                f"Shuffle the {DEMAND_CARDS} brewery demand cards and deal {players} onto the demand spaces of "
                f"{players} breweries; the other {DEMAND_CARDS - players} are out of play. "
                + (
                    f"The {closed} {'brewery' if closed == 1 else 'breweries'} without a demand card "
                    f"{'is' if closed == 1 else 'are'} closed for the whole game."
                    if closed
                    else f"All {BREWERIES} breweries are open."
                ),
            )
        ),
        SetupStep(
            Text(
                f"在每間開店的啤酒廠（{players} 間），把啤酒花、大麥和泉水的價格標示物放在「{START_PRICE}」上。",
                f"In each of the {players} open breweries, put the hops, barley and spring water price markers "
                f"on “{START_PRICE}”.",
            )
        ),
        SetupStep(
            Text(
                f"{len(PALACE_PRICES)} 張宮殿價錢卡由小到大疊好，放在圖板右上方："
                f"「{PALACE_PRICES[0]}」在最上面，「{PALACE_PRICES[-1]}」在最下面。",
                f"Stack the {len(PALACE_PRICES)} palace price cards in ascending order at the top right of the "
                f"board: “{PALACE_PRICES[0]}” on top, “{PALACE_PRICES[-1]}” at the bottom.",
            )
        ),
        SetupStep(
            Text(
                f"把 {players} 個宮殿價格標示物（與玩家人數相同）放在宮殿價錢卡旁。",
                f"Put {players} palace price markers (one per player) beside the palace price cards.",
            )
        ),
        SetupStep(
            Text(
                f"把 {players} 枚順序標示物洗勻，疊放在收入表左邊的「0」上；最上面的標示物是起始玩家。",
                f"Shuffle the {players} turn order markers and stack them on “0” of the left income track; "
                "the marker on top is the starting player.",
            ),
            starts=True,
        ),
    ]
    if advanced:
        steps.append(
            SetupStep(
                Text(
                    "進階遊戲：每張宮殿卡只能蓋在指定位置：上排由左至右 I、II、III，下排由左至右 IV、V、VI。",
                    "Advanced game: each palace card must be built on its own space: top row I, II, III and "
                    "bottom row IV, V, VI, from left to right.",
                )
            )
        )
    return tuple(steps)


def diagram(players: int, advanced: bool = False) -> Diagram:
    """The demand cards dealt and the breweries open, for this many players (the same in both games)."""
    goods_zh = "、".join(g.zh for g in GOODS)
    goods_en = english_list([g.en for g in GOODS])
    breweries = tuple(
        Piece(PieceShape.PLACE, Text("開店", "open"), Text("需求卡片", "demand card"), Tone.MARKED)
        if index < players
        else Piece(PieceShape.PLACE, Text("關店", "closed"), Text("整局不使用", "not used"), Tone.OFF)
        for index in range(BREWERIES)
    )
    cards = tuple(
        Piece(PieceShape.CARD, tone=Tone.MARKED if index < players else Tone.OFF) for index in range(DEMAND_CARDS)
    )
    return Diagram(
        Text(f"{players} 名玩家的啤酒廠", f"Breweries for {players} players"),
        (
            Area(
                Text(
                    f"{DEMAND_CARDS} 張需求卡片：發 {players} 張，其餘 {DEMAND_CARDS - players} 張不使用",
                    f"{DEMAND_CARDS} demand cards: {players} dealt, the other {DEMAND_CARDS - players} out of play",
                ),
                cards,
            ),
            Area(
                Text(
                    f"{BREWERIES} 間啤酒廠：{players} 間開店，{goods_zh}的價格標示物放在「{START_PRICE}」",
                    f"{BREWERIES} breweries: {players} open, with the {goods_en} price markers on “{START_PRICE}”",
                ),
                breweries,
            ),
        ),
        (
            Text(
                "原文沒有說明哪幾間啤酒廠拿到需求卡片。",
                "The source does not say which breweries get the demand cards.",
            ),
        ),
    )


# ---------------------------------------------------------------- winner


def winner(palaces: Sequence[int], positions: Sequence[int]) -> int:
    """Index of the winner: alone at six palaces, or first in turn order among those at six."""
    finished = [i for i, built in enumerate(palaces) if built == PALACES]
    if not finished:
        raise ValueError("no player has built all six palaces")
    return min(finished, key=lambda i: positions[i])


def position_problems(players: Sequence[Player], key: str, label: Text) -> list[SheetError]:
    """Turn positions must be 1..N, each once; missing ones are reported first, alone."""
    count = len(players)
    missing = [
        SheetError(
            f"players[{index}].scores.{key}",
            Text(f"{who.zh}：{label.zh}：請填 1–{count}。", f"{who.en}: {label.en}: enter 1–{count}."),
        )
        for index, player in enumerate(players)
        if player.values[key] < 1
        for who in [called_at_start(player.name, index)]
    ]
    return missing or position_conflicts(players, key, label)


def position_conflicts(players: Sequence[Player], key: str, label: Text) -> list[SheetError]:
    """Turn positions typed (blank ones aside) are at most N, each taken once."""
    count = len(players)
    problems: list[SheetError] = []
    seen: dict[int, Text] = {}
    for index, player in enumerate(players):
        value = player.values[key]
        if value < 1:
            continue
        path = f"players[{index}].scores.{key}"
        who = called_at_start(player.name, index)
        if value > count:
            problems.append(
                SheetError(
                    path,
                    Text(
                        f"{who.zh}：{label.zh}：{count} 名玩家時只能是 1–{count}。",
                        f"{who.en}: {label.en}: with {count} players it must be 1–{count}.",
                    ),
                )
            )
        elif value in seen:
            problems.append(
                SheetError(
                    path,
                    Text(
                        f"{who.zh}：{label.zh}：第 {value} 位已經填給 {seen[value].zh}；每個位置只能有一名玩家。",
                        f"{who.en}: {label.en}: position {value} is already {seen[value].en}'s; each position "
                        "belongs to one player.",
                    ),
                )
            )
        else:
            seen[value] = called(player.name, index)
    return problems


FINAL_POSITION = Text("最後一輪的順序", "Turn position in the final round")


def deciding_players(palaces: Sequence[int]) -> list[int]:
    """The players whose final-round turn positions decide the winner: those at six palaces, when several are."""
    finished = [i for i, built in enumerate(palaces) if built == PALACES]
    return finished if len(finished) > 1 else []


def final_position_problems(players: Sequence[Player]) -> list[SheetError]:
    """Turn positions typed are 1..N, each once; blank ones are asked for only where they decide the winner."""
    key = "turn_position"
    problems = position_conflicts(players, key, FINAL_POSITION)
    deciders = deciding_players([p.values["palaces"] for p in players])
    blank = [i for i in deciders if players[i].values[key] < 1]
    if blank:
        everyone = [p.name for p in players]
        names, asked = listed(everyone, deciders, at_start=True), listed(everyone, blank)
        problems.append(
            MissingValues(
                [f"players[{i}].scores.{key}" for i in blank],
                Text(
                    f"{names.zh} 都建造完 {PALACES} 張宮殿卡：先建造好的玩家獲勝（本站讀作最後一輪順序中最先的玩家）。"
                    f"請填 {asked.zh} 的「{FINAL_POSITION.zh}」（1–{len(players)}）。",
                    f"{names.en} {'both' if len(deciders) == 2 else 'all'} built all {PALACES} palaces: the one "
                    "who completed first wins (the site reads this as the one first in the final round's turn "
                    f"order). Type the {FINAL_POSITION.en.lower()} "
                    f"(1–{len(players)}) for {asked.en}.",
                ),
            )
        )
    return problems


def validate(sheet: Sheet) -> list[SheetError]:
    """Someone has all six palaces; turn positions typed are 1..N once each, and asked for where they decide."""
    problems = final_position_problems(sheet.players)
    if not any(p.values["palaces"] == PALACES for p in sheet.players):
        problems.append(
            SheetError(
                "palaces",
                Text(
                    f"沒有玩家建造完 {PALACES} 張宮殿卡：遊戲只在有人完成全部宮殿的那一輪結束時才結束。",
                    f"no player has built all {PALACES} palaces: the game ends only at the end of the round "
                    "in which someone completes them.",
                ),
            )
        )
    return problems


def score(game: Game, sheet: Sheet) -> Result:
    """The winner first with place 1; everyone else unranked, with their palace count."""
    problems = validate(sheet)
    if problems:
        raise problems[0]
    palaces = [p.values["palaces"] for p in sheet.players]
    positions = [p.values["turn_position"] for p in sheet.players]
    first = winner(palaces, positions)
    why = _why_first(sheet, palaces, positions, first)
    results = [
        PlayerResult(
            sheet.players[first].name,
            None,
            1,
            (("palaces", palaces[first]),),
            Decision(DecisionKind.WINNER, why, section=game.section),
            first,
        )
    ]
    for i, player in enumerate(sheet.players):
        if i == first:
            continue
        if palaces[i] == PALACES:
            text = Text(
                f"也建造完 {PALACES} 張宮殿卡，但在這一輪的順序中較晚（第 {positions[i]} 位）。規則只決定勝利者。",
                f"Also completed {PALACES} palaces, but later in this round's turn order (position "
                f"{positions[i]}). The rules decide only the winner.",
            )
        else:
            text = Text(
                f"建造了 {palaces[i]} 張宮殿卡。規則只決定勝利者，不為其他玩家排名次。",
                f"Built {palaces[i]} {'palace' if palaces[i] == 1 else 'palaces'}. The rules decide only the "
                "winner and do not rank the other players.",
            )
        results.append(
            PlayerResult(
                player.name,
                None,
                None,
                (("palaces", palaces[i]),),
                Decision(DecisionKind.UNRANKED, text, section=game.section),
                i,
            )
        )
    return Result(game.id, tuple(results), game.notes)


def _why_first(sheet: Sheet, palaces: Sequence[int], positions: Sequence[int], first: int) -> Text:
    """Why the winner won: the only one to complete the palaces, or the first in turn order of those who did."""
    finished = [i for i, built in enumerate(palaces) if built == PALACES]
    if len(finished) == 1:
        return Text(
            f"唯一建造完 {PALACES} 張宮殿卡的玩家。",
            f"The only player with all {PALACES} palaces built.",
        )
    name = sheet.players[first].name
    names = [sheet.players[i].name for i in sorted(finished, key=lambda i: positions[i])]
    return Text(
        f"{'、'.join(names)} 都在這一輪建造完 {PALACES} 張宮殿卡；{name} 在這一輪的順序中最先"
        f"（第 {positions[first]} 位）：本站讀作最先建造完成。",
        f"{english_list(names)} {'both' if len(names) == 2 else 'all'} completed {PALACES} palaces this round; {name} was first in this round's "
        f"turn order (position {positions[first]}), which the site reads as having completed them first.",
    )


def _signed(number: int) -> str:
    """A number with a true minus sign."""
    return str(number).replace("-", "−")


# ---------------------------------------------------------------- palace price


def palace_price(built: int, players: int) -> int:
    """Palace price after this many palaces: 8, 2 more each time `players` palaces are built, at most 18."""
    return PALACE_PRICES[min(built // players, len(PALACE_PRICES) - 1)]


def palace_price_helper(sheet: Sheet) -> HelperResult:
    """The palace price now, and how many more palaces until it rises."""
    players = len(sheet.players)
    GAME.check_players(players)
    built = sheet.table["palaces_built"]
    if built > PALACES * players:
        raise SheetError(
            "table.palaces_built",
            Text(
                f"已建造的宮殿卡：{players} 名玩家最多只有 {PALACES * players} 張宮殿卡。",
                f"Palaces built: {players} players have only {PALACES * players} palace cards.",
            ),
        )
    price = palace_price(built, players)
    lines = [Text(f"宮殿卡現在的價格：{price} 枚硬幣。", f"Palace price now: {price} coins.")]
    if price < PALACE_PRICES[-1]:
        on_card = built % players
        left = players - on_card
        following = PALACE_PRICES[built // players + 1]
        lines.append(
            Text(
                f"宮殿價錢卡上的宮殿價格標示物：{on_card} 個（共 {players} 個）；再建造 {left} 張宮殿卡後，"
                f"價格變為 {following} 枚硬幣。",
                f"Palace price markers on the price card: {on_card} of {players}; after {left} more "
                f"{'palace' if left == 1 else 'palaces'} the price becomes {following} coins.",
            )
        )
    else:
        lines.append(
            Text(
                f"這是最後一張宮殿價錢卡（{PALACE_PRICES[-1]}）。",
                f"This is the last palace price card ({PALACE_PRICES[-1]}).",
            )
        )
    return HelperResult(tuple(lines))


# ---------------------------------------------------------------- turn order


def track_space(income: int, administration: bool) -> int:
    """Where the turn order marker goes: the income, 3 less with the administration building (may be below 0)."""
    return income - ADMINISTRATION if administration else income


def next_turn_order(spaces: Sequence[int], positions: Sequence[int]) -> tuple[int, ...]:
    """Indices in next round's order: lowest space first; on one space the marker placed later is on top."""
    return tuple(sorted(range(len(spaces)), key=lambda i: (spaces[i], -positions[i])))


ROUND_POSITION = Text("本輪的順序", "Turn position this round")


def turn_order_helper(sheet: Sheet) -> HelperResult:
    """Next round's turn order from this round's income, administration and placing order."""
    problems = position_problems(sheet.players, "position", ROUND_POSITION)
    if problems:
        raise problems[0]
    names = [p.name for p in sheet.players]
    positions = [p.values["position"] for p in sheet.players]
    spaces = [track_space(p.values["income"], p.values["administration"] == 1) for p in sheet.players]
    placed = [i for i, s in enumerate(spaces) if s >= 0]
    unplaced = [i for i, s in enumerate(spaces) if s < 0]
    order = [i for i in next_turn_order(spaces, positions) if i in placed]
    lines = [_order_line(names, spaces, order, bool(unplaced))] if order else []
    for i in placed:
        if sheet.players[i].values["administration"]:
            income = sheet.players[i].values["income"]
            lines.append(
                Text(
                    f"{names[i]}：收入 {income} − {ADMINISTRATION}（行政處）＝ 收入表上的 {spaces[i]}。",
                    f"{names[i]}: income {income} − {ADMINISTRATION} (administration) = space {spaces[i]} "
                    "on the income track.",
                )
            )
    for space in sorted({spaces[i] for i in placed}):
        group = [i for i in order if spaces[i] == space]
        if len(group) > 1:
            lines.append(_stack_line(names, positions, space, group))
    lines.extend(_unplaced_line(names[i], sheet.players[i].values["income"], spaces[i]) for i in unplaced)
    return HelperResult(tuple(lines))


def _order_line(names: Sequence[str], spaces: Sequence[int], order: Sequence[int], some_unplaced: bool) -> Text:
    """Next round's turn order of the players the income track places."""
    zh = "、".join(f"{n}. {names[i]}（收入表 {spaces[i]}）" for n, i in enumerate(order, 1))
    en = ", ".join(f"{n}. {names[i]} (space {spaces[i]})" for n, i in enumerate(order, 1))
    if some_unplaced:
        return Text(
            f"能放上收入表的玩家，下一輪的順序：{zh}。", f"Next round, among the players who can be placed: {en}."
        )
    return Text(f"下一輪的順序：{zh}。", f"Next round's turn order: {en}.")


def _stack_line(names: Sequence[str], positions: Sequence[int], space: int, group: Sequence[int]) -> Text:
    """Several markers on one space of the income track: the one placed later this round goes first."""
    zh = "、".join(f"{names[i]}（本輪第 {positions[i]} 位）" for i in group)
    en = ", ".join(f"{names[i]} (position {positions[i]} this round)" for i in group)
    return Text(
        f"收入表 {space} 上有 {len(group)} 枚標示物：本輪較晚放上的疊在較早的上面，先行動：{zh}。",
        f"{len(group)} markers on space {space}: a marker placed later this round sits on top of "
        f"those placed earlier and goes first: {en}.",
    )


def _unplaced_line(name: str, income: int, space: int) -> Text:
    """A player whose income, less the administration, falls below the track: the source does not say where."""
    return Text(
        f"{name}：收入 {income} − {ADMINISTRATION}（行政處）＝ {_signed(space)}，低於收入表的 0。"
        f"原文沒有說明這時標示物放在哪裡，所以這裡不排 {name} 的順序：請由玩家們自行決定。",
        f"{name}: income {income} − {ADMINISTRATION} (administration) = {_signed(space)}, below 0 on the "
        f"income track. The source does not say where the marker goes then, so {name} is not placed "
        "here: the table decides.",
    )


# ---------------------------------------------------------------- brewery prices


def price_after_sales(price: int, surplus: int) -> int:
    """One step down per token beyond the demand, not below 0."""
    return max(MIN_PRICE, price - surplus)


def price_after_phase_six(price: int, open_plus: int) -> int:
    """One step up per unfilled “+” space, at most 3."""
    return min(MAX_PRICE, price + open_plus)


def brewery_helper(sheet: Sheet) -> HelperResult:
    """One brewery's three prices: after this round's sales, then after phase 6."""
    lines: list[Text] = []
    for g, good in enumerate(GOODS):
        price = sheet.table["price"][g]
        surplus = sheet.table["surplus"][g]
        open_plus = sheet.table["open_plus"][g]
        if price == MIN_PRICE and surplus:
            raise SheetError(
                f"table.surplus[{g}]",
                Text(
                    f"過剩標誌（{good.zh}）：價格為 0 時，這間啤酒廠不收{good.zh}，所以不會有過剩標誌。",
                    f"Tokens beyond the demand ({good.en}): at price 0 this brewery takes no {good.en}, so "
                    "there can be no surplus.",
                ),
            )
        if surplus and open_plus:
            raise SheetError(
                f"table.open_plus[{g}]",
                Text(
                    f"空出的「+」號（{good.zh}）：有過剩標誌表示{good.zh}的需求空格已經填滿，不會有空出的「+」號。",
                    f"Unfilled “+” spaces ({good.en}): surplus tokens mean every {good.en} demand space is "
                    "filled, so no “+” space can be empty.",
                ),
            )
        after_sales = price_after_sales(price, surplus)
        final = price_after_phase_six(after_sales, open_plus)
        sold = [Text(f"過剩 {surplus} 個", f"{surplus} surplus")]
        if price - surplus < MIN_PRICE:
            sold.append(Text(f"最低為 {MIN_PRICE}", f"not below {MIN_PRICE}"))
        if after_sales == MIN_PRICE:
            sold.append(Text(f"價格為 0 時這間啤酒廠不收{good.zh}", f"at 0 this brewery takes no {good.en}"))
        rise = [Text(f"空出的「+」號 {open_plus} 個", f"{open_plus} unfilled “+”")]
        if after_sales + open_plus > MAX_PRICE:
            rise.append(Text(f"最高為 {MAX_PRICE}", f"at most {MAX_PRICE}"))
        lines.append(
            Text(
                f"{good.zh}：現在 {price} → 出售後 {after_sales}（{'；'.join(t.zh for t in sold)}）"
                f"→ 階段6後 {final}（{'；'.join(t.zh for t in rise)}）。",
                f"{good.en.capitalize()}: now {price} → after sales {after_sales} ({'; '.join(t.en for t in sold)}) "
                f"→ after phase 6: {final} ({'; '.join(t.en for t in rise)}).",
            )
        )
    return HelperResult(tuple(lines))


# ---------------------------------------------------------------- the game


def _goods_field(key: str, zh: str, en: str, help_zh: str, help_en: str, **bounds: int) -> Field:
    """A brewery field with one number per good."""
    return Field(key, Text(zh, en), Text(help_zh, help_en), entries=GOODS, section="phases", **bounds)


PALACE_PRICE = Helper(
    id="palace-price",
    title=Text("宮殿價格", "Palace price"),
    intro=Text(
        f"宮殿卡一開始 {PALACE_PRICES[0]} 枚硬幣；每當建造的宮殿卡數量等於玩家人數，價格提升 2 枚，"
        f"最高 {PALACE_PRICES[-1]}。玩家人數取自上方。",
        f"A palace costs {PALACE_PRICES[0]} coins at first, 2 more each time as many palaces as there are "
        f"players have been built, at most {PALACE_PRICES[-1]}. The player count is the one chosen above.",
    ),
    player_fields=(),
    table_fields=(
        Field(
            "palaces_built",
            Text("已建造的宮殿卡", "Palace cards built"),
            Text("所有玩家到目前為止建造的宮殿卡總數", "All players' palaces built so far, together"),
            maximum=PALACES * MAX_PLAYERS,
            section="phases",
        ),
    ),
    compute=palace_price_helper,
    section="phases",
)

TURN_ORDER = Helper(
    id="turn-order",
    title=Text("下一輪的順序", "Next round's turn order"),
    intro=Text(
        "收入最低的玩家先行動；收入相同時，本輪較晚放上的標示物疊在上面，先行動；行政處讓標示物放在收入 − 3。"
        "原文沒有說明「導遊」和「辦公室」的額外硬幣是否算在收入表上：請依你們的決定填寫收入。",
        "Lowest income goes first; on equal income the marker placed later this round sits on top and goes "
        "first; the administration building puts the marker on income − 3. The source does not say whether "
        "the Tour Guide's or the office's extra coins count on the income track: enter the income as your "
        "table decided.",
    ),
    player_fields=(
        Field(
            "income",
            Text("本輪收入", "Income this round"),
            Text("出售貨物的硬幣加上銀行的硬幣", "Coins from selling goods plus coins from banks"),
            section="phases",
        ),
        Field(
            "administration",
            Text("行政處", "Administration"),
            Text("建造了行政處填 1，否則 0", "1 if built, else 0"),
            maximum=1,
            section="building-cards",
        ),
        Field(
            "position",
            ROUND_POSITION,
            Text("1 = 本輪第一個行動；收入相同時用來決定誰在上面", "1 = first this round; settles equal incomes"),
            minimum=1,
            maximum=MAX_PLAYERS,
            section="turn-order",
        ),
    ),
    table_fields=(),
    compute=turn_order_helper,
    section="turn-order",
)

BREWERY = Helper(
    id="brewery-prices",
    title=Text("啤酒廠價格", "Brewery prices"),
    intro=Text(
        "一間啤酒廠：出售後每個過剩標誌讓價格下降 1 格（最低 0；價格為 0 時不收該貨物）；"
        "階段6每個空出的「+」號讓價格上升 1 格（最高 3）。",
        "One brewery: after sales each surplus token (one beyond the demand) lowers that good's price one step (not below 0; "
        "at 0 the brewery takes none of that good); in phase 6 each unfilled “+” space raises it one step "
        "(at most 3).",
    ),
    player_fields=(),
    table_fields=(
        _goods_field(
            "price",
            "現在的價格",
            "Price now",
            "0–3，本輪出售之前",
            "0–3, before this round's sales",
            maximum=MAX_PRICE,
        ),
        _goods_field(
            "surplus",
            "過剩標誌",
            "Surplus tokens",
            "本輪超出需求的標誌（放在灰色空格上的）",
            "Tokens sold this round beyond the demand (those on the grey spaces)",
        ),
        _goods_field(
            "open_plus",
            "空出的「+」號",
            "Unfilled “+” spaces",
            "階段6時沒有標誌的「+」號",
            "“+” spaces with no token in phase 6",
        ),
    ),
    compute=brewery_helper,
    section="phases",
)

GAME = Game(
    id="furstenfeld",
    name=Text("啤酒侯爵", "Fürstenfeld"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    categories=(
        Category(
            Field(
                "palaces",
                Text("宮殿卡", "Palace cards"),
                Text(f"已建造的宮殿卡（0–{PALACES}）", f"Palace cards built (0–{PALACES})"),
                maximum=PALACES,
                section="game-end",
            )
        ),
    ),
    extra_player_fields=(
        Field(
            "turn_position",
            FINAL_POSITION,
            Text(
                f"只在幾名玩家都建造完 {PALACES} 張宮殿卡時填：1 = 最後一輪第一個行動",
                f"Only when several built all {PALACES} palaces: 1 = first in the final round",
            ),
            minimum=1,
            maximum=MAX_PLAYERS,
            section="turn-order",
        ),
    ),
    tie_breakers=(),
    setup=setup,
    section="game-end",
    diagram=diagram,
    options=(Option("advanced", Text("進階遊戲", "Advanced game")),),
    helpers=(PALACE_PRICE, TURN_ORDER, BREWERY),
    source_lang="zh-Hant",
    notes=(
        Text(
            f"啤酒侯爵沒有分數：第一位建造完全部 {PALACES} 張宮殿卡的玩家獲勝；同一輪有幾名玩家完成時，"
            "由先建造好的玩家獲勝（本站讀作該輪順序中最先的玩家；原文沒有明說）。規則不為其他玩家排名次。",
            f"Fürstenfeld has no points: the first player to build all {PALACES} palace cards wins; if several "
            "complete them in the same round, the one who completed first wins (the site reads this as the one "
            "first in that round's turn order; the source does not say so). The rules do not "
            "rank the other players.",
        ),
    ),
    score=score,
    validate=validate,
)

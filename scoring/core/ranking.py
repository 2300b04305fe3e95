"""Totals, places and tie-breakers: a checked sheet made a Result, and its one-line summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .model import Decision, DecisionKind, Field, Game, Player, PlayerResult, Result, Sheet, TieBreaker
from .problems import MissingTieBreaker, MissingValues
from .seats import listed
from .text import Text, english_list
from .validation import active_player_fields, parse_sheet, tie_breakers_in_play


def points_breakdown(game: Game, player: Player, options: Mapping[str, bool]) -> dict[str, int]:
    """Points per scored category in use."""
    keys = {f.key for f in active_player_fields(game, options)}
    return {c.field.key: c.points(player.values[c.field.key]) for c in game.categories if c.field.key in keys}


def rank(game: Game, sheet: Sheet, breakdowns: Sequence[Mapping[str, int]], notes: tuple[Text, ...] = ()) -> Result:
    """Place players by total, then by each tie-breaker in turn, then shared; a tie that needs a blank field waits."""
    totals = [sum(b.values()) for b in breakdowns]
    by_total = sorted(range(len(sheet.players)), key=lambda i: -totals[i])
    groups = [[i for i in by_total if totals[i] == total] for total in sorted(set(totals), reverse=True)]
    results: list[PlayerResult] = []
    missing: list[MissingValues] = []
    for group in groups:
        for run, level in _runs(game, sheet, group, 0):
            place = len(results) + 1
            waiting = len(run) > 1 and level < len(game.tie_breakers)
            if waiting:
                missing.append(_not_started(game, sheet, run) or _missing(game, sheet, run, level, totals[run[0]]))
            for i in run:
                rivals = [j for j in group if j != i]
                decision = _pending(missing[-1], game.tie_breakers[level]) if waiting else None
                decision = decision or _decide(game, sheet, i, rivals, totals[i])
                results.append(
                    PlayerResult(sheet.players[i].name, totals[i], place, tuple(breakdowns[i].items()), decision, i)
                )
    all_notes = list(game.notes) + list(notes)
    return Result(game.id, tuple(results), tuple(all_notes), tuple(missing))


def _runs(game: Game, sheet: Sheet, members: list[int], level: int) -> list[tuple[list[int], int]]:
    """Players with the same total in place order, as runs not told apart, each with the tie-breaker it stopped at.

    A run stops at the first tie-breaker one of its players left blank: that field, not 0, settles it.
    """
    if len(members) == 1 or level == len(game.tie_breakers):
        return [(members, level)]
    breaker = game.tie_breakers[level]
    if any(breaker.key in sheet.players[i].blank for i in members):
        return [(members, level)]
    values = sorted({sheet.players[i].values[breaker.key] for i in members}, reverse=breaker.most_wins)
    runs: list[tuple[list[int], int]] = []
    for value in values:
        runs.extend(
            _runs(game, sheet, [i for i in members if sheet.players[i].values[breaker.key] == value], level + 1)
        )
    return runs


def _missing(game: Game, sheet: Sheet, run: list[int], level: int, total: int) -> MissingTieBreaker:
    """The blank fields that settle a tie, named in both languages."""
    breaker = game.tie_breakers[level]
    label = next((f.label for f in game.player_fields if f.key == breaker.key), breaker.label)
    blank = [i for i in run if breaker.key in sheet.players[i].blank]
    names = listed([p.name for p in sheet.players], blank)
    return MissingTieBreaker(
        [f"players[{i}].scores.{breaker.key}" for i in blank],
        Text(
            f"同为 {total} 分：{names.zh} 的「{label.zh}」决定这次平手，请填写。",
            f"Tied on {total} points: {label.en} for {names.en} {'settles' if len(blank) == 1 else 'settle'} this tie.",
        ),
    )


def _not_started(game: Game, sheet: Sheet, run: list[int]) -> MissingValues | None:
    """A tie among players of whom some have no final-scoring value typed yet (columns not reached, or only a helper's
    copy in them): no tie to name while the sheet is being filled; the places wait for those columns instead."""
    fields = [f for f in game.final_fields() if f.key in sheet.players[run[0]].values]  # those of the options on
    waiting = [i for i in run if fields and not any(_typed(sheet.players[i], f) for f in fields)]
    if not waiting:
        return None
    names = listed([p.name for p in sheet.players], waiting, at_start=True)
    return MissingValues(
        [f"players[{i}].scores.{fields[0].key}" for i in waiting],
        Text(
            f"{names.zh}：还没有填写终局计分；请填写他们的各行（没有的填 0）后再排名。",
            f"{names.en}: no final-scoring value is typed yet; type their rows (0 where they have none) to rank "
            f"{'them' if len(waiting) > 1 else 'this player'}.",
        ),
    )


def _typed(player: Player, f: Field) -> bool:
    """Whether a player has typed a field: a number (0 too), or for a field of several numbers (Bruges' two statues,
    whose blanks are not told apart from 0) one that is not 0."""
    return any(player.values[f.key]) if f.entries else f.key not in player.blank


def _pending(missing: MissingValues, breaker: TieBreaker) -> Decision:
    """The decision of a player whose place waits for a blank tie-breaker."""
    return Decision(DecisionKind.PENDING, missing.message, breaker.key, breaker.section)


def _decide(game: Game, sheet: Sheet, i: int, rivals: list[int], total: int) -> Decision:
    """Say which rule set player i apart from the players with the same total."""
    if not rivals:
        return Decision(
            DecisionKind.TOTAL,
            Text(f"总分 {total} 分决定名次。", f"Placed by total points ({total})."),
            section=game.section,
        )
    values = sheet.players[i].values
    for t in game.tie_breakers:
        rivals = [j for j in rivals if sheet.players[j].values[t.key] == values[t.key]]
        if not rivals:  # the last tie-breaker that left player i alone decided the place
            source = "" if t.in_source else "（此规则不在原文中）"
            source_en = "" if t.in_source else " (this rule is not in the source text)"
            return Decision(
                DecisionKind.TIE_BREAKER,
                Text(
                    f"同为 {total} 分，以「{t.label.zh}」决定（{values[t.key]}）{source}。",
                    f"Tied on {total} points; decided by {t.label.en} ({values[t.key]}){source_en}.",
                ),
                t.key,
                t.section,
                values[t.key],
            )
    others = "、".join(sheet.players[j].name for j in rivals)
    others_en = ", ".join(sheet.players[j].name for j in rivals)
    if game.tie_breakers:
        return Decision(
            DecisionKind.SHARED,
            Text(
                f"同为 {total} 分，与 {others} 的所有决胜规则也相同：共享名次。",
                f"Tied on {total} points and level with {others_en} on every tie-breaker: the place is shared.",
            ),
            section=game.tie_breakers[-1].section or game.section,
        )
    return Decision(
        DecisionKind.SHARED,
        Text(
            f"与 {others} 同为 {total} 分，原文没有决胜规则：共享名次。",
            f"Tied on {total} points with {others_en}; the source text gives no tie-breaker: the place is shared.",
        ),
        section=game.section,
    )


def summary(game: Game, result: Result) -> Text:
    """The result in one line to copy or share, e.g. "Bruges — 1. Ann 78, 2. Bo 74; tie broken by most money left"."""
    placed = [p for p in result.players if p.place is not None]
    lines = [f"{p.place}. {p.name}" + ("" if p.total is None else f" {p.total}") for p in placed]
    zh, en = f"{game.name.zh} — {'，'.join(lines)}", f"{game.name.en} — {', '.join(lines)}"
    unranked = [p.name for p in result.players if p.place is None]
    if unranked:
        zh, en = f"{zh}；未排名：{'、'.join(unranked)}", f"{en}; not ranked: {', '.join(unranked)}"
    used = {p.decided_by.key for p in result.players if p.decided_by.kind is DecisionKind.TIE_BREAKER}
    breakers = [t for t in game.tie_breakers if t.key in used]
    if breakers:
        zh += "；平手以" + "、".join(f"「{t.label.zh}」" for t in breakers) + "决定"
        en += "; tie broken by " + " and then ".join(t.label.en for t in breakers)
    for place in sorted({p.place for p in placed}):
        names = [p.name for p in placed if p.place == place]
        if len(names) > 1:
            zh += f"；{'、'.join(names)} 并列第 {place} 名"
            en += f"; {english_list(names)} share place {place}"
    return Text(zh, en)


def score_points(game: Game, sheet: Sheet) -> Result:
    """The usual end of game: sum the categories, rank, break ties."""
    breakdowns = [points_breakdown(game, p, sheet.options) for p in sheet.players]
    return rank(game, sheet, breakdowns)


def score_sheet(game: Game, sheet: Sheet) -> Result:
    """Score a validated sheet; the result may still wait for blank tie-breakers (`Result.missing`)."""
    game = tie_breakers_in_play(game, sheet.options)
    return (game.score or score_points)(game, sheet)


def score(game: Game, raw_sheet: object) -> Result:
    """Validate a sheet and score it; a tie that needs a blank tie-breaker raises, naming the fields."""
    result = score_sheet(game, parse_sheet(game, raw_sheet))
    if result.missing:
        raise result.missing[0]
    return result

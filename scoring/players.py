"""One identity per player across the history: names matched as the score sheet matches duplicates, and the
names a table merged or renamed ("小明" and "Xiaoming" are one person).

The history keeps the mapping as `names`: a name's key (core.name_key: case, full/half width and composed
forms do not count) to the name shown for that person. A name with no entry is its own identity.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .core import SheetError, Text, check_name, name_key
from .core.script_fold import TO_SIMPLIFIED

MAX_NAMES = 2000
"""More names than a history of at most 1000 games holds in practice."""


def identity(name: str, names: Mapping[str, str]) -> str:
    """The name a player is shown and counted under."""
    return names.get(name_key(name), name)


def person_key(names: Mapping[str, str]) -> Callable[[str], str]:
    """name → the key of the person it counts as, remembered per name (a history repeats a few names many times)."""
    known: dict[str, str] = {}

    def key(name: str) -> str:
        found = known.get(name)
        if found is None:
            found = known[name] = name_key(identity(name, names))
        return found

    return key


def read_names(raw: object) -> tuple[dict[str, str], list[SheetError]]:
    """A stored or imported mapping, checked: what is kept, and why anything was left out."""
    if raw is None:
        return {}, []
    bad = SheetError(
        "names", Text("名字合并表格式错误，已忽略。", "the list of merged names is not readable; it was left out.")
    )
    if not isinstance(raw, dict) or len(raw) > MAX_NAMES:
        return {}, [bad]
    names: dict[str, str] = {}
    problems: list[SheetError] = []
    for spelled, value in raw.items():
        try:
            shown = check_name(value, 0, len)  # stored or exported, perhaps before names were counted as the field does
            key = name_key(check_name(spelled, 0, len))
            # A key as name_key writes it; one kept before the Chinese script stopped counting (張偉, now 张伟) is
            # read as its key today.
            if key != spelled.translate(TO_SIMPLIFIED):
                raise bad
        except SheetError:
            problems.append(
                SheetError(
                    "names",
                    Text(
                        f"名字合并表中的一项无法读取，已忽略：{str(spelled)[:40]}。",
                        f"an entry of the merged names could not be read and was left out: {str(spelled)[:40]}.",
                    ),
                )
            )
            continue
        names[key] = shown
    return _flat(names), problems


def _flat(names: Mapping[str, str]) -> dict[str, str]:
    """Every entry pointing at a final name: a chain (a → b → c) is followed, a loop is cut where it closes (each of
    its entries is itself, as the entry before it spells it). Linear: each entry's key is taken and followed once."""
    points_at = {key: name_key(shown) for key, shown in names.items()}
    flat: dict[str, str] = {}
    for start in names:
        path: list[str] = []
        at: dict[str, int] = {}
        key = start
        while key in names and key not in flat and key not in at:
            at[key] = len(path)
            path.append(key)
            key = points_at[key]
        if key in at:  # a loop closes here
            loop = path[at[key] :]
            for before, entry in zip([loop[-1], *loop[:-1]], loop, strict=True):
                flat[entry] = names[before]
            del path[at[key] :]
        end = flat[key] if key in flat else names[path[-1]] if path else None
        for entry in path:
            flat[entry] = end  # type: ignore[assignment]
    return flat


def merged_names(kept: Mapping[str, str], incoming: Mapping[str, str]) -> dict[str, str]:
    """The names kept here with an imported file's added where this history has none (its own choices win), chains
    across both followed."""
    return _flat({**incoming, **kept})


def aliases(people: Iterable[Mapping[str, Any]], names: Mapping[str, str]) -> list[dict[str, str]]:
    """Each merged name as the history spells it (else its key), and the name it counts under: the statistics' list."""
    spellings = [name for person in people for name in (person["name"], *person["also"])]
    spelled = {name_key(name): name for name in reversed(spellings)}  # the first spelling of a key wins
    return [{"name": spelled.get(key, key), "as": shown} for key, shown in names.items()]


def renamed(before: Mapping[str, str], after: Mapping[str, str]) -> list[dict[str, str]]:
    """Which names count as someone else than before (a name's key, and the name it now counts under), by key."""
    return [{"name": key, "as": shown} for key, shown in sorted(after.items()) if before.get(key) != shown]


def separate(names: Mapping[str, str], name: object) -> dict[str, str]:
    """The mapping without this name's entry: it counts as itself again."""
    return {k: v for k, v in names.items() if not isinstance(name, str) or k != name_key(name)}


def rename(
    names: Mapping[str, str], records: Iterable[dict[str, Any]], old: object, new: object
) -> tuple[dict[str, str], SheetError | None]:
    """Merge or rename: every name counted as `old` is counted as `new` (another person's name merges the two)."""
    try:
        before = check_name(old, 0)
        after = check_name(new, 1)
    except SheetError as error:
        which = Text("原名字", "the old name") if error.path == "players[0].name" else Text("新名字", "the new name")
        reason = error.message.en.split(": ", 1)[-1]
        reason_zh = error.message.zh.split("：", 1)[-1]
        return dict(names), SheetError("names", Text(f"{which.zh}：{reason_zh}", f"{which.en}: {reason}"))
    source = identity(before, names)
    target = identity(after, names)
    if name_key(target) == name_key(source):
        target = after  # the same person under another spelling or name: a rename
    for record in records:
        people = {name_key(identity(p["name"], names)) for p in record["players"]}
        if name_key(source) != name_key(target) and {name_key(source), name_key(target)} <= people:
            return dict(names), SheetError(
                "names",
                Text(
                    f"“{source}”和“{target}”在 {record['saved'][:10]} 的同一局中同场，不能是同一个人。",
                    f"“{source}” and “{target}” played in the same game on {record['saved'][:10]}: "
                    "they cannot be one person.",
                ),
            )
    out = {k: (target if name_key(v) == name_key(source) else v) for k, v in names.items()}
    for spelling in (before, source, after):
        if spelling != target or name_key(spelling) in out:
            out[name_key(spelling)] = target
    return {k: v for k, v in out.items() if k != v}, None


def _counted(records: Iterable[dict[str, Any]]) -> Counter[str]:
    """How often each name was written, in the order first written (records come newest first)."""
    return Counter(player["name"] for record in reversed(list(records)) for player in record["players"])


def shown_names(records: Iterable[dict[str, Any]], names: Mapping[str, str]) -> dict[str, str]:
    """Each person's key to the name shown: the merged name, or else the spelling used most (the earliest of equals)."""
    counts: dict[str, Counter[str]] = {}
    key = person_key(names)
    for name, times in _counted(records).items():
        counts.setdefault(key(name), Counter())[identity(name, names)] += times
    return {person: spellings.most_common(1)[0][0] for person, spellings in counts.items()}


def people(records: Iterable[dict[str, Any]], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """Everyone in the history under their identity, most games first: name, games, last played, other names."""
    records = list(records)
    shown = shown_names(records, names)
    person, spelling = person_key(names), person_key({})
    found: dict[str, dict[str, Any]] = {}
    for record in records:  # newest first: the first time a person is met is their last game
        for player in record["players"]:
            key = person(player["name"])
            entry = found.get(key)
            if entry is None:
                entry = found[key] = {"name": shown[key], "games": 0, "last": record["saved"], "also": []}
            entry["games"] += 1
    for name in _counted(records):
        if spelling(name) != person(name) and name not in found[person(name)]["also"]:
            found[person(name)]["also"].append(name)
    return sorted(found.values(), key=lambda p: (-p["games"], p["name"]))

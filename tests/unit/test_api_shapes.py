"""The answers that cross from Python to the page are declared once (scoring/answers.py): every declared shape is
given by the API (each answer checked key for key by tests/unit/conftest.py), and the page's scripts read only
declared keys."""

from __future__ import annotations

import re
import types
from pathlib import Path
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from scoring import answers, api
from scoring.history import make_record
from scoring.share import encode
from tests.answer_check import ANSWERING, declared, mismatches
from tests.unit.test_history import ANN_BO, SAVED, stored

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
TIE = {
    "players": [
        {"name": "Ann", "scores": {"estate_sets": 5}},
        {"name": "Bo", "scores": {"estate_sets": 4, "start_player": 1}},
    ]
}
"""A tie: Ann's 5 and Bo's 4 and the start-player card, with the storage cards that break it left blank."""
BAD = {"players": [{"name": "Ann", "scores": {"estate_sets": -3}}, {"name": "Bo", "scores": {}}]}


def shape_of(answer: object, function: Any) -> type:
    """Which of the answers a function declares this one is (exactly one may match)."""
    options = get_args(declared(function)) or (declared(function),)
    matching = [option for option in options if not mismatches(answer, option)]
    assert len(matching) == 1, (function.__name__, matching, answer)
    return matching[0]


def test_the_sheet_answers_ok_waiting_incomplete_and_refused() -> None:
    assert shape_of(api.evaluate("burgundy-cards", ANN_BO), api.evaluate) is answers.Scored
    assert shape_of(api.evaluate("burgundy-cards", TIE), api.evaluate) is answers.Waiting
    assert shape_of(api.evaluate("burgundy-cards", BAD), api.evaluate) is answers.Incomplete
    assert shape_of(api.run_helper("bruges", "dice", {"table": {"dice": [1, 2, 3, 4, 5]}}), api.run_helper) is (
        answers.HelperAnswer
    )
    assert shape_of(api.run_helper("bruges", "no-such-helper", {}), api.run_helper) is answers.Refused
    assert shape_of(api.score_json("burgundy-cards", ANN_BO), api.score_json) is answers.Result


def test_the_checklist_as_the_worker_sends_it() -> None:
    worker = (STATIC / "worker.py").read_text(encoding="utf-8")
    assert '{"ok": True, **setup_json(' in worker, "static/worker.py adds ok to a checklist: SetupAnswer says so"
    for game_id, players in (("burgundy-cards", 2), ("bruges", 4)):
        assert not mismatches({"ok": True, **api.setup_json(game_id, players, {})}, answers.SetupAnswer)


def test_every_history_answer() -> None:
    added = api.history_add("", "burgundy-cards", ANN_BO, SAVED, {"note": "first"})
    record = added["record"]
    text = added["stored"]
    other = make_record("burgundy-cards", {**ANN_BO, "players": ANN_BO["players"][::-1]}, "2026-11-22T10:00:00Z")
    seen = {
        shape_of(added, api.history_add),
        shape_of(api.history_view(text), api.history_view),
        shape_of(api.history_export(text, SAVED), api.history_export),
        shape_of(api.history_import(text, stored(other)), api.history_import),
        shape_of(api.history_delete(text, record["id"]), api.history_delete),
        shape_of(api.history_add("{garbage", "burgundy-cards", ANN_BO, SAVED), api.history_add),
        shape_of(api.history_people(text), api.history_people),
        shape_of(api.history_hold(text), api.history_hold),
        shape_of(api.history_stats(text, {}), api.history_stats),
        shape_of(api.history_stats("@not-held", {}), api.history_stats),
        shape_of(api.history_stats(text, {"game": 7}), api.history_stats),
        shape_of(api.history_pictures(text, {}), api.history_pictures),
        shape_of(api.history_rename(text, "Ann", "Cy"), api.history_rename),
        shape_of(api.history_separate(text, "Ann"), api.history_separate),
    }
    fixed = {**ANN_BO, "players": [ANN_BO["players"][0], {"name": "Bo", "scores": {"estate_sets": 2}}]}
    replaced = api.history_replace(text, record["id"], "burgundy-cards", fixed, None, "2026-11-23T10:00:00Z")
    seen |= {
        shape_of(replaced, api.history_replace),
        shape_of(api.history_undo(replaced["stored"], replaced["previous"]), api.history_undo),
    }
    assert seen >= {answers.Added, answers.HistoryList, answers.Exported, answers.Imported, answers.SetAside}
    assert seen >= {answers.People, answers.Held, answers.Statistics, answers.Resend, answers.Refused}
    assert seen >= {answers.StatisticsPictures, answers.Renamed, answers.Replaced, answers.Undone}


def test_every_answer_of_a_result_passed_on() -> None:
    link = api.share_link("https://example.org/play/", "burgundy-cards", ANN_BO, SAVED)
    record = make_record("burgundy-cards", ANN_BO, SAVED)
    assert shape_of(link, api.share_link) is answers.Link
    assert shape_of(api.share_link("/", "burgundy-cards", TIE, SAVED), api.share_link) is answers.Refused
    assert shape_of(api.share_view(encode(record)), api.share_view) is answers.Received
    assert shape_of(api.share_view("nonsense"), api.share_view) is answers.Refused
    assert shape_of(api.history_add_shared("", encode(record)), api.history_add_shared) is answers.AddedShared


def test_every_declared_answer_is_given() -> None:
    """A shape no function declares, or none of the tests above gives, is dead: the declarations stay true."""
    used = {option for f in ANSWERING.values() for option in get_args(declared(f)) or (declared(f),)}
    page_made = {answers.SetupAnswer, answers.NotStarted, answers.Stopped}
    page_made |= {answers.Stored}  # the keys every history answer shares, never an answer of its own
    top_level = {v for v in vars(answers).values() if is_typeddict(v) and "ok" in get_type_hints(v)}
    assert top_level - page_made <= used, top_level - page_made - used


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ({"ok": True, "problems": [], "result": {}}, "missing"),
        ({"ok": False, "problems": [], "partial": [], "sums": {}, "extra": 1}, "not declared"),
        ({"ok": False, "problems": [{"field": "x", "zh": "", "en": 3}], "partial": [], "sums": {}}, "is not str"),
        ({"ok": 1, "problems": [], "partial": [], "sums": {}}, "is not one of"),
    ],
)
def test_an_answer_outside_its_shape_is_told(answer: dict, wrong: str) -> None:
    said = mismatches(answer, declared(api.evaluate))
    assert said and wrong in " ".join(said), said


# ---------------------------------------------------------------- what the page reads

ANSWER = (
    answers.Evaluated
    | answers.SetupAnswer
    | answers.HelperAnswer
    | answers.Refused
    | answers.NotStarted
    | answers.Stopped
)
HISTORY = (
    answers.HistoryList
    | answers.Added
    | answers.AddedShared
    | answers.Imported
    | answers.Replaced
    | answers.Undone
    | answers.Renamed
    | answers.Exported
    | answers.Held
    | answers.People
    | answers.SetAside
    | answers.Resend
    | answers.Refused
    | answers.NotStarted
    | answers.Stopped
)
READERS: dict[str, dict[str, Any]] = {
    "play.js": {"answer": ANSWER, "step": answers.SetupLine, "record": answers.Record},
    "sheet-results.js": {
        "answer": answers.Evaluated,
        "result": answers.Result,
        "player": answers.RankedPlayer,
        "entry": answers.PartialTotal,
    },
    "sheet-edit.js": {"answer": HISTORY, "record": answers.Record},
    "history.js": {
        "answer": HISTORY,
        "record": answers.Record,
        "player": answers.PlacedPlayer,
        "decided": answers.Decision,
    },
    "stats.js": {
        "answer": answers.Statistics | answers.Renamed | HISTORY,
        "drawn": answers.StatisticsPictures | answers.Resend | answers.Refused | answers.NotStarted,
    },
    "bgstats.js": {"answer": answers.BgStatsLinks | answers.SetAside | answers.Resend | answers.Refused},
    "column.js": {
        "answer": answers.ColumnLink | answers.Refused,
        "asked": answers.ColumnAsked | answers.Refused,
        "peek": answers.ColumnPeek | answers.Refused,
        "taken": answers.ColumnTaken | answers.Refused,
    },
    "link-box.js": {"answer": answers.ColumnLink},
    "share.js": {
        "answer": answers.Link | answers.Received | answers.AddedShared | HISTORY,
        "result": answers.Result,
        "record": answers.Record,
        "player": answers.PlacedPlayer,
    },
}
"""Each script that reads Python's answers, and what its names for an answer (or a part of one) hold."""
PAGE_KEYS = {"history.js": {"answer": {"setAside", "based", "notStored"}}, "stats.js": {"answer": {"setAside"}}}
"""Keys the page writes onto an answer itself (history.js: the stored text it set aside, the one it worked on, that the
browser refused to store it), not Python."""


def read_keys(source: str, name: str) -> set[tuple[str, ...]]:
    """Every chain of keys the script reads off `name`: name.a.b, name?.a, const { a, b: c } = name."""
    chains = {
        tuple(re.findall(r"[A-Za-z_]\w*", chain))
        for chain in re.findall(rf"(?<![\w$])(?<![^.]\.){name}((?:\??\.[A-Za-z_]\w*)+)", source)
    }
    for names in re.findall(rf"(?:const|let) \{{([^}}]*)\}} = (?:await )?{name}\b", source):
        chains |= {(part.split(":")[0].strip(),) for part in names.split(",") if part.strip()}
    return chains


def undeclared(chain: tuple[str, ...], shape: Any) -> str | None:
    """The first key of the chain that the shape does not declare (followed through objects), or None."""
    options = get_args(shape) if get_origin(shape) in (Union, types.UnionType) else (shape,)
    objects = [o for o in options if is_typeddict(o)]
    if not chain or not objects:
        return None  # past the declared objects: a list, text, a number (its .length, .map)
    holding = [get_type_hints(o)[chain[0]] for o in objects if chain[0] in get_type_hints(o)]
    if not holding:
        return chain[0]
    deeper = [undeclared(chain[1:], h) for h in holding]
    return None if None in deeper else deeper[0]


@pytest.mark.parametrize("script", sorted(READERS))
def test_the_page_reads_only_declared_keys(script: str) -> None:
    source = (STATIC / script).read_text(encoding="utf-8")
    wrong = []
    for name, shape in READERS[script].items():
        own = PAGE_KEYS.get(script, {}).get(name, set())
        chains = read_keys(source, name)
        assert chains, f"{script} reads nothing off `{name}`: READERS is out of date"
        wrong += [f"{name}.{'.'.join(c)}" for c in chains if c[0] not in own and undeclared(c, shape) is not None]
    assert not wrong, f"{script} reads keys scoring/answers.py does not declare: {sorted(wrong)}"


def test_every_script_that_reads_an_answer_is_checked() -> None:
    readers = {p.name for p in STATIC.glob("*.js") if re.search(r"\banswer\??\.\w", p.read_text(encoding="utf-8"))}
    assert readers <= set(READERS), (
        f"add to READERS what these scripts' names for an answer hold: {readers - set(READERS)}"
    )


@pytest.mark.parametrize(
    ("script", "constant", "shape"),
    [("calculator.js", "NOT_STARTED", answers.NotStarted), ("watchdog.js", "STOPPED", answers.Stopped)],
)
def test_the_page_makes_its_own_answers_as_declared(script: str, constant: str, shape: Any) -> None:
    source = (STATIC / script).read_text(encoding="utf-8")
    body = re.search(rf"const {constant} = (?:JSON\.stringify\()?\{{(.*?)\n\}}", source, re.DOTALL)
    assert body, f"{constant} not found in {script}"
    keys = set(re.findall(r"^  (\w+):", body.group(1), re.MULTILINE))
    assert keys == set(get_type_hints(shape)), (keys, shape.__name__)


def test_an_undeclared_key_read_by_a_script_is_found() -> None:
    chains = read_keys(
        "if (answer.ok) show(answer.result.players, answer.result.winner); const { sums } = answer;", "answer"
    )
    assert {c for c in chains if undeclared(c, answers.Evaluated)} == {("result", "winner")}


@pytest.mark.parametrize("path", ["history-before-kind.stored.txt", "history-before-kind.json"])
def test_a_history_written_before_the_declarations_reads_as_declared(path: str) -> None:
    """Stored histories and links keep reading: answers are what they were (the shapes only name them)."""
    text = (ROOT / "tests" / "unit" / "data" / path).read_text(encoding="utf-8")
    assert shape_of(api.history_view(text), api.history_view) is answers.HistoryList
    assert shape_of(api.history_import("", text), api.history_import) is answers.Imported

"""Chinese in both scripts: OpenCC at build time, and the table the page applies to Python's run-time text."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import build
from scoring import GAMES
from scoring.api import evaluate, run_helper, setup_json
from scoring.core import FieldKind, Game
from sitebuild import BuildError, zh_script


@pytest.fixture(scope="module")
def tables() -> dict[str, zh_script.Table]:
    """The run-time tables, as the build writes them."""
    tables = zh_script.runtime_tables(build.script_sources(), "scoring")
    return {script: zh_script.Table.of(entries) for script, entries in tables.items()}


def option_sets(game: Game) -> list[dict[str, bool]]:
    """Every combination of the game's variants."""
    keys = [o.key for o in game.options]
    return [dict(zip(keys, values, strict=True)) for values in itertools.product((False, True), repeat=len(keys))]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_table_writes_every_checklist_as_opencc_does(tables: dict[str, zh_script.Table], game_id: str) -> None:
    game = GAMES[game_id]
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        for options in option_sets(game):
            for step in setup_json(game_id, players, options)["steps"]:
                for text in [step["zh"], *([step["note"]["zh"]] if step["note"] else [])]:
                    for script in zh_script.SCRIPTS:
                        assert tables[script].apply(text) == zh_script.convert(text, game.source_lang, script)
                        checked += 1
    assert checked > 20


def sample_value(field: Any, bad: str) -> Any:
    """A bad value in the shape the field takes."""
    if field.entries and field.parts:
        return [[bad] * len(field.parts) for _ in field.entries]
    return [bad] * len(field.entries) if field.entries else bad


def run_time_chinese(game: Game) -> list[str]:
    """Chinese that scoring writes while people type: problems, reasons, notes, summaries, helper lines."""
    found: list[str] = []
    options = {o.key: True for o in game.options}
    names = ["Ann", "Bo", "甲"][: game.max_players]
    for bad in ("abc", "9999", "-1", "1.5", "", "1", "6"):
        players = [{"name": n, "scores": {}} for n in names]
        for field in game.player_fields:
            if field.kind is FieldKind.COUNT:
                players[0]["scores"][field.key] = sample_value(field, bad)
        answer = evaluate(game.id, {"players": players, "options": options})
        found += [p["zh"] for p in answer["problems"]]
        if answer["ok"]:
            result = answer["result"]
            found += [p["decided_by"]["zh"] for p in result["players"]] + [n["zh"] for n in result["notes"]]
            found.append(answer["summary"]["zh"])
        for helper in game.helpers:
            sheet = {"players": [{"name": n, "scores": {}} for n in names], "table": {}, "options": options}
            for field in helper.player_fields:
                sheet["players"][0]["scores"][field.key] = sample_value(field, bad)
            for field in helper.table_fields:
                if field.kind is FieldKind.COUNT:
                    sheet["table"][field.key] = sample_value(field, bad)
            out = run_helper(game.id, helper.id, sheet)
            found += [p["zh"] for p in out.get("problems", [])] + [line["zh"] for line in out.get("lines", [])]
    found += [p["zh"] for p in evaluate(game.id, {"players": [{"name": "Ann"}, {"name": "ann"}]})["problems"]]
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_run_time_text_ends_up_all_in_one_script(tables: dict[str, zh_script.Table], game_id: str) -> None:
    texts = run_time_chinese(GAMES[game_id])
    assert len(texts) > 10
    for text in texts:
        hans, hant = tables["zh-Hans"].apply(text), tables["zh-Hant"].apply(text)
        assert zh_script.convert(hans, "zh-Hant", "zh-Hans") == hans, (text, hans)
        assert zh_script.convert(hant, "zh-Hans", "zh-Hant") == hant, (text, hant)


def test_a_message_mixing_both_scripts_is_written_in_one(tables: dict[str, zh_script.Table]) -> None:
    # core.py writes Simplified around the label that bruges.py writes in Traditional.
    problem = evaluate("bruges", {"players": [{"name": "Ann", "scores": {"majority_markers": 4}}, {"name": "Bo"}]})
    mixed = problem["problems"][0]["zh"]
    assert mixed == "Ann：多數標記：最大为 3。"
    assert tables["zh-Hans"].apply(mixed) == "Ann：多数标记：最大为 3。"
    assert tables["zh-Hant"].apply(mixed) == "Ann：多數標記：最大為 3。"


def test_phrase_conversions_in_scoring_were_read() -> None:
    # Where OpenCC's phrase dictionary writes a literal differently from character by character, a person should
    # read the result: OpenCC once turned "4 个中立六角板块" into "4 箇中立…" and "只算" into "隻算" (the wording
    # was changed to "块", "仅算"). When this fails, read the new entries and reword the source if they are wrong.
    tables = zh_script.runtime_tables(build.script_sources(), "scoring")
    phrases = {script: {k: v for k, v in table.items() if len(k) > 1} for script, table in tables.items()}
    assert phrases == {
        "zh-Hans": {},
        "zh-Hant": {
            "”重复了（不区分大小写和全角/半角）。": "”重複了（不區分大小寫和全角/半角）。",
            "名字合并表格式错误，已忽略。": "名字合併表格式錯誤，已忽略。",  # 合并 is written 合併 in Traditional
            "名字合并表中的一项无法读取，已忽略：": "名字合併表中的一項無法讀取，已忽略：",
            "复制链接（给另一部手机）": "複製鏈接（給另一部手機）",  # 复制 is 複製, not 復製
            "这局已经在历史记录中，没有重复存入。": "這局已經在歷史記錄中，沒有重複存入。",  # 重复 is 重複
        },
    }


def test_table_replaces_the_longest_key_first() -> None:
    table = zh_script.Table()
    table.add("发", "發")
    table.add("头发", "頭髮")
    assert table.apply("头发会发光") == "頭髮会發光"


def test_a_literal_that_reads_differently_in_two_modules_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.py").write_text('X = "面条"\n', encoding="utf-8")
    (tmp_path / "b.py").write_text('X = "面条"\n', encoding="utf-8")
    scripts = {"a": "zh-Hans", "b": "zh-Hant"}
    monkeypatch.setattr(zh_script, "module_script", lambda path, package: scripts[path.stem])
    with pytest.raises(BuildError, match=r"b\.py: '面条' reads differently"):
        zh_script.collect(tmp_path.glob("*.py"), "scratch")


def test_only_chinese_literals_are_collected(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text('A = f"第 {n} 位：{count} 张"\nB = "plain"\n"""说明"""\n', encoding="utf-8")
    assert zh_script.literals(path) == {"第 ", " 位：", " 张", "说明"}


def test_search_index_holds_chinese_in_both_scripts(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "index.json").read_text(encoding="utf-8"))
    docs = {(d["game"], d["section"], d["lang"]): d for d in index["docs"]}
    bruges = docs[("bruges", "setup", "zh-Hant")]
    assert bruges["other_text"] == zh_script.convert(bruges["text"], "zh-Hant", "zh-Hans") != bruges["text"]
    assert len(bruges["other_text"]) == len(bruges["text"])  # a hit's place is the same in both
    assert docs[("bruges", "setup", "en")]["other_text"] == ""
    assert {g["id"]: g["zh_other"] for g in index["games"]}["bruges"] == "布鲁日"
    assert all(t["zh_other"] for t in index["terms"])

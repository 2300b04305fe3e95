"""Chinese in both scripts: OpenCC at build time, and the conversion the page applies to Python's run-time text."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

import build
from scoring import GAMES
from scoring.api import evaluate, run_helper, setup_json
from scoring.core import FieldKind, Game
from sitebuild import BuildError, zh_script


@pytest.fixture(scope="module")
def conversions() -> dict[str, zh_script.Conversion]:
    """The run-time conversions, as the build writes them."""
    conversions = zh_script.run_time_conversions(build.run_time_chinese_sources(), "scoring")
    return {script: zh_script.Conversion.of(entries) for script, entries in conversions.items()}


def option_sets(game: Game) -> list[dict[str, bool]]:
    """Every combination of the game's variants."""
    keys = [o.key for o in game.options]
    return [dict(zip(keys, values, strict=True)) for values in itertools.product((False, True), repeat=len(keys))]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_conversion_writes_every_checklist_as_opencc_does(
    conversions: dict[str, zh_script.Conversion], game_id: str
) -> None:
    game = GAMES[game_id]
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        for options in option_sets(game):
            for step in setup_json(game_id, players, options)["steps"]:
                for text in [step["zh"], *([step["note"]["zh"]] if step["note"] else [])]:
                    for script in zh_script.SCRIPTS:
                        assert conversions[script].apply(text) == zh_script.convert(text, game.source_lang, script)
                        checked += 1
    assert checked >= len(zh_script.SCRIPTS) * (game.max_players - game.min_players + 1)  # a step per count at least


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
def test_run_time_text_ends_up_all_in_one_script(conversions: dict[str, zh_script.Conversion], game_id: str) -> None:
    texts = run_time_chinese(GAMES[game_id])
    assert len(texts) > 10
    for text in texts:
        hans, hant = conversions["zh-Hans"].apply(text), conversions["zh-Hant"].apply(text)
        assert zh_script.convert(hans, "zh-Hant", "zh-Hans") == hans, (text, hans)
        assert zh_script.convert(hant, "zh-Hans", "zh-Hant") == hant, (text, hant)


def test_a_message_mixing_both_scripts_is_written_in_one(conversions: dict[str, zh_script.Conversion]) -> None:
    # core.py writes Simplified around the label that bruges.py writes in Traditional.
    problem = evaluate("bruges", {"players": [{"name": "Ann", "scores": {"majority_markers": 4}}, {"name": "Bo"}]})
    mixed = problem["problems"][0]["zh"]
    wants = "（翻到彩色面的基本多數標記（聲望、人物、運河），每個 4 分，最多 3 個）"  # the field's help, said again
    assert mixed == "Ann：多數標記：最大为 3。" + wants
    assert (
        conversions["zh-Hans"].apply(mixed)
        == "Ann：多数标记：最大为 3。（翻到彩色面的基本多数标记（声望、人物、运河），每个 4 分，最多 3 个）"
    )
    assert conversions["zh-Hant"].apply(mixed) == "Ann：多數標記：最大為 3。" + wants


def test_phrase_conversions_in_scoring_were_read() -> None:
    # Where OpenCC's phrase dictionary writes a literal differently from character by character, a person should
    # read the result: OpenCC once turned "4 个中立六角板块" into "4 箇中立…" and "只算" into "隻算" (the wording
    # was changed to "块", "仅算"). When this fails, read the new entries and reword the source if they are wrong.
    conversions = zh_script.run_time_conversions(build.run_time_chinese_sources(), "scoring")
    phrases = {
        script: {k: v for k, v in conversion.items() if len(k) > 1} for script, conversion in conversions.items()
    }
    assert phrases == {"zh-Hans": {}, "zh-Hant": INTERFACE_PHRASES}


INTERFACE_PHRASES = {  # the interface's own words in Taiwan wording (s2twp), each read
    # A saved game's note and duration, correcting a saved game (issue 29 points 3 and 4)
    "这张表上的对局还没有存入历史记录。打开要修改的对局会替换它。": "這張表上的對局還沒有存入歷史記錄。開啟要修改的對局會替換它。",
    "备注": "備註",
    " 分钟": " 分鐘",
    " 个字符，最多 ": " 個字元，最多 ",
    " 个。请删减后再保存。": " 個。請刪減後再儲存。",
    "开始时间距离保存超过 24 小时（或在保存之后），因此没有记录用时。": "開始時間距離儲存超過 24 小時（或在儲存之後），因此沒有記錄用時。",
    # How long the game took, typed or not kept (issue 41 point 5)
    "没有记录用时：计时在保存前 ": "沒有記錄用時：計時在儲存前 ",
    " 之间的整分钟数，例如 45。": " 之間的整分鐘數，例如 45。",
    # An import's later correction (issue 40 point 1)
    "局被文件中较晚的修改替换。": "局被檔案中較晚的修改替換。",
    # A link too long for a QR code (issue 40 point 11)
    "这局的链接太长，放不进二维码。请用“复制链接”或“分享链接”把它发给另一部手机：": "這局的連結太長，放不進QR碼。請用“複製連結”或“分享連結”把它發給另一部手機：",
    "这局结果的链接": "這局結果的連結",
    # A name's limit counted as the name field counts it; a correction whose stored date is no date (issue 40 point 11)
    " 个字符（表情符号算两个）。": " 個字元（表情符號算兩個）。",
    "正在修改一局已保存的对局": "正在修改一局已儲存的對局",
    # A note's control character or lone surrogate (issue 40 point 4)
    "备注含有控制字符或残缺的字符（": "備註含有控制字元或殘缺的字元（",
    "）。请删除后再保存。": "）。請刪除後再儲存。",
    # New game on a full storage (issue 30)
    "存储已满：无法保存撤销副本": "儲存已滿：無法儲存撤銷副本",
    "清空后，只有在本页保持打开时才能撤销；重新加载或关闭后就无法恢复这张计分表。可以先导出历史记录并删除旧的对局以腾出空间。": "清空後，只有在本頁保持開啟時才能撤銷；重新載入或關閉後就無法恢復這張計分表。可以先匯出歷史記錄並刪除舊的對局以騰出空間。",
    # keeping the history where storage is not kept: the notice said once, the reminder (issue 43 point 3; "导出"
    # alone now, so the longer entries that held it are gone)
    "导出": "匯出",
    "：浏览器菜单": "：瀏覽器選單",
    "局保存已超过": "局儲存已超過",
    "添加到主屏幕（": "新增到主螢幕（",
    "→“安装应用”或“添加到主屏幕”。": "→“安裝應用”或“新增到主螢幕”。",
    "各自保存数据：先在这里导出，再在应用的“历史记录”中导入。": "各自儲存資料：先在這裡匯出，再在應用的“歷史記錄”中匯入。",
    "天，还不在任何导出的文件里。导出一份，浏览器清理数据时它们就不会丢失。": "天，還不在任何匯出的檔案裡。匯出一份，瀏覽器清理資料時它們就不會丟失。",
    "中打开本站，点底部的“分享”按钮（方框加向上箭头），向下滑动，选“添加到主屏幕”，再点“添加”；以后从主屏幕上的图标打开。主屏幕上的应用和": "中開啟本站，點底部的“分享”按鈕（方框加向上箭頭），向下滑動，選“新增到主螢幕”，再點“新增”；以後從主螢幕上的圖示開啟。主螢幕上的應用和",
    # one notice on keeping the history (persist.js's folded into it), Send to BG Stats (issue 43 points 2 and 3)
    "发送到": "傳送到",
    "或者每次玩完后用上面的“导出”存一份文件（": "或者每次玩完後用上面的“匯出”存一份檔案（",
    "），放到“文件”或网盘里；在这里导入即可恢复。": "），放到“檔案”或網盤裡；在這裡匯入即可恢復。",
    "天没有访问本站后会删除本站保存的数据，除非本站已添加到主屏幕。想留住它：": "天沒有訪問本站後會刪除本站儲存的資料，除非本站已新增到主螢幕。想留住它：",
    # after the game (issue 20): statistics, names, links, keeping the history
    "分享链接": "分享連結",
    "结果的二维码": "結果的QR碼",
    "另一部手机（之前打开过本站一次即可，不需要网络）用相机扫描这个二维码，就能看到这局的结果并存入它的历史记录。": "另一部手機（之前開啟過本站一次即可，不需要網路）用相機掃描這個QR碼，就能看到這局的結果並存入它的歷史記錄。",
    # one rule for files and imports (issue 30)
    "文件合并了名字：": "檔案合併了名字：",
    "文件不是 UTF-8 文本，不是本站的历史记录。": "檔案不是 UTF-8 文本，不是本站的歷史記錄。",
    "文件是空的，不是本站的历史记录（本站导出的文件即使没有记录也不是空的）。": "檔案是空的，不是本站的歷史記錄（本站匯出的檔案即使沒有記錄也不是空的）。",
    "名字合并表中的一项无法读取，已忽略：": "名字合併表中的一項無法讀取，已忽略：",
    "名字合并表格式错误，已忽略。": "名字合併表格式錯誤，已忽略。",
    "浏览器同意保留本站的数据：清理空间时不会删除历史记录。": "瀏覽器同意保留本站的資料：清理空間時不會刪除歷史記錄。",
    "用另一部手机的相机扫描，打开本站并查看这局的结果（数据只在链接的 # 之后，不会发送到服务器）。": "用另一部手機的相機掃描，開啟本站並檢視這局的結果（資料只在連結的 # 之後，不會發送到伺服器）。",
    "这个链接不是“桌游助手”分享的结果。": "這個連結不是“桌遊助手”分享的結果。",
    "这个链接由较新版本的本站生成（格式 ": "這個連結由較新版本的本站生成（格式 ",
    "这局已经在历史记录中，没有重复存入。": "這局已經在歷史記錄中，沒有重複存入。",
    "链接已损坏（可能被截断或改动），无法读取结果。请让对方重新分享。": "連結已損壞（可能被截斷或改動），無法讀取結果。請讓對方重新分享。",
    "）；请在联网时打开本站以更新。": "）；請在聯網時開啟本站以更新。",
    " 条记录：保存的总分或名次与其分数不符，已按现行规则重新计算。": " 條記錄：儲存的總分或名次與其分數不符，已按現行規則重新計算。",
    "JSON 嵌套层数过多，无法读取。": "JSON 巢狀層數過多，無法讀取。",
    "”重复了（不区分大小写、全角/半角和简繁体）。": "”重複了（不區分大小寫、全形/半形和簡繁體）。",
    "保存时间无法识别。": "儲存時間無法識別。",
    "保存的历史记录有问题，原内容已另存为": "儲存的歷史記錄有問題，原內容已另存為",
    "保存的历史记录有问题，而且无法另存，因此保持原样：": "儲存的歷史記錄有問題，而且無法另存，因此保持原樣：",
    "保存的数据无法读取，已另存为": "儲存的資料無法讀取，已另存為",
    # an unreadable sheet not set aside, full or unavailable (issue 40 point 5)
    "保存的数据无法读取，而且无法另存（": "儲存的資料無法讀取，而且無法另存（",
    "存储已满": "儲存已滿",
    "存储不可用": "儲存不可用",
    "），因此不会被覆盖：这张表的输入不会保存。": "），因此不會被覆蓋：這張表的輸入不會儲存。",
    "历史记录文件的版本号无效。": "歷史記錄檔案的版本號無效。",
    "已导入": "已匯入",
    "文件不是 JSON 格式，无法读取。": "檔案不是 JSON 格式，無法讀取。",
    "文件中没有记录列表。": "檔案中沒有記錄列表。",
    "文件中的问题：": "檔案中的問題：",
    "文件太大（超过": "檔案太大（超過",
    "此文件由较新版本的本站生成（格式 ": "此檔案由較新版本的本站生成（格式 ",
    "此浏览器不允许本站保存数据（隐私模式或浏览器设置）：输入的内容只在本页打开期间保留。": (
        "此瀏覽器不允許本站儲存資料（隱私模式或瀏覽器設定）：輸入的內容只在本頁開啟期間保留。"
    ),
    "没有存入历史记录：浏览器不允许保存（存储已满或被禁用）。": "沒有存入歷史記錄：瀏覽器不允許儲存（儲存已滿或被停用）。",
    "没有导入“": "沒有匯入“",
    "没有导入：": "沒有匯入：",
    "浏览器存储已满：最近的更改没有保存。请导出历史记录并删除旧的对局以腾出空间。": (
        "瀏覽器儲存已滿：最近的更改沒有儲存。請匯出歷史記錄並刪除舊的對局以騰出空間。"
    ),
    "这不是“桌游助手”的历史记录文件。": "這不是“桌遊助手”的歷史記錄檔案。",
    "」打开时使用。": "」開啟時使用。",
    "：只有不可见的字符。": "：只有不可見的字元。",
    "：含有不可见的控制字符（例如文字方向标记）。": "：含有不可見的控制字元（例如文字方向標記）。",
    # Each player's own column by QR code and link (issue 43 point 1); "复制链接" alone now, beside the sheet's longer button
    "复制链接": "複製連結",
    "链接已复制。": "連結已複製。",
    "这一列的二维码": "這一列的QR碼",
    "主屏幕上的本站）：": "主螢幕上的本站）：",
    "无法打开这个链接：": "無法開啟這個連結：",
    "填写自己一列的二维码": "填寫自己一列的QR碼",
    "填好了：显示给主持人的二维码": "填好了：顯示給主持人的QR碼",
    "打开链接，而添加到主屏幕的本站与": "開啟連結，而新增到主螢幕的本站與",
    "收到的链接（可复制到另一个浏览器，或": "收到的連結（可複製到另一個瀏覽器，或",
    "无法复制：请长按上面的链接选中并复制。": "無法複製：請長按上面的連結選中並複製。",
    "，再打开这个链接（或把链接粘贴到下面）。": "，再開啟這個連結（或把連結貼上到下面）。",
    "这个链接太长，放不进二维码：请复制或分享下面的链接。": "這個連結太長，放不進QR碼：請複製或分享下面的連結。",
    "主持人用手机相机扫描此二维码，把这一列收入他的表格。": "主持人用手機相機掃描此QR碼，把這一列收入他的表格。",
    "）。没有改动任何内容：请先选好相同的变体，再打开这个链接。": "）。沒有改動任何內容：請先選好相同的變體，再開啟這個連結。",
    "这位玩家用手机相机扫描此二维码，打开这张表并只填自己的一列。": "這位玩家用手機相機掃描此QR碼，開啟這張表並只填自己的一列。",
    "这个链接已损坏（可能被截断或改动），无法读取。请让对方重新显示二维码或重新发送链接。": "這個連結已損壞（可能被截斷或改動），無法讀取。請讓對方重新顯示QR碼或重新發送連結。",
    "用主持人手机的相机扫描，把这一列交给它的计分表（数据只在链接的 # 之后，不会发送到服务器）。": "用主持人手機的相機掃描，把這一列交給它的計分表（資料只在連結的 # 之後，不會發送到伺服器）。",
    "用另一部手机的相机扫描：打开本站的这张计分表，只填这一列（数据只在链接的 # 之后，不会发送到服务器）。": "用另一部手機的相機掃描：開啟本站的這張計分表，只填這一列（資料只在連結的 # 之後，不會發送到伺服器）。",
    "分开保存。若你的表格在主屏幕的本站里，请复制下面的链接，打开主屏幕上的本站，粘贴到“或粘贴收到的一列的链接”。": "分開儲存。若你的表格在主螢幕的本站裡，請複製下面的連結，開啟主螢幕上的本站，貼上到“或貼上收到的一列的連結”。",
    "每位玩家用手机相机扫描自己座位的二维码（那部手机打开过本站一次即可，不需要网络），填好自己的一列，再把手机上出现的二维码给你，用这部手机的相机扫描。也可以照常在这里填写全部。": "每位玩家用手機相機掃描自己座位的QR碼（那部手機開啟過本站一次即可，不需要網路），填好自己的一列，再把手機上出現的QR碼給你，用這部手機的相機掃描。也可以照常在這裡填寫全部。",
}


@pytest.mark.parametrize("fix", zh_script.CORRECTIONS, ids=lambda fix: fix.phrase)
def test_each_reviewed_correction_of_opencc_holds(fix: zh_script.Correction) -> None:
    source = zh_script.other(fix.target)
    assert zh_script._converter(fix.target).convert(fix.phrase) == fix.opencc  # OpenCC still needs it
    assert zh_script.convert(f"甲{fix.phrase}乙", source, fix.target).endswith(f"{fix.right}乙")
    assert len(fix.right) == len(fix.phrase) and fix.why  # a search hit's place is the same in both scripts
    used = [p for p in Path("content").glob("*/zh.md") if fix.phrase in p.read_text(encoding="utf-8")]
    assert used, f"{fix.phrase} is in no source text: drop the entry"


@pytest.mark.parametrize(
    ("page_file", "right", "wrong"),
    [
        ("rules/burgundy-cards/index.html", "並疊在最上面", "併疊"),  # a correction, applied after OpenCC
        ("rules/burgundy-cards/index.html", "計分項目", "計分專案"),  # a source's wording stays the source's
        ("rules/palais-royal/index.html", "這些格裡的", "這些格里的"),
        ("play/index.html", "螢幕常亮", "屏幕常亮"),  # the interface speaks Taiwan's words
        ("play/index.html", "Enter鍵橫向移動", "回車鍵"),
        ("play/index.html", "搜尋規則", "搜索規則"),
        ("search/index.html", "搜尋需要 JavaScript", "搜索需要 JavaScript"),
        ("index.html", "顯示設定", "顯示設置"),
    ],
)
def test_traditional_pages_keep_source_wording_and_use_taiwan_words_for_the_interface(
    built_site: Path, page_file: str, right: str, wrong: str
) -> None:
    html = (built_site / page_file).read_text(encoding="utf-8")
    if not page_file.startswith(
        "rules/"
    ):  # interface words read the same in both scripts: look at the Traditional only
        html = " ".join(re.findall(r'lang="zh-Hant">([^<]*)<', html) + re.findall(r'data-zh-hant="([^"]*)"', html))
    assert right in html and wrong not in html


def test_the_run_time_table_says_qr_code_as_taiwan_does(built_site: Path) -> None:
    conversion = json.loads((built_site / "static" / "zh-script.json").read_text(encoding="utf-8"))["zh-Hant"]
    written = " ".join(conversion.values())
    assert "QR碼" in written and "二維碼" not in written


def test_table_replaces_the_longest_key_first() -> None:
    conversion = zh_script.Conversion()
    conversion.add("发", "發")
    conversion.add("头发", "頭髮")
    assert conversion.apply("头发会发光") == "頭髮会發光"


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

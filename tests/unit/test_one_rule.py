"""The command line and the page read a file, a flag and a link by one rule (issue 30, points 12 and 13)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.__main__ import main
from scoring.api import history_add, history_import, share_link, share_view
from scoring.history import FORMAT, VERSION
from tests.unit.test_history import ANN_BO, SAVED

ROOT = Path(__file__).resolve().parents[2]
EMPTY_HISTORY = json.dumps({"format": FORMAT, "version": VERSION, "records": []}).encode()
MERGING = json.dumps({"format": FORMAT, "version": VERSION, "names": {"ann": "Mallory"}, "records": []}).encode()
FILES = {
    # what the file holds: (read by both?, the message when refused)
    "empty": (b"", "the file is empty"),
    "spaces only": (b" \n", "the file is empty"),
    "not UTF-8": (EMPTY_HISTORY.replace(b"[]", b'[], "x": "\xff"'), "is not UTF-8 text"),
    "UTF-16": (EMPTY_HISTORY.decode().encode("utf-16"), "not UTF-8 text"),
    "with a byte-order mark": (b"\xef\xbb\xbf" + EMPTY_HISTORY, None),
    "plain": (EMPTY_HISTORY, None),
}


@pytest.mark.parametrize(("content", "message"), FILES.values(), ids=FILES.keys())
def test_a_file_is_read_by_one_rule_on_the_command_line_and_in_the_page(
    content: bytes, message: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "history.json"
    file.write_bytes(content)
    code = main(["history", str(file)])
    err = capsys.readouterr().err
    page = history_import("", content)  # the page sends the file's bytes
    if message is None:
        assert code == 0 and err == "" and page["ok"] and page["added"] == 0
    else:
        assert code == 2 and err == f"error: file: {page['problems'][0]['en']}\n"
        assert not page["ok"] and message in page["problems"][0]["en"] and page["problems"][0]["zh"]


def test_a_text_the_page_decoded_is_read_without_its_mark() -> None:
    assert history_import("", "\ufeff" + EMPTY_HISTORY.decode())["ok"]


@pytest.mark.parametrize("flag", [["--game", "bruges"], ["--player", "Ann"], ["--since", "2026-01-01"], ["--json"]])
def test_a_statistics_flag_without_stats_is_an_error(
    flag: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "history.json"
    file.write_bytes(EMPTY_HISTORY)
    with pytest.raises(SystemExit) as stopped:
        main(["history", str(file), *flag])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == f"error: {flag[0]} applies only with --stats\n"
    assert main(["history", str(file), "--stats", *flag]) == 0


def test_a_scoring_variant_is_no_setup_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["setup", "bruges", "--players", "3", "--option", "guilders_tiebreak"]) == 2
    assert "'guilders_tiebreak' is a scoring variant of bruges" in capsys.readouterr().err
    assert main(["setup", "bruges", "--players", "3", "--option", "pets"]) == 0


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    """`… | head`: the Python docs' way, no "[Errno 32] Broken pipe" and no exit status 2."""
    child = subprocess.Popen(
        [sys.executable, "-m", "scoring", "setup", "bruges", "--players", "4", "--json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    child.stdout.close()  # before it writes: every write fails
    assert child.wait(timeout=60) == 1
    assert child.stderr.read() == b""


def share_payload() -> str:
    """A valid link's payload."""
    return share_link("https://x.test/play/", "burgundy-cards", ANN_BO, SAVED, qr=False)["link"].split("#", 1)[1]


@pytest.mark.parametrize("appended", ["A", "AA", "AAA", "AAAA", "xyz", "==", "=", ".", " ", "%20", ")"])
def test_a_link_with_characters_appended_is_damaged(appended: str) -> None:
    assert share_view(share_payload())["ok"]
    answer = share_view(share_payload() + appended)
    assert not answer["ok"] and "damaged" in answer["problems"][0]["en"]


def test_an_import_says_which_names_now_count_as_someone_else(tmp_path: Path, capsys) -> None:
    stored = history_add("", "burgundy-cards", ANN_BO, SAVED)["stored"]
    answer = history_import(stored, MERGING)
    assert answer["ok"] and answer["added"] == 0
    assert answer["renamed"] == [{"name": "ann", "as": "Mallory"}]
    assert history_import(answer["stored"], MERGING)["renamed"] == []  # nothing new the second time
    kept = history_import(answer["stored"], MERGING.replace(b"Mallory", b"Eve"))  # the names kept here win
    assert kept["renamed"] == [] and kept["names"] == {"ann": "Mallory"}
    file = tmp_path / "history.json"
    file.write_bytes(MERGING)
    assert main(["history", str(file)]) == 0
    assert capsys.readouterr().err == "note: names: “ann” counts as “Mallory” (merged in the file)\n"


def test_chains_across_the_kept_and_the_imported_names_are_followed() -> None:
    stored = history_add("", "burgundy-cards", ANN_BO, SAVED)["stored"]
    first = history_import(stored, MERGING)["stored"]
    onward = MERGING.replace(b'"ann": "Mallory"', b'"mallory": "Mal"')
    answer = history_import(first, onward)
    assert answer["names"] == {"ann": "Mal", "mallory": "Mal"}
    assert answer["renamed"] == [{"name": "ann", "as": "Mal"}, {"name": "mallory", "as": "Mal"}]

"""The command line's standard streams (issue 40 point 9): closed standard input or output, a terminal that cannot show
a character, endless input and Ctrl-C each end with one line and an exit status, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import scoring.__main__ as cli
from tests.unit.test_history_corrections import file_of

ROOT = Path(__file__).resolve().parents[2]
EMPTY = file_of()


def scoring(
    *argv: str, closed: int | None = None, env: dict[str, str] | None = None, given: bytes = b""
) -> tuple[int, str, str]:
    """Run `python -m scoring` with this input, one standard stream closed if asked; exit status, output, errors."""
    done = subprocess.run(
        [sys.executable, "-m", "scoring", *argv],
        cwd=ROOT,
        input=None if closed == 0 else given,
        capture_output=closed is None,
        stdout=subprocess.DEVNULL if closed == 1 else None if closed is None else subprocess.PIPE,
        stderr=None if closed is None else subprocess.PIPE,
        preexec_fn=(lambda: os.close(closed)) if closed is not None else None,
        env={**os.environ, **(env or {})},
        timeout=60,
    )
    return done.returncode, (done.stdout or b"").decode(errors="replace"), (done.stderr or b"").decode(errors="replace")


@pytest.mark.parametrize(
    ("argv", "closed", "said"),
    [
        (("score", "bruges", "-"), 0, "error: standard input is closed"),
        (("setup", "bruges", "--players", "2"), 1, "error: standard output is closed"),
        (("history", "FILE", "--csv"), 1, "error: standard output is closed"),
    ],
)
def test_a_closed_stream_is_one_line_and_exit_2(argv: tuple[str, ...], closed: int, said: str, tmp_path: Path) -> None:
    file = tmp_path / "history.json"
    file.write_text(EMPTY, encoding="utf-8")
    code, _, err = scoring(*(str(file) if a == "FILE" else a for a in argv), closed=closed)
    assert (code, err.count("\n"), "Traceback" in err) == (2, 1, False), err
    assert err.startswith(said), err


def test_a_terminal_that_cannot_show_chinese_gets_escapes_not_an_error() -> None:
    code, out, err = scoring("setup", "bruges", "--players", "2", env={"PYTHONIOENCODING": "cp1252"})
    assert (code, err) == (0, ""), err
    assert "\\u" in out and "Set the remaining workers" in out


def test_endless_input_is_refused_at_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = scoring("score", "bruges", "-", given=b" " * (cli.MAX_INPUT_BYTES + 1))
    assert (code, err.count("\n")) == (2, 1) and "larger than 40 MB" in err, err


def test_ctrl_c_ends_with_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted() -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "main", interrupted)
    assert cli.run() == 130
    assert capsys.readouterr().err == "interrupted\n"

"""Command line: `python -m scoring setup GAME --players N [--json]`, `python -m scoring score GAME SHEET`,
`python -m scoring history FILE [--csv | --stats [--json]]` (a history exported from the site)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import NoReturn

from . import GAMES, get_game
from .api import score_json, setup_json
from .core import SheetError, Text
from .extras import duration_text
from .history import MAX_FILE_CHARS, History, read_file, to_csv
from .nesting import read_json
from .players import renamed
from .stats import parse_filters, statistics


class _Parser(argparse.ArgumentParser):
    """Arguments as the rest of the command line reports bad input: one line naming what was wrong, exit 2."""

    def error(self, message: str) -> NoReturn:
        """Print `error: <what>` (no usage block) and exit 2."""
        self.exit(2, f"error: {message}\n")


def _player_count(text: str) -> int:
    """--players as a whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"“{text[:12]}” is not a whole number") from None


def _parser() -> _Parser:
    """The command line's three commands and their arguments."""
    parser = _Parser(prog="python -m scoring", description="Board-game setup and scoring.")
    commands = parser.add_subparsers(dest="command", required=True)
    setup = commands.add_parser("setup", help="print the setup checklist")
    setup.add_argument("game", help=", ".join(GAMES))
    setup.add_argument("--players", type=_player_count, required=True)
    setup.add_argument("--option", action="append", default=[], help="a variant to switch on (repeatable)")
    setup.add_argument("--json", action="store_true", help="print JSON")
    setup.add_argument("--lang", choices=("zh", "en", "both"), default="both")
    score = commands.add_parser("score", help="score a sheet given as JSON")
    score.add_argument("game", help=", ".join(GAMES))
    score.add_argument("sheet", help="a JSON file, or - for standard input")
    history = commands.add_parser("history", help="check and list a history file exported from the site")
    history.add_argument("file", help="the exported JSON file, or - for standard input")
    history.add_argument("--csv", action="store_true", help="print it as CSV")
    history.add_argument("--stats", action="store_true", help="print its statistics (re-scored with today's rules)")
    history.add_argument("--json", action="store_true", help="with --stats: print them as JSON")
    for name, what in (
        ("game", "one game's records"),
        ("player", "one player's games"),
        ("since", "from this day"),
        ("until", "to this day"),
    ):
        history.add_argument(
            f"--{name}", help=f"with --stats: {what}" + (" (YYYY-MM-DD)" if name in ("since", "until") else "")
        )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; 0 on success, 2 on bad input with a one-line message."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "history" and not args.stats:
        given = [f"--{k}" for k in ("game", "player", "since", "until") if getattr(args, k) is not None]
        if given or args.json:
            parser.error(f"{', '.join(given + ['--json'] * args.json)} applies only with --stats")
    command = {"setup": _setup, "score": _score, "history": _history_command}[args.command]
    try:
        return command(args)
    except SheetError as error:
        print(f"error: {error.path}: {error.message.en}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise  # the reader went away (`| head`): run() ends quietly
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _setup(args: argparse.Namespace) -> int:
    """Print a game's setup checklist for the player count and options, as text in the languages asked or as JSON."""
    game = get_game(args.game)
    for key in args.option:
        option = next((o for o in game.options if o.key == key), None)
        if option is None:
            raise ValueError(f"unknown option {key!r} for {game.id}")
        if not option.setup:
            raise ValueError(
                f"{key!r} is a scoring variant of {game.id} ({option.label.en}): it changes nothing in the setup; give "
                "it in the sheet's options to score with it"
            )
    data = setup_json(args.game, args.players, {k: True for k in args.option})
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    for number, step in enumerate(data["steps"], 1):
        for lang in ("zh", "en") if args.lang == "both" else (args.lang,):
            print(f"{number:2}. {step[lang]}")
            if step["note"]:
                print(f"    ({step['note'][lang]})")
    return 0


def _score(args: argparse.Namespace) -> int:
    """Print the result of a sheet (a JSON file or standard input) as JSON."""
    get_game(args.game)
    sheet = read_json(_text(_read(args.sheet), "sheet"), "sheet")
    print(json.dumps(score_json(args.game, sheet), ensure_ascii=False, indent=2))
    return 0


def _history_command(args: argparse.Namespace) -> int:
    """List a history file's games, print them as CSV, or print their statistics."""
    text = _read(args.file)
    if args.stats:
        filters = {k: getattr(args, k) for k in ("game", "player", "since", "until")}
        return _stats(text, filters, args.json)
    return _history(text, args.csv)


def _checked_history(content: bytes) -> History | None:
    """A history file read by the page's rule (history.read_file) and checked, its problems and the names it counts as
    another on standard error; None when it cannot be used."""
    history = read_file(content)
    for problem in history.problems:
        print(f"{'error' if history.error else 'warning'}: {problem.path}: {problem.message.en}", file=sys.stderr)
    if history.error:
        return None
    for entry in renamed({}, history.names):
        print(f"note: names: “{entry['name']}” counts as “{entry['as']}” (merged in the file)", file=sys.stderr)
    return history


def _history(text: bytes, as_csv: bool) -> int:
    """List (or print as CSV) a history file's games; its problems on standard error."""
    history = _checked_history(text)
    if history is None:
        return 2
    if as_csv:
        sys.stdout.write(to_csv(history.records).removeprefix("\ufeff"))
        return 0
    for record in history.records:
        places = ", ".join(f"{p['name']} {'–' if p['total'] is None else p['total']}" for p in record["players"])
        why = record["players"][0]["decided_by"]["en"]
        took = f" Took {duration_text(record['duration']).en}." if "duration" in record else ""
        print(
            f"{record['saved']}  {record['game_name']['en']}: {', '.join(record['winners'])} won. {why} ({places}){took}"
        )
        if "note" in record:
            print("    Note: " + record["note"].replace("\n", "\n          "))
    return 0


def _stats(text: bytes, raw_filters: dict[str, str | None], as_json: bool) -> int:
    """Print a history file's statistics, as JSON or as lines of text."""
    history = _checked_history(text)
    if history is None:
        return 2
    figures = statistics(history.records, history.names, parse_filters(raw_filters))
    if as_json:
        print(json.dumps(figures, ensure_ascii=False, indent=1))
        return 0
    blocks = [("All games", figures["overall"]), *((g["game_name"]["en"], g) for g in figures["games"])]
    for title, block in blocks:
        margin = "–" if block["margin"] is None else block["margin"]
        print(
            f"{title}: {block['games']} games; average margin of victory {margin}; shared first {block['shared_first']}; "
            f"first place decided by a tie-breaker {block['tie_breaks']}"
            + "".join(f" ({t['en']}: {t['count']})" for t in block.get("tie_breakers", []))
            + _took(block.get("duration"))
        )
        for p in block["players"]:
            average = "–" if p["average"] is None else p["average"]
            print(
                f"  {p['name']}: {p['wins']} wins ({p['shared_wins']} shared) in {p['played']} games, "
                f"{p['win_rate']:.0%}; average {average}, best {p['best']}, worst {p['worst']}"
            )
    for note in figures["notes"]:
        print(note["en"])
    return 0


def _took(figures: dict | None) -> str:
    """A game's durations in the statistics' text: the average and the longest of the games timed."""
    if not figures or not figures["timed"]:
        return ""
    return (
        f"; {figures['timed']} timed: average {figures['average_text']['en']}, longest {figures['longest_text']['en']}"
    )


MAX_INPUT_BYTES = 4 * MAX_FILE_CHARS
"""The most a history file or a sheet may take (ten million characters of four UTF-8 bytes each): endless input (a
device, a pipe that never ends) is refused at this size instead of read until memory runs out."""


def _read(path: str) -> bytes:
    """A file's bytes, or standard input's for -; ValueError (one line) for closed or endless input."""
    if path == "-":
        if sys.stdin is None:
            raise ValueError("standard input is closed: give a file, or send the JSON to standard input")
        content = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    else:
        with open(path, "rb") as handle:
            content = handle.read(MAX_INPUT_BYTES + 1)
    if len(content) > MAX_INPUT_BYTES:
        raise ValueError(f"the input is larger than {MAX_INPUT_BYTES // 1_000_000} MB: not a sheet or a history")
    return content


def _text(content: bytes, what: str) -> str:
    """A sheet file's text: UTF-8, a byte-order mark allowed (as a history file, history.read_file)."""
    try:
        return content.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise SheetError(what, Text("不是 UTF-8 文本。", "not UTF-8 text.")) from None


def run() -> int:
    """main() for a process, with one line and an exit status whatever its streams do: output into a pipe closed early
    (`| head`) ends quietly, as the Python docs advise (the signal module's "Note on SIGPIPE"); closed standard output
    is said on standard error (exit 2); a terminal that cannot show a character (PYTHONIOENCODING=cp1252) gets its
    escape instead; Ctrl-C ends with "interrupted" (exit 130)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    if sys.stdout is None:
        if sys.stderr is not None:
            print("error: standard output is closed: nothing could be printed", file=sys.stderr)
        return 2
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error when Python flushes at exit
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(run())

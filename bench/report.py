"""The benchmark's report: each figure's target, the rows of the table from a run's raw figures (medians), and the
Markdown table that `make bench` prints and `bench/run.py --table FILE` prints from a recorded run."""

from __future__ import annotations

from collections.abc import Callable

from bench import network, phone_cpu
from bench.harness import median

KB = 1000

# Target per figure: (comparison, limit). Figures without a target are reported only.
TARGETS: dict[str, tuple[str, float]] = {
    "build_s": ("<=", 3.0),
    "rules_bytes": ("<=", 60 * KB),
    "rules_fcp_ms": ("<=", 150),
    "rules_python_requests": ("<=", 0),
    "first_keystroke_ms": ("<=", 300),
    "totals_live_over_floor": ("<=", 1.10),
    "switch_ms": ("<=", 100),
    "python_starts_on_switch": ("<=", 0),
    "recompute_ms": ("<=", 16),
    "wire_rules_first_visit": ("<=", 1500 * KB),
    "wire_update": ("<=", 100 * KB),
    "lighthouse_score": (">=", 0.95),
    "lighthouse_tbt_ms": ("<=", 200),
    "network_over_floor": ("<=", 0.6),
    "network_bytes": ("<=", 4_000_000),
    "phone_field_ms": ("<=", 1200),
    "phone_keystroke_ms": ("<=", 100),
    "phone_task_after_ms": ("<=", 50),
}


def summarize(raw: dict) -> list[dict[str, object]]:
    """Rows of the table: figure, median, target, whether it is met."""
    rows: list[dict[str, object]] = []

    def row(label: str, key: str, value: float, unit: str, target: str | None = None) -> None:
        rule = TARGETS.get(target or key)
        met = None
        if rule is not None:
            met = value <= rule[1] if rule[0] == "<=" else value >= rule[1]
        rows.append({"figure": label, "key": key, "value": value, "unit": unit, "target": rule, "met": met})

    row("build of the whole site", "build_s", median(raw["build_s"]), "s")
    wire_rows(raw.get("wire", []), row)
    if "play" not in raw:
        return rows
    for game, visits in raw["rules"].items():
        rules_rows(game, visits, raw.get("rules_started_browser", {}), row)
    for visit in ("cold", "warm"):
        play_rows(visit, raw["play"][visit], raw["floor"][visit], row)
    for engine, figures in raw.get("engines", {}).items():
        for visit in ("cold", "warm"):
            row(
                f"play/ calculator answers (calculator.js's mark), {visit}, {engine} {figures.get('version', '')}".rstrip(),
                f"engines.{engine}.{visit}_ms",
                median(figures[visit]),
                "ms",
            )
    warm_rows(raw["play"]["warm"], row)
    precache = [p["precache"] for p in raw["play"]["cold"]]
    row("service worker precache", "precache_bytes", median([p["bytes"] for p in precache]), "B")
    phone_rows(raw.get("phone_cpu", {}), row)
    network_rows(raw.get("network", {}), row)
    lighthouse_rows(raw.get("lighthouse", {}), row)
    return rows


def wire_rows(wire: list[dict[str, int]], row: Callable[..., None]) -> None:
    """Bytes over the wire (nginx): a rules page's first visit, making the calculator offline, an update."""
    for key, label, target in (
        (
            "rules_first_visit",
            "bytes over the wire: rules page, first visit, 40 s (fresh profile)",
            "wire_rules_first_visit",
        ),
        ("calculator_offline", "bytes over the wire: making the calculator offline", None),
        ("update", "bytes over the wire: update after a one-page change (returning visitor)", "wire_update"),
    ):
        if wire:
            row(label, f"wire.{key}", median([w[key] for w in wire]), "B", target)


def rules_rows(
    game: str, visits: list[dict], started_browser: dict[str, list[float]], row: Callable[..., None]
) -> None:
    """A rules page: bytes transferred and uncompressed, first contentful paint (also in a browser just started), and
    requests for Python."""
    row(
        f"rules/{game}/: bytes transferred",
        f"rules.{game}.bytes",
        median([v["bytes"] for v in visits]),
        "B",
        "rules_bytes",
    )
    row(
        f"rules/{game}/: the same, uncompressed",
        f"rules.{game}.decoded_bytes",
        median([v.get("decoded_bytes", 0) for v in visits]),
        "B",
    )
    row(
        f"rules/{game}/: first contentful paint",
        f"rules.{game}.fcp_ms",
        median([v["fcp_ms"] for v in visits]),
        "ms",
        "rules_fcp_ms",
    )
    if game in started_browser:
        row(
            f"rules/{game}/: the same, browser just started",
            f"rules.{game}.fcp_started_browser_ms",
            median(started_browser[game]),
            "ms",
        )
    python = max(len(v["python"]) for v in visits)
    row(f"rules/{game}/: Python runtime requests", f"rules.{game}.python", python, "", "rules_python_requests")


def play_rows(visit: str, plays: list[dict], floors: list[float], row: Callable[..., None]) -> None:
    """play/, cold or warm: first field, first keystroke, totals live, and the floor's time in the same run."""
    if all("field_ready_ms" in p for p in plays):
        ready = median([p["field_ready_ms"] for p in plays])
        row(f"play/ first field visible and enabled, {visit}", f"play.{visit}.field_ready_ms", ready, "ms")
    row(
        f"play/ first keystroke accepted, {visit}",
        f"play.{visit}.first_keystroke_ms",
        median([p["first_keystroke_ms"] for p in plays]),
        "ms",
        "first_keystroke_ms",
    )
    live = median([p["totals_live_ms"] for p in plays])
    floor = median(floors)
    row(f"play/ totals live, {visit}", f"play.{visit}.totals_live_ms", live, "ms")
    row(f"floor (stock PyScript + Pyodide, one line), {visit}", f"floor.{visit}.ready_ms", floor, "ms")
    row(f"play/ totals live ÷ floor, {visit}", f"ratio.{visit}", round(live / floor, 3), "×", "totals_live_over_floor")


def warm_rows(warm: list[dict], row: Callable[..., None]) -> None:
    """What the warm visits measured after the first total: switching views, Python starts meanwhile, recomputing."""
    row(
        "switch setup → score sheet",
        "switch.tool_ms",
        median([ms for p in warm for ms in p["switch_tool_ms"]]),
        "ms",
        "switch_ms",
    )
    row(
        "switch one game's score sheet → another's",
        "switch.game_ms",
        median([ms for p in warm for ms in p["switch_game_ms"]]),
        "ms",
        "switch_ms",
    )
    row(
        "Python starts while switching",
        "switch.python_starts",
        max(p["python_starts_on_switch"] for p in warm),
        "",
        "python_starts_on_switch",
    )
    row("recompute after one edit", "recompute_ms", median([ms for p in warm for ms in p["recompute_ms"]]), "ms")


def lighthouse_rows(lighthouse: dict[str, list[dict]], row: Callable[..., None]) -> None:
    """Per page: Lighthouse's performance score and Total Blocking Time."""
    for page, runs in lighthouse.items():
        row(
            f"Lighthouse {page}: performance score",
            f"lighthouse.{page}.score",
            median([r["score"] for r in runs]),
            "",
            "lighthouse_score",
        )
        row(
            f"Lighthouse {page}: Total Blocking Time",
            f"lighthouse.{page}.tbt_ms",
            median([r["tbt_ms"] for r in runs]),
            "ms",
            "lighthouse_tbt_ms",
        )


def phone_rows(raw: dict[str, list], row: Callable[..., None]) -> None:
    """play/ with the processor slowed 4× (bench/phone_cpu.py), first and warm visit."""
    for visit, runs in raw.items():
        figures = phone_cpu.summary(runs)
        key, name = f"phone_cpu.{visit}", f"play/ on a phone's processor (CPU 4×), {visit}"
        row(f"{name}: first field takes input", f"{key}.field_ms", figures["field_ready_ms"], "ms", "phone_field_ms")
        row(f"{name}: longest task before it", f"{key}.task_before_ms", figures["longest_task_before_ms"], "ms")
        row(
            f"{name}: longest task after it, until the first total",
            f"{key}.task_after_ms",
            figures["longest_task_after_ms"],
            "ms",
            "phone_task_after_ms",
        )
        row(
            f"{name}: slowest keystroke while Python starts",
            f"{key}.keystroke_ms",
            figures["keystroke_max_ms"],
            "ms",
            "phone_keystroke_ms",
        )


def network_rows(raw: dict[str, list], row: Callable[..., None]) -> None:
    """Per phone link: play/'s first total cold and warm, the floor's, their ratios, the bytes moved before each."""
    for link, runs in raw.items():
        figures = network.summary(runs)
        key = f"network.{link.split(',')[0].replace(' ', '')}"
        for visit in ("cold", "warm"):
            if f"play_{visit}.first_total_ms" not in figures:
                continue
            ratio = figures["cold_over_floor" if visit == "cold" else "warm_over_floor_cold"]
            row(
                f"{link}: play/ first total, {visit}",
                f"{key}.{visit}_ms",
                figures[f"play_{visit}.first_total_ms"],
                "ms",
            )
            row(f"{link}: play/ {visit} ÷ floor cold", f"{key}.{visit}_ratio", ratio, "×", "network_over_floor")
            row(
                f"{link}: bytes before the first total, {visit}",
                f"{key}.{visit}_bytes",
                figures[f"play_{visit}.bytes"],
                "B",
                "network_bytes",
            )
        row(
            f"{link}: floor (stock PyScript + Pyodide, one line), cold",
            f"{key}.floor_ms",
            figures["floor_cold.first_total_ms"],
            "ms",
        )
        row(f"{link}: floor's bytes before its answer", f"{key}.floor_bytes", figures["floor_cold.bytes"], "B")


def shown(value: float, unit: str) -> str:
    """A value for the table."""
    if unit == "B":
        return f"{value / KB:,.1f} KB" if value < 1_000_000 else f"{value / 1_000_000:,.2f} MB"
    if unit == "ms":
        return f"{value:,.0f} ms" if value >= 10 else f"{value:.1f} ms"
    if unit == "s":
        return f"{value:.2f} s"
    if unit == "×":
        return f"{value:.2f}×"
    return f"{value:g}"


def markdown(report: dict) -> str:
    """The results as a Markdown table, with what produced them."""
    meta = report["meta"]
    lines = [
        f"Medians of {meta['runs']} runs, {meta['date']}, commit {meta['commit']}, Chromium {meta['chromium']}, "
        f"{meta['cores']} cores, load average {meta['load_before']} before and {meta['load_after']} after "
        f"(`{meta['command']}`).",
        "",
        "| figure | median | target | met |",
        "|---|---|---|---|",
    ]
    for row in report["rows"]:
        target = row["target"]
        goal = "" if target is None else f"{'≤' if target[0] == '<=' else '≥'} {shown(target[1], row['unit'])}"
        met = {True: "yes", False: "**no**", None: ""}[row["met"]]
        lines.append(f"| {row['figure']} | {shown(row['value'], row['unit'])} | {goal} | {met} |")
    return "\n".join(lines)

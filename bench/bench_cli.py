"""The command line beside plain scripts printing the same output.

    .venv/bin/python bench/bench_cli.py [--db bench/.data/large.db] [--runs 21] [--json OUT]
        [--against DIR]     # also time the ckpt_tui package in DIR (A/B, e.g. `git archive main app`)

Each ``ckpt-tui`` command runs as a fresh process, interleaved run by run
with its baseline in ``bench/cli_baselines/`` (a ``python`` script: plain
``sqlite3``, the same rows, ckpt-tui's table); ``--help`` runs beside
``python -c pass``. The figures are medians of wall time (and of the child's
CPU time, steadier on a busy machine). Modules load from cached bytecode,
as an installed ckpt-tui's do (the cache is kept in ``bench/.data/pycache``). The store is ``bench/generate.py``'s
(it says which sessions are the big project and the 5,000-snapshot one);
nothing is written to it. Before timing, each list baseline's output is
checked to be ckpt-tui's, byte for byte (``show`` and ``diff`` baselines
print the same fields; the diff's layout differs: difflib, not ckpt-tui's
list diff). With ``--against DIR`` (a directory holding a ``ckpt_tui``
package), that copy runs in the same rounds, its output checked to be this
one's, and the table shows both beside the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASELINES = HERE / "cli_baselines"
TARGET = 3.0


def _cases(db: Path, meta: dict) -> list[tuple[str, list[str], list[str], bool]]:
    """(label, ckpt-tui arguments, baseline arguments, outputs must match)."""
    big, long = meta["big_project"], meta["long_session"]
    names = _snapshot_names(db, long)
    newer, older = names[0], names[1]
    base = [str(db)]
    return [
        ("--help", ["--help"], ["-c", "pass"], False),
        ("__complete sessions", ["__complete", "sessions"], ["-c", "pass"], False),
        ("list projects", ["list", "projects"], ["list_projects.py", *base], True),
        (
            "list sessions --project BIG",
            ["list", "sessions", "--project", big],
            ["list_sessions.py", *base, big],
            True,
        ),
        ("list sessions", ["list", "sessions"], ["list_sessions.py", *base], True),
        (
            "list snapshots LONG",
            ["list", "snapshots", long],
            ["list_snapshots.py", *base, long],
            True,
        ),
        ("show LONG", ["show", long], ["show.py", *base, long], True),
        (
            "show LONG --snapshot S",
            ["show", long, "--snapshot", older],
            ["show.py", *base, long, older],
            True,
        ),
        (
            "diff LONG A B",
            ["diff", long, older, newer],
            ["diff.py", *base, long, older, newer],
            False,
        ),
    ]


def _snapshot_names(db: Path, session: str) -> list[str]:
    import sqlite3

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT name FROM snapshots WHERE session_id = ? ORDER BY captured_at DESC LIMIT 2",
            (session,),
        ).fetchall()
    finally:
        conn.close()
    return [r[0] for r in rows]


def _argv(python: str, db: Path, ckpt: list[str] | None, baseline: list[str] | None) -> list[str]:
    if ckpt is not None and ckpt[0] == "__complete":  # as the shell asks (the --db after)
        return [python, "-m", "ckpt_tui", *ckpt, "--db", str(db)]
    if ckpt is not None:
        return [python, "-m", "ckpt_tui", *(["--db", str(db)] if ckpt != ["--help"] else []), *ckpt]
    assert baseline is not None
    if baseline[0] == "-c":
        return [python, *baseline]
    return [python, str(BASELINES / baseline[0]), *baseline[1:]]


def _timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall ms, child CPU ms) of one run, its output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{argv} exited {proc.returncode}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def _output(argv: list[str], env: dict[str, str]) -> bytes:
    return subprocess.run(argv, capture_output=True, env=env, check=True).stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=str(HERE / ".data" / "large.db"))
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--json", metavar="OUT")
    parser.add_argument("--only", help="time only the rows whose label holds this")
    parser.add_argument("--against", type=Path, metavar="DIR", help="also time ckpt_tui from DIR")
    args = parser.parse_args()
    db = Path(args.db)
    meta = json.loads(db.with_name(db.name + ".json").read_text(encoding="utf-8"))
    python = sys.executable
    env = {**os.environ, "CKPT_TUI_CONFIG": str(HERE / ".data" / "cli-config")}
    env.pop("CKPT_TUI_LOG", None)
    # As installed: modules load from cached bytecode (pip compiles it), not
    # from source on every run; the cache goes under bench/.data, not the tree.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(HERE / ".data" / "pycache")
    # the other copy: its package first on the path, bytecode cached apart
    other = None
    if args.against:
        other = {**env, "PYTHONPATH": str(args.against)}
        other["PYTHONPYCACHEPREFIX"] = env["PYTHONPYCACHEPREFIX"] + "-against"
    cases = [c for c in _cases(db, meta) if not args.only or args.only in c[0]]
    for label, ckpt, baseline, must_match in cases:  # also writes the bytecode cache
        mine = _output(_argv(python, db, ckpt, None), env)
        if other is not None and _output(_argv(python, db, ckpt, None), other) != mine:
            raise SystemExit(f"{label}: {args.against} prints something else")
        if must_match:
            theirs = _output(_argv(python, db, None, baseline), env)
            if mine != theirs:
                raise SystemExit(f"{label}: the baseline prints something else")
    sides = ["ckpt", "base"] + (["against"] if other is not None else [])
    samples: dict[str, dict[str, list[tuple[float, float]]]] = {
        c[0]: {side: [] for side in sides} for c in cases
    }
    for run in range(args.runs):
        for label, ckpt, baseline, _ in cases:
            runs = [
                ("ckpt", _argv(python, db, ckpt, None), env),
                ("base", _argv(python, db, None, baseline), env),
            ]
            if other is not None:
                runs.append(("against", _argv(python, db, ckpt, None), other))
            for side, argv, side_env in runs[run % len(runs) :] + runs[: run % len(runs)]:
                samples[label][side].append(_timed(argv, side_env))
    results = []
    against = " | against ms | against ratio" if other is not None else ""
    print(f"| command | ckpt-tui ms | baseline ms | ratio | CPU ratio{against} | target |")
    print("|---|---|---|---|---|" + ("---|---|" if other is not None else "") + "---|")
    for label, _, baseline, _ in cases:
        medians = {
            side: (
                statistics.median(w for w, _ in samples[label][side]),
                statistics.median(c for _, c in samples[label][side]),
            )
            for side in sides
        }
        wall, cpu = medians["ckpt"][0], medians["ckpt"][1]
        base_wall, base_cpu = medians["base"]
        ratio, cpu_ratio = wall / base_wall, cpu / base_cpu
        base_name = "python -c pass" if baseline[0] == "-c" else baseline[0]
        more = ""
        if other is not None:
            more = f" | {medians['against'][0]:.0f} | {medians['against'][0] / base_wall:.2f}×"
        print(
            f"| `{label}` | {wall:.0f} | {base_wall:.0f} ({base_name}) | {ratio:.2f}× "
            f"| {cpu_ratio:.2f}×{more} | ≤ {TARGET:.0f}× |"
        )
        result = {
            "command": label,
            "ckpt_ms": wall,
            "baseline_ms": base_wall,
            "ratio": ratio,
            "ckpt_cpu_ms": cpu,
            "baseline_cpu_ms": base_cpu,
            "cpu_ratio": cpu_ratio,
            "baseline": base_name,
            "runs": args.runs,
        }
        if other is not None:
            result["against_ms"], result["against_cpu_ms"] = medians["against"]
        results.append(result)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

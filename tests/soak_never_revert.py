"""Soak: ckpt-tui never reverts what the plugin saved (not collected by pytest).

    .venv/bin/python -m tests.soak_never_revert --minutes 4

Half the time three ckpt-tui processes (two as the app writes, planned then
applied; one as the command line, planned under the lock) restore, copy,
undo and redo the session a plugin-like writer saves every 20 ms (pruning
to 50, as the plugin does), all sharing one undo journal. The other half a
command-line process doing the same is SIGKILLed at random points, again
and again, and after each kill the journal must still speak for the
session and one undo and one redo are made. Afterwards every step is
undone. The writer checks at every save that the fields it owns hold what
it saved last: a ckpt-tui write that put back an older value reverted a
plugin save. Prints the counts; exits 1 if any save was reverted, any undo
had to ask which fields, any redo took the other process's steps for
"restored outside ckpt-tui", or the store is not intact.

Everything lives in a fresh temporary directory (the store, ckpt-tui's
state, config and cache), removed at the end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="ckpt-soak-"))
    for name in ("CKPT_TUI_STATE", "CKPT_TUI_CONFIG", "CKPT_TUI_CACHE"):
        os.environ[name] = str(home / name.lower())
    try:
        return soak(home, args.minutes * 60, random.Random(args.seed))
    finally:
        if args.keep:
            print(f"kept {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)


def soak(home: Path, seconds: float, rng: random.Random) -> int:
    # imported after the environment points at the temporary directory
    from ckpt_tui.core.service import open_service
    from tests.test_concurrency import (
        PLUGIN_FIELDS,
        checkpoint,
        kill_at_random,
        reap,
        spawn,
        store_with_sources,
        undo_everything,
    )

    path = store_with_sources(home / "checkpoints.db")
    writer = spawn("logging_saver", path, "s1", ",".join(PLUGIN_FIELDS), "w", 20, 50)
    started = time.monotonic()
    totals: dict[str, int] = {}
    problems: list[str] = []
    kills = after_kill = 0

    def add(counts: dict) -> None:
        for key, value in counts.items():
            if isinstance(value, int):
                totals[key] = totals.get(key, 0) + value
        problems.extend(counts.get("errors", []))

    try:
        assert writer.stdout.readline() == "ready\n", writer.stderr.read()
        writer.stdin.write("go\n")
        writer.stdin.flush()
        # -- side by side ------------------------------------------------------------------
        procs = [spawn("ckpt_cycler", path, "s1", mode, 0, seed)
                 for seed, mode in enumerate(("app", "cli", "app"))]
        for proc in procs:
            assert proc.stdout.readline() == "ready\n", proc.stderr.read()
            proc.stdin.write("go\n")
            proc.stdin.flush()
        deadline = started + seconds / 2
        while (left := deadline - time.monotonic()) > 0:
            # keep their pipes drained while they run
            ready, _, _ = select.select([p.stdout for p in procs], [], [], left)
            for pipe in ready:
                if not pipe.readline():
                    raise RuntimeError("a ckpt-tui process stopped early")
        for proc in procs:
            proc.stdin.write("stop\n")
            proc.stdin.flush()
            out, err = proc.communicate(timeout=120)
            if proc.returncode != 0:
                raise RuntimeError(err)
            add(json.loads(out.strip().splitlines()[-1]))
        # -- killed at random ------------------------------------------------------------------
        svc = open_service(path)
        try:
            while time.monotonic() < started + seconds:
                found, wrote = kill_at_random(path, svc, rng, 100 + kills)
                kills += 1
                after_kill += wrote
                problems.extend(f"kill {kills}: {p}" for p in found)
            writer.stdin.write("stop\n")
            writer.stdin.flush()
            out, err = writer.communicate(timeout=120)
            log = json.loads(out.strip().splitlines()[-1])
            undone, kept = undo_everything(path, svc)
            if not kept:
                problems.append("unwinding the undo history reverted a plugin save")
        finally:
            svc.close()
    finally:
        reap(writer)
    conn = sqlite3.connect(path)
    intact = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    live = checkpoint(path, "s1")
    last_kept = all(
        live[f] == (tuple(v) if isinstance(v, list) else v) for f, v in log["last"].items()
    )
    print(
        f"{time.monotonic() - started:.0f} s: {totals.get('ops', 0)} ckpt-tui operations side by "
        f"side ({totals.get('wrote', 0)} wrote, {totals.get('conflict', 0)} conflicts refused, "
        f"{totals.get('nothing', 0)} with nothing to do, {totals.get('gone', 0)} snapshot pruned "
        f"meanwhile), {kills} SIGKILLs ({after_kill} undo/redo after them), {undone} undone at "
        f"the end, beside {log['saves']} plugin saves; reverted plugin saves: "
        f"{len(log['reverted'])}; undo asked which fields: {totals.get('asked', 0)}; redo "
        f"refused as restored outside: {totals.get('outside', 0)}; integrity: "
        f"{'ok' if intact else 'DAMAGED'}; the plugin's last saves stand: {last_kept}"
    )
    for problem in problems[:10]:
        print(f"  problem: {problem}")
    failed = (
        log["reverted"] or problems or not intact or not last_kept
        or totals.get("asked", 0) or totals.get("outside", 0)
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

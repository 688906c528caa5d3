"""How long a page of the sessions pane takes in each order, at 10,000
sessions of one project with 200,000 snapshots (small payloads: sorting
never reads them).

    .venv/bin/python bench/bench_sort.py [--sessions 10000] [--snapshots 200000]

Prints, per order, the first page, a deep page (the 40th of 200 rows,
reached by keyset), and for the snapshot-count order the one-off read of
the order (after a write) next to a page served from it.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from ckpt_tui.core.service import open_service
from ckpt_tui.store import Store

STATUSES = ("in_progress", "blocked", "done", "abandoned")


def build(path: Path, n_sessions: int, n_snapshots: int) -> None:
    Store.create(path).close()
    rng = random.Random(7)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute(
        "INSERT INTO projects VALUES ('p1', '/tmp/p1', '/tmp/p1', '2026-01-01T00:00:00.000Z', "
        "'2026-01-01T00:00:00.000Z')"
    )
    sessions, checkpoints = [], []
    for i in range(n_sessions):
        at = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:00:{i % 60:02d}.000Z"
        parent = f"s{rng.randrange(i):06d}" if i and rng.random() < 0.2 else None
        sessions.append((f"s{i:06d}", "p1", parent, f"Session {rng.randrange(10**6)}", at, at))
        checkpoints.append((f"s{i:06d}", "p1", rng.choice(STATUSES), at, at))
    conn.executemany("INSERT INTO sessions VALUES (?,?,?,?,?,?)", sessions)
    conn.executemany(
        "INSERT INTO checkpoints (session_id, project_id, status, created_at, updated_at) "
        "VALUES (?,?,?,?,?)",
        checkpoints,
    )
    snaps = []
    for j in range(n_snapshots):
        sid = (
            f"s{int(rng.paretovariate(1.2)) % n_sessions:06d}"
            if j % 2
            else f"s{j % n_sessions:06d}"
        )
        snaps.append(
            (
                f"x{j:08d}",
                sid,
                "p1",
                f"auto-{j}",
                "auto",
                f"2026-02-01T00:00:{j % 60:02d}.{j % 1000:03d}Z",
                "{}",
            )
        )
    conn.executemany(
        "INSERT INTO snapshots (id, session_id, project_id, name, kind, captured_at, payload) "
        "VALUES (?,?,?,?,?,?,?)",
        snaps,
    )
    conn.commit()
    conn.close()


def timed(fn, reps=7):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t) * 1000)
    return min(times), result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=10_000)
    ap.add_argument("--snapshots", type=int, default=200_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "checkpoints.db"
        build(db, args.sessions, args.snapshots)
        svc = open_service(db, read_only=True)
        print(f"{args.sessions} sessions, {args.snapshots} snapshots, one project; ms (best of 7)")
        for sort in ("activity", "title", "status", "snapshots"):
            first_ms, page = timed(lambda s=sort: svc.session_tree("p1", limit=200, sort=s))
            cursor = page.cursor
            for _ in range(38):
                cursor = svc.session_tree("p1", after=cursor, limit=200, sort=sort).cursor
            deep_ms, _ = timed(
                lambda s=sort, c=cursor: svc.session_tree("p1", after=c, limit=200, sort=s)
            )
            print(f"  {sort:<10} first page {first_ms:7.1f}   40th page {deep_ms:7.1f}")
        order = svc.count_order
        before = order.reads

        def after_a_write():
            order._key = None  # what a change of data_version does
            return svc.session_tree("p1", limit=200, sort="snapshots")

        read_ms, _ = timed(after_a_write)
        print(
            f"  snapshots: reading the order after a write {read_ms:7.1f} "
            f"({order.reads - before} reads for {5} calls)"
        )
        svc.close()


if __name__ == "__main__":
    main()

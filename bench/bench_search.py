"""Search on the large bench store: each target beside its baseline, one run.

* the first build of the index (with its progress callback counting) beside
  reading and decoding every payload with plain ``sqlite3`` + ``json`` (the
  floor any build pays), and the index's size beside the store's;
* the first page of results (50 hits, the app's page, each checked against
  the store and given a snippet) in the app's process, beside the first page
  of `list projects` (``svc.projects(limit=50)``) timed just before it;
* ``ckpt-tui search QUERY`` as a command beside ``ckpt-tui list projects``,
  fresh processes run alternately (the index is current, so each search
  only checks it), loading cached bytecode as an install does
  (``--compile``: compiling what they import on each run, as a checkout
  under PYTHONDONTWRITEBYTECODE does);
* a sync after a write that changes nothing the index holds (the plugin
  counting a message in ``session_runtime``: the store's files moved, so
  it is read), beside a sync with the files unchanged (nothing read);
* catching up after 1,000 new snapshots (inserted as the plugin would, in
  one transaction, spread over sessions), one round per rep, beside a sync
  with nothing new.

Medians (and p90) of ``--reps`` runs (default 21); the first build runs once.
The catch-up also gives the median of its process CPU time, which other
load on the machine moves less than wall time.
Everything runs on a copy of the cached store in a temporary directory under
``bench/.data/``, with CKPT_TUI_STATE/CACHE/CONFIG inside it. While working
on the command, ``--keep DIR --commands-only`` keeps the copy and its index
in DIR and times only the commands: the first run builds, later ones reuse
them (the commands sync first, so a kept copy is never searched stale).

    .venv/bin/python bench/bench_search.py [--reps N] [--small | --million] [--compile]
        [--keep DIR] [--commands-only]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "app"))
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

QUERIES = {
    "rare word": "820",
    "phrase": '"keyset pagination"',
    "prefix": "timest*",
    "two words, one excluded": "keymap review -crash",
    "word in every snapshot": "undo",
}


def median_ms(fn, reps: int, warmup: int = 2) -> tuple[float, float]:
    times = []
    for i in range(warmup + reps):
        start = time.perf_counter()
        fn()
        if i >= warmup:
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9) - 1 if len(times) > 1 else 0]


def add_snapshots(db: Path, count: int, round_: int) -> None:
    """``count`` new snapshots over many sessions, one transaction."""
    conn = sqlite3.connect(db, isolation_level=None, timeout=5)
    conn.execute("BEGIN IMMEDIATE")
    sessions = conn.execute(
        "SELECT id, project_id FROM sessions ORDER BY id LIMIT ?", (count // 4,)
    ).fetchall()
    payload = conn.execute("SELECT payload FROM snapshots LIMIT 1").fetchone()[0]
    data = json.loads(payload)
    stamp = "2026-12-01T00:00:00.000Z"
    for i in range(count):
        sid, pid = sessions[i % len(sessions)]
        data["notes"] = f"bench round {round_} item {i} catchupword{i}"
        conn.execute(
            "INSERT INTO snapshots (id, session_id, project_id, name, kind, captured_at, payload) "
            "VALUES (?,?,?,?,?,?,?)",
            (
                str(uuid.uuid4()),
                sid,
                pid,
                f"auto-bench-{round_}-{i}",
                "auto",
                stamp,
                json.dumps(data, separators=(",", ":")),
            ),
        )
    conn.execute("COMMIT")
    conn.close()


def count_a_message(db: Path) -> None:
    """What the plugin writes on each message (``session_runtime``): the
    store's files change, nothing the index holds does."""
    conn = sqlite3.connect(db, isolation_level=None, timeout=5)
    sid = conn.execute("SELECT id FROM sessions ORDER BY id LIMIT 1").fetchone()[0]
    conn.execute(
        "INSERT INTO session_runtime (session_id, messages_since_save, updated_at) "
        "VALUES (?, 1, '2026-12-01T00:00:00.000Z') ON CONFLICT(session_id) DO UPDATE SET "
        "messages_since_save = messages_since_save + 1",
        (sid,),
    )
    conn.close()


def commands_ms(
    commands: list[list[str]], reps: int, bytecode: bool = True
) -> list[tuple[float, float]]:
    """Each command's median and p90, the commands run in turn ``reps``
    times (so load that comes and goes hits them alike). With ``bytecode``
    the modules load from cached bytecode, as an installed ckpt-tui's do
    (``bench_cli.py`` does the same); without it, and with
    PYTHONDONTWRITEBYTECODE set, each run compiles what it imports."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app")}
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(HERE / ".data" / "pycache")
    times: list[list[float]] = [[] for _ in commands]
    for rep in range(reps + 1):
        for i, args in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "ckpt_tui", *args],
                env=env,
                check=True,
                stdout=subprocess.DEVNULL,
            )
            if rep:  # the first round warms the OS caches
                times[i].append((time.perf_counter() - start) * 1000)
    return [_median_p90(t) for t in times]


def _median_p90(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[max(0, int(len(times) * 0.9) - 1)]


def read_payloads_s(db: Path) -> float:
    """Reading and decoding every snapshot's payload: what any build pays."""
    start = time.perf_counter()
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    for (payload,) in conn.execute("SELECT payload FROM snapshots ORDER BY rowid"):
        json.loads(payload)
    conn.close()
    return time.perf_counter() - start


def _command_rows(db: Path, args) -> list[tuple[str, str, str, str]]:
    """``ckpt-tui search`` beside ``ckpt-tui list projects``, run alternately."""
    rows = []
    labels = ("rare word", "phrase", "word in every snapshot")
    timed = commands_ms(
        [["list", "projects", "--db", str(db)]]
        + [["search", QUERIES[label], "--db", str(db)] for label in labels],
        args.reps,
        bytecode=not args.compile,
    )
    (lp, lp90), searches = timed[0], timed[1:]
    for label, (sc, sc90) in zip(labels, searches, strict=True):
        rows.append(
            (
                f"command `ckpt-tui search {QUERIES[label]}` ({label}"
                f"{'; compiled each run' if args.compile else ''})",
                f"{sc:.0f} ms (p90 {sc90:.0f})",
                f"{lp:.0f} ms (p90 {lp90:.0f}) `ckpt-tui list projects`",
                "≤ list projects",
            )
        )
    return rows


def _report(meta: dict, args, rows: list[tuple[str, str, str, str]]) -> int:
    from ckpt_tui.store import search_sync

    print(
        f"\n{meta['size']['snapshots']:,} snapshots; load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} CPUs; {args.reps} reps; relevance ranks the matches "
        f"among the newest {search_sync.RECENT_DOCS:,} to {search_sync.RECENT_MAX:,} "
        "documents\n"
    )
    print("| measurement | ckpt-tui | baseline (same run) | target |")
    print("| --- | ---: | --- | ---: |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=21)
    parser.add_argument("--small", action="store_true", help="tiny store (smoke test)")
    parser.add_argument(
        "--million", action="store_true", help="the 1,000,000-snapshot store (bench/generate.py --million)"
    )
    parser.add_argument(
        "--compile",
        action="store_true",
        help="commands without cached bytecode (each run compiles what it imports, "
        "when PYTHONDONTWRITEBYTECODE is set)",
    )
    parser.add_argument(
        "--keep",
        metavar="DIR",
        type=Path,
        help="keep the store's copy and its index in DIR, and reuse them when there",
    )
    parser.add_argument(
        "--commands-only",
        action="store_true",
        help="time the commands only (no build figures, first pages or syncs)",
    )
    args = parser.parse_args(argv)
    size = "million" if args.million else ("small" if args.small else "large")
    cached = (
        generate.DEFAULT_OUT if size == "large" else generate.DEFAULT_OUT.with_name(f"{size}.db")
    )
    meta = generate.ensure(cached, 1, size_name=size)
    rows: list[tuple[str, str, str, str]] = []
    with contextlib.ExitStack() as stack:
        if args.keep:
            tmp = str(args.keep.resolve())
            args.keep.mkdir(parents=True, exist_ok=True)
        else:
            tmp = stack.enter_context(
                tempfile.TemporaryDirectory(prefix="search-", dir=cached.parent)
            )
        for var in ("CONFIG", "STATE", "CACHE"):
            os.environ[f"CKPT_TUI_{var}"] = str(Path(tmp) / var.lower())
        db = Path(tmp) / "store.db"
        reused = db.exists()
        if not reused:
            shutil.copyfile(cached, db)

        from ckpt_tui.core.search import Filters, Searcher
        from ckpt_tui.core.service import open_service
        from ckpt_tui.store import search_sync

        if args.commands_only:
            searcher = Searcher(db)
            searcher.sync()  # built on the first run with this DIR, then only checked
            searcher.close()
            rows += _command_rows(db, args)
            return _report(meta, args, rows)
        floor = read_payloads_s(db)
        searcher = Searcher(db)
        calls = []
        start = time.perf_counter()
        searcher.sync(lambda done, total: calls.append((done, total)))
        build = time.perf_counter() - start
        searcher.close()  # the WAL is checkpointed into the file
        searcher = Searcher(db)
        size = searcher.size_bytes()
        n_snap, n_cur = searcher.index.counts()
        what = "catch-up of a kept index" if reused else "first build"
        rows.append(
            (
                f"{what}, {n_snap + n_cur:,} documents, {len(calls)} progress reports (1 run)",
                f"{build:.1f} s",
                f"{floor:.1f} s reading and decoding every payload",
                "≤ 60 s",
            )
        )
        rows.append(
            (
                "index size",
                f"{size / 1e6:.0f} MB",
                f"store {db.stat().st_size / 1e6:.0f} MB",
                "reported",
            )
        )

        svc = open_service(db, read_only=True)
        for label, text in QUERIES.items():
            for order in (False, True):
                filters = Filters(by_recency=order)
                found = searcher.search(text, filters, limit=50)
                base, base90 = median_ms(lambda: svc.projects(limit=50), args.reps)
                med, p90 = median_ms(
                    lambda text=text, filters=filters: searcher.search(text, filters, limit=50),
                    args.reps,
                )
                rows.append(
                    (
                        f"first page (50): {label} `{text}`, by {'recency' if order else 'relevance'}"
                        f" ({len(found.hits)}{'+' if found.more else ''} hits)",
                        f"{med:.1f} ms (p90 {p90:.1f})",
                        f"{base:.1f} ms (p90 {base90:.1f}) list projects, first page",
                        "≤ 30 ms",
                    )
                )
        svc.close()

        rows += _command_rows(db, args)

        check, check90 = median_ms(lambda: searcher.sync(), args.reps)
        touched = []
        for _ in range(args.reps):
            count_a_message(db)
            start = time.perf_counter()
            stats = searcher.sync()
            touched.append((time.perf_counter() - start) * 1000)
            assert stats == search_sync.SyncStats(), stats
        med, p90 = _median_p90(touched)
        rows.append(
            (
                f"sync after the plugin counts a message: the store's files changed, "
                f"nothing to index ({args.reps} rounds)",
                f"{med:.0f} ms (p90 {p90:.0f})",
                f"{check:.2f} ms (p90 {check90:.2f}) a sync with the files unchanged",
                "report only",
            )
        )
        catch, cpu = [], []
        for round_ in range(args.reps):
            add_snapshots(db, 1000, round_)
            start, start_cpu = time.perf_counter(), time.process_time()
            stats = searcher.sync()
            catch.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            assert stats.added == 1000, stats
        med, p90 = _median_p90(catch)
        rows.append(
            (
                f"catch-up after 1,000 new snapshots ({args.reps} rounds)",
                f"{med:.0f} ms (p90 {p90:.0f}; CPU {statistics.median(cpu):.0f})",
                f"{check:.2f} ms (p90 {check90:.2f}) a sync with nothing new",
                "≤ 300 ms",
            )
        )
        searcher.close()

    return _report(meta, args, rows)


if __name__ == "__main__":
    sys.exit(main())

"""Time the operations a person waits for, on a large store, against raw baselines.

    python bench/run.py [--db PATH] [--small] [--reps N] [--json OUT] [--profile OP] [--app DIR]

Every row runs warmup calls, then ``--reps`` timed calls (perf_counter), and
reports the median and p90 next to a baseline measured in the same run. All
of it happens on a copy of the cached store, in a temporary directory that
also holds ``CKPT_TUI_CONFIG``, ``CKPT_TUI_STATE`` and ``CKPT_TUI_CACHE``, so neither the cache nor the user's own
directories are touched. See bench/README.md for what each row measures.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from difflib import SequenceMatcher
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "app"))
sys.path.insert(0, str(BENCH))

import generate  # noqa: E402

WARMUP = 3
#: Filter keystrokes: a word many rows hold, and one that none holds (every
#: row is read: the worst case of a filter, whatever its count).
FILTER_TEXTS = ("parser", "zqxj")
RESTORE_MAX_REPS = 40  # more would prune the two snapshots it alternates between


@dataclass
class Result:
    op: str
    median_ms: float
    p90_ms: float
    baseline: str
    baseline_median_ms: float
    target_ms: float | None
    cpu_median_ms: float | None  # process CPU time: less sensitive to load from elsewhere

    @property
    def ok(self) -> str:
        if self.target_ms is None:
            return "info"
        return "yes" if self.median_ms < self.target_ms else "**NO**"


def timed(
    fn: Callable[[], object], reps: int, cleanup: Callable | None = None
) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds per call of ``fn`` after warmup; ``cleanup(result)``
    is not timed."""
    wall, cpu = [], []
    gc.collect()
    for i in range(WARMUP + reps):
        start, start_cpu = time.perf_counter(), time.process_time()
        value = fn()
        elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        if cleanup is not None:
            cleanup(value)
        del value
        if i >= WARMUP:
            wall.append(elapsed * 1000)
            cpu.append(elapsed_cpu * 1000)
    return wall, cpu


def p90(times: list[float]) -> float:
    return statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]


def raw(path: Path, read_only: bool = False) -> sqlite3.Connection:
    """A plain connection with the SPEC 2 settings: what the baselines use
    (``read_only``: opened ``mode=ro``, for ``--in-place``)."""
    target = f"file:{path}?mode=ro" if read_only else str(path)
    conn = sqlite3.connect(target, isolation_level=None, uri=read_only)
    for pragma in (
        "journal_mode=WAL",
        "synchronous=NORMAL",
        "foreign_keys=ON",
        "busy_timeout=5000",
    ):
        conn.execute(f"PRAGMA {pragma}")
    return conn


def field_opcodes(old, new) -> None:
    """Baseline of the diff: difflib's opcodes per field, nothing on top."""
    for name in ("title", "objective", "summary", "currentPlan", "notes"):
        SequenceMatcher(None, old.get(name).splitlines(), new.get(name).splitlines()).get_opcodes()
    for name in ("completedSteps", "nextSteps", "blockers", "filesTouched"):
        SequenceMatcher(None, old.get(name), new.get(name), autojunk=False).get_opcodes()


def reworded_lists(n: int = 600) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """One changed block of ``n`` sentences, each reworded: the worst case of
    reword pairing (every removed item is a candidate for every added one)."""
    import random

    rng = random.Random(1)
    words = ["store", "plan", "cut", "over", "undo", "redo", "plugin", "session", "write", "read", "page", "list"]
    old = tuple(" ".join(rng.choice(words) for _ in range(12)) for _ in range(n))
    new = tuple(s.replace(rng.choice(words), rng.choice(words), 1) + " now" for s in old)
    return old, new


@dataclass
class Case:
    op: str
    fn: Callable[[], object]
    baseline: str
    base_fn: Callable[[], object]
    target_ms: float | None = None
    cleanup: Callable[[object], object] | None = None
    max_reps: int | None = None


def cases(db: Path, meta: dict, read_only: bool = False):
    """The rows of the table, with the objects they need; closes them at the
    end. ``read_only``: without the row that writes (restore)."""
    from ckpt_tui.core.board import board
    from ckpt_tui.core.diff import diff_checkpoints, diff_items
    from ckpt_tui.core.history import field_history
    from ckpt_tui.core.service import open_service

    svc, conn = open_service(db), raw(db, read_only)
    big, long, huge, victim = (
        meta[k] for k in ("big_project", "long_session", "huge_session", "restore_session")
    )
    first = svc.snapshots(long, limit=200).rows[:60]
    before, after = (svc.snapshot(huge, n).content for n in ("huge-before", "huge-after"))
    # two recent snapshots with different content, the one unlike the current checkpoint first
    views = [svc.snapshot(victim, r.name) for r in svc.snapshots(victim, limit=5).rows]
    a, b = views[0], next(v for v in views[1:] if v.content != views[0].content)
    pair = [b, a] if svc.current(victim).checkpoint == a.content else [a, b]
    other = svc.sessions(limit=1).rows[0].id  # the raw UPDATE baseline writes here
    runs = {"restore": 0, "update": 0}

    def restore():
        outcome = svc.restore(victim, pair[runs["restore"] % 2].row.name)
        runs["restore"] += 1
        assert outcome.wrote, outcome.message
        return outcome

    def raw_update():
        runs["update"] += 1
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(
            "UPDATE checkpoints SET summary = ?, updated_at = ? WHERE session_id = ?",
            (f"summary {runs['update']}", f"2026-01-01T00:00:00.{runs['update']:03d}Z", other),
        )
        conn.execute("COMMIT")

    def open_svc():
        s = open_service(db)
        s.projects(limit=1)
        return s

    def open_raw():
        c = sqlite3.connect(db)
        c.execute("SELECT 1").fetchone()
        return c

    def rows(query: str, *args):
        return lambda: conn.execute(query, args).fetchall()

    def loads(query: str, *args):
        return lambda: [json.loads(p) for (p,) in conn.execute(query, args)]

    def tree_after_change():
        """The tree's first page when its parent links must be read again
        (every write to the store, ours or the plugin's, does that)."""
        cache = getattr(svc, "tree_links", None)
        if cache is not None:
            cache._key = None
        return svc.session_tree(big)

    def last_page():
        """What ``G`` needs: the last page of the list with its count; a
        version without ``last_snapshots`` reads every page down to it."""
        if hasattr(svc, "last_snapshots"):
            return svc.last_snapshots(long)
        page = svc.snapshots(long)
        while page.cursor is not None:
            page = svc.snapshots(long, after=page.cursor)
        return page

    def summaries_cold():
        """The lines of rows never summarized before: what scrolling to new
        rows costs (a version with no ``summary_cache`` always does this)."""
        if hasattr(svc, "summary_cache"):
            svc.summary_cache = type(svc.summary_cache)()
        return svc.summaries(long, first)

    page = "ORDER BY updated_at DESC, id DESC LIMIT 200"
    snaps = "FROM snapshots WHERE session_id = ? ORDER BY captured_at DESC, id DESC"
    snaps_asc = "FROM snapshots WHERE session_id = ? ORDER BY captured_at, id"
    page_sql = "raw SELECT ... LIMIT 200"
    try:
        yield Case(
            "open store + first query",
            open_svc,
            "sqlite3 connect + SELECT 1",
            open_raw,
            50,
            cleanup=lambda s: s.close(),
        )
        yield Case(
            "session tree, big project (200 roots)",
            lambda: svc.session_tree(big),
            page_sql,
            rows(f"SELECT * FROM sessions WHERE project_id = ? {page}", big),
            10,
        )
        yield Case(
            "session tree, big project, first page after a store change",
            tree_after_change,
            page_sql,
            rows(f"SELECT * FROM sessions WHERE project_id = ? {page}", big),
        )
        yield Case(
            "projects page (200)",
            lambda: svc.projects(limit=200),
            page_sql,
            rows(f"SELECT * FROM projects {page}"),
            5,
        )
        second = svc.projects(limit=100).cursor
        yield Case(
            "projects, second page (100)",
            lambda: svc.projects(after=second, limit=100),
            "raw SELECT ... LIMIT 100 OFFSET 100",
            rows("SELECT * FROM projects ORDER BY updated_at DESC, id DESC LIMIT 100 OFFSET 100"),
            5,
        )
        yield Case(
            "projects by name (200)",
            lambda: svc.projects(limit=200, sort="name"),
            page_sql,
            rows(f"SELECT * FROM projects {page}"),
            5,
        )
        yield Case(
            "session tree by title, big project (200 roots)",
            lambda: svc.session_tree(big, sort="title"),
            page_sql,
            rows(f"SELECT * FROM sessions WHERE project_id = ? {page}", big),
            20,
        )
        for text in FILTER_TEXTS:
            yield Case(
                f"session filter {text!r}, big project (page + count)",
                lambda text=text: svc.session_tree(big, text=text),
                "raw SELECT ... LIMIT 200",
                rows(f"SELECT * FROM sessions WHERE project_id = ? {page}", big),
                20,
            )
            yield Case(
                f"snapshot filter {text!r}, 5,000-snapshot session (page + count)",
                lambda text=text: svc.snapshots(long, text=text),
                "raw SELECT ... LIMIT 200",
                rows(f"SELECT id, name, kind, captured_at {snaps} LIMIT 200", long),
                20,
            )
        yield Case(
            "G: last page of the 5,000-snapshot session",
            last_page,
            "raw SELECT ... ASC LIMIT 200",
            rows(f"SELECT id, name, kind, captured_at {snaps_asc} LIMIT 200", long),
            50,
        )
        yield Case(
            "sessions, all projects (200)",
            lambda: svc.sessions(limit=200),
            page_sql,
            rows(f"SELECT * FROM sessions {page}"),
            20,
        )
        yield Case(
            "snapshots, 5,000-snapshot session (200)",
            lambda: svc.snapshots(long),
            page_sql,
            rows(f"SELECT id, name, kind, captured_at {snaps} LIMIT 200", long),
            20,
        )
        yield Case(
            "change summaries, 60 rows",
            lambda: svc.summaries(long, first),
            "raw SELECT 61 payloads + json.loads",
            loads(f"SELECT payload {snaps} LIMIT 61", long),
        )
        yield Case(
            "change summaries, 60 rows, none kept from an earlier call",
            summaries_cold,
            "raw SELECT 61 payloads + json.loads",
            loads(f"SELECT payload {snaps} LIMIT 61", long),
        )
        yield Case(
            "field history (blame), 5,000 snapshots",
            lambda: field_history(svc, long, "nextSteps"),
            "raw SELECT json_extract of the field, all snapshots",
            rows(
                "SELECT id, json_extract(payload, '$.nextSteps') FROM snapshots "
                "WHERE session_id = ? ORDER BY captured_at, id",
                long,
            ),
            200,
        )
        yield Case(
            "board, first page (50) of 10,000 sessions",
            lambda: board(svc),
            "svc.projects(limit=200) (list projects)",
            lambda: svc.projects(limit=200),
            50,
        )
        yield Case(
            "diff of two 1 MB checkpoints",
            lambda: diff_checkpoints(before, after),
            "difflib opcodes per field",
            lambda: field_opcodes(before, after),
            100,
        )
        rewords = reworded_lists()
        yield Case(
            "list diff, 600 x 600 reworded items",
            lambda: diff_items(*rewords),
            "difflib opcodes of the two lists",
            lambda: SequenceMatcher(None, *rewords, autojunk=False).get_opcodes(),
            200,
        )
        yield Case(
            "compare: read + decode + diff 1 MB",
            lambda: svc.compare(huge, "huge-before", "huge-after"),
            "raw SELECT 2 payloads + json.loads",
            loads(
                "SELECT payload FROM snapshots WHERE session_id = ? AND name LIKE 'huge-%'", huge
            ),
        )
        if read_only:
            return
        yield Case(
            "restore (pre-restore snapshot, prune, journal)",
            restore,
            "raw UPDATE in BEGIN IMMEDIATE",
            raw_update,
            15,
            max_reps=RESTORE_MAX_REPS,
        )
    finally:
        svc.close()
        conn.close()


def cold_process(db: Path, reps: int = 5) -> Result:
    """A new interpreter that imports ckpt_tui, opens, and reads one project."""
    import ckpt_tui

    app = f"sys.path.insert(0, {str(Path(ckpt_tui.__file__).parents[1])!r})"
    code = (
        f"import sys; {app}; from ckpt_tui.core.service import open_service; "
        f"open_service({str(db)!r}).projects(limit=1)"
    )
    base = f"import sqlite3; sqlite3.connect({str(db)!r}).execute('SELECT 1').fetchone()"

    def run(src: str) -> list[float]:
        return timed(lambda: subprocess.run([sys.executable, "-c", src], check=True), reps)[0]

    ours, theirs = run(code), run(base)
    name = "cold start: new python, import, open, query"
    return result(name, (ours, None), "new python, sqlite3 connect", theirs, None)


def result(op, ours, baseline, theirs, target) -> Result:
    wall, cpu = ours
    median = statistics.median
    return Result(
        op, median(wall), p90(wall), baseline, median(theirs), target, cpu and median(cpu)
    )


def measure(
    db: Path, meta: dict, reps: int, only: list[str] | None = None, read_only: bool = False
) -> list[Result]:
    results = []
    for case in cases(db, meta, read_only):
        if only and not any(o.lower() in case.op.lower() for o in only):
            continue
        n = min(reps, case.max_reps or reps)
        ours, theirs = timed(case.fn, n, case.cleanup), timed(case.base_fn, n)[0]
        results.append(result(case.op, ours, case.baseline, theirs, case.target_ms))
        print(f"  {case.op}: {results[-1].median_ms:.2f} ms", file=sys.stderr)
    if not only:
        results.append(cold_process(db))
    return results


def profile(db: Path, meta: dict, reps: int, wanted: str, read_only: bool = False) -> None:
    """cProfile ``reps`` calls of the first row whose name contains ``wanted``."""
    for case in cases(db, meta, read_only):
        if wanted.lower() in case.op.lower():
            prof = cProfile.Profile()
            for _ in range(min(reps, case.max_reps or reps)):
                value = prof.runcall(case.fn)
                if case.cleanup is not None:
                    case.cleanup(value)
            pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
            return
    raise SystemExit(f"no operation matches {wanted!r}")


def table(results: list[Result]) -> str:
    lines = [
        "| operation | median | p90 | baseline median | target | ok? |",
        "| --- | ---: | ---: | --- | ---: | --- |",
    ]
    for r in results:
        target = f"< {r.target_ms:g} ms" if r.target_ms is not None else "—"
        lines.append(
            f"| {r.op} | {r.median_ms:.2f} ms | {r.p90_ms:.2f} ms | "
            f"{r.baseline_median_ms:.2f} ms ({r.baseline}) | {target} | {r.ok} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", type=Path, default=generate.DEFAULT_OUT, help="cached store")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true", help="tiny store, for a smoke test")
    parser.add_argument(
        "--million", action="store_true", help="the 1,000,000-snapshot store (generated once)"
    )
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--profile", metavar="OP", help="cProfile the first row matching OP")
    parser.add_argument(
        "--only",
        metavar="OP",
        action="append",
        help="time only the rows whose name holds OP (repeatable)",
    )
    parser.add_argument(
        "--in-place",
        action="store_true",
        help="read the cached store itself, read-only, without copying it; no restore row",
    )
    parser.add_argument("--app", type=Path, help="import ckpt_tui from DIR (A/B a patched copy)")
    args = parser.parse_args(argv)
    if args.app:
        sys.path.insert(0, str(args.app.resolve()))

    size = "million" if args.million else ("small" if args.small else "large")
    if size != "large" and args.db == generate.DEFAULT_OUT:
        args.db = args.db.with_name(f"{size}.db")
    print(f"store: {args.db}", file=sys.stderr)
    meta = generate.ensure(args.db, args.seed, size_name=size)
    with tempfile.TemporaryDirectory(prefix="run-", dir=args.db.parent) as tmp:
        for var in ("CONFIG", "STATE", "CACHE"):
            os.environ[f"CKPT_TUI_{var}"] = str(Path(tmp) / var.lower())
        db = args.db if args.in_place else Path(tmp) / "store.db"
        if not args.in_place:
            shutil.copyfile(args.db, db)  # restores write here; the cache stays pristine
        if args.profile:
            profile(db, meta, args.reps, args.profile, args.in_place)
            return 0
        results = measure(db, meta, args.reps, args.only, args.in_place)

    print(
        f"\n{meta['size']['snapshots']:,} snapshots, {args.db.stat().st_size / 1e6:.0f} MB, "
        f"Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}, {args.reps} reps, "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n"
    )
    print(table(results))
    if args.json:
        rows = [{**asdict(r), "ok": r.ok} for r in results]
        args.json.write_text(json.dumps({"meta": meta, "results": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

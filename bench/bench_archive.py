"""The team archive at a million snapshots: pushes, pages, search, size.

    .venv/bin/python bench/bench_archive.py [--small] [--reps N] [--url URL] [--json OUT]
        [--origins N] [--first-push-only]

The full run: ``.venv/bin/python bench/bench_archive.py`` (20 stores,
1,000,000 snapshots; 15-25 minutes, about 9 GB of disk under
``bench/.data/``: 4 GB of stores, kept for the next run, and the cluster's
files, removed); ``--small`` is a smoke test of a minute. ``--origins N``
pushes the first N stores only; ``--first-push-only`` times the first
pushes and the copy alone (``--no-index``), nothing else:
``--origins 3 --first-push-only`` takes 2-3 minutes (the first run makes
the stores, 20 s each). The table goes to stdout, the progress to stderr.

What it does, in one run:

* makes 20 stores of 50,000 snapshots each (``generate.py``, one seed per
  origin; cached under ``bench/.data/archive/``), whose project ids are
  drawn from one pool of 200, so most projects are seen from several
  origins;
* starts a throwaway PostgreSQL cluster (``tests/pg_cluster.py``, fsync on)
  unless ``--url`` names a server, and creates the archive;
* first pushes: each store pushed once, timed; the rate is snapshots per
  second of the whole command's work (reading the store, comparing,
  copying, and making every snapshot's search words, which go in with it),
  with the CPU seconds the push took in this process and, on the bench's
  own cluster, in the server's processes (on a machine shared with other
  work, the wall time says little; the CPU seconds say where the work is);
* incremental pushes: 1,000 new snapshots saved into one store as the
  plugin would (spread over its sessions, each with its checkpoint), then
  pushed, ``--reps`` / 4 rounds (3 at least);
* pages at 1M, after ``VACUUM ANALYZE`` (what autovacuum does to a loaded
  table): the reads the app's screens make (projects, a big project's
  sessions, a 1,000-snapshot session's snapshots, the board) and searches,
  each beside ``SELECT 1`` over the same connection pool (the round trip
  every read pays);
* the archive's size on disk (tables, indexes, TOAST) beside the stores';
* one more store pushed ``--no-index`` (the copy alone), then ``archive
  index`` (its search words afterwards).

Targets: incremental push of 1,000 <= 2 s; first push >= 20,000
snapshots/s; pages <= 50 ms; search <= 100 ms (medians). Timings on a
machine shared with other work are noisy: compare the rows of one run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "app"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

ORIGINS = 20
PER_ORIGIN = {"projects": 50, "sessions": 2_500, "snapshots": 50_000, "long": 1_000, "huge_kb": 64}
SMALL = {"projects": 5, "sessions": 50, "snapshots": 2_000, "long": 200, "huge_kb": 64}
POOL = 200
INCREMENT = 1_000
QUERIES = {
    "rare word": "820",
    "common word": "pagination",
    "phrase": '"keyset pagination"',
    "prefix": "timest*",
    "two words, one excluded": "keymap review -crash",
}
TARGETS = {"first push": 20_000, "incremental push": 2.0, "page": 0.050, "search": 0.100}


def make_stores(folder: Path, origins: int, size: dict) -> list[Path]:
    """``origins`` stores, project ids remapped into one shared pool."""
    folder.mkdir(parents=True, exist_ok=True)
    generate.SIZES["archive-origin"] = size
    paths = []
    for k in range(origins):
        path = folder / f"origin-{k:02d}.db"
        meta = generate.ensure(path, seed=100 + k, size_name="archive-origin")
        marker = Path(f"{path}.shared")
        if not marker.exists():
            _share_projects(path, meta, k)
            marker.write_text("ok\n")
        paths.append(path)
    return paths


def _share_projects(path: Path, meta: dict, k: int) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys=OFF")
    ids = [r[0] for r in conn.execute("SELECT id FROM projects ORDER BY rowid")]
    pool = [f"{i:040x}" for i in range(POOL)]
    mapping = {old: pool[(i + k * 10) % POOL] for i, old in enumerate(ids)}
    conn.execute("BEGIN")
    conn.execute("CREATE TEMP TABLE m (old TEXT PRIMARY KEY, new TEXT)")
    conn.executemany("INSERT INTO m VALUES (?, ?)", mapping.items())
    for table, col in (
        ("projects", "id"),
        ("sessions", "project_id"),
        ("checkpoints", "project_id"),
        ("snapshots", "project_id"),
    ):
        conn.execute(f"UPDATE {table} SET {col} = (SELECT new FROM m WHERE old = {col})")
    conn.execute("COMMIT")
    assert not conn.execute("PRAGMA foreign_key_check").fetchall()
    conn.close()
    meta["big_project"] = mapping.get(meta["big_project"], meta["big_project"])
    Path(f"{path}.json").write_text(json.dumps(meta, indent=2) + "\n")


def add_snapshots(path: Path, count: int, rng: random.Random) -> None:
    """``count`` saves as the plugin makes them, spread over the sessions."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    sessions = conn.execute("SELECT session_id, project_id FROM checkpoints").fetchall()
    gen = generate.Gen(rng.randrange(1 << 30))
    now = int(time.time() * 1000)
    conn.execute("BEGIN IMMEDIATE")
    for i in range(count):
        sid, pid = rng.choice(sessions)
        cp = gen.checkpoint()
        at = generate.iso(now + i)
        text = json.dumps(cp, ensure_ascii=False, separators=(",", ":"))
        conn.execute(
            "INSERT INTO snapshots VALUES (?,?,?,?,?,?,?,1,NULL)",
            (str(uuid.uuid4()), sid, pid, f"auto-{now + i}-1{i}", "auto", at, text),
        )
        conn.execute(
            "UPDATE checkpoints SET summary = ?, updated_at = ? WHERE session_id = ?",
            (cp["summary"], at, sid),
        )
    conn.execute("COMMIT")
    conn.close()


def timed(fn, reps: int, warmup: int = 2) -> dict:
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    times.sort()
    return {"median": statistics.median(times), "p90": times[int(0.9 * (len(times) - 1))]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--small", action="store_true", help="2 origins of 2,000 (a smoke test)")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--url", help="an empty database on an existing server instead")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--origins", type=int, help="push the first N stores only")
    parser.add_argument(
        "--first-push-only",
        action="store_true",
        help="time the first pushes and the copy alone, nothing else",
    )
    args = parser.parse_args(argv)

    origins, size = (2, SMALL) if args.small else (ORIGINS, PER_ORIGIN)
    if args.origins:
        origins = max(2, args.origins)  # the copy alone pushes a copy of the second
    data = HERE / ".data" / ("archive-small" if args.small else "archive")
    started = time.perf_counter()
    stores = make_stores(data, origins, size)
    print(f"{len(stores)} stores ready in {time.perf_counter() - started:.0f} s", file=sys.stderr)

    work = Path(tempfile.mkdtemp(prefix="bench-archive-", dir=HERE / ".data"))
    os.environ["CKPT_TUI_STATE"] = str(work / "state")
    os.environ["CKPT_TUI_CONFIG"] = str(work / "config")
    os.environ["CKPT_TUI_CACHE"] = str(work / "cache")
    cluster = None
    if args.url:
        url = args.url
    else:
        from tests.pg_cluster import Cluster, find_bindir

        bindir, why = find_bindir()
        if bindir is None:
            raise SystemExit(why)
        cluster = Cluster(bindir, fsync=True, settings={"shared_buffers": "512MB"})
        password = cluster.create_role("bench")
        cluster.create_database("bench", "bench")
        url = cluster.url("bench", password, "bench")
    results: dict = {"origins": origins, "perOrigin": size["snapshots"], "rows": []}
    server_cpu = (lambda: _cluster_cpu(cluster.data)) if cluster is not None else None
    try:
        run(url, stores, args.reps, results, work, args.first_push_only, server_cpu)
    finally:
        if cluster is not None:
            cluster.stop()
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    print_table(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


def _cluster_cpu(data: Path) -> float:
    """CPU seconds (user and system) the cluster's processes have used: its
    postmaster (``postmaster.pid``) and every process it started."""
    postmaster = int((data / "postmaster.pid").read_text().split()[0])
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if int(entry) == postmaster or int(fields[1]) == postmaster:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _own_cpu() -> float:
    t = os.times()
    return t.user + t.system


def run(
    url: str,
    stores: list[Path],
    reps: int,
    results: dict,
    work: Path,
    first_push_only: bool = False,
    server_cpu=None,
) -> None:
    import shutil

    from ckpt_tui.core.archive import Archive
    from ckpt_tui.core.archive_reader import ArchiveReader

    archive = Archive(url)
    archive.init()
    rows = results["rows"]
    load = os.getloadavg()[0]
    results["load"] = load
    # -- first pushes -------------------------------------------------------------------
    rates, total, spent, caught_up = [], 0, 0.0, 0.0
    client_cpu = server_spent = 0.0
    for path in stores:
        server_before, client_before = server_cpu() if server_cpu else 0.0, _own_cpu()
        started = time.perf_counter()
        result = archive.push(path)  # the command's work: copy, search words, catch-up
        seconds = time.perf_counter() - started
        client_cpu += _own_cpu() - client_before
        server_spent += server_cpu() - server_before if server_cpu else 0.0
        stats = result.stats
        rates.append(stats.snapshots / seconds)
        total += stats.snapshots
        spent += seconds
        caught_up += result.indexed.seconds if result.indexed else 0.0
        print(f"pushed {path.name}: {stats.snapshots} in {seconds:.2f} s", file=sys.stderr)
    rows.append(
        {
            "row": f"first push, {len(stores)} stores of {stats.snapshots:,} "
            "(copy and search words)",
            "value": f"{total / spent:,.0f} snapshots/s overall "
            f"(median store {statistics.median(rates):,.0f}/s; {spent:.0f} s in all; "
            f"CPU: push {client_cpu:.1f} s"
            + (f", server {server_spent:.1f} s)" if server_cpu else ")"),
            "target": f">= {TARGETS['first push']:,}/s",
            "ok": total / spent >= TARGETS["first push"],
            "raw": {
                "total": total,
                "seconds": spent,
                "rates": rates,
                "catchUp": caught_up,
                "clientCpu": client_cpu,
                "serverCpu": server_spent if server_cpu else None,
            },
        }
    )
    if first_push_only:
        _copy_alone(archive, stores[1], work, rows, server_cpu)
        results["loadEnd"] = os.getloadavg()[0]
        return
    # -- incremental pushes -------------------------------------------------------------
    copy = work / "incremental.db"
    shutil.copyfile(stores[0], copy)
    archive.push(copy)  # another origin: its first push, untimed
    rng = random.Random(7)
    times = []
    for _ in range(max(3, reps // 4)):
        add_snapshots(copy, INCREMENT, rng)
        start = time.perf_counter()  # the whole command's work: copy and search words
        stats = archive.push(copy).stats
        times.append(time.perf_counter() - start)
        assert stats.snapshots == INCREMENT, stats
    times.sort()
    median = statistics.median(times)
    rows.append(
        {
            "row": f"incremental push of {INCREMENT:,} new snapshots (copy and search words)",
            "value": f"{median:.2f} s (p90 {times[int(0.9 * (len(times) - 1))]:.2f} s)",
            "target": f"<= {TARGETS['incremental push']} s",
            "ok": median <= TARGETS["incremental push"],
            "raw": times,
        }
    )
    # -- pages and searches at 1M -------------------------------------------------------
    _analyze(archive)
    reader = ArchiveReader(archive)
    meta = json.loads(Path(f"{stores[0]}.json").read_text())
    origin0 = next(o.id for o in reader.origins() if o.store_path == str(stores[0]))
    total_snapshots = sum(o.snapshot_count for o in reader.origins())
    results["archived"] = total_snapshots

    def select_one():
        with archive.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1").scalar()

    base = timed(select_one, reps)
    rows.append(_row("baseline: SELECT 1 (a round trip)", base, None))
    pages = {
        "projects page (200)": lambda: reader.projects(limit=200),
        "sessions of the biggest project (200)": lambda: reader.sessions(
            meta["big_project"], limit=200
        ),
        "snapshots of a 1,000-snapshot session (200)": lambda: reader.snapshots(
            meta["long_session"], origin=origin0, limit=200
        ),
        "board, first page (50)": lambda: reader.board(limit=50),
    }
    for name, fn in pages.items():
        rows.append(_row(name, timed(fn, reps), TARGETS["page"]))
    for name, query in QUERIES.items():
        found = reader.search(query, limit=50)
        rows.append(
            _row(
                f"search {query!r} ({name}; {len(found.hits)} hits shown)",
                timed(lambda query=query: reader.search(query, limit=50), reps),
                TARGETS["search"],
            )
        )
    results["loadEnd"] = os.getloadavg()[0]
    # -- size ----------------------------------------------------------------------------
    archive_bytes = archive.size_bytes()
    store_bytes = sum(p.stat().st_size for p in stores) + copy.stat().st_size
    rows.append(
        {
            "row": f"size on disk ({total_snapshots:,} snapshots)",
            "value": f"archive {archive_bytes / 1e9:.2f} GB, stores {store_bytes / 1e9:.2f} GB "
            f"({archive_bytes / store_bytes:.2f}x)",
            "target": "report",
            "ok": True,
            "raw": {"archive": archive_bytes, "stores": store_bytes},
        }
    )
    _copy_alone(archive, stores[1], work, rows, server_cpu)
    reader.close()


def _copy_alone(archive, store: Path, work: Path, rows: list, server_cpu) -> None:
    """Another origin (a copy of ``store``) pushed ``--no-index``, then its
    search words made by ``archive index``."""
    import shutil

    alone = work / "copy-alone.db"
    shutil.copyfile(store, alone)
    server_before, client_before = server_cpu() if server_cpu else 0.0, _own_cpu()
    started = time.perf_counter()
    copied = archive.push(alone, index=False).stats.snapshots
    copy_seconds = time.perf_counter() - started
    client_cpu = _own_cpu() - client_before
    server_spent = server_cpu() - server_before if server_cpu else None
    made = archive.index()
    cpu = f"CPU: push {client_cpu:.1f} s" + (
        f", server {server_spent:.1f} s" if server_spent is not None else ""
    )
    rows.append(
        {
            "row": f"a first push of {copied:,} without search words (push --no-index)",
            "value": f"{copied / copy_seconds:,.0f} snapshots/s ({cpu}); then archive index: "
            f"{made.snapshots / made.seconds:,.0f}/s",
            "target": "report",
            "ok": True,
            "raw": {
                "copied": copied,
                "seconds": copy_seconds,
                "indexSeconds": made.seconds,
                "clientCpu": client_cpu,
                "serverCpu": server_spent,
            },
        }
    )


def _analyze(archive) -> None:
    """The archive as autovacuum leaves it after a load (since PostgreSQL 13
    it vacuums a table that only had inserts too): planner statistics, and
    the visibility map that lets a count read an index alone."""
    with archive.engine.connect() as conn:
        conn.connection.driver_connection.autocommit = True
        conn.exec_driver_sql("VACUUM ANALYZE")


def _row(name: str, t: dict, target: float | None) -> dict:
    return {
        "row": name,
        "value": f"{t['median'] * 1000:.1f} ms (p90 {t['p90'] * 1000:.1f} ms)",
        "target": f"<= {target * 1000:.0f} ms" if target else "baseline",
        "ok": target is None or t["median"] <= target,
        "raw": t,
    }


def print_table(results: dict) -> None:
    print(
        f"archive of {results.get('archived', 0):,} snapshots from {results['origins']} origins "
        f"(load average {results.get('load', 0):.2f} at the start, "
        f"{results.get('loadEnd', 0):.2f} at the end; medians of --reps)"
    )
    print("| row | result | target | ok |")
    print("| --- | --- | --- | --- |")
    for r in results["rows"]:
        print(f"| {r['row']} | {r['value']} | {r['target']} | {'yes' if r['ok'] else 'NO'} |")


if __name__ == "__main__":
    sys.exit(main())

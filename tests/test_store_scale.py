"""Lists whose cost follows the page, not the store (issue 12): the session
tree from parent links kept per change token, projects counted for their
page only, filter counts that stop at a bound, and the last page of a list.
Each is checked against the plain query it replaces, on generated stores
with mixed timestamps (SPEC 3), ties, cycles and parents elsewhere."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from ckpt_tui import timeutil
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.store import filters, snapshot_reads, tree_reads
from ckpt_tui.store.rows import MAX_NESTING
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint

T0 = datetime(2026, 11, 1, 10, 0, tzinfo=UTC)


def _stamp(rng: random.Random, minutes: int) -> str | int:
    """A time from a few instants (ties), as ISO text or epoch ms (SPEC 3)."""
    moment = T0 + timedelta(minutes=rng.randrange(minutes))
    return timeutil.epoch_ms(moment) if rng.random() < 0.3 else timeutil.fmt(moment)


def tree_store(path: Path, seed: int) -> list[str]:
    """Projects whose sessions have parents in the project, in another
    project, nowhere, themselves, in a cycle, and in chains deeper than
    MAX_NESTING; returns the project ids."""
    rng = random.Random(seed)
    new_store(path)
    conn = connect(path)
    pids = [add_project(conn, f"p{i}") for i in range(3)]
    made: dict[str, list[str]] = {p: [] for p in pids}
    for n in range(150):
        pid = rng.choice(pids[:2])
        sid = f"s{n:03d}"
        roll = rng.random()
        if roll < 0.45 and made[pid]:
            parent = rng.choice(made[pid])  # a child (maybe of a child)
        elif roll < 0.55:
            parent = rng.choice(made[pids[2]] or ["elsewhere"])  # a parent in another project
        elif roll < 0.6:
            parent = "ses_unknown"  # an opencode session the store never saw
        elif roll < 0.63:
            parent = sid  # its own parent
        else:
            parent = None
        add_session(conn, sid, pid, parent=parent, at=_stamp(rng, 30))
        made[pid].append(sid)
        if n % 10 == 0:
            made[pids[2]].append(add_session(conn, f"o{n:03d}", pids[2], at=_stamp(rng, 30)))
    # a cycle of two, and a chain longer than the tree follows
    add_session(conn, "cyc-a", "p0", parent="cyc-b", at=_stamp(rng, 30))
    add_session(conn, "cyc-b", "p0", parent="cyc-a", at=_stamp(rng, 30))
    parent = None
    for depth in range(MAX_NESTING + 3):
        parent = add_session(conn, f"deep{depth:02d}", "p1", parent=parent, at=_stamp(rng, 30))
    conn.close()
    return pids


def _pages(fetch, limit: int):
    rows, pages, after = [], [], None
    while True:
        page = fetch(after, limit)
        pages.append(page)
        rows.extend(page.rows)
        if page.cursor is None:
            return rows, pages
        after = page.cursor
        assert len(pages) < 500


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("limit", [1, 4, 25, 200])
def test_tree_pages_from_links_equal_the_per_level_query(tmp_path, seed, limit):
    pids = tree_store(tmp_path / "c.db", seed)
    svc = open_service(tmp_path / "c.db")
    try:
        for pid in pids:
            linked, linked_pages = _pages(
                lambda a, lim, pid=pid: svc.session_tree(pid, after=a, limit=lim), limit
            )
            with svc.store.read() as conn:
                plain, plain_pages = _pages(
                    lambda a, lim, pid=pid: tree_reads.list_session_tree(conn, pid, a, lim), limit
                )
            assert linked == plain
            assert [(p.total, p.cursor) for p in linked_pages] == [
                (p.total, p.cursor) for p in plain_pages
            ]
        deep = [r for r in svc.session_tree("p1", limit=500).rows if r.id.startswith("deep")]
        assert [r.depth for r in deep] == list(range(MAX_NESTING + 1))
        assert "cyc-a" not in {r.id for r in svc.session_tree("p0", limit=500).rows}
    finally:
        svc.close()


def test_tree_links_are_read_once_per_change_of_the_store(tmp_path):
    tree_store(tmp_path / "c.db", 1)
    svc = open_service(tmp_path / "c.db")
    try:
        cache = svc.tree_links
        first = _pages(lambda a, lim: svc.session_tree("p0", after=a, limit=lim), 5)[0]
        assert cache.reads == 1  # every page of the project from one read
        root = first[0].id
        conn = connect(tmp_path / "c.db")  # another process adds a child
        add_session(conn, "new-child", "p0", parent=root, at=timeutil.fmt(T0))
        conn.close()
        rows = svc.session_tree("p0", limit=500).rows
        assert cache.reads == 2
        at = [r.id for r in rows].index("new-child")
        assert rows[at].depth == 1 and root in [r.id for r in rows[:at]]
    finally:
        svc.close()


# -- projects: counts and last activity for the page only --------------------------------------


def test_project_pages_count_sessions_and_last_activity_by_instant(tmp_path):
    rng = random.Random(5)
    path = new_store(tmp_path / "c.db")
    conn = connect(path)
    expected = {}
    for i in range(23):
        pid = add_project(
            conn, f"p{i:02d}", directory=f"/w/{rng.choice('abc')}{i}", at=_stamp(rng, 9)
        )
        stamps = [_stamp(rng, 60) for _ in range(rng.randrange(4))]
        for j, at in enumerate(stamps):
            add_session(conn, f"s{i:02d}-{j}", pid, at=at)
        instants = [timeutil.normalize(at) for at in stamps]
        expected[pid] = (len(stamps), max(instants) if instants else None)
    conn.close()
    svc = open_service(path)
    try:
        for sort in ("activity", "name"):
            for limit in (1, 4, 200):
                rows, _ = _pages(
                    lambda a, lim, sort=sort: svc.projects(after=a, limit=lim, sort=sort), limit
                )
                assert sorted(r.id for r in rows) == sorted(expected)
                for r in rows:
                    count, last = expected[r.id]
                    assert r.session_count == count
                    assert r.last_activity == (last or r.updated_at)
        # every project with its counts, by the statement's own columns, unpaged
        from sqlalchemy import select
        from sqlalchemy.dialects import sqlite

        from ckpt_tui.store.schema import projects
        from ckpt_tui.store.statements.projects import project_stats_columns

        stmt = select(projects, *project_stats_columns())
        compiled = stmt.compile(dialect=sqlite.dialect(paramstyle="named"))
        with svc.store.read() as q:
            cursor = q.conn.cursor()
            cursor.row_factory = sqlite3.Row
            everything = {r["id"]: r for r in cursor.execute(str(compiled), compiled.params)}
        page = svc.projects(limit=200).rows
        assert [(r.session_count, r.last_activity) for r in page] == [
            (
                everything[r.id]["session_count"],
                timeutil.normalize(
                    everything[r.id]["last_activity"] or everything[r.id]["updated_at"]
                ),
            )
            for r in page
        ]
    finally:
        svc.close()


# -- filter counts stop at a bound -------------------------------------------------------------


def filter_store(path: Path, matches: int, others: int) -> Path:
    new_store(path)
    conn = connect(path)
    add_project(conn)
    rng = random.Random(3)
    for n in range(matches + others):
        sid = f"s{n:03d}"
        add_session(conn, sid, "p1", title="plain", at=_stamp(rng, 40))
        notes = "the needle is here" if n < matches else "nothing"
        set_checkpoint(conn, sid, "p1", Checkpoint(notes=notes))
        kind = "manual" if n % 2 else "auto"
        payload = Checkpoint(notes=notes).to_payload()
        add_snapshot(conn, "s000", "p1", f"snap{n:03d}", payload, kind=kind, at=_stamp(rng, 40))
    conn.close()
    return path


@pytest.mark.parametrize(
    ("matches", "bound", "limit"), [(3, 5, 10), (9, 5, 4), (9, 5, 10), (5, 5, 2)]
)
def test_filter_counts_stop_at_the_bound(tmp_path, monkeypatch, matches, bound, limit):
    monkeypatch.setattr(filters, "FILTER_COUNT_BOUND", bound)
    svc = open_service(filter_store(tmp_path / "c.db", matches, 7))
    try:
        lists = {
            "sessions": lambda a, lim: svc.session_tree("p1", after=a, limit=lim, text="NEEDLE"),
            "snapshots": lambda a, lim: svc.snapshots("s000", after=a, limit=lim, text="needle"),
        }
        for fetch in lists.values():
            rows, pages = _pages(fetch, limit)
            assert len(rows) == matches == len({r.id for r in rows})  # every match, once
            first = pages[0]
            if matches >= bound and len(first.rows) == limit:
                assert (first.total, first.at_least) == (bound, True)
            else:
                assert (first.total, first.at_least) == (matches, False)
        # no filter: exact counts, as before
        assert svc.session_tree("p1", limit=2).total == matches + 7
        assert svc.snapshots("s000", limit=2).at_least is False
        assert svc.snapshots("s000", limit=2).total == matches + 7
    finally:
        svc.close()


def test_a_first_page_that_is_not_full_is_not_counted_again(tmp_path, monkeypatch):
    """The count statement is not run when the page holds every match."""
    from ckpt_tui.store.query import Query

    svc = open_service(filter_store(tmp_path / "c.db", 3, 4))
    seen: list[str] = []
    run = Query._execute

    def recorded(self, sql, params):
        seen.append(sql)
        return run(self, sql, params)

    monkeypatch.setattr(Query, "_execute", recorded)
    try:
        with svc.store.read() as conn:
            page = snapshot_reads.list_snapshots(conn, "s000", text="needle", limit=10)
            assert page.total == 3
            assert not [s for s in seen if "count(" in s.lower()]
            snapshot_reads.list_snapshots(conn, "s000", text="needle", limit=2)
            assert [s for s in seen if "count(" in s.lower()]
    finally:
        svc.close()


# -- the last page, read from the end (G) ----------------------------------------------------


def long_session_store(path: Path, count: int) -> Path:
    """One session of ``count`` snapshots at a few instants (ties), ISO or
    epoch ms, of several kinds, some holding "needle"."""
    rng = random.Random(11)
    new_store(path)
    conn = connect(path)
    add_project(conn)
    add_session(conn)
    for n in range(count):
        notes = "needle" if rng.random() < 0.4 else "hay"
        kind = rng.choice(["auto", "auto", "manual", "pre-restore"])
        payload = Checkpoint(notes=notes).to_payload()
        add_snapshot(conn, "s1", "p1", f"n{n:03d}", payload, kind=kind, at=_stamp(rng, 25))
    conn.close()
    return path


@pytest.mark.parametrize("limit", [1, 3, 10, 60, 500])
@pytest.mark.parametrize(
    "options",
    [{}, {"exclude_kinds": ["auto"]}, {"kinds": ["manual"]}, {"text": "needle"}],
)
def test_last_page_is_the_end_of_the_full_list(tmp_path, limit, options):
    svc = open_service(long_session_store(tmp_path / "c.db", 90))
    try:
        full = svc.snapshots("s1", limit=1000, **options)
        last = svc.last_snapshots("s1", limit=limit, **options)
        assert last.rows == full.rows[-limit:]
        assert last.total == full.total
        # reading upward from it covers the whole list, each row once
        rows, before = list(last.rows), last.cursor
        while before is not None:
            page = svc.last_snapshots("s1", before=before, limit=limit, **options)
            assert page.total == full.total
            rows[:0] = page.rows
            before = page.cursor
        assert rows == full.rows
    finally:
        svc.close()


def test_last_page_of_an_empty_list(tmp_path):
    svc = open_service(long_session_store(tmp_path / "c.db", 5))
    try:
        page = svc.last_snapshots("s1", kinds=["compaction"])
        assert (page.rows, page.total, page.cursor) == ([], 0, None)
    finally:
        svc.close()


@pytest.mark.parametrize("sort", ["title", "status", "activity"])
def test_filter_counts_stop_at_the_bound_in_every_session_order(tmp_path, monkeypatch, sort):
    monkeypatch.setattr(filters, "FILTER_COUNT_BOUND", 5)
    svc = open_service(filter_store(tmp_path / "c.db", 9, 4))
    try:
        fetch = lambda a, lim: svc.session_tree("p1", after=a, limit=lim, text="needle", sort=sort)  # noqa: E731
        rows, pages = _pages(fetch, 3)
        assert len(rows) == 9 == len({r.id for r in rows})
        assert (pages[0].total, pages[0].at_least) == (5, True)
        assert (fetch(None, 20).total, fetch(None, 20).at_least) == (9, False)
    finally:
        svc.close()


def test_cached_orders_are_not_taken_from_a_file_that_was_replaced(tmp_path):
    """Another file put at the path (a backup copied back) starts its own
    change token: the kept tree links and count order must not survive it."""
    path = tmp_path / "c.db"
    tree_store(path, 1)
    other = tmp_path / "other.db"
    new_store(other)
    conn = connect(other)
    add_project(conn, "p0")
    add_session(conn, "only-root", "p0", at=timeutil.fmt(T0))
    add_session(conn, "only-child", "p0", parent="only-root", at=timeutil.fmt(T0))
    conn.close()
    svc = open_service(path)
    try:
        assert svc.session_tree("p0", limit=500).total > 2
        assert svc.session_tree("p0", limit=500, sort="snapshots").total > 2
        other.replace(path)
        for sort in ("activity", "snapshots"):
            page = svc.session_tree("p0", limit=500, sort=sort)
            assert [(r.id, r.depth) for r in page.rows] == [("only-root", 0), ("only-child", 1)]
            assert page.total == 2  # the replaced file's sessions, child included
    finally:
        svc.close()

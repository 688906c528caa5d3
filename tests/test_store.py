"""Opening, reading and refusing: the store layer against real SQLite files."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import uuid
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

import pytest

from ckpt_tui import timeutil
from ckpt_tui.cli.main import main
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import (
    CkptError,
    InvalidId,
    NotFound,
    ReadOnly,
    StoreBusy,
    StoreMissing,
    StoreUnreadable,
)
from ckpt_tui.store import Store, connection, engine, snapshot_reads
from ckpt_tui.store.valid_ids import require_id
from tests.factory import (
    add_project,
    add_session,
    add_snapshot,
    basic_store,
    connect,
    new_store,
    set_checkpoint,
)

# -- helpers ---------------------------------------------------------------------


def rich_store(path: Path, version: int) -> Path:
    """Two projects, a parent/child session pair, checkpoints, snapshots."""
    new_store(path, version)
    conn = connect(path)
    add_project(conn, "p1", at="2026-11-01T09:00:00.000Z")
    add_project(conn, "p2", at="2026-11-01T09:30:00.000Z")
    add_session(conn, "s1", "p1", title="root", at="2026-11-01T10:00:00.000Z")
    add_session(conn, "s2", "p1", title="child", parent="s1", at="2026-11-01T10:05:00.000Z")
    add_session(conn, "s3", "p2", title=None, at="2026-11-01T10:06:00.000Z")
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="start", nextSteps=("a", "b")))
    set_checkpoint(conn, "s2", "p1", Checkpoint(title="kid", status="blocked"))
    for i, kind in enumerate(("auto", "manual", "pre-restore", "compaction")):
        add_snapshot(
            conn, "s1", "p1", f"{kind}-{i}",
            Checkpoint(objective=f"obj {i}", notes=f"n{i}").to_payload(),
            kind=kind, at=f"2026-11-01T10:0{i + 1}:00.000Z",
        )
    add_snapshot(conn, "s1", "p1", "broken", "{not json", at="2026-11-01T10:09:00.000Z")
    conn.close()
    return path


def fingerprint(path: Path) -> tuple:
    data = path.read_bytes()
    st = path.stat()
    conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    return hashlib.sha256(data).hexdigest(), st.st_mtime_ns, st.st_size, version


def one_line_error(capsys) -> str:
    out = capsys.readouterr()
    assert out.err.count("\n") == 1, out.err
    assert out.err.startswith("ckpt-tui: ")
    assert "Traceback" not in out.err
    return out.err


# -- reading never writes -----------------------------------------------------------


@pytest.mark.parametrize("journal_mode", ["wal", "delete"])
@pytest.mark.parametrize("version", [1, 2])
def test_reading_changes_nothing(tmp_path, version, journal_mode, capsys):
    path = rich_store(tmp_path / "checkpoints.db", version)
    if journal_mode != "wal":  # e.g. a copy, or a file made by another tool
        conn = sqlite3.connect(path)
        assert conn.execute(f"PRAGMA journal_mode={journal_mode}").fetchone()[0] == journal_mode
        conn.close()
    before = fingerprint(path)
    assert before[3] == version

    svc = open_service(path)
    try:
        assert {p.id for p in svc.projects().rows} == {"p1", "p2"}
        assert {s.id for s in svc.sessions().rows} == {"s1", "s2", "s3"}
        assert [s.id for s in svc.sessions(project_id="p1").rows] == ["s2", "s1"]
        tree = svc.session_tree("p1").rows
        assert [(s.id, s.depth) for s in tree] == [("s1", 0), ("s2", 1)]
        snaps = svc.snapshots("s1").rows
        assert len(snaps) == 5
        assert svc.snapshots("s1", kinds=["manual"]).total == 2
        assert svc.current("s1").checkpoint.objective == "start"
        assert svc.snapshot("s1", "manual-1").content.objective == "obj 1"
        assert svc.compare("s1", "auto-0").diff.changed_names
        assert svc.compare("s1", "auto-0", "manual-1").diff.changed_names
        assert svc.summaries("s1", snaps)
        assert svc.plan_restore("s1", "manual-1").keys  # a preview reads only
        assert svc.store._writer is None  # no write connection was ever opened
    finally:
        svc.close()

    db = ["--db", str(path)]
    for argv in (
        ["list", "projects"],
        ["list", "sessions", "--json"],
        ["list", "snapshots", "s1", "--summary"],
        ["show", "s1"],
        ["show", "s1", "--snapshot", "broken"],
        ["diff", "s1", "auto-0", "manual-1"],
        ["diff", "s1", "auto-0", "--json"],
        ["restore", "s1", "manual-1", "--dry-run"],
    ):
        assert main(argv + db) == 0, argv
    capsys.readouterr()

    assert fingerprint(path) == before


def test_read_connections_cannot_write(store_path):
    before = fingerprint(store_path)
    store = Store(store_path)
    try:
        with pytest.raises(CkptError), store.read() as conn:
            conn.conn.execute("UPDATE checkpoints SET objective='sneaky'")
        with pytest.raises(CkptError), store.read() as conn:
            conn.conn.execute("PRAGMA user_version=7")
            assert conn.conn.execute("PRAGMA user_version").fetchone()[0] == 2
            raise CkptError("pragma ignored, as it should be")
    finally:
        store.close()
    assert fingerprint(store_path) == before


def test_opening_v1_never_migrates(tmp_path):
    path = rich_store(tmp_path / "checkpoints.db", 1)
    store = Store(path)
    assert store.version == 1 and store.writable
    with store.read() as conn:
        assert conn.conn.execute("PRAGMA user_version").fetchone()[0] == 1
    store.close()
    assert fingerprint(path)[3] == 1


# -- a store that is not there, or not a store -----------------------------------------


def test_missing_store_is_one_line_and_creates_nothing(tmp_path):
    path = tmp_path / "nowhere" / "checkpoints.db"
    with pytest.raises(StoreMissing) as err:
        Store(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value)
    with pytest.raises(StoreMissing):
        open_service(path)
    assert not path.exists() and not path.parent.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["list", "projects"],
        ["list", "sessions"],
        ["list", "snapshots", "s1"],
        ["show", "s1"],
        ["diff", "s1", "a"],
        ["restore", "s1", "first"],
        ["restore", "s1", "first", "--dry-run"],
        ["undo", "s1"],
        ["redo", "s1"],
        ["snapshot", "s1", "name"],
        ["doctor"],
        ["migrate"],
    ],
)
def test_missing_store_cli(tmp_path, argv, capsys):
    path = tmp_path / "nowhere" / "checkpoints.db"
    assert main([*argv, "--db", str(path)]) == 1
    err = one_line_error(capsys)
    assert "no checkpoint store" in err
    assert not path.exists() and not path.parent.exists()


def test_missing_default_store_via_env(tmp_path, monkeypatch, capsys):
    path = tmp_path / "env" / "checkpoints.db"
    monkeypatch.setenv("CKPT_DB", str(path))
    assert main(["list", "projects"]) == 1
    assert str(path) in one_line_error(capsys)
    assert not path.parent.exists()


def test_missing_default_store_under_data_dir(capsys):
    """With nothing set, the default path (under the isolated XDG dir) is used."""
    default = Path(os.environ["XDG_DATA_HOME"])
    assert main(["list", "projects"]) == 1
    err = one_line_error(capsys)
    assert "checkpoint-orchestrator/checkpoints.db" in err
    assert not (default / "opencode").exists()


def _corrupt(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(16384))


def _not_a_store(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE foo (x)")
    conn.execute("INSERT INTO foo VALUES (1)")
    conn.commit()
    conn.close()


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _header_only(path: Path) -> None:
    path.write_bytes(b"SQLite format 3\x00" + random.Random(2).randbytes(4080))


@pytest.mark.parametrize("make", [_corrupt, _not_a_store, _empty, _header_only])
def test_unreadable_files(tmp_path, make, capsys):
    path = tmp_path / "checkpoints.db"
    make(path)
    data = path.read_bytes()
    with pytest.raises(StoreUnreadable) as err:
        Store(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value)
    assert main(["list", "projects", "--db", str(path)]) == 1
    one_line_error(capsys)
    assert main(["restore", "s1", "x", "--db", str(path)]) == 1
    one_line_error(capsys)
    assert path.read_bytes() == data


def test_directory_is_not_a_store(tmp_path, capsys):
    with pytest.raises(StoreUnreadable, match="directory"):
        Store(tmp_path)
    assert main(["show", "s1", "--db", str(tmp_path)]) == 1
    assert "directory" in one_line_error(capsys)


def test_corrupt_pages_after_open_are_a_clear_error(tmp_path, capsys):
    """A valid header with damaged data pages: reads fail with a CkptError, not a traceback."""
    path = basic_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    for i in range(300):
        add_snapshot(conn, "s1", "p1", f"pad-{i}", {"notes": "x" * 500}, at=f"2026-11-02T{i:06d}")
    conn.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 20 * page
    rng = random.Random(3)
    for start in range(2 * page, len(data), page):
        data[start : start + page] = rng.randbytes(page)
    path.write_bytes(bytes(data))
    try:
        svc = open_service(path)
    except StoreUnreadable as exc:
        assert "\n" not in str(exc)  # refused at open: also a clear error
        return
    try:
        with pytest.raises(CkptError) as err:
            svc.snapshots("s1")
            svc.current("s1")
        assert "\n" not in str(err.value)
    finally:
        svc.close()
    assert main(["list", "snapshots", "s1", "--db", str(path)]) == 1
    one_line_error(capsys)


# -- newer versions, read-only -----------------------------------------------------------


def _set_version(path: Path, version: int) -> None:
    conn = connect(path)
    conn.execute(f"PRAGMA user_version={version}")
    conn.close()


def test_version_3_reads_but_refuses_writes(store_path, capsys):
    _set_version(store_path, 3)
    before = fingerprint(store_path)
    svc = open_service(store_path)
    try:
        assert not svc.store.writable
        reason = svc.store.read_only_reason
        assert reason and "3" in reason and "newer" in reason and "\n" not in reason
        assert svc.snapshots("s1").total == 2
        assert svc.current("s1").checkpoint.objective == "start"
        assert svc.compare("s1", "first").diff.changed_names
        with pytest.raises(ReadOnly):
            svc.restore("s1", "first")
        with pytest.raises(ReadOnly):
            svc.snapshot_create("s1", "mine")
    finally:
        svc.close()
    assert main(["restore", "s1", "first", "--db", str(store_path)]) == 1
    assert "version 3" in one_line_error(capsys)
    assert main(["list", "snapshots", "s1", "--db", str(store_path)]) == 0
    assert fingerprint(store_path) == before


def test_version_bumped_after_open_refuses_write(store_path):
    svc = open_service(store_path)
    try:
        plan = svc.plan_restore("s1", "first")
        _set_version(store_path, 3)
        with pytest.raises(ReadOnly, match="version 3"):
            svc.apply(plan)
        assert svc.snapshots("s1").total == 2
        assert svc.current("s1").checkpoint.objective == "start"
    finally:
        svc.close()


def test_read_only_flag(store_path):
    store = Store(store_path, read_only=True)
    try:
        assert not store.writable and "read-only" in store.read_only_reason
        with pytest.raises(ReadOnly):
            store.write(lambda conn: None)
    finally:
        store.close()


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write a read-only file")
def test_read_only_file(store_path):
    store_path.chmod(0o444)
    try:
        store = Store(store_path)
        assert store.read_only_reason == "the store file is read-only"
        store.close()
    finally:
        store_path.chmod(0o644)


# -- a locked store -------------------------------------------------------------------------


def short_busy_timeout(monkeypatch, ms: int) -> None:
    """Each write attempt waits ``ms`` for the lock: the connection's timeout
    and its ``PRAGMA busy_timeout`` (set from ``connection``'s constant)."""
    monkeypatch.setattr(engine, "BUSY_TIMEOUT_MS", ms)
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", ms)


@pytest.fixture
def fast_busy(monkeypatch):
    """Short busy timeout, three attempts, backoff recorded instead of slept."""
    short_busy_timeout(monkeypatch, 50)
    monkeypatch.setattr(engine, "WRITE_ATTEMPTS", 3)
    sleeps: list[float] = []
    monkeypatch.setattr(engine, "time", SimpleNamespace(sleep=sleeps.append))
    return sleeps


@pytest.mark.parametrize("begin", ["BEGIN IMMEDIATE", "BEGIN EXCLUSIVE"])
def test_locked_store_write_is_busy_reads_work(store_path, fast_busy, begin):
    svc = open_service(store_path)
    blocker = connect(store_path)
    try:
        blocker.execute(begin)
        blocker.execute("UPDATE checkpoints SET objective='uncommitted'")
        # Readers are not blocked in WAL mode, and see only committed data.
        assert svc.current("s1").checkpoint.objective == "start"
        assert svc.snapshots("s1").total == 2
        with pytest.raises(StoreBusy) as err:
            svc.restore("s1", "first")
        assert "\n" not in str(err.value) and "locked" in str(err.value)
        assert len(fast_busy) == 2  # retried with backoff before giving up
        assert fast_busy[1] > fast_busy[0]
        blocker.execute("ROLLBACK")
        assert svc.snapshots("s1").total == 2  # nothing was written
        assert svc.restore("s1", "first").wrote
    finally:
        blocker.close()
        svc.close()


def test_busy_write_succeeds_once_the_lock_is_released(store_path, monkeypatch):
    short_busy_timeout(monkeypatch, 50)
    blocker = connect(store_path)
    blocker.execute("BEGIN IMMEDIATE")
    sleeps = []

    def release(seconds):
        sleeps.append(seconds)
        if blocker.in_transaction:
            blocker.execute("ROLLBACK")

    monkeypatch.setattr(engine, "time", SimpleNamespace(sleep=release))
    svc = open_service(store_path)
    try:
        outcome = svc.restore("s1", "first")
        assert outcome.wrote and len(sleeps) == 1
        assert svc.current("s1").checkpoint.objective == "one"
    finally:
        blocker.close()
        svc.close()


def test_locked_store_cli_is_one_line(store_path, fast_busy, capsys):
    blocker = connect(store_path)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        assert main(["restore", "s1", "first", "--db", str(store_path)]) == 75  # busy
        assert "locked" in one_line_error(capsys)
        assert main(["list", "snapshots", "s1", "--db", str(store_path)]) == 0
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()


# -- keyset pagination ------------------------------------------------------------------------


def _many_snapshots(path: Path, n: int, stamps: list) -> list[tuple]:
    conn = connect(path)
    rng = random.Random(42)
    rows = []
    for i in range(n):
        sid = str(uuid.UUID(int=rng.getrandbits(128)))
        at = stamps[i % len(stamps)]
        add_snapshot(conn, "s1", "p1", f"snap-{i}", {"notes": str(i)}, kind="auto", at=at, sid=sid)
        rows.append((at, sid))
    conn.close()
    return rows


def _all_pages(fetch, limit):
    seen, after, pages = [], None, 0
    while True:
        page = fetch(after, limit)
        pages += 1
        seen.extend(page.rows)
        if page.cursor is None:
            return seen, page.total, pages
        after = page.cursor
        assert pages < 1000


@pytest.mark.parametrize("limit", [1, 3, 7, 40, 500])
def test_snapshot_pages_cover_every_row_once(tmp_path, limit):
    path = new_store(tmp_path / "c.db")
    conn = connect(path)
    add_project(conn)
    add_session(conn)
    conn.close()
    stamps = [f"2026-11-01T10:0{i}:00.000Z" for i in range(5)]  # 40 rows, 5 instants: ties
    expected = sorted(_many_snapshots(path, 40, stamps), reverse=True)
    svc = open_service(path)
    try:
        rows, total, pages = _all_pages(
            lambda after, lim: svc.snapshots("s1", after=after, limit=lim), limit
        )
    finally:
        svc.close()
    assert total == 40
    assert [r.id for r in rows] == [sid for _at, sid in expected]
    assert len({r.id for r in rows}) == 40
    assert pages >= 40 // limit


def test_snapshot_pages_with_epoch_ms_mixed_in(tmp_path):
    """Integers and ISO strings in captured_at: still every row exactly once."""
    path = new_store(tmp_path / "c.db")
    conn = connect(path)
    add_project(conn)
    add_session(conn)
    conn.close()
    stamps = ["2026-11-01T10:00:00.000Z", 1795960823254, "2026-11-01T10:00:00.000Z", 1795960823254]
    ids = {sid for _at, sid in _many_snapshots(path, 23, stamps)}
    svc = open_service(path)
    try:
        rows, total, _ = _all_pages(
            lambda after, lim: svc.snapshots("s1", after=after, limit=lim), 4
        )
    finally:
        svc.close()
    assert total == 23 and len(rows) == 23 and {r.id for r in rows} == ids


def test_project_and_session_pages_with_ties(tmp_path):
    path = new_store(tmp_path / "c.db")
    conn = connect(path)
    rng = random.Random(7)
    projects, sessions = [], []
    for i in range(17):
        pid = f"p-{rng.getrandbits(32):08x}"
        at = f"2026-11-01T10:0{i % 3}:00.000Z"
        add_project(conn, pid, at=at)
        projects.append((at, pid))
        for j in range(3):
            sid = f"s-{rng.getrandbits(32):08x}"
            sat = f"2026-11-02T10:0{(i + j) % 4}:00.000Z"
            add_session(conn, sid, pid, at=sat)
            sessions.append((sat, sid, pid))
    conn.close()
    svc = open_service(path)
    try:
        rows, total, _ = _all_pages(lambda a, lim: svc.projects(after=a, limit=lim), 4)
        assert total == 17
        assert [r.id for r in rows] == [pid for _a, pid in sorted(projects, reverse=True)]
        rows, total, _ = _all_pages(lambda a, lim: svc.sessions(after=a, limit=lim), 5)
        assert total == 51
        assert [r.id for r in rows] == [s for _a, s, _p in sorted(sessions, reverse=True)]
        pid = projects[0][1]
        rows, total, _ = _all_pages(
            lambda a, lim: svc.sessions(project_id=pid, after=a, limit=lim), 2
        )
        assert total == 3 and sorted(r.id for r in rows) == sorted(
            s for _a, s, p in sessions if p == pid
        )
        rows, total, _ = _all_pages(lambda a, lim: svc.session_tree(pid, after=a, limit=lim), 1)
        assert total == 3 and len({r.id for r in rows}) == 3
    finally:
        svc.close()


# -- lists never select payloads --------------------------------------------------------------


def test_lists_never_select_payload(tmp_path, monkeypatch):
    from ckpt_tui.store.query import Query

    path = rich_store(tmp_path / "c.db", 2)
    svc = open_service(path)
    statements: list[str] = []
    descriptions: list[list[str]] = []
    run = Query._execute

    def recorded(self, sql, params):
        statements.append(sql)
        cursor = self.conn.execute(sql, params)
        descriptions.append([d[0].lower() for d in cursor.description or ()])
        cursor.close()
        return run(self, sql, params)

    monkeypatch.setattr(Query, "_execute", recorded)
    try:
        svc.projects()
        svc.sessions()
        svc.sessions(project_id="p1")
        svc.session_tree("p1")
        svc.snapshots("s1")
        svc.snapshots("s1", kinds=["auto", "manual"], exclude_kinds=["compaction"], limit=2)
        page = svc.snapshots("s1", limit=2)
        svc.snapshots("s1", after=page.cursor, limit=2)
        svc.last_snapshots("s1", limit=2)
        assert statements
        assert not [s for s in statements if "payload" in s.lower()]
        assert not [d for d in descriptions if "payload" in d]

        # The recorder does see payloads when something asks for one.
        statements.clear()
        descriptions.clear()
        with svc.store.read() as q:
            snapshot_reads.get_snapshot(q, "s1", "auto-0")
        assert any("payload" in s.lower() for s in statements)
        assert any("payload" in d for d in descriptions)
    finally:
        svc.close()


# -- timestamps stored as epoch milliseconds ----------------------------------------------------

MS = 1795960823254
ISO = datetime.fromtimestamp(MS / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%S.") + "254Z"


def test_epoch_ms_timestamps_show_the_same_instant(tmp_path, capsys):
    path = new_store(tmp_path / "c.db")
    conn = connect(path)
    add_project(conn, "p1", at=MS)
    add_session(conn, "s1", "p1", at=MS)
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="now"), at=MS)
    add_snapshot(conn, "s1", "p1", "ms", Checkpoint(objective="then").to_payload(), at=MS)
    conn.execute("UPDATE snapshots SET restored_at=? WHERE name='ms'", (MS + 1000,))
    conn.close()
    assert timeutil.parse(ISO) == datetime.fromtimestamp(MS / 1000, UTC)

    svc = open_service(path)
    try:
        project = svc.projects().rows[0]
        assert project.created_at == project.updated_at == project.last_activity == ISO
        session = svc.sessions().rows[0]
        assert session.created_at == session.updated_at == ISO
        snap = svc.snapshots("s1").rows[0]
        assert snap.captured_at == ISO
        assert snap.restored_at == ISO.replace("23.254Z", "24.254Z")
        assert svc.snapshot("s1", "ms").row.captured_at == ISO
        assert timeutil.normalize(svc.current("s1").updated_at) == ISO
        # A write against an integer updated_at works (the optimistic check compares raw values).
        assert svc.restore("s1", "ms").wrote
    finally:
        svc.close()

    assert main(["show", "s1", "--snapshot", "ms", "--json", "--db", str(path)]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert data["snapshot"]["capturedAt"] == ISO


# -- mixed timestamps: epoch ms and ISO text in one column sort by instant -------------------------

T0_MIXED = datetime(2026, 11, 1, 10, 0, tzinfo=UTC)


def _mixed(i: int) -> str | int:
    """Minute ``i`` after T0_MIXED, as ISO text (even i) or epoch ms (odd i):
    the digits of epoch ms sort before every ISO string as text."""
    moment = T0_MIXED.replace(minute=i)
    return timeutil.fmt(moment) if i % 2 == 0 else timeutil.epoch_ms(moment)


def _iso(i: int) -> str:
    return timeutil.fmt(T0_MIXED.replace(minute=i))


def mixed_store(path: Path) -> Path:
    """Projects, sessions and snapshots whose times alternate between forms,
    minute by minute, so every list must interleave them."""
    new_store(path)
    conn = connect(path)
    for i in range(6):
        add_project(conn, f"p{i}", at=_mixed(i))
        add_session(conn, f"s{i}", "p0", at=_mixed(10 + i))
    add_session(conn, "late", "p1", at=_mixed(41))  # p1's last activity: epoch, newest
    add_session(conn, "early", "p1", at=_mixed(40))
    for i in range(12):
        kind = "pre-restore" if i in (6, 8, 9) else "auto"  # the newest one is epoch ms
        add_snapshot(conn, "s0", "p0", f"m{i:02d}", {"notes": str(i)}, kind=kind, at=_mixed(20 + i))
    conn.close()
    return path


@pytest.mark.parametrize("limit", [1, 3, 5, 50])
def test_mixed_timestamps_list_pages_sort_by_instant(tmp_path, limit):
    svc = open_service(mixed_store(tmp_path / "c.db"))
    try:
        rows, total, _ = _all_pages(lambda a, lim: svc.snapshots("s0", after=a, limit=lim), limit)
        assert total == 12
        assert [r.name for r in rows] == [f"m{i:02d}" for i in reversed(range(12))]
        assert [r.captured_at for r in rows] == [_iso(20 + i) for i in reversed(range(12))]
        rows, _, _ = _all_pages(lambda a, lim: svc.projects(after=a, limit=lim), limit)
        assert [r.id for r in rows] == [f"p{i}" for i in reversed(range(6))]
        rows, _, _ = _all_pages(lambda a, lim: svc.sessions(after=a, limit=lim), limit)
        assert [r.id for r in rows] == ["late", "early"] + [f"s{i}" for i in reversed(range(6))]
        rows, _, _ = _all_pages(
            lambda a, lim: svc.sessions(project_id="p0", after=a, limit=lim), limit
        )
        assert [r.id for r in rows] == [f"s{i}" for i in reversed(range(6))]
        rows, _, _ = _all_pages(lambda a, lim: svc.session_tree("p0", after=a, limit=lim), limit)
        assert [r.id for r in rows] == [f"s{i}" for i in reversed(range(6))]
    finally:
        svc.close()


def test_mixed_timestamps_newest_pre_restore_summaries_and_last_activity(tmp_path):
    from ckpt_tui.store import previous_ids, snapshot_reads

    svc = open_service(mixed_store(tmp_path / "c.db"))
    try:
        with svc.store.read() as q:
            assert snapshot_reads.newest_snapshot(q, "s0", "pre-restore")["name"] == "m09"
            assert snapshot_reads.newest_snapshot(q, "s0")["name"] == "m11"
            assert snapshot_reads.newest_listed(q, "s0", "pre-restore")["name"] == "m09"
            rows = svc.snapshots("s0", limit=50).rows
            previous = previous_ids.previous_ids(q, "s0", [r.id for r in rows[2:7]])
        by_id = {r.id: r.name for r in rows}
        assert {by_id[k]: by_id.get(v) for k, v in previous.items()} == {
            f"m{i:02d}": f"m{i - 1:02d}" for i in (9, 8, 7, 6, 5)
        }
        p1 = {r.id: r for r in svc.projects().rows}["p1"]
        assert p1.last_activity == _iso(41)
        # The plugin-like undo restores the newest pre-restore snapshot by instant.
        plan = svc.plan_undo("s0")
        assert plan.fallback and plan.label.endswith("m09")
    finally:
        svc.close()


def test_mixed_timestamps_pruning_keeps_the_newest_by_instant(tmp_path):
    from ckpt_tui.store import writes

    svc = open_service(mixed_store(tmp_path / "c.db"))
    try:
        doomed = set(svc.store.write(lambda conn: writes.prunable_ids(conn, "s0", 2)))
        names = {r.id: r.name for r in svc.snapshots("s0", limit=50).rows}
        # The newest 2 (m11, m10) and the newest pre-restore (m09) stay.
        assert sorted(names[d] for d in doomed) == [f"m{i:02d}" for i in range(9)]
    finally:
        svc.close()


# -- invariant 1: ids ---------------------------------------------------------------------------

BAD_IDS = ["", "   ", None, 5, "a\x00b", "s\n1", "\x1b[31mred", "tab\there", "del\x7f", "x" * 1025]


@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
def test_bad_ids_raise_invalid_id(store_path, bad):
    with pytest.raises(InvalidId):
        require_id(bad)
    before = fingerprint(store_path)
    svc = open_service(store_path)
    try:
        calls = [
            lambda: svc.current(bad),
            lambda: svc.snapshots(bad),
            lambda: svc.snapshot(bad, "first"),
            lambda: svc.snapshot("s1", bad),
            lambda: svc.session_tree(bad),
            lambda: svc.project(bad),
            lambda: svc.plan_restore(bad, "first"),
            lambda: svc.restore(bad, "first"),
            lambda: svc.undo(bad),
            lambda: svc.redo(bad),
            lambda: svc.snapshot_create(bad, "name"),
        ]
        if bad is not None:  # sessions(project_id=None) means every project
            calls.append(lambda: svc.sessions(project_id=bad))
        for call in calls:
            with pytest.raises(InvalidId):
                call()
    finally:
        svc.close()
    assert fingerprint(store_path)[0] == before[0]


def test_good_ids_that_do_not_exist_are_not_found(store_path):
    svc = open_service(store_path)
    try:
        for call in (
            lambda: svc.current("legacy::p1"),
            lambda: svc.snapshot("s1", "nope"),
            lambda: svc.restore("s2", "first"),
            lambda: svc.project("p9"),
        ):
            with pytest.raises(NotFound):
                call()
        assert require_id("ses_01 ünïcode/../x") == "ses_01 ünïcode/../x"
    finally:
        svc.close()


def test_store_create_is_version_2_and_idempotent(tmp_path):
    path = tmp_path / "deep" / "new.db"
    store = Store.create(path)
    assert store.version == 2 and store.writable
    store.close()
    conn = connect(path)
    add_project(conn)
    conn.close()
    Store.create(path).close()  # an existing store is left as it is
    conn = connect(path)
    assert conn.execute("SELECT count(*) FROM projects").fetchone()[0] == 1
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


@pytest.mark.parametrize("sort", ["status", "snapshots"])
def test_mixed_timestamps_in_the_other_session_orders(tmp_path, sort):
    """Within one status (or one count), the newest activity first, by instant."""
    path = mixed_store(tmp_path / "c.db")
    conn = connect(path)
    for i in range(6):
        set_checkpoint(conn, f"s{i}", "p0", Checkpoint(status="blocked"))
    conn.close()
    svc = open_service(path)
    try:
        rows, _, _ = _all_pages(
            lambda a, lim: svc.session_tree("p0", after=a, limit=lim, sort=sort), 2
        )
    finally:
        svc.close()
    expected = [f"s{i}" for i in reversed(range(6))]
    if sort == "snapshots":  # s0 holds the snapshots
        expected = ["s0"] + [s for s in expected if s != "s0"]
    assert [r.id for r in rows] == expected

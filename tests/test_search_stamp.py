"""The search index's shortcut: a store whose files have not changed since
the last sync is not read again (``store.search_stamp``), and no change
slips past it."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.search import Searcher
from ckpt_tui.store import search_file, search_stamp, search_sync
from tests.factory import (
    PluginWriter,
    add_project,
    add_session,
    add_snapshot,
    connect,
    new_store,
    set_checkpoint,
)

HOUR_NS = 3600 * 1_000_000_000


def _store(path: Path, snaps: int = 3) -> Path:
    db = new_store(path)
    conn = connect(db)
    add_project(conn)
    for s in range(2):
        add_session(conn, f"s{s}", "p1", title=f"session {s}")
        set_checkpoint(conn, f"s{s}", "p1", Checkpoint(objective=f"objective {s}"))
        for i in range(snaps):
            add_snapshot(
                conn,
                f"s{s}",
                "p1",
                f"snap-{s}-{i}",
                Checkpoint(objective=f"alpha step{i}").to_payload(),
                at=f"2026-11-01T10:{i:02d}:00.000Z",
            )
    conn.close()
    return db


def _store_docs(db: Path) -> set:
    conn = sqlite3.connect(db)
    snaps = {("snapshot", r[0]) for r in conn.execute("SELECT id FROM snapshots")}
    currents = {("current", r[0]) for r in conn.execute("SELECT session_id FROM checkpoints")}
    conn.close()
    return snaps | currents


def _index_docs(searcher: Searcher) -> set:
    conn = searcher.index._connection()
    return set(conn.execute("SELECT doc_type, ref FROM docs"))


def _age_files(db: Path) -> None:
    """Set the store's file times an hour back (their ctime stays now)."""
    old = time.time_ns() - HOUR_NS
    for suffix in ("", "-wal"):
        if os.path.exists(f"{db}{suffix}"):
            os.utime(f"{db}{suffix}", ns=(old, old))


@pytest.fixture
def later_clock(monkeypatch):
    """The stamp's clock 10 s ahead: files written now look settled."""
    monkeypatch.setattr(search_stamp, "now_ns", lambda: time.time_ns() + 10 * 1_000_000_000)


def _settled(db: Path, tmp_path: Path) -> Searcher:
    """A searcher whose last sync recorded a trusted stamp of ``db``."""
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    _age_files(db)
    searcher.sync()  # the stamp now differs (times moved back): read, recorded
    assert searcher.index._meta(searcher.index._connection(), "store_stamp")
    return searcher


def _store_unreadable(monkeypatch) -> None:
    def refuse(_path):
        raise AssertionError("the store was read")

    monkeypatch.setattr(search_sync, "read_store", refuse)


def test_an_unchanged_store_is_not_read_again(tmp_path, monkeypatch, later_clock):
    db = _store(tmp_path / "checkpoints.db")
    searcher = _settled(db, tmp_path)
    _store_unreadable(monkeypatch)
    assert searcher.sync() == search_sync.SyncStats()
    assert _index_docs(searcher) == _store_docs(db)
    searcher.close()


def test_a_store_written_just_now_is_always_read(tmp_path, monkeypatch):
    """Without the clock moved, the files are too new to vouch for the store."""
    db = _store(tmp_path / "checkpoints.db")
    searcher = Searcher(db, tmp_path / "state")
    searcher.sync()
    assert search_stamp.store_stamp(db) is None
    assert searcher.index._meta(searcher.index._connection(), "store_stamp") == ""
    reads = []
    real = search_sync.read_store
    monkeypatch.setattr(search_sync, "read_store", lambda p: reads.append(p) or real(p))
    searcher.sync()
    assert reads == [db]
    searcher.close()


def test_stamp_only_when_every_time_is_older_than_the_margin(tmp_path, monkeypatch):
    db = _store(tmp_path / "checkpoints.db")
    times = [os.stat(db).st_mtime_ns, os.stat(db).st_ctime_ns]
    if os.path.exists(f"{db}-wal"):
        times.append(os.stat(f"{db}-wal").st_mtime_ns)
    newest = max(times)
    margin = search_stamp.RACY_SECONDS * 1_000_000_000
    monkeypatch.setattr(search_stamp, "now_ns", lambda: newest + margin - 1)
    assert search_stamp.store_stamp(db) is None
    monkeypatch.setattr(search_stamp, "now_ns", lambda: newest + margin + 1)
    assert search_stamp.store_stamp(db) is not None


def test_prune_plus_insert_of_the_same_count_is_caught(tmp_path, later_clock):
    """A save that adds one snapshot and prunes one keeps every count."""
    db = _store(tmp_path / "checkpoints.db", snaps=3)
    searcher = _settled(db, tmp_path)
    before = searcher.index.counts()
    writer = PluginWriter(db, history_limit=3)
    writer.save("s0", objective="gamma rocket")
    writer.close()
    stats = searcher.sync()
    assert (stats.added, stats.removed) == (1, 1)
    assert searcher.index.counts() == before
    assert _index_docs(searcher) == _store_docs(db)
    assert searcher.search("gamma").hits
    searcher.close()


def test_a_change_still_in_the_wal_is_caught(tmp_path, later_clock):
    """The plugin's connection stays open: its commits sit in ``-wal``, the
    main file is not written."""
    db = _store(tmp_path / "checkpoints.db", snaps=3)
    writer = PluginWriter(db, history_limit=3)
    writer.save("s1", notes="first")  # the -wal now holds frames
    searcher = _settled(db, tmp_path)
    main_file = os.stat(db)
    writer.save("s1", notes="kangaroo")
    assert os.stat(db).st_mtime_ns == main_file.st_mtime_ns  # only the -wal moved
    stats = searcher.sync()
    assert stats.added == 1 and stats.removed == 1
    assert ("current", "s1") in {h.key for h in searcher.search("kangaroo").hits}
    writer.close()
    searcher.close()


def test_a_checkpoint_change_and_a_set_back_mtime_are_caught(tmp_path, later_clock):
    """A rollback-journal store whose mtime is put back after a write (cp -p,
    rsync): the header's change counter and ctime still move."""
    db = _store(tmp_path / "checkpoints.db")
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    searcher = _settled(db, tmp_path)
    st = os.stat(db)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("UPDATE checkpoints SET notes = 'wombat', updated_at = 'x' WHERE session_id='s0'")
    conn.close()
    os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(db).st_size == st.st_size
    stats = searcher.sync()
    assert stats.checkpoints == 1
    assert {h.key for h in searcher.search("wombat").hits} == {("current", "s0")}
    searcher.close()


def test_a_replaced_store_file_is_caught(tmp_path, later_clock):
    db = _store(tmp_path / "a" / "checkpoints.db")
    searcher = _settled(db, tmp_path)
    other = new_store(tmp_path / "b.db")
    conn = connect(other)
    add_project(conn)
    add_session(conn, "x1", "p1")
    add_snapshot(conn, "x1", "p1", "only", Checkpoint(objective="omega").to_payload())
    conn.close()
    _age_files(other)
    os.replace(other, db)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    stats = searcher.sync()
    assert stats.rebuilt
    assert _index_docs(searcher) == _store_docs(db)
    searcher.close()


def test_a_deleted_index_is_rebuilt_whatever_the_stamp(tmp_path, later_clock):
    db = _store(tmp_path / "checkpoints.db")
    searcher = _settled(db, tmp_path)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{searcher.path}{suffix}").unlink(missing_ok=True)
    searcher.sync()
    assert _index_docs(searcher) == _store_docs(db)
    searcher.close()


def test_merge_setting_of_a_build_then_of_catch_ups(tmp_path, monkeypatch):
    """A build merges as FTS5 does by default (a smaller index); catch-ups,
    and indexes made before the setting, merge less often (AUTOMERGE)."""
    monkeypatch.setattr(search_sync, "BATCH", 2)  # 6 snapshots: a build
    db = _store(tmp_path / "checkpoints.db")
    searcher = Searcher(db, tmp_path / "state")
    seen = []
    real = searcher.index._add_batches

    def batches(*args):
        conn = searcher.index._connection()
        seen.append(conn.execute("SELECT v FROM fts_config WHERE k = 'automerge'").fetchone())
        return real(*args)

    monkeypatch.setattr(searcher.index, "_add_batches", batches)
    searcher.sync()
    conn = searcher.index._connection()
    automerge = "SELECT v FROM fts_config WHERE k = 'automerge'"
    assert seen == [(search_file.BUILD_AUTOMERGE,)]
    assert conn.execute(automerge).fetchone() == (search_file.AUTOMERGE,)
    conn.execute("DELETE FROM fts_config WHERE k = 'automerge'")  # an older index
    conn.execute("DELETE FROM meta WHERE key = 'store_stamp'")
    searcher.sync()
    assert conn.execute(automerge).fetchone() == (search_file.AUTOMERGE,)
    assert searcher.index.counts() == (6, 2)
    searcher.close()


def test_the_search_command_imports_no_sqlalchemy_rich_or_textual(tmp_path):
    db = _store(tmp_path / "checkpoints.db")
    code = (
        "import sys; from ckpt_tui.cli.main import main;"
        f"rc = main(['search', 'alpha', '--db', {str(db)!r}]);"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'textual', 'rich')];"
        "print(heavy, file=sys.stderr); raise SystemExit(rc or (1 if heavy else 0))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "alpha" in result.stdout


def test_same_count_and_same_file_size_is_caught(tmp_path, later_clock):
    """A rollback-journal store where a prune plus an insert leaves the file
    the size it was: its times and the header's change counter tell."""
    db = _store(tmp_path / "checkpoints.db", snaps=3)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    searcher = _settled(db, tmp_path)
    size = os.stat(db).st_size
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    gone = conn.execute("SELECT id FROM snapshots WHERE name = 'snap-0-0'").fetchone()[0]
    conn.execute("DELETE FROM snapshots WHERE id = ?", (gone,))
    add_snapshot(conn, "s0", "p1", "snap-0-9", Checkpoint(objective="alpha stepz").to_payload())
    conn.execute("COMMIT")
    conn.close()
    assert os.stat(db).st_size == size
    stats = searcher.sync()
    assert (stats.added, stats.removed) == (1, 1)
    assert _index_docs(searcher) == _store_docs(db)
    searcher.close()


def test_index_file_name_is_the_sha256_of_the_store_path(tmp_path):
    """The name is the one earlier versions gave (their index is reused)."""
    import hashlib

    db = tmp_path / "checkpoints.db"
    digest = hashlib.sha256(os.path.realpath(db).encode()).hexdigest()[:20]
    assert search_file.index_path(tmp_path / "state", db).name == f"index-{digest}.db"

"""The undo journal is state, not cache (SPEC 1): a journal an older
ckpt-tui kept in the cache dir moves to the state dir on first use, once,
whole (the entries in its ``-wal`` too), and never twice."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import platformdirs

from ckpt_tui import paths
from ckpt_tui.core.actions import Service
from ckpt_tui.core.service import open_service
from ckpt_tui.store import Store
from ckpt_tui.store.journal import JournalFile, move_former
from tests.factory import basic_store
from tests.test_concurrency import reap, spawn


def entries(journal: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(journal)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    rows = conn.execute("SELECT session_id, label FROM entries ORDER BY session_id, seq")
    found = [tuple(r) for r in rows]
    conn.close()
    return found


def objective(store_path: Path) -> str:
    conn = sqlite3.connect(store_path)
    value = conn.execute("SELECT objective FROM checkpoints WHERE session_id='s1'").fetchone()[0]
    conn.close()
    return value


def old_version_restores(store_path: Path, journal: Path) -> None:
    """Two restores by an older ckpt-tui whose journal was ``journal``."""
    store = Store(store_path)
    svc = Service(store, JournalFile(journal, store))
    try:
        svc.restore("s1", "first")
        svc.restore("s1", "second")
    finally:
        svc.close()
    # An older version keyed its steps by the store's path, and had no
    # intents nor heads.
    conn = sqlite3.connect(journal)
    key = str(store_path.resolve())
    conn.execute("UPDATE entries SET store_key = ?", (key,))
    conn.execute("UPDATE our_snapshots SET store_key = ?", (key,))
    conn.execute("DROP TABLE intents")
    conn.execute("DROP TABLE heads")
    conn.commit()
    conn.close()
    (journal.parent / "stores.db").unlink()


def test_former_place_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setattr(platformdirs, "user_cache_path", lambda app: tmp_path / "native" / app)
    monkeypatch.delenv("CKPT_TUI_CONFIG")
    assert paths.former_journal_file() == tmp_path / "native" / "ckpt-tui" / "journal.db"
    monkeypatch.setenv("CKPT_TUI_CONFIG", str(tmp_path / "cfg"))
    assert paths.former_journal_file() == tmp_path / "cfg" / "cache" / "journal.db"
    # The state dir is neither: a cache cleaner no longer takes the history.
    assert paths.state_dir() != paths.former_journal_file().parent


def test_undo_history_survives_the_move(tmp_path):
    """Restore A, restore B with an older ckpt-tui (journal in
    ``$CKPT_TUI_CONFIG/cache``); after the update, undo twice gives the state
    before A, which only the moved journal knows."""
    store_path = basic_store(tmp_path / "checkpoints.db")
    old = paths.former_journal_file()
    assert old.parent == Path(os.environ["CKPT_TUI_CONFIG"]) / "cache"
    old_version_restores(store_path, old)
    assert objective(store_path) == "two" and len(entries(old)) == 2

    svc = open_service(store_path)
    try:
        svc.undo("s1")
        assert objective(store_path) == "one"
        svc.undo("s1")
        assert objective(store_path) == "start"
    finally:
        svc.close()
    new = paths.state_dir() / "journal.db"
    assert len(entries(new)) == 2
    assert not any(Path(f"{old}{s}").exists() for s in ("", "-wal", "-shm"))


def test_entries_only_in_the_wal_come_along(tmp_path):
    old = tmp_path / "cache" / "journal.db"
    store_path = basic_store(tmp_path / "checkpoints.db")
    JournalFile(old, Store(store_path)).close()
    holder = sqlite3.connect(old, isolation_level=None)  # an old ckpt-tui, still running
    holder.execute("PRAGMA wal_autocheckpoint=0")
    holder.execute(
        "INSERT INTO entries (store_key, session_id, seq, action, label, before, after, done,"
        " created_at) VALUES ('k', 's9', 1, 'restore', 'in the wal', '{}', '{}', 1, 'now')"
    )
    assert Path(f"{old}-wal").stat().st_size > 0
    new = tmp_path / "state" / "journal.db"
    try:
        assert move_former(new, old) is True
    finally:
        holder.close()
    assert entries(new) == [("s9", "in the wal")]
    assert not old.exists()


def test_nothing_moves_over_an_existing_journal(tmp_path):
    store_path = basic_store(tmp_path / "checkpoints.db")
    old, new = tmp_path / "cache" / "journal.db", tmp_path / "state" / "journal.db"
    old_version_restores(store_path, old)
    JournalFile(new, Store(store_path)).close()
    before = old.read_bytes()
    assert move_former(new, old) is False
    assert entries(new) == [] and old.read_bytes() == before


def test_an_unreadable_old_journal_is_left_alone(tmp_path):
    store_path = basic_store(tmp_path / "checkpoints.db")
    old, new = tmp_path / "cache" / "journal.db", tmp_path / "state" / "journal.db"
    old.parent.mkdir()
    old.write_bytes(b"not sqlite" * 500)
    journal = JournalFile(new, Store(store_path), old)
    try:
        assert journal.last_done("s1") is None  # a fresh journal works
    finally:
        journal.close()
    assert old.read_bytes() == b"not sqlite" * 500
    assert not list(new.parent.glob("*.moving*"))


def test_six_processes_starting_at_once_move_it_once(tmp_path):
    store_path = basic_store(tmp_path / "checkpoints.db")
    old, new = tmp_path / "cache" / "journal.db", tmp_path / "state" / "journal.db"
    old_version_restores(store_path, old)
    holder = sqlite3.connect(old, isolation_level=None)  # its -wal stays while they move
    holder.execute("PRAGMA wal_autocheckpoint=0")
    holder.execute("UPDATE entries SET label = label || ' (late)' WHERE seq = 2")
    procs = [spawn("journal_first_use", new, store_path, f"w{i}", old) for i in range(6)]
    try:
        for proc in procs:
            assert proc.stdout.readline().strip() == "ready"
        for proc in procs:  # release them together
            proc.stdin.write("go\n")
            proc.stdin.flush()
        results = [proc.communicate(timeout=60) for proc in procs]
    finally:
        holder.close()
        for proc in procs:
            reap(proc)
    for proc, (_out, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err
    found = entries(new)
    assert sorted(s for s, _ in found if s.startswith("w")) == [f"w{i}" for i in range(6)]
    s1 = [label for s, label in found if s == "s1"]
    assert len(s1) == 2 and s1[1].endswith("(late)"), found
    assert not old.exists()
    assert not list(new.parent.glob("*.moving*"))

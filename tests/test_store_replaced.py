"""A store replaced under an open ckpt-tui (the demo regenerated, a backup
copied back): the next write lands in the file at the path, never in the
one that was removed, and the replacement is said in one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ckpt_tui.errors import CkptError, ReadOnly, StoreMissing
from ckpt_tui.store import Store
from tests.factory import add_project, basic_store, connect

SIDE = ("", "-wal", "-shm")


def move_store(src: Path, dst: Path) -> None:
    """Move a store file with its side files, as ``mv`` of the three does."""
    for suffix in SIDE:
        if Path(f"{src}{suffix}").exists():
            Path(f"{src}{suffix}").rename(f"{dst}{suffix}")


def other_store(tmp_path: Path) -> Path:
    """Another store, told apart by its project ``p2``, closed (no side files)."""
    path = basic_store(tmp_path / "other" / "checkpoints.db")
    conn = connect(path)
    add_project(conn, "p2")
    conn.close()
    return path


def replace_under(path: Path, tmp_path: Path, new: Path | None = None) -> Path:
    """Move the open store aside (where it stays readable) and put another
    store at its path; the old file's new place."""
    aside = tmp_path / "aside.db"
    move_store(path, aside)
    move_store(new or other_store(tmp_path), path)
    return aside


def directories(path: Path) -> dict[str, str]:
    conn = sqlite3.connect(path)
    rows = dict(conn.execute("SELECT id, directory FROM projects"))
    conn.close()
    return rows


def set_directory(store: Store, value: str) -> None:
    store.write(
        lambda conn: conn.exec_driver_sql(
            "UPDATE projects SET directory = ? WHERE id = 'p1'", (value,)
        )
    )


def test_second_write_of_one_store_lands_in_the_new_file(tmp_path):
    path = basic_store(tmp_path / "checkpoints.db")
    store = Store(path)
    try:
        set_directory(store, "/first")  # the writer is open on the first file
        aside = replace_under(path, tmp_path)
        set_directory(store, "/second")
        assert directories(path) == {"p1": "/second", "p2": "/tmp/projects/p2"}
        assert directories(aside) == {"p1": "/first"}, "the removed file got the write"
        notices = store.take_notices()
        assert len(notices) == 1 and "replaced" in notices[0] and "\n" not in notices[0]
        assert store.take_notices() == []
        with store.read() as conn:  # reads follow too
            assert conn.conn.execute("SELECT count(*) FROM projects").fetchone()[0] == 2
    finally:
        store.close()


def test_replaced_between_the_check_and_the_lock_is_caught_inside_the_write(
    tmp_path, monkeypatch
):
    """The path check before a write can be overtaken: the write checks again,
    holding the lock, that its connection's file is the one at the path."""
    path = basic_store(tmp_path / "checkpoints.db")
    store = Store(path)
    try:
        set_directory(store, "/first")
        aside = replace_under(path, tmp_path)
        real = store.follow_path
        late = iter([False])  # the first check ran just before the replacement
        monkeypatch.setattr(store, "follow_path", lambda: next(late, None) or real())
        set_directory(store, "/second")
        assert directories(path)["p1"] == "/second"
        assert directories(aside) == {"p1": "/first"}
    finally:
        store.close()


def test_a_removed_store_refuses_writes_in_one_line(tmp_path):
    path = basic_store(tmp_path / "checkpoints.db")
    store = Store(path)
    try:
        set_directory(store, "/first")
        aside = tmp_path / "aside.db"
        move_store(path, aside)
        with pytest.raises(StoreMissing) as caught:
            set_directory(store, "/second")
        assert "no longer exists" in str(caught.value) and "\n" not in str(caught.value)
        assert directories(aside) == {"p1": "/first"}
        assert not path.exists(), "refusing must not create a file at the path"
        assert [n for n in store.take_notices() if "removed" in n]
        # A store put back at the path is followed.
        move_store(other_store(tmp_path), path)
        set_directory(store, "/back")
        assert directories(path)["p1"] == "/back"
    finally:
        store.close()


def test_replaced_by_something_that_is_not_a_store(tmp_path):
    path = basic_store(tmp_path / "checkpoints.db")
    store = Store(path)
    try:
        set_directory(store, "/first")
        aside = tmp_path / "aside.db"
        move_store(path, aside)
        path.write_bytes(b"not a database at all" * 100)
        with pytest.raises(CkptError) as caught:
            set_directory(store, "/second")
        assert "\n" not in str(caught.value)
        assert directories(aside) == {"p1": "/first"}
        assert path.read_bytes().startswith(b"not a database")
    finally:
        store.close()


def test_the_new_file_brings_its_own_read_only_reason(tmp_path):
    """Replaced by a store of a newer schema: reopened read-only, writes refused."""
    path = basic_store(tmp_path / "checkpoints.db")
    store = Store(path)
    try:
        assert store.writable
        newer = other_store(tmp_path)
        conn = connect(newer)
        conn.execute("PRAGMA user_version=3")
        conn.close()
        replace_under(path, tmp_path, newer)
        assert store.follow_path() is True
        assert store.version == 3 and "newer" in store.read_only_reason
        with pytest.raises(ReadOnly):
            set_directory(store, "/second")
    finally:
        store.close()


def test_the_same_file_moved_back_is_not_a_replacement(tmp_path):
    path = basic_store(tmp_path / "checkpoints.db")
    store = Store(path)
    try:
        set_directory(store, "/first")
        aside = tmp_path / "aside.db"
        move_store(path, aside)
        assert store.follow_path() is False and store.gone
        move_store(aside, path)
        assert store.follow_path() is False and not store.gone
        set_directory(store, "/again")
        assert directories(path) == {"p1": "/again"}
        notices = store.take_notices()
        assert len(notices) == 1 and "removed" in notices[0]
    finally:
        store.close()

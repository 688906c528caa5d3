"""The store file's identity (``store.file_identity``): one origin per
store file, whatever its path does."""

from __future__ import annotations

import shutil
import sqlite3
import uuid
from pathlib import Path

import pytest

from ckpt_tui import paths
from ckpt_tui.store import file_identity as fi
from ckpt_tui.store.file_identity import identify
from tests.factory import add_snapshot, basic_store, connect


def origin(path: Path, state: Path | None = None) -> fi.Identity:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return identify(conn, path, state)
    finally:
        conn.close()


def test_the_same_file_keeps_its_origin(tmp_path):
    db = basic_store(tmp_path / "a.db")
    first = origin(db)
    again = origin(db)
    assert first.minted and not again.minted
    assert first.origin == again.origin
    assert (paths.state_dir() / fi.STATE_FILE).is_file()  # ours, not in the store
    conn = sqlite3.connect(db)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    conn.close()
    assert not {"origins", "anchors"} & tables


def test_another_store_copied_over_the_file_is_another_origin(tmp_path):
    a = basic_store(tmp_path / "a.db")
    b = basic_store(tmp_path / "b.db")
    inode = a.stat().st_ino
    first = origin(a)
    shutil.copyfile(b, a)  # cp B.db A.db: A's inode, B's store
    assert a.stat().st_ino == inode
    after = origin(a)
    assert after.origin != first.origin and after.minted


def test_a_store_made_again_on_a_reused_inode_is_another_origin(tmp_path):
    """``demo --force`` unlinks and recreates: the inode number may come back,
    with the same sessions (the demo's are fixed) but other snapshots."""
    registry = fi._Registry(tmp_path / "state")
    sessions = ("ses_1\x1f2026-01-01T00:00:00.000Z",)
    try:
        old = registry.identify(tmp_path / "c.db", (1, 42), fi.Anchors(("a", "b"), sessions, 1, 9))
        new = registry.identify(tmp_path / "c.db", (1, 42), fi.Anchors(("x",), sessions, 1, 9))
        assert new.origin != old.origin
        # the old origin no longer claims that inode
        again = registry.identify(tmp_path / "c.db", (1, 42), fi.Anchors(("x",), sessions, 1, 9))
        assert again.origin == new.origin
    finally:
        registry.close()


def test_a_store_without_snapshots_keeps_its_origin_by_inode(tmp_path):
    db = basic_store(tmp_path / "a.db")
    conn = connect(db)
    conn.execute("DELETE FROM snapshots")
    conn.close()
    first = origin(db)
    assert origin(db).origin == first.origin
    conn = connect(db)
    add_snapshot(conn, "s1", "p1", "later", {"title": "x"})
    conn.close()
    assert origin(db).origin == first.origin  # its first anchors are recorded for it


def test_a_copy_beside_the_original_is_another_origin(tmp_path):
    a = basic_store(tmp_path / "a.db")
    first = origin(a)
    copy = tmp_path / "copy.db"
    shutil.copyfile(a, copy)
    assert origin(copy).origin != first.origin
    assert origin(a).origin == first.origin  # the original is still itself
    assert origin(copy).origin == origin(copy).origin


def test_a_moved_store_keeps_its_origin(tmp_path):
    a = basic_store(tmp_path / "a.db")
    first = origin(a)
    moved = tmp_path / "moved.db"
    a.rename(moved)
    assert origin(moved).origin == first.origin
    # put back at its path by a rename (a backup restored with mv): still itself
    moved.rename(a)
    assert origin(a).origin == first.origin


def plugin_saves(conn, n: int, keep: int = 50) -> None:
    """``n`` saves of one session, each pruning to the newest ``keep``."""
    for _ in range(n):
        add_snapshot(conn, "s1", "p1", f"auto-{uuid.uuid4()}", {"title": "x"}, kind="auto")
        conn.execute(
            "DELETE FROM snapshots WHERE rowid NOT IN "
            "(SELECT rowid FROM snapshots ORDER BY rowid DESC LIMIT ?)",
            (keep,),
        )


def test_pruned_anchors_are_followed_while_ckpt_tui_looks(tmp_path):
    db = basic_store(tmp_path / "a.db")
    first = origin(db).origin
    conn = connect(db)
    for round_ in range(5):
        plugin_saves(conn, 40)
        assert origin(db).origin == first, round_
    conn.close()


def test_a_store_pruned_past_all_it_showed_is_still_itself(tmp_path):
    """One busy session saved more than the history limit while no ckpt-tui
    looked: every snapshot id seen is gone, but the sessions are there and
    every snapshot is newer than all that was seen."""
    db = basic_store(tmp_path / "a.db")
    first = origin(db).origin
    conn = connect(db)
    plugin_saves(conn, 200)
    conn.close()
    assert origin(db).origin == first


def test_another_machine_is_another_origin(tmp_path):
    db = basic_store(tmp_path / "a.db")
    here = origin(db).origin
    elsewhere = origin(db, tmp_path / "other-machine-state").origin
    assert elsewhere != here


def test_a_store_reads_its_own_origin(tmp_path):
    from ckpt_tui.store import Store

    db = basic_store(tmp_path / "a.db")
    store = Store(db)
    try:
        assert fi.store_origin(store) == origin(db).origin
    finally:
        store.close()


def test_an_unusable_state_dir_is_one_error(tmp_path):
    db = basic_store(tmp_path / "a.db")
    blocked = tmp_path / "state-is-a-file"
    blocked.write_text("x")
    with pytest.raises(fi.FileIdentityError, match="cannot be used"):
        origin(db, blocked)


def test_a_regenerated_demo_is_another_store_with_the_same_content(tmp_path):
    from ckpt_tui.core.demo import build_demo

    db = Path(build_demo(tmp_path / "demo", seed=7)["db"])

    def content() -> tuple[set[str], list[tuple]]:
        conn = sqlite3.connect(db)
        ids = {r[0] for r in conn.execute("SELECT id FROM snapshots")}
        rows = conn.execute(
            "SELECT session_id, name, kind, payload FROM snapshots "
            "WHERE kind != 'legacy' ORDER BY session_id, name"
        ).fetchall()
        conn.close()
        return ids, rows

    first_ids, first_rows = content()
    first = origin(db).origin
    build_demo(tmp_path / "demo", seed=7, force=True)
    again_ids, again_rows = content()
    assert again_rows == first_rows
    assert not first_ids & again_ids
    assert origin(db).origin != first

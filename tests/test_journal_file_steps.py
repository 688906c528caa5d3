"""The journal's steps belong to one store file (its origin), not to its
path: a store replaced at the same path, before or while ckpt-tui has it
open, starts with no steps, and no step is replayed into another file."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ckpt_tui.core.service import open_service
from ckpt_tui.errors import NothingToDo
from tests.factory import basic_store


def objective(svc, sid: str = "s1") -> str:
    return svc.current(sid).checkpoint.objective


def copy_over(source: Path, target: Path) -> None:
    """``cp B.db A.db``: A's inode, B's bytes (its -wal and -shm gone first)."""
    for suffix in ("-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    inode = target.stat().st_ino
    shutil.copyfile(source, target)
    assert target.stat().st_ino == inode


def test_redo_is_never_replayed_into_a_store_copied_over_the_path(tmp_path):
    """Restore and undo on A, ``cp B.db A.db``, redo: nothing of A's goes
    into B (B has the same session, made the same way)."""
    a = basic_store(tmp_path / "a.db")
    b = basic_store(tmp_path / "b.db")
    svc = open_service(a)
    svc.restore("s1", "first")
    svc.undo("s1")
    assert svc.next_steps("s1").redo
    svc.close()
    copy_over(b, a)

    svc = open_service(a)
    try:
        assert svc.next_steps("s1") == (None, None)
        with pytest.raises(NothingToDo):
            svc.redo("s1")
        with pytest.raises(NothingToDo):
            svc.undo("s1")
        assert objective(svc) == "start"  # B as it was
    finally:
        svc.close()


def test_a_store_replaced_while_open_offers_no_step_of_the_old_file(tmp_path):
    """The service stays open while the file at its path is made again
    (``demo --force``: unlinked and recreated, maybe on the same inode
    number)."""
    a = basic_store(tmp_path / "a.db")
    svc = open_service(a)
    try:
        svc.snapshot_create("s1", "before-refactor")
        svc.restore("s1", "first")
        svc.undo("s1")
        assert svc.next_steps("s1") == ("snapshot 'before-refactor'", "restore of first (all fields)")

        for suffix in ("", "-wal", "-shm"):
            Path(f"{a}{suffix}").unlink(missing_ok=True)
        basic_store(a)  # another store, the same sessions
        assert svc.next_steps("s1") == (None, None)
        with pytest.raises(NothingToDo):
            svc.redo("s1")
        with pytest.raises(NothingToDo):
            svc.undo("s1")
        assert [r.name for r in svc.snapshots("s1").rows] == ["second", "first"]

        svc.restore("s1", "second")  # the new file's own steps work
        assert svc.next_steps("s1").undo == "restore of second (all fields)"
    finally:
        svc.close()


def test_a_store_moved_keeps_its_steps(tmp_path):
    a = basic_store(tmp_path / "a.db")
    svc = open_service(a)
    svc.restore("s1", "first")
    svc.close()
    moved = tmp_path / "moved.db"
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{a}{suffix}").exists():
            os.rename(f"{a}{suffix}", f"{moved}{suffix}")
    svc = open_service(moved)
    try:
        assert svc.next_steps("s1").undo == "restore of first (all fields)"
        svc.undo("s1")
        assert objective(svc) == "start"
    finally:
        svc.close()

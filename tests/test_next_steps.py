"""What the key bar says undo and redo will do: ``Service.next_steps`` names
the step ``plan_undo``/``plan_redo`` would take, by the same rules."""

from __future__ import annotations

from pathlib import Path

from ckpt_tui.core.service import open_service
from tests.factory import add_snapshot, basic_store, connect


def test_next_steps_follow_restore_undo_redo_and_snapshots(tmp_path: Path) -> None:
    svc = open_service(basic_store(tmp_path / "checkpoints.db"))
    try:
        assert svc.next_steps("s1") == (None, None)
        svc.restore("s1", "first")
        undo, redo = svc.next_steps("s1")
        assert undo is not None and undo.startswith("restore of first")
        assert svc.plan_undo("s1").label == f"undo {undo}"
        assert redo is None
        svc.undo("s1")
        undo, redo = svc.next_steps("s1")
        assert undo is None and redo is not None and redo.startswith("restore of first")
        assert svc.plan_redo("s1").label == f"redo {redo}"
        svc.snapshot_create("s1", "mine")
        assert svc.next_steps("s1") == ("snapshot 'mine'", None)  # the redo tail is dropped
    finally:
        svc.close()


def test_next_undo_is_the_plugins_after_a_restore_outside_ckpt_tui(tmp_path: Path) -> None:
    path = basic_store(tmp_path / "checkpoints.db")
    svc = open_service(path)
    try:
        svc.restore("s1", "first")
        # Another process restores (its pre-restore snapshot is not ours).
        conn = connect(path)
        add_snapshot(
            conn, "s1", "p1", "theirs", "{}", kind="pre-restore", at="2099-01-01T00:00:00.000Z"
        )
        conn.close()
        undo, _redo = svc.next_steps("s1")
        assert undo == "restore of theirs"
        assert svc.plan_undo("s1").label.startswith("undo: back to theirs")
    finally:
        svc.close()


def test_next_steps_without_a_journal_leave_sqlalchemy_for_the_warm_up(tmp_path: Path) -> None:
    """The key bar asks right after the first frame: with no journal to
    read, the newest pre-restore snapshot is read with plain ``sqlite3``
    (importing SQLAlchemy cost 0.13 s of CPU there, competing with the UI
    thread), and names the snapshot the usual read names, an epoch-ms time
    (newer) and an ISO one side by side."""
    import json
    import subprocess
    import sys

    path = basic_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    add_snapshot(conn, "s1", "p1", "iso", "{}", kind="pre-restore", at="2026-11-01T10:05:00.000Z")
    add_snapshot(conn, "s1", "p1", "epoch", "{}", kind="pre-restore", at="1793527560000")
    conn.close()
    script = (
        "import json, sys\n"
        "from ckpt_tui.core.service import open_service\n"
        f"svc = open_service({str(path)!r})\n"
        "steps = svc.next_steps('s1')\n"
        "imported = 'sqlalchemy' in sys.modules\n"
        "usual = svc.undo_redo.newest_pre_restore('s1')['name']\n"
        "print(json.dumps([steps.undo, imported, usual]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    undo, imported, usual = json.loads(out)
    assert (undo, imported, usual) == ("restore of epoch", False, "epoch")

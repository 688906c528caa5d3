"""Once ckpt-tui has seen corruption in a store file (``doctor``'s
``integrity_check``, or SQLite saying "malformed" on any read), it refuses
every write to that file in one line, in this process and the next ones,
until ``doctor`` finds it whole again (issue 23, point 10). A repaired copy
moved over the path is another file and is written at once."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sqlite3
from pathlib import Path

from ckpt_tui.cli.main import main
from ckpt_tui.core.service import open_service
from tests.factory import add_snapshot, basic_store, connect
from tests.test_doctor import _damage_a_snapshots_page


def cli(path: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*argv, "--db", str(path)])
    return code, out.getvalue(), err.getvalue()


def _checkpoint(path: Path) -> None:
    conn = connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def damage_an_index(path: Path) -> None:
    """Change one byte of a key in ``projects_directory_idx``: the index no
    longer matches its table, so ``integrity_check`` fails, while every
    read and every write of ckpt-tui (none touches that index) still works."""
    _checkpoint(path)
    conn = sqlite3.connect(path)
    root = conn.execute(
        "SELECT rootpage FROM sqlite_master WHERE name = 'projects_directory_idx'"
    ).fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    page = data[(root - 1) * size : root * size]
    at = page.index(b"/tmp/projects/p1")
    data[(root - 1) * size + at + len(b"/tmp/projects/")] = ord("q")
    path.write_bytes(bytes(data))


def repair(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("REINDEX")
    conn.close()


def snapshot_names(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM snapshots ORDER BY name")]
    finally:
        conn.close()


def test_doctor_seeing_corruption_refuses_writes_until_it_finds_the_store_whole(store_path):
    damage_an_index(store_path)
    assert cli(store_path, "list", "sessions")[0] == 0  # the damage hides from reads
    code, out, _ = cli(store_path, "doctor", "--json")
    integrity = next(c for c in json.loads(out)["checks"] if c["name"] == "integrity_check")
    assert code == 1 and not integrity["ok"]
    assert "writes refused" in integrity["detail"]

    before = store_path.read_bytes()
    for argv in (["snapshot", "s1", "mine"], ["restore", "s1", "first"]):
        code, _, err = cli(store_path, *argv)
        assert code == 1 and err.count("\n") == 1, (argv, err)
        assert "damaged" in err and "doctor" in err and "nothing was written" in err
    assert store_path.read_bytes() == before

    svc = open_service(store_path)  # the app, opened later: its writes are refused too
    try:
        assert not svc.store.writable and "damaged" in svc.store.read_only_reason
    finally:
        svc.close()

    repair(store_path)
    assert cli(store_path, "snapshot", "s1", "too-early")[0] == 1  # doctor has not looked
    code, out, _ = cli(store_path, "doctor")
    assert "[ok ] integrity_check: ok (writes allowed again)" in out
    code, _, err = cli(store_path, "snapshot", "s1", "mine")
    assert code == 0, err
    assert "mine" in snapshot_names(store_path) and "too-early" not in snapshot_names(store_path)


def padded_store(tmp_path: Path) -> Path:
    """``basic_store`` with enough snapshots for the table to span pages."""
    path = basic_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    for i in range(300):
        add_snapshot(conn, "s1", "p1", f"pad-{i}", {"notes": "x" * 500}, at=f"2026-11-02T{i:06d}")
    conn.close()
    return path


def test_a_read_that_meets_corruption_refuses_the_next_write(tmp_path):
    path = padded_store(tmp_path)
    _damage_a_snapshots_page(path)
    before = path.read_bytes()
    code, _, err = cli(path, "list", "snapshots", "s1")
    assert code == 1 and "malformed" in err
    code, _, err = cli(path, "snapshot", "s1", "mine")  # another process, later
    assert code == 1 and err.count("\n") == 1
    assert "damaged" in err and "malformed" in err and "nothing was written" in err
    assert path.read_bytes() == before


def test_the_app_stops_writing_once_a_read_met_corruption(tmp_path):
    path = padded_store(tmp_path)
    svc = open_service(path)
    try:
        assert svc.store.writable
        _damage_a_snapshots_page(path)
        try:
            svc.all_snapshots("s1")
        except Exception as exc:  # noqa: BLE001 - the store's one line
            assert "malformed" in str(exc)
        assert not svc.store.writable and "damaged" in svc.store.read_only_reason
    finally:
        svc.close()


def test_a_repaired_copy_moved_over_the_path_is_written_at_once(store_path, tmp_path):
    damage_an_index(store_path)
    assert cli(store_path, "doctor")[0] == 1
    fixed = tmp_path / "fixed.db"
    shutil.copyfile(store_path, fixed)
    repair(fixed)
    fixed.replace(store_path)  # another file at the path: not the one seen damaged
    code, _, err = cli(store_path, "snapshot", "s1", "mine")
    assert code == 0, err


def test_corruption_seen_on_open_is_remembered_for_the_file(tmp_path):
    """A store whose schema is damaged cannot be opened; the note it leaves
    keeps the file's writes refused should it open later, until doctor."""
    import random

    from ckpt_tui.errors import StoreUnreadable
    from ckpt_tui.store import Store, damage
    from ckpt_tui.store.connection import file_id

    path = basic_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    data[size - 200 : size] = random.Random(3).randbytes(200)  # sqlite_master's cells
    path.write_bytes(bytes(data))
    try:
        Store(path)
    except StoreUnreadable as exc:
        assert "malformed" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("the damaged schema opened")
    assert "malformed" in damage.seen(file_id(path))

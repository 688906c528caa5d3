"""``doctor``: it counts what it lists, and on a store with a damaged page it
still prints its whole report (and exits 1), while ``list`` fails in one line."""

from __future__ import annotations

import contextlib
import io
import json
import random
import sqlite3
from pathlib import Path

from ckpt_tui.cli.main import main
from tests.factory import add_session, add_snapshot, basic_store, connect

CHECKS = {
    "schema version",
    "integrity_check",
    "foreign_key_check",
    "damaged payloads",
    "damaged fields",
    "text that is not UTF-8",
    "sessions without a checkpoint",
}


def cli(path: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*argv, "--db", str(path)])
    return code, out.getvalue(), err.getvalue()


def test_doctor_lists_everything_it_counts(store_path):
    conn = connect(store_path)
    for i in range(60):  # more than any old cut-off (5 shown, 50 listed)
        add_snapshot(conn, "s1", "p1", f"bad-{i:02}", "{oops", at=f"2026-11-02T10:{i:02}:00.000Z")
        add_session(conn, f"empty-{i:02}", "p1")
    conn.close()
    code, out, _ = cli(store_path, "doctor", "--json")
    checks = {c["name"]: c for c in json.loads(out)["checks"]}
    assert code == 1
    payloads = checks["damaged payloads"]
    assert payloads["count"] == len(payloads["items"]) == 60
    assert [i["snapshot"] for i in payloads["items"]] == [f"bad-{i:02}" for i in range(60)]
    missing = checks["sessions without a checkpoint"]
    assert missing["ok"] and missing["count"] == len(missing["items"]) == 60
    code, out, _ = cli(store_path, "doctor")
    assert "[BAD] damaged payloads: 60" in out
    assert sum(line.strip().startswith("s1/bad-") for line in out.splitlines()) == 60
    assert "[ok ] sessions without a checkpoint: 60" in out
    assert sum(line.strip().startswith("empty-") for line in out.splitlines()) == 60


def _damage_a_snapshots_page(path: Path) -> None:
    """Overwrite one leaf page of the snapshots table's b-tree (not the
    file header, not sqlite_master): the file still opens."""
    conn = connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode=DELETE")
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'snapshots'").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    start = (root - 1) * size
    assert data[start] == 0x05, "the snapshots table should span several pages"
    # An interior table page: 12-byte header, then cell pointers; each cell
    # starts with a 4-byte child page number.
    cell = int.from_bytes(data[start + 12 : start + 14], "big")
    leaf = int.from_bytes(data[start + cell : start + cell + 4], "big")
    assert leaf > 1
    offset = (leaf - 1) * size
    data[offset + 8 : offset + size] = random.Random(5).randbytes(size - 8)
    path.write_bytes(bytes(data))


def test_doctor_reports_a_damaged_page_and_list_fails_in_one_line(tmp_path):
    path = basic_store(tmp_path / "checkpoints.db")
    conn = connect(path)
    for i in range(300):
        add_snapshot(conn, "s1", "p1", f"pad-{i}", {"notes": "x" * 500}, at=f"2026-11-02T{i:06d}")
    conn.close()
    _damage_a_snapshots_page(path)
    damaged = path.read_bytes()

    code, out, err = cli(path, "doctor")
    assert code == 1 and err == ""
    lines = out.splitlines()
    printed = {line[6:].split(":")[0] for line in lines if line.startswith("[")}
    assert printed == CHECKS  # the whole report, not one error line
    assert "[BAD] integrity_check" in out

    code, out, _ = cli(path, "doctor", "--json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False
    assert {c["name"] for c in report["checks"]} == CHECKS
    integrity = next(c for c in report["checks"] if c["name"] == "integrity_check")
    assert integrity["ok"] is False and integrity["count"] == len(integrity["items"]) > 0

    code, out, err = cli(path, "list", "snapshots", "s1")
    assert code == 1 and out == ""
    assert err.startswith("ckpt-tui: ") and err.count("\n") == 1 and "Traceback" not in err
    assert "malformed" in err or "not a readable" in err
    assert path.read_bytes() == damaged  # neither wrote anything
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2

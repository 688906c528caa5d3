"""A lock message states the wait that really happened, not one timeout."""

from __future__ import annotations

import re
import sqlite3
import time

import pytest

from ckpt_tui.core.service import open_service
from ckpt_tui.errors import StoreBusy
from ckpt_tui.opencode import OpencodeReader
from ckpt_tui.store import connection, engine
from tests.factory import connect
from tests.opencode_fixture import copy_fixture

WAITED = re.compile(r"waited (\d+\.\d) s over (\d+) attempts")


def test_a_locked_write_says_how_long_it_really_waited(store_path, monkeypatch):
    """Three attempts of 200 ms each plus the backoff between them: the
    message said "waited 0 s" (the configured timeout, rounded down) before."""
    monkeypatch.setattr(engine, "BUSY_TIMEOUT_MS", 200)
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 200)  # its PRAGMA busy_timeout
    monkeypatch.setattr(engine, "WRITE_ATTEMPTS", 3)
    svc = open_service(store_path)
    blocker = connect(store_path)
    try:
        blocker.execute("BEGIN IMMEDIATE")
        started = time.monotonic()
        with pytest.raises(StoreBusy) as err:
            svc.restore("s1", "first")
        elapsed = time.monotonic() - started
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
        svc.close()
    message = str(err.value)
    match = WAITED.search(message)
    assert match, message
    waited, attempts = float(match.group(1)), int(match.group(2))
    assert attempts == 3
    assert waited >= 0.6 - 0.05  # at least three busy timeouts
    assert waited <= elapsed + 0.05  # and no more than what happened


def test_a_busy_opencode_database_says_how_long_it_waited(tmp_path):
    data_dir = copy_fixture(tmp_path / "opencode")
    db = data_dir / "opencode.db"
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")  # an exclusive lock blocks readers only here
    conn.execute("BEGIN EXCLUSIVE")
    try:
        result = OpencodeReader(data_dir, busy_timeout_ms=300).sessions()
    finally:
        conn.execute("ROLLBACK")
        conn.close()
    (error,) = [s.error for s in result.sources if s.kind == "db"]
    match = re.search(r"after waiting (\d+\.\d) s", error or "")
    assert match, error
    assert float(match.group(1)) >= 0.3 - 0.05

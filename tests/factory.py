"""Building real store files for tests, the way the plugin writes them.

``PluginWriter`` mirrors what the plugin's save does (SPEC 5.2, 5.3): one
``BEGIN IMMEDIATE`` that reads, merges, writes the checkpoint only if it
changed, takes an ``auto`` snapshot, and prunes. Tests and concurrency
workers use it as "the other process".
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import time
import uuid
from datetime import timedelta
from pathlib import Path

from ckpt_tui import timeutil
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.store import Store
from ckpt_tui.store.schema import ddl

_seq = itertools.count(1)
T0 = "2026-11-01T10:00:00.000Z"


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=5000")
    return conn


def new_store(path: Path, version: int = 2) -> Path:
    """An empty store at ``version`` made with the plugin's DDL."""
    if version == 2:
        Store.create(path).close()
        return path
    conn = connect(path)
    for statement in ddl(version):
        conn.execute(statement)
    conn.execute(f"PRAGMA user_version={version}")
    conn.close()
    return path


def add_project(conn, project_id="p1", directory=None, at=T0) -> str:
    directory = directory or f"/tmp/projects/{project_id}"
    conn.execute(
        "INSERT INTO projects (id, directory, canonical, created_at, updated_at) VALUES (?,?,?,?,?)",
        (project_id, directory, directory, at, at),
    )
    return project_id


def add_session(conn, session_id="s1", project_id="p1", title="A session", parent=None, at=T0):
    conn.execute(
        "INSERT INTO sessions (id, project_id, parent_id, title, created_at, updated_at) "
        "VALUES (?,?,?,?,?,?)",
        (session_id, project_id, parent, title, at, at),
    )
    return session_id


def set_checkpoint(conn, session_id, project_id, cp: Checkpoint, at=T0) -> None:
    row = cp.to_row()
    cols = ", ".join(row)
    marks = ", ".join("?" * len(row))
    updates = ", ".join(f"{c}=excluded.{c}" for c in row)
    conn.execute(
        f"INSERT INTO checkpoints (session_id, project_id, {cols}, created_at, updated_at) "
        f"VALUES (?, ?, {marks}, ?, ?) ON CONFLICT(session_id) DO UPDATE SET {updates}, "
        "updated_at=excluded.updated_at",
        (session_id, project_id, *row.values(), at, at),
    )


def add_snapshot(conn, session_id, project_id, name, payload, kind="manual", at=T0, sid=None):
    text = payload if isinstance(payload, str) else json.dumps(payload)
    conn.execute(
        "INSERT INTO snapshots (id, session_id, project_id, name, kind, captured_at, payload) "
        "VALUES (?,?,?,?,?,?,?)",
        (sid or str(uuid.uuid4()), session_id, project_id, name, kind, at, text),
    )


def basic_store(path: Path) -> Path:
    """One project, one session with a checkpoint and two manual snapshots."""
    new_store(path)
    conn = connect(path)
    add_project(conn)
    add_session(conn)
    set_checkpoint(conn, "s1", "p1", Checkpoint(objective="start", nextSteps=("a", "b")))
    add_snapshot(
        conn, "s1", "p1", "first",
        Checkpoint(objective="one", status="blocked", blockers=("x",)).to_payload(),
        at="2026-11-01T10:01:00.000Z",
    )
    add_snapshot(
        conn, "s1", "p1", "second",
        Checkpoint(objective="two", status="done", nextSteps=("b", "c")).to_payload(),
        at="2026-11-01T10:02:00.000Z",
    )
    conn.close()
    return path


class PluginWriter:
    """A save as the plugin does it: merge, no phantom progress, auto snapshot, prune."""

    def __init__(self, path: Path, history_limit: int = 50) -> None:
        self.conn = connect(path)
        self.history_limit = history_limit

    def close(self) -> None:
        self.conn.close()

    def save(self, session_id: str, check=None, **changes) -> bool:
        """``check(current)``: called with the checkpoint as this save reads
        it, inside its transaction (a writer's own log checked against it)."""
        conn = self.conn
        for attempt in range(20):
            try:
                conn.execute("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError:
                if attempt == 19:
                    raise
        try:
            row = conn.execute(
                "SELECT * FROM checkpoints WHERE session_id=?", (session_id,)
            ).fetchone()
            cols = [d[0] for d in conn.execute("SELECT * FROM checkpoints LIMIT 0").description]
            current = Checkpoint.from_row(dict(zip(cols, row, strict=True)))
            if check is not None:
                check(current)
            merged = Checkpoint.from_payload({**current.to_payload(), **changes})
            if merged == current:
                conn.execute("COMMIT")
                return False
            project_id = row[cols.index("project_id")]
            newest = conn.execute(
                "SELECT max(captured_at) FROM snapshots WHERE session_id=?", (session_id,)
            ).fetchone()[0]
            stamp = _stamp_past(newest)
            set_checkpoint(conn, session_id, project_id, merged, at=stamp)
            name = f"auto-{timeutil.epoch_ms(timeutil.now())}-{os.getpid()}{next(_seq)}"
            add_snapshot(conn, session_id, project_id, name, merged.to_payload(), "auto", stamp)
            keep = conn.execute(
                "SELECT id FROM snapshots WHERE session_id=? ORDER BY captured_at DESC, id DESC "
                "LIMIT ?",
                (session_id, self.history_limit),
            ).fetchall()
            newest_pre = conn.execute(
                "SELECT id FROM snapshots WHERE session_id=? AND kind='pre-restore' "
                "ORDER BY captured_at DESC, id DESC LIMIT 1",
                (session_id,),
            ).fetchone()
            kept = {r[0] for r in keep} | ({newest_pre[0]} if newest_pre else set())
            for (sid,) in conn.execute(
                "SELECT id FROM snapshots WHERE session_id=?", (session_id,)
            ).fetchall():
                if sid not in kept:
                    conn.execute("DELETE FROM snapshots WHERE id=?", (sid,))
            conn.execute("COMMIT")
            return True
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _stamp_past(newest: str | None) -> str:
    """The clock, read while the write lock is held, once it is past the
    session's newest snapshot: a session's stamps rise strictly in commit order
    and never run ahead of the clock (two saves in one millisecond wait a
    millisecond). A newest stamp far in the future (a fixture's), or a clock a
    test froze, is followed by one millisecond instead of waited for."""
    last = timeutil.parse(newest)
    now = timeutil.now_ms()
    if last is None or now > last:
        return timeutil.fmt(now)
    deadline = time.monotonic() + 0.05  # a frozen test clock never moves on
    while now <= last and last - now <= timedelta(milliseconds=50):
        if time.monotonic() > deadline:
            break
        time.sleep(0.0002)  # the clock's next millisecond, not synchronisation
        now = timeutil.now_ms()
    return timeutil.fmt(now if now > last else last + timedelta(milliseconds=1))


def stamp_after(previous: str | None, candidate: str) -> str:
    """``candidate``, or one millisecond after ``previous`` if that is not
    earlier: the single-process plugin restores of the tests keep "the newest
    pre-restore snapshot" independent of a random id tie-break."""
    prev = timeutil.parse(previous)
    cand = timeutil.parse(candidate)
    if prev is None or cand is None or cand > prev:
        return candidate
    return timeutil.fmt(prev + timedelta(milliseconds=1))

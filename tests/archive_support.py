"""What the archive's tests share: a fresh database per test on the
session's PostgreSQL cluster (``conftest.pg_cluster``), its writer and
read-only roles, small stores, and comparisons of a store with the archive.

``conftest.py`` imports the fixtures. ``no_pg_env`` (which every archive
fixture uses) keeps libpq from picking up a ``PG*`` variable or
``CKPT_ARCHIVE_URL`` of the machine.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

from ckpt_tui.core.model import Checkpoint
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint
from tests.pg_cluster import Cluster

WRITER, READER = "ckpt_writer", "ckpt_reader"
LIBPQ_VARS = (
    "PGHOST",
    "PGPORT",
    "PGUSER",
    "PGPASSWORD",
    "PGDATABASE",
    "PGSERVICE",
    "PGSSLMODE",
    "PGPASSFILE",
    "PGOPTIONS",
    "PGHOSTADDR",
    "PGCONNECT_TIMEOUT",
    "PGAPPNAME",
)


@pytest.fixture
def no_pg_env(monkeypatch):
    for name in (*LIBPQ_VARS, "CKPT_ARCHIVE_URL"):
        monkeypatch.delenv(name, raising=False)


@dataclass
class ArchiveDB:
    cluster: Cluster
    name: str
    writer_password: str
    reader_password: str

    def url(self, *, reader: bool = False, tcp: bool = False, **query: str) -> str:
        user, password = (
            (READER, self.reader_password) if reader else (WRITER, self.writer_password)
        )
        return self.cluster.url(user, password, self.name, tcp=tcp, **query)

    def sql(self, statement: str, params=None) -> list[tuple]:
        return self.cluster.sql(statement, self.name, params)

    def grant_reader(self) -> None:
        """What ``ckpt-tui archive grants ckpt_reader`` prints, run as the owner."""
        result = run_cli("archive", "grants", READER)
        assert result.returncode == 0, result.stderr
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            for line in result.stdout.splitlines():
                conn.execute(line)


def _named_db(pg_cluster) -> ArchiveDB:
    """A new database's name and the roles' passwords (the roles made once
    per cluster); the database itself is the caller's to create."""
    roles = getattr(pg_cluster, "test_roles", None)
    if roles is None:
        # passwords with characters a URL must escape
        roles = pg_cluster.test_roles = (
            pg_cluster.create_role(WRITER, "w:r/t@" + uuid.uuid4().hex[:10]),
            pg_cluster.create_role(READER, "r%d#" + uuid.uuid4().hex[:10]),
        )
    return ArchiveDB(pg_cluster, "t_" + uuid.uuid4().hex[:12], *roles)


@pytest.fixture
def archive_db(pg_cluster, no_pg_env) -> ArchiveDB:
    """A fresh database owned by the writer role (no archive in it yet)."""
    made = _named_db(pg_cluster)
    pg_cluster.create_database(made.name, WRITER)
    return made


@pytest.fixture
def archive(pg_cluster, no_pg_env) -> ArchiveDB:
    """An initialised archive (``archive init``) and its URL: a copy of one
    made once per cluster (``CREATE DATABASE ... TEMPLATE``), a tenth of
    the time ``archive init`` takes."""
    from ckpt_tui.core.archive import Archive

    db = _named_db(pg_cluster)
    template = getattr(pg_cluster, "archive_template", None)
    if template is None:
        template = pg_cluster.archive_template = "t_archive_template"
        pg_cluster.create_database(template, WRITER)
        made = Archive(ArchiveDB(pg_cluster, template, *db_passwords(db)).url())
        made.init()
        made.close()
    pg_cluster.sql(f'CREATE DATABASE "{db.name}" TEMPLATE "{template}" OWNER "{WRITER}"')
    return db


def db_passwords(db: ArchiveDB) -> tuple[str, str]:
    return db.writer_password, db.reader_password


# -- stores ----------------------------------------------------------------------------


def make_store(
    path: Path,
    *,
    project: str = "p1",
    sessions: tuple[str, ...] = ("s1",),
    snapshots: int = 3,
    words: str = "",
) -> Path:
    """A store: one project, ``sessions`` each with a checkpoint and
    ``snapshots`` manual snapshots named ``n0``, ``n1``..."""
    new_store(path)
    conn = connect(path)
    add_project(conn, project, directory=f"/work/{project}")
    for sid in sessions:
        add_session(conn, sid, project, title=f"session {sid}")
        for i in range(snapshots):
            cp = Checkpoint(objective=f"{sid} step {i} {words}".strip(), nextSteps=(f"next {i}",))
            add_snapshot(conn, sid, project, f"n{i}", cp.to_payload(), at=stamp(i))
        set_checkpoint(
            conn,
            sid,
            project,
            Checkpoint(objective=f"{sid} now {words}".strip()),
            at=stamp(snapshots),
        )
    conn.close()
    return path


def stamp(i: int) -> str:
    return f"2026-11-01T{10 + i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}.000Z"


def store_snapshots(path: Path) -> dict[str, str]:
    """id -> sha256 of the payload, for every snapshot of a store."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {
            sid: hashlib.sha256(payload.encode()).hexdigest()
            for sid, payload in conn.execute("SELECT id, payload FROM snapshots")
        }
    finally:
        conn.close()


def archive_snapshots(db: ArchiveDB, origin: str | None = None) -> list[tuple[str, str, bool]]:
    """(id, sha256 of the payload, pruned) of the archive's snapshots (of ``origin``)."""
    where = "WHERE origin_id = %s" if origin else ""
    rows = db.sql(
        f"SELECT id, payload, pruned_at IS NOT NULL FROM ckpt_archive.snapshots {where}",
        (origin,) if origin else None,
    )
    return [(sid, hashlib.sha256(p.encode()).hexdigest(), pruned) for sid, p, pruned in rows]


def file_digest(path: Path) -> dict[str, str]:
    """sha256 of a store file and of its -wal when that holds anything (a
    reader of a WAL file leaves an empty one)."""
    out = {}
    for p in (path, Path(f"{path}-wal")):
        if p.exists() and p.stat().st_size:
            out[p.name] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """``ckpt-tui ARGS`` in this process (what a command prints, its exit
    code), with ``env`` set for the call: a new process costs a second of
    imports."""
    import contextlib
    import io

    from ckpt_tui.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    saved = {k: os.environ.get(k) for k in env or {}}
    os.environ.update(env or {})
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def run_process(
    *args: str, env: dict | None = None, timeout: float = 120
) -> subprocess.CompletedProcess:
    """``ckpt-tui ARGS`` in a new process, with this test's environment
    (forked from a server that imported the app: ``tests/workers/spawning.py``)."""
    from tests.workers.spawning import run

    return run("ckpt_tui", *args, env={**os.environ, **(env or {})}, timeout=timeout)


def cli_json(*args: str, env: dict | None = None):
    result = run_cli(*args, "--json", env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)

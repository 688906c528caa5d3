"""Migrations (SPEC 4): forward only, one transaction each, explicit.

Nothing here runs when a store is opened. ``create_current`` makes a new
file; ``migrate_file`` is what ``ckpt-tui migrate`` calls, after a backup.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import Insert, Table, column, insert, select, table
from sqlalchemy.dialects import sqlite
from sqlalchemy.sql.expression import Executable

from ckpt_tui import timeutil
from ckpt_tui.errors import CkptError
from ckpt_tui.store.schema import PROJECTS_INDEX, PROJECTS_V2_TABLE, ddl, projects
from ckpt_tui.store.version import CURRENT_VERSION


def _version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def create_current(conn: sqlite3.Connection) -> None:
    """0 -> 2 on an empty file; re-reads the version after taking the lock,
    since several processes may open one new file at once."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = _version(conn)
        if version == 0:
            for statement in ddl(CURRENT_VERSION):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={CURRENT_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """Rebuild ``projects`` without UNIQUE(directory), keeping every row."""
    conn.execute(PROJECTS_V2_TABLE.replace("CREATE TABLE projects", "CREATE TABLE projects_v2"))
    conn.execute(_compiled(_copy_into("projects_v2", projects)))
    conn.execute("DROP TABLE projects")
    conn.execute("ALTER TABLE projects_v2 RENAME TO projects")
    conn.execute(PROJECTS_INDEX)


def _copy_into(target: str, source: Table) -> Insert:
    """``INSERT INTO target (columns) SELECT columns FROM source``: every
    row of ``source`` into the table ``target`` made beside it with the
    same columns."""
    names = [c.name for c in source.columns]
    return insert(table(target, *(column(n) for n in names))).from_select(names, select(source))


def _compiled(statement: Executable) -> str:
    """A Core statement as SQLite text without parameters, for the plain
    connection a migration holds in its ``BEGIN IMMEDIATE`` (a migration
    runs rarely, so it compiles at run time; reads never do)."""
    compiled = statement.compile(dialect=sqlite.dialect())
    if compiled.params:
        raise ValueError(f"a migration statement has parameters: {sorted(compiled.params)}")
    return str(compiled)


STEPS = {1: _v1_to_v2}


def backup(path: Path, from_version: int) -> Path:
    """A consistent copy next to the store, made with SQLite's backup API."""
    stamp = timeutil.now_iso().replace(":", "").replace(".", "")
    target = path.with_name(f"{path.name}.v{from_version}-backup-{stamp}")
    source = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)
    dest = sqlite3.connect(target)
    try:
        source.backup(dest)
    finally:
        dest.close()
        source.close()
    return target


def migrate_file(path: Path) -> tuple[int, int, Path | None]:
    """Bring the store to the current version; returns (from, to, backup)."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    try:
        conn.execute("PRAGMA busy_timeout=5000")
        start = _version(conn)
        if start > CURRENT_VERSION:
            raise CkptError(
                f"{path} is at schema version {start}, newer than {CURRENT_VERSION}; "
                "nothing to migrate"
            )
        if start == CURRENT_VERSION:
            return start, start, None
        copy = backup(path, start) if start > 0 else None
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        # Table rebuilds need foreign keys off (outside the transaction) so the
        # DROP does not cascade; foreign_key_check proves nothing broke.
        conn.execute("PRAGMA foreign_keys=OFF")
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = _version(conn)
            if version == 0:
                for statement in ddl(CURRENT_VERSION):
                    conn.execute(statement)
                version = CURRENT_VERSION
            while version < CURRENT_VERSION:
                STEPS[version](conn)
                version += 1
            problems = conn.execute("PRAGMA foreign_key_check").fetchall()
            if problems:
                raise CkptError(f"migration would break {len(problems)} foreign keys; rolled back")
            conn.execute(f"PRAGMA user_version={version}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        finally:
            conn.execute("PRAGMA foreign_keys=ON")
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if integrity != "ok":
            raise CkptError(f"integrity_check after migration: {integrity}")
        return start, version, copy
    finally:
        conn.close()

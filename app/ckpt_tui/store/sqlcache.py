"""The first screen's statements, compiled by SQLAlchemy once, kept as SQL.

Importing SQLAlchemy takes about 0.2 s, a third of the app's start-up, and
the first frame needs only three pages (projects, the newest project's
sessions, the newest session's snapshots). The statements that read them
are built by :mod:`ckpt_tui.store.queries` like every other, compiled to
SQLite SQL with named parameters, and written to the cache dir under a key
made from the source of this package's query and schema modules. The next
start reads those pages with plain ``sqlite3``, and SQLAlchemy is imported
later, in a worker, when something else needs it. A missing or stale cache
only means the slower path once.

This module must not import SQLAlchemy at module level.
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from pathlib import Path
from typing import Any

from ckpt_tui import __version__, paths
from ckpt_tui.store.rows import (
    Page,
    ProjectRow,
    SessionRow,
    SnapshotRow,
    keyset_page,
    project_row,
    session_tree,
    snapshot_row,
)

_SOURCES = ("queries.py", "schema.py", "sqlcache.py", "rows.py")

Statements = dict[str, dict[str, Any]]
#: projects, sessions, snapshots, and the payloads of the first snapshots
Pages = tuple[
    Page[ProjectRow], Page[SessionRow] | None, Page[SnapshotRow] | None, dict[str, str]
]


def _key() -> str:
    # A checksum, not a cryptographic hash: it only has to change when the
    # sources do, and hashlib would load OpenSSL (~3 ms) on the way to the
    # first frame.
    here = Path(__file__).parent
    checksum = zlib.crc32(__version__.encode())
    for name in _SOURCES:
        checksum = zlib.crc32((here / name).read_bytes(), checksum)
    return f"{checksum:08x}"


def cache_file() -> Path:
    return paths.cache_dir() / f"first-screen-{_key()}.json"


def compile_statements() -> Statements:
    """Compile the first screen's statements (imports SQLAlchemy)."""
    from sqlalchemy.dialects import sqlite

    from ckpt_tui.store import queries

    dialect = sqlite.dialect(paramstyle="named")
    projects_page, projects_total = queries.projects_statements()
    roots_page, roots_total, children = queries.tree_statements()
    snapshots_page, snapshots_total = queries.snapshots_statements()
    out: Statements = {}
    for name, stmt in {
        "projects_page": projects_page,
        "projects_total": projects_total,
        "roots_page": roots_page,
        "roots_total": roots_total,
        "children": children,
        "snapshots_page": snapshots_page,
        "snapshots_total": snapshots_total,
        "payloads": queries.payloads_statement(),
    }.items():
        compiled = stmt.compile(dialect=dialect)
        defaults = {k: v for k, v in compiled.params.items() if v is not None}
        out[name] = {"sql": str(compiled), "defaults": defaults}
    return out


def save() -> None:
    """Write the compiled statements for the next start (best effort)."""
    target = cache_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(compile_statements()), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        pass


def load() -> Statements | None:
    try:
        return json.loads(cache_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def first_pages(
    path: Path, statements: Statements, limit: int, payloads: int = 0, *, immutable: bool = False
) -> Pages:
    """The first screen's pages in one read transaction, without SQLAlchemy,
    with the payloads of the first ``payloads`` snapshots (their change
    summaries are drawn on the first frame too); ``immutable`` as the store
    was opened (a folder where SQLite cannot create its side files)."""
    from ckpt_tui.store.engine import apply_settings, sqlite_uri

    conn = sqlite3.connect(sqlite_uri(path, "ro", immutable=immutable), uri=True)
    conn.row_factory = sqlite3.Row
    try:
        apply_settings(conn, writer=False)
        conn.execute("BEGIN")

        def run(name: str, **params: Any) -> list[sqlite3.Row]:
            stmt = statements[name]
            return conn.execute(stmt["sql"], {**stmt["defaults"], **params}).fetchall()

        raw = run("projects_page", limit=limit)
        projects = keyset_page(
            [project_row(r) for r in raw], raw, run("projects_total")[0][0], limit, "sort_at"
        )
        if not raw:
            return projects, None, None, {}
        project_id = raw[0]["id"]
        roots = run("roots_page", project_id=project_id, limit=limit)
        total = run("roots_total", project_id=project_id)[0][0]

        def children_of(ids: list[str]) -> list[sqlite3.Row]:
            return run("children", project_id=project_id, frontier=json.dumps(ids))

        sessions = keyset_page(session_tree(roots, children_of), roots, total, limit, "sort_at")
        if not sessions.rows:
            return projects, sessions, None, {}
        session_id = sessions.rows[0].id
        raw = run("snapshots_page", session_id=session_id, limit=limit)
        total = run("snapshots_total", session_id=session_id)[0][0]
        snapshots = keyset_page([snapshot_row(r) for r in raw], raw, total, limit, "sort_at")
        ids = json.dumps([r.id for r in snapshots.rows[:payloads]])
        texts = {r[0]: r[1] for r in run("payloads", session_id=session_id, ids=ids)}
        return projects, sessions, snapshots, texts
    finally:
        conn.close()

"""The first screen's pages read with plain ``sqlite3``, without SQLAlchemy.

Importing SQLAlchemy takes about 0.2 s, a third of the app's start-up, and
the first frame needs only three pages (projects, the newest project's
sessions, the newest session's snapshots). The statements that read them
are built by the store's read modules like every other; their SQLite
form is the checked-in :mod:`ckpt_tui.store.plain_sql`, generated from them
by :mod:`ckpt_tui.store.gen_sql`. Nothing is compiled, written or cached at
run time, and SQLAlchemy is imported later, in a worker, when something
else needs it.

This module must not import SQLAlchemy.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ckpt_tui.records import Page, ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.store.connection import apply_settings, connect
from ckpt_tui.store.plain_sql import STATEMENTS
from ckpt_tui.store.rows import (
    keyset_page,
    project_row,
    session_tree,
    snapshot_row,
)

#: projects, sessions, snapshots, and the payloads of the first snapshots
Pages = tuple[Page[ProjectRow], Page[SessionRow] | None, Page[SnapshotRow] | None, dict[str, str]]


#: SQLite's LIMIT for "no limit": a whole list in one page.
NO_LIMIT = -1


class PlainRead:
    """One read transaction on a plain ``sqlite3`` connection, opened and
    set up as the engines open the file, running the generated statements.

    ``conn``: a connection an earlier read set up (``Store.plain_read``
    keeps them: opening one and reading the schema costs about 0.25 ms,
    more than most reads); ``keep`` takes it back after a read that raised
    nothing, else it is closed."""

    def __init__(
        self,
        path: Path,
        immutable: bool,
        conn: sqlite3.Connection | None = None,
        keep: Callable[[sqlite3.Connection], None] | None = None,
    ) -> None:
        self._fresh = conn is None
        if conn is None:
            conn = connect(path, "ro", immutable=immutable, check_same_thread=False)
            conn.row_factory = sqlite3.Row
        self.conn = conn
        self._keep = keep

    def __enter__(self) -> PlainRead:
        try:
            if self._fresh:
                apply_settings(self.conn, writer=False)
            self.conn.execute("BEGIN")
        except BaseException:
            self.conn.close()
            raise
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if self._keep is not None and exc_type is None:
            try:
                self.conn.execute("COMMIT")  # ends the read: WAL checkpoints may pass it
            except sqlite3.Error:
                pass
            else:
                self._keep(self.conn)
                return
        self.conn.close()

    def run(self, statement: str, /, **params: Any) -> list[sqlite3.Row]:
        """The rows of the generated statement named ``statement``."""
        sql, defaults = STATEMENTS[statement]
        return self.conn.execute(sql, {**defaults, **params}).fetchall()


def projects_page(read: PlainRead, limit: int) -> Page[ProjectRow]:
    """The first page of projects, newest activity first (``list_projects``
    without a cursor or filter; ``limit`` -1: all of them)."""
    raw = read.run("projects_page", limit=limit)
    total = read.run("projects_total")[0][0]
    return keyset_page([project_row(r) for r in raw], raw, total, limit, "sort_at")


def all_projects(path: Path, *, immutable: bool = False) -> Page[ProjectRow]:
    """Every project, newest activity first, as the first screen's projects
    page without its limit: what ``ckpt-tui list projects`` prints."""
    with PlainRead(path, immutable) as read:
        return projects_page(read, NO_LIMIT)


def first_pages(path: Path, limit: int, payloads: int = 0, *, immutable: bool = False) -> Pages:
    """The first screen's pages in one read transaction, without SQLAlchemy,
    with the payloads of the first ``payloads`` snapshots (their change
    summaries are drawn on the first frame too); ``immutable`` as the store
    was opened (a folder where SQLite cannot create its side files)."""
    import json  # here: the command line's lists need none of it

    with PlainRead(path, immutable) as read:
        run = read.run
        projects = projects_page(read, limit)
        if not projects.rows:
            return projects, None, None, {}
        project_id = projects.rows[0].id
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

"""Reads of the checkpoint store for search: a read-only connection, and a
result page's rows as the store has them now.

Search never writes the store (SPEC 1) and opens it ``mode=ro``, so a
read-only store is searchable too. Reads go through plain ``sqlite3`` (like
``store.plain_read``): the command line answers without importing
SQLAlchemy. The index may lag the store; a page's hits are checked here
against what still exists (:func:`fetch_docs`), unless the index is known
to be exactly the store (``search_query.Page.exact``): then only the
page's session titles and project directories are read (:func:`fetch_labels`).
"""

# No ``from __future__ import annotations``: NamedTuples below (see core.search_match).
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from ckpt_tui.store.connection import BUSY_TIMEOUT_MS, sqlite_uri, translate
from ckpt_tui.store.search_file import CURRENT
from ckpt_tui.store.search_text import checkpoint_columns


@contextmanager
def read_store(store_path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the checkpoint store (rows as ``sqlite3.Row``;
    ``timeout`` sets SQLite's busy timeout, as ``PRAGMA busy_timeout`` would)."""
    try:
        conn = sqlite3.connect(
            sqlite_uri(store_path, "ro"),
            uri=True,
            isolation_level=None,
            timeout=BUSY_TIMEOUT_MS / 1000,
            check_same_thread=False,
        )
    except sqlite3.Error as exc:
        raise translate(exc, store_path) from None
    conn.row_factory = sqlite3.Row
    try:
        yield conn
    except sqlite3.Error as exc:
        raise translate(exc, store_path) from None
    finally:
        conn.close()


class StoreDoc(NamedTuple):
    """A hit's row as the store has it now, with what a result line shows."""

    project_dir: str
    session_title: str | None
    payload: object  # snapshot payload text, or the checkpoint row
    name: str
    kind: str


def fetch_docs(
    store_path: Path, snapshot_ids: Sequence[str], session_ids: Sequence[str]
) -> tuple[dict[str, StoreDoc], dict[str, StoreDoc]]:
    """The snapshots and current checkpoints of one result page that still
    exist, in one read of the store."""
    with read_store(store_path) as store:
        store.execute("BEGIN")
        snaps: dict[str, StoreDoc] = {}
        if snapshot_ids:
            marks = ",".join("?" * len(snapshot_ids))
            for row in store.execute(
                "SELECT s.id, s.name, s.kind, s.payload, se.title, p.directory "
                "FROM snapshots s LEFT JOIN sessions se ON se.id = s.session_id "
                f"LEFT JOIN projects p ON p.id = s.project_id WHERE s.id IN ({marks})",
                list(snapshot_ids),
            ):
                snaps[row["id"]] = StoreDoc(
                    str(row["directory"] or ""),
                    row["title"],
                    row["payload"],
                    row["name"],
                    row["kind"],
                )
        currents: dict[str, StoreDoc] = {}
        if session_ids:
            marks = ",".join("?" * len(session_ids))
            for row in store.execute(
                "SELECT c.*, se.title AS session_title, p.directory AS project_dir "
                "FROM checkpoints c LEFT JOIN sessions se ON se.id = c.session_id "
                f"LEFT JOIN projects p ON p.id = c.project_id WHERE c.session_id IN ({marks})",
                list(session_ids),
            ):
                currents[row["session_id"]] = StoreDoc(
                    str(row["project_dir"] or ""),
                    row["session_title"],
                    checkpoint_columns(row),
                    "",
                    CURRENT,
                )
        store.execute("COMMIT")
    return snaps, currents


def fetch_labels(
    store_path: Path, session_ids: Sequence[str], project_ids: Sequence[str]
) -> tuple[dict[str, str | None], dict[str, str]]:
    """The titles of some sessions and the directories of some projects, as
    the store has them now, in one statement (no transaction needed)."""
    sessions, projects = sorted(set(session_ids)), sorted(set(project_ids))
    titles: dict[str, str | None] = {}
    dirs: dict[str, str] = {}
    if not sessions and not projects:
        return titles, dirs
    with read_store(store_path) as store:
        for is_project, key, value in store.execute(
            f"SELECT 0, id, title FROM sessions WHERE id IN ({','.join('?' * len(sessions))}) "
            "UNION ALL SELECT 1, id, directory FROM projects "
            f"WHERE id IN ({','.join('?' * len(projects))})",
            [*sessions, *projects],
        ):
            if is_project:
                dirs[key] = str(value or "")
            else:
                titles[key] = value
    return titles, dirs

"""Reads of the checkpoint store for search: a read-only connection, and a
result page's rows as the store has them now.

Search never writes the store (SPEC 1) and opens it as a Store reads it
(``probe.open_read``: ``mode=ro``, ``immutable`` in a read-only folder or
for a read-only file), so a read-only store is searchable too. Reads run
the generated statements (``store/query.py``): the command line answers
without importing SQLAlchemy. The index may lag the store; a page's hits are checked here
against what still exists (:func:`fetch_docs`), unless the index is known
to be exactly the store (``search_query.Page.exact``): then the page's keys
are looked up with its session titles and project directories, without
the payloads (:func:`fetch_labels`).
"""

from __future__ import annotations

import sqlite3
from collections import namedtuple
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ckpt_tui.store.connection import translate
from ckpt_tui.store.keys import json_list
from ckpt_tui.store.probe import open_read
from ckpt_tui.store.query import Query
from ckpt_tui.store.search_file import CURRENT
from ckpt_tui.store.search_text import checkpoint_columns


@contextmanager
def read_store(store_path: Path, *, transaction: bool = False) -> Iterator[Query]:
    """Reads of the checkpoint store on a read-only connection (SQLite's
    busy timeout set, as ``PRAGMA busy_timeout`` would); with
    ``transaction``, all in one read transaction."""
    try:
        conn, _ = open_read(store_path)
    except sqlite3.Error as exc:
        raise translate(exc, store_path) from None
    conn.isolation_level = None
    try:
        if transaction:
            conn.execute("BEGIN")
        yield Query(conn)
    except sqlite3.Error as exc:
        if "readonly" in str(exc):
            # A write failed, so not on this mode=ro connection: the search
            # index's, which the caller names (the store is not to blame).
            raise
        raise translate(exc, store_path) from None
    finally:
        conn.close()


class StoreDoc(namedtuple("StoreDoc", ("project_dir", "session_title", "payload", "name", "kind"))):
    """A hit's row as the store has it now, with what a result line shows."""

    __slots__ = ()
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
    with read_store(store_path, transaction=True) as store:
        snaps: dict[str, StoreDoc] = {}
        if snapshot_ids:
            for row in store.run("search_docs_snapshots", ids=json_list(list(snapshot_ids))):
                snaps[row["id"]] = StoreDoc(
                    str(row["directory"] or ""),
                    row["title"],
                    row["payload"],
                    row["name"],
                    row["kind"],
                )
        currents: dict[str, StoreDoc] = {}
        if session_ids:
            for row in store.run("search_docs_checkpoints", ids=json_list(list(session_ids))):
                currents[row["session_id"]] = StoreDoc(
                    str(row["project_dir"] or ""),
                    row["session_title"],
                    checkpoint_columns(row),
                    "",
                    CURRENT,
                )
    return snaps, currents


class Labels(namedtuple("Labels", ("titles", "dirs", "snapshots", "checkpoints"))):
    """What a page read from the index needs of the store: session titles
    and project directories (what a result line shows), and its keys: the
    snapshot ids the store has, and each current checkpoint's ``updated_at``."""

    __slots__ = ()
    titles: dict[str, str | None]
    dirs: dict[str, str]
    snapshots: set[str]
    checkpoints: dict[str, str]


def fetch_labels(
    store_path: Path,
    snapshot_ids: Sequence[str],
    checkpoint_ids: Sequence[str],
    session_ids: Sequence[str],
    project_ids: Sequence[str],
) -> Labels:
    """:class:`Labels` as the store has them now, in one statement (one
    read, so no transaction): primary-key lookups, no payload."""
    keys = [sorted(set(ids)) for ids in (session_ids, project_ids, snapshot_ids, checkpoint_ids)]
    labels = Labels({}, {}, set(), {})
    if not any(keys):
        return labels
    names = ("session_ids", "project_ids", "snapshot_ids", "checkpoint_ids")
    with read_store(store_path) as store:
        for table, key, value in store.run(
            "search_labels", **{name: json_list(k) for name, k in zip(names, keys, strict=True)}
        ):
            if table == 0:
                labels.titles[key] = value
            elif table == 1:
                labels.dirs[key] = str(value or "")
            elif table == 2:
                labels.snapshots.add(key)
            else:
                labels.checkpoints[key] = str(value)
    return labels

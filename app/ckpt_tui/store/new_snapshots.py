"""Which snapshots landed since the last look: the reads behind following
a session, a project or the whole store (``core/watch.py``).

A snapshot's ``rowid`` (the table has a text primary key, so SQLite keeps
an implicit one) is given as one more than the largest in the table when
the row is inserted. So every row inserted since the last look has a
``rowid`` above the largest rowid of any row that was there then and is
still there. Counting rows would not do: a save that prunes adds one row
and deletes another. Looking only above the largest rowid seen would not
either: when the newest row is deleted (the undo of a manual snapshot), the
next insert is given its rowid again.

So the follower keeps the ids of the newest :data:`WINDOW` rows it has
seen and asks for every row above the oldest of them (:func:`floor`): a
row there whose id it has not seen is new. A row is missed only if all of
those newest rows were deleted before it landed, between two looks a
fraction of a second apart (a whole session of more than ``WINDOW``
snapshots deleted at once, which neither the plugin nor ckpt-tui does).

Plain ``sqlite3`` on a connection of the caller's read transaction (no
SQLAlchemy: ``ckpt-tui watch`` starts as a reading command does).
"""

from __future__ import annotations

import sqlite3

from ckpt_tui.records import SnapshotRow
from ckpt_tui.store.rows import snapshot_row
from ckpt_tui.store.valid_ids import require_id

#: How many of the newest rows (of the whole table) the follower looks at
#: each time the store changes.
WINDOW = 256

_COLUMNS = (
    "snapshots.rowid AS rowid, snapshots.id AS id, snapshots.session_id AS session_id, "
    "snapshots.project_id AS project_id, snapshots.name AS name, snapshots.kind AS kind, "
    "snapshots.captured_at AS captured_at, snapshots.schema_version AS schema_version, "
    "snapshots.restored_at AS restored_at"
)


def floor(conn: sqlite3.Connection, window: int = WINDOW) -> int:
    """The rowid just below the newest ``window`` rows of the table (0 when
    it holds fewer): an index walk of ``window`` entries from the end."""
    row = conn.execute(
        "SELECT rowid FROM snapshots ORDER BY rowid DESC LIMIT 1 OFFSET ?", (window,)
    ).fetchone()
    return int(row[0]) if row else 0


def rows_above(
    conn: sqlite3.Connection,
    low: int,
    *,
    session_id: str | None = None,
    project_id: str | None = None,
) -> list[tuple[int, SnapshotRow]]:
    """``(rowid, row)`` of every snapshot with a rowid above ``low``, of one
    session, one project or all, in rowid order (the order they landed)."""
    where, params = "snapshots.rowid > ?", [low]
    if session_id is not None:
        where += " AND snapshots.session_id = ?"
        params.append(require_id(session_id))
    if project_id is not None:
        where += " AND snapshots.project_id = ?"
        params.append(require_id(project_id, "project id"))
    cursor = conn.execute(
        f"SELECT {_COLUMNS} FROM snapshots WHERE {where} ORDER BY snapshots.rowid", params
    )
    names = [d[0] for d in cursor.description]
    out = []
    for values in cursor:
        raw = dict(zip(names, values, strict=True))
        out.append((int(raw["rowid"]), snapshot_row(raw)))
    return out


def session_titles(conn: sqlite3.Connection, ids: list[str]) -> dict[str, str]:
    """Each session's title: the checkpoint's, else the session row's, else ``""``."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    rows = conn.execute(
        "SELECT sessions.id, coalesce(nullif(checkpoints.title, ''), sessions.title, '') "
        "FROM sessions LEFT JOIN checkpoints ON checkpoints.session_id = sessions.id "
        f"WHERE sessions.id IN ({marks})",
        ids,
    )
    return {sid: title if isinstance(title, str) else str(title) for sid, title in rows}

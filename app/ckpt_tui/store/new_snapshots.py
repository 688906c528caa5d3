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

Statements: ``statements/follow.py``, run in the caller's read
transaction (no SQLAlchemy: ``ckpt-tui watch`` starts as a reading
command does).
"""

from __future__ import annotations

from ckpt_tui.records import SnapshotRow
from ckpt_tui.store.keys import json_list, variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.rows import snapshot_row
from ckpt_tui.store.valid_ids import require_id

#: How many of the newest rows (of the whole table) the follower looks at
#: each time the store changes.
WINDOW = 256


def floor(q: Query, window: int = WINDOW) -> int:
    """The rowid just below the newest ``window`` rows of the table (0 when
    it holds fewer): an index walk of ``window`` entries from the end."""
    low = q.scalar("follow_floor", window=window)
    return int(low) if low is not None else 0


def rows_above(
    q: Query,
    low: int,
    *,
    session_id: str | None = None,
    project_id: str | None = None,
) -> list[tuple[int, SnapshotRow]]:
    """``(rowid, row)`` of every snapshot with a rowid above ``low``, of one
    session, one project or all, in rowid order (the order they landed)."""
    params: dict[str, object] = {"low": low}
    if session_id is not None:
        params["session_id"] = require_id(session_id)
    if project_id is not None:
        params["project_id"] = require_id(project_id, "project id")
    name = variant(
        "follow_rows_above", of_session=session_id is not None, of_project=project_id is not None
    )
    return [(int(r["rowid"]), snapshot_row(r)) for r in q.run(name, **params)]


def session_titles(q: Query, ids: list[str]) -> dict[str, str]:
    """Each session's title: the checkpoint's, else the session row's, else ``""``."""
    if not ids:
        return {}
    rows = q.run("follow_titles", ids=json_list(ids))
    return {sid: title if isinstance(title, str) else str(title) for sid, title in rows}

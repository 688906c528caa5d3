"""The reads behind a session's timeline and a project's activity per day
(``core/timeline.py``), with plain ``sqlite3`` in the caller's read
transaction.

A timeline needs, for every snapshot of a session, its status and the
lengths of three lists, not its payload: SQLite takes them out of each
payload (``json_type``, ``json_array_length``, guarded by ``json_valid`` so
that a damaged payload is a point without figures rather than a failed
query), and a 10 MB payload never reaches Python. Snapshots are ordered by
their instant (SPEC 3: a timestamp may be epoch milliseconds), then id, as
the history list orders them.
"""

from __future__ import annotations

import sqlite3

from ckpt_tui import timeutil
from ckpt_tui.store.valid_ids import require_id

#: A stored timestamp as ISO text, whichever form it was stored in (what
#: ``store.ordering.instant`` builds for SQLAlchemy).
_INSTANT = (
    "CASE WHEN substr({col}, 5, 1) = '-' THEN {col} "
    "ELSE strftime('%Y-%m-%dT%H:%M:%fZ', CAST({col} AS INTEGER) / 1000.0, 'unixepoch') END"
)


def _length(key: str) -> str:
    """The length of the payload's list ``key``: 0 when absent (the codec's
    default), NULL when it is not an array (a damaged field)."""
    path = f"'$.{key}'"
    return (
        f"CASE WHEN json_type(payload, {path}) IS NULL THEN 0 "
        f"WHEN json_type(payload, {path}) = 'array' THEN json_array_length(payload, {path}) END"
    )


_POINTS = f"""
SELECT id, name, kind, captured_at, restored_at, json_valid(payload) AS valid,
  CASE WHEN json_valid(payload) THEN
    CASE WHEN json_type(payload, '$.status') IS NULL THEN 'in_progress'
         WHEN json_type(payload, '$.status') = 'text' THEN json_extract(payload, '$.status') END
  END AS status,
  CASE WHEN json_valid(payload) THEN {_length("completedSteps")} END AS done,
  CASE WHEN json_valid(payload) THEN {_length("nextSteps")} END AS next,
  CASE WHEN json_valid(payload) THEN {_length("blockers")} END AS blockers
FROM snapshots WHERE session_id = ?
ORDER BY {_INSTANT.format(col="captured_at")}, id
"""


def session_points(conn: sqlite3.Connection, session_id: str) -> list[dict]:
    """Every snapshot of the session, oldest first: id, name, kind,
    ``captured_at``/``restored_at`` (canonical ISO), ``valid`` (the payload
    is JSON), ``status`` and the lengths ``done``, ``next``, ``blockers``
    (``None`` when damaged)."""
    cursor = conn.execute(_POINTS, (require_id(session_id),))
    names = [d[0] for d in cursor.description]
    out = []
    for values in cursor:
        row = dict(zip(names, values, strict=True))
        row["captured_at"] = timeutil.normalize(row["captured_at"])
        if row["restored_at"] is not None:
            row["restored_at"] = timeutil.normalize(row["restored_at"])
        if row["status"] == "":
            row["status"] = "in_progress"  # the codec reads an empty status so
        out.append(row)
    return out


_ACTIVITY = """
SELECT snapshots.session_id, snapshots.captured_at
FROM sessions JOIN snapshots ON snapshots.session_id = sessions.id
WHERE sessions.project_id = ?
  AND (snapshots.captured_at >= ? OR substr(snapshots.captured_at, 5, 1) != '-')
"""


def project_saves(conn: sqlite3.Connection, project_id: str, since: str) -> list[tuple[str, str]]:
    """``(session_id, captured_at)`` of the project's snapshots captured at
    or after ``since`` (ISO), ``captured_at`` canonical. Through the
    sessions' project index and each session's snapshot index; a timestamp
    stored as epoch milliseconds is compared as the instant it is."""
    rows = conn.execute(_ACTIVITY, (require_id(project_id, "project id"), since))
    out = []
    for session_id, captured in rows:
        at = timeutil.normalize(captured)
        if at >= since:
            out.append((session_id, at))
    return out

"""The reads behind a session's timeline and a project's activity per day
(``core/timeline.py``), in the caller's read transaction (statements:
``statements/follow.py``).

A timeline needs, for every snapshot of a session, its status and the
lengths of three lists, not its payload: SQLite takes them out of each
payload (``json_type``, ``json_array_length``, guarded by ``json_valid`` so
that a damaged payload is a point without figures rather than a failed
query), and a 10 MB payload never reaches Python. Snapshots are ordered by
their instant (SPEC 3: a timestamp may be epoch milliseconds), then id, as
the history list orders them.
"""

from __future__ import annotations

from ckpt_tui import timeutil
from ckpt_tui.store.query import Query
from ckpt_tui.store.valid_ids import require_id


def session_points(q: Query, session_id: str) -> list[dict]:
    """Every snapshot of the session, oldest first: id, name, kind,
    ``captured_at``/``restored_at`` (canonical ISO), ``valid`` (the payload
    is JSON), ``status`` and the lengths ``done``, ``next``, ``blockers``
    (``None`` when damaged)."""
    out = []
    for found in q.run("timeline_points", session_id=require_id(session_id)):
        row = dict(zip(found.keys(), found, strict=True))
        row["captured_at"] = timeutil.normalize(row["captured_at"])
        if row["restored_at"] is not None:
            row["restored_at"] = timeutil.normalize(row["restored_at"])
        if row["status"] == "":
            row["status"] = "in_progress"  # the codec reads an empty status so
        out.append(row)
    return out


def project_saves(q: Query, project_id: str, since: str) -> list[tuple[str, str]]:
    """``(session_id, captured_at)`` of the project's snapshots captured at
    or after ``since`` (ISO), ``captured_at`` canonical. Through the
    sessions' project index and each session's snapshot index; a timestamp
    stored as epoch milliseconds is compared as the instant it is."""
    rows = q.run("timeline_saves", project_id=require_id(project_id, "project id"), since=since)
    out = []
    for session_id, captured in rows:
        at = timeutil.normalize(captured)
        if at >= since:
            out.append((session_id, at))
    return out

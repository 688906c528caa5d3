"""What following saves and the timelines read: the snapshots that landed
since the last look (by rowid), the titles of their sessions, a session's
points with the figures a timeline draws, and a project's saves since a
day (``store/new_snapshots.py``, ``store/timeline_reads.py``)."""

from __future__ import annotations

from sqlalchemy import Integer, Text, bindparam, case, func, literal_column, select

from ckpt_tui.store.ordering import instant, is_epoch_ms
from ckpt_tui.store.schema import checkpoints, sessions, snapshots
from ckpt_tui.store.statements.common import json_values, variants
from ckpt_tui.store.statements.snapshots import LIST_COLUMNS

ROWID = literal_column("snapshots.rowid")


def rows_above(of_session: bool, of_project: bool):
    """The snapshots with a rowid above ``:low`` (of ``:session_id``, of
    ``:project_id``), their list columns and ``rowid``, in rowid order."""
    stmt = select(ROWID.label("rowid"), *LIST_COLUMNS).where(bindparam("low", type_=Integer) < ROWID)
    if of_session:
        stmt = stmt.where(snapshots.c.session_id == bindparam("session_id", type_=Text))
    if of_project:
        stmt = stmt.where(snapshots.c.project_id == bindparam("project_id", type_=Text))
    return stmt.order_by(ROWID)


def _list_length(payload, key: str):
    """The length of the payload's list ``key``: 0 when absent (the codec's
    default), NULL when it is not an array (a damaged field)."""
    path = f"$.{key}"
    kind = func.json_type(payload, path)
    return case((kind.is_(None), 0), (kind == "array", func.json_array_length(payload, path)))


def session_points():
    """Every snapshot of ``:session_id``, oldest first (by instant, then
    id), with what a timeline draws taken out of the payload by SQLite
    (guarded by ``json_valid``: a damaged payload is a point without
    figures, not a failed query)."""
    payload = snapshots.c.payload
    valid = func.json_valid(payload)
    status = func.json_type(payload, "$.status")
    return (
        select(
            snapshots.c.id,
            snapshots.c.name,
            snapshots.c.kind,
            snapshots.c.captured_at,
            snapshots.c.restored_at,
            valid.label("valid"),
            case(
                (
                    valid,
                    case(
                        (status.is_(None), "in_progress"),
                        (status == "text", func.json_extract(payload, "$.status")),
                    ),
                )
            ).label("status"),
            case((valid, _list_length(payload, "completedSteps"))).label("done"),
            case((valid, _list_length(payload, "nextSteps"))).label("next"),
            case((valid, _list_length(payload, "blockers"))).label("blockers"),
        )
        .where(snapshots.c.session_id == bindparam("session_id", type_=Text))
        .order_by(instant(snapshots.c.captured_at), snapshots.c.id)
    )


def statements() -> dict[str, object]:
    return {
        # the rowid just below the newest ``:window`` rows of the table
        "follow_floor": select(ROWID)
        .select_from(snapshots)
        .order_by(ROWID.desc())
        .limit(1)
        .offset(bindparam("window", type_=Integer)),
        **dict(variants("follow_rows_above", rows_above, "of_session", "of_project")),
        # each session's title: the checkpoint's, else the session row's, else ""
        "follow_titles": select(
            sessions.c.id,
            func.coalesce(func.nullif(checkpoints.c.title, ""), sessions.c.title, ""),
        )
        .select_from(sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id))
        .where(sessions.c.id.in_(json_values("ids"))),
        "timeline_points": session_points(),
        # (session_id, captured_at) of ``:project_id``'s snapshots captured at
        # or after ``:since`` (ISO); epoch-ms ones all, compared by the caller
        "timeline_saves": select(snapshots.c.session_id, snapshots.c.captured_at)
        .select_from(sessions.join(snapshots, snapshots.c.session_id == sessions.c.id))
        .where(
            sessions.c.project_id == bindparam("project_id", type_=Text),
            (snapshots.c.captured_at >= bindparam("since", type_=Text))
            | is_epoch_ms(snapshots.c.captured_at),
        ),
    }

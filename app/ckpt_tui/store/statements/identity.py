"""What a store file is recognised by (``store/file_identity.py``): the
snapshots at both ends of the table's own order (rowid) and the first
sessions, each a walk of a few rows along an index however big the store."""

from __future__ import annotations

from sqlalchemy import Integer, bindparam, literal_column, select

from ckpt_tui.store.schema import sessions, snapshots


def statements() -> dict[str, object]:
    limit = bindparam("limit", type_=Integer)
    snapshot_rowid = literal_column("snapshots.rowid", Integer).label("row")
    session_rowid = literal_column("sessions.rowid", Integer)
    ends = select(snapshot_rowid, snapshots.c.id).select_from(snapshots)
    return {
        "identity_first_snapshots": ends.order_by(snapshot_rowid.asc()).limit(limit),
        "identity_last_snapshots": ends.order_by(snapshot_rowid.desc()).limit(limit),
        "identity_first_sessions": select(sessions.c.id, sessions.c.created_at)
        .order_by(session_rowid)
        .limit(limit),
    }

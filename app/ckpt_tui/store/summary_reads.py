"""The reads behind the change summary on each history row: the payloads
of the rows on screen and of the snapshot captured just before each."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlalchemy import Connection, func, select

from ckpt_tui.records import SnapshotRow
from ckpt_tui.store.queries import keyset_desc, payloads_statement, require_id
from ckpt_tui.store.schema import snapshots


def get_payloads(conn: Connection, session_id: str, ids: Sequence[str]) -> dict[str, str]:
    """Payload text of the given snapshots (what a visible list row needs)."""
    require_id(session_id)
    params = {"session_id": session_id, "ids": json.dumps(list(ids))}
    return {r.id: r.payload for r in conn.execute(payloads_statement(), params)}


def previous_snapshot_ids(
    conn: Connection, session_id: str, rows: Sequence[SnapshotRow]
) -> dict[str, str | None]:
    """For each row, the id of the snapshot captured just before it.

    Three queries however many rows: their stored times in SQLite's order
    (which also places epoch-ms integers), every snapshot from the oldest of
    them to the newest, and the one just before the oldest.
    """
    require_id(session_id)
    ids = [row.id for row in rows]
    out: dict[str, str | None] = dict.fromkeys(ids)
    order = (snapshots.c.captured_at, snapshots.c.id)
    ends = conn.execute(
        select(*order)
        .where(func.likely(snapshots.c.session_id == session_id), snapshots.c.id.in_(ids))
        .order_by(*order)
    ).all()
    if not ends:
        return out
    span = (
        conn.execute(
            select(snapshots.c.id)
            .where(
                snapshots.c.session_id == session_id,
                snapshots.c.captured_at >= ends[0].captured_at,
                snapshots.c.captured_at <= ends[-1].captured_at,
            )
            .order_by(*order)
        )
        .scalars()
        .all()
    )
    first = (ends[0].captured_at, span[0])
    previous = conn.execute(
        keyset_desc(
            select(snapshots.c.id).where(snapshots.c.session_id == session_id), *order, first
        ).limit(1)
    ).scalar_one_or_none()
    for sid in span:
        if sid in out:
            out[sid] = previous
        previous = sid
    return out

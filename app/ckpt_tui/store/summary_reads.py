"""The reads behind the change summary on each history row: the payloads
of the rows on screen and of the snapshot captured just before each."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence

from sqlalchemy import Connection, Select, Text, bindparam, func, select, union_all

from ckpt_tui.records import SnapshotRow
from ckpt_tui.store.ordering import instant, is_epoch_ms
from ckpt_tui.store.previous_ids import previous_ids
from ckpt_tui.store.schema import snapshots
from ckpt_tui.store.snapshot_reads import newest_statement, payloads_statement
from ckpt_tui.store.valid_ids import require_id


def get_payloads(conn: Connection, session_id: str, ids: Sequence[str]) -> dict[str, str]:
    """Payload text of the given snapshots (what a visible list row needs)."""
    require_id(session_id)
    params = {"session_id": session_id, "ids": json.dumps(list(ids))}
    return {r.id: r.payload for r in conn.execute(payloads_statement(), params)}


def previous_snapshot_ids(
    conn: Connection, session_id: str, rows: Sequence[SnapshotRow]
) -> dict[str, str | None]:
    """For each row, the id of the snapshot captured just before it
    (``previous_ids.previous_ids`` on this connection). Each statement is
    built once (``previous_statements``): building them took more than
    running them."""
    require_id(session_id)
    ends, span, before = previous_statements()
    by_name = {"summary_ends": ends, "summary_span": span, "summary_before": before}

    def run(name: str, params: dict) -> list:
        return conn.execute(by_name[name], params).all()

    return previous_ids(run, session_id, [row.id for row in rows])


@functools.cache
def previous_statements() -> tuple[Select, Select, Select]:
    """(instants of the snapshots of ``:session_id`` in the JSON array
    ``:ids``, oldest first; ids of every snapshot from ``:low`` to ``:high``
    by instant, oldest first; the id of the ``:limit`` newest snapshots
    before the cursor ``(:after_at, :after_id)``)."""
    at = instant(snapshots.c.captured_at)
    session = bindparam("session_id", type_=Text)
    in_session = snapshots.c.session_id == session
    wanted = func.json_each(bindparam("ids", type_=Text)).table_valued("value")
    ends = (
        select(at.label("at"), snapshots.c.id)
        .where(func.likely(in_session), snapshots.c.id.in_(select(wanted.c.value)))
        .order_by(at, snapshots.c.id)
    )
    low, high = bindparam("low", type_=Text), bindparam("high", type_=Text)
    epoch = is_epoch_ms(snapshots.c.captured_at)
    # ISO rows by a range of the index; epoch rows (rare) by their instant.
    iso = select(snapshots.c.captured_at.label("at"), snapshots.c.id).where(
        in_session, ~epoch, snapshots.c.captured_at >= low, snapshots.c.captured_at <= high
    )
    digits = select(at.label("at"), snapshots.c.id).where(in_session, epoch, at >= low, at <= high)
    span_q = union_all(iso, digits).subquery()
    span = select(span_q.c.id).order_by(span_q.c.at, span_q.c.id)
    return ends, span, newest_statement(False, ids_only=True)

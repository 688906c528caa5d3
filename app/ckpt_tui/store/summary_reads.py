"""The reads behind the change summary on each history row: the payloads
of the rows on screen and of the snapshot captured just before each."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence

from sqlalchemy import Connection, Integer, Select, Text, bindparam, func, select, union_all

from ckpt_tui.records import SnapshotRow
from ckpt_tui.store import previous_ids as walk
from ckpt_tui.store.ordering import instant, is_epoch_ms, keyset_desc, newest_first
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
    return previous_ids(_runner(conn), session_id, [row.id for row in rows])


def previous_and_payloads(
    conn: Connection, session_id: str, rows: Sequence[SnapshotRow]
) -> tuple[dict[str, str | None], dict[str, str]]:
    """``previous_ids.previous_and_payloads`` on this connection."""
    require_id(session_id)
    return walk.previous_and_payloads(_runner(conn), session_id, [row.id for row in rows])


def _runner(conn: Connection):
    """``run(name, params)`` over this connection, for ``store.previous_ids``."""
    ends, span, before, top, walk_stmt = previous_statements()
    first_at, walk_iso = iso_statements()
    by_name = {
        "summary_ends": ends,
        "summary_span": span,
        "summary_before": before,
        "summary_top": top,
        "summary_walk": walk_stmt,
        "summary_first_at": first_at,
        "summary_walk_iso": walk_iso,
        "payloads": payloads_statement(),
    }

    def run(name: str, params: dict) -> list:
        return conn.execute(by_name[name], params).all()

    return run


@functools.cache
def previous_statements() -> tuple[Select, Select, Select, Select, Select]:
    """(instants of the snapshots of ``:session_id`` in the JSON array
    ``:ids``, oldest first; ids of every snapshot from ``:low`` to ``:high``
    by instant, oldest first; the id of the ``:limit`` newest snapshots
    before the cursor ``(:after_at, :after_id)``; the instant and payload
    of the snapshot ``:id``; the id and payload of the ``:limit`` newest
    snapshots before the cursor)."""
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
    top = select(at.label("at"), snapshots.c.payload).where(
        in_session, snapshots.c.id == bindparam("id", type_=Text)
    )
    walk_stmt = newest_first(
        select(snapshots.c.id, snapshots.c.payload).where(in_session),
        snapshots.c.captured_at,
        snapshots.c.id,
        True,
        bindparam("limit", type_=Integer),
    )
    return ends, span, newest_statement(False, ids_only=True), top, walk_stmt


@functools.cache
def iso_statements() -> tuple[Select, Select]:
    """(the smallest ``captured_at`` of ``:session_id`` from ``:start`` on,
    an index seek; the id and payload of the ``:limit`` newest snapshots
    before the cursor by the column itself). The second is the summary walk
    of a session whose times are all ISO text (``previous_ids.all_iso``):
    one index range, without the epoch half that reads every index entry of
    the session."""
    in_session = snapshots.c.session_id == bindparam("session_id", type_=Text)
    at = snapshots.c.captured_at
    first_at = (
        select(at).where(in_session, at >= bindparam("start", type_=Text)).order_by(at).limit(1)
    )
    walk_iso = keyset_desc(
        select(snapshots.c.id, snapshots.c.payload).where(in_session), at, snapshots.c.id, True
    ).limit(bindparam("limit", type_=Integer))
    return first_at, walk_iso

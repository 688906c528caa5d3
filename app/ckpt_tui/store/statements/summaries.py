"""The reads behind the change summary on each history row: which snapshot
was captured just before each of some snapshots, and the payloads of both
(run by ``store/previous_ids.py``)."""

from __future__ import annotations

from sqlalchemy import Integer, Text, bindparam, func, select, union_all

from ckpt_tui.store.ordering import instant, is_epoch_ms, keyset_desc, newest_first
from ckpt_tui.store.schema import snapshots
from ckpt_tui.store.statements.common import json_values
from ckpt_tui.store.statements.snapshots import newest


def statements() -> dict[str, object]:
    """``summary_ends``: the instants of the snapshots of ``:session_id`` in
    the JSON array ``:ids``, oldest first; ``summary_span``: the ids of
    every snapshot from ``:low`` to ``:high`` by instant, oldest first;
    ``summary_before``: the ids of the ``:limit`` newest snapshots before
    the cursor ``(:after_at, :after_id)``; ``summary_top``: the instant and
    payload of the snapshot ``:id``; ``summary_walk``: the id and payload
    of the ``:limit`` newest snapshots before the cursor;
    ``summary_first_at``: the smallest ``captured_at`` from ``:start`` on,
    an index seek; ``summary_walk_iso``: ``summary_walk`` by the column
    itself, for a session whose times are all ISO text
    (``previous_ids.all_iso``): one index range, without the epoch half
    that reads every index entry of the session."""
    at = instant(snapshots.c.captured_at)
    in_session = snapshots.c.session_id == bindparam("session_id", type_=Text)
    ends = (
        select(at.label("at"), snapshots.c.id)
        .where(func.likely(in_session), snapshots.c.id.in_(json_values("ids")))
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
    top = select(at.label("at"), snapshots.c.payload).where(
        in_session, snapshots.c.id == bindparam("id", type_=Text)
    )
    limit = bindparam("limit", type_=Integer)
    walk = newest_first(
        select(snapshots.c.id, snapshots.c.payload).where(in_session),
        snapshots.c.captured_at,
        snapshots.c.id,
        True,
        limit,
    )
    column = snapshots.c.captured_at
    first_at = (
        select(column)
        .where(in_session, column >= bindparam("start", type_=Text))
        .order_by(column)
        .limit(1)
    )
    walk_iso = keyset_desc(
        select(snapshots.c.id, snapshots.c.payload).where(in_session), column, snapshots.c.id, True
    ).limit(limit)
    return {
        "summary_ends": ends,
        "summary_span": select(span_q.c.id).order_by(span_q.c.at, span_q.c.id),
        "summary_before": newest(False, ids_only=True),
        "summary_top": top,
        "summary_walk": walk,
        "summary_first_at": first_at,
        "summary_walk_iso": walk_iso,
    }

"""One field of every snapshot of a session, oldest first, in keyset pages:
what field history (blame) walks."""

from __future__ import annotations

from sqlalchemy import Integer, Text, and_, bindparam, case, func, or_, select

from ckpt_tui.store.schema import snapshots
from ckpt_tui.store.statements.common import variants

#: ``json_type`` of a payload that is not a JSON object: the walk skips it
#: (``history_reads.DAMAGED`` says the same).
DAMAGED = "damaged"


def field_values(until: bool, after: bool):
    """``:limit`` snapshots of ``:session_id``, oldest first, with the JSON
    type and text of the payload's value at ``:path``, strictly after
    ``(:after_t, :after_id)`` if ``after``, up to ``(:until_t,
    :until_id)`` included if ``until`` (both by the stored time). SQLite
    takes the field out of each payload: a 5,000-snapshot walk moves a few
    hundred kilobytes into Python instead of ten megabytes of payloads."""
    path = bindparam("path", type_=Text)
    whole = and_(
        func.json_valid(snapshots.c.payload), func.json_type(snapshots.c.payload) == "object"
    )
    stmt = select(
        snapshots.c.id,
        snapshots.c.name,
        snapshots.c.kind,
        snapshots.c.captured_at,
        case((whole, func.json_type(snapshots.c.payload, path)), else_=DAMAGED).label("json_type"),
        # ``->``: the value as JSON text, escapes kept. ``json_extract`` would
        # turn a lone surrogate (``"\\ud800"``) into bytes that are not UTF-8.
        case((whole, snapshots.c.payload.op("->")(path)), else_=None).label("value"),
    ).where(snapshots.c.session_id == bindparam("session_id", type_=Text))
    t, sid = snapshots.c.captured_at, snapshots.c.id
    if after:
        at, aid = bindparam("after_t"), bindparam("after_id", type_=Text)
        stmt = stmt.where(t >= at, or_(t > at, sid > aid))
    if until:
        ut, uid = bindparam("until_t"), bindparam("until_id", type_=Text)
        stmt = stmt.where(t <= ut, or_(t < ut, sid <= uid))
    return stmt.order_by(t, sid).limit(bindparam("limit", type_=Integer))


def statements() -> dict[str, object]:
    return {
        **dict(variants("field_values", field_values, "until", "after")),
        "stored_time": select(snapshots.c.captured_at, snapshots.c.id).where(
            snapshots.c.session_id == bindparam("session_id", type_=Text),
            snapshots.c.id == bindparam("snapshot_id", type_=Text),
        ),
    }

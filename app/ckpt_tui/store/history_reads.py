"""One field of every snapshot of a session, oldest first, in keyset pages.

What field history (blame) walks. SQLite takes the field out of each
payload (``json_extract``), so a 5,000-snapshot walk moves a few hundred
kilobytes into Python instead of ten megabytes of payloads to decode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlalchemy import Connection, Integer, Text, and_, bindparam, case, func, or_, select

from ckpt_tui.store.schema import snapshots
from ckpt_tui.store.valid_ids import require_id

#: ``kind`` of a payload that is not a JSON object: the walk skips it.
DAMAGED = "damaged"


class FieldValue(NamedTuple):
    """One snapshot's value of one field.

    ``json_type`` is SQLite's type of the value (``text``, ``array``,
    ``integer``, ``true``..., ``None`` when the key is missing, ``damaged``
    when the payload is not a JSON object); ``value`` is the value as JSON
    text (SQLite's ``->``). ``captured_at`` is the
    stored value (:func:`ckpt_tui.timeutil.normalize` it to show it): the
    walk reads thousands and shows a few.
    """

    id: str
    name: str
    kind: str
    captured_at: Any
    json_type: str | None
    value: Any


def _statement(until: bool, after: bool):
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


def field_values(
    conn: Connection,
    session_id: str,
    field: str,
    *,
    after: tuple | None = None,
    until: tuple | None = None,
    limit: int = 1000,
) -> Sequence[FieldValue]:
    """A page of ``field``'s values, oldest snapshot first, strictly after
    ``after`` and up to ``until`` included (both ``(stored time, id)``).

    ``field`` must be a payload key the caller validated (it becomes a JSON
    path)."""
    require_id(session_id)
    if not field.isalnum():
        raise ValueError(f"not a payload key: {field!r}")
    params: dict[str, Any] = {"session_id": session_id, "path": f"$.{field}", "limit": limit}
    if after is not None:
        params["after_t"], params["after_id"] = after
    if until is not None:
        params["until_t"], params["until_id"] = until
    # Plain rows: the walk reads every one, so no per-row conversion here.
    return conn.execute(_statement(until is not None, after is not None), params).all()


def stored_time(conn: Connection, session_id: str, snapshot_id: str) -> tuple | None:
    """The ``(stored time, id)`` of a snapshot, as the keyset compares it."""
    require_id(session_id)
    row = conn.execute(
        select(snapshots.c.captured_at, snapshots.c.id).where(
            snapshots.c.session_id == session_id, snapshots.c.id == snapshot_id
        )
    ).first()
    return (row.captured_at, row.id) if row else None

"""One field of every snapshot of a session, oldest first, in keyset pages:
what field history (blame) walks (statements: ``statements/history.py``).

SQLite takes the field out of each payload (``->``), so a 5,000-snapshot
walk moves a few hundred kilobytes into Python instead of ten megabytes of
payloads to decode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ckpt_tui.store.keys import variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.valid_ids import require_id

#: ``json_type`` of a payload that is not a JSON object: the walk skips it.
DAMAGED = "damaged"


def field_values(
    q: Query,
    session_id: str,
    field: str,
    *,
    after: tuple | None = None,
    until: tuple | None = None,
    limit: int = 1000,
) -> Sequence[Any]:
    """A page of ``field``'s values, oldest snapshot first, strictly after
    ``after`` and up to ``until`` included (both ``(stored time, id)``).

    Each row is ``(id, name, kind, captured_at, json_type, value)``:
    ``json_type`` is SQLite's type of the value (``text``, ``array``,
    ``integer``, ``true``..., ``None`` when the key is missing,
    :data:`DAMAGED` when the payload is not a JSON object); ``value`` is the
    value as JSON text (SQLite's ``->``). ``captured_at`` is the stored
    value (:func:`ckpt_tui.timeutil.normalize` it to show it): the walk
    reads thousands and shows a few.

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
    name = variant("field_values", until=until is not None, after=after is not None)
    return q.run(name, **params)


def stored_time(q: Query, session_id: str, snapshot_id: str) -> tuple | None:
    """The ``(stored time, id)`` of a snapshot, as the keyset compares it."""
    require_id(session_id)
    row = q.first("stored_time", session_id=session_id, snapshot_id=snapshot_id)
    return (row["captured_at"], row["id"]) if row else None

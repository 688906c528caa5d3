"""A session's snapshots: keyset pages without payloads (from either end),
single snapshots with their payload, and small existence checks.
Statements: ``statements/snapshots.py``.

Every function takes a :class:`~ckpt_tui.store.query.Query` so that the
caller decides what one consistent read (one transaction) covers; the
single-row reads also take a write's connection (``Query.within``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ckpt_tui.errors import NotFound
from ckpt_tui.records import Page, SnapshotRow
from ckpt_tui.store.filters import like_pattern, page_total
from ckpt_tui.store.keys import cursor_params, json_list, slots, variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.rows import keyset_page, snapshot_row
from ckpt_tui.store.session_reads import session_exists
from ckpt_tui.store.valid_ids import no_session, no_snapshot, require_id


def _list_params(
    session_id: str,
    kinds: Sequence[str] | None,
    exclude_kinds: Sequence[str] | None,
    text: str | None,
) -> tuple[dict[str, bool], dict[str, object]]:
    """(the statement's flags, its parameters) for a session's snapshot list."""
    flags = {"kinds": bool(kinds), "exclude": bool(exclude_kinds), "match": bool(text)}
    params: dict[str, object] = {"session_id": session_id}
    if kinds:
        params.update(slots("kind", kinds, "kinds"))
    if exclude_kinds:
        params.update(slots("exclude", exclude_kinds, "kinds"))
    if text:
        params["pattern"] = like_pattern(text)
    return flags, params


def list_snapshots(
    q: Query,
    session_id: str,
    *,
    kinds: Sequence[str] | None = None,
    exclude_kinds: Sequence[str] | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SnapshotRow]:
    """A session's snapshots, newest first, without payloads; ``limit`` -1:
    all of them.

    ``text`` matches the name, the kind or anywhere inside the payload
    (SQLite reads the payloads to filter, but none is returned).
    """
    require_id(session_id)
    flags, params = _list_params(session_id, kinds, exclude_kinds, text)
    page = variant("snapshots_page", after=after is not None, **flags)
    raw = q.run(page, **params, limit=limit, **cursor_params(after))
    total, at_least = page_total(
        q, variant("snapshots_total", **flags), params, raw, limit, after, bool(text)
    )
    return keyset_page([snapshot_row(r) for r in raw], raw, total, limit, "sort_at", at_least)


def list_snapshots_last(
    q: Query,
    session_id: str,
    *,
    kinds: Sequence[str] | None = None,
    exclude_kinds: Sequence[str] | None = None,
    before: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SnapshotRow]:
    """The last page of ``list_snapshots``'s list (what ``G`` lands on), or
    the ``limit`` rows just above ``before``: rows in list order (newest
    first), the list's ``total`` (bounded as ``list_snapshots`` bounds it),
    and as ``cursor`` the key of the top row when there are rows above it
    (pass it as ``before`` to read upward), else ``None``.

    Costs what the first page costs, whatever the length of the list.
    """
    require_id(session_id)
    flags, params = _list_params(session_id, kinds, exclude_kinds, text)
    last = variant("snapshots_last", before=before is not None, **flags)
    raw = q.run(last, **params, limit=limit + 1, **cursor_params(before))
    more = len(raw) > limit
    raw = list(reversed(raw[:limit]))
    if before is None and not more:  # the whole list: its length is the count
        total, at_least = len(raw), False
    else:
        total_name = variant("snapshots_total", **flags)
        total, at_least = page_total(q, total_name, params, raw, limit, before, bool(text))
    cursor = (raw[0]["sort_at"], raw[0]["id"]) if more else None
    rows = [snapshot_row(r) for r in raw]
    return Page(rows=rows, total=total, cursor=cursor, at_least=at_least)


def get_snapshot(q: Query, session_id: str, name: str) -> tuple[SnapshotRow, str]:
    """A snapshot by name (or id) with its raw payload text."""
    require_id(session_id)
    require_id(name, "snapshot name")
    q = Query.within(q)
    row = q.first("snapshot", session_id=session_id, name=name)
    if row is None:
        if not session_exists(q, session_id):
            raise NotFound(no_session(session_id))
        raise NotFound(no_snapshot(session_id, name))
    return snapshot_row(row), row["payload"]


def get_payloads(q: Query, session_id: str, ids: Sequence[str]) -> dict[str, str]:
    """Payload text of the given snapshots (what a visible list row needs)."""
    require_id(session_id)
    rows = q.run("payloads", session_id=session_id, ids=json_list(list(ids)))
    return {r[0]: r[1] for r in rows}


def newest_snapshot(q: Query, session_id: str, kind: str | None = None):
    """The newest snapshot row (with payload) of a session, optionally of a
    kind, or ``None``; also inside a write (``Query.within``)."""
    require_id(session_id)
    name = variant("newest", of_kind=kind is not None)
    return Query.within(q).first(name, session_id=session_id, kind=kind, limit=1)


def newest_listed(q: Query, session_id: str, kind: str):
    """The newest snapshot of a session of ``kind``, its list columns
    without the payload, or ``None``."""
    require_id(session_id)
    name = "snapshots_page/kinds"
    return q.first(name, session_id=session_id, **slots("kind", [kind], "kinds"), limit=1)


def kind_exists(q: Query, kind: str) -> bool:
    """Whether any snapshot in the store has this kind (a scan: ``kind`` has
    no index, so callers ask only for a kind they do not already know)."""
    return q.first("kind_anywhere", kind=kind) is not None


def session_kinds(q: Query, session_id: str) -> list[str]:
    """The kinds of a session's snapshots, sorted (through the session index)."""
    require_id(session_id)
    return [r[0] for r in q.run("session_kinds", session_id=session_id)]


def snapshot_exists(q: Query, session_id: str, name: str) -> bool:
    """Whether the session has a snapshot of this name; also inside a write."""
    return Query.within(q).first("snapshot_named", session_id=session_id, name=name) is not None

"""A session's snapshots: keyset pages without payloads (from either end),
single snapshots with their payload, and small existence checks.

Every function takes an open :class:`~sqlalchemy.Connection` so that the
caller decides what one consistent read (one transaction) covers.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from sqlalchemy import Connection, Integer, Text, bindparam, func, or_, select
from sqlalchemy.sql import Select

from ckpt_tui.errors import NotFound
from ckpt_tui.records import Page, SnapshotRow
from ckpt_tui.store.filters import count_upto, matches, page_total
from ckpt_tui.store.ordering import cursor_params, newest_first, oldest_first
from ckpt_tui.store.rows import keyset_page, snapshot_row
from ckpt_tui.store.schema import snapshots
from ckpt_tui.store.session_reads import session_exists
from ckpt_tui.store.valid_ids import no_session, no_snapshot, require_id

_SNAPSHOT_COLUMNS = [c for c in snapshots.c if c.name != "payload"]


def snapshots_statements(
    kinds: Sequence[str] | None = None,
    exclude_kinds: Sequence[str] | None = None,
    after: bool = False,
    text: str | None = None,
):
    """(page, total) for the snapshots of ``:session_id``; the page takes
    ``:limit`` (and the cursor, if ``after``)."""
    return _snapshots_statements(
        tuple(kinds) if kinds else None,
        tuple(exclude_kinds) if exclude_kinds else None,
        after,
        text,
    )


def _snapshot_where(kinds, exclude_kinds, text: str | None):
    """(conditions, text match or None) of a session's snapshot list."""
    where = [snapshots.c.session_id == bindparam("session_id", type_=Text)]
    if kinds:
        where.append(snapshots.c.kind.in_(list(kinds)))
    if exclude_kinds:
        where.append(snapshots.c.kind.not_in(list(exclude_kinds)))
    match = matches([snapshots.c.name, snapshots.c.kind, snapshots.c.payload], text)
    if match is not None:
        where.append(match)
    return where, match


@functools.lru_cache(maxsize=64)
def _snapshots_statements(
    kinds: tuple[str, ...] | None,
    exclude_kinds: tuple[str, ...] | None,
    after: bool,
    text: str | None,
):
    where, match = _snapshot_where(kinds, exclude_kinds, text)
    page = newest_first(
        select(*_SNAPSHOT_COLUMNS).where(*where),
        snapshots.c.captured_at,
        snapshots.c.id,
        after,
        bindparam("limit", type_=Integer),
    )
    if match is not None:  # a filter's count stops at FILTER_COUNT_BOUND
        return page, count_upto(select(snapshots.c.id).where(*where))
    return page, select(func.count()).select_from(snapshots).where(*where)


@functools.lru_cache(maxsize=16)
def _last_snapshots_statement(
    kinds: tuple[str, ...] | None,
    exclude_kinds: tuple[str, ...] | None,
    before: bool,
    text: str | None,
) -> Select:
    """The rows of ``_snapshots_statements``'s list read from its end
    (oldest first), before the cursor (if ``before``); takes ``:limit``."""
    where, _ = _snapshot_where(kinds, exclude_kinds, text)
    return oldest_first(
        select(*_SNAPSHOT_COLUMNS).where(*where),
        snapshots.c.captured_at,
        snapshots.c.id,
        before,
        bindparam("limit", type_=Integer),
    )


def list_snapshots_last(
    conn: Connection,
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
    kinds_key = tuple(kinds) if kinds else None
    exclude_key = tuple(exclude_kinds) if exclude_kinds else None
    stmt = _last_snapshots_statement(kinds_key, exclude_key, before is not None, text)
    params = {"session_id": session_id, "limit": limit + 1, **cursor_params(before)}
    raw = conn.execute(stmt, params).mappings().all()
    more = len(raw) > limit
    raw = list(reversed(raw[:limit]))
    if before is None and not more:  # the whole list: its length is the count
        total, at_least = len(raw), False
    else:
        _, total_stmt = _snapshots_statements(kinds_key, exclude_key, False, text)
        params = {"session_id": session_id}
        total, at_least = page_total(conn, total_stmt, params, raw, limit, before, bool(text))
    cursor = (raw[0]["sort_at"], raw[0]["id"]) if more else None
    rows = [snapshot_row(r) for r in raw]
    return Page(rows=rows, total=total, cursor=cursor, at_least=at_least)


def list_snapshots(
    conn: Connection,
    session_id: str,
    *,
    kinds: Sequence[str] | None = None,
    exclude_kinds: Sequence[str] | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SnapshotRow]:
    """A session's snapshots, newest first, without payloads.

    ``text`` matches the name or anywhere inside the payload (SQLite reads
    the payloads to filter, but none is returned).
    """
    require_id(session_id)
    page_stmt, total_stmt = snapshots_statements(kinds, exclude_kinds, after is not None, text)
    params = {"session_id": session_id, "limit": limit, **cursor_params(after)}
    raw = conn.execute(page_stmt, params).mappings().all()
    total, at_least = page_total(
        conn, total_stmt, {"session_id": session_id}, raw, limit, after, bool(text)
    )
    return keyset_page([snapshot_row(r) for r in raw], raw, total, limit, "sort_at", at_least)


@functools.cache
def snapshot_statement() -> Select:
    """The snapshot of ``:session_id`` named (or with the id) ``:name``, payload included."""
    name = bindparam("name", type_=Text)
    return select(snapshots).where(
        snapshots.c.session_id == bindparam("session_id", type_=Text),
        or_(snapshots.c.name == name, snapshots.c.id == name),
    )


def get_snapshot(conn: Connection, session_id: str, name: str) -> tuple[SnapshotRow, str]:
    """A snapshot by name (or id) with its raw payload text."""
    require_id(session_id)
    require_id(name, "snapshot name")
    params = {"session_id": session_id, "name": name}
    r = conn.execute(snapshot_statement(), params).mappings().first()
    if r is None:
        if not session_exists(conn, session_id):
            raise NotFound(no_session(session_id))
        raise NotFound(no_snapshot(session_id, name))
    return snapshot_row(r), r["payload"]


@functools.cache
def kind_snapshots_statement() -> Select:
    """Every snapshot of ``:session_id`` of kind ``:kind``, newest first,
    without payloads, ``:limit`` of them (the command line's ``--kind``:
    the list of ``snapshots_statements(kinds=[kind])`` with the kind a
    parameter, so its SQL can be generated once)."""
    where = [
        snapshots.c.session_id == bindparam("session_id", type_=Text),
        snapshots.c.kind == bindparam("kind", type_=Text),
    ]
    stmt = select(*_SNAPSHOT_COLUMNS).where(*where)
    limit = bindparam("limit", type_=Integer)
    return newest_first(stmt, snapshots.c.captured_at, snapshots.c.id, False, limit)


def payloads_statement():
    """(id, payload) of the snapshots of ``:session_id`` whose ids are in
    ``:ids``, a JSON array (one statement whatever the count, so it can be
    cached compiled)."""
    ids = func.json_each(bindparam("ids", type_=Text)).table_valued("value")
    # likely(): without it SQLite walks the session index, reading every row
    # of a long session, instead of looking the ids up by primary key.
    return select(snapshots.c.id, snapshots.c.payload).where(
        func.likely(snapshots.c.session_id == bindparam("session_id", type_=Text)),
        snapshots.c.id.in_(select(ids.c.value)),
    )


def newest_snapshot(conn: Connection, session_id: str, kind: str | None = None):
    """The newest snapshot row (with payload) of a session, optionally of a kind."""
    require_id(session_id)
    params = {"session_id": session_id, "kind": kind, "limit": 1}
    return conn.execute(newest_statement(kind is not None), params).mappings().first()


@functools.lru_cache(maxsize=4)
def newest_statement(of_kind: bool, *, ids_only: bool = False) -> Select:
    """The newest ``:limit`` snapshots of ``:session_id`` (of ``:kind``);
    with ``ids_only``, their ids, before the cursor."""
    columns = [snapshots.c.id] if ids_only else [snapshots]
    stmt = select(*columns).where(snapshots.c.session_id == bindparam("session_id", type_=Text))
    if of_kind:
        stmt = stmt.where(snapshots.c.kind == bindparam("kind", type_=Text))
    limit = bindparam("limit", type_=Integer)
    return newest_first(stmt, snapshots.c.captured_at, snapshots.c.id, ids_only, limit)


@functools.cache
def kind_statements() -> tuple[Select, Select]:
    """(a snapshot id of kind ``:kind`` anywhere in the store, the sorted
    kinds of the snapshots of ``:session_id``)."""
    kind = bindparam("kind", type_=Text)
    anywhere = select(snapshots.c.id).where(snapshots.c.kind == kind).limit(1)
    of_session = (
        select(snapshots.c.kind)
        .where(snapshots.c.session_id == bindparam("session_id", type_=Text))
        .distinct()
        .order_by(snapshots.c.kind)
    )
    return anywhere, of_session


def kind_exists(conn: Connection, kind: str) -> bool:
    """Whether any snapshot in the store has this kind (a scan: ``kind`` has
    no index, so callers ask only for a kind they do not already know)."""
    return conn.execute(kind_statements()[0], {"kind": kind}).first() is not None


def session_kinds(conn: Connection, session_id: str) -> list[str]:
    """The kinds of a session's snapshots, sorted (through the session index)."""
    require_id(session_id)
    return [r[0] for r in conn.execute(kind_statements()[1], {"session_id": session_id})]


def snapshot_exists(conn: Connection, session_id: str, name: str) -> bool:
    return (
        conn.execute(
            select(snapshots.c.id).where(
                snapshots.c.session_id == session_id, snapshots.c.name == name
            )
        ).first()
        is not None
    )

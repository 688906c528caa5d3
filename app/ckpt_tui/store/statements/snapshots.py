"""A session's snapshots: keyset pages without payloads (from either end),
single snapshots with their payload, payloads by id, and small existence
checks."""

from __future__ import annotations

from sqlalchemy import Integer, Text, bindparam, func, or_, select
from sqlalchemy.sql import Select

from ckpt_tui.store.ordering import instant, newest_first, oldest_first
from ckpt_tui.store.schema import snapshots
from ckpt_tui.store.statements.common import (
    count_upto,
    json_values,
    matches_pattern,
    slot_params,
    variants,
)

LIST_COLUMNS = [c for c in snapshots.c if c.name != "payload"]



def _where(kinds: bool, exclude: bool, match: bool) -> list:
    """The conditions of a session's snapshot list: of ``:session_id``, of
    the kinds ``:kind_0`` ... (``keys.slots``), not of the kinds
    ``:exclude_0`` ..., holding ``:pattern`` in the name, the kind or the
    payload (SQLite reads the payloads to filter, but none is returned)."""
    where = [snapshots.c.session_id == bindparam("session_id", type_=Text)]
    if kinds:
        where.append(snapshots.c.kind.in_(slot_params("kind")))
    if exclude:
        where.append(snapshots.c.kind.not_in(slot_params("exclude")))
    if match:
        where.append(matches_pattern([snapshots.c.name, snapshots.c.kind, snapshots.c.payload]))
    return where


def snapshots_page(kinds: bool, exclude: bool, after: bool, match: bool) -> Select:
    """``:limit`` snapshots of the list, newest first, after the cursor if ``after``."""
    return _listed(newest_first, kinds, exclude, after, match)


def snapshots_last(kinds: bool, exclude: bool, before: bool, match: bool) -> Select:
    """The rows of :func:`snapshots_page`'s list read from its end (oldest
    first), before the cursor if ``before``: an index walk from the end
    that stops at the page."""
    return _listed(oldest_first, kinds, exclude, before, match)


def _listed(order, kinds: bool, exclude: bool, cursor: bool, match: bool) -> Select:
    """``:limit`` rows of the list in ``order`` (``ordering.newest_first``
    or ``oldest_first``), past the cursor if ``cursor``."""
    return order(
        select(*LIST_COLUMNS).where(*_where(kinds, exclude, match)),
        snapshots.c.captured_at,
        snapshots.c.id,
        cursor,
        bindparam("limit", type_=Integer),
    )


def snapshots_total(kinds: bool, exclude: bool, match: bool) -> Select:
    """How many snapshots the list holds; with ``match``, at most ``:count_bound``."""
    where = _where(kinds, exclude, match)
    if match:
        return count_upto(select(snapshots.c.id).where(*where))
    return select(func.count()).select_from(snapshots).where(*where)


def newest(of_kind: bool, ids_only: bool = False) -> Select:
    """The newest ``:limit`` snapshots of ``:session_id`` (of ``:kind``);
    with ``ids_only``, their ids, before the cursor."""
    columns = [snapshots.c.id] if ids_only else [snapshots]
    stmt = select(*columns).where(snapshots.c.session_id == bindparam("session_id", type_=Text))
    if of_kind:
        stmt = stmt.where(snapshots.c.kind == bindparam("kind", type_=Text))
    limit = bindparam("limit", type_=Integer)
    return newest_first(stmt, snapshots.c.captured_at, snapshots.c.id, ids_only, limit)


def statements() -> dict[str, object]:
    session = snapshots.c.session_id == bindparam("session_id", type_=Text)
    name = bindparam("name", type_=Text)
    kind = bindparam("kind", type_=Text)
    return {
        **dict(variants("snapshots_page", snapshots_page, "kinds", "exclude", "after", "match")),
        **dict(variants("snapshots_last", snapshots_last, "kinds", "exclude", "before", "match")),
        **dict(variants("snapshots_total", snapshots_total, "kinds", "exclude", "match")),
        # by name or id, payload included
        "snapshot": select(snapshots).where(
            session, or_(snapshots.c.name == name, snapshots.c.id == name)
        ),
        "snapshot_named": select(snapshots.c.id).where(session, snapshots.c.name == name),
        # (id, payload) of the snapshots whose ids are in the JSON array
        # ``:ids``. likely(): without it SQLite walks the session index,
        # reading every row of a long session, instead of looking the ids up
        # by primary key.
        "payloads": select(snapshots.c.id, snapshots.c.payload).where(
            func.likely(session), snapshots.c.id.in_(json_values("ids"))
        ),
        **dict(variants("newest", newest, "of_kind")),
        # ``(id, name, kind)`` of every snapshot of the session, newest first
        # by instant: what pruning keeps and deletes (``writes.prunable``)
        "prune_order": select(snapshots.c.id, snapshots.c.name, snapshots.c.kind)
        .where(session)
        .order_by(instant(snapshots.c.captured_at).desc(), snapshots.c.id.desc()),
        # which of the snapshots whose ids are in ``:ids`` the store holds
        "snapshots_present": select(snapshots.c.id).where(snapshots.c.id.in_(json_values("ids"))),
        # a snapshot of kind ``:kind`` anywhere in the store (a scan: no index on kind)
        "kind_anywhere": select(snapshots.c.id).where(snapshots.c.kind == kind).limit(1),
        # the kinds of the session's snapshots, sorted (through the session index)
        "session_kinds": select(snapshots.c.kind).where(session).distinct().order_by(
            snapshots.c.kind
        ),
    }

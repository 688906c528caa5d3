"""The sessions and projects panes in the orders a person picks.

Sessions: by last activity (``updated_at``, the default, in
``store.session_reads``, ``store.tree_reads``), by title, by status (blocked first), or by snapshot
count; projects: by activity or by name. Every order is a keyset: a page
is "the next ``limit`` rows after this key", never an offset, so page 50
costs what page 1 costs.

The store has no index on a title, a status rank or a count, and ckpt-tui
may add none (SPEC 1), so SQLite orders a project's sessions in a temporary
B-tree for each title or status page: that is a scan of the project's
session rows (no payloads, no snapshots). Ordering by snapshot count would
also count every snapshot of the project for each page, so that order is
read once (:func:`snapshot_count_order`: one pass over the snapshots
index) and the caller keeps it until the store changes; pages are then
slices of it, read by id.

Children stay under their parent (ordered by activity, as always); the
order applies to roots. With a filter the list is flat, as it is in the
default order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlalchemy import (
    Connection,
    and_,
    case,
    exists,
    func,
    literal,
    or_,
    select,
)

from ckpt_tui.records import Page, ProjectRow, SessionRow
from ckpt_tui.store.filters import count_upto, matches, page_total
from ckpt_tui.store.ordering import instant
from ckpt_tui.store.project_reads import list_projects, projects_of_page, projects_select
from ckpt_tui.store.rows import (
    project_row,
    session_row,
    session_tree,
)
from ckpt_tui.store.schema import checkpoints, projects, sessions, snapshots
from ckpt_tui.store.session_reads import SESSION_TEXT, session_select
from ckpt_tui.store.tree_reads import list_session_tree, tree_statements
from ckpt_tui.store.valid_ids import require_id

SESSION_SORTS = ("activity", "title", "status", "snapshots")
PROJECT_SORTS = ("activity", "name")

#: Status order for "status": what needs a person first.
STATUS_RANK = {"blocked": 0, "in_progress": 1, "done": 2, "abandoned": 3}
OTHER_STATUS, NO_CHECKPOINT = 4, 5


def title_key():
    """The title a row shows when opencode adds nothing: the session's,
    else its checkpoint's; compared without case (ASCII)."""
    return func.lower(
        func.coalesce(func.nullif(sessions.c.title, ""), checkpoints.c.title, "")
    ).label("sort_title")


def status_rank():
    return case(
        (checkpoints.c.session_id.is_(None), NO_CHECKPOINT),
        *((checkpoints.c.status == name, rank) for name, rank in STATUS_RANK.items()),
        else_=OTHER_STATUS,
    ).label("sort_status")


def _snapshot_count():
    return (
        select(func.count())
        .select_from(snapshots)
        .where(snapshots.c.session_id == sessions.c.id)
        .scalar_subquery()
    )


def _scope(project_id: str, text: str | None):
    """Roots of the project, or (with a filter) every matching session of it."""
    where = [sessions.c.project_id == project_id]
    match = matches(SESSION_TEXT, text)
    if match is not None:
        return where + [match]
    parent = sessions.alias("parent")
    has_parent = exists(
        select(literal(1)).where(
            parent.c.id == sessions.c.parent_id, parent.c.project_id == sessions.c.project_id
        )
    )
    return where + [~has_parent]


def _source():
    return sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id)


def _total(conn: Connection, where) -> int:
    return conn.execute(select(func.count()).select_from(_source()).where(*where)).scalar_one()


def _with_children(conn: Connection, project_id: str, raw_roots, text: str | None):
    """Roots in the given order, each followed by its children (the default
    order's children statement); with a filter, the flat rows."""
    if text:
        return [session_row(r) for r in raw_roots]
    _, _, children = tree_statements()

    def children_of(ids: list[str]):
        params = {"project_id": project_id, "frontier": json.dumps(ids)}
        return conn.execute(children, params).mappings().all()

    return session_tree(raw_roots, children_of)


def list_sessions_sorted(
    conn: Connection,
    project_id: str,
    sort: str,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SessionRow]:
    """A page of the project's sessions by ``title`` or ``status`` (keyset
    on the sort key and the id); ``activity`` is the default query."""
    require_id(project_id, "project id")
    if sort == "activity":
        return list_session_tree(conn, project_id, after, limit, text)
    where = _scope(project_id, text)
    if sort == "title":
        key = title_key()
        order = (key.asc(), sessions.c.id.asc())
        if after is not None:
            at, aid = after
            where.append(or_(key > at, and_(key == at, sessions.c.id > aid)))
    elif sort == "status":
        key = status_rank()
        when = instant(sessions.c.updated_at)  # epoch ms beside ISO text (SPEC 3)
        order = (key.asc(), when.desc(), sessions.c.id.desc())
        if after is not None:
            rank, at, aid = after
            where.append(
                or_(
                    key > rank,
                    and_(key == rank, or_(when < at, and_(when == at, sessions.c.id < aid))),
                )
            )
    else:
        raise ValueError(f"unknown session order {sort!r}")
    # The page's ids first, ordered and cut in a subquery: SQLite computes
    # every result column before it sorts, so the snapshot count of
    # session_select would otherwise be counted for every session.
    keys = select(sessions.c.id).select_from(_source()).where(*where).order_by(*order).limit(limit)
    stmt = (
        session_select()
        .add_columns(key, instant(sessions.c.updated_at).label("sort_at"))
        .where(sessions.c.id.in_(keys.scalar_subquery()))
        .order_by(*order)
    )
    raw = conn.execute(stmt).mappings().all()
    if text:  # a filter's count stops at FILTER_COUNT_BOUND, as in the default order
        rows_stmt = select(sessions.c.id).select_from(_source()).where(*_scope(project_id, text))
        total, at_least = page_total(conn, count_upto(rows_stmt), {}, raw, limit, after, True)
    else:
        total, at_least = _total(conn, _scope(project_id, text)), False
    rows = _with_children(conn, project_id, raw, text)
    return Page(rows=rows, total=total, cursor=_sorted_cursor(sort, raw, limit), at_least=at_least)


def _sorted_cursor(sort: str, raw, limit: int) -> tuple | None:
    """The key of a full page's last row in the ``title`` or ``status`` order."""
    if not raw or len(raw) != limit:
        return None
    last = raw[-1]
    if sort == "title":
        return (last["sort_title"], last["id"])
    return (last["sort_status"], last["sort_at"], last["id"])


# -- by snapshot count: one read of the order, pages by id ------------------------------


def snapshot_count_order(
    conn: Connection, project_id: str, text: str | None = None
) -> list[tuple[int, str, str]]:
    """``(count, updated_at, id)`` of every root (or match) of the project,
    most snapshots first, then newest activity: one pass over the snapshots
    index for the project, read once per change of the store."""
    require_id(project_id, "project id")
    count = _snapshot_count().label("n")
    when = instant(sessions.c.updated_at)
    stmt = (
        select(count, when, sessions.c.id)
        .select_from(_source())
        .where(*_scope(project_id, text))
        .order_by(count.desc(), when.desc(), sessions.c.id.desc())
    )
    return [(n, str(at), sid) for n, at, sid in conn.execute(stmt)]


def sessions_by_ids(
    conn: Connection, project_id: str, ids: Sequence[str], text: str | None = None
) -> list[SessionRow]:
    """The rows of ``ids`` in that order, each root followed by its children."""
    raw = conn.execute(session_select().where(sessions.c.id.in_(list(ids)))).mappings().all()
    by_id = {r["id"]: r for r in raw}
    ordered = [by_id[i] for i in ids if i in by_id]
    return _with_children(conn, project_id, ordered, text)


# -- projects -----------------------------------------------------------------------------


def project_name_key():
    """The directory's last component (what the pane shows first), without case."""
    path = func.rtrim(projects.c.directory, "/")
    head = func.rtrim(path, func.replace(path, "/", ""))
    return func.lower(func.substr(path, func.length(head) + 1)).label("sort_name")


def list_projects_sorted(
    conn: Connection,
    sort: str,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[ProjectRow]:
    if sort == "activity":
        return list_projects(conn, after, limit, text)
    if sort != "name":
        raise ValueError(f"unknown project order {sort!r}")
    _, total_stmt = projects_select(text)
    key = project_name_key()
    order = (key.asc(), projects.c.id.asc())
    # The page's ids first: the session counts are then read for it only.
    keys = select(projects.c.id)
    match = matches([projects.c.id, projects.c.directory, projects.c.canonical], text)
    if match is not None:
        keys = keys.where(match)
    if after is not None:
        at, aid = after
        keys = keys.where(or_(key > at, and_(key == at, projects.c.id > aid)))
    stmt = projects_of_page(keys.order_by(*order).limit(limit)).add_columns(key).order_by(*order)
    raw = conn.execute(stmt).mappings().all()
    total = conn.execute(total_stmt).scalar_one()
    cursor = (raw[-1]["sort_name"], raw[-1]["id"]) if raw and len(raw) == limit else None
    return Page(rows=[project_row(r) for r in raw], total=total, cursor=cursor)

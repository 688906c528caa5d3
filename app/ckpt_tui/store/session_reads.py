"""The flat sessions list (the command line's, and a filtered tree), single
sessions and their checkpoints. Lists come in keyset pages with counts.

Every function takes an open :class:`~sqlalchemy.Connection` so that the
caller decides what one consistent read (one transaction) covers.
"""

from __future__ import annotations

import functools

from sqlalchemy import Connection, Integer, Text, bindparam, func, select
from sqlalchemy.sql import Select

from ckpt_tui.errors import NotFound
from ckpt_tui.records import CheckpointRow, Page, SessionRow
from ckpt_tui.store import filters
from ckpt_tui.store.filters import count_upto, matches, page_total
from ckpt_tui.store.ordering import cursor_params, instant, newest_first, newest_first_scanned
from ckpt_tui.store.rows import checkpoint_row, keyset_page, session_row
from ckpt_tui.store.schema import checkpoints, sessions, snapshots
from ckpt_tui.store.valid_ids import no_session, require_id


@functools.cache  # a Select is immutable: build it once, not once per query
def session_select() -> Select:
    snap_count = (
        select(func.count())
        .select_from(snapshots)
        .where(snapshots.c.session_id == sessions.c.id)
        .scalar_subquery()
    )
    return select(
        sessions,
        snap_count.label("snapshot_count"),
        checkpoints.c.status,
        checkpoints.c.title.label("checkpoint_title"),
        checkpoints.c.synthesized,
        (checkpoints.c.session_id.is_not(None)).label("has_checkpoint"),
    ).select_from(sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id))


def list_sessions(
    conn: Connection,
    project_id: str | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SessionRow]:
    """Sessions, newest activity first, flat (for the command line, and a
    filtered session tree)."""
    many = False  # a project filter with at least FILTER_COUNT_BOUND matches
    if project_id is not None:
        require_id(project_id, "project id")
        if text:
            from ckpt_tui.store.project_filter import project_filter_page

            page = project_filter_page(conn, project_id, after, limit, text)
            if page is not None:
                return page
            many = True
    stmt, total_stmt = sessions_statements(project_id is not None, after is not None, text)
    params = {"project_id": project_id, "limit": limit, **cursor_params(after)}
    raw = conn.execute(stmt, params).mappings().all()
    if many and not (after is None and len(raw) < limit):
        total, at_least = filters.FILTER_COUNT_BOUND, True  # what the bounded count would say
    else:
        total, at_least = page_total(
            conn, total_stmt, {"project_id": project_id}, raw, limit, after, bool(text)
        )
    return keyset_page([session_row(r) for r in raw], raw, total, limit, "sort_at", at_least)


@functools.lru_cache(maxsize=64)
def sessions_statements(of_project: bool, after: bool, text: str | None):
    """(page, total) of ``list_sessions``; they take ``:project_id`` (if
    ``of_project``), ``:limit`` and the cursor (if ``after``)."""
    match = matches(SESSION_TEXT, text)
    # Join the checkpoints only to search their text: SQLite keeps the join
    # (and reads a fat checkpoint row per session) even when nothing uses it.
    source = sessions
    if match is not None:
        source = sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id)
    keys = select(sessions.c.id).select_from(source)
    total_stmt = select(func.count()).select_from(source)
    if match is not None:
        keys = keys.where(match)
    if of_project:
        project = sessions.c.project_id == bindparam("project_id", type_=Text)
        keys, total_stmt = keys.where(project), total_stmt.where(project)
    if match is not None:  # a filter's count stops at FILTER_COUNT_BOUND
        total_stmt = count_upto(keys)
    # The page's ids first: the snapshot counts and the checkpoint columns are
    # then read for these rows only, not for every session before the sort.
    limit = bindparam("limit", type_=Integer)
    # A project's sessions come in index order (project_id, updated_at);
    # the store's have no such index and are scanned once.
    order = newest_first if of_project else newest_first_scanned
    keys = order(keys, sessions.c.updated_at, sessions.c.id, after, limit).subquery()
    at = instant(sessions.c.updated_at)
    stmt = session_select().add_columns(at.label("sort_at"))
    stmt = stmt.where(sessions.c.id.in_(select(keys.c.id)))
    return stmt.order_by(at.desc(), sessions.c.id.desc()), total_stmt


SESSION_TEXT = (
    sessions.c.id,
    sessions.c.title,
    checkpoints.c.title,
    checkpoints.c.objective,
    checkpoints.c.summary,
    checkpoints.c.current_plan,
    checkpoints.c.next_steps,
    checkpoints.c.completed_steps,
    checkpoints.c.blockers,
    checkpoints.c.files_touched,
    checkpoints.c.notes,
)


@functools.cache
def session_statement() -> Select:
    """The session ``:session_id`` with its list columns (``session_select``)."""
    return session_select().where(sessions.c.id == bindparam("session_id", type_=Text))


def get_session(conn: Connection, session_id: str) -> SessionRow:
    require_id(session_id)
    r = conn.execute(session_statement(), {"session_id": session_id}).mappings().first()
    if r is None:
        raise NotFound(no_session(session_id))
    return session_row(r)


def session_exists(conn: Connection, session_id: str) -> bool:
    require_id(session_id)
    return (
        conn.execute(select(sessions.c.id).where(sessions.c.id == session_id)).first() is not None
    )


# -- checkpoints ------------------------------------------------------------


@functools.cache
def checkpoint_statement() -> Select:
    """The checkpoint row of ``:session_id`` (every column)."""
    return select(checkpoints).where(
        checkpoints.c.session_id == bindparam("session_id", type_=Text)
    )


def get_checkpoint(conn: Connection, session_id: str) -> CheckpointRow | None:
    require_id(session_id)
    params = {"session_id": session_id}
    r = conn.execute(checkpoint_statement(), params).mappings().first()
    return None if r is None else checkpoint_row(r)

"""The flat sessions list (the command line's, and a filtered tree), a
project's filter read from the checkpoints side, single sessions and their
checkpoints."""

from __future__ import annotations

from sqlalchemy import Integer, Text, bindparam, exists, func, literal, select
from sqlalchemy.sql import Select

from ckpt_tui.store.ordering import instant, newest_first, newest_first_scanned
from ckpt_tui.store.schema import checkpoints, sessions
from ckpt_tui.store.statements.common import (
    SESSION_TEXT,
    count_upto,
    json_values,
    matches_pattern,
    session_select,
    variants,
)


def _keys(of_project: bool, match: bool) -> Select:
    """The ids of the list, unordered: sessions (of ``:project_id``)
    holding ``:pattern`` if ``match``. The checkpoints are joined only to
    search their text: SQLite keeps the join (and reads a fat checkpoint
    row per session) even when nothing uses it."""
    source = sessions
    if match:
        source = sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id)
    keys = select(sessions.c.id).select_from(source)
    if match:
        keys = keys.where(matches_pattern(SESSION_TEXT))
    if of_project:
        keys = keys.where(sessions.c.project_id == bindparam("project_id", type_=Text))
    return keys


def sessions_page(of_project: bool, after: bool, match: bool) -> Select:
    """``:limit`` sessions, newest activity first, each with ``sort_at``.
    The page's ids first: the snapshot counts and the checkpoint columns
    are then read for these rows only, not for every session before the
    sort. A project's sessions come in index order (project_id,
    updated_at); the store's have no such index and are scanned once."""
    order = newest_first if of_project else newest_first_scanned
    limit = bindparam("limit", type_=Integer)
    keys = order(_keys(of_project, match), sessions.c.updated_at, sessions.c.id, after, limit)
    at = instant(sessions.c.updated_at)
    stmt = session_select().add_columns(at.label("sort_at"))
    stmt = stmt.where(sessions.c.id.in_(select(keys.subquery().c.id)))
    return stmt.order_by(at.desc(), sessions.c.id.desc())


def sessions_total(of_project: bool, match: bool) -> Select:
    """How many sessions the list holds; with ``match``, at most ``:count_bound``."""
    if match:
        return count_upto(_keys(of_project, match))
    total = select(func.count()).select_from(sessions)
    if of_project:
        total = total.where(sessions.c.project_id == bindparam("project_id", type_=Text))
    return total


def project_filter_statements(after: bool) -> tuple[Select, Select, Select]:
    """(the ids of ``:project_id``'s sessions whose own columns hold
    ``:pattern``, at most ``:bound``; the same for their checkpoints'
    columns; the page of the sessions whose ids are in the JSON array
    ``:ids``, newest first, ``:limit`` of them after the cursor if
    ``after``, with ``session_select``'s columns)."""
    project = bindparam("project_id", type_=Text)
    bound = bindparam("bound", type_=Integer)
    own, theirs = SESSION_TEXT[:2], SESSION_TEXT[2:]
    by_session = (
        select(sessions.c.id)
        .where(sessions.c.project_id == project, matches_pattern(own))
        .limit(bound)
    )
    in_project = exists(  # a covering look-up in the (id, project_id) index
        select(literal(1)).where(
            sessions.c.id == checkpoints.c.session_id, sessions.c.project_id == project
        )
    )
    by_checkpoint = (
        select(checkpoints.c.session_id)
        .where(checkpoints.c.project_id == project, matches_pattern(theirs), in_project)
        .limit(bound)
    )
    # likely(): look the ids up by primary key rather than walk the project's index
    keys = select(sessions.c.id).where(
        func.likely(sessions.c.project_id == project), sessions.c.id.in_(json_values("ids"))
    )
    limit = bindparam("limit", type_=Integer)
    # a few ids looked up once, sorted by instant (two halves would look them up twice)
    keys = newest_first_scanned(keys, sessions.c.updated_at, sessions.c.id, after, limit)
    at = instant(sessions.c.updated_at)
    page = session_select().add_columns(at.label("sort_at"))
    page = page.where(sessions.c.id.in_(select(keys.subquery().c.id)))
    return by_session, by_checkpoint, page.order_by(at.desc(), sessions.c.id.desc())


def statements() -> dict[str, object]:
    session_id = bindparam("session_id", type_=Text)
    by_session, by_checkpoint, _ = project_filter_statements(False)
    return {
        **dict(variants("sessions_page", sessions_page, "of_project", "after", "match")),
        **dict(variants("sessions_total", sessions_total, "of_project", "match")),
        "filter_by_session": by_session,
        "filter_by_checkpoint": by_checkpoint,
        **dict(variants("filter_page", lambda after: project_filter_statements(after)[2], "after")),
        "session": session_select().where(sessions.c.id == session_id),
        "session_exists": select(sessions.c.id).where(sessions.c.id == session_id),
        "checkpoint": select(checkpoints).where(checkpoints.c.session_id == session_id),
        # the checkpoint of ``:session_id`` if it was created at ``:created_at``
        "checkpoint_created": select(checkpoints.c.session_id).where(
            checkpoints.c.session_id == session_id,
            checkpoints.c.created_at == bindparam("created_at", type_=Text),
        ),
    }

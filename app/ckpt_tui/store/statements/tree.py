"""A project's session tree: root sessions by page, their children by
level, or every link of the project at once."""

from __future__ import annotations

from sqlalchemy import Integer, Text, and_, bindparam, exists, func, literal, select
from sqlalchemy.sql import Select

from ckpt_tui.store.ordering import instant, newest_first
from ckpt_tui.store.schema import sessions
from ckpt_tui.store.statements.common import json_values, session_select, variants


def has_parent():
    """The session's parent is a session of the same project (else it is a
    root: its parent may be an opencode session the store never saw)."""
    parent = sessions.alias("parent")
    return exists(
        select(literal(1)).where(
            parent.c.id == sessions.c.parent_id, parent.c.project_id == sessions.c.project_id
        )
    )


def _of_project():
    return sessions.c.project_id == bindparam("project_id", type_=Text)


def roots_page(after: bool) -> Select:
    """``:limit`` root sessions of ``:project_id``, newest first (after the
    cursor, if ``after``), with their list columns: the whole rows go
    through the ordered walk (the first screen: the page is the project's
    newest roots, found at once)."""
    return newest_first(
        session_select().where(and_(_of_project(), ~has_parent())),
        sessions.c.updated_at,
        sessions.c.id,
        after,
        bindparam("limit", type_=Integer),
    )


def roots_page_keyed(after: bool) -> Select:
    """:func:`roots_page` with the page's ids picked first, so the snapshot
    counts and checkpoint columns are read for the page only (any page)."""
    keys = select(sessions.c.id).where(_of_project(), ~has_parent())
    limit = bindparam("limit", type_=Integer)
    keys = newest_first(keys, sessions.c.updated_at, sessions.c.id, after, limit).subquery()
    at = instant(sessions.c.updated_at)
    stmt = session_select().add_columns(at.label("sort_at"))
    stmt = stmt.where(sessions.c.id.in_(select(keys.c.id)))
    return stmt.order_by(at.desc(), sessions.c.id.desc())


def statements() -> dict[str, object]:
    newest = (instant(sessions.c.updated_at).desc(), sessions.c.id.desc())
    project = _of_project()
    return {
        **dict(variants("roots_page", roots_page, "after")),
        **dict(variants("roots_page_keyed", roots_page_keyed, "after")),
        # the sessions whose parent is one of the JSON array ``:frontier``
        "children": session_select()
        .where(project, sessions.c.parent_id.in_(json_values("frontier")))
        .order_by(*newest),
        # the sessions whose ids are in the JSON array ``:ids``
        "sessions_by_ids": session_select()
        .where(sessions.c.id.in_(json_values("ids")))
        .order_by(*newest),
        # (id, parent_id) of the project's sessions whose parent is in it too
        "project_links": select(sessions.c.id, sessions.c.parent_id).where(
            project, sessions.c.parent_id.is_not(None), has_parent()
        ),
        "project_sessions_total": select(func.count()).select_from(sessions).where(project),
    }

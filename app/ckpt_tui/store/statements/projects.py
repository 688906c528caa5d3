"""The projects list (newest activity first, or by name) and single projects."""

from __future__ import annotations

from sqlalchemy import Integer, Text, and_, bindparam, func, or_, select
from sqlalchemy.sql import Select

from ckpt_tui.store.ordering import instant, is_epoch_ms, newest_first
from ckpt_tui.store.schema import projects, sessions
from ckpt_tui.store.statements.common import matches_pattern, variants

PROJECT_TEXT = (projects.c.id, projects.c.directory, projects.c.canonical)


def project_stats_columns():
    """A project's session count and last activity (the newest ``instant``
    of its sessions), as columns correlated with ``projects``.

    Both read the project's part of ``sessions_project_idx`` only. The
    newest ISO time is the last index entry that is ISO text (a walk from
    the end that stops at once); epoch rows (rare) are compared by instant.
    """
    of_project = sessions.c.project_id == projects.c.id
    count = select(func.count()).select_from(sessions).where(of_project).scalar_subquery()
    epoch = is_epoch_ms(sessions.c.updated_at)
    iso = (
        select(sessions.c.updated_at)
        .where(of_project, ~epoch)
        .order_by(sessions.c.updated_at.desc())
        .limit(1)
        .scalar_subquery()
    )
    ms = select(func.max(instant(sessions.c.updated_at))).where(of_project, epoch).scalar_subquery()
    last = func.max(func.coalesce(iso, ms), func.coalesce(ms, iso))
    return count.label("session_count"), last.label("last_activity")


def projects_of_page(keys: Select) -> Select:
    """The projects whose ids ``keys`` selects (a page, ordered and cut),
    with their session counts and last activity: counted for the page only
    (SQLite computes these columns for every row before it sorts)."""
    return select(projects, *project_stats_columns()).where(
        projects.c.id.in_(select(keys.subquery().c.id))
    )


def projects_page(after: bool, match: bool) -> Select:
    """The projects list, newest first: ``:limit`` rows (after the cursor,
    if ``after``; holding ``:pattern``, if ``match``), each with its
    ``sort_at``."""
    keys = select(projects.c.id)
    if match:
        keys = keys.where(matches_pattern(PROJECT_TEXT))
    limit = bindparam("limit", type_=Integer)
    keys = newest_first(keys, projects.c.updated_at, projects.c.id, after, limit)
    at = instant(projects.c.updated_at)
    page = projects_of_page(keys).add_columns(at.label("sort_at"))
    return page.order_by(at.desc(), projects.c.id.desc())


def projects_total(match: bool) -> Select:
    """How many projects there are (holding ``:pattern``, if ``match``)."""
    total = select(func.count()).select_from(projects)
    return total.where(matches_pattern(PROJECT_TEXT)) if match else total


def project_name_key():
    """The directory's last component (what the pane shows first), without case."""
    path = func.rtrim(projects.c.directory, "/")
    head = func.rtrim(path, func.replace(path, "/", ""))
    return func.lower(func.substr(path, func.length(head) + 1)).label("sort_name")


def projects_by_name(after: bool, match: bool) -> Select:
    """``:limit`` projects by name, then id, after ``(:after_name,
    :after_id)`` if ``after``; the page's ids first, so the session counts
    are read for it only."""
    key = project_name_key()
    order = (key.asc(), projects.c.id.asc())
    keys = select(projects.c.id)
    if match:
        keys = keys.where(matches_pattern(PROJECT_TEXT))
    if after:
        name, aid = bindparam("after_name", type_=Text), bindparam("after_id", type_=Text)
        keys = keys.where(or_(key > name, and_(key == name, projects.c.id > aid)))
    keys = keys.order_by(*order).limit(bindparam("limit", type_=Integer))
    return projects_of_page(keys).add_columns(key).order_by(*order)


def statements() -> dict[str, object]:
    return {
        **dict(variants("projects_page", projects_page, "after", "match")),
        **dict(variants("projects_total", projects_total, "match")),
        **dict(variants("projects_by_name", projects_by_name, "after", "match")),
        "project": select(projects).where(projects.c.id == bindparam("project_id", type_=Text)),
    }

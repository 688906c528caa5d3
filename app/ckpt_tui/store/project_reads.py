"""The projects list and single projects: keyset pages with counts.

Every function takes an open :class:`~sqlalchemy.Connection` so that the
caller decides what one consistent read (one transaction) covers.
"""

from __future__ import annotations

import functools

from sqlalchemy import Connection, Integer, Text, bindparam, func, select
from sqlalchemy.sql import Select

from ckpt_tui.errors import NotFound
from ckpt_tui.records import Page, ProjectRow
from ckpt_tui.store.filters import matches
from ckpt_tui.store.ordering import cursor_params, instant, is_epoch_ms, newest_first
from ckpt_tui.store.rows import keyset_page, project_row
from ckpt_tui.store.schema import projects, sessions
from ckpt_tui.store.valid_ids import no_project, require_id


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


def projects_select(text: str | None = None):
    """(rows, total) of the projects list, unordered and unpaged: every
    project (matching ``text``) with its session count and last activity.

    A page should pick its ids first (``projects_of_page``): SQLite computes
    these columns for every row before it sorts."""
    stmt = select(projects, *project_stats_columns())
    total_stmt = select(func.count()).select_from(projects)
    match = matches([projects.c.id, projects.c.directory, projects.c.canonical], text)
    if match is not None:
        stmt, total_stmt = stmt.where(match), total_stmt.where(match)
    return stmt, total_stmt


def projects_of_page(keys: Select) -> Select:
    """The projects whose ids ``keys`` selects (a page, ordered and cut),
    with their session counts and last activity: counted for the page only."""
    return select(projects, *project_stats_columns()).where(
        projects.c.id.in_(select(keys.subquery().c.id))
    )


@functools.lru_cache(maxsize=64)
def projects_statements(after: bool = False, text: str | None = None):
    """(page, total) for the projects list, newest first; the page takes
    ``:limit`` (and the cursor, if ``after``)."""
    keys = select(projects.c.id)
    total_stmt = select(func.count()).select_from(projects)
    match = matches([projects.c.id, projects.c.directory, projects.c.canonical], text)
    if match is not None:
        keys, total_stmt = keys.where(match), total_stmt.where(match)
    limit = bindparam("limit", type_=Integer)
    keys = newest_first(keys, projects.c.updated_at, projects.c.id, after, limit)
    at = instant(projects.c.updated_at)
    page = projects_of_page(keys).add_columns(at.label("sort_at"))
    return page.order_by(at.desc(), projects.c.id.desc()), total_stmt


def list_projects(
    conn: Connection, after: tuple | None = None, limit: int = 200, text: str | None = None
) -> Page[ProjectRow]:
    page_stmt, total_stmt = projects_statements(after is not None, text)
    raw = conn.execute(page_stmt, {"limit": limit, **cursor_params(after)}).mappings().all()
    total = conn.execute(total_stmt).scalar_one()
    return keyset_page([project_row(r) for r in raw], raw, total, limit, "sort_at")


@functools.cache
def project_statement() -> Select:
    """The project ``:project_id`` (its own columns)."""
    return select(projects).where(projects.c.id == bindparam("project_id", type_=Text))


def get_project(conn: Connection, project_id: str) -> ProjectRow:
    require_id(project_id, "project id")
    r = conn.execute(project_statement(), {"project_id": project_id}).mappings().first()
    if r is None:
        raise NotFound(no_project(project_id))
    return project_row(r)

"""A project's session tree: pages of root sessions, each followed by its
descendants, read level by level or from the project's parent links.

Every function takes an open :class:`~sqlalchemy.Connection` so that the
caller decides what one consistent read (one transaction) covers.
"""

from __future__ import annotations

import functools
import json
from typing import NamedTuple

from sqlalchemy import Connection, Integer, Text, and_, bindparam, exists, func, literal, select
from sqlalchemy.sql import Select

from ckpt_tui.records import Page, SessionRow
from ckpt_tui.store.ordering import cursor_params, instant, newest_first
from ckpt_tui.store.rows import MAX_NESTING, keyset_page, session_tree
from ckpt_tui.store.schema import sessions
from ckpt_tui.store.session_reads import list_sessions, session_select
from ckpt_tui.store.valid_ids import require_id


@functools.lru_cache(maxsize=2)
def tree_statements(after: bool = False):
    """(roots page, roots total, children of ``:frontier``) for the session
    tree of ``:project_id``; the page takes ``:limit`` (and the cursor, if
    ``after``), ``:frontier`` is a JSON array of ids (one statement for any
    number of them)."""
    parent = sessions.alias("parent")
    has_parent = exists(
        select(literal(1)).where(
            parent.c.id == sessions.c.parent_id, parent.c.project_id == sessions.c.project_id
        )
    )
    project = bindparam("project_id", type_=Text)
    is_root = and_(sessions.c.project_id == project, ~has_parent)
    roots = newest_first(
        session_select().where(is_root),
        sessions.c.updated_at,
        sessions.c.id,
        after,
        bindparam("limit", type_=Integer),
    )
    total = select(func.count()).select_from(sessions).where(is_root)
    frontier = func.json_each(bindparam("frontier", type_=Text)).table_valued("value")
    children = (
        session_select()
        .where(sessions.c.project_id == project, sessions.c.parent_id.in_(select(frontier.c.value)))
        .order_by(instant(sessions.c.updated_at).desc(), sessions.c.id.desc())
    )
    return roots, total, children


def list_session_tree(
    conn: Connection,
    project_id: str,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SessionRow]:
    """A page of a project's root sessions, each followed by its descendants.

    A root is a session with no parent in this project (the parent may be an
    opencode session the store never saw). Pages are over roots; ``total``
    counts roots. With ``text``, the list is flat: the sessions whose title or
    checkpoint contains it.
    """
    require_id(project_id, "project id")
    if text:
        return list_sessions(conn, project_id, after, limit, text)
    roots_stmt, total_stmt, children_stmt = tree_statements(after is not None)
    params = {"project_id": project_id, "limit": limit, **cursor_params(after)}
    roots = conn.execute(roots_stmt, params).mappings().all()
    total = conn.execute(total_stmt, {"project_id": project_id}).scalar_one()

    def children_of(ids: list[str]):
        params = {"project_id": project_id, "frontier": json.dumps(ids)}
        return conn.execute(children_stmt, params).mappings().all()

    return keyset_page(session_tree(roots, children_of), roots, total, limit, "sort_at")


# -- the session tree from the project's parent links ------------------------------
#
# There is no index on ``parent_id`` (and ckpt-tui adds none, SPEC 1), so
# the children query above reads every session row of the project once per
# tree level. ``TreeLinks`` is that read done once: every (id, parent_id) of
# the project. A caller keeps it while the store does not change
# (``core.tree_links``); a page is then its roots (an index walk that stops
# at the page) and their descendants read by primary key.


class TreeLinks(NamedTuple):
    """A project's parent links: how many roots it has, and the children of
    each session that has any (ids, in no particular order)."""

    roots: int
    children: dict[str, list[str]]


def project_links(conn: Connection, project_id: str) -> TreeLinks:
    """The project's roots (no parent in this project, as ``tree_statements``
    defines them) and its children lists: the links whose parent is in the
    project (a primary-key look-up for each session that has a parent), and
    the session count (the project's index entries) less those."""
    require_id(project_id, "project id")
    links_stmt, count_stmt = _links_statements()
    params = {"project_id": project_id}
    children: dict[str, list[str]] = {}
    linked = 0
    for sid, parent in conn.execute(links_stmt, params):
        children.setdefault(parent, []).append(sid)
        linked += 1
    return TreeLinks(conn.execute(count_stmt, params).scalar_one() - linked, children)


@functools.cache
def _links_statements() -> tuple[Select, Select]:
    """((id, parent_id) of the sessions of ``:project_id`` whose parent is in
    it too, the project's session count)."""
    parent = sessions.alias("parent")
    project = sessions.c.project_id == bindparam("project_id", type_=Text)
    in_project = exists(
        select(literal(1)).where(
            parent.c.id == sessions.c.parent_id, parent.c.project_id == sessions.c.project_id
        )
    )
    links = select(sessions.c.id, sessions.c.parent_id).where(
        project, sessions.c.parent_id.is_not(None), in_project
    )
    return links, select(func.count()).select_from(sessions).where(project)


@functools.lru_cache(maxsize=2)
def _roots_page_statement(after: bool) -> Select:
    """The roots page of ``tree_statements``, its ids picked first so the
    snapshot counts and checkpoint columns are read for the page only."""
    parent = sessions.alias("parent")
    has_parent = exists(
        select(literal(1)).where(
            parent.c.id == sessions.c.parent_id, parent.c.project_id == sessions.c.project_id
        )
    )
    project = sessions.c.project_id == bindparam("project_id", type_=Text)
    keys = select(sessions.c.id).where(project, ~has_parent)
    limit = bindparam("limit", type_=Integer)
    keys = newest_first(keys, sessions.c.updated_at, sessions.c.id, after, limit).subquery()
    at = instant(sessions.c.updated_at)
    stmt = session_select().add_columns(at.label("sort_at"))
    stmt = stmt.where(sessions.c.id.in_(select(keys.c.id)))
    return stmt.order_by(at.desc(), sessions.c.id.desc())


@functools.cache
def _sessions_by_ids_statement() -> Select:
    """Sessions whose ids are in the JSON array ``:ids``, newest first (the
    order of the children statement)."""
    ids = func.json_each(bindparam("ids", type_=Text)).table_valued("value")
    return (
        session_select()
        .where(sessions.c.id.in_(select(ids.c.value)))
        .order_by(instant(sessions.c.updated_at).desc(), sessions.c.id.desc())
    )


def list_session_tree_linked(
    conn: Connection,
    project_id: str,
    links: TreeLinks,
    after: tuple | None = None,
    limit: int = 200,
) -> Page[SessionRow]:
    """What ``list_session_tree`` returns (unfiltered), from ``links`` (the
    project's, read at this state of the store) instead of a scan per level:
    the roots page, then every descendant of it in one read by id."""
    require_id(project_id, "project id")
    params = {"project_id": project_id, "limit": limit, **cursor_params(after)}
    roots = conn.execute(_roots_page_statement(after is not None), params).mappings().all()
    # The ids session_tree will reach, level by level, as it does with the
    # children query; their rows in one statement, newest first.
    seen = {r["id"] for r in roots}
    frontier, wanted = list(seen), []
    for _ in range(MAX_NESTING):
        frontier = [c for p in frontier for c in links.children.get(p, ()) if c not in seen]
        if not frontier:
            break
        seen.update(frontier)
        wanted += frontier
    rows = []
    if wanted:
        params = {"ids": json.dumps(wanted)}
        rows = conn.execute(_sessions_by_ids_statement(), params).mappings().all()

    def children_of(ids: list[str]):
        parents = set(ids)
        return [r for r in rows if r["parent_id"] in parents]

    tree = session_tree(roots, children_of)
    return keyset_page(tree, roots, links.roots, limit, "sort_at")

"""A project's session tree: pages of root sessions, each followed by its
descendants, read level by level or from the project's parent links.
Statements: ``statements/tree.py``.

Every function takes a :class:`~ckpt_tui.store.query.Query` so that the
caller decides what one consistent read (one transaction) covers.
"""

from __future__ import annotations

from typing import NamedTuple

from ckpt_tui.records import Page, SessionRow
from ckpt_tui.store.keys import cursor_params, json_list, variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.rows import MAX_NESTING, keyset_page, session_tree
from ckpt_tui.store.session_reads import list_sessions
from ckpt_tui.store.valid_ids import require_id


def children_reader(q: Query, project_id: str):
    """``children_of(ids)`` for :func:`rows.session_tree`: the project's
    sessions whose parent is one of ``ids``, newest first, in one statement."""

    def children_of(ids: list[str]):
        return q.run("children", project_id=project_id, frontier=json_list(ids))

    return children_of


def list_session_tree(
    q: Query,
    project_id: str,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SessionRow]:
    """A page of a project's root sessions, each followed by its descendants.

    A root is a session with no parent in this project (the parent may be an
    opencode session the store never saw). Pages are over roots; ``total``
    counts every session of the project (the rows the whole tree shows, as
    the projects pane counts them). With ``text``, the list is flat: the sessions whose title or
    checkpoint contains it.
    """
    require_id(project_id, "project id")
    if text:
        return list_sessions(q, project_id, after, limit, text)
    name = variant("roots_page", after=after is not None)
    roots = q.run(name, project_id=project_id, limit=limit, **cursor_params(after))
    total = q.scalar("project_sessions_total", project_id=project_id)
    tree = session_tree(roots, children_reader(q, project_id))
    return keyset_page(tree, roots, total, limit, "sort_at")


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


def project_links(q: Query, project_id: str) -> TreeLinks:
    """The project's roots (no parent in this project) and its children
    lists: the links whose parent is in the project (a primary-key look-up
    for each session that has a parent), and the session count (the
    project's index entries) less those."""
    require_id(project_id, "project id")
    children: dict[str, list[str]] = {}
    linked = 0
    for sid, parent in q.run("project_links", project_id=project_id):
        children.setdefault(parent, []).append(sid)
        linked += 1
    return TreeLinks(q.scalar("project_sessions_total", project_id=project_id) - linked, children)


def list_session_tree_linked(
    q: Query,
    project_id: str,
    links: TreeLinks,
    after: tuple | None = None,
    limit: int = 200,
) -> Page[SessionRow]:
    """What ``list_session_tree`` returns (unfiltered), from ``links`` (the
    project's, read at this state of the store) instead of a scan per level:
    the roots page, then every descendant of it in one read by id."""
    require_id(project_id, "project id")
    name = variant("roots_page_keyed", after=after is not None)
    roots = q.run(name, project_id=project_id, limit=limit, **cursor_params(after))
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
    rows = q.run("sessions_by_ids", ids=json_list(wanted)) if wanted else []

    def children_of(ids: list[str]):
        parents = set(ids)
        return [r for r in rows if r["parent_id"] in parents]

    tree = session_tree(roots, children_of)
    total = links.roots + sum(len(ids) for ids in links.children.values())
    return keyset_page(tree, roots, total, limit, "sort_at")

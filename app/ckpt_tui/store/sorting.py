"""The sessions pane in the orders a person picks (statements:
``statements/sorting.py``).

Sessions: by last activity (the default, ``store.tree_reads``), by title,
by status (blocked first), or by snapshot count. Every order is a keyset:
a page is "the next ``limit`` rows after this key", never an offset, so
page 50 costs what page 1 costs. (Projects: by activity or name,
``store.project_reads``.)

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

from collections.abc import Sequence

from ckpt_tui.records import Page, SessionRow
from ckpt_tui.store.filters import like_pattern, page_total
from ckpt_tui.store.keys import json_list, variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.rows import session_row, session_tree
from ckpt_tui.store.tree_reads import children_reader, list_session_tree
from ckpt_tui.store.valid_ids import require_id

SESSION_SORTS = ("activity", "title", "status", "snapshots")


def _with_children(q: Query, project_id: str, raw_roots, text: str | None):
    """Roots in the given order, each followed by its children (the default
    order's children statement); with a filter, the flat rows."""
    if text:
        return [session_row(r) for r in raw_roots]
    return session_tree(raw_roots, children_reader(q, project_id))


def _scope_params(project_id: str, text: str | None) -> dict[str, object]:
    params: dict[str, object] = {"project_id": project_id}
    if text:
        params["pattern"] = like_pattern(text)
    return params


def list_sessions_sorted(
    q: Query,
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
        return list_session_tree(q, project_id, after, limit, text)
    if sort not in ("title", "status"):
        raise ValueError(f"unknown session order {sort!r}")
    params = _scope_params(project_id, text)
    cursor: dict[str, object] = {}
    if after is not None and sort == "title":
        cursor["after_title"], cursor["after_id"] = after
    elif after is not None:
        cursor["after_rank"], cursor["after_at"], cursor["after_id"] = after
    name = variant(f"sessions_by_{sort}", after=after is not None, match=bool(text))
    raw = q.run(name, **params, **cursor, limit=limit)
    if text:  # a filter's count stops at FILTER_COUNT_BOUND, as in the default order
        total_name = variant("sessions_total", of_project=True, match=True)
        total, at_least = page_total(q, total_name, params, raw, limit, after, True)
    else:
        total, at_least = project_session_count(q, project_id), False
    rows = _with_children(q, project_id, raw, text)
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
    q: Query, project_id: str, text: str | None = None
) -> list[tuple[int, str, str]]:
    """``(count, updated_at, id)`` of every root (or match) of the project,
    most snapshots first, then newest activity: one pass over the snapshots
    index for the project, read once per change of the store."""
    require_id(project_id, "project id")
    rows = q.run(variant("count_order", match=bool(text)), **_scope_params(project_id, text))
    return [(n, str(at), sid) for n, at, sid in rows]


def project_session_count(q: Query, project_id: str) -> int:
    """Every session of the project: the rows its unfiltered tree shows."""
    require_id(project_id, "project id")
    return q.scalar("project_sessions_total", project_id=project_id)


def sessions_by_ids(
    q: Query, project_id: str, ids: Sequence[str], text: str | None = None
) -> list[SessionRow]:
    """The rows of ``ids`` in that order, each root followed by its children."""
    raw = q.run("sessions_by_ids", ids=json_list(list(ids))) if ids else []
    by_id = {r["id"]: r for r in raw}
    ordered = [by_id[i] for i in ids if i in by_id]
    return _with_children(q, project_id, ordered, text)

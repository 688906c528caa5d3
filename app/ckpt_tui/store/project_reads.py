"""The projects list (newest activity first, or by name) and single
projects: keyset pages with counts. Statements: ``statements/projects.py``.

Every function takes a :class:`~ckpt_tui.store.query.Query` so that the
caller decides what one consistent read (one transaction) covers.
"""

from __future__ import annotations

from ckpt_tui.errors import NotFound
from ckpt_tui.records import Page, ProjectRow
from ckpt_tui.store.filters import like_pattern
from ckpt_tui.store.keys import cursor_params, variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.rows import keyset_page, project_row
from ckpt_tui.store.valid_ids import no_project, require_id

#: SQLite's LIMIT for "no limit": a whole list in one page.
NO_LIMIT = -1

PROJECT_SORTS = ("activity", "name")


def list_projects(
    q: Query,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
    sort: str = "activity",
) -> Page[ProjectRow]:
    """A page of projects by last activity (newest first) or by ``name``;
    ``limit`` -1 (:data:`NO_LIMIT`): all of them."""
    if sort not in PROJECT_SORTS:
        raise ValueError(f"unknown project order {sort!r}")
    match = bool(text)
    params: dict[str, object] = {"limit": limit}
    if match:
        params["pattern"] = like_pattern(text)
    total = q.scalar(variant("projects_total", match=match), **params)
    if sort == "name":
        if after is not None:
            params["after_name"], params["after_id"] = after
        raw = q.run(variant("projects_by_name", after=after is not None, match=match), **params)
        cursor = (raw[-1]["sort_name"], raw[-1]["id"]) if raw and len(raw) == limit else None
        return Page(rows=[project_row(r) for r in raw], total=total, cursor=cursor)
    name = variant("projects_page", after=after is not None, match=match)
    raw = q.run(name, **params, **cursor_params(after))
    return keyset_page([project_row(r) for r in raw], raw, total, limit, "sort_at")


def get_project(q: Query, project_id: str) -> ProjectRow:
    require_id(project_id, "project id")
    row = Query.within(q).first("project", project_id=project_id)
    if row is None:
        raise NotFound(no_project(project_id))
    return project_row(row)

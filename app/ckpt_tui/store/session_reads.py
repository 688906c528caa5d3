"""The flat sessions list (the command line's, and a filtered tree), single
sessions and their checkpoints. Lists come in keyset pages with counts.
Statements: ``statements/sessions.py``.

Every function takes a :class:`~ckpt_tui.store.query.Query` so that the
caller decides what one consistent read (one transaction) covers; the
single-row reads also take a write's connection (``Query.within``).
"""

from __future__ import annotations

from ckpt_tui.errors import NotFound
from ckpt_tui.records import CheckpointRow, Page, SessionRow
from ckpt_tui.store import filters
from ckpt_tui.store.filters import like_pattern, page_total
from ckpt_tui.store.keys import cursor_params, variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.rows import checkpoint_row, keyset_page, session_row
from ckpt_tui.store.valid_ids import no_session, require_id


def list_sessions(
    q: Query,
    project_id: str | None = None,
    after: tuple | None = None,
    limit: int = 200,
    text: str | None = None,
) -> Page[SessionRow]:
    """Sessions, newest activity first, flat (for the command line, and a
    filtered session tree); ``limit`` -1: all of them."""
    many = False  # a project filter with at least FILTER_COUNT_BOUND matches
    of_project = project_id is not None
    if of_project:
        require_id(project_id, "project id")
        if text:
            from ckpt_tui.store.project_filter import project_filter_page

            page = project_filter_page(q, project_id, after, limit, text)
            if page is not None:
                return page
            many = True
    match = bool(text)
    params: dict[str, object] = {"project_id": project_id}
    if match:
        params["pattern"] = like_pattern(text)
    name = variant("sessions_page", of_project=of_project, after=after is not None, match=match)
    raw = q.run(name, **params, limit=limit, **cursor_params(after))
    if many and not (after is None and len(raw) < limit):
        total, at_least = filters.FILTER_COUNT_BOUND, True  # what the bounded count would say
    else:
        total_name = variant("sessions_total", of_project=of_project, match=match)
        total, at_least = page_total(q, total_name, params, raw, limit, after, match)
    return keyset_page([session_row(r) for r in raw], raw, total, limit, "sort_at", at_least)


def get_session(q: Query, session_id: str) -> SessionRow:
    require_id(session_id)
    row = Query.within(q).first("session", session_id=session_id)
    if row is None:
        raise NotFound(no_session(session_id))
    return session_row(row)


def session_exists(q: Query, session_id: str) -> bool:
    require_id(session_id)
    return Query.within(q).first("session_exists", session_id=session_id) is not None


def get_checkpoint(q: Query, session_id: str) -> CheckpointRow | None:
    """The session's checkpoint row (every column), or ``None``."""
    require_id(session_id)
    row = Query.within(q).first("checkpoint", session_id=session_id)
    return None if row is None else checkpoint_row(row)

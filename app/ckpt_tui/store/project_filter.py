"""A filter keystroke in one project's session list, read from the
checkpoints side when few sessions match.

``session_reads.sessions_statements`` with a text walks the project's
sessions newest first and joins each one's checkpoint to match it: cheap
when matches are many (the walk stops at the page), but a text that few
sessions hold reads every checkpoint of the project in the order of the
sessions' times, a random walk over about 10 MB for the 5,000-session
project of the 1M bench store (23 ms). Read through ``checkpoints_project_idx``
the same rows come in table order (10 ms). So a keystroke first reads the
ids that match, each side stopping at ``FILTER_COUNT_BOUND``:

- neither side reached it: every match is known; the page is read by id
  and the count is the number of ids, as ``count_upto`` would give it;
- one did: there are at least that many matches, so the count is the bound
  and the newest-first walk finds its page quickly.

Relies on the foreign key ``(session_id, project_id)`` of checkpoints (SPEC
3): a checkpoint's project is its session's project.
"""

from __future__ import annotations

import functools
import json

from sqlalchemy import (
    Connection,
    Integer,
    Text,
    bindparam,
    exists,
    func,
    literal,
    select,
)
from sqlalchemy.sql import Select

from ckpt_tui.records import Page, SessionRow
from ckpt_tui.store import filters
from ckpt_tui.store.filters import like_pattern, matches_pattern
from ckpt_tui.store.ordering import cursor_params, instant, newest_first_scanned
from ckpt_tui.store.rows import keyset_page, session_row
from ckpt_tui.store.schema import checkpoints, sessions
from ckpt_tui.store.session_reads import SESSION_TEXT, session_select


def project_filter_page(
    conn: Connection, project_id: str, after: tuple | None, limit: int, text: str
) -> Page[SessionRow] | None:
    """What ``list_sessions(conn, project_id, after, limit, text)`` returns
    when fewer than ``FILTER_COUNT_BOUND`` sessions match on each side (the
    session's own columns, its checkpoint's), else None: the caller reads
    the page by the newest-first walk and knows the count is the bound.
    The session side first: it is small, and when it is full the
    checkpoints are not read at all."""
    by_session, by_checkpoint, page_stmt = _statements(after is not None)
    bound = filters.FILTER_COUNT_BOUND  # read here: tests lower it
    params = {"project_id": project_id, "pattern": like_pattern(text), "bound": bound}
    ids: set[str] = set()
    for stmt in (by_session, by_checkpoint):
        found = conn.execute(stmt, params).scalars().all()
        if len(found) >= bound:
            return None
        ids.update(found)
    page_params = {"project_id": project_id, "ids": json.dumps(sorted(ids)), "limit": limit}
    raw = conn.execute(page_stmt, {**page_params, **cursor_params(after)}).mappings().all()
    if after is None and len(raw) < limit:  # as ``filters.page_total``: the page is all
        total, at_least = len(raw), False
    else:
        total = min(len(ids), bound)
        at_least = total >= bound
    return keyset_page([session_row(r) for r in raw], raw, total, limit, "sort_at", at_least)


@functools.lru_cache(maxsize=2)
def _statements(after: bool) -> tuple[Select, Select, Select]:
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
    wanted = func.json_each(bindparam("ids", type_=Text)).table_valued("value")
    # likely(): look the ids up by primary key rather than walk the project's index
    keys = select(sessions.c.id).where(
        func.likely(sessions.c.project_id == project), sessions.c.id.in_(select(wanted.c.value))
    )
    limit = bindparam("limit", type_=Integer)
    # a few ids looked up once, sorted by instant (two halves would look them up twice)
    keys = newest_first_scanned(keys, sessions.c.updated_at, sessions.c.id, after, limit)
    keys = keys.subquery()
    at = instant(sessions.c.updated_at)
    page = session_select().add_columns(at.label("sort_at"))
    page = page.where(sessions.c.id.in_(select(keys.c.id)))
    return by_session, by_checkpoint, page.order_by(at.desc(), sessions.c.id.desc())

"""A filter keystroke in one project's session list, read from the
checkpoints side when few sessions match.

``sessions_page`` with a text walks the project's sessions newest first and
joins each one's checkpoint to match it: cheap when matches are many (the
walk stops at the page), but a text that few sessions hold reads every
checkpoint of the project in the order of the sessions' times, a random
walk over about 10 MB for the 5,000-session project of the 1M bench store
(23 ms). Read through ``checkpoints_project_idx`` the same rows come in
table order (10 ms). So a keystroke first reads the ids that match, each
side stopping at ``FILTER_COUNT_BOUND``:

- neither side reached it: every match is known; the page is read by id
  and the count is the number of ids, as ``count_upto`` would give it;
- one did: there are at least that many matches, so the count is the bound
  and the newest-first walk finds its page quickly.

Relies on the foreign key ``(session_id, project_id)`` of checkpoints (SPEC
3): a checkpoint's project is its session's project. Statements:
``statements/sessions.py`` (``project_filter_statements``).
"""

from __future__ import annotations

from ckpt_tui.records import Page, SessionRow
from ckpt_tui.store import filters
from ckpt_tui.store.filters import like_pattern
from ckpt_tui.store.keys import cursor_params, json_list, variant
from ckpt_tui.store.query import Query
from ckpt_tui.store.rows import keyset_page, session_row


def project_filter_page(
    q: Query, project_id: str, after: tuple | None, limit: int, text: str
) -> Page[SessionRow] | None:
    """What ``list_sessions(q, project_id, after, limit, text)`` returns
    when fewer than ``FILTER_COUNT_BOUND`` sessions match on each side (the
    session's own columns, its checkpoint's), else None: the caller reads
    the page by the newest-first walk and knows the count is the bound.
    The session side first: it is small, and when it is full the
    checkpoints are not read at all."""
    bound = filters.FILTER_COUNT_BOUND  # read here: tests lower it
    params = {"project_id": project_id, "pattern": like_pattern(text), "bound": bound}
    ids: set[str] = set()
    for name in ("filter_by_session", "filter_by_checkpoint"):
        found = [r[0] for r in q.run(name, **params)]
        if len(found) >= bound:
            return None
        ids.update(found)
    raw = q.run(
        variant("filter_page", after=after is not None),
        project_id=project_id,
        ids=json_list(sorted(ids)),
        limit=limit,
        **cursor_params(after),
    )
    if after is None and len(raw) < limit:  # as ``filters.page_total``: the page is all
        total, at_least = len(raw), False
    else:
        total = min(len(ids), bound)
        at_least = total >= bound
    return keyset_page([session_row(r) for r in raw], raw, total, limit, "sort_at", at_least)

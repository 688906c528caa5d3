"""Text filters and bounded counts shared by the list reads.

A filter is a LIKE over some columns that matches the text literally (the
statements take it as ``:pattern``, see ``statements/common.py``); the
count of a filtered list stops at ``FILTER_COUNT_BOUND`` so a keystroke
never reads every remaining match.
"""

from __future__ import annotations

from collections.abc import Sequence

from ckpt_tui.store.query import Query

#: A filter's count stops here (the list shows "1000+"): past it, counting
#: would read every remaining match (every checkpoint of a project, every
#: payload of a session) on each keystroke.
FILTER_COUNT_BOUND = 1000


def like_pattern(text: str) -> str:
    """A LIKE pattern matching ``text`` literally anywhere (``\\`` escapes)."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def page_total(
    q: Query, total: str, params: dict, raw: Sequence, limit: int, after, bounded: bool
) -> tuple[int, bool]:
    """(total, at_least) of a keyset page, counted by the statement named
    ``total``. A first page that is not full (or a whole list, ``limit``
    -1) holds every row: its length is the count, and nothing is read
    again. With ``bounded`` (``total`` built by ``count_upto``), the count
    stops at ``FILTER_COUNT_BOUND`` and says so."""
    if after is None and (limit < 0 or len(raw) < limit):
        return len(raw), False
    if not bounded:
        return q.scalar(total, **params), False
    count = q.scalar(total, **params, count_bound=FILTER_COUNT_BOUND)
    return count, count >= FILTER_COUNT_BOUND

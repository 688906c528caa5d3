"""Text filters and bounded counts shared by the list reads.

A filter is a LIKE over some columns that matches the text literally; the
count of a filtered list stops at ``FILTER_COUNT_BOUND`` so a keystroke
never reads every remaining match.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, Integer, Text, bindparam, func, or_, select
from sqlalchemy.sql import Select


def like_pattern(text: str) -> str:
    """A LIKE pattern matching ``text`` literally anywhere (``\\`` escapes)."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def matches(columns, text: str | None):
    """Any of ``columns`` contains ``text`` (case-insensitive for ASCII)."""
    if not text:
        return None
    pattern = like_pattern(text)
    return or_(*(c.like(pattern, escape="\\") for c in columns))


def matches_pattern(columns):
    """Any of ``columns`` is LIKE the bound ``:pattern`` (a ``like_pattern``):
    what ``matches`` tests, with the text a parameter, so one statement
    serves every keystroke."""
    pattern = bindparam("pattern", type_=Text)
    return or_(*(c.like(pattern, escape="\\") for c in columns))


#: A filter's count stops here (the list shows "1000+"): past it, counting
#: would read every remaining match (every checkpoint of a project, every
#: payload of a session) on each keystroke.
FILTER_COUNT_BOUND = 1000


def count_upto(rows: Select) -> Select:
    """``count(*)`` of ``rows``, stopping at ``:count_bound`` rows."""
    bound = bindparam("count_bound", type_=Integer)
    return select(func.count()).select_from(rows.limit(bound).subquery())


def page_total(
    conn: Connection, total_stmt, params: dict, raw: Sequence, limit: int, after, bounded: bool
) -> tuple[int, bool]:
    """(total, at_least) of a keyset page. A first page that is not full
    holds every row: its length is the count, and nothing is read again.
    With ``bounded`` (``total_stmt`` built by ``count_upto``), the count
    stops at ``FILTER_COUNT_BOUND`` and says so."""
    if after is None and len(raw) < limit:
        return len(raw), False
    if not bounded:
        return conn.execute(total_stmt, params).scalar_one(), False
    total = conn.execute(total_stmt, {**params, "count_bound": FILTER_COUNT_BOUND}).scalar_one()
    return total, total >= FILTER_COUNT_BOUND

"""The sessions pane in the orders a person picks: by title, by status
(blocked first), by snapshot count (read once, see ``core.sorting``).
Children stay under their parent; the order applies to roots, or, with a
filter, to the flat list of matches (``store/sorting.py``)."""

from __future__ import annotations

from sqlalchemy import Integer, Text, and_, bindparam, case, func, or_, select

from ckpt_tui.store.ordering import instant
from ckpt_tui.store.schema import checkpoints, sessions, snapshots
from ckpt_tui.store.statements.common import (
    SESSION_TEXT,
    matches_pattern,
    session_select,
    variants,
)
from ckpt_tui.store.statements.tree import has_parent

#: Status order for "status": what needs a person first.
STATUS_RANK = {"blocked": 0, "in_progress": 1, "done": 2, "abandoned": 3}
OTHER_STATUS, NO_CHECKPOINT = 4, 5


def title_key():
    """The title a row shows when opencode adds nothing: the session's,
    else its checkpoint's; compared without case (ASCII)."""
    return func.lower(
        func.coalesce(func.nullif(sessions.c.title, ""), checkpoints.c.title, "")
    ).label("sort_title")


def status_rank():
    return case(
        (checkpoints.c.session_id.is_(None), NO_CHECKPOINT),
        *((checkpoints.c.status == name, rank) for name, rank in STATUS_RANK.items()),
        else_=OTHER_STATUS,
    ).label("sort_status")


def _scope(match: bool) -> list:
    """Roots of ``:project_id``, or (``match``) every session of it holding ``:pattern``."""
    where = [sessions.c.project_id == bindparam("project_id", type_=Text)]
    return where + [matches_pattern(SESSION_TEXT) if match else ~has_parent()]


def _source():
    return sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id)


def sessions_by(sort: str, after: bool, match: bool):
    """``:limit`` roots (or matches) by ``title`` or ``status``, keyset on
    the sort key and the id (after ``(:after_title, :after_id)`` or
    ``(:after_rank, :after_at, :after_id)``). The page's ids first, ordered
    and cut in a subquery: SQLite computes every result column before it
    sorts, so the snapshot count would otherwise be counted for every
    session."""
    where = _scope(match)
    aid = bindparam("after_id", type_=Text)
    if sort == "title":
        key = title_key()
        order = (key.asc(), sessions.c.id.asc())
        if after:
            title = bindparam("after_title", type_=Text)
            where.append(or_(key > title, and_(key == title, sessions.c.id > aid)))
    else:
        key = status_rank()
        when = instant(sessions.c.updated_at)  # epoch ms beside ISO text (SPEC 3)
        order = (key.asc(), when.desc(), sessions.c.id.desc())
        if after:
            rank, at = bindparam("after_rank", type_=Integer), bindparam("after_at", type_=Text)
            where.append(
                or_(
                    key > rank,
                    and_(key == rank, or_(when < at, and_(when == at, sessions.c.id < aid))),
                )
            )
    limit = bindparam("limit", type_=Integer)
    keys = select(sessions.c.id).select_from(_source()).where(*where).order_by(*order).limit(limit)
    return (
        session_select()
        .add_columns(key, instant(sessions.c.updated_at).label("sort_at"))
        .where(sessions.c.id.in_(keys.scalar_subquery()))
        .order_by(*order)
    )


def count_order(match: bool):
    """``(count, instant, id)`` of every root (or match) of ``:project_id``,
    most snapshots first, then newest activity: one pass over the snapshots
    index for the project."""
    count = (
        select(func.count())
        .select_from(snapshots)
        .where(snapshots.c.session_id == sessions.c.id)
        .scalar_subquery()
        .label("n")
    )
    when = instant(sessions.c.updated_at)
    return (
        select(count, when, sessions.c.id)
        .select_from(_source())
        .where(*_scope(match))
        .order_by(count.desc(), when.desc(), sessions.c.id.desc())
    )


def statements() -> dict[str, object]:
    return {
        **dict(variants("sessions_by_title", lambda **f: sessions_by("title", **f), "after", "match")),
        **dict(variants("sessions_by_status", lambda **f: sessions_by("status", **f), "after", "match")),
        **dict(variants("count_order", count_order, "match")),
    }

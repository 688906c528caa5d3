"""What the read statements share: the text filter, bounded counts, the
list columns of a session, and the name of each variant.

A filter is a LIKE over some columns with the text a parameter
(``:pattern``, made by ``filters.like_pattern``), so one statement serves
every keystroke; the count of a filtered list stops at ``:count_bound``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from itertools import product

from sqlalchemy import Integer, Text, bindparam, func, or_, select
from sqlalchemy.sql import Select

from ckpt_tui.store.keys import SLOTS, variant
from ckpt_tui.store.schema import checkpoints, sessions, snapshots


def matches_pattern(columns):
    """Any of ``columns`` is LIKE the bound ``:pattern`` (a ``like_pattern``:
    the text literally, anywhere; case-insensitive for ASCII)."""
    pattern = bindparam("pattern", type_=Text)
    return or_(*(c.like(pattern, escape="\\") for c in columns))


def slot_params(name: str) -> list:
    """The parameters ``:name_0`` ... of a short list (``keys.slots``)."""
    return [bindparam(f"{name}_{i}", type_=Text) for i in range(SLOTS)]


def json_values(name: str) -> Select:
    """The values of the JSON array bound as ``:name`` (``keys.json_list``):
    an ``IN`` list of any length in one statement."""
    return select(func.json_each(bindparam(name, type_=Text)).table_valued("value").c.value)


def count_upto(rows: Select) -> Select:
    """``count(*)`` of ``rows``, stopping at ``:count_bound`` rows."""
    bound = bindparam("count_bound", type_=Integer)
    return select(func.count()).select_from(rows.limit(bound).subquery())


def variants(
    base: str, build: Callable[..., object], *flags: str
) -> Iterator[tuple[str, object]]:
    """``(name, build(**flags))`` for every combination of the boolean
    ``flags``, named as the reads ask for them (``query.variant``)."""
    for values in product((False, True), repeat=len(flags)):
        chosen = dict(zip(flags, values, strict=True))
        yield variant(base, **chosen), build(**chosen)


@functools.cache
def session_select() -> Select:
    """A session's list columns: its own, its snapshot count and its
    checkpoint's status, title and flags (``rows.session_row``)."""
    snap_count = (
        select(func.count())
        .select_from(snapshots)
        .where(snapshots.c.session_id == sessions.c.id)
        .scalar_subquery()
    )
    return select(
        sessions,
        snap_count.label("snapshot_count"),
        checkpoints.c.status,
        checkpoints.c.title.label("checkpoint_title"),
        checkpoints.c.synthesized,
        (checkpoints.c.session_id.is_not(None)).label("has_checkpoint"),
    ).select_from(sessions.outerjoin(checkpoints, checkpoints.c.session_id == sessions.c.id))


#: What a session filter searches: the session's id and title, and its
#: checkpoint's text.
SESSION_TEXT = (
    sessions.c.id,
    sessions.c.title,
    checkpoints.c.title,
    checkpoints.c.objective,
    checkpoints.c.summary,
    checkpoints.c.current_plan,
    checkpoints.c.next_steps,
    checkpoints.c.completed_steps,
    checkpoints.c.blockers,
    checkpoints.c.files_touched,
    checkpoints.c.notes,
)

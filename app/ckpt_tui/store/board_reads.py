"""The board: every session in flight, across projects, in keyset pages.

One ordered query picks a page of session ids (narrow: it scans the
checkpoints for their status, joins the sessions for their time, and sorts
only keys); a second reads what the board shows for those ids only, and a
third counts the snapshots of those ids. Checkpoints are scanned first on
purpose: their status is what filters, and SQLite otherwise walks the
sessions and looks each checkpoint up (twice as slow at 10,000 sessions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlalchemy import (
    Connection,
    and_,
    case,
    false,
    func,
    or_,
    select,
)

from ckpt_tui import timeutil
from ckpt_tui.records import Page
from ckpt_tui.store.schema import checkpoints, projects, sessions, snapshots
from ckpt_tui.store.valid_ids import require_id

GROUPS = ("status", "project")


class BoardRow(NamedTuple):
    """One session on the board; ``checkpoint`` is its checkpoint row as
    stored (the core decodes it as it decodes any checkpoint)."""

    session_id: str
    project_id: str
    directory: str
    title: str | None
    status: str
    checkpoint: dict
    last_activity: str
    snapshot_count: int


def _order(group: str, statuses: Sequence[str]) -> list[tuple[Any, bool]]:
    """(expression, descending) of the sort, outermost first."""
    keys: list[tuple[Any, bool]] = []
    if group == "status":
        rank = case(
            *((checkpoints.c.status == s, i) for i, s in enumerate(statuses)),
            else_=len(statuses),
        )
        keys.append((rank, False))
    elif group == "project":
        project_time = (
            select(projects.c.updated_at)
            .where(projects.c.id == checkpoints.c.project_id)
            .scalar_subquery()
        )
        keys += [(project_time, True), (checkpoints.c.project_id, True)]
    keys += [(sessions.c.updated_at, True), (sessions.c.id, True)]
    return keys


def _after(keys: list[tuple[Any, bool]], values: Sequence[Any]):
    """Rows strictly after ``values`` in the order of ``keys`` (mixed directions)."""
    clauses = []
    for i, (expr, desc) in enumerate(keys):
        equal = [k[0] == v for k, v in zip(keys[:i], values[:i], strict=True)]
        beyond = expr < values[i] if desc else expr > values[i]
        clauses.append(and_(*equal, beyond))
    return or_(false(), *clauses)


def board_page(
    conn: Connection,
    statuses: Sequence[str],
    *,
    group: str = "status",
    project_id: str | None = None,
    after: tuple | None = None,
    limit: int = 50,
) -> Page[BoardRow]:
    """A page of the sessions whose checkpoint status is one of ``statuses``,
    grouped (``status`` in the order given, or ``project``, most recently
    active project first), newest activity first within a group."""
    if group not in GROUPS:
        raise ValueError(f"group is one of {', '.join(GROUPS)}")
    where = [checkpoints.c.status.in_(list(statuses))]
    if project_id is not None:
        require_id(project_id, "project id")
        where.append(checkpoints.c.project_id == project_id)
    source = checkpoints.join(sessions, sessions.c.id == checkpoints.c.session_id)
    keys = _order(group, statuses)
    stmt = select(*(k.label(f"k{i}") for i, (k, _) in enumerate(keys))).select_from(source)
    stmt = stmt.where(*where)
    if after is not None:
        stmt = stmt.where(_after(keys, after))
    stmt = stmt.order_by(*(k.desc() if desc else k.asc() for k, desc in keys))
    picked = conn.execute(stmt.limit(limit)).all()
    # Every checkpoint has its session (a foreign key): count without the join.
    total = conn.execute(select(func.count()).select_from(checkpoints).where(*where)).scalar_one()
    ids = [r[-1] for r in picked]
    details = {r.session_id: r for r in conn.execute(_details(ids)).mappings()} if ids else {}
    counts = dict(
        conn.execute(
            select(snapshots.c.session_id, func.count())
            .where(snapshots.c.session_id.in_(ids))
            .group_by(snapshots.c.session_id)
        ).all()
    )
    rows = [_row(details[i], counts.get(i, 0)) for i in ids if i in details]
    cursor = tuple(picked[-1]) if len(picked) == limit else None
    return Page(rows=rows, total=total, cursor=cursor)


def _details(ids: list[str]):
    return (
        select(
            sessions.c.id.label("session_id"),
            sessions.c.project_id,
            sessions.c.title,
            sessions.c.updated_at,
            projects.c.directory,
            *(c.label(f"ck_{c.name}") for c in checkpoints.c),
        )
        .select_from(
            sessions.join(checkpoints, checkpoints.c.session_id == sessions.c.id).join(
                projects, projects.c.id == sessions.c.project_id
            )
        )
        .where(sessions.c.id.in_(ids))
    )


def _row(r, count: int) -> BoardRow:
    return BoardRow(
        session_id=r["session_id"],
        project_id=r["project_id"],
        directory=r["directory"],
        title=r["title"],
        status=r["ck_status"],
        checkpoint={c.name: r[f"ck_{c.name}"] for c in checkpoints.c},
        last_activity=timeutil.normalize(r["updated_at"]),
        snapshot_count=count,
    )

"""The board: every session in flight, across projects, in keyset pages.

One ordered statement picks a page of session ids (narrow: it scans the
checkpoints for their status, joins the sessions for their time, and sorts
only keys); a second reads what the board shows for those ids only, and a
third counts the snapshots of those ids. Checkpoints are scanned first on
purpose: their status is what filters, and SQLite otherwise walks the
sessions and looks each checkpoint up (twice as slow at 10,000 sessions).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from sqlalchemy import Integer, Text, and_, bindparam, case, false, func, or_, select

from ckpt_tui.store.schema import checkpoints, projects, sessions, snapshots
from ckpt_tui.store.statements.common import json_values, slot_params, variants


def sort_keys(group: str) -> list[tuple[Any, bool]]:
    """(expression, descending) of the board's order, outermost first.

    By ``status``: the place of the status among ``:status_0`` ...
    (``keys.slots``: the first that holds it), so the groups come in the
    order asked; by ``project``: most recently active project first."""
    keys: list[tuple[Any, bool]] = []
    if group == "status":
        ranks = enumerate(slot_params("status"))
        rank = case(*((checkpoints.c.status == slot, i) for i, slot in ranks))
        keys.append((rank, False))
    else:
        project_time = (
            select(projects.c.updated_at)
            .where(projects.c.id == checkpoints.c.project_id)
            .scalar_subquery()
        )
        keys += [(project_time, True), (checkpoints.c.project_id, True)]
    keys += [(sessions.c.updated_at, True), (sessions.c.id, True)]
    return keys


def _after(keys: list[tuple[Any, bool]]):
    """Rows strictly after the cursor ``(:k0, :k1, ...)`` in the order of
    ``keys`` (mixed directions)."""
    values = [bindparam(f"k{i}") for i in range(len(keys))]
    clauses = []
    for i, (expr, desc) in enumerate(keys):
        equal = [k[0] == v for k, v in zip(keys[:i], values[:i], strict=True)]
        beyond = expr < values[i] if desc else expr > values[i]
        clauses.append(and_(*equal, beyond))
    return or_(false(), *clauses)


def _where(of_project: bool) -> list:
    """Checkpoints whose status is one of ``:status_0`` ... (of ``:project_id``)."""
    where = [checkpoints.c.status.in_(slot_params("status"))]
    if of_project:
        where.append(checkpoints.c.project_id == bindparam("project_id", type_=Text))
    return where


def board_keys(group: str, after: bool, of_project: bool):
    """The sort keys of ``:limit`` sessions of the board, the id last."""
    keys = sort_keys(group)
    source = checkpoints.join(sessions, sessions.c.id == checkpoints.c.session_id)
    stmt = select(*(k.label(f"k{i}") for i, (k, _) in enumerate(keys))).select_from(source)
    stmt = stmt.where(*_where(of_project))
    if after:
        stmt = stmt.where(_after(keys))
    stmt = stmt.order_by(*(k.desc() if desc else k.asc() for k, desc in keys))
    return stmt.limit(bindparam("limit", type_=Integer))


def statements() -> dict[str, object]:
    ids = json_values("ids")
    details = (
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
    counts = (
        select(snapshots.c.session_id, func.count())
        .where(snapshots.c.session_id.in_(ids))
        .group_by(snapshots.c.session_id)
    )
    return {
        **dict(variants("board_keys_status", partial(board_keys, "status"), "after", "of_project")),
        **dict(
            variants("board_keys_project", partial(board_keys, "project"), "after", "of_project")
        ),
        # Every checkpoint has its session (a foreign key): counted without the join.
        **dict(
            variants(
                "board_total",
                lambda of_project: select(func.count())
                .select_from(checkpoints)
                .where(*_where(of_project)),
                "of_project",
            )
        ),
        "board_details": details,
        "board_counts": counts,
    }

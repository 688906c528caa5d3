"""The board: every session in flight, across projects, in keyset pages
(statements: ``statements/board.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ckpt_tui import timeutil
from ckpt_tui.records import Page
from ckpt_tui.store.keys import json_list, slots, variant
from ckpt_tui.store.query import Query
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


def board_page(
    q: Query,
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
    params = slots("status", statuses, "statuses")
    if project_id is not None:
        require_id(project_id, "project id")
        params["project_id"] = project_id
    of_project = project_id is not None
    cursor = {f"k{i}": v for i, v in enumerate(after or ())}
    keys = variant(f"board_keys_{group}", after=after is not None, of_project=of_project)
    picked = q.run(keys, **params, **cursor, limit=limit)
    total = q.scalar(variant("board_total", of_project=of_project), **params)
    ids = json_list([r[-1] for r in picked])
    details = {r["session_id"]: r for r in q.run("board_details", ids=ids)} if picked else {}
    counts = {r[0]: r[1] for r in q.run("board_counts", ids=ids)} if picked else {}
    rows = [_row(details[r[-1]], counts.get(r[-1], 0)) for r in picked if r[-1] in details]
    return Page(rows=rows, total=total, cursor=tuple(picked[-1]) if len(picked) == limit else None)


def _row(r, count: int) -> BoardRow:
    columns = r.keys()  # a sqlite3.Row iterates over its values
    return BoardRow(
        session_id=r["session_id"],
        project_id=r["project_id"],
        directory=r["directory"],
        title=r["title"],
        status=r["ck_status"],
        checkpoint={k[3:]: r[k] for k in columns if k.startswith("ck_")},
        last_activity=timeutil.normalize(r["updated_at"]),
        snapshot_count=count,
    )

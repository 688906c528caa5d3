"""The command line's reads (and the single-row reads of every front end)
with plain ``sqlite3``, without SQLAlchemy.

Each function mirrors the SQLAlchemy read of the same name in
``project_reads``, ``session_reads``, ``snapshot_reads`` or ``summary_reads``,
with a :class:`~ckpt_tui.store.plain_read.PlainRead` (one read transaction)
in place of the connection, and runs that read's statement as generated into
``store/plain_sql.py``: same SQL, same rows, same errors. Whole lists are one
statement without a limit. ``tests/test_plain_commands.py`` compares both
paths on generated stores.

This module must not import SQLAlchemy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ckpt_tui.errors import NotFound
from ckpt_tui.records import CheckpointRow, Page, ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.store.plain_read import NO_LIMIT, PlainRead
from ckpt_tui.store.rows import checkpoint_row, keyset_page, project_row, session_row, snapshot_row
from ckpt_tui.store.valid_ids import no_project, no_session, no_snapshot, require_id

if TYPE_CHECKING:
    from collections.abc import Sequence

# ``json`` and the previous-snapshot walk are imported by the reads that use
# them: the command line's lists start without them.


def get_project(read: PlainRead, project_id: str) -> ProjectRow:
    require_id(project_id, "project id")
    rows = read.run("project", project_id=project_id)
    if not rows:
        raise NotFound(no_project(project_id))
    return project_row(rows[0])


def get_session(read: PlainRead, session_id: str) -> SessionRow:
    require_id(session_id)
    rows = read.run("session", session_id=session_id)
    if not rows:
        raise NotFound(no_session(session_id))
    return session_row(rows[0])


def get_checkpoint(read: PlainRead, session_id: str) -> CheckpointRow | None:
    require_id(session_id)
    rows = read.run("checkpoint", session_id=session_id)
    return checkpoint_row(rows[0]) if rows else None


def get_snapshot(read: PlainRead, session_id: str, name: str) -> tuple[SnapshotRow, str]:
    """A snapshot by name (or id) with its raw payload text."""
    require_id(session_id)
    require_id(name, "snapshot name")
    rows = read.run("snapshot", session_id=session_id, name=name)
    if not rows:
        get_session(read, session_id)  # "no such session" first
        raise NotFound(no_snapshot(session_id, name))
    return snapshot_row(rows[0]), rows[0]["payload"]


def kind_exists(read: PlainRead, kind: str) -> bool:
    return bool(read.run("kind_anywhere", kind=kind))


def session_kinds(read: PlainRead, session_id: str) -> list[str]:
    require_id(session_id)
    return [r[0] for r in read.run("session_kinds", session_id=session_id)]


def all_sessions(read: PlainRead, project_id: str | None = None) -> Page[SessionRow]:
    """Every session (of ``project_id``), newest activity first, in one page:
    ``list_sessions``'s list without its limit."""
    if project_id is None:
        raw = read.run("sessions_page", limit=NO_LIMIT)
    else:
        require_id(project_id, "project id")
        raw = read.run("project_sessions_page", project_id=project_id, limit=NO_LIMIT)
    return keyset_page([session_row(r) for r in raw], raw, len(raw), NO_LIMIT, "sort_at")


def all_snapshots(read: PlainRead, session_id: str, kind: str | None = None) -> Page[SnapshotRow]:
    """Every snapshot of a session (of ``kind``), newest first, without
    payloads, in one page: ``list_snapshots``'s list without its limit."""
    require_id(session_id)
    if kind is None:
        raw = read.run("snapshots_page", session_id=session_id, limit=NO_LIMIT)
    else:
        raw = read.run("kind_snapshots_page", session_id=session_id, kind=kind, limit=NO_LIMIT)
    return keyset_page([snapshot_row(r) for r in raw], raw, len(raw), NO_LIMIT, "sort_at")


def newest_of_kind(read: PlainRead, session_id: str, kind: str):
    """The newest snapshot of a session of ``kind`` (its row without the
    payload), or ``None``: ``newest_snapshot``'s row, as far as it names it."""
    require_id(session_id)
    rows = read.run("kind_snapshots_page", session_id=session_id, kind=kind, limit=1)
    return rows[0] if rows else None


def previous_snapshot_ids(
    read: PlainRead, session_id: str, rows: Sequence[SnapshotRow]
) -> dict[str, str | None]:
    from ckpt_tui.store.previous_ids import previous_ids

    require_id(session_id)
    return previous_ids(
        lambda name, params: read.run(name, **params), session_id, [r.id for r in rows]
    )


def previous_and_payloads(
    read: PlainRead, session_id: str, rows: Sequence[SnapshotRow]
) -> tuple[dict[str, str | None], dict[str, str]]:
    from ckpt_tui.store import previous_ids as walk  # only for summaries

    require_id(session_id)
    return walk.previous_and_payloads(
        lambda name, params: read.run(name, **params), session_id, [r.id for r in rows]
    )


def get_payloads(read: PlainRead, session_id: str, ids: Sequence[str]) -> dict[str, str]:
    import json

    require_id(session_id)
    rows = read.run("payloads", session_id=session_id, ids=json.dumps(list(ids)))
    return {r[0]: r[1] for r in rows}

"""Building the records of ``ckpt_tui.records`` from result rows
(``sqlite3.Row``, or any mapping), and their keyset pages and trees."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ckpt_tui import timeutil
from ckpt_tui.records import CheckpointRow, Page, ProjectRow, SessionRow, SnapshotRow

# -- building records from result rows ----------------------------------------------

Raw = Mapping[str, Any]


def project_row(r: Raw) -> ProjectRow:
    keys = r.keys()
    return ProjectRow(
        id=r["id"],
        directory=r["directory"],
        canonical=r["canonical"],
        created_at=timeutil.normalize(r["created_at"]),
        updated_at=timeutil.normalize(r["updated_at"]),
        session_count=r["session_count"] if "session_count" in keys else 0,
        last_activity=timeutil.normalize(
            (r["last_activity"] if "last_activity" in keys else None) or r["updated_at"]
        ),
    )


def session_row(r: Raw, depth: int = 0) -> SessionRow:
    return SessionRow(
        id=r["id"],
        project_id=r["project_id"],
        parent_id=r["parent_id"],
        title=r["title"],
        created_at=timeutil.normalize(r["created_at"]),
        updated_at=timeutil.normalize(r["updated_at"]),
        snapshot_count=r["snapshot_count"],
        status=r["status"],
        checkpoint_title=r["checkpoint_title"],
        synthesized=bool(r["synthesized"]),
        has_checkpoint=bool(r["has_checkpoint"]),
        depth=depth,
    )


def snapshot_row(r: Raw) -> SnapshotRow:
    restored = r["restored_at"]
    return SnapshotRow(
        id=r["id"],
        session_id=r["session_id"],
        project_id=r["project_id"],
        name=r["name"],
        kind=r["kind"],
        captured_at=timeutil.normalize(r["captured_at"]),
        schema_version=r["schema_version"],
        restored_at=timeutil.normalize(restored) if restored is not None else None,
    )


def checkpoint_row(r: Raw) -> CheckpointRow:
    return CheckpointRow(
        session_id=r["session_id"],
        project_id=r["project_id"],
        columns=dict(r),
        created_at=timeutil.normalize(r["created_at"]),
        updated_at=r["updated_at"],
    )


def keyset_page(
    rows: list, raw: Sequence[Raw], total: int, limit: int, time_key: str, at_least: bool = False
) -> Page:
    """A page whose cursor is the last raw row's (time, id), if it was full."""
    cursor = (raw[-1][time_key], raw[-1]["id"]) if raw and len(raw) == limit else None
    return Page(rows=rows, total=total, cursor=cursor, at_least=at_least)


#: How deep child sessions are followed under a root.
MAX_NESTING = 8


def session_tree(
    roots: Sequence[Raw], children_of: Callable[[list[str]], Sequence[Raw]]
) -> list[SessionRow]:
    """Roots, each followed by its descendants (newest first at each level).

    ``children_of(ids)`` returns the sessions whose parent is one of ``ids``,
    newest first; it is asked once per level.
    """
    children: dict[str, list[Raw]] = {}
    frontier = [r["id"] for r in roots]
    seen = set(frontier)
    for _ in range(MAX_NESTING):
        if not frontier:
            break
        level, frontier = children_of(frontier), []
        for r in level:
            if r["id"] in seen:
                continue
            seen.add(r["id"])
            children.setdefault(r["parent_id"], []).append(r)
            frontier.append(r["id"])
    flat: list[SessionRow] = []

    def walk(r: Raw, depth: int) -> None:
        flat.append(session_row(r, depth))
        for child in children.get(r["id"], []):
            walk(child, depth + 1)

    for r in roots:
        walk(r, 0)
    return flat

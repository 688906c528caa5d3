"""The checks ``ckpt-tui doctor`` runs, read-only."""

from __future__ import annotations

from sqlalchemy import Connection, case, func, select

from ckpt_tui.store.schema import checkpoints, sessions, snapshots


def integrity(conn: Connection) -> list[str]:
    return [r[0] for r in conn.exec_driver_sql("PRAGMA integrity_check")]


def foreign_key_problems(conn: Connection) -> list[tuple]:
    return [tuple(r) for r in conn.exec_driver_sql("PRAGMA foreign_key_check")]


def damaged_payloads(conn: Connection, limit: int = 50) -> tuple[int, list[tuple[str, str]]]:
    """Snapshots whose payload is not a JSON object: (count, first (session, name))."""
    # json_type() raises on invalid JSON, so it is only asked of valid payloads.
    kind = case((func.json_valid(snapshots.c.payload) == 1, func.json_type(snapshots.c.payload)))
    where = func.coalesce(kind, "") != "object"
    count = conn.execute(select(func.count()).select_from(snapshots).where(where)).scalar_one()
    rows = conn.execute(
        select(snapshots.c.session_id, snapshots.c.name).where(where).limit(limit)
    ).all()
    return count, [tuple(r) for r in rows]


def sessions_without_checkpoint(conn: Connection, limit: int = 50) -> tuple[int, list[str]]:
    missing = (
        ~select(checkpoints.c.session_id).where(checkpoints.c.session_id == sessions.c.id).exists()
    )
    count = conn.execute(select(func.count()).select_from(sessions).where(missing)).scalar_one()
    ids = conn.execute(select(sessions.c.id).where(missing).limit(limit)).scalars().all()
    return count, list(ids)

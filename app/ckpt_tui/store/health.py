"""The checks ``ckpt-tui doctor`` runs, read-only.

What counts as damaged is the codec's decision (``core.model``); the SQL
here only narrows a store of 200,000 snapshots down to the rows worth
decoding, so it errs on the side of returning too many.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from sqlalchemy import Connection, case, func, select, text

from ckpt_tui.store.schema import checkpoints, sessions, snapshots

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def integrity(conn: Connection) -> list[str]:
    return [r[0] for r in conn.exec_driver_sql("PRAGMA integrity_check")]


def foreign_key_problems(conn: Connection) -> list[tuple]:
    return [tuple(r) for r in conn.exec_driver_sql("PRAGMA foreign_key_check")]


def damaged_payloads(conn: Connection) -> list[tuple[str, str, Any]]:
    """Every snapshot whose payload is not a JSON object: (session, name,
    payload), by session and time."""
    # json_type() raises on invalid JSON, so it is only asked of valid payloads.
    kind = case((func.json_valid(snapshots.c.payload) == 1, func.json_type(snapshots.c.payload)))
    where = func.coalesce(kind, "") != "object"
    stmt = (
        select(snapshots.c.session_id, snapshots.c.name, snapshots.c.payload)
        .where(where)
        .order_by(snapshots.c.session_id, snapshots.c.captured_at, snapshots.c.name)
    )
    return [tuple(r) for r in conn.execute(stmt)]


def _keys(keys: Sequence[str]) -> str:
    for key in keys:
        if not _KEY.fullmatch(key):  # they are spliced into the SQL below
            raise ValueError(f"not a payload key: {key!r}")
    return ", ".join(f"'{k}'" for k in keys) or "NULL"


def payloads_with_wrong_types(
    conn: Connection,
    *,
    text_keys: Sequence[str],
    list_keys: Sequence[str],
    bool_keys: Sequence[str],
) -> Iterator[tuple[str, str, str]]:
    """Snapshots whose payload object has a top-level key of the wrong JSON
    type: a ``text_keys`` key that is not a string, a ``list_keys`` key that
    is not an array of strings, a ``bool_keys`` key that is not true or
    false. (session, name, payload), by session and time; the caller decodes
    them to say which field and why.

    One ``json_each`` over the payload's top level (and one over each list),
    not a ``json_type`` per key: SQLite parses the text once per call. Every
    step is a ``CASE``, because SQLite does not promise to short-circuit
    ``AND``/``OR``, and ``json_each`` of text that is not JSON raises.
    """
    sql = f"""
        SELECT session_id, name, payload FROM snapshots
        WHERE CASE WHEN json_valid(payload) THEN
              CASE WHEN json_type(payload) = 'object' THEN EXISTS (
                  SELECT 1 FROM json_each(snapshots.payload) AS f
                  WHERE CASE
                      WHEN f.key IN ({_keys(text_keys)}) THEN f.type <> 'text'
                      WHEN f.key IN ({_keys(bool_keys)}) THEN f.type NOT IN ('true', 'false')
                      WHEN f.key IN ({_keys(list_keys)}) THEN
                          CASE WHEN f.type = 'array' THEN EXISTS (
                              SELECT 1 FROM json_each(f.value) AS i WHERE i.type <> 'text'
                          ) ELSE 1 END
                      ELSE 0 END
              ) END END
        ORDER BY session_id, captured_at, name
    """
    yield from (tuple(r) for r in conn.execute(text(sql)))


def checkpoint_rows(conn: Connection) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every checkpoint row as (session, columns), by session: one per
    session, so the caller can decode them all."""
    stmt = select(checkpoints).order_by(checkpoints.c.session_id)
    for row in conn.execute(stmt).mappings():
        yield row["session_id"], dict(row)


def sessions_without_checkpoint(conn: Connection) -> list[str]:
    missing = (
        ~select(checkpoints.c.session_id).where(checkpoints.c.session_id == sessions.c.id).exists()
    )
    return list(
        conn.execute(select(sessions.c.id).where(missing).order_by(sessions.c.id)).scalars()
    )

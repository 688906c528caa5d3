"""The checks ``ckpt-tui doctor`` runs, read-only.

What counts as damaged is the codec's decision (``core.model``); the SQL
here only narrows a store of a million snapshots down to the rows worth
decoding, so it errs on the side of returning too many.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sqlalchemy import Integer, Text, bindparam, case, cast, func, literal_column, or_, select, text
from sqlalchemy.types import LargeBinary

from ckpt_tui.fields import LIST_FIELDS, TEXT_FIELDS
from ckpt_tui.store.health import ROW_KEYS
from ckpt_tui.store.schema import checkpoints, metadata, sessions, snapshots

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: GLOB pattern: the text holds a character that is not ASCII (or NUL),
#: which is where bytes that are not UTF-8 can be.
NOT_ASCII = literal_column("'*[^' || char(1) || '-' || char(127) || ']*'")

#: Columns checked elsewhere: payloads by "damaged payloads", the
#: checkpoint's fields by "damaged fields".
ELSEWHERE = {
    ("snapshots", "payload"),
    *(("checkpoints", c.name) for c in checkpoints.c if c.name not in ROW_KEYS["checkpoints"]),
}


def _not_object(payload):
    """The payload is not a JSON object (``json_type`` raises on invalid
    JSON, so it is only asked of valid payloads)."""
    kind = case((func.json_valid(payload) == 1, func.json_type(payload)))
    return func.coalesce(kind, "") != "object"


def _keys(keys: Sequence[str]) -> str:
    for key in keys:
        if not _KEY.fullmatch(key):  # they are spliced into the SQL below
            raise ValueError(f"not a payload key: {key!r}")
    return ", ".join(f"'{k}'" for k in keys) or "NULL"


def wrong_types_statement(
    text_keys: Sequence[str], list_keys: Sequence[str], bool_keys: Sequence[str]
):
    """Snapshots whose payload object has a top-level key of the wrong JSON
    type: a ``text_keys`` key that is not a string, a ``list_keys`` key that
    is not an array of strings, a ``bool_keys`` key that is not true or
    false. (session, name, payload), by session and time.

    One ``json_each`` over the payload's top level (and one over each list),
    not a ``json_type`` per key: SQLite parses the text once per call. Every
    step is a ``CASE``, because SQLite does not promise to short-circuit
    ``AND``/``OR``, and ``json_each`` of text that is not JSON raises.
    """
    return text(
        f"""
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
    )


def not_utf8_statement(table_name: str):
    """A page of ``table_name``'s rows whose text columns (but those
    checked :data:`ELSEWHERE`) hold a character that is not ASCII: rowid
    ``r``, the row's key columns and those columns as bytes, ``:limit``
    rows after rowid ``:after``."""
    table = metadata.tables[table_name]
    checked = [
        c
        for c in table.c
        if isinstance(c.type, Text) and (table_name, c.name) not in ELSEWHERE
    ]
    keys = [table.c[name] for name in ROW_KEYS[table_name]]
    wanted = list(dict.fromkeys([*keys, *checked]))
    rowid = literal_column("rowid")
    return (
        select(rowid.label("r"), *(cast(c, LargeBinary).label(c.name) for c in wanted))
        .where(rowid > bindparam("after", type_=Integer), or_(*(c.op("GLOB")(NOT_ASCII) for c in checked)))
        .order_by(rowid)
        .limit(bindparam("limit", type_=Integer))
    )


def statements() -> dict[str, object]:
    rowid = literal_column("rowid")
    payload = snapshots.c.payload
    missing = ~select(checkpoints.c.session_id).where(
        checkpoints.c.session_id == sessions.c.id
    ).exists()
    return {
        "integrity_check": text("PRAGMA integrity_check"),
        "foreign_key_check": text("PRAGMA foreign_key_check"),
        # A page of snapshots whose payload is not a JSON object (``shape``
        # 1), or holds a character that is not ASCII (where bytes that are
        # not UTF-8 can be): ``:limit`` of them after rowid ``:after``.
        "payload_suspects": select(
            rowid.label("r"),
            snapshots.c.session_id,
            snapshots.c.name,
            snapshots.c.captured_at,
            payload,
            _not_object(payload).label("shape"),
        )
        .where(rowid > bindparam("after", type_=Integer), or_(_not_object(payload), payload.op("GLOB")(NOT_ASCII)))
        .order_by(rowid)
        .limit(bindparam("limit", type_=Integer)),
        "payload_wrong_types": wrong_types_statement(
            (*TEXT_FIELDS, "status"), LIST_FIELDS, ("synthesized",)
        ),
        "checkpoint_rows": select(checkpoints).order_by(checkpoints.c.session_id),
        "sessions_without_checkpoint": select(sessions.c.id).where(missing).order_by(sessions.c.id),
        **{f"not_utf8_{name}": not_utf8_statement(name) for name in ROW_KEYS},
    }

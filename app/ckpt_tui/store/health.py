"""The checks ``ckpt-tui doctor`` runs, read-only (statements:
``statements/health.py``).

What counts as damaged is the codec's decision (``core.model``); the SQL
only narrows a store of a million snapshots down to the rows worth
decoding, so it errs on the side of returning too many.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ckpt_tui.store.query import Query, not_utf8

#: The tables whose text doctor checks for bytes that are not UTF-8, and
#: the columns that name a row of each (read as bytes too: they may be
#: what is damaged).
ROW_KEYS = {
    "projects": ("id",),
    "sessions": ("id",),
    "checkpoints": ("session_id",),
    "snapshots": ("session_id", "name"),
    "session_runtime": ("session_id",),
    "migrations": ("id",),
}
#: Rows read per statement by the page-wise checks.
PAGE = 2000


def integrity(q: Query) -> list[str]:
    return [r[0] for r in q.run("integrity_check")]


def foreign_key_problems(q: Query) -> list[tuple]:
    return [tuple(r) for r in q.run("foreign_key_check")]


def _pages(q: Query, name: str) -> Iterator[Any]:
    """Every row of the page-wise statement ``name`` (after rowid ``:after``)."""
    after = 0
    while True:
        rows = q.run(name, after=after, limit=PAGE)
        yield from rows
        if len(rows) < PAGE:
            return
        after = rows[-1]["r"]


def payload_suspects(q: Query) -> list[tuple[str, str, Any, bool]]:
    """Every snapshot whose payload is not a JSON object, or holds text
    that is not ASCII: ``(session, name, payload, not_an_object)``, by
    session and time; the caller decodes them."""
    found = [
        (r["session_id"], r["captured_at"], r["name"], r["payload"], bool(r["shape"]))
        for r in _pages(q, "payload_suspects")
    ]
    found.sort(key=lambda f: (f[0], str(f[1]), f[2]))
    return [(s, n, p, shape) for s, _, n, p, shape in found]


def payloads_with_wrong_types(q: Query) -> list[tuple[str, str, str]]:
    """Snapshots whose payload has a field of the wrong JSON type:
    (session, name, payload), by session and time; the caller decodes them
    to say which field and why."""
    return [tuple(r) for r in q.run("payload_wrong_types")]


def checkpoint_rows(q: Query) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every checkpoint row as (session, columns), by session: one per
    session, so the caller can decode them all."""
    for row in q.run("checkpoint_rows"):
        yield row["session_id"], dict(row)


def sessions_without_checkpoint(q: Query) -> list[str]:
    return [r[0] for r in q.run("sessions_without_checkpoint")]


def text_not_utf8(q: Query) -> list[dict[str, Any]]:
    """Every text value that is not UTF-8, but payloads and the
    checkpoint's fields (their own checks name them): ``{"table", "row",
    "column", "reason"}``, ``row`` the row's key as text (a byte that is
    not UTF-8 kept as a surrogate escape)."""
    found: list[dict[str, Any]] = []
    for table, keys in ROW_KEYS.items():
        for row in _pages(q, f"not_utf8_{table}"):
            named = "/".join(_text(row[k]) for k in keys)
            for column in row.keys()[1:]:
                reason = not_utf8(_text(row[column]))
                if reason is not None:
                    found.append({"table": table, "row": named, "column": column, "reason": reason})
    return found


def _text(raw: object) -> str:
    if isinstance(raw, bytes):
        return raw.decode("utf-8", "surrogateescape")
    return str(raw)

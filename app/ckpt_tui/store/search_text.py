"""The text of a search document, and its compressed copy.

What the index holds for a snapshot (its name and each payload field, the
rest in ``extra``) and for a current checkpoint (its columns); the packed
form kept in the index's ``bodies`` table, because a contentless FTS5 row
can only be deleted when handed its values again (``store.search_file``),
and which a search cuts its snippets from when the store has not changed
since the index caught up (``core.search``); and the cleaning that makes a
value acceptable to FTS5. A body keeps the text as the store has it (a lone
surrogate too), so a snippet cut from it is the one the store's row gives;
FTS5 is handed the cleaned values (:func:`indexed`). Pure functions: no SQL
here.

``json`` is imported where a payload is decoded, not with the module: a
search whose snippets come from the bodies never needs it (about 1.2 ms of
``ckpt-tui search``).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from ckpt_tui.fields import COLUMN, FIELDS, LIST_FIELDS, META_KEYS

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (2.5 ms of a command
#: that needs nothing else of it); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3

#: The payload's fields (SPEC 5.1) that get a column, in payload order.
FIELD_COLUMNS = FIELDS
#: Every indexed column: the snapshot's name, the fields, and ``extra``
#: (unknown payload keys, or the raw text of a damaged payload).
COLUMNS = ("name", *FIELD_COLUMNS, "extra")


def _as_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(_as_text(item) for item in value)
    import json

    return json.dumps(value, ensure_ascii=False)


def payload_columns(name: str, payload: object) -> dict[str, str]:
    """The indexed text of a snapshot: its name and each payload field.

    A list field is its items, one a line; a value of an unexpected type is
    its JSON; unknown keys go to ``extra`` as ``key: value`` lines, and a
    payload that is not a JSON object goes there whole, as it is.
    """
    import json

    columns = dict.fromkeys(COLUMNS, "")
    columns["name"] = name
    text = payload if isinstance(payload, str) else _as_text(payload)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        columns["extra"] = text
        return columns
    extra = []
    for key, value in data.items():
        if key in FIELD_COLUMNS:
            columns[key] = _as_text(value)
        elif key not in META_KEYS:
            extra.append(f"{key}: {_as_text(value)}")
    columns["extra"] = "\n".join(extra)
    return columns


def checkpoint_columns(row: sqlite3.Row) -> dict[str, str]:
    """The indexed text of a current checkpoint row (list columns are JSON)."""
    import json

    columns = dict.fromkeys(COLUMNS, "")
    for field in FIELD_COLUMNS:
        value = row[COLUMN[field]]
        if field in LIST_FIELDS:
            try:
                value = json.loads(value) if isinstance(value, str) else value
            except (ValueError, RecursionError):
                pass  # damaged: index the text as it is
        columns[field] = _as_text(value)
    return columns


def pack(values: Sequence[str]) -> bytes:
    """A document's values as the store has them, compressed: the byte
    length of each, a line, then the values back to back (no JSON round
    trip; a lone surrogate is kept, as UTF-8 with ``surrogatepass``)."""
    encoded = [v.encode("utf-8", "surrogatepass") for v in values]
    head = ",".join(str(len(b)) for b in encoded).encode("ascii")
    # Raw deflate with a 4 KB window and little memory: the same size for
    # these 1-3 KB texts, 3-4x faster than zlib.compress, whose setup of a
    # 32 KB window dominated the build's Python time.
    packer = zlib.compressobj(1, zlib.DEFLATED, -12, 4)
    return packer.compress(head + b"\n" + b"".join(encoded)) + packer.flush()


def unpack(body: bytes) -> list[str]:
    """The values :func:`pack` was given."""
    raw = zlib.decompress(body, -12)
    cut = raw.index(b"\n")
    out, at = [], cut + 1
    for size in raw[:cut].decode("ascii").split(","):
        out.append(raw[at : at + int(size)].decode("utf-8", "surrogatepass"))
        at += int(size)
    return out


def clean_text(text: str) -> str:
    """FTS5 stores UTF-8: a lone surrogate (from a damaged payload) would fail."""
    return text.encode("utf-8", "replace").decode("utf-8") if not text.isascii() else text


def indexed(values: Sequence[str]) -> list[str]:
    """The values FTS5 is handed for a document (inserting or deleting it)."""
    return [clean_text(v) for v in values]

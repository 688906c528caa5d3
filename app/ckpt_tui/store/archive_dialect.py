"""Everything of the archive that is PostgreSQL's own, in one module.

The archive's tables and queries are SQLAlchemy Core; what Core leaves to
the database is here: the full-text type, index and operators (``tsvector``
and a GIN index, ``tsquery`` built from quoted lexemes), the bulk copies
(``COPY`` in binary form straight into a table; ``COPY`` into a temporary
table then one ``INSERT ... ON CONFLICT`` where rows may be there), lz4 for
the big columns, the lock that keeps two pushes of one store apart (an
advisory lock), the engine (psycopg 3), the read-only role's grants, and
the driver's errors as one line without the password.

A search vector is the set of a document's tokens, made by ckpt-tui with
the local search's tokenizer (``core.archive.snapshot_words``) and handed
over in ``tsvector``'s binary form. PostgreSQL's own parser
(``to_tsvector``) would cut a path (``app/ckpt_tui/x.py``) into one token
and fold no accent, and costs about 200 us for a 2 KB snapshot here, more
than the whole copy of it; its ``tsvector`` text input, ~50 us. The
vector holds no positions: a query is the ``AND`` of its tokens here, and
a phrase is checked on the hit's text (``core.archive_reader``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Index,
    Integer,
    MetaData,
    Table,
    cast,
    func,
    literal,
    select,
)
from sqlalchemy.dialects.postgresql import TSQUERY, TSVECTOR
from sqlalchemy.dialects.postgresql import insert as pg_insert

from ckpt_tui.errors import CkptError
from ckpt_tui.store import archive_url

SEARCH_TYPE = TSVECTOR
#: Seconds to wait for the server unless the URL says ``connect_timeout``.
CONNECT_TIMEOUT = 10


class ArchiveError(CkptError):
    """The archive cannot be used as asked (one line, no password)."""


class ArchiveUnreachable(ArchiveError):
    """No server answered, or it refused the login."""


class ArchiveMissing(ArchiveError):
    """The database has no archive (``archive init`` makes one)."""


def search_index(name: str, column: Column) -> Index:
    return Index(name, column, postgresql_using="gin")


#: PostgreSQL refuses a lexeme of 2 KB or more and a vector of 1 MB or more.
_LEXEME_BYTES = 2046
_VECTOR_BYTES = 900_000


def _lexeme(word: str) -> str:
    """A token as ``tsvector``/``tsquery`` text: ASCII tokens are letters
    and digits, others are quoted (tokens never hold a quote, a backslash,
    a colon or a space: ``core.search_match`` cuts there)."""
    return word if word.isascii() else "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


def _plain(words: list[str], joined: str) -> bool:
    """Whether ``words`` (``joined`` with separators) are ASCII and within
    PostgreSQL's limits as they are: the usual case, checked in C."""
    return (
        joined.isascii()
        and len(joined) <= _VECTOR_BYTES
        and (len(joined) <= _LEXEME_BYTES or max(map(len, words)) <= _LEXEME_BYTES)
    )


def vector_text(words: Iterable[str]) -> str:
    """The ``tsvector`` text of a set of tokens, within PostgreSQL's limits
    (a longer token is left out; past 900 KB, the rest)."""
    words = list(words)
    text = " ".join(words)
    if _plain(words, text):
        return text
    out, size = [], 0
    for word in words:
        n = len(word.encode("utf-8", "surrogatepass")) if not word.isascii() else len(word)
        if n > _LEXEME_BYTES or "\x00" in word:
            continue
        size += n + 1
        if size > _VECTOR_BYTES:
            break
        out.append(_lexeme(word))
    return " ".join(out)


def vector_bytes(words: Iterable[str]) -> bytes:
    """A set of tokens as a ``tsvector`` in PostgreSQL's binary form (a
    count, then each lexeme's bytes, NUL and no positions): several times
    cheaper for the server to take than the text form, whose parser looks
    at every character. In no order: the server sorts them (a third of
    what making this costs here). Within the same limits as
    :func:`vector_text`."""
    ordered = list(words)
    joined = "\x00\x00\x00".join(ordered)
    if _plain(ordered, joined):
        head = len(ordered).to_bytes(4, "big")
        return head + joined.encode("ascii") + (b"\x00\x00\x00" if ordered else b"")
    kept, size = [], 0
    for word in ordered:
        raw = word.encode("utf-8", "surrogatepass")
        if len(raw) > _LEXEME_BYTES or b"\x00" in raw:
            continue
        size += len(raw)
        if size > _VECTOR_BYTES:
            break
        kept.append(raw + b"\x00\x00\x00")
    return len(kept).to_bytes(4, "big") + b"".join(kept)


class TextQuery(NamedTuple):
    """A search as ``tsquery`` text (:func:`tsquery_text`)."""

    #: what a document must hold, and not hold
    text: str
    #: what it must hold only (what a session's union of words must hold)
    positive: str
    #: whether a hit must still be checked on its text (a term of several tokens)
    recheck: bool


def tsquery_text(terms: Iterable[tuple[Sequence[str], bool, bool]]) -> TextQuery | None:
    """The ``tsquery`` text of parsed terms (tokens, prefix, negated). Every
    token of a term that must hold must be there (``&``; a prefix term's
    last token matches any word it begins, ``:*``); a negated one-token
    term must not be; a term of several tokens (a phrase, or ``ckpt_tui``)
    is a phrase only the text can tell, and so is a negated one. ``None``
    when nothing is left to look for. Tokens are quoted as lexemes, never
    parsed, so no operator can come from what a person typed."""
    wanted, unwanted, recheck = [], [], False
    for tokens, prefix, negated in terms:
        words = [t for t in tokens if t and len(t.encode("utf-8", "surrogatepass")) <= _LEXEME_BYTES]
        if not words or len(words) != len(tokens):
            recheck = True
            continue
        quoted = [f"'{w}'" if w.isascii() else _lexeme(w) for w in words]
        if prefix:
            quoted[-1] += ":*"
        if len(words) > 1:
            recheck = True
            if negated:
                continue
        if negated:
            unwanted.append(f"!{quoted[0]}")
        else:
            wanted.append(" & ".join(quoted))
    if not wanted:
        return None
    positive = " & ".join(wanted)
    return TextQuery(" & ".join(wanted + unwanted), positive, recheck)


def matches(vector: Column, query_text: Any):
    return vector.op("@@")(cast(query_text, TSQUERY))


# -- connecting ----------------------------------------------------------------------


def create_engine(url: str) -> Engine:
    """An engine over the archive at ``url`` (libpq fills in what it leaves
    out). Nothing is connected until the first use."""
    from urllib.parse import parse_qsl, urlsplit

    from sqlalchemy import create_engine as sa_create_engine

    given = dict(parse_qsl(urlsplit(url).query))
    connect_args: dict[str, Any] = {"application_name": "ckpt-tui"}
    if "connect_timeout" not in given:
        connect_args["connect_timeout"] = CONNECT_TIMEOUT
    return sa_create_engine(
        archive_url.driver_url(url),
        connect_args=connect_args,
        pool_size=2,
        max_overflow=2,
        pool_pre_ping=True,
    )


def translate(exc: BaseException, url: str) -> CkptError:
    """One line for a driver or SQL failure, naming the archive by its
    redacted URL and never quoting the password."""
    import psycopg

    orig = getattr(exc, "orig", None) or exc
    where = archive_url.redacted(url)
    detail = str(orig).strip().splitlines()
    first = next((line for line in detail if line.strip()), type(orig).__name__)
    reason = _reason(first)
    sqlstate = getattr(orig, "sqlstate", None) or ""
    if sqlstate in ("3F000", "42P01"):  # no such schema, no such table
        error: CkptError = ArchiveMissing(
            f"no ckpt-tui archive at {where} ({reason}); `ckpt-tui archive init` creates one"
        )
    elif sqlstate == "42501":  # insufficient privilege
        error = ArchiveError(f"the archive at {where} refused: {reason}")
    elif sqlstate.startswith("28") or "password" in first.lower() or "authentication" in first:
        error = ArchiveUnreachable(f"the archive at {where} refused the login: {reason}")
    elif isinstance(orig, psycopg.OperationalError) and not sqlstate:
        error = ArchiveUnreachable(f"cannot reach the archive at {where}: {reason}")
    else:
        error = ArchiveError(f"archive error at {where}: {reason}")
    return type(error)(archive_url.scrub(str(error), url))


def _reason(line: str) -> str:
    """A libpq message without its "connection to server at ... failed:" lead."""
    line = line.strip()
    if " failed: " in line and line.startswith(("connection to server", "connection failed")):
        line = line.rsplit(" failed: ", 1)[1]
    return line.removeprefix("FATAL:").strip()


def lock_origin(conn: Connection, origin_id: str) -> bool:
    """Take the push lock of one origin for this connection's session
    (``False``: another push of it holds it). Released by :func:`unlock_origin`
    or when the connection closes, a killed push too."""
    key = int.from_bytes(hashlib.sha256(origin_id.encode()).digest()[:8], "big", signed=True)
    return bool(conn.execute(select(func.pg_try_advisory_lock(key))).scalar_one())


def unlock_origin(conn: Connection, origin_id: str) -> None:
    key = int.from_bytes(hashlib.sha256(origin_id.encode()).digest()[:8], "big", signed=True)
    conn.execute(select(func.pg_advisory_unlock(key)))


# -- schema ----------------------------------------------------------------------------


def create_schema(conn: Connection, schema: str) -> None:
    conn.exec_driver_sql(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')


def table_exists(conn: Connection, schema: str, table: str) -> bool:
    return conn.execute(select(func.to_regclass(f'"{schema}"."{table}"'))).scalar() is not None


def columns_present(conn: Connection, schema: str) -> dict[str, set[str]]:
    """The columns of each table of ``schema`` as the server has them (the
    catalog a role with ``SELECT`` alone may read too)."""
    from sqlalchemy import column, table

    listed = table("columns", column("table_name"), column("column_name"), schema="information_schema")
    present: dict[str, set[str]] = {}
    rows = conn.execute(
        select(listed.c.table_name, listed.c.column_name).where(
            column("table_schema") == schema
        )
    )
    for name, col in rows:
        present.setdefault(name, set()).add(col)
    return present


def lock_schema(conn: Connection) -> None:
    """Two ``archive init`` or ``migrate`` at once: one waits for the other
    (until the end of the transaction)."""
    conn.execute(select(func.pg_advisory_xact_lock(_SCHEMA_LOCK)))


_SCHEMA_LOCK = int.from_bytes(
    hashlib.sha256(b"ckpt-tui archive schema").digest()[:8], "big", signed=True
)


#: Columns kept with lz4 rather than PostgreSQL's default compression:
#: several times cheaper to write, for a few percent more on disk.
COMPRESSED = (
    ("snapshots", "payload"),
    ("snapshot_search", "search"),
    ("session_search", "search"),
    ("checkpoints", "search"),
)


def set_storage(conn: Connection, schema: str) -> None:
    """lz4 for the big text columns, where the server was built with it
    (``default_toast_compression`` accepts it); else its default."""
    try:
        with conn.begin_nested():
            conn.exec_driver_sql("SET LOCAL default_toast_compression = lz4")
    except Exception:  # the server has no lz4: its default compression it is
        return
    for table, column in COMPRESSED:
        conn.exec_driver_sql(
            f'ALTER TABLE "{schema}"."{table}" ALTER COLUMN "{column}" SET COMPRESSION lz4'
        )
    # a snapshot's words (a kilobyte or two) compressed too, not only past 2 KB
    conn.exec_driver_sql(f'ALTER TABLE "{schema}"."snapshot_search" SET (toast_tuple_target = 256)')


def read_only_grants(schema: str, role: str) -> list[str]:
    """What a role needs to browse the archive and nothing more."""
    ident = '"' + role.replace('"', '""') + '"'
    return [
        f'GRANT USAGE ON SCHEMA "{schema}" TO {ident};',
        f'GRANT SELECT ON ALL TABLES IN SCHEMA "{schema}" TO {ident};',
    ]


def size_bytes(conn: Connection, schema: str) -> int:
    """The archive's size on disk: its tables with their indexes and TOAST."""
    return int(
        conn.exec_driver_sql(
            "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = %(name)s AND c.relkind = 'r'",
            {"name": schema},
        ).scalar_one()
    )


# -- bulk copy -------------------------------------------------------------------------


def copy_upsert(
    conn: Connection,
    table: Table,
    columns: Sequence[str],
    rows: Iterable[Sequence[Any]],
    *,
    reset: dict[str, Any] | None = None,
) -> None:
    """Insert ``rows`` (values of ``columns``) into ``table``, replacing the
    rows of the same key: ``COPY`` into a temporary table of the same
    columns, then one ``INSERT ... SELECT ... ON CONFLICT DO UPDATE``.

    ``reset``: columns set to a value on insert and update alike
    (``pruned_at`` back to NULL for a snapshot its store has again)."""
    staged = list(columns)
    stages = conn.info.setdefault("ckpt_stages", {})
    stage = stages.get(table.name)
    if stage is None:  # once per connection: a temporary table lives as long
        name = f"ckpt_stage_{table.name}"
        defs = ", ".join(f'"{c}" {_pg_type(table, c)}' for c in staged)
        conn.exec_driver_sql(f"CREATE TEMP TABLE {name} ({defs}) ON COMMIT DELETE ROWS")
        stage = stages[table.name] = Table(name, MetaData(), *(Column(c) for c in staged))
    names = ", ".join(f'"{c}"' for c in staged)
    with (
        conn.connection.driver_connection.cursor() as cursor,
        cursor.copy(f"COPY {stage.name} ({names}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row(row)
    picked = [stage.c[c] for c in columns]
    targets = list(columns)
    for name, value in (reset or {}).items():
        picked.append(literal(value, type_=table.c[name].type))
        targets.append(name)
    stmt = pg_insert(table).from_select(targets, select(*picked))
    keys = [c.name for c in table.primary_key.columns]
    stmt = stmt.on_conflict_do_update(
        index_elements=keys,
        set_={name: stmt.excluded[name] for name in targets if name not in keys},
    )
    conn.execute(stmt)
    conn.exec_driver_sql(f"TRUNCATE {stage.name}")


def copy_new(
    conn: Connection,
    table: Table,
    columns: Sequence[str],
    rows: list[Sequence[Any]],
    *,
    reset: dict[str, Any] | None = None,
) -> None:
    """Insert rows the archive should not have yet: ``COPY`` straight into
    ``table``, in binary form (no escaping to make or undo: the server's
    share of a copy drops by a sixth). A push compares keys under its
    origin's lock, so none is there; should one be there all the same, the
    copy is undone and the rows go through :func:`copy_upsert`."""
    from sqlalchemy.exc import IntegrityError

    names = ", ".join(f'"{c}"' for c in columns)
    target = f'"{table.schema}"."{table.name}"'
    types = [_pg_type(table, c) for c in columns]
    savepoint = conn.begin_nested()
    try:
        with (
            conn.connection.driver_connection.cursor() as cursor,
            cursor.copy(f"COPY {target} ({names}) FROM STDIN (FORMAT BINARY)") as copy,
        ):
            copy.set_types(types)
            for row in rows:
                copy.write_row(row)
        savepoint.commit()
    except Exception as exc:  # the driver's unique violation, raised by the copy
        savepoint.rollback()
        if getattr(exc, "sqlstate", None) != "23505" and not isinstance(exc, IntegrityError):
            raise
        copy_upsert(conn, table, columns, rows, reset=reset)


class _VectorBytes(bytes):
    """:func:`vector_bytes`' output, for the binary ``COPY`` of :func:`copy_vectors`."""


def _copy_binary(conn: Connection, target: str, columns: Sequence[str], types: list, rows) -> None:
    """``COPY`` rows into ``target`` in binary form; a ``_VectorBytes`` value
    goes as a ``tsvector``."""
    from psycopg.adapt import Dumper
    from psycopg.pq import Format

    oid = types[-1]

    class VectorDumper(Dumper):
        format = Format.BINARY

        def dump(self, obj):
            return obj

    VectorDumper.oid = oid
    names = ", ".join(f'"{c}"' for c in columns)
    with conn.connection.driver_connection.cursor() as cursor:
        cursor.adapters.register_dumper(_VectorBytes, VectorDumper)
        with cursor.copy(f"COPY {target} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(types)
            for row in rows:
                copy.write_row(row)


def copy_vectors(
    conn: Connection, snapshots: Table, sessions: Table, rows: Sequence[tuple]
) -> None:
    """Write snapshots' search words: ``rows`` are (origin, snapshot id,
    session id, captured_at, set of words). Each goes into ``snapshots``
    (``snapshot_search``), and each session's union of them into a new
    row of ``sessions`` (``session_search``). A snapshot's row already
    there (another indexer was first) is replaced."""
    oid = conn.info.get("ckpt_tsvector_oid")
    if oid is None:
        oid = conn.info["ckpt_tsvector_oid"] = conn.exec_driver_sql(
            "SELECT 'tsvector'::regtype::oid"
        ).scalar_one()
    union: dict[tuple[str, str], set[str]] = {}
    data = []
    for origin, sid, session, at, words in rows:
        data.append((origin, sid, session, at, _VectorBytes(vector_bytes(words))))
        union.setdefault((origin, session), set()).update(words)
    target = f'"{snapshots.schema}"."{snapshots.name}"'
    columns = ("origin_id", "id", "session_id", "captured_at", "search")
    for attempt in (1, 2):
        savepoint = conn.begin_nested()
        try:
            _copy_binary(conn, target, columns, ["text", "text", "text", "text", oid], data)
            savepoint.commit()
            break
        except Exception as exc:
            savepoint.rollback()
            if attempt == 2 or getattr(exc, "sqlstate", None) != "23505":
                raise
            conn.exec_driver_sql(
                f"DELETE FROM {target} WHERE (origin_id, id) IN "
                "(SELECT * FROM unnest(%(o)s::text[], %(i)s::text[]))",
                {"o": [r[0] for r in data], "i": [r[1] for r in data]},
            )
    _copy_binary(
        conn,
        f'"{sessions.schema}"."{sessions.name}"',
        ("origin_id", "session_id", "search"),
        ["text", "text", oid],
        [(o, s, _VectorBytes(vector_bytes(w))) for (o, s), w in union.items()],
    )


def _pg_type(table: Table, column: str) -> str:
    if column in table.c and isinstance(table.c[column].type, Integer):
        return "integer"
    if column in table.c and isinstance(table.c[column].type, TSVECTOR):
        return "tsvector"
    return "text"

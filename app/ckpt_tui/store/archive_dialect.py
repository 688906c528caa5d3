"""Everything of the archive that is PostgreSQL's own, in one module.

The archive's tables and queries are SQLAlchemy Core; what Core leaves to
the database is here: the full-text type, index and operators (``tsvector``
and a GIN index, ``to_tsvector``/``to_tsquery`` with the ``simple``
configuration), the bulk copy (``COPY`` into a temporary table, then one
``INSERT ... ON CONFLICT`` into the archive), the lock that keeps two pushes
of one store apart (an advisory lock), the engine (psycopg 3), the
read-only role's grants, and the driver's errors as one line without the
password.

The text a search vector is made of comes from the caller as the text
ckpt-tui's own index holds (``store.search_text``), with every value that
is not plain ASCII already cut into the tokens the local search makes
(``core.search_match``: accents folded) and joined by spaces. Here every
run of ASCII characters other than letters and digits becomes a space, as
the local tokenizer splits there, and the ``simple`` configuration only
lower-cases what is left: a word matches here exactly when it matches in
the local index, and a path (``app/ckpt_tui/x.py``) is its words, not one
token as PostgreSQL's own parser would make it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Index,
    Integer,
    MetaData,
    Table,
    func,
    literal,
    select,
)
from sqlalchemy.dialects.postgresql import TSVECTOR
from sqlalchemy.dialects.postgresql import insert as pg_insert

from ckpt_tui.errors import CkptError
from ckpt_tui.store import archive_url

SEARCH_TYPE = TSVECTOR
SEARCH_CONFIG = "simple"
#: A search document's text is cut here: PostgreSQL refuses a tsvector
#: over 1 MB, and a 10 MB payload would otherwise fail its push.
SEARCH_TEXT_LIMIT = 400_000
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


#: ASCII characters that are not letters or digits: where a word ends.
_SEPARATORS = r"[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+"


def search_vector(text):
    """The search vector of a document's text (see the module docstring)."""
    return func.to_tsvector(SEARCH_CONFIG, func.regexp_replace(text, _SEPARATORS, " ", "g"))


def tsquery_text(terms: Iterable[tuple[Sequence[str], bool, bool]]) -> str | None:
    """The ``to_tsquery`` text of parsed terms (tokens, prefix, negated):
    a term's tokens must follow each other (``<->``), a prefix term's last
    token matches any word it begins (``:*``), every term must hold, a
    negated one must not. ``None`` when no term has a token. Tokens are
    letters and digits only (``core.search_match``), each quoted all the
    same, so no operator can come from what a person typed."""
    parts = []
    for tokens, prefix, negated in terms:
        words = [t for t in tokens if t and "'" not in t and "\\" not in t]
        if not words:
            continue
        quoted = [f"'{w}'" for w in words]
        if prefix:
            quoted[-1] += ":*"
        phrase = " <-> ".join(quoted)
        parts.append(f"!({phrase})" if negated else f"({phrase})")
    if not any(not p.startswith("!") for p in parts):
        return None
    return " & ".join(parts)


def matches(vector: Column, query_text: Any):
    return vector.op("@@")(func.to_tsquery(SEARCH_CONFIG, query_text))


def rank(vector: Column, query_text: Any):
    return func.ts_rank(vector, func.to_tsquery(SEARCH_CONFIG, query_text))


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


def lock_schema(conn: Connection) -> None:
    """Two ``archive init`` or ``migrate`` at once: one waits for the other
    (until the end of the transaction)."""
    conn.execute(select(func.pg_advisory_xact_lock(_SCHEMA_LOCK)))


_SCHEMA_LOCK = int.from_bytes(
    hashlib.sha256(b"ckpt-tui archive schema").digest()[:8], "big", signed=True
)


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
    search: bool = False,
    reset: dict[str, Any] | None = None,
) -> None:
    """Insert ``rows`` (values of ``columns``) into ``table``, replacing the
    rows of the same key: ``COPY`` into a temporary table of the same
    columns, then one ``INSERT ... SELECT ... ON CONFLICT DO UPDATE``.

    ``search``: each row ends with its document's text, whose search vector
    fills ``table.c.search`` (the text itself is not kept).
    ``reset``: columns set to a value on insert and update alike
    (``pruned_at`` back to NULL for a snapshot its store has again)."""
    staged = list(columns) + (["search_text"] if search else [])
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
    if search:
        picked.append(search_vector(stage.c.search_text))
        targets.append("search")
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
    ``table`` (a push compares keys under its origin's lock, so none is
    there). Should one be there all the same, the copy is undone and the
    rows go through :func:`copy_upsert`."""
    from sqlalchemy.exc import IntegrityError

    names = ", ".join(f'"{c}"' for c in columns)
    target = f'"{table.schema}"."{table.name}"'
    savepoint = conn.begin_nested()
    try:
        with (
            conn.connection.driver_connection.cursor() as cursor,
            cursor.copy(f"COPY {target} ({names}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(row)
        savepoint.commit()
    except Exception as exc:  # the driver's unique violation, raised by the copy
        savepoint.rollback()
        if getattr(exc, "sqlstate", None) != "23505" and not isinstance(exc, IntegrityError):
            raise
        copy_upsert(conn, table, columns, rows, reset=reset)


def set_search(
    conn: Connection, table: Table, keys: Sequence[str], docs: Sequence[Sequence[Any]]
) -> None:
    """Set the search vector of rows from their document text: ``docs`` are
    the key values followed by the text."""
    from sqlalchemy import and_, update

    stages = conn.info.setdefault("ckpt_search_stages", {})
    stage = stages.get(table.name)
    if stage is None:
        name = f"ckpt_search_{table.name}"
        defs = ", ".join(f'"{k}" text' for k in keys)
        conn.exec_driver_sql(
            f"CREATE TEMP TABLE {name} ({defs}, search_text text) ON COMMIT DELETE ROWS"
        )
        stage = stages[table.name] = Table(
            name, MetaData(), *(Column(k) for k in keys), Column("search_text")
        )
    names = ", ".join(f'"{c}"' for c in [*keys, "search_text"])
    with (
        conn.connection.driver_connection.cursor() as cursor,
        cursor.copy(f"COPY {stage.name} ({names}) FROM STDIN") as copy,
    ):
        for row in docs:
            copy.write_row(row)
    conn.execute(
        update(table)
        .where(and_(*(table.c[k] == stage.c[k] for k in keys)))
        .values(search=search_vector(stage.c.search_text))
    )
    conn.exec_driver_sql(f"TRUNCATE {stage.name}")


def _pg_type(table: Table, column: str) -> str:
    return "integer" if column in table.c and isinstance(table.c[column].type, Integer) else "text"

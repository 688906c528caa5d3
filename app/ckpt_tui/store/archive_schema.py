"""The archive's tables: the store's own (``store/schema.py``), each with an
``origin_id`` column in its keys, plus two tables of the archive's.

One source: every archived table is derived here from the store's Table
object, so a column added to the store's schema is a column of the archive
(``tests/test_archive_schema.py`` checks it). What the derivation does:

* the primary key, every unique constraint and every foreign key get
  ``origin_id`` first: two machines may hold the same project id (one
  project, seen from two machines), and a store copied to another machine
  holds the same session and snapshot ids (another origin);
* an index whose first column is ``session_id`` gets ``origin_id`` first
  (a session's rows are one origin's); the others are kept as they are,
  since a project's sessions are read across origins;
* ``UNIQUE (session_id, name)`` of ``snapshots`` becomes a plain index: the
  plugin may prune a manual snapshot and a person reuse its name, and the
  archive keeps both;
* columns of the archive's own: ``snapshots.pruned_at`` (when a push found
  the snapshot gone from its origin's store: only the archive has it), and
  a full-text ``search`` column on ``snapshots`` and ``checkpoints``, of
  the dialect's type (``store/archive_dialect.py``), NULL until the
  indexer has made it (``store/archive_push.index_pending``).

``session_runtime`` and ``migrations`` are the plugin's bookkeeping, not
history: the archive leaves them out. The archive's own tables are
``origins`` (one row per pushed store file) and ``archive_version`` (its
schema version, one row per version applied; ``archive init|migrate``).
Everything lives in one PostgreSQL schema, ``ckpt_archive``, so the
archive can share a database with anything else.
"""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Column,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
    UniqueConstraint,
)

from ckpt_tui.store import archive_dialect as dialect
from ckpt_tui.store import schema as store_schema

#: The PostgreSQL schema (namespace) holding every table of the archive.
SCHEMA = "ckpt_archive"
#: The archive schema this ckpt-tui creates and reads (``archive_version``).
VERSION = 1
ORIGIN = "origin_id"

metadata = MetaData(schema=SCHEMA)

#: Unique constraints of the store that the archive keeps as plain indexes
#: (table, columns): see the module docstring.
_UNIQUE_AS_INDEX = {("snapshots", ("session_id", "name"))}


def _columns(source: Table) -> list[Column]:
    out = [Column(ORIGIN, Text, nullable=False)]
    for col in source.columns:
        default = col.server_default.arg if col.server_default is not None else None  # type: ignore[attr-defined]
        out.append(Column(col.name, col.type, nullable=col.nullable, server_default=default))
    return out


def _constraints(source: Table) -> list:
    name = source.name
    out: list = [PrimaryKeyConstraint(ORIGIN, *(c.name for c in source.primary_key.columns))]
    for con in source.constraints:
        if isinstance(con, UniqueConstraint) and not isinstance(con, PrimaryKeyConstraint):
            cols = tuple(c.name for c in con.columns)
            if (name, cols) not in _UNIQUE_AS_INDEX:
                out.append(UniqueConstraint(ORIGIN, *cols))
        elif isinstance(con, CheckConstraint):
            out.append(CheckConstraint(con.sqltext))
        elif isinstance(con, ForeignKeyConstraint):
            target = con.elements[0].column.table.name
            out.append(
                ForeignKeyConstraint(
                    [ORIGIN, *(e.parent.name for e in con.elements)],
                    [f"{SCHEMA}.{target}.{ORIGIN}"]
                    + [f"{SCHEMA}.{target}.{e.column.name}" for e in con.elements],
                    ondelete=con.ondelete,
                )
            )
    return out


def _indexes(source: Table) -> list[Index]:
    out = []
    for index in source.indexes:
        cols = [c.name for c in index.columns]
        keys = [ORIGIN, *cols] if cols[0] == "session_id" else cols
        out.append(Index(index.name, *keys))
    for table, cols in _UNIQUE_AS_INDEX:
        if table == source.name:
            out.append(Index(f"{table}_{'_'.join(cols)}_idx", ORIGIN, *cols))
    return out


def _derive(source: Table, *extra) -> Table:
    """The archive's copy of one of the store's tables (see the module docstring)."""
    return Table(
        source.name,
        metadata,
        *_columns(source),
        *extra,
        *_constraints(source),
        *_indexes(source),
    )


origins = Table(
    "origins",
    metadata,
    Column(ORIGIN, Text, primary_key=True),
    #: The host label the origin pushed from (``socket.gethostname()`` unless given).
    Column("host", Text, nullable=False),
    #: The store file's path on that host, as last pushed.
    Column("store_path", Text, nullable=False),
    Column("first_push_at", Text, nullable=False),
    Column("last_push_at", Text, nullable=False),
    # Counted at the end of each push: the origins page reads no big table.
    Column("project_count", Integer, nullable=False, server_default="0"),
    Column("session_count", Integer, nullable=False, server_default="0"),
    Column("snapshot_count", Integer, nullable=False, server_default="0"),
    Column("pruned_count", Integer, nullable=False, server_default="0"),
)

projects = _derive(store_schema.projects)
sessions = _derive(store_schema.sessions)
checkpoints = _derive(store_schema.checkpoints, Column("search", dialect.SEARCH_TYPE))
snapshots = _derive(
    store_schema.snapshots,
    Column("pruned_at", Text),
    Column("search", dialect.SEARCH_TYPE),
)
# Search: the full-text indexes, and newest-first over every snapshot.
dialect.search_index("snapshots_search_idx", snapshots.c.search)
dialect.search_index("checkpoints_search_idx", checkpoints.c.search)
Index("snapshots_captured_idx", snapshots.c.captured_at)
# The rows a push left for the indexer (search vectors are made after the copy).
Index("snapshots_unindexed_idx", snapshots.c.origin_id, postgresql_where=snapshots.c.search.is_(None))
Index(
    "checkpoints_unindexed_idx",
    checkpoints.c.origin_id,
    postgresql_where=checkpoints.c.search.is_(None),
)
# The board: the checkpoints of a status, without reading every one.
Index("checkpoints_status_idx", checkpoints.c.status, checkpoints.c.updated_at)

archive_version = Table(
    "archive_version",
    metadata,
    Column("version", Integer, primary_key=True),
    Column("applied_at", Text, nullable=False),
)

#: The store's tables a push copies, parents first (foreign keys).
ARCHIVED = (projects, sessions, snapshots, checkpoints)
#: The store's table each archived one comes from.
SOURCE = {t.name: store_schema.metadata.tables[t.name] for t in ARCHIVED}
#: Columns that hold a time (SPEC 3: an ISO string, or epoch milliseconds
#: that a push writes as the ISO string of the same instant, so the
#: archive's times sort as text, as the store's do).
TIME_COLUMNS = {
    "projects": ("created_at", "updated_at"),
    "sessions": ("created_at", "updated_at"),
    "checkpoints": ("created_at", "updated_at"),
    "snapshots": ("captured_at", "restored_at"),
}


def copied_columns(table: Table) -> list[str]:
    """The columns a push copies from the store into ``table``: the store
    table's own, in its order (``origin_id`` and the archive's columns are
    the push's to fill)."""
    return [c.name for c in SOURCE[table.name].columns]

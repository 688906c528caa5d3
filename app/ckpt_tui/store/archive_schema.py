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
* ``UNIQUE (session_id, name)`` of ``snapshots`` is left out: the plugin
  may prune a manual snapshot and a person reuse its name, and the archive
  keeps both; a name is looked up among one session's snapshots, which the
  ``(origin_id, session_id, captured_at)`` index reads (an index of its
  own would cost every snapshot pushed an insert for that);
* ``snapshots`` keeps no foreign key to ``sessions``: checking it is a
  lookup and a row lock per snapshot, a quarter of the server's time in a
  first push, and it guards nothing here (the archive's one writer, a push,
  writes a store's sessions before their snapshots, and nothing deletes);
* columns of the archive's own: ``snapshots.pruned_at`` (when a push found
  the snapshot gone from its origin's store: only the archive has it),
  ``projects.session_count``, and a full-text ``search`` column on
  ``checkpoints``, of the dialect's type
  (``store/archive_dialect.py``).

Search is two tables of the archive's own. ``snapshot_search`` holds each
snapshot's search vector (the set of its words) with its session and
capture time, and no full-text index; ``session_search`` holds, for each
batch of a push, each session's union of the words of its snapshots in
that batch, under a GIN index. A GIN index costs about a microsecond per
word per row written, most of a push's time if every snapshot had its
~130 words in one; a session's snapshots share most of their words, so
the sessions' index holds a fraction of the entries. Rows are only added
(a session's row rewritten would put all its words in the index again):
a snapshot holding a search's words lies in a batch whose row holds them
too. A search finds the sessions holding its words through the index,
then their snapshots that do, newest first (``store/archive_reads.search``). A snapshot without a row in
``snapshot_search`` is not indexed yet: the next push, or ``archive
index``, makes it (``store/archive_push.index_origin``).

``session_runtime`` and ``migrations`` are the plugin's bookkeeping, not
history: the archive leaves them out. The archive's own tables are
``origins`` (one row per pushed store file), ``snapshot_search``,
``session_search`` and ``archive_version`` (its schema version, one row per version applied;
``archive init|migrate``).
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

#: Unique constraints of the store that the archive leaves out (table,
#: columns), and tables whose foreign keys it leaves out: see the module
#: docstring.
_UNIQUE_LEFT_OUT = {("snapshots", ("session_id", "name"))}
_NO_FOREIGN_KEYS = {"snapshots"}


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
            if (name, cols) not in _UNIQUE_LEFT_OUT:
                out.append(UniqueConstraint(ORIGIN, *cols))
        elif isinstance(con, CheckConstraint):
            out.append(CheckConstraint(con.sqltext))
        elif isinstance(con, ForeignKeyConstraint) and name not in _NO_FOREIGN_KEYS:
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

projects = _derive(
    store_schema.projects,
    # the origin's sessions of the project, counted by each push that
    # brings sessions: the projects page reads no sessions to count them
    Column("session_count", Integer, nullable=False, server_default="0"),
)
sessions = _derive(store_schema.sessions)
checkpoints = _derive(store_schema.checkpoints, Column("search", dialect.SEARCH_TYPE))
snapshots = _derive(store_schema.snapshots, Column("pruned_at", Text))
snapshot_search = Table(
    "snapshot_search",
    metadata,
    Column(ORIGIN, Text, nullable=False),
    Column("id", Text, nullable=False),
    # the snapshot's, so a search reads its matches newest first here
    Column("session_id", Text, nullable=False),
    Column("captured_at", Text, nullable=False),
    Column("search", dialect.SEARCH_TYPE, nullable=False),
    PrimaryKeyConstraint(ORIGIN, "id"),
)
Index("snapshot_search_captured_idx", snapshot_search.c.captured_at)
Index(
    "snapshot_search_session_idx",
    snapshot_search.c.origin_id,
    snapshot_search.c.session_id,
    snapshot_search.c.captured_at,
)
session_search = Table(
    "session_search",
    metadata,
    Column(ORIGIN, Text, nullable=False),
    Column("session_id", Text, nullable=False),
    Column("search", dialect.SEARCH_TYPE, nullable=False),
)
dialect.search_index("session_search_idx", session_search.c.search)
dialect.search_index("checkpoints_search_idx", checkpoints.c.search)
# a search's current checkpoints newest first, when many hold its words
Index("checkpoints_updated_idx", checkpoints.c.updated_at)
# The board: a status's checkpoints newest first, without reading the others.
Index(
    "checkpoints_status_idx",
    checkpoints.c.status,
    checkpoints.c.updated_at,
    checkpoints.c.session_id,
    checkpoints.c.origin_id,
)

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


def missing(present: dict[str, set[str]]) -> list[str]:
    """What this ckpt-tui's tables need that an archive's schema lacks
    (``present``: its columns by table, ``archive_dialect.columns_present``),
    one ``table ...`` or ``column ...`` each: an archive an earlier build made
    at the same version number."""
    out = []
    for table in metadata.sorted_tables:
        have = present.get(table.name)
        if have is None:
            out.append(f"table {table.fullname}")
            continue
        out += [f"column {table.fullname}.{c.name}" for c in table.columns if c.name not in have]
    return out

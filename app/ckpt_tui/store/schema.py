"""The plugin's schema (SPEC 3): Table objects for queries, DDL for creation.

Creation runs the plugin's own DDL text, so ``sqlite_master`` reads the same
whichever program made the file. The Table objects below are what queries
are built from; ``tests/test_schema.py`` checks that both describe the same
columns, defaults, keys and indexes.
"""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Column,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
    UniqueConstraint,
    text,
)

metadata = MetaData()

projects = Table(
    "projects",
    metadata,
    Column("id", Text, primary_key=True),
    Column("directory", Text, nullable=False),
    Column("canonical", Text, nullable=False),
    Column("created_at", Text, nullable=False),
    Column("updated_at", Text, nullable=False),
    Index("projects_directory_idx", "directory"),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id", Text, primary_key=True),
    Column("project_id", Text, ForeignKey("projects.id", ondelete="CASCADE"), nullable=False),
    Column("parent_id", Text),
    Column("title", Text),
    Column("created_at", Text, nullable=False),
    Column("updated_at", Text, nullable=False),
    UniqueConstraint("id", "project_id"),
    Index("sessions_project_idx", "project_id", "updated_at"),
)

checkpoints = Table(
    "checkpoints",
    metadata,
    Column("session_id", Text, primary_key=True),
    Column("project_id", Text, nullable=False),
    Column("title", Text, nullable=False, server_default=""),
    Column("objective", Text, nullable=False, server_default=""),
    Column("status", Text, nullable=False, server_default="in_progress"),
    Column("summary", Text, nullable=False, server_default=""),
    Column("current_plan", Text, nullable=False, server_default=""),
    Column("completed_steps", Text, nullable=False, server_default="[]"),
    Column("next_steps", Text, nullable=False, server_default="[]"),
    Column("blockers", Text, nullable=False, server_default="[]"),
    Column("files_touched", Text, nullable=False, server_default="[]"),
    Column("notes", Text, nullable=False, server_default=""),
    Column("schema_version", Integer, nullable=False, server_default=text("1")),
    Column("synthesized", Integer, nullable=False, server_default=text("0")),
    Column("created_at", Text, nullable=False),
    Column("updated_at", Text, nullable=False),
    CheckConstraint("synthesized IN (0, 1)"),
    ForeignKeyConstraint(
        ["session_id", "project_id"], ["sessions.id", "sessions.project_id"], ondelete="CASCADE"
    ),
    Index("checkpoints_project_idx", "project_id"),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("id", Text, primary_key=True),
    Column("session_id", Text, nullable=False),
    Column("project_id", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("captured_at", Text, nullable=False),
    Column("payload", Text, nullable=False),
    Column("schema_version", Integer, nullable=False, server_default=text("1")),
    Column("restored_at", Text),
    UniqueConstraint("session_id", "name"),
    ForeignKeyConstraint(
        ["session_id", "project_id"], ["sessions.id", "sessions.project_id"], ondelete="CASCADE"
    ),
    Index("snapshots_session_captured_idx", "session_id", "captured_at"),
)

session_runtime = Table(
    "session_runtime",
    metadata,
    Column("session_id", Text, ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
    Column("messages_since_save", Integer, nullable=False, server_default=text("0")),
    Column("last_injected_hash", Text),
    Column("last_autosave_at", Text),
    Column("updated_at", Text, nullable=False),
)

migrations = Table(
    "migrations",
    metadata,
    Column("id", Text, primary_key=True),
    Column("project_id", Text),
    Column("applied_at", Text, nullable=False),
    Column("details", Text),
)

# The plugin's DDL, verbatim from SPEC 3. Version 1 differs only in projects.
_PROJECTS_V2 = """CREATE TABLE projects (
  id         TEXT PRIMARY KEY,
  directory  TEXT NOT NULL,
  canonical  TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
)"""

_PROJECTS_V1 = _PROJECTS_V2.replace("directory  TEXT NOT NULL,", "directory  TEXT NOT NULL UNIQUE,")

PROJECTS_INDEX = "CREATE INDEX projects_directory_idx ON projects(directory)"

_REST = [
    """CREATE TABLE sessions (
  id         TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  parent_id  TEXT,
  title      TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (id, project_id)
)""",
    "CREATE INDEX sessions_project_idx ON sessions(project_id, updated_at)",
    """CREATE TABLE checkpoints (
  session_id      TEXT PRIMARY KEY,
  project_id      TEXT NOT NULL,
  title           TEXT NOT NULL DEFAULT '',
  objective       TEXT NOT NULL DEFAULT '',
  status          TEXT NOT NULL DEFAULT 'in_progress',
  summary         TEXT NOT NULL DEFAULT '',
  current_plan    TEXT NOT NULL DEFAULT '',
  completed_steps TEXT NOT NULL DEFAULT '[]',
  next_steps      TEXT NOT NULL DEFAULT '[]',
  blockers        TEXT NOT NULL DEFAULT '[]',
  files_touched   TEXT NOT NULL DEFAULT '[]',
  notes           TEXT NOT NULL DEFAULT '',
  schema_version  INTEGER NOT NULL DEFAULT 1,
  synthesized     INTEGER NOT NULL DEFAULT 0 CHECK (synthesized IN (0, 1)),
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  FOREIGN KEY (session_id, project_id)
    REFERENCES sessions(id, project_id) ON DELETE CASCADE
)""",
    "CREATE INDEX checkpoints_project_idx ON checkpoints(project_id)",
    """CREATE TABLE snapshots (
  id             TEXT PRIMARY KEY,
  session_id     TEXT NOT NULL,
  project_id     TEXT NOT NULL,
  name           TEXT NOT NULL,
  kind           TEXT NOT NULL,
  captured_at    TEXT NOT NULL,
  payload        TEXT NOT NULL,
  schema_version INTEGER NOT NULL DEFAULT 1,
  restored_at    TEXT,
  UNIQUE (session_id, name),
  FOREIGN KEY (session_id, project_id)
    REFERENCES sessions(id, project_id) ON DELETE CASCADE
)""",
    "CREATE INDEX snapshots_session_captured_idx ON snapshots(session_id, captured_at)",
    """CREATE TABLE session_runtime (
  session_id          TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  messages_since_save INTEGER NOT NULL DEFAULT 0,
  last_injected_hash  TEXT,
  last_autosave_at    TEXT,
  updated_at          TEXT NOT NULL
)""",
    """CREATE TABLE migrations (
  id         TEXT PRIMARY KEY,
  project_id TEXT,
  applied_at TEXT NOT NULL,
  details    TEXT
)""",
]


def ddl(version: int) -> list[str]:
    """The statements that create an empty store at ``version`` (1 or 2)."""
    if version == 1:
        return [_PROJECTS_V1, *_REST]
    if version == 2:
        return [_PROJECTS_V2, PROJECTS_INDEX, *_REST]
    raise ValueError(f"no DDL for schema version {version}")


PROJECTS_V2_TABLE = _PROJECTS_V2

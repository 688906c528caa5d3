"""What the reader hands out: plain frozen values, no database handles.

The app and the command line only ever see these, so neither needs to know
whether a session came from ``opencode.db``, a channel database or the
legacy JSON tree. Times are aware UTC datetimes taken from the records'
own ``time`` fields (SPEC 7), ``None`` when a record has none.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ckpt_tui.plural import counted

TREE_SOURCE = "storage tree"


@dataclass(frozen=True)
class SessionInfo:
    """One opencode session as its winning source describes it.

    ``updated`` is the session record's own ``time.updated``;
    ``last_activity`` is the newest message's ``time.created`` or, later, a
    tool's ``state.time.end`` in that message: what was last *done*, which
    is what a person sorting sessions means by "recent".
    """

    id: str
    project_id: str | None
    directory: str | None
    title: str
    agent: str | None
    parent_id: str | None
    archived: bool
    archived_at: datetime | None
    created: datetime | None
    updated: datetime | None
    last_activity: datetime | None
    #: ``None``: unknown, when the database keeps this session's messages in
    #: a form this ckpt-tui does not read (a newer opencode): never a 0.
    message_count: int | None
    source: str
    source_path: str

    def messages_text(self) -> str:
        """``4 messages``, or ``messages unknown`` when the count is."""
        if self.message_count is None:
            return "messages unknown (this opencode version is not understood)"
        return counted(self.message_count, "message")

    @property
    def activity(self) -> datetime | None:
        """The best "last touched" time there is: activity, else the record's."""
        return self.last_activity or self.updated or self.created


@dataclass(frozen=True)
class ProjectRecord:
    """One opencode project: its id (what the plugin stores as the project
    id), its ``worktree`` and the other directories opencode files under it
    (``sandboxes``, ``project_directory`` rows), from one source."""

    id: str
    worktree: str | None
    directories: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class ProjectsResult:
    """Every project record of every source, the winning source first; a
    source that could not be read is a warning (so "not found" can be told
    apart from "could not look")."""

    projects: tuple[ProjectRecord, ...]
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class SourceSummary:
    """What one source contributed, so a person can see why a count is off.

    ``error`` is set when the whole source could not be read (busy, missing,
    not a database, no session table); its sessions are then absent.
    """

    name: str
    kind: str  # "db" or "tree"
    path: str
    sessions: int
    duplicates_skipped: int
    damaged_skipped: int
    error: str | None = None


@dataclass(frozen=True)
class SessionsResult:
    """Every session found once, plus the accounting that explains the list.

    ``duplicates_skipped`` counts sessions dropped because an earlier source
    (a database before the tree) already had the id; ``damaged_skipped``
    counts records that were not valid JSON objects.
    """

    sessions: tuple[SessionInfo, ...]
    duplicates_skipped: int
    damaged_skipped: int
    sources: tuple[SourceSummary, ...]
    warnings: tuple[str, ...]



"""What the reader hands out: plain frozen values, no database handles.

The app and the command line only ever see these, so neither needs to know
whether a session came from ``opencode.db``, a channel database or the
legacy JSON tree. Times are aware UTC datetimes taken from the records'
own ``time`` fields (SPEC 7), ``None`` when a record has none.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

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
    message_count: int
    source: str
    source_path: str

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


@dataclass(frozen=True)
class MessageError:
    """An assistant message's ``error`` (``{name, data: {message}}``)."""

    name: str
    message: str


@dataclass(frozen=True)
class TextPart:
    id: str
    text: str
    synthetic: bool = False


@dataclass(frozen=True)
class ReasoningPart:
    id: str
    text: str


@dataclass(frozen=True)
class ToolPart:
    """A tool call; ``duration_ms`` is ``state.time.end - state.time.start``
    when both exist (a running or pending call has no end)."""

    id: str
    tool: str
    status: str
    title: str | None
    started: datetime | None
    ended: datetime | None
    duration_ms: int | None
    error: str | None


@dataclass(frozen=True)
class OtherPart:
    """Any other part type (file, patch, subtask, agent, ...), named and
    summarised in one line so new types still show up."""

    id: str
    type: str
    summary: str


Part = TextPart | ReasoningPart | ToolPart | OtherPart


@dataclass(frozen=True)
class ConversationMessage:
    """One message with the parts a person reads; ``created`` places a
    snapshot marker between messages, ``last_activity`` includes its tools."""

    id: str
    role: str
    created: datetime | None
    completed: datetime | None
    last_activity: datetime | None
    agent: str | None
    model: str | None
    error: MessageError | None
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class ConversationPage:
    """Messages in id order (opencode's ids ascend with creation time).

    Pass ``cursor`` as ``after`` for the next page; ``None`` on the last.
    ``damaged_skipped`` counts message and part records of this page that
    were not valid JSON objects. ``warnings`` say why what is shown may be
    incomplete or stale: read from the old JSON tree because a database
    could not be read, or a database whose parts this version cannot read.
    """

    session_id: str
    messages: tuple[ConversationMessage, ...]
    cursor: str | None
    damaged_skipped: int
    source: str
    warnings: tuple[str, ...] = ()

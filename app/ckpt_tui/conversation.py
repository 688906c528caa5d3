"""The records of a conversation (opencode's messages and their parts), shared
by every layer: the opencode reader fills them, the core passes them on,
the app draws them. Plain frozen values; like ``errors.py`` this module
imports nothing of ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


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
    """Messages in the order opencode shows them: a database's by its
    ``time_created`` column and then id (``MessageV2.page``), the old JSON
    tree's by id.

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

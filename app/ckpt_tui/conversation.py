"""The records of a conversation (opencode's messages and their parts), shared
by every layer: the opencode reader fills them, the core passes them on,
the app draws them. Plain frozen values; like ``errors.py`` this module
imports nothing of ours.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any


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
    when both exist (a running or pending call has no end).

    ``input`` is ``state.input`` as opencode recorded it (a JSON value,
    usually an object; ``None`` when absent). ``output`` is what the tool
    gave back: ``state.output``, or the ``metadata.output`` opencode keeps
    for a running or interrupted call; ``None`` when there is none (an
    error has ``error`` instead)."""

    id: str
    tool: str
    status: str
    title: str | None
    started: datetime | None
    ended: datetime | None
    duration_ms: int | None
    error: str | None
    input: Any = None
    output: str | None = None

    def input_fields(self) -> list[tuple[str, str]]:
        """The input as ``(name, text)`` pairs, as a person reads it: each
        key of an object, a string as it is and any other value as JSON;
        an input that is not an object is one pair named ``input``."""
        if self.input is None:
            return []
        if isinstance(self.input, dict):
            return [(str(key), _as_text(value)) for key, value in self.input.items()]
        return [("input", _as_text(self.input))]


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: A tool's input value or output longer than this is folded where it is
#: shown (the app's tool detail, ``ckpt-tui conversation`` without --full).
FOLD_LINES = 12
FOLD_CHARS = 2_000


@dataclass(frozen=True)
class Folded:
    """The head of a long text, and how much of it is left out."""

    text: str
    hidden_lines: int
    hidden_chars: int

    @property
    def folded(self) -> bool:
        return bool(self.hidden_chars)

    def rest(self) -> str:
        """What is left out, in words: ``… 230 more lines``."""
        if self.hidden_lines:
            return f"… {self.hidden_lines:,} more line{'' if self.hidden_lines == 1 else 's'}"
        return f"… {self.hidden_chars:,} more character{'' if self.hidden_chars == 1 else 's'}"


def fold(text: str, lines: int = FOLD_LINES, chars: int = FOLD_CHARS) -> Folded:
    """The first ``lines`` lines of ``text``, at most ``chars`` characters
    of them, and how many lines and characters are left out."""
    head = text
    parts = text.split("\n", lines)
    if len(parts) > lines:
        head = "\n".join(parts[:lines])
    head = head[:chars]
    return Folded(head, _line_count(text) - _line_count(head), len(text) - len(head))


def _line_count(text: str) -> int:
    return text.count("\n") + (0 if not text or text.endswith("\n") else 1)


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

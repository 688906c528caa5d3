"""The JSON shapes of opencode sessions and conversations (see the docstring
of ``ckpt_tui.cli.opencode_cmds``): one place, so the command line and any
export agree. Times are ISO 8601 UTC with milliseconds, like the store's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ckpt_tui import timeutil
from ckpt_tui.conversation import (
    ConversationMessage,
    OtherPart,
    Part,
    ReasoningPart,
    TextPart,
    ToolPart,
)
from ckpt_tui.opencode.model import SessionInfo, SourceSummary


def iso(moment: datetime | None) -> str | None:
    return timeutil.fmt(moment) if moment is not None else None


def session(info: SessionInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "projectId": info.project_id,
        "directory": info.directory,
        "title": info.title,
        "agent": info.agent,
        "parentId": info.parent_id,
        "archived": info.archived,
        "archivedAt": iso(info.archived_at),
        "createdAt": iso(info.created),
        "updatedAt": iso(info.updated),
        "lastActivity": iso(info.last_activity),
        "messageCount": info.message_count,
        "source": info.source,
    }


def source(summary: SourceSummary) -> dict[str, Any]:
    return {
        "name": summary.name,
        "kind": summary.kind,
        "path": summary.path,
        "sessions": summary.sessions,
        "duplicatesSkipped": summary.duplicates_skipped,
        "damagedSkipped": summary.damaged_skipped,
        "error": summary.error,
    }


def part(value: Part) -> dict[str, Any]:
    if isinstance(value, TextPart):
        return {"type": "text", "id": value.id, "text": value.text, "synthetic": value.synthetic}
    if isinstance(value, ReasoningPart):
        return {"type": "reasoning", "id": value.id, "text": value.text}
    if isinstance(value, ToolPart):
        return {
            "type": "tool",
            "id": value.id,
            "tool": value.tool,
            "status": value.status,
            "title": value.title,
            "startedAt": iso(value.started),
            "endedAt": iso(value.ended),
            "durationMs": value.duration_ms,
            "error": value.error,
            "input": value.input,
            "output": value.output,
        }
    assert isinstance(value, OtherPart)
    return {"type": value.type, "id": value.id, "summary": value.summary}


def message(value: ConversationMessage) -> dict[str, Any]:
    return {
        "id": value.id,
        "role": value.role,
        "createdAt": iso(value.created),
        "completedAt": iso(value.completed),
        "lastActivity": iso(value.last_activity),
        "agent": value.agent,
        "model": value.model,
        "error": None
        if value.error is None
        else {"name": value.error.name, "message": value.error.message},
        "parts": [part(p) for p in value.parts],
    }

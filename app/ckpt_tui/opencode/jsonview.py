"""The JSON shapes of opencode sessions and conversations (see the docstring
of ``ckpt_tui.cli.opencode_cmds``): one place, so the command line and any
export agree. Times are ISO 8601 UTC with milliseconds, like the store's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ckpt_tui import timeutil
from ckpt_tui.opencode.model import (
    ConversationMessage,
    OtherPart,
    Part,
    ReasoningPart,
    SessionInfo,
    SourceSummary,
    TextPart,
    ToolPart,
)


def iso(moment: datetime | None) -> str | None:
    return timeutil.fmt(moment) if moment is not None else None


def session(info: SessionInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "project_id": info.project_id,
        "directory": info.directory,
        "title": info.title,
        "agent": info.agent,
        "parent_id": info.parent_id,
        "archived": info.archived,
        "archived_at": iso(info.archived_at),
        "created_at": iso(info.created),
        "updated_at": iso(info.updated),
        "last_activity": iso(info.last_activity),
        "message_count": info.message_count,
        "source": info.source,
    }


def source(summary: SourceSummary) -> dict[str, Any]:
    return {
        "name": summary.name,
        "kind": summary.kind,
        "path": summary.path,
        "sessions": summary.sessions,
        "duplicates_skipped": summary.duplicates_skipped,
        "damaged_skipped": summary.damaged_skipped,
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
            "started_at": iso(value.started),
            "ended_at": iso(value.ended),
            "duration_ms": value.duration_ms,
            "error": value.error,
        }
    assert isinstance(value, OtherPart)
    return {"type": value.type, "id": value.id, "summary": value.summary}


def message(value: ConversationMessage) -> dict[str, Any]:
    return {
        "id": value.id,
        "role": value.role,
        "created_at": iso(value.created),
        "completed_at": iso(value.completed),
        "last_activity": iso(value.last_activity),
        "agent": value.agent,
        "model": value.model,
        "error": None
        if value.error is None
        else {"name": value.error.name, "message": value.error.message},
        "parts": [part(p) for p in value.parts],
    }

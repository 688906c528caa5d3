"""opencode records: hydrated as opencode hydrates them, then summarised.

A database row keeps the ids in columns and the rest in ``data``; a legacy
tree file keeps the ids in its path. Either way opencode rebuilds a message
as ``{...data, id, sessionID}`` and a part as ``{...data, id, sessionID,
messageID}``, the ids winning over anything ``data`` says. Doing the same
here means both sources feed one summariser and agree on every field.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from ckpt_tui import timeutil
from ckpt_tui.conversation import (
    ConversationMessage,
    MessageError,
    OtherPart,
    Part,
    ReasoningPart,
    TextPart,
    ToolPart,
)
from ckpt_tui.plural import counted

# Bookkeeping parts: they mark model steps, not anything a person said or saw.
HIDDEN_PART_TYPES = frozenset({"step-start", "step-finish"})


class Damaged(ValueError):
    """A record that is not a JSON object; callers skip and count it."""


def load_json(raw: object) -> Any:
    """The JSON value in ``raw`` (text or bytes), or :class:`Damaged`."""
    if not isinstance(raw, str | bytes):
        raise Damaged("no data" if raw is None else f"not text but {type(raw).__name__}")
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise Damaged(str(exc)) from exc


def load_object(raw: str | bytes | None) -> dict[str, Any]:
    """The JSON object in ``raw``, or :class:`Damaged`."""
    value = load_json(raw)
    if not isinstance(value, dict):
        raise Damaged(f"a JSON {type(value).__name__}, not an object")
    return value


def hydrate_message(message_id: str, session_id: str, data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "id": message_id, "sessionID": session_id}


def hydrate_part(
    part_id: str, session_id: str, message_id: str, data: dict[str, Any]
) -> dict[str, Any]:
    return {**data, "id": part_id, "sessionID": session_id, "messageID": message_id}


# -- times ------------------------------------------------------------------------


def moment(value: Any) -> datetime | None:
    """A record's time: epoch milliseconds as a number, or as a string (an
    ISO 8601 string, or digits where a number was expected, fractions too,
    as records written by other tools or older versions carry them)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip()
        try:
            number = float(text)
        except ValueError:
            return timeutil.parse(text)
        return timeutil.parse(number) if number == number else None  # NaN is no time
    if isinstance(value, int | float):
        return timeutil.parse(value)
    return None


def _time(record: dict[str, Any], *keys: str) -> datetime | None:
    value: Any = record
    for key in keys:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return moment(value)


def message_created(message: dict[str, Any]) -> datetime | None:
    return _time(message, "time", "created")


def tool_ended(part: dict[str, Any]) -> datetime | None:
    if part.get("type") != "tool":
        return None
    return _time(part, "state", "time", "end")


def latest(*moments: datetime | None) -> datetime | None:
    present = [m for m in moments if m is not None]
    return max(present) if present else None


def message_activity(message: dict[str, Any], parts: list[dict[str, Any]]) -> datetime | None:
    """SPEC 7: a message's ``time.created`` and its tools' ``state.time.end``;
    never a ``time_created`` column."""
    return latest(message_created(message), *(tool_ended(p) for p in parts))


def message_agent(message: dict[str, Any]) -> str | None:
    """``agent``, or ``mode`` as assistant messages of older versions named it."""
    for key in ("agent", "mode"):
        value = message.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def session_agent(messages: list[dict[str, Any]]) -> str | None:
    """The first assistant message's agent, else the first user message's:
    the assistant's is the agent that actually answered."""
    for role in ("assistant", "user"):
        for message in messages:
            if message.get("role") == role and (agent := message_agent(message)):
                return agent
    return None


# -- summaries --------------------------------------------------------------------


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _error(value: Any) -> MessageError | None:
    if value is None:
        return None
    if isinstance(value, str):
        return MessageError("Error", value)
    if not isinstance(value, dict):
        return MessageError("Error", str(value))
    name = _text(value.get("name")) or "Error"
    data = value.get("data")
    message = _text(data.get("message")) if isinstance(data, dict) else ""
    return MessageError(name, message or _text(value.get("message")))


def _model(message: dict[str, Any]) -> str | None:
    provider, model = message.get("providerID"), message.get("modelID")
    nested = message.get("model")
    if isinstance(nested, dict):
        provider, model = nested.get("providerID", provider), nested.get("modelID", model)
    if isinstance(model, str) and model:
        return f"{provider}/{model}" if isinstance(provider, str) and provider else model
    return None


def _tool_part(part: dict[str, Any]) -> ToolPart:
    state = part.get("state") if isinstance(part.get("state"), dict) else {}
    started, ended = _time(state, "time", "start"), _time(state, "time", "end")
    duration = None
    if started is not None and ended is not None:
        duration = max(0, round((ended - started).total_seconds() * 1000))
    title = state.get("title")
    error = state.get("error")
    return ToolPart(
        id=part["id"],
        tool=_text(part.get("tool")) or "?",
        status=_text(state.get("status")) or "unknown",
        title=title if isinstance(title, str) and title else None,
        started=started,
        ended=ended,
        duration_ms=duration,
        error=error if isinstance(error, str) else (None if error is None else str(error)),
        input=state.get("input"),
        output=_tool_output(state),
    )


def _tool_output(state: dict[str, Any]) -> str | None:
    """``state.output`` (a completed call); else the ``metadata.output``
    opencode keeps while a call runs and when one was interrupted. A value
    that is not text is shown as JSON."""
    output = state.get("output")
    if output is None:
        metadata = state.get("metadata")
        output = metadata.get("output") if isinstance(metadata, dict) else None
    if output is None or isinstance(output, str):
        return output
    return json.dumps(output, ensure_ascii=False)


def _other_summary(part: dict[str, Any]) -> str:
    kind = part.get("type")
    if kind == "file":
        return _text(part.get("filename")) or _text(part.get("url"))
    if kind == "patch":
        files = part.get("files")
        return f"{counted(len(files), 'file')} changed" if isinstance(files, list) else ""
    if kind in ("subtask", "agent"):
        return _text(part.get("description")) or _text(part.get("agent") or part.get("name"))
    if kind == "retry":
        return f"attempt {part.get('attempt')}"
    return ""


def summarise_part(part: dict[str, Any]) -> Part | None:
    kind = _text(part.get("type"))
    if kind in HIDDEN_PART_TYPES:
        return None
    if kind == "text":
        return TextPart(part["id"], _text(part.get("text")), bool(part.get("synthetic")))
    if kind == "reasoning":
        return ReasoningPart(part["id"], _text(part.get("text")))
    if kind == "tool":
        return _tool_part(part)
    return OtherPart(part["id"], kind or "?", _other_summary(part))


def summarise_message(message: dict[str, Any], parts: list[dict[str, Any]]) -> ConversationMessage:
    """A hydrated message and its hydrated parts (in id order) as a person reads them."""
    summaries = [s for s in (summarise_part(p) for p in parts) if s is not None]
    return ConversationMessage(
        id=message["id"],
        role=_text(message.get("role")) or "?",
        created=message_created(message),
        completed=_time(message, "time", "completed"),
        last_activity=message_activity(message, parts),
        agent=message_agent(message),
        model=_model(message),
        error=_error(message.get("error")),
        parts=tuple(summaries),
    )

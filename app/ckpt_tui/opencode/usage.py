"""What a session cost, from opencode's own records (read only).

opencode's ``session`` table has ``cost`` and ``tokens_*`` columns, but
sessions loaded by ``opencode import`` or its JSON migration carry ``0``
there while their messages carry the real figures (the fixture made with
opencode 1.18.33 shows exactly that), so the figures are summed from the
assistant messages' own ``cost``, ``tokens`` (``input``, ``output``,
``reasoning``, ``cache.read``, ``cache.write``), ``providerID``/``modelID``
and ``agent`` (``mode`` in older versions). The files are those named by
tool calls (``state.input.filePath``) and ``patch`` parts (``files``).

Absent stays absent: a figure no message carries is ``None``, never ``0``,
so "no cost recorded" and "free" are told apart.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ckpt_tui.opencode import records
from ckpt_tui.opencode.sqlite_read import columns, read
from ckpt_tui.opencode.tree_source import _SAFE_ID, _json_files, _read_object

#: Parts are filtered in SQL by text before their JSON is parsed: only tool
#: calls and patches name files, and text parts can be large.
_PART_FILTER = "(data LIKE '%\"tool\"%' OR data LIKE '%\"patch\"%')"

TOKEN_KINDS = ("input", "output", "reasoning", "cacheRead", "cacheWrite")


@dataclass(frozen=True)
class SessionUsage:
    """One session's totals. ``tokens`` holds only the kinds some message
    reported; ``cost`` is ``None`` when no message reported one."""

    session_id: str
    messages: int
    prompts: int
    assistant_messages: int
    cost: float | None
    tokens: dict[str, int] = field(default_factory=dict)
    models: tuple[str, ...] = ()
    agents: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    damaged_skipped: int = 0
    #: ``(YYYY-MM-DD, cost)`` per UTC day of the messages' ``time.created``,
    #: oldest first: only days with a message that reported a cost.
    cost_by_day: tuple[tuple[str, float], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "messages": self.messages,
            "prompts": self.prompts,
            "assistantMessages": self.assistant_messages,
            "cost": None if self.cost is None else round(self.cost, 10),
            "tokens": {kind: self.tokens.get(kind) for kind in TOKEN_KINDS},
            "models": list(self.models),
            "agents": list(self.agents),
            "files": list(self.files),
            "damagedSkipped": self.damaged_skipped,
        }


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value


def _token_counts(message: dict[str, Any]) -> dict[str, float]:
    tokens = message.get("tokens")
    if not isinstance(tokens, dict):
        return {}
    cache = tokens.get("cache") if isinstance(tokens.get("cache"), dict) else {}
    found = {
        "input": _number(tokens.get("input")),
        "output": _number(tokens.get("output")),
        "reasoning": _number(tokens.get("reasoning")),
        "cacheRead": _number(cache.get("read")),
        "cacheWrite": _number(cache.get("write")),
    }
    return {k: v for k, v in found.items() if v is not None}


def _part_files(part: dict[str, Any]) -> list[str]:
    kind = part.get("type")
    if kind == "tool":
        state = part.get("state")
        inputs = state.get("input") if isinstance(state, dict) else None
        path = inputs.get("filePath") if isinstance(inputs, dict) else None
        return [path] if isinstance(path, str) and path else []
    if kind == "patch":
        files = part.get("files")
        return [f for f in files if isinstance(f, str) and f] if isinstance(files, list) else []
    return []


def summarise(
    session_id: str,
    messages: list[dict[str, Any]],
    parts: list[dict[str, Any]],
    damaged: int = 0,
    message_total: int | None = None,
) -> SessionUsage:
    """Totals over hydrated message records and (tool/patch) part records."""
    cost: float | None = None
    tokens: dict[str, float] = {}
    models: dict[str, None] = {}
    agents: dict[str, None] = {}
    prompts = assistants = 0
    by_day: dict[str, float] = {}
    for message in messages:
        role = message.get("role")
        if role == "user":
            prompts += 1
            continue
        if role != "assistant":
            continue
        assistants += 1
        spent = _number(message.get("cost"))
        if spent is not None:
            cost = (cost or 0.0) + spent
            if created := records.message_created(message):
                day = created.strftime("%Y-%m-%d")
                by_day[day] = by_day.get(day, 0.0) + spent
        for kind, count in _token_counts(message).items():
            tokens[kind] = tokens.get(kind, 0) + count
        if model := records._model(message):
            models.setdefault(model)
        if agent := records.message_agent(message):
            agents.setdefault(agent)
    files: dict[str, None] = {}
    for part in parts:
        for path in _part_files(part):
            files.setdefault(path)
    return SessionUsage(
        session_id=session_id,
        messages=len(messages) + damaged if message_total is None else message_total,
        prompts=prompts,
        assistant_messages=assistants,
        cost=cost,
        tokens={k: int(v) for k, v in tokens.items()},
        models=tuple(models),
        agents=tuple(agents),
        files=tuple(sorted(files)),
        damaged_skipped=damaged,
        cost_by_day=tuple(sorted(by_day.items())),
    )


# -- reading one source ---------------------------------------------------------------


def from_database(path: Path, session_id: str, busy_timeout_ms: int) -> SessionUsage:
    """One consistent read of the session's messages and file-naming parts."""

    def work(conn: sqlite3.Connection) -> SessionUsage:
        message_cols, part_cols = columns(conn, "message"), columns(conn, "part")
        if not {"id", "session_id", "data"} <= message_cols:
            return summarise(session_id, [], [])
        damaged = 0
        messages: list[dict[str, Any]] = []
        parts: list[dict[str, Any]] = []
        conn.execute("BEGIN")
        rows = conn.execute(
            "SELECT id, data FROM message WHERE session_id = ? ORDER BY id", (session_id,)
        ).fetchall()
        if {"id", "message_id", "data"} <= part_cols:
            if "session_id" in part_cols:
                part_rows = conn.execute(
                    f"SELECT id, message_id, data FROM part WHERE session_id = ? AND {_PART_FILTER}",
                    (session_id,),
                ).fetchall()
            else:
                part_rows = conn.execute(
                    "SELECT id, message_id, data FROM part WHERE message_id IN "
                    f"(SELECT id FROM message WHERE session_id = ?) AND {_PART_FILTER}",
                    (session_id,),
                ).fetchall()
        else:
            part_rows = []
        conn.execute("COMMIT")
        for mid, raw in rows:
            try:
                messages.append(records.hydrate_message(mid, session_id, records.load_object(raw)))
            except records.Damaged:
                damaged += 1
        for pid, mid, raw in part_rows:
            try:
                data = records.load_object(raw)
            except records.Damaged:
                damaged += 1
                continue
            parts.append(records.hydrate_part(pid, session_id, mid, data))
        return summarise(session_id, messages, parts, damaged, message_total=len(rows))

    return read(path, work, busy_timeout_ms=busy_timeout_ms)


def from_tree(storage: Path, session_id: str) -> SessionUsage:
    """The same totals from the legacy JSON tree (one file per record)."""
    if not _SAFE_ID.fullmatch(session_id):
        return summarise(session_id, [], [])
    files = _json_files(storage / "message" / session_id)
    messages: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []
    damaged = 0
    for file in files:
        try:
            messages.append(records.hydrate_message(file.stem, session_id, _read_object(file)))
        except records.Damaged:
            damaged += 1
            continue
        for part_file in _json_files(storage / "part" / file.stem):
            try:
                data = _read_object(part_file)
            except records.Damaged:
                damaged += 1
                continue
            if data.get("type") in ("tool", "patch"):
                parts.append(records.hydrate_part(part_file.stem, session_id, file.stem, data))
    return summarise(session_id, messages, parts, damaged, message_total=len(files))

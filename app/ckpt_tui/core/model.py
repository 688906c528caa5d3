"""The checkpoint and its camelCase payload codec (SPEC 5.1).

A payload is decoded into a :class:`Checkpoint` that keeps every unknown key
in ``extra``, so copying a snapshot never drops what a newer plugin wrote.
A payload that is not JSON, or not an object, decodes to :class:`Damaged`,
which the policy refuses to restore.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ckpt_tui.errors import CkptError

TEXT_FIELDS = ("title", "objective", "summary", "currentPlan", "notes")
LIST_FIELDS = ("completedSteps", "nextSteps", "blockers", "filesTouched")
#: The fields a person can restore, in the order they are shown.
FIELDS = (
    "title",
    "objective",
    "status",
    "summary",
    "currentPlan",
    "completedSteps",
    "nextSteps",
    "blockers",
    "filesTouched",
    "notes",
)
META_KEYS = ("schemaVersion", "synthesized")
STATUSES = ("in_progress", "blocked", "done", "abandoned")

#: payload key -> checkpoints column
COLUMN = {
    "title": "title",
    "objective": "objective",
    "status": "status",
    "summary": "summary",
    "currentPlan": "current_plan",
    "completedSteps": "completed_steps",
    "nextSteps": "next_steps",
    "blockers": "blockers",
    "filesTouched": "files_touched",
    "notes": "notes",
    "schemaVersion": "schema_version",
    "synthesized": "synthesized",
}

LABEL = {
    "title": "Title",
    "objective": "Objective",
    "status": "Status",
    "summary": "Summary",
    "currentPlan": "Plan",
    "completedSteps": "Done",
    "nextSteps": "Next",
    "blockers": "Blockers",
    "filesTouched": "Files",
    "notes": "Notes",
}


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _items(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return (value,)
    if isinstance(value, list | tuple):
        return tuple(_text(item) for item in value)
    return (_text(value),)


@dataclass(frozen=True)
class Checkpoint:
    title: str = ""
    objective: str = ""
    status: str = "in_progress"
    summary: str = ""
    currentPlan: str = ""  # noqa: N815 - the payload's own key
    completedSteps: tuple[str, ...] = ()  # noqa: N815
    nextSteps: tuple[str, ...] = ()  # noqa: N815
    blockers: tuple[str, ...] = ()
    filesTouched: tuple[str, ...] = ()  # noqa: N815
    notes: str = ""
    schemaVersion: int = 1  # noqa: N815
    synthesized: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)

    # -- codec ---------------------------------------------------------
    @classmethod
    def from_payload(cls, data: Mapping[str, Any]) -> Checkpoint:
        known = set(FIELDS) | set(META_KEYS)
        version = data.get("schemaVersion", 1)
        return cls(
            **{name: _text(data.get(name, "")) for name in TEXT_FIELDS},
            status=_text(data.get("status", "in_progress")) or "in_progress",
            **{name: _items(data.get(name)) for name in LIST_FIELDS},
            schemaVersion=version if isinstance(version, int) else 1,
            synthesized=bool(data.get("synthesized", False)),
            extra={k: v for k, v in data.items() if k not in known},
        )

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {}
        for name in FIELDS:
            value = getattr(self, name)
            payload[name] = list(value) if name in LIST_FIELDS else value
        payload["schemaVersion"] = self.schemaVersion
        payload["synthesized"] = self.synthesized
        payload.update(self.extra)
        return payload

    def to_json(self) -> str:
        return json.dumps(self.to_payload(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Checkpoint:
        """From a ``checkpoints`` row (lists stored as JSON text)."""
        data = {key: row[column] for key, column in COLUMN.items()}
        data["synthesized"] = bool(row["synthesized"])
        return cls.from_payload(data)

    def to_row(self) -> dict[str, Any]:
        row: dict[str, Any] = {}
        for key, column in COLUMN.items():
            value = getattr(self, key)
            if key in LIST_FIELDS:
                value = json.dumps(list(value), ensure_ascii=False)
            elif key == "synthesized":
                value = int(value)
            row[column] = value
        return row

    # -- policy helpers ------------------------------------------------
    def get(self, name: str) -> Any:
        return getattr(self, name)


@dataclass(frozen=True)
class Damaged:
    """A payload that cannot be decoded; shown raw, never restored."""

    raw: str
    reason: str


def decode(raw: str | None) -> Checkpoint | Damaged:
    if raw is None:
        return Damaged("", "payload is empty")
    try:
        data = json.loads(raw)
    except ValueError as exc:
        return Damaged(raw, f"not valid JSON ({exc.msg} at char {exc.pos})")
    if not isinstance(data, dict):
        return Damaged(raw, f"payload is a JSON {type(data).__name__}, not an object")
    return Checkpoint.from_payload(data)


def validate_fields(fields: Iterable[str]) -> tuple[str, ...]:
    """Field names as the payload spells them; unknown names are an error."""
    chosen = tuple(dict.fromkeys(f.strip() for f in fields if f.strip()))
    unknown = [f for f in chosen if f not in FIELDS]
    if unknown:
        raise CkptError(f"unknown field {', '.join(unknown)}; fields are {', '.join(FIELDS)}")
    if not chosen:
        raise CkptError("no fields chosen")
    return chosen

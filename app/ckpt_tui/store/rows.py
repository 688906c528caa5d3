"""What list queries return: plain records, never payloads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a keyset-paginated list.

    ``cursor`` is the key of the last row, to pass as ``after`` for the next
    page; ``None`` when this page is the last.
    """

    rows: list[T]
    total: int
    cursor: tuple[str, str] | None


@dataclass(frozen=True)
class ProjectRow:
    id: str
    directory: str
    canonical: str
    created_at: str
    updated_at: str
    session_count: int
    last_activity: str


@dataclass(frozen=True)
class SessionRow:
    id: str
    project_id: str
    parent_id: str | None
    title: str | None
    created_at: str
    updated_at: str
    snapshot_count: int
    status: str | None
    checkpoint_title: str | None
    synthesized: bool
    has_checkpoint: bool
    depth: int = 0
    #: "store" for rows of the checkpoint store; "opencode" for a session only
    #: opencode knows (shown dimmed when the app is asked to show those too)
    origin: str = "store"

    @property
    def is_legacy(self) -> bool:
        return self.id.startswith("legacy::")

    @property
    def display_title(self) -> str:
        return self.title or self.checkpoint_title or ""


@dataclass(frozen=True)
class SnapshotRow:
    id: str
    session_id: str
    project_id: str
    name: str
    kind: str
    captured_at: str
    schema_version: int
    restored_at: str | None


@dataclass(frozen=True)
class CheckpointRow:
    """The live checkpoint: its columns and the ``updated_at`` a write checks."""

    session_id: str
    project_id: str
    columns: dict
    created_at: str
    updated_at: str

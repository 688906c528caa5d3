"""The records the store's lists hand out, shared by every layer.

Plain values, never payloads or handles: the store fills them
(``store/rows.py``), the core passes them on, and the app and the command
line draw them, so each layer imports them from here rather than from the
layer below. They are NamedTuples, not frozen dataclasses: equally
immutable, and on the start-up path each costs 0.1 ms to define instead of
1.2 ms. Like ``errors.py``, this module imports nothing of ours.

Its annotations are evaluated (no ``from __future__ import annotations``):
``NamedTuple`` turns an annotation given as a string into a ``ForwardRef``,
compiling it, which made importing this module (on the way to the first
frame and into every command) 2 ms slower.
"""

from typing import Generic, NamedTuple, TypeVar

T = TypeVar("T")


class Page(NamedTuple, Generic[T]):
    """One page of a keyset-paginated list.

    ``cursor`` is the key of the last row, to pass as ``after`` for the next
    page; ``None`` when this page is the last.
    """

    rows: list[T]
    total: int
    cursor: tuple[str, str] | None
    #: ``total`` is a lower bound ("1000+"): a filter's count stops there,
    #: so a keystroke costs a page, not a scan of every match.
    at_least: bool = False


class ProjectRow(NamedTuple):
    id: str
    directory: str
    canonical: str
    created_at: str
    updated_at: str
    session_count: int
    last_activity: str
    #: In the archive: the origins (store files) holding this project id,
    #: newest first; one project seen from several machines. Empty elsewhere.
    origins: tuple[str, ...] = ()


class SessionRow(NamedTuple):
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
    #: In the archive: the origin (store file) the session was pushed from,
    #: part of its key there. ``None`` elsewhere.
    archive_origin: str | None = None

    @property
    def is_legacy(self) -> bool:
        return self.id.startswith("legacy::")

    @property
    def display_title(self) -> str:
        return self.title or self.checkpoint_title or ""


class SnapshotRow(NamedTuple):
    id: str
    session_id: str
    project_id: str
    name: str
    kind: str
    captured_at: str
    schema_version: int
    restored_at: str | None
    #: In the archive: the origin's store no longer has this snapshot (the
    #: plugin pruned it); only the archive keeps it.
    archived: bool = False


class OriginRow(NamedTuple):
    """A store file that pushed to the archive: its stable id, the host it
    pushed from, and its rows there (counted at its last push)."""

    id: str
    host: str
    store_path: str
    first_push_at: str
    last_push_at: str
    project_count: int
    session_count: int
    snapshot_count: int
    #: snapshots its store no longer has (the archive alone keeps them)
    pruned_count: int

    @property
    def label(self) -> str:
        """How the origin is named on screen: its host and store file."""
        return f"{self.host}:{self.store_path}"


class CheckpointRow(NamedTuple):
    """The live checkpoint: its columns and the ``updated_at`` a write checks."""

    session_id: str
    project_id: str
    columns: dict
    created_at: str
    updated_at: str

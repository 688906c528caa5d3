"""What every source of opencode sessions answers, database or JSON tree.

The reader only talks to this shape, so adding a third layout later (or a
newer schema) is one more class, not another branch in the reader.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from ckpt_tui.opencode.model import ProjectRecord, SessionInfo

HydratedMessage = tuple[dict[str, Any], list[dict[str, Any]]]
"""A message record and its part records, hydrated, parts in id order."""


@dataclass
class Listing:
    sessions: list[SessionInfo]
    damaged: set[str] = field(default_factory=set)  # ids or paths of damaged records


@dataclass
class RawPage:
    messages: list[HydratedMessage]
    has_more: bool
    damaged: int
    last_id: str | None = None  # the last message id looked at, damaged or not: the cursor
    warnings: tuple[str, ...] = ()  # what the page cannot show, in one line each


class Source(Protocol):
    name: str
    kind: str
    path: str

    def list_sessions(self) -> Listing: ...

    def has_session(self, session_id: str) -> bool: ...

    def find_session(self, session_id: str) -> SessionInfo | None: ...

    def page(self, session_id: str, after: str | None, limit: int) -> RawPage: ...

    def count(self, session_id: str) -> int: ...

    def list_projects(self) -> list[ProjectRecord]: ...

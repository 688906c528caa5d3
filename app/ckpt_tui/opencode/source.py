"""What every source of opencode sessions answers, database or JSON tree.

The reader only talks to this shape, so adding a third layout later (or a
newer schema) is one more class, not another branch in the reader.
"""

from __future__ import annotations

import json
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
    #: Where the next page starts (:func:`page_cursor`): after the last
    #: message looked at, damaged or not.
    cursor: str | None = None
    warnings: tuple[str, ...] = ()  # what the page cannot show, in one line each


def page_cursor(message_id: str, order_key: object = None) -> str:
    """The cursor after a message: its id and the value it is ordered by
    besides the id (a database's ``time_created``), as JSON, so the value
    keeps its type and nothing in an id can be mistaken for a separator."""
    return json.dumps([order_key, message_id])


def read_cursor(cursor: str | None) -> tuple[object, str] | None:
    """``(order key, message id)`` of a cursor; a bare message id (what
    earlier versions handed out) has no order key."""
    if cursor is None:
        return None
    try:
        value = json.loads(cursor)
    except ValueError:
        return None, cursor
    if isinstance(value, list) and len(value) == 2 and isinstance(value[1], str):
        return value[0], value[1]
    return None, cursor


class Source(Protocol):
    name: str
    kind: str
    path: str

    def list_sessions(self) -> Listing: ...

    def has_session(self, session_id: str) -> bool: ...

    def find_session(self, session_id: str) -> SessionInfo | None: ...

    def page(self, session_id: str, after: str | None, limit: int) -> RawPage:
        """Up to ``limit`` messages after the cursor ``after`` (from the
        start when ``None``), in the order opencode shows them."""
        ...

    def count(self, session_id: str) -> int: ...

    def list_projects(self) -> list[ProjectRecord]: ...

"""Ids from outside: invariant 1 of SPEC (a missing or malformed id is an
error, never a query), and what a read says when an id is not in the store.

Every read and write that takes an id from outside checks it here first;
both read paths (SQLAlchemy and plain ``sqlite3``) word "not found" here.
This module must not import SQLAlchemy.
"""

from __future__ import annotations

from ckpt_tui.errors import InvalidId

MAX_ID_LENGTH = 1024


def require_id(value: object, what: str = "session id") -> str:
    """Invariant 1: a missing or malformed id is an error, never a query."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidId(f"a {what} is required")
    if len(value) > MAX_ID_LENGTH or any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise InvalidId(f"malformed {what}: {value[:60]!r}")
    return value


def no_project(project_id: str) -> str:
    return f"no such project {project_id!r} in the store"


def no_session(session_id: str) -> str:
    return f"no such session {session_id!r} in the store"


def no_snapshot(session_id: str, name: str) -> str:
    return f"session {session_id!r} has no snapshot {name!r}"

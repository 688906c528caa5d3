"""Sessions and conversations from one ``opencode*.db`` (Drizzle schema).

Tables used: ``session`` (one row per session, no JSON blob), ``message``
and ``part`` (ids in columns, the rest in a JSON ``data`` column) and
``project`` (for a directory when a session row has none). Columns are
looked up, never assumed. A database that holds the session but not a
``message`` table this reader knows (or keeps the session's messages only
in a table it does not read, as a newer opencode might) raises
:class:`NotUnderstood`: "this opencode version is not understood", not an
empty conversation. Without a ``part`` table, messages come without their
parts and the page says so.

Messages are ordered as opencode's ``MessageV2.page`` orders them (checked
against opencode's ``session/message-v2.ts``): by the ``time_created``
column, then by id; a message's parts by id. That column is used for the
order only: times shown and activity come from the records' own
``data.time.created`` (SPEC 7), since rows copied by opencode's JSON
migration, and parts written by ``opencode import``, carry the time of the
copy in it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from ckpt_tui.opencode import records
from ckpt_tui.opencode.model import ProjectRecord, SessionInfo
from ckpt_tui.opencode.source import HydratedMessage, Listing, RawPage, page_cursor, read_cursor
from ckpt_tui.opencode.sqlite_read import (
    DEFAULT_BUSY_TIMEOUT_MS,
    NotUnderstood,
    SourceUnavailable,
    chunks,
    columns,
    pick,
    placeholders,
    read,
)

SESSION_COLUMNS = (
    "id",
    "project_id",
    "parent_id",
    "directory",
    "title",
    "agent",
    "time_created",
    "time_updated",
    "time_archived",
)
# How many of a session's first messages to look at for its agent.
AGENT_PROBE = 4
NOT_UNDERSTOOD = "this opencode version is not understood"
# Tables of newer opencode versions that may hold a session's messages instead.
NEWER_MESSAGE_TABLES = ("session_message",)


class _Schema:
    """What this database has, looked up once per connection."""

    def __init__(self, conn: sqlite3.Connection, name: str) -> None:
        self.name = name
        self.session = columns(conn, "session")
        if "id" not in self.session:
            raise SourceUnavailable(
                f"{name}: no session table (not opencode's, or {NOT_UNDERSTOOD}); skipped"
            )
        self.message = columns(conn, "message")
        self.part = columns(conn, "part")
        self.project = columns(conn, "project")
        self.newer = [t for t in NEWER_MESSAGE_TABLES if "session_id" in columns(conn, t)]

    def require_messages(self) -> None:
        """:class:`NotUnderstood` unless the ``message`` table is one we read."""
        if not self.has_messages:
            raise NotUnderstood(
                f"{self.name}: {NOT_UNDERSTOOD} (no message table with id, session_id and "
                "data); its conversations cannot be shown"
            )

    def messages_elsewhere(self, conn: sqlite3.Connection, session_id: str) -> str | None:
        """A newer table holding messages of a session that ``message`` has none of."""
        for table in self.newer:
            found = conn.execute(
                f"SELECT 1 FROM {table} WHERE session_id = ? LIMIT 1", (session_id,)
            ).fetchone()
            if found is not None:
                return table
        return None

    def sessions_elsewhere(self, conn: sqlite3.Connection, session_ids: list[str]) -> set[str]:
        """Which of these sessions have messages in a newer table."""
        found: set[str] = set()
        for table in self.newer:
            for chunk in chunks(session_ids):
                found.update(
                    r[0]
                    for r in conn.execute(
                        f"SELECT DISTINCT session_id FROM {table} "
                        f"WHERE session_id IN ({placeholders(len(chunk))})",
                        chunk,
                    )
                )
        return found

    @property
    def has_messages(self) -> bool:
        return {"id", "session_id", "data"} <= self.message

    @property
    def has_parts(self) -> bool:
        return {"id", "message_id", "data"} <= self.part


class DbSource:
    kind = "db"

    def __init__(self, path: Path, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> None:
        self.db_path = path
        self.name = path.name
        self.path = str(path)
        self.busy_timeout_ms = busy_timeout_ms

    def _read(self, work):
        return read(self.db_path, work, busy_timeout_ms=self.busy_timeout_ms)

    # -- sessions ---------------------------------------------------------------

    def list_sessions(self) -> Listing:
        def work(conn: sqlite3.Connection) -> Listing:
            schema = _Schema(conn, self.name)
            conn.execute("BEGIN")
            rows = conn.execute(
                f"SELECT {pick(schema.session, SESSION_COLUMNS)} FROM session"
            ).fetchall()
            stats = {}
            if schema.has_messages:
                stats = {
                    sid: (count, last)
                    for sid, count, last in conn.execute(
                        "SELECT session_id, count(*), max(id) FROM message GROUP BY session_id"
                    )
                }
            conn.execute("COMMIT")
            return self._describe(conn, schema, rows, stats)

        return self._read(work)

    def has_session(self, session_id: str) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            _Schema(conn, self.name)
            row = conn.execute("SELECT 1 FROM session WHERE id = ?", (session_id,)).fetchone()
            return row is not None

        return self._read(work)

    def find_session(self, session_id: str) -> SessionInfo | None:
        def work(conn: sqlite3.Connection) -> SessionInfo | None:
            schema = _Schema(conn, self.name)
            conn.execute("BEGIN")
            rows = conn.execute(
                f"SELECT {pick(schema.session, SESSION_COLUMNS)} FROM session WHERE id = ?",
                (session_id,),
            ).fetchall()
            stats = {}
            if rows and schema.has_messages:
                count, last = conn.execute(
                    "SELECT count(*), max(id) FROM message WHERE session_id = ?", (session_id,)
                ).fetchone()
                stats[session_id] = (count, last)
            conn.execute("COMMIT")
            listing = self._describe(conn, schema, rows, stats)
            return listing.sessions[0] if listing.sessions else None

        return self._read(work)

    def _describe(
        self,
        conn: sqlite3.Connection,
        schema: _Schema,
        rows: list[tuple],
        stats: dict[str, tuple[int, str]],
    ) -> Listing:
        """Session rows as :class:`SessionInfo`, in short statements of their own."""
        listing = Listing(sessions=[])
        ids = [row[0] for row in rows]
        # A count this reader cannot make is unknown, not 0 (NOT_UNDERSTOOD).
        if schema.has_messages:
            unknown = schema.sessions_elsewhere(
                conn, [sid for sid in ids if not stats.get(sid, (0, None))[0]]
            )
        else:
            unknown = set(ids)
        last_ids = [last for _, last in stats.values() if last is not None]
        last_messages = self._messages_by_id(conn, last_ids, listing.damaged)
        last_parts = self._parts_of(conn, schema, last_ids, listing.damaged)
        directories = self._project_directories(conn, schema)
        for row in rows:
            values = dict(zip(SESSION_COLUMNS, row, strict=True))
            sid = values["id"]
            count, last_id = stats.get(sid, (0, None))
            last = last_messages.get(last_id) if last_id else None
            activity = None
            if last is not None:
                activity = records.message_activity(last, last_parts.get(last_id, []))
            agent = values["agent"] or None
            if agent is None and count and schema.has_messages:
                agent = records.session_agent(
                    self._first_messages(conn, schema, sid, listing.damaged)
                )
            archived_at = records.moment(values["time_archived"])
            listing.sessions.append(
                SessionInfo(
                    id=sid,
                    project_id=values["project_id"],
                    directory=values["directory"] or directories.get(values["project_id"]),
                    title=values["title"] or "",
                    agent=agent,
                    parent_id=values["parent_id"] or None,
                    archived=values["time_archived"] is not None,
                    archived_at=archived_at,
                    created=records.moment(values["time_created"]),
                    updated=records.moment(values["time_updated"]),
                    last_activity=activity,
                    message_count=None if sid in unknown else count,
                    source=self.name,
                    source_path=self.path,
                )
            )
        return listing

    def _messages_by_id(
        self, conn: sqlite3.Connection, ids: list[str], damaged: set[str]
    ) -> dict[str, dict[str, Any]]:
        found: dict[str, dict[str, Any]] = {}
        for chunk in chunks(ids):
            for mid, sid, raw in conn.execute(
                f"SELECT id, session_id, data FROM message WHERE id IN ({placeholders(len(chunk))})",
                chunk,
            ):
                try:
                    found[mid] = records.hydrate_message(mid, sid, records.load_object(raw))
                except records.Damaged:
                    damaged.add(mid)
        return found

    def _parts_of(
        self, conn: sqlite3.Connection, schema: _Schema, message_ids: list[str], damaged: set[str]
    ) -> dict[str, list[dict[str, Any]]]:
        """Hydrated parts of these messages, each list in id order."""
        found: dict[str, list[dict[str, Any]]] = {}
        if not schema.has_parts:
            return found
        session_col = "session_id" if "session_id" in schema.part else "NULL"
        for chunk in chunks(message_ids):
            for pid, mid, sid, raw in conn.execute(
                f"SELECT id, message_id, {session_col}, data FROM part "
                f"WHERE message_id IN ({placeholders(len(chunk))}) ORDER BY message_id, id",
                chunk,
            ):
                try:
                    data = records.load_object(raw)
                except records.Damaged:
                    damaged.add(pid)
                    continue
                found.setdefault(mid, []).append(records.hydrate_part(pid, sid, mid, data))
        return found

    def _first_messages(
        self, conn: sqlite3.Connection, schema: _Schema, session_id: str, damaged: set[str]
    ) -> list[dict[str, Any]]:
        ids = [mid for _, mid in self._page_keys(conn, schema, session_id, None, AGENT_PROBE)]
        by_id = self._messages_by_id(conn, ids, damaged)
        return [by_id[i] for i in ids if i in by_id]

    def _project_directories(self, conn: sqlite3.Connection, schema: _Schema) -> dict[str, str]:
        if "directory" in schema.session or not {"id", "worktree"} <= schema.project:
            return {}
        return dict(conn.execute("SELECT id, worktree FROM project").fetchall())

    # -- projects -----------------------------------------------------------------

    def list_projects(self) -> list[ProjectRecord]:
        """``project`` rows: id, worktree, and the directories opencode also
        files under the project (``sandboxes``, ``project_directory``)."""

        def work(conn: sqlite3.Connection) -> list[ProjectRecord]:
            project = columns(conn, "project")
            if "id" not in project:
                return []
            conn.execute("BEGIN")
            rows = conn.execute(
                f"SELECT {pick(project, ('id', 'worktree', 'sandboxes'))} FROM project"
            ).fetchall()
            more: dict[str, list[str]] = {}
            if {"project_id", "directory"} <= columns(conn, "project_directory"):
                for pid, directory in conn.execute(
                    "SELECT project_id, directory FROM project_directory"
                ):
                    more.setdefault(pid, []).append(directory)
            conn.execute("COMMIT")
            return [
                ProjectRecord(
                    pid,
                    worktree if isinstance(worktree, str) and worktree else None,
                    tuple(
                        d
                        for d in dict.fromkeys([*_json_strings(sandboxes), *more.get(pid, [])])
                        if isinstance(d, str) and d
                    ),
                    self.name,
                )
                for pid, worktree, sandboxes in rows
                if isinstance(pid, str) and pid
            ]

        return self._read(work)

    # -- conversation -----------------------------------------------------------

    def page(self, session_id: str, after: str | None, limit: int) -> RawPage:
        def work(conn: sqlite3.Connection) -> RawPage:
            schema = _Schema(conn, self.name)
            schema.require_messages()
            damaged: set[str] = set()
            conn.execute("BEGIN")
            keys = self._page_keys(conn, schema, session_id, read_cursor(after), limit + 1)
            ids = [mid for _, mid in keys]
            elsewhere = None if ids or after else schema.messages_elsewhere(conn, session_id)
            if elsewhere:
                raise NotUnderstood(
                    f"{self.name}: {NOT_UNDERSTOOD} (this session's messages are only in "
                    f"its {elsewhere} table); the conversation cannot be shown"
                )
            has_more = len(ids) > limit
            ids = ids[:limit]
            messages = self._messages_by_id(conn, ids, damaged)
            parts = self._parts_of(conn, schema, ids, damaged)
            conn.execute("COMMIT")
            ordered: list[HydratedMessage] = [
                (messages[mid], parts.get(mid, [])) for mid in ids if mid in messages
            ]
            warnings = ()
            if ids and not schema.has_parts:
                warnings = (
                    f"{self.name} has no part table that this ckpt-tui reads, so messages are "
                    f"shown without their text and tools ({NOT_UNDERSTOOD} fully)",
                )
            cursor = page_cursor(keys[len(ids) - 1][1], keys[len(ids) - 1][0]) if ids else None
            return RawPage(ordered, has_more, len(damaged), cursor, warnings)

        return self._read(work)

    @staticmethod
    def _page_keys(
        conn: sqlite3.Connection,
        schema: _Schema,
        session_id: str,
        after: tuple[object, str] | None,
        limit: int,
    ) -> list[tuple[object, str]]:
        """``(time_created, id)`` of the page's messages, in the order of
        opencode's ``MessageV2.page``: the ``time_created`` column, then the
        id (the index ``(session_id, time_created, id)`` serves it). Without
        that column (an older schema), id order. A cursor without a time (a
        bare id) takes the time its message has, if it is still there."""
        if "time_created" not in schema.message:
            start = after[1] if after else ""
            rows = conn.execute(
                "SELECT NULL, id FROM message WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?",
                (session_id, start, limit),
            )
            return list(rows)
        if after is None:
            rows = conn.execute(
                "SELECT time_created, id FROM message WHERE session_id = ? "
                "ORDER BY time_created, id LIMIT ?",
                (session_id, limit),
            )
            return list(rows)
        time, last = after
        if time is None:
            found = conn.execute(
                "SELECT time_created FROM message WHERE id = ? AND session_id = ?",
                (last, session_id),
            ).fetchone()
            time = found[0] if found else None
        if time is None:  # its message is gone: on by id
            rows = conn.execute(
                "SELECT time_created, id FROM message WHERE session_id = ? AND id > ? "
                "ORDER BY time_created, id LIMIT ?",
                (session_id, last, limit),
            )
            return list(rows)
        rows = conn.execute(
            "SELECT time_created, id FROM message WHERE session_id = ? AND "
            "(time_created > ? OR (time_created = ? AND id > ?)) "
            "ORDER BY time_created, id LIMIT ?",
            (session_id, time, time, last, limit),
        )
        return list(rows)

    def count(self, session_id: str) -> int:
        def work(conn: sqlite3.Connection) -> int:
            schema = _Schema(conn, self.name)
            schema.require_messages()
            row = conn.execute(
                "SELECT count(*) FROM message WHERE session_id = ?", (session_id,)
            ).fetchone()
            return int(row[0])

        return self._read(work)


def _json_strings(raw: object) -> list[str]:
    """The strings of a JSON array column (``sandboxes``); anything else: none."""
    try:
        value = records.load_json(raw)
    except records.Damaged:
        return []
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

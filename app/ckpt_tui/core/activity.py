"""What opencode itself knows about the sessions, joined to the store's.

The checkpoint store knows a session by id and little else; opencode keeps
its title, agent, parent, archive state and conversation. This module holds
one loaded snapshot of opencode's session list and answers the questions
the views ask: which title to show, is the session archived or gone, which
opencode sessions have no checkpoint. It never writes to opencode's storage.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ckpt_tui import timeutil
from ckpt_tui.records import SessionRow

if TYPE_CHECKING:  # the reader is imported when it is used, off the start-up path
    from ckpt_tui.opencode import ConversationPage, OpencodeReader, SessionInfo
    from ckpt_tui.opencode.usage import SessionUsage


@dataclass(frozen=True, slots=True)
class Activity:
    """opencode's sessions by id, as read at one moment (possibly none)."""

    reader: OpencodeReader | None
    sessions: dict[str, SessionInfo]
    readable: bool
    warnings: tuple[str, ...] = ()
    duplicates_skipped: int = 0
    damaged_skipped: int = 0

    @classmethod
    def empty(cls) -> Activity:
        return cls(None, {}, False)

    @classmethod
    def load(cls, data_dir: str | os.PathLike[str] | None = None) -> Activity:
        """Read opencode's session list; a missing or unreadable data dir
        gives an Activity that knows nothing (and says why)."""
        from ckpt_tui.opencode import OpencodeReader

        reader = OpencodeReader.from_env(data_dir)
        if not reader.exists():
            return cls(reader, {}, False, (f"no opencode data at {reader.data_dir}",))
        result = reader.sessions()
        readable = any(source.error is None for source in result.sources)
        return cls(
            reader,
            {s.id: s for s in result.sessions},
            readable,
            result.warnings,
            result.duplicates_skipped,
            result.damaged_skipped,
        )

    def info(self, session_id: str) -> SessionInfo | None:
        return self.sessions.get(session_id)

    def title(self, row: SessionRow) -> str:
        """opencode's title when the store has none, or an older one."""
        info = self.sessions.get(row.id)
        stored = row.display_title
        if info is None or not info.title:
            return stored
        if not row.title:
            return info.title
        seen = info.updated or info.last_activity
        stored_at = timeutil.parse(row.updated_at)
        if seen is not None and stored_at is not None and seen > stored_at:
            return info.title
        return stored

    def is_gone(self, row: SessionRow) -> bool:
        """A checkpoint session whose opencode session no longer exists."""
        return (
            self.readable
            and row.origin == "store"
            and not row.is_legacy
            and row.id not in self.sessions
        )

    def opencode_only(self, project_id: str, known: set[str]) -> list[SessionRow]:
        """opencode sessions of a project that the store has no row for."""
        rows = []
        for info in self.sessions.values():
            if info.project_id != project_id or info.id in known:
                continue
            created = timeutil.fmt(info.created) if info.created else ""
            updated = info.last_activity or info.updated or info.created
            rows.append(
                SessionRow(
                    id=info.id,
                    project_id=project_id,
                    parent_id=info.parent_id,
                    title=info.title,
                    created_at=created,
                    updated_at=timeutil.fmt(updated) if updated else created,
                    snapshot_count=0,
                    status=None,
                    checkpoint_title=None,
                    synthesized=False,
                    has_checkpoint=False,
                    origin="opencode",
                )
            )
        rows.sort(key=lambda r: (r.updated_at, r.id), reverse=True)
        return rows

    def nest(self, rows: list[SessionRow]) -> list[SessionRow]:
        """Rows re-ordered so children sit under parents, taking the parent
        from the store, or from opencode when the store has none."""

        def parent(row: SessionRow) -> str | None:
            if row.parent_id:
                return row.parent_id
            info = self.sessions.get(row.id)
            return info.parent_id if info else None

        by_id = {r.id: r for r in rows}
        children: dict[str, list[SessionRow]] = {}
        roots: list[SessionRow] = []
        for row in rows:
            p = parent(row)
            if p and p in by_id and p != row.id:
                children.setdefault(p, []).append(row)
            else:
                roots.append(row)
        out: list[SessionRow] = []
        seen: set[str] = set()

        def walk(row: SessionRow, depth: int) -> None:
            if row.id in seen:
                return
            seen.add(row.id)
            out.append(row._replace(depth=depth))
            for child in children.get(row.id, []):
                walk(child, depth + 1)

        for row in roots:
            walk(row, 0)
        for row in rows:  # cycles: never drop a row
            walk(row, 0)
        return out

    def conversation_page(
        self, session_id: str, after: str | None = None, limit: int = 50
    ) -> ConversationPage:
        if self.reader is None:
            from ckpt_tui.errors import NotFound

            raise NotFound("opencode's data dir is not readable here")
        return self.reader.conversation_page(session_id, after=after, limit=limit)

    def usage(self, session_id: str) -> SessionUsage | None:
        """What the session cost, or ``None`` when opencode does not know it
        (or its storage cannot be read now): absent, not zero."""
        from ckpt_tui.errors import CkptError

        if self.reader is None or session_id not in self.sessions:
            return None
        try:
            return self.reader.usage(session_id)
        except CkptError:
            return None

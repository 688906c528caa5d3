"""One read-only view over all of opencode's storage in a data dir.

Sources are read in a fixed order: the database opencode would open now,
the other ``opencode*.db`` files by name, then the legacy ``storage/``
tree. A session id is taken from the first source that has it; later
copies are counted as duplicates (the tree holds stale copies of sessions
that opencode's migration moved into a database). A source that cannot be
read becomes a warning, never an exception, so one busy file does not hide
the rest.
"""

from __future__ import annotations

import os
from pathlib import Path

from ckpt_tui import paths
from ckpt_tui.conversation import ConversationPage
from ckpt_tui.errors import CkptError, InvalidId, NotFound
from ckpt_tui.opencode import records
from ckpt_tui.opencode.db_source import DbSource
from ckpt_tui.opencode.locate import database_files, opencode_db_env, storage_dir
from ckpt_tui.opencode.model import ProjectsResult, SessionInfo, SessionsResult, SourceSummary
from ckpt_tui.opencode.source import Source
from ckpt_tui.opencode.sqlite_read import DEFAULT_BUSY_TIMEOUT_MS, SourceUnavailable
from ckpt_tui.opencode.tree_source import TreeSource
from ckpt_tui.plural import counted

DEFAULT_PAGE = 50
MAX_PAGE = 1000


class OpencodeUnreadable(CkptError):
    """A session could not be looked up because its source could not be read."""


class OpencodeReader:
    """Reads opencode's sessions and conversations; never writes.

    Cheap to make: nothing is opened until a method is called, and every
    call opens and closes its own short-lived connections, so a reader may
    be kept for the life of the app and used from a worker thread.
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        *,
        opencode_db: str | None = None,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    ) -> None:
        self.data_dir = Path(data_dir).expanduser()
        self.opencode_db = opencode_db
        self.busy_timeout_ms = busy_timeout_ms
        self._located: dict[str, Source] = {}

    @classmethod
    def from_env(cls, override: str | os.PathLike[str] | None = None, **kwargs) -> OpencodeReader:
        """The data dir of ``--opencode-data``/``$CKPT_OPENCODE_DATA``/the
        default, with ``$OPENCODE_DB`` honoured as opencode honours it."""
        return cls(paths.opencode_data_dir(override), opencode_db=opencode_db_env(), **kwargs)

    def sources(self) -> list[Source]:
        """Databases first (the one opencode uses now leading), then the tree.

        Listed afresh on each call: a channel database may appear while the
        app runs.
        """
        found: list[Source] = [
            DbSource(p, self.busy_timeout_ms)
            for p in database_files(self.data_dir, self.opencode_db)
        ]
        found.append(TreeSource(storage_dir(self.data_dir)))
        return found

    def exists(self) -> bool:
        """Whether there is anything to read at all."""
        return self.data_dir.is_dir() or any(
            Path(s.path).is_file() for s in self.sources() if s.kind == "db"
        )

    # -- sessions ---------------------------------------------------------------

    def sessions(self) -> SessionsResult:
        """Every session once, newest activity first."""
        seen: dict[str, Source] = {}
        kept: list[SessionInfo] = []
        summaries: list[SourceSummary] = []
        warnings: list[str] = []
        duplicates = damaged = 0
        if not self.exists():
            warnings.append(f"no opencode data at {self.data_dir}")
        for source in self.sources():
            try:
                listing = source.list_sessions()
            except SourceUnavailable as exc:
                warnings.append(str(exc))
                summaries.append(
                    SourceSummary(source.name, source.kind, source.path, 0, 0, 0, str(exc))
                )
                continue
            fresh = [s for s in listing.sessions if s.id not in seen]
            skipped = len(listing.sessions) - len(fresh)
            for info in fresh:
                seen[info.id] = source
            kept += fresh
            duplicates += skipped
            damaged += len(listing.damaged)
            summaries.append(
                SourceSummary(
                    source.name,
                    source.kind,
                    source.path,
                    len(fresh),
                    skipped,
                    len(listing.damaged),
                )
            )
        if duplicates:
            warnings.append(
                f"{counted(duplicates, 'session')} found in more than one place; "
                "the database copy was used"
            )
        if damaged:
            warnings.append(f"{counted(damaged, 'damaged record')} skipped")
        if not any(s.error for s in summaries):  # else a tree copy may stand in for now
            self._located.update(seen)
        kept.sort(key=_newest_first)
        return SessionsResult(tuple(kept), duplicates, damaged, tuple(summaries), tuple(warnings))

    def session(self, session_id: str) -> SessionInfo:
        """One session from the source that wins for it; :class:`NotFound`
        when none has it."""
        source = self._locate(session_id)
        try:
            info = source.find_session(session_id)
        except SourceUnavailable as exc:
            raise OpencodeUnreadable(str(exc)) from exc
        if info is None:
            raise NotFound(f"no opencode session {session_id}")
        return info

    # -- projects -------------------------------------------------------------------

    def projects(self) -> ProjectsResult:
        """Every project record, databases first (as :meth:`sources` orders
        them), then the tree's ``storage/project`` files; an unreadable
        source is a warning. Used to find the id opencode has for a directory."""
        found = []
        warnings = []
        if not self.exists():
            return ProjectsResult((), ())
        for source in self.sources():
            try:
                found += source.list_projects()
            except SourceUnavailable as exc:
                warnings.append(str(exc))
        return ProjectsResult(tuple(found), tuple(warnings))

    # -- conversation -----------------------------------------------------------

    def conversation_page(
        self, session_id: str, after: str | None = None, limit: int = DEFAULT_PAGE
    ) -> ConversationPage:
        """Up to ``limit`` messages after the cursor ``after`` (a page's
        ``cursor``; from the start when ``None``), each with its parts, in
        opencode's order: one short read."""
        limit = max(1, min(int(limit), MAX_PAGE))
        source, skipped = self._find(session_id)
        try:
            raw = source.page(session_id, after, limit)
        except SourceUnavailable as exc:
            raise OpencodeUnreadable(str(exc)) from exc
        messages = tuple(records.summarise_message(m, parts) for m, parts in raw.messages)
        return ConversationPage(
            session_id=session_id,
            messages=messages,
            cursor=raw.cursor if raw.has_more else None,
            damaged_skipped=raw.damaged,
            source=source.name,
            warnings=tuple(_fallback_warnings(source, skipped)) + raw.warnings,
        )

    def conversation_count(self, session_id: str) -> int:
        """How many messages the session has (damaged ones included)."""
        source, _ = self._find(session_id)
        try:
            return source.count(session_id)
        except SourceUnavailable as exc:
            raise OpencodeUnreadable(str(exc)) from exc

    def usage(self, session_id: str):
        """What the session cost (:class:`~ckpt_tui.opencode.usage.SessionUsage`),
        from the source that wins for it."""
        from ckpt_tui.opencode import usage

        source = self._locate(session_id)
        try:
            if isinstance(source, DbSource):
                return usage.from_database(source.db_path, session_id, self.busy_timeout_ms)
            return usage.from_tree(Path(source.path), session_id)
        except SourceUnavailable as exc:
            raise OpencodeUnreadable(str(exc)) from exc

    # -- where a session lives ----------------------------------------------------

    def _locate(self, session_id: str) -> Source:
        return self._find(session_id)[0]

    def _find(self, session_id: str) -> tuple[Source, list[str]]:
        """The first readable source holding the id, and why each earlier
        source could not be read (then the answer may be a stale copy). It is
        remembered for later calls unless an earlier source failed this time."""
        if not isinstance(session_id, str) or not session_id.strip():
            raise InvalidId("an opencode session id is required")
        if session_id in self._located:
            return self._located[session_id], []
        problems = []
        for source in self.sources():
            try:
                if source.has_session(session_id):
                    if not problems:  # an unreadable earlier source may hold the winner
                        self._located[session_id] = source
                    return source, problems
            except SourceUnavailable as exc:
                problems.append(str(exc))
        if problems:
            raise OpencodeUnreadable(
                f"opencode session {session_id} not found; also: {'; '.join(problems)}"
            )
        raise NotFound(f"no opencode session {session_id}")


def _fallback_warnings(source: Source, skipped: list[str]) -> list[str]:
    """One line when the conversation comes from a later source (the old JSON
    tree) because an earlier one, which may hold the current copy, failed."""
    if not skipped:
        return []
    where = "the old storage tree" if source.kind == "tree" else source.name
    why = "; ".join(p.removesuffix("; skipped") for p in skipped)
    return [f"read from {where} because {why}: it may be out of date"]


def _newest_first(info: SessionInfo) -> tuple:
    moment = info.activity
    return (moment is None, -(moment.timestamp()) if moment else 0.0, info.id)

"""The app on the archive: :class:`ArchiveView` answers the reads the
app's panes, detail, diff, field history and board make of a service
(``core.actions.Service``), from the archive (``core.archive_reader``),
and its writes from a local store when one is open too (``--db`` beside
``--archive``): ``r`` on an archived snapshot then copies it into the
local session of the same id, with a restore's preview, field picker,
pre-restore snapshot, undo and redo (``core.archive.plan_copy``, the path
``ckpt-tui copy archive:…`` takes); ``u`` and ``ctrl+r`` undo and redo
in that local session. Without a local store every write is refused,
saying why (:attr:`ArchiveSource.read_only_reason`).

Origins come first: :attr:`ArchiveView.scope` keeps the projects and
sessions to one origin (``None``: every origin). A session is keyed in the
archive by origin and id; the app keys its rows by id, so the view
remembers the origin of each session it listed, or the one selected
(:meth:`ArchiveView.choose`) where two machines pushed the same id, and
reads that one.

:class:`ArchiveSource` is what the app asks of the store it shows: its
name and schema for the header, whether writes are off, a change token
for the live poll (the origins' last pushes: a push while the app is open
reloads it), and the notices of a server lost or back.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ckpt_tui.core.reads import Comparison, Current, FirstScreen
from ckpt_tui.errors import CkptError, NotFound
from ckpt_tui.records import OriginRow, Page, ProjectRow, SessionRow, SnapshotRow

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service
    from ckpt_tui.core.archive_reader import ArchivedSnapshot, ArchiveReader
    from ckpt_tui.core.board import BoardItem
    from ckpt_tui.core.history import FieldHistory
    from ckpt_tui.core.model import Checkpoint
    from ckpt_tui.core.plans import Outcome, Plan

#: Why writes are off with the archive alone.
BROWSE_ONLY = "the archive is browsed read-only (--db PATH too copies a snapshot back)"


class ArchiveSource:
    """The archive as the store the app shows (see the module docstring)."""

    def __init__(self, reader: ArchiveReader, local: Service | None) -> None:
        self.reader = reader
        self.local = local
        self.version = 0
        self.identity = reader.archive.shown
        self._lost = False
        self._notices: list[str] = []
        self._lock = threading.Lock()

    @property
    def path(self) -> str:
        """What the header names: the archive (no password), and the store a copy goes into."""
        into = f" → {self.local.store.path}" if self.local is not None else ""
        return f"archive {self.reader.archive.shown}{into}"

    @property
    def read_only_reason(self) -> str | None:
        if self.local is None:
            return BROWSE_ONLY
        reason = self.local.store.read_only_reason
        return f"the local store: {reason}" if reason else None

    @property
    def writable(self) -> bool:
        return self.read_only_reason is None

    def follow_path(self) -> bool:
        return self.local.store.follow_path() if self.local is not None else False

    def change_token(self) -> object:
        """The origins' last pushes (and the local store's token): a push
        or a copy moves it. A server lost is said once (:meth:`take_notices`),
        and once more when it answers again."""
        try:
            pushes = tuple((o.id, o.last_push_at) for o in self.reader.origins())
        except CkptError as exc:
            self._note(True, f"The archive stopped answering: {exc}")
            raise
        self._note(False, "The archive answers again")
        local = self.local.store.change_token() if self.local is not None else None
        return pushes, local

    def _note(self, lost: bool, notice: str) -> None:
        with self._lock:
            if lost != self._lost:
                self._lost = lost
                self._notices.append(notice)

    def take_notices(self) -> list[str]:
        with self._lock:
            notices, self._notices = self._notices, []
        if self.local is not None:
            notices += self.local.store.take_notices()
        return notices


class ArchiveView:
    """The archive read as a service is (see the module docstring)."""

    def __init__(self, reader: ArchiveReader, local: Service | None = None) -> None:
        self.reader = reader
        self.local = local
        self.store = ArchiveSource(reader, local)
        #: The origin the projects and sessions are kept to (``None``: all).
        self.scope: str | None = None
        self._origins: list[OriginRow] = []
        self._session_origin: dict[str, str] = {}

    def copy_into(self, local: Service) -> None:
        """Copy back into ``local`` (``--db`` beside ``--archive``)."""
        self.local = self.store.local = local

    def close(self) -> None:
        self.reader.close()
        if self.local is not None:
            self.local.close()

    # -- origins ----------------------------------------------------------------------
    def origins(self) -> list[OriginRow]:
        """The store files that pushed, most recent push first (read again)."""
        self._origins = self.reader.origins()
        return self._origins

    def host_of(self, origin_id: str) -> str:
        """How an origin is named in a row: its host, or with the start of
        its id when another origin pushed from the same host."""
        hosts = [o.host for o in self._origins]
        for o in self._origins:
            if o.id == origin_id:
                return o.host if hosts.count(o.host) == 1 else f"{o.host}·{o.id[:4]}"
        return origin_id[:8]

    def next_scope(self) -> OriginRow | None:
        """Keep to the next origin (after the last: every origin again)."""
        ids = [o.id for o in self._origins]
        at = ids.index(self.scope) + 1 if self.scope in ids else 0
        self.scope = ids[at] if at < len(ids) else None
        return self._origins[at] if at < len(ids) else None

    # -- lists ------------------------------------------------------------------------
    def projects(
        self, after=None, limit: int = 200, text: str | None = None, sort: str = "activity"
    ) -> Page[ProjectRow]:
        """Projects across origins (or of :attr:`scope`), newest first (the
        archive has that one order)."""
        return self.reader.projects(after=after, limit=limit, text=text, origin=self.scope)

    def sessions(
        self, project_id: str | None = None, after=None, limit: int = 200, text: str | None = None
    ) -> Page[SessionRow]:
        page = self.reader.sessions(
            project_id, after=after, limit=limit, text=text, origin=self.scope
        )
        for row in page.rows:
            if row.archive_origin is not None:
                self._session_origin.setdefault(row.id, row.archive_origin)
        return page

    def choose(self, row: SessionRow) -> None:
        """Read the session of ``row``'s id from ``row``'s origin from now on
        (the one selected, where two machines pushed the same id)."""
        if row.archive_origin is not None:
            self._session_origin[row.id] = row.archive_origin

    def session_tree(
        self, project_id: str, after=None, limit: int = 200, text=None, sort: str = "activity"
    ) -> Page[SessionRow]:
        """A project's sessions from every origin, newest first, flat (the
        archive keeps no parent links' order)."""
        return self.sessions(project_id, after, limit, text)

    def snapshots(
        self,
        session_id: str,
        *,
        kinds: list[str] | None = None,
        exclude_kinds: list[str] | None = None,
        after=None,
        limit: int = 200,
        text: str | None = None,
    ) -> Page[SnapshotRow]:
        """A session's snapshots, newest first, the pruned ones included
        (``archived``); ``exclude_kinds`` drops those after the read."""
        page = self.reader.snapshots(
            session_id,
            origin=self.origin_of(session_id),
            kinds=kinds,
            after=after,
            limit=limit,
            text=text,
        )
        if not exclude_kinds:
            return page
        rows = [r for r in page.rows if r.kind not in exclude_kinds]
        return Page(rows, page.total - (len(page.rows) - len(rows)), page.cursor, at_least=True)

    def first_screen(self, limit: int = 200, summaries: int = 0) -> FirstScreen:
        """The first page of each pane (the origins read first, for the rows' hosts)."""
        self.origins()
        projects = self.projects(limit=limit)
        if not projects.rows:
            return FirstScreen(projects, None, None, {})
        sessions = self.session_tree(projects.rows[0].id, limit=limit)
        if not sessions.rows:
            return FirstScreen(projects, sessions, None, {})
        snapshots = self.snapshots(sessions.rows[0].id, limit=limit)
        shown = self.summaries(sessions.rows[0].id, snapshots.rows[:summaries]) if summaries else {}
        return FirstScreen(projects, sessions, snapshots, shown)

    def summaries(self, session_id: str, rows: list[SnapshotRow]) -> dict[str, str]:
        """Each row's one-line change summary against the snapshot before it."""
        from ckpt_tui.core.summary import payload_summaries
        from ckpt_tui.store import archive_reads

        if not rows:
            return {}
        ids = [r.id for r in rows]
        with self.reader.archive.read() as conn:
            origin = self.origin_of(session_id) or self.reader.session(session_id).archive_origin
            previous, payloads = archive_reads.payloads_and_previous(conn, origin, session_id, ids)
        return payload_summaries(ids, previous, payloads)

    # -- one session ------------------------------------------------------------------
    def origin_of(self, session_id: str) -> str | None:
        """The origin a session of this id is read from (``None``: not listed yet)."""
        return self._session_origin.get(session_id)


    def session(self, session_id: str) -> SessionRow:
        return self.reader.session(session_id, origin=self.origin_of(session_id))

    def current(self, session_id: str) -> Current:
        return self.reader.current(session_id, origin=self.origin_of(session_id))

    def snapshot(self, session_id: str, name: str) -> ArchivedSnapshot:
        return self.reader.snapshot(session_id, name, origin=self.origin_of(session_id))

    def compare(self, session_id: str, old: str, new: str | None = None) -> Comparison:
        return self.reader.compare(session_id, old, new, origin=self.origin_of(session_id))

    def field_history(
        self, session_id: str, field: str, snapshot: str | None = None
    ) -> FieldHistory:
        """Blame over every archived snapshot, the pruned ones marked ``archived``."""
        return self.reader.field_history(
            session_id, field, snapshot, origin=self.origin_of(session_id)
        )

    def board(
        self, statuses, *, group: str = "status", project_id=None, after=None, limit: int = 50
    ) -> Page[BoardItem]:
        """Every origin's sessions in flight, by status (the archive's one grouping)."""
        if group != "status":
            raise CkptError("the archive's board groups by status only (t: back to status)")
        return self.reader.board(
            statuses, project_id=project_id, origin=self.scope, after=after, limit=limit
        )

    # -- copying back into the local store ----------------------------------------------
    def _local(self) -> Service:
        if self.local is None:
            raise CkptError(f"Read-only: {BROWSE_ONLY}")
        return self.local

    def plan_restore(self, session_id: str, snapshot: str, fields: list[str] | None = None) -> Plan:
        """``r`` on an archived snapshot: copy it into the local session of
        the same id (``ckpt-tui copy archive:SESSION:SNAPSHOT SESSION``)."""
        from ckpt_tui.core import archive

        local = self._local()
        try:
            local.session(session_id)
        except NotFound:
            raise NotFound(
                f"session {session_id!r} is not in the local store ({local.store.path}): "
                "r copies an archived snapshot into the local session of the same id; "
                "mark it (m) and press r on a session the local store has"
            ) from None
        ref = archive.ArchiveRef(session_id, snapshot, self.origin_of(session_id))
        source = archive.copy_source(self.reader, ref)
        return archive.plan_copy(local, source, session_id, fields)

    def plan_copy(self, session_id: str, content: Checkpoint, **how) -> Plan:
        """A marked snapshot copied into a session: into the local one of that id."""
        return self._local().plan_copy(session_id, content, **how)

    def apply(self, plan: Plan) -> Outcome:
        return self._local().apply(plan)

    def plan_undo(self, session_id: str, fields: list[str] | None = None) -> Plan:
        return self._local().plan_undo(session_id, fields)

    def plan_redo(self, session_id: str, fields: list[str] | None = None) -> Plan:
        return self._local().plan_redo(session_id, fields)

    def plan_and_apply(self, make_plan, *, if_unchanged: str | None = None):
        return self._local().plan_and_apply(make_plan, if_unchanged=if_unchanged)

    def next_steps(self, session_id: str):
        """What undo and redo of the local session of this id would do."""
        return self._local().next_steps(session_id)


def open_view(url: str | None) -> ArchiveView:
    """The archive at ``url`` (else ``$CKPT_ARCHIVE_URL``, else the
    config's), its origins read once: a dead server, a wrong password or a
    missing schema is the one-line error here, before any window opens
    and before a local store is opened (:meth:`ArchiveView.copy_into`)."""
    from ckpt_tui.core.archive_reader import open_reader

    reader = open_reader(url)
    try:
        view = ArchiveView(reader)
        view.origins()
        with reader.archive.read() as conn:
            view.store.version = reader.archive.version(conn) or 0
    except CkptError:
        reader.close()
        raise
    return view

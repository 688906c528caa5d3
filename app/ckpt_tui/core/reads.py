"""Read side of the service: what the lists, detail and diff views need."""

from __future__ import annotations

import os
import sqlite3
from collections import namedtuple
from typing import TYPE_CHECKING

from ckpt_tui.core.sorting import CountOrder
from ckpt_tui.core.summary_cache import SummaryCache
from ckpt_tui.core.tree_links import LinksCache
from ckpt_tui.errors import CkptError, DamagedPayload, NotFound
from ckpt_tui.records import Page, ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.store import Store, plain_commands, plain_read
from ckpt_tui.store.valid_ids import require_id

if TYPE_CHECKING:
    from ckpt_tui.core.diff import CheckpointDiff
    from ckpt_tui.core.model import Checkpoint, Damaged

# Methods import the query layer, the codec and the diff when they run: the first
# frame needs neither SQLAlchemy nor difflib (see ``store/plain_read.py``).
# The reads of one thing, the command line's whole lists and the change
# summaries run the generated SQL with plain ``sqlite3`` first
# (``store/plain_commands.py``); only when that fails (a ``sqlite3.Error``:
# busy, locked, damaged) does the SQLAlchemy path read again and say what
# is wrong in the usual words.


#: The snapshot kinds of SPEC 5.2; a store may hold others, shown as they are.
SNAPSHOT_KINDS = ("auto", "manual", "pre-restore", "compaction", "legacy")


# The results below are named tuples, as the records are (``records.py``),
# made with ``collections.namedtuple`` (their fields' types in annotations
# for the reader): a frozen dataclass would import ``dataclasses`` and
# ``inspect`` (about 7 ms) on the way to the first frame and into every
# reading command, and ``typing.NamedTuple`` compiles each annotation it is
# given as a string (about 1.5 ms more).


class Current(namedtuple("Current", "session checkpoint updated_at")):
    """A session with its live checkpoint (``None`` when it has none)."""

    __slots__ = ()
    session: SessionRow
    checkpoint: Checkpoint | None
    updated_at: object  # raw column value: what an optimistic check compares


class SnapshotView(namedtuple("SnapshotView", "row content")):
    __slots__ = ()
    row: SnapshotRow
    content: Checkpoint | Damaged


class Comparison(namedtuple("Comparison", "old_label new_label diff")):
    __slots__ = ()
    old_label: str
    new_label: str
    diff: CheckpointDiff


class FirstScreen(namedtuple("FirstScreen", "projects sessions snapshots summaries")):
    """The first page of each pane, as the app opens: newest project, its
    newest session, that session's snapshots, and the change summaries of
    the snapshots that fit on the first screen."""

    __slots__ = ()
    projects: Page[ProjectRow]
    sessions: Page[SessionRow] | None
    snapshots: Page[SnapshotRow] | None
    summaries: dict[str, str]


class Reader:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.count_order = CountOrder()
        self.tree_links = LinksCache()
        self.summary_cache = SummaryCache()

    def _plain(self) -> plain_read.PlainRead:
        """One plain ``sqlite3`` read transaction, opened as the store's
        engines open the file (on a connection kept between reads)."""
        return self.store.plain_read()

    # -- lists ----------------------------------------------------------
    def projects(
        self,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
        sort: str = "activity",
    ) -> Page[ProjectRow]:
        if sort == "activity" and after is None and not text:
            # The first page, the one every reload asks for, from the
            # generated SQL with plain ``sqlite3``: the same statement, its
            # rows built without SQLAlchemy's mappings (a quarter of the
            # page's time at a million snapshots). A failing read is read
            # again below, which says what is wrong in the usual words.
            try:
                with self._plain() as read:
                    return plain_read.projects_page(read, limit)
            except sqlite3.Error:
                pass
        from ckpt_tui.store import sorting
        from ckpt_tui.store.project_reads import list_projects

        with self.store.read() as conn:
            if sort != "activity":
                return sorting.list_projects_sorted(conn, sort, after, limit, text)
            return list_projects(conn, after, limit, text)

    def all_projects(self) -> Page[ProjectRow]:
        """Every project, newest activity first, in one page: what the
        command line prints. Read with plain ``sqlite3`` from the generated
        SQL (no SQLAlchemy import, a third of a command's time); when that
        read fails, the SQLAlchemy path reads again and says what is wrong
        in the usual words."""
        try:
            return plain_read.all_projects(self.store.path, immutable=self.store.immutable)
        except sqlite3.Error:
            return self.projects(limit=-1)

    def all_sessions(self, project_id: str | None = None) -> Page[SessionRow]:
        """Every session (of ``project_id``, which must exist), newest
        activity first, in one page: what the command line prints."""
        try:
            with self._plain() as read:
                if project_id is not None:  # an unknown id is an error, not an empty list
                    plain_commands.get_project(read, project_id)
                return plain_commands.all_sessions(read, project_id)
        except sqlite3.Error:
            pass
        if project_id is not None:
            self.project(project_id)
        return self.sessions(project_id, limit=-1)

    def all_snapshots(self, session_id: str, kind: str | None = None) -> Page[SnapshotRow]:
        """Every snapshot of a session of ``kind`` (one ``check_kind``
        accepts), newest first, in one page: what the command line prints."""
        try:
            with self._plain() as read:
                return plain_commands.all_snapshots(read, session_id, kind)
        except sqlite3.Error:
            pass
        return self.snapshots(session_id, kinds=[kind] if kind else None, limit=-1)

    def sessions(
        self,
        project_id: str | None = None,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
    ) -> Page[SessionRow]:
        from ckpt_tui.store.session_reads import list_sessions

        with self.store.read() as conn:
            return list_sessions(conn, project_id, after, limit, text)

    def session_tree(
        self,
        project_id: str,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
        sort: str = "activity",
    ) -> Page[SessionRow]:
        """A page of the tree in one of ``core.sorting.SESSION_SORTS``."""
        from ckpt_tui.store import sorting
        from ckpt_tui.store.tree_reads import list_session_tree, list_session_tree_linked

        with self.store.read() as conn:
            if sort == "activity" and not text:
                links = self.tree_links.get(self.store, conn, project_id)
                return list_session_tree_linked(conn, project_id, links, after, limit)
            if sort == "activity":
                return list_session_tree(conn, project_id, after, limit, text)
            if sort == "snapshots":
                return self.count_order.page(self.store, conn, project_id, after, limit, text)
            return sorting.list_sessions_sorted(conn, project_id, sort, after, limit, text)

    def snapshots(
        self,
        session_id: str,
        *,
        kinds: list[str] | None = None,
        exclude_kinds: list[str] | None = None,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
    ) -> Page[SnapshotRow]:
        from ckpt_tui.store.snapshot_reads import list_snapshots

        with self.store.read() as conn:
            return list_snapshots(
                conn,
                session_id,
                kinds=kinds,
                exclude_kinds=exclude_kinds,
                after=after,
                limit=limit,
                text=text,
            )

    def last_snapshots(
        self,
        session_id: str,
        *,
        kinds: list[str] | None = None,
        exclude_kinds: list[str] | None = None,
        before: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
    ) -> Page[SnapshotRow]:
        """The last page of :meth:`snapshots`' list (or the page above
        ``before``), read from the list's end: see ``snapshot_reads.list_snapshots_last``."""
        from ckpt_tui.store.snapshot_reads import list_snapshots_last

        with self.store.read() as conn:
            return list_snapshots_last(
                conn,
                session_id,
                kinds=kinds,
                exclude_kinds=exclude_kinds,
                before=before,
                limit=limit,
                text=text,
            )

    def first_screen(self, limit: int = 200, summaries: int = 0) -> FirstScreen:
        """Everything the first frame shows, in one read, so the app can paint
        it complete instead of pane after pane; ``summaries``: how many
        snapshot rows can be on screen (their change summaries are included).

        Read with plain ``sqlite3`` from the checked-in SQL of
        ``store/plain_sql.py`` (no SQLAlchemy import on the way to the first
        frame); when that read fails, the SQLAlchemy path reads again and
        says what is wrong in the usual words.
        """
        try:
            payloads = summaries + 1 if summaries else 0
            pages = plain_read.first_pages(
                self.store.path, limit, payloads, immutable=self.store.immutable
            )
        except sqlite3.Error:
            return self._first_screen_sqlalchemy(limit, summaries)
        return _with_summaries(*pages, summaries)

    def _first_screen_sqlalchemy(self, limit: int, summaries: int) -> FirstScreen:
        from ckpt_tui.store import summary_reads
        from ckpt_tui.store.project_reads import list_projects
        from ckpt_tui.store.snapshot_reads import list_snapshots
        from ckpt_tui.store.tree_reads import list_session_tree

        with self.store.read() as conn:
            projects = list_projects(conn, None, limit)
            if not projects.rows:
                return FirstScreen(projects, None, None, {})
            sessions = list_session_tree(conn, projects.rows[0].id, None, limit)
            if not sessions.rows:
                return FirstScreen(projects, sessions, None, {})
            session_id = sessions.rows[0].id
            snapshots = list_snapshots(conn, session_id, limit=limit)
            ids = [r.id for r in snapshots.rows[: summaries + 1]] if summaries else []
            payloads = summary_reads.get_payloads(conn, session_id, ids) if ids else {}
        return _with_summaries(projects, sessions, snapshots, payloads, summaries)

    def check_kind(self, kind: str, session_id: str | None = None) -> str:
        """``kind`` if it is one of SPEC 5.2's or present in the store; else a
        one-line error naming the kinds there are (SPEC 5.2's, and those of
        ``session_id``'s snapshots)."""
        if kind in SNAPSHOT_KINDS:
            return kind
        try:
            with self._plain() as read:
                if kind and plain_commands.kind_exists(read, kind):
                    return kind
                present = plain_commands.session_kinds(read, session_id) if session_id else []
        except sqlite3.Error:
            from ckpt_tui.store.snapshot_reads import kind_exists, session_kinds

            with self.store.read() as conn:
                if kind and kind_exists(conn, kind):
                    return kind
                present = session_kinds(conn, session_id) if session_id else []
        others = [k for k in present if k not in SNAPSHOT_KINDS]
        known = ", ".join((*SNAPSHOT_KINDS, *others))
        raise CkptError(f"no snapshot kind {kind!r}; the kinds are {known}")

    # -- one thing --------------------------------------------------------
    def session(self, session_id: str) -> SessionRow:
        """A session of the store; :class:`NotFound` ("no such session") if absent."""
        try:
            with self._plain() as read:
                return plain_commands.get_session(read, session_id)
        except sqlite3.Error:
            pass
        from ckpt_tui.store.session_reads import get_session

        with self.store.read() as conn:
            return get_session(conn, session_id)

    def project(self, project_id: str) -> ProjectRow:
        try:
            with self._plain() as read:
                return plain_commands.get_project(read, project_id)
        except sqlite3.Error:
            pass
        from ckpt_tui.store.project_reads import get_project

        with self.store.read() as conn:
            return get_project(conn, project_id)

    def current(self, session_id: str) -> Current:
        try:
            with self._plain() as read:
                session = plain_commands.get_session(read, session_id)
                row = plain_commands.get_checkpoint(read, session_id)
        except sqlite3.Error:
            from ckpt_tui.store.session_reads import get_checkpoint, get_session

            with self.store.read() as conn:
                session = get_session(conn, session_id)
                row = get_checkpoint(conn, session_id)
        if row is None:
            return Current(session, None, None)
        from ckpt_tui.core.model import Checkpoint

        return Current(session, Checkpoint.from_row(row.columns), row.updated_at)

    def snapshot(self, session_id: str, name: str) -> SnapshotView:
        try:
            with self._plain() as read:
                row, raw = plain_commands.get_snapshot(read, session_id, name)
        except sqlite3.Error:
            from ckpt_tui.store.snapshot_reads import get_snapshot

            with self.store.read() as conn:
                row, raw = get_snapshot(conn, session_id, name)
        from ckpt_tui.core.model import decode

        return SnapshotView(row, decode(raw))

    def compare(self, session_id: str, old: str, new: str | None = None) -> Comparison:
        """``old`` snapshot against ``new`` snapshot, or the current checkpoint."""
        from ckpt_tui.core import diff as diffs

        a = self._restorable(self.snapshot(session_id, old))
        if new is None:
            current = self.current(session_id)
            if current.checkpoint is None:
                raise NotFound(f"session {session_id!r} has no current checkpoint")
            return Comparison(old, "current", diffs.diff_checkpoints(a, current.checkpoint))
        b = self._restorable(self.snapshot(session_id, new))
        return Comparison(old, new, diffs.diff_checkpoints(a, b))

    @staticmethod
    def _restorable(view: SnapshotView) -> Checkpoint:
        from ckpt_tui.core.model import Damaged

        if isinstance(view.content, Damaged):
            raise DamagedPayload(f"snapshot {view.row.name!r} is damaged: {view.content.reason}")
        return view.content

    def summaries(self, session_id: str, rows: list[SnapshotRow]) -> dict[str, str]:
        """The one-line change summary of each row against the snapshot before it.

        Loads the payloads of these rows and their predecessors only: this is
        what a list asks for the rows it is about to show. Lines already made
        are kept (``core.summary_cache``).
        """
        require_id(session_id)  # before the cache: a bad id is an error either way
        key = self.summary_cache.begin(self.store)
        known = self.summary_cache.lines(rows)
        if known is not None:
            return known
        try:
            with self._plain() as read:
                previous, payloads = plain_commands.previous_and_payloads(read, session_id, rows)
        except sqlite3.Error:
            from ckpt_tui.store import summary_reads

            with self.store.read() as conn:
                previous, payloads = summary_reads.previous_and_payloads(conn, session_id, rows)
        lines = _summaries(rows, previous, payloads)
        self.summary_cache.keep(key, previous, lines)
        return lines


def open_reader(db: str | os.PathLike[str] | None = None) -> Reader:
    """The store at ``db`` (default: SPEC 1) for reading only: what the
    command line's reading commands need, without the write side
    (``core.service.open_service``: plans, undo journal, settings) and its
    imports."""
    from ckpt_tui import debuglog, paths

    reader = Reader(Store(db or paths.default_store_path(), read_only=True))  # it expands ``~``
    if debuglog.enabled():
        debuglog.instrument(reader, "service")
    return reader


def _summaries(
    rows: list[SnapshotRow], previous: dict[str, str | None], payloads: dict[str, str]
) -> dict[str, str]:
    """Each row's one-line change summary against the snapshot ``previous``
    names for it, from the payload texts of both."""
    from ckpt_tui.core.summary import payload_summaries

    return payload_summaries([row.id for row in rows], previous, payloads)


def _with_summaries(
    projects: Page[ProjectRow],
    sessions: Page[SessionRow] | None,
    snapshots: Page[SnapshotRow] | None,
    payloads: dict[str, str],
    count: int,
) -> FirstScreen:
    """The pages, with summaries for the first ``count`` snapshots. The page
    is newest first and unfiltered, so the snapshot before row i is row
    i + 1; the last row of a page with more after it is left to the list."""
    if snapshots is None or not count:
        return FirstScreen(projects, sessions, snapshots, {})
    rows = list(snapshots.rows)
    previous: dict[str, str | None] = {}
    for i, row in enumerate(rows[:count]):
        if i + 1 < len(rows):
            previous[row.id] = rows[i + 1].id
        elif snapshots.cursor is None:
            previous[row.id] = None  # the session's first snapshot
    known = [r for r in rows[:count] if r.id in previous]
    return FirstScreen(projects, sessions, snapshots, _summaries(known, previous, payloads))

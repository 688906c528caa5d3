"""Read side of the service: what the lists, detail and diff views need."""

from __future__ import annotations

import os
from collections import namedtuple
from typing import TYPE_CHECKING

from ckpt_tui.core.sorting import CountOrder
from ckpt_tui.core.summary_cache import SummaryCache
from ckpt_tui.core.tree_links import LinksCache
from ckpt_tui.errors import CkptError, DamagedPayload, NotFound
from ckpt_tui.records import Page, ProjectRow, SessionRow, SnapshotRow
from ckpt_tui.store import Store, project_reads, session_reads, snapshot_reads
from ckpt_tui.store.valid_ids import require_id

if TYPE_CHECKING:
    from ckpt_tui.core.diff import CheckpointDiff
    from ckpt_tui.core.model import Checkpoint, Damaged

# Every read runs the store's generated SQL with plain ``sqlite3`` in one
# read transaction (``Store.read``; ``store/query.py``): no read imports
# SQLAlchemy, and a failing read raises the store's one-line error. The
# codec, the diff and the summaries are imported by the methods that need
# them: the first frame and the command line's lists need none of them.

#: SQLite's LIMIT for "no limit": a whole list in one page.
NO_LIMIT = -1

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

    # -- lists ----------------------------------------------------------
    def projects(
        self,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
        sort: str = "activity",
    ) -> Page[ProjectRow]:
        """A page of projects in one of ``core.sorting.PROJECT_SORTS``."""
        with self.store.read() as q:
            return project_reads.list_projects(q, after, limit, text, sort)

    def all_projects(self) -> Page[ProjectRow]:
        """Every project, newest activity first, in one page: what the
        command line prints."""
        return self.projects(limit=NO_LIMIT)

    def all_sessions(self, project_id: str | None = None) -> Page[SessionRow]:
        """Every session (of ``project_id``, which must exist), newest
        activity first, in one page: what the command line prints."""
        with self.store.read() as q:
            if project_id is not None:  # an unknown id is an error, not an empty list
                project_reads.get_project(q, project_id)
            return session_reads.list_sessions(q, project_id, limit=NO_LIMIT)

    def all_snapshots(self, session_id: str, kind: str | None = None) -> Page[SnapshotRow]:
        """Every snapshot of a session of ``kind`` (one ``check_kind``
        accepts), newest first, in one page: what the command line prints."""
        return self.snapshots(session_id, kinds=[kind] if kind else None, limit=NO_LIMIT)

    def sessions(
        self,
        project_id: str | None = None,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
    ) -> Page[SessionRow]:
        """Sessions, newest activity first, flat."""
        with self.store.read() as q:
            return session_reads.list_sessions(q, project_id, after, limit, text)

    def session_tree(
        self,
        project_id: str,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
        sort: str = "activity",
    ) -> Page[SessionRow]:
        """A page of the tree in one of ``core.sorting.SESSION_SORTS``."""
        from ckpt_tui.store import sorting, tree_reads

        with self.store.read() as q:
            if sort == "activity" and not text:
                links = self.tree_links.get(self.store, q, project_id)
                return tree_reads.list_session_tree_linked(q, project_id, links, after, limit)
            if sort == "snapshots":
                return self.count_order.page(self.store, q, project_id, after, limit, text)
            return sorting.list_sessions_sorted(q, project_id, sort, after, limit, text)

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
        """A session's snapshots, newest first, without payloads."""
        with self.store.read() as q:
            return snapshot_reads.list_snapshots(
                q,
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
        with self.store.read() as q:
            return snapshot_reads.list_snapshots_last(
                q,
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
        The sessions are the newest project's tree, read level by level (its
        parent links are read when a later page asks for them)."""
        from ckpt_tui.store import tree_reads

        with self.store.read() as q:
            projects = project_reads.list_projects(q, None, limit)
            if not projects.rows:
                return FirstScreen(projects, None, None, {})
            sessions = tree_reads.list_session_tree(q, projects.rows[0].id, None, limit)
            if not sessions.rows:
                return FirstScreen(projects, sessions, None, {})
            session_id = sessions.rows[0].id
            snapshots = snapshot_reads.list_snapshots(q, session_id, limit=limit)
            ids = [r.id for r in snapshots.rows[: summaries + 1]] if summaries else []
            payloads = snapshot_reads.get_payloads(q, session_id, ids) if ids else {}
        return _with_summaries(projects, sessions, snapshots, payloads, summaries)

    def check_kind(self, kind: str, session_id: str | None = None) -> str:
        """``kind`` if it is one of SPEC 5.2's or present in the store; else a
        one-line error naming the kinds there are (SPEC 5.2's, and those of
        ``session_id``'s snapshots)."""
        if kind in SNAPSHOT_KINDS:
            return kind
        with self.store.read() as q:
            if kind and snapshot_reads.kind_exists(q, kind):
                return kind
            present = snapshot_reads.session_kinds(q, session_id) if session_id else []
        others = [k for k in present if k not in SNAPSHOT_KINDS]
        known = ", ".join((*SNAPSHOT_KINDS, *others))
        raise CkptError(f"no snapshot kind {kind!r}; the kinds are {known}")

    # -- one thing --------------------------------------------------------
    def session(self, session_id: str) -> SessionRow:
        """A session of the store; :class:`NotFound` ("no such session") if absent."""
        with self.store.read() as q:
            return session_reads.get_session(q, session_id)

    def project(self, project_id: str) -> ProjectRow:
        with self.store.read() as q:
            return project_reads.get_project(q, project_id)

    def current(self, session_id: str) -> Current:
        with self.store.read() as q:
            session = session_reads.get_session(q, session_id)
            row = session_reads.get_checkpoint(q, session_id)
        if row is None:
            return Current(session, None, None)
        from ckpt_tui.core.model import Checkpoint

        return Current(session, Checkpoint.from_row(row.columns), row.updated_at)

    def snapshot(self, session_id: str, name: str) -> SnapshotView:
        with self.store.read() as q:
            row, raw = snapshot_reads.get_snapshot(q, session_id, name)
        from ckpt_tui.core.model import decode

        return SnapshotView(row, decode(raw))

    def compare(self, session_id: str, old: str, new: str | None = None) -> Comparison:
        """``old`` snapshot against ``new`` snapshot, or the current checkpoint;
        each side labelled by its snapshot's name, however it was named."""
        from ckpt_tui.core import diff as diffs

        older = self.snapshot(session_id, old)
        a = self._restorable(older)
        if new is None:
            current = self.current(session_id)
            if current.checkpoint is None:
                raise NotFound(f"session {session_id!r} has no current checkpoint")
            return Comparison(older.row.name, "current", diffs.diff_checkpoints(a, current.checkpoint))
        newer = self.snapshot(session_id, new)
        b = self._restorable(newer)
        return Comparison(older.row.name, newer.row.name, diffs.diff_checkpoints(a, b))

    @staticmethod
    def _restorable(view: SnapshotView) -> Checkpoint:
        from ckpt_tui.core.model import Damaged

        if isinstance(view.content, Damaged):
            raise DamagedPayload(f"snapshot {view.row.name!r} is damaged: {view.content.reason}")
        return view.content

    def field_history(self, session_id: str, field: str, snapshot: str | None = None):
        """Blame ``field`` of the checkpoint, or of ``snapshot`` (``core.history``)."""
        from ckpt_tui.core.history import field_history

        return field_history(self, session_id, field, snapshot)

    def board(self, statuses, *, group: str = "status", project_id=None, after=None, limit=50):
        """A page of the board (``core.board``)."""
        from ckpt_tui.core.board import board

        return board(
            self, statuses, group=group, project_id=project_id, after=after, limit=limit
        )

    def summaries(self, session_id: str, rows: list[SnapshotRow]) -> dict[str, str]:
        """The one-line change summary of each row against the snapshot before it.

        Loads the payloads of these rows and their predecessors only: this is
        what a list asks for the rows it is about to show. Lines already made
        are kept (``core.summary_cache``).
        """
        from ckpt_tui.store import previous_ids

        require_id(session_id)  # before the cache: a bad id is an error either way
        key = self.summary_cache.begin(self.store)
        known = self.summary_cache.lines(rows)
        if known is not None:
            return known
        with self.store.read() as q:
            ids = [row.id for row in rows]
            previous, payloads = previous_ids.previous_and_payloads(q, session_id, ids)
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

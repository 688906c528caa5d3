"""Reading the archive: what the app's screens and the command line show
of it, read-only (a role with ``SELECT`` alone can do all of it).

:class:`ArchiveReader` answers with the records the local store's reads
give (``ckpt_tui.records``: ``Page``, ``ProjectRow``, ``SessionRow``,
``SnapshotRow``; ``core.reads``' ``Current``; ``core.history``'s
``FieldHistory``; ``core.board``'s ``BoardItem``; ``core.search``'s ``Hit``),
with the archive's marks filled in: the origins a project is held by, the
origin of a session (``SessionRow.archive_origin``), the snapshots its
store has pruned (``SnapshotRow.archived``). Its method names are the
local reader's where they mean the same, so a screen can be handed either.

Origins come first: :meth:`origins` lists the store files that pushed,
each with its host; ``projects(origin=...)`` and ``sessions(origin=...)``
keep to one. A project is its id across origins; a session is keyed by
origin and id, and every method taking a session takes ``origin=`` too:
left out, the one origin holding that session id is used, and an id held
by several (a ``legacy::`` session, a store copied to another machine) is
refused naming them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ckpt_tui import timeutil
from ckpt_tui.core.model import Checkpoint, Damaged, decode, validate_fields
from ckpt_tui.core.reads import Comparison, Current
from ckpt_tui.errors import CkptError, DamagedPayload, NotFound
from ckpt_tui.records import OriginRow, Page, ProjectRow, SessionRow, SnapshotRow

if TYPE_CHECKING:
    from ckpt_tui.core.archive import Archive
    from ckpt_tui.core.board import BoardItem
    from ckpt_tui.core.history import FieldHistory
    from ckpt_tui.core.search import Hit

#: Snapshots read per page by field history.
HISTORY_PAGE = 1000


class ArchivedSnapshot(NamedTuple):
    """A snapshot of the archive: its row, its decoded payload, its origin."""

    row: SnapshotRow
    content: Checkpoint | Damaged
    origin: str


class ArchiveHit(NamedTuple):
    """A search hit of the archive: the local search's hit, its origin, and
    whether its store has pruned it."""

    hit: Hit
    origin: str
    archived: bool


class ArchiveResults(NamedTuple):
    hits: list[ArchiveHit]
    more: bool
    next_offset: int


class ArchiveReader:
    """The read side of one archive (see the module docstring)."""

    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self._origins: dict[str, OriginRow] | None = None

    def close(self) -> None:
        self.archive.close()

    # -- origins ----------------------------------------------------------------------
    def origins(self) -> list[OriginRow]:
        """The store files that pushed, most recent push first."""
        from ckpt_tui.store import archive_reads

        with self.archive.read() as conn:
            rows = archive_reads.origins(conn)
        self._origins = {r.id: r for r in rows}
        return rows

    def origin(self, origin_id: str) -> str:
        """The origin whose id is (or begins with) ``origin_id``."""
        from ckpt_tui.store import archive_reads

        with self.archive.read() as conn:
            return archive_reads.require_origin(conn, origin_id)

    def origin_label(self, origin_id: str) -> str:
        """``host:path`` of an origin (its id if the archive has no row for it)."""
        if self._origins is None or origin_id not in self._origins:
            self.origins()
        row = (self._origins or {}).get(origin_id)
        return row.label if row else origin_id

    def _scope(self, origin: str | None) -> str | None:
        return self.origin(origin) if origin is not None else None

    # -- lists ------------------------------------------------------------------------
    def projects(
        self,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
        *,
        origin: str | None = None,
    ) -> Page[ProjectRow]:
        from ckpt_tui.store import archive_reads

        origin = self._scope(origin)
        with self.archive.read() as conn:
            return archive_reads.projects_page(
                conn, origin=origin, after=after, limit=limit, text=text
            )

    def sessions(
        self,
        project_id: str | None = None,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
        *,
        origin: str | None = None,
    ) -> Page[SessionRow]:
        """A project's sessions from every origin (or one), newest first."""
        from ckpt_tui.store import archive_reads

        origin = self._scope(origin)
        with self.archive.read() as conn:
            if project_id is not None:
                archive_reads.require_project(conn, project_id)
            return archive_reads.sessions_page(
                conn, project_id, origin=origin, after=after, limit=limit, text=text
            )

    def snapshots(
        self,
        session_id: str,
        *,
        origin: str | None = None,
        kinds: list[str] | None = None,
        after: tuple | None = None,
        limit: int = 200,
        text: str | None = None,
    ) -> Page[SnapshotRow]:
        """A session's snapshots, newest first, the ones its store pruned
        included (``archived``)."""
        from ckpt_tui.store import archive_reads

        with self.archive.read() as conn:
            origin = self._session_origin(conn, session_id, origin)
            return archive_reads.snapshots_page(
                conn, origin, session_id, kinds=kinds, after=after, limit=limit, text=text
            )

    # -- one session ------------------------------------------------------------------
    def _session_origin(self, conn, session_id: str, origin: str | None) -> str:
        from ckpt_tui.store import archive_reads

        if origin is not None:
            return archive_reads.require_origin(conn, origin)
        held = archive_reads.session_origins(conn, session_id)
        if not held:
            raise NotFound(f"no such session {session_id!r} in the archive")
        if len(held) > 1:
            raise CkptError(
                f"session {session_id!r} was pushed from {len(held)} origins "
                f"({', '.join(h[:8] for h in held)}); say which with --origin"
            )
        return held[0]

    def session(self, session_id: str, *, origin: str | None = None) -> SessionRow:
        from ckpt_tui.store import archive_reads

        with self.archive.read() as conn:
            origin = self._session_origin(conn, session_id, origin)
            return archive_reads.get_session(conn, origin, session_id)

    def current(self, session_id: str, *, origin: str | None = None) -> Current:
        """The session's checkpoint as its last push found it."""
        from ckpt_tui.store import archive_reads

        with self.archive.read() as conn:
            origin = self._session_origin(conn, session_id, origin)
            session = archive_reads.get_session(conn, origin, session_id)
            row = archive_reads.get_checkpoint(conn, origin, session_id)
        if row is None:
            return Current(session, None, None)
        return Current(session, Checkpoint.from_row(row), row["updated_at"])

    def snapshot(
        self, session_id: str, name: str, *, origin: str | None = None
    ) -> ArchivedSnapshot:
        """A snapshot by name or id, decoded (a damaged payload is ``Damaged``)."""
        from ckpt_tui.store import archive_reads

        with self.archive.read() as conn:
            origin = self._session_origin(conn, session_id, origin)
            row, raw = archive_reads.get_snapshot(conn, origin, session_id, name)
        return ArchivedSnapshot(row, decode(raw), origin)

    def compare(
        self, session_id: str, old: str, new: str | None = None, *, origin: str | None = None
    ) -> Comparison:
        """``old`` against ``new``, or against the session's checkpoint; each
        side labelled by its snapshot's name, however it was named."""
        from ckpt_tui.core import diff as diffs

        older = self.snapshot(session_id, old, origin=origin)
        a = _restorable(older)
        if new is None:
            current = self.current(session_id, origin=origin)
            if current.checkpoint is None:
                raise NotFound(f"session {session_id!r} has no checkpoint in the archive")
            return Comparison(older.row.name, "current", diffs.diff_checkpoints(a, current.checkpoint))
        newer = self.snapshot(session_id, new, origin=origin)
        b = _restorable(newer)
        return Comparison(older.row.name, newer.row.name, diffs.diff_checkpoints(a, b))

    def field_history(
        self,
        session_id: str,
        field: str,
        snapshot: str | None = None,
        *,
        origin: str | None = None,
    ) -> FieldHistory:
        """Blame ``field`` of the checkpoint (or of ``snapshot``) over every
        archived snapshot of the session, the pruned ones too: the local
        history's walk (``core.history``) over the archive's versions."""
        from ckpt_tui.core.history import Walk, items_of
        from ckpt_tui.store import archive_reads

        (field,) = validate_fields([field])
        walk = Walk(field)
        with self.archive.read() as conn:
            origin = self._session_origin(conn, session_id, origin)
            archive_reads.get_session(conn, origin, session_id)
            until = None
            if snapshot is not None:
                row, raw = archive_reads.get_snapshot(conn, origin, session_id, snapshot)
                shown = decode(raw)
                if isinstance(shown, Damaged):
                    raise DamagedPayload(
                        f"snapshot {row.name!r} is damaged; it has no history to show"
                    )
                _refuse_damaged(shown, field, f"snapshot {row.name!r}")
                until = (row.captured_at, row.id)
            after = None
            while True:
                page = archive_reads.versions(
                    conn, origin, session_id, after=after, until=until, limit=HISTORY_PAGE
                )
                for v in page:
                    content = decode(v.payload)
                    value = None if isinstance(content, Damaged) else content.get(field)
                    items = None if value is None else items_of(field, value)
                    walk.add((v.id, v.name, v.kind, v.captured_at, v.archived), items)
                if len(page) < HISTORY_PAGE:
                    break
                after = (page[-1].captured_at, page[-1].id)
            if snapshot is None:
                row = archive_reads.get_checkpoint(conn, origin, session_id)
                if row is None:
                    raise NotFound(f"session {session_id!r} has no checkpoint in the archive")
                current = Checkpoint.from_row(row)
                _refuse_damaged(current, field, "the current checkpoint")
                walk.add(
                    (None, "current", "current", row["updated_at"]),
                    items_of(field, current.get(field)),
                )
        return walk.result(session_id)

    # -- across sessions ----------------------------------------------------------------
    def board(
        self,
        statuses: Sequence[str] | None = None,
        *,
        project_id: str | None = None,
        origin: str | None = None,
        after: tuple | None = None,
        limit: int = 50,
    ) -> Page[BoardItem]:
        """Every session in flight across origins, grouped by status (in
        the order of ``statuses``), newest checkpoint write first."""
        from ckpt_tui.core import board as boards
        from ckpt_tui.store import archive_reads

        origin = self._scope(origin)
        with self.archive.read() as conn:
            page = archive_reads.board_page(
                conn,
                list(statuses or boards.IN_FLIGHT),
                project_id=project_id,
                origin=origin,
                after=after,
                limit=limit,
            )
        items = [boards.board_item(r)._replace(archive_origin=r.origin_id) for r in page.rows]
        return Page(items, page.total, page.cursor)

    def search(
        self,
        text: str,
        *,
        origin: str | None = None,
        project_id: str | None = None,
        session_id: str | None = None,
        kinds: Sequence[str] = (),
        current_only: bool = False,
        limit: int = 50,
        offset: int = 0,
    ) -> ArchiveResults:
        """Snapshots and checkpoints whose text holds the query (the local
        search's syntax: words, ``"phrases"``, ``prefix*``, ``-word``),
        newest first, through the archive's full-text index. The index
        knows words, not their order: a term of several tokens (a phrase,
        ``ckpt_tui``) is checked on each hit's text, by the local search's
        own rules, and a hit whose text lacks it is passed over.
        ``offset`` and ``next_offset`` count the index's matches."""
        from ckpt_tui.core.search import Hit
        from ckpt_tui.core.search_match import parse, snippet
        from ckpt_tui.store import archive_dialect, archive_reads
        from ckpt_tui.store.search_text import checkpoint_columns, payload_columns

        query = parse(text)
        expression = archive_dialect.tsquery_text(
            (t.tokens, t.prefix, t.negated) for t in query.terms
        )
        if expression is None:
            return ArchiveResults([], False, offset)
        recheck = expression.recheck
        origin = self._scope(origin)
        hits: list[ArchiveHit] = []
        at, next_offset, more = offset, offset, False
        with self.archive.read() as conn:
            while not more:
                chunk = (limit + 1 - len(hits)) * (4 if recheck else 1)
                found = archive_reads.search(
                    conn,
                    expression,
                    origin=origin,
                    project_id=project_id,
                    session_id=session_id,
                    kinds=list(kinds),
                    current=True if current_only else None,
                    limit=chunk,
                    offset=at,
                )
                for h in found:
                    at += 1
                    if h.current:
                        columns = checkpoint_columns(h.payload) if h.payload is not None else {}
                    else:
                        columns = payload_columns(h.name or "", h.payload or "")
                    if recheck and not _holds(query, columns):
                        continue
                    if len(hits) == limit:
                        more = True
                        break
                    hit = Hit(
                        current=h.current,
                        project_id=h.project_id,
                        project_dir=h.project_dir,
                        session_id=h.session_id,
                        session_title=h.session_title,
                        snapshot_id=h.snapshot_id,
                        snapshot_name=h.name,
                        kind=h.kind,
                        at=timeutil.normalize(h.at),
                        score=0.0,
                        snippet=snippet(query, columns),
                    )
                    hits.append(ArchiveHit(hit, h.origin_id, h.archived))
                    next_offset = at
                if len(found) < chunk:
                    break
        return ArchiveResults(hits, more, next_offset)


def _holds(query, columns: dict[str, str]) -> bool:
    """Whether a document's text holds every term of ``query`` and no
    negated one, each term within one field, its tokens in a row (what the
    local index's phrase match means)."""
    from ckpt_tui.core.search_match import Query, match_ranges

    for term in query.terms:
        alone = Query((term._replace(negated=False),))
        found = any(match_ranges(alone, text) for text in columns.values() if text)
        if found == term.negated:
            return False
    return True


def _restorable(view: ArchivedSnapshot) -> Checkpoint:
    if isinstance(view.content, Damaged):
        raise DamagedPayload(f"snapshot {view.row.name!r} is damaged: {view.content.reason}")
    return view.content


def _refuse_damaged(content: Checkpoint, field: str, where: str) -> None:
    from ckpt_tui.core.model import DamagedField

    value = content.get(field)
    if isinstance(value, DamagedField):
        raise DamagedPayload(f"{field} of {where} is damaged ({value.reason}); it has no history")


def open_reader(url: str | None = None) -> ArchiveReader:
    """The archive at ``url`` (else ``$CKPT_ARCHIVE_URL``, else the config's), to read."""
    from ckpt_tui.core.archive import open_archive

    return ArchiveReader(open_archive(url))

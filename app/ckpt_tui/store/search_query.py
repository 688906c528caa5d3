"""Reading the search index: one page of matches, newest or best first.

Part of the full-text index (``store.search_file`` owns the file,
``store.search_sync`` keeps it current). A document's rowid is its time
(``search_file.TIME_SHIFT``), so "newest first" is FTS5's own walk that
stops at the page's end. "Best first" ranks with bm25 only the matches in
the small ``recent`` table (the newest documents), then lists the older
matches newest first: ranking every match cost 0.4-0.6 s on the bench.

A page says whether the index is exactly the store (:attr:`Page.exact`:
the store's stamp, taken before the page was read, is the one the last
sync recorded); then it carries each hit's text, and ``core.search``
reads no payload from the store, only the page's keys and session titles.
Otherwise ``store.search_store`` reads the hits' rows from the store.
"""

from __future__ import annotations

import sqlite3
from collections import namedtuple
from collections.abc import Sequence

from ckpt_tui.store.search_file import NO_FLOOR
from ckpt_tui.store.search_stamp import store_stamp
from ckpt_tui.store.search_sync import SyncedIndex
from ckpt_tui.store.search_text import unpack

_HIT_FIELDS = (
    "doc_type",
    "ref",
    "session_id",
    "project_id",
    "kind",
    "name",
    "at",
    "body_id",
    "stamp",
)
_HIT_COLUMNS = ", ".join(f"d.{f}" for f in _HIT_FIELDS)


class IndexHit(namedtuple("IndexHit", (*_HIT_FIELDS, "score"))):
    """One matching document, as the index knows it (a ``collections.namedtuple``:
    see ``core.search_match``)."""

    __slots__ = ()
    doc_type: str  # SNAPSHOT or CURRENT
    ref: str  # the snapshot id, or the session id of a current checkpoint
    session_id: str
    project_id: str
    kind: str
    name: str
    at: str
    body_id: int
    stamp: str | None  # a current checkpoint's ``updated_at`` when it was indexed
    score: float


class Page(namedtuple("Page", ("hits", "exact", "bodies"))):
    """One page of matches, and whether the index was the store when it was read."""

    __slots__ = ()
    hits: list[IndexHit]
    #: The store has not been written since the index last caught up with
    #: it (``store.search_stamp``; the stamp read in the page's transaction):
    #: each hit is a row the store has, as the index has it.
    exact: bool
    #: ``body_id`` -> the document's values (``search_text.COLUMNS`` order),
    #: for an exact page only.
    bodies: dict[int, list[str]]


class SearchIndex(SyncedIndex):
    """The index of one store as ``core.search`` uses it: kept current by
    :meth:`sync`, read by :meth:`match`."""

    def matches_store(self) -> bool:
        """Whether the store's stamp now is the one the last sync recorded
        (the store has not been written since: ``store.search_stamp``). An
        index file that does not exist yet is not created; one that cannot
        be read says no (a sync then says why)."""
        stamp = store_stamp(self.store_path)
        if stamp is None or not self.path.exists():
            return False
        try:
            return self._meta(self._connection(), "store_stamp") == stamp
        except sqlite3.Error:
            return False

    def match(
        self,
        expression: str,
        *,
        project_id: str | None = None,
        session_id: str | None = None,
        kinds: Sequence[str] | None = None,
        by_recency: bool = False,
        limit: int = 50,
        offset: int = 0,
        stamp: str | None = None,
    ) -> Page:
        """Documents matching an FTS5 ``expression`` (built by ``core.search``,
        never user text), newest first or best first.

        By relevance, the matches in ``recent`` (the newest documents, see
        ``search_sync.RECENT_DOCS``) come first in bm25 order, then the
        older matches newest first (score 0). The page reads in one
        transaction, so positions stay where they were even if another
        process cuts ``recent`` back, and :attr:`Page.exact` (``stamp``, the
        store's, taken before this call, against the one the last sync
        recorded) is about the documents read."""
        filters: list[str] = []
        params: list[object] = [expression]
        if project_id is not None:
            filters.append("d.project_id = ?")
            params.append(project_id)
        if session_id is not None:
            filters.append("d.session_id = ?")
            params.append(session_id)
        if kinds:
            filters.append(f"d.kind IN ({','.join('?' * len(kinds))})")
            params.extend(kinds)
        conn = self._connection()
        conn.execute("BEGIN")
        try:
            exact = stamp is not None and self._meta(conn, "store_stamp") == stamp
            if by_recency:
                # The rowid is the time (TIME_SHIFT): FTS5 hands the matches
                # over newest first and the walk stops at the page's end.
                hits = self._newest("fts", filters, [*params, limit, offset])
            else:
                hits = self._best(filters, params, limit, offset)
            bodies = self._bodies([h.body_id for h in hits]) if exact else {}
        finally:
            conn.execute("COMMIT")
        return Page(hits, exact, bodies)

    def _best(self, filters: list[str], params: list, limit: int, offset: int) -> list[IndexHit]:
        """The ranked matches of ``recent`` from ``offset``, then the older ones."""
        conn = self._connection()
        floor = int(self._meta(conn, "recent_floor", str(NO_FLOOR)))
        if offset:
            ranked = self._ranked_count(filters, params)
            hits = self._ranked(filters, [*params, limit, offset]) if offset < ranked else []
        else:  # a short first page holds every ranked match: no count needed
            hits = self._ranked(filters, [*params, limit, 0])
            ranked = len(hits)
        if len(hits) < limit:
            hits += self._newest(
                "fts",
                [*filters, "fts.rowid < ?"],
                [*params, floor, limit - len(hits), max(0, offset - ranked)],
            )
        return hits

    def _ranked_count(self, filters: list[str], params: list) -> int:
        join = " JOIN docs d ON d.rowid = recent.rowid" if filters else ""
        where = " AND ".join(["recent MATCH ?", *filters])
        sql = f"SELECT count(*) FROM recent{join} WHERE {where}"
        return self._connection().execute(sql, params).fetchone()[0]

    def _ranked(self, filters: list[str], params: list) -> list[IndexHit]:
        """A page of ``recent``'s matches in bm25 order (ties newest first).

        The page is cut from the ranked rowids before ``docs`` is joined, so
        only the page's rows are looked up there (joined first, every match
        was: 2 of the 4 ms of a word in every document), unless a filter
        needs them. ``bm25()`` rather than FTS5's ``rank`` column: the same
        order (``rank`` is bm25 unless configured), 0.5 ms less on the bench."""
        join = " JOIN docs d ON d.rowid = recent.rowid" if filters else ""
        where = " AND ".join(["recent MATCH ?", *filters])
        sql = (
            f"SELECT {_HIT_COLUMNS}, r.score FROM (SELECT recent.rowid AS rowid, "
            f"bm25(recent) AS score FROM recent{join} WHERE {where} "
            "ORDER BY score, recent.rowid DESC LIMIT ? OFFSET ?) r "
            "JOIN docs d ON d.rowid = r.rowid ORDER BY r.score, r.rowid DESC"
        )
        return [IndexHit(*r) for r in self._connection().execute(sql, params)]

    def _newest(self, table: str, filters: list[str], params: list) -> list[IndexHit]:
        """A page of ``table``'s matches joined to ``docs``, newest first;
        ``params``: the expression, the filters' values, LIMIT and OFFSET."""
        where = " AND ".join([f"{table} MATCH ?", *filters])
        sql = (
            f"SELECT {_HIT_COLUMNS}, 0.0 FROM {table} JOIN docs d ON d.rowid = {table}.rowid "
            f"WHERE {where} ORDER BY {table}.rowid DESC LIMIT ? OFFSET ?"
        )
        return [IndexHit(*r) for r in self._connection().execute(sql, params)]

    def _bodies(self, body_ids: list[int]) -> dict[int, list[str]]:
        if not body_ids:
            return {}
        sql = f"SELECT rowid, body FROM bodies WHERE rowid IN ({','.join('?' * len(body_ids))})"
        return {rowid: unpack(body) for rowid, body in self._connection().execute(sql, body_ids)}

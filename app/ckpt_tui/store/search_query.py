"""Reading the search index: one page of matches, newest or best first.

Part of the full-text index (``store.search_file`` owns the file,
``store.search_sync`` keeps it current). A document's rowid is its time
(``search_file.TIME_SHIFT``), so "newest first" is FTS5's own walk that
stops at the page's end. "Best first" ranks with bm25 only the matches in
the small ``recent`` table (the newest documents), then lists the older
matches newest first: ranking every match cost 0.4-0.6 s on the bench.
The hits are the index's view; ``store.search_store`` checks them against
the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ckpt_tui.store.search_file import NO_FLOOR
from ckpt_tui.store.search_sync import SyncedIndex


class IndexHit(NamedTuple):
    """One matching document, as the index knows it."""

    doc_type: str  # SNAPSHOT or CURRENT
    ref: str  # the snapshot id, or the session id of a current checkpoint
    session_id: str
    project_id: str
    kind: str
    name: str
    at: str
    score: float


class SearchIndex(SyncedIndex):
    """The index of one store as ``core.search`` uses it: kept current by
    :meth:`sync`, read by :meth:`match`."""

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
    ) -> list[IndexHit]:
        """Documents matching an FTS5 ``expression`` (built by ``core.search``,
        never user text), newest first or best first.

        By relevance, the matches in ``recent`` (the newest documents, see
        ``search_sync.RECENT_DOCS``) come first in bm25 order, then the
        older matches newest first (score 0). Each page reads in one transaction, so positions
        stay where they were even if another process cuts ``recent`` back."""
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
        # The rowid is the time (TIME_SHIFT): FTS5 hands the matches over
        # newest first and the walk stops at the page's end.
        if by_recency:
            return self._rows("fts", "0.0", "fts.rowid DESC", filters, [*params, limit, offset])
        conn = self._connection()
        conn.execute("BEGIN")
        try:
            floor = int(self._meta(conn, "recent_floor", str(NO_FLOOR)))
            where = " AND ".join(["recent MATCH ?", *filters])
            ranked = conn.execute(
                f"SELECT count(*) FROM recent JOIN docs d ON d.rowid = recent.rowid WHERE {where}",
                params,
            ).fetchone()[0]
            hits: list[IndexHit] = []
            if offset < ranked:
                order = "bm25(recent), recent.rowid DESC"
                hits = self._rows(
                    "recent", "bm25(recent)", order, filters, [*params, limit, offset]
                )
            if len(hits) < limit:
                hits += self._rows(
                    "fts",
                    "0.0",
                    "fts.rowid DESC",
                    [*filters, "fts.rowid < ?"],
                    [*params, floor, limit - len(hits), max(0, offset - ranked)],
                )
        finally:
            conn.execute("COMMIT")
        return hits

    def _rows(
        self, table: str, score: str, order: str, filters: list[str], params: list
    ) -> list[IndexHit]:
        """One page of ``table``'s matches joined to ``docs``; ``params``:
        the expression, the filters' values, then LIMIT and OFFSET."""
        where = " AND ".join([f"{table} MATCH ?", *filters])
        sql = (
            "SELECT d.doc_type, d.ref, d.session_id, d.project_id, d.kind, d.name, d.at, "
            f"{score} FROM {table} JOIN docs d ON d.rowid = {table}.rowid "
            f"WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?"
        )
        return [IndexHit(*r) for r in self._connection().execute(sql, params)]

"""Search every snapshot and current checkpoint of a store.

Queries and snippets are ``core.search_match``'s (user text never reaches
FTS5's parser). Hits come from the index (``store.search_query``, kept
current by ``store.search_sync``) and are never a row the store no longer
has: when the store has not been written since the index caught up with it
(its stamp, ``store.search_stamp``), the index is the store and a page is
shown from its text, reading only the page's keys and session titles from
the store; otherwise each hit's row is read from the store and a row
pruned since the last sync is dropped (:meth:`Searcher._check`).
"""

from __future__ import annotations

from collections import namedtuple
from pathlib import Path

from ckpt_tui import paths
from ckpt_tui.core.search_match import Query, Snippet, parse, snippet
from ckpt_tui.errors import CkptError
from ckpt_tui.store import (
    probe,
    search_file,
    search_query,
    search_stamp,
    search_store,
    search_sync,
    search_text,
)

#: What ``--field`` accepts: the payload's fields, the snapshot's name, and
#: ``extra`` (unknown keys and damaged payloads).
SEARCH_FIELDS = search_text.COLUMNS
#: ``--kind`` values besides the snapshot kinds of SPEC 5.2.
CURRENT = search_file.CURRENT


class SearchError(CkptError):
    """A search that cannot run (its index cannot be opened or written)."""


# -- searching ----------------------------------------------------------------------


_HIT_FIELDS = (
    "current project_id project_dir session_id session_title snapshot_id snapshot_name "
    "kind at score snippet count others archive_origin"
)
#: Hits read for one page of grouped results at most (``Searcher._grouped``),
#: and the most asked of the index at a time.
GROUP_SCAN = 2_000
GROUP_BATCH = 200


class Other(namedtuple("Other", ("current", "snapshot_id", "snapshot_name", "kind", "at"))):
    """Another document holding a grouped hit's text: a snapshot, or the
    current checkpoint (``current``, no snapshot)."""

    __slots__ = ()
    current: bool
    snapshot_id: str | None
    snapshot_name: str | None
    kind: str
    at: str


class Hit(namedtuple("Hit", _HIT_FIELDS, defaults=(1, (), None))):
    """A snapshot, or a session's current checkpoint, that matches. Records
    here are ``collections.namedtuple``s (see ``core.search_match``); the
    annotations say what each field holds. Grouped (``search(group=True)``),
    it stands for ``count`` documents of its session with the same text in
    the snippet's field: itself and ``others``. A hit of the archive has the
    origin it was pushed from (``archive_origin``; two machines may push
    one id)."""

    __slots__ = ()
    current: bool
    project_id: str
    project_dir: str
    session_id: str
    session_title: str | None
    snapshot_id: str | None
    snapshot_name: str | None
    kind: str
    at: str
    score: float
    snippet: Snippet | None
    count: int
    others: tuple[Other, ...]
    archive_origin: str | None

    @property
    def key(self) -> tuple:
        key = ("current", self.session_id) if self.current else ("snapshot", self.snapshot_id or "")
        return key if self.archive_origin is None else (*key, self.archive_origin)


class Results(namedtuple("Results", ("query", "hits", "more", "next_offset"), defaults=(False, 0))):
    """One page of hits; ``more``: more exist beyond them, from
    ``next_offset`` on."""

    __slots__ = ()
    query: Query
    hits: list[Hit]
    more: bool
    next_offset: int


_FILTERS = ("project_id", "session_id", "kinds", "field", "current_only", "by_recency")


class Filters(namedtuple("Filters", _FILTERS, defaults=(None, None, (), None, False, False))):
    """What a search keeps to, and its order (newest first if ``by_recency``)."""

    __slots__ = ()
    project_id: str | None
    session_id: str | None
    kinds: tuple[str, ...]
    field: str | None
    current_only: bool
    by_recency: bool

    def kind_list(self) -> list[str] | None:
        if self.current_only:
            return [CURRENT]
        return list(self.kinds) or None


class Searcher:
    """The index of one store and the searches over it. Use one per thread."""

    def __init__(self, store_path: str | Path, state_dir: Path | None = None) -> None:
        self.store_path = Path(store_path)
        path = search_file.index_path(state_dir or paths.state_dir(), self.store_path)
        self.index = search_query.SearchIndex(path, self.store_path)

    @classmethod
    def open(cls, db: str | Path | None = None) -> Searcher:
        """The searcher of the store at ``db`` (default: SPEC 1), after
        checking it is a readable checkpoint store (one clear line if not).

        The check (``store.probe``, the one a Store makes when it opens) is
        left out when the store's stamp is the one the index's last sync
        recorded: the file is the very one that sync read, unchanged, and
        the search reads of it only the page's keys and session titles."""
        path = Path(db).expanduser() if db else paths.default_store_path()
        probe.require_file(path)
        searcher = cls(path)
        if not searcher.index.matches_store():
            probe.probe(path)
        return searcher

    def close(self) -> None:
        self.index.close()

    @property
    def path(self) -> Path:
        return self.index.path

    def is_built(self) -> bool:
        return self._guard(self.index.is_built)

    def sync(self, progress: search_sync.Progress | None = None) -> search_sync.SyncStats:
        """Bring the index up to the store (a first build, or a catch-up)."""
        return self._guard(lambda: self.index.sync(progress))

    def size_bytes(self) -> int:
        return self.index.size_bytes()

    def _guard(self, fn):
        import sqlite3

        try:
            return fn()
        except sqlite3.Error as exc:
            raise SearchError(
                f"the search index {self.index.path} cannot be used ({exc})"
            ) from None
        except OSError as exc:
            raise SearchError(
                f"the search index {self.index.path} cannot be used ({exc})"
            ) from None

    def search(
        self,
        text: str,
        filters: Filters | None = None,
        *,
        limit: int = 50,
        offset: int = 0,
        group: bool = False,
    ) -> Results:
        """One page of hits, each a row the store has (see :meth:`_check`).

        ``group``: hits of one text become one (:meth:`_grouped`), and
        ``limit`` counts those rows."""
        filters = filters or Filters()
        if filters.field is not None and filters.field not in SEARCH_FIELDS:
            raise CkptError(f"unknown field {filters.field!r}; one of: {', '.join(SEARCH_FIELDS)}")
        query = parse(text)
        if query.empty:
            return Results(query, [])
        if group:
            return self._grouped(query, filters, limit, offset)
        expression = query.expression(filters.field)
        found: list[tuple[int, Hit, dict[str, str]]] = []
        at = offset
        while len(found) <= limit:
            want = limit - len(found) + 1
            checked, read = self._batch(expression, filters, at, want)
            found.extend(checked)
            at += read
            if read < want:
                break
        more = len(found) > limit
        kept = found[:limit]
        next_offset = kept[-1][0] + 1 if kept else at
        hits = [  # snippets for the hits shown only
            hit._replace(snippet=snippet(query, columns, filters.field))
            for _i, hit, columns in kept
        ]
        return Results(query, hits, more, next_offset)

    def _batch(
        self, expression: str, filters: Filters, at: int, want: int
    ) -> tuple[list[tuple[int, Hit, dict[str, str]]], int]:
        """Up to ``want`` matches from position ``at``, checked against the
        store (:meth:`_check`), and how many the index gave."""
        # Taken before the index is read: see _check.
        stamp = search_stamp.store_stamp(self.store_path)
        page = self._guard(
            lambda: self.index.match(
                expression,
                project_id=filters.project_id,
                session_id=filters.session_id,
                kinds=filters.kind_list(),
                by_recency=filters.by_recency,
                limit=want,
                offset=at,
                stamp=stamp,
            )
        )
        return self._check(page, at), len(page.hits)

    def _grouped(self, query: Query, filters: Filters, limit: int, offset: int) -> Results:
        """Hits of one text as one row: the hits of a session whose first
        matching field (the snippet's) holds the same text, in a snapshot
        or the current checkpoint, become the first of them with ``count``
        and ``others`` (the rest, in order). ``uuid`` in a title kept by
        twelve snapshots is one row "and 11 more", not twelve alike.

        A page holds ``limit`` rows and ends just before the first hit of
        the next text, so the next page (``next_offset``) starts with it; a
        text whose hits continue past that point, or past
        :data:`GROUP_SCAN` hits read for one page, has a row on a later
        page too."""
        expression = query.expression(filters.field)
        groups: dict[tuple, list[tuple[Hit, Snippet | None]]] = {}
        at, scanned, more, next_offset = offset, 0, False, offset
        batch = limit + 1  # enough when every text is new; more when hits group
        while not more:
            checked, read = self._batch(expression, filters, at, batch)
            for position, hit, columns in checked:
                snip = snippet(query, columns, filters.field)
                key = (hit.session_id, snip.field, columns.get(snip.field)) if snip else hit.key
                if scanned >= GROUP_SCAN or (key not in groups and len(groups) == limit):
                    more, next_offset = True, position
                    break
                groups.setdefault(key, []).append((hit, snip))
                scanned += 1
                next_offset = position + 1
            at += read
            if read < batch:
                break
            batch = min(batch * 2, GROUP_BATCH)
        rows = []
        for members in groups.values():
            (first, snip), rest = members[0], members[1:]
            others = tuple(
                Other(h.current, h.snapshot_id, h.snapshot_name, h.kind, h.at) for h, _ in rest
            )
            rows.append(first._replace(snippet=snip, count=len(members), others=others))
        return Results(query, rows, more, next_offset if more else at)

    def _check(self, page: search_query.Page, start: int) -> list[tuple[int, Hit, dict[str, str]]]:
        """The page's hits whose rows the store has, each with its text.

        When the page is exact (the store's stamp, taken before the page was
        read, is the one the last sync recorded: ``store.search_stamp``), the
        store has not been written since the index caught up with it: every
        document the page read is a row the store has, with the text the
        index keeps in its body. The store is then read for the page's
        session titles and project directories, and its keys are looked up
        in the same statement (no payload read, none decoded): should a
        snapshot be gone or a current checkpoint's ``updated_at`` differ (a
        write the stamp could not see: a clock set back, see
        ``store.search_stamp``), the page is checked as below instead.
        Otherwise each hit is read from the store, and one the store no
        longer has is dropped; its text is the store's. Either way no hit is
        a row that no longer exists (``tests/test_search_exact.py``)."""
        hits = page.hits
        if page.exact:
            exact = self._from_index(page, start)
            if exact is not None:
                return exact
        snaps, currents = search_store.fetch_docs(
            self.store_path,
            [h.ref for h in hits if h.doc_type == search_file.SNAPSHOT],
            [h.ref for h in hits if h.doc_type == search_file.CURRENT],
        )
        out = []
        for position, h in enumerate(hits, start):
            current = h.doc_type == search_file.CURRENT
            doc = (currents if current else snaps).get(h.ref)
            if doc is None:
                continue  # pruned since the index last saw the store
            columns = (
                doc.payload if current else search_text.payload_columns(str(doc.name), doc.payload)
            )
            hit = self._hit(
                h, doc.project_dir, doc.session_title, None if current else str(doc.name)
            )
            out.append((position, hit, columns))  # type: ignore[arg-type]
        return out

    def _from_index(
        self, page: search_query.Page, start: int
    ) -> list[tuple[int, Hit, dict[str, str]]] | None:
        """An exact page's hits with the index's text (``None``: the store's
        keys say the store moved since; see :meth:`_check`)."""
        hits = page.hits
        snaps = [h.ref for h in hits if h.doc_type == search_file.SNAPSHOT]
        currents = {h.ref: h.stamp for h in hits if h.doc_type == search_file.CURRENT}
        labels = search_store.fetch_labels(
            self.store_path,
            snaps,
            list(currents),
            [h.session_id for h in hits],
            [h.project_id for h in hits],
        )
        if labels.snapshots != set(snaps) or labels.checkpoints != currents:
            return None
        out: list[tuple[int, Hit, dict[str, str]]] = []
        for position, h in enumerate(hits, start):
            values = page.bodies.get(h.body_id)
            if values is None:  # read in the page's transaction: never
                return None
            hit = self._hit(h, labels.dirs.get(h.project_id, ""), labels.titles.get(h.session_id))
            out.append((position, hit, dict(zip(search_text.COLUMNS, values, strict=True))))
        return out

    @staticmethod
    def _hit(
        h: search_query.IndexHit, project_dir: str, title: str | None, name: str | None = None
    ) -> Hit:
        current = h.doc_type == search_file.CURRENT
        return Hit(
            current=current,
            project_id=h.project_id,
            project_dir=project_dir,
            session_id=h.session_id,
            session_title=title,
            snapshot_id=None if current else h.ref,
            snapshot_name=None if current else (h.name if name is None else name),
            kind=h.kind,
            at=h.at,
            score=h.score,
            snippet=None,
        )

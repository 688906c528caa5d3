"""Search every snapshot and current checkpoint of a store.

What a person types is never handed to FTS5: it is parsed here into words,
``"phrases"``, ``prefix*`` and ``-exclusions``, each reduced to the same
tokens FTS5's ``unicode61 remove_diacritics 2`` tokenizer makes (letters and
digits, lower case, accents removed), and the MATCH expression is built
from those tokens in double quotes, so no operator, column name or quote of
the user's can reach the FTS5 parser. A query with an odd number of quotes,
or one that only excludes, searches its literal words instead of failing.

Hits come from the index (``store.search_query``, kept current by
``store.search_sync``) and are checked against the store
(``store.search_store``) before they are shown: a row pruned since the
last sync is dropped, never listed. Snippets are cut from the store's current text and
carry the matched ranges separately, so the caller styles them (the text
stays literal).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from ckpt_tui import paths
from ckpt_tui.core.fields import FIELDS
from ckpt_tui.core.text import printable
from ckpt_tui.errors import CkptError
from ckpt_tui.store import Store, search_file, search_query, search_store, search_sync, search_text

if tuple(FIELDS) != search_text.FIELD_COLUMNS:  # pragma: no cover - a layout change
    raise ImportError("store.search_text.FIELD_COLUMNS must list core.model.FIELDS")

#: What ``--field`` accepts: the payload's fields, the snapshot's name, and
#: ``extra`` (unknown keys and damaged payloads).
SEARCH_FIELDS = search_text.COLUMNS
#: ``--kind`` values besides the snapshot kinds of SPEC 5.2.
CURRENT = search_file.CURRENT

#: Characters of context on each side of the first match in a snippet.
SNIPPET_BEFORE = 40
SNIPPET_LENGTH = 160


class SearchError(CkptError):
    """A search that cannot run (its index cannot be opened or written)."""


# -- tokens: what FTS5's unicode61 tokenizer makes of a text ------------------------


def _is_token_char(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat[0] in "LN" or cat in ("Co", "Mn")


def _fold(token: str) -> str:
    """Lower case without diacritics (``remove_diacritics 2``)."""
    decomposed = unicodedata.normalize("NFD", token.lower())
    return "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")


_ASCII_TOKEN = re.compile(r"[A-Za-z0-9]+")


def token_spans(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, folded token)`` for each token of ``text``."""
    if text.isascii():  # the common case, in C: letters and digits are the tokens
        return [(m.start(), m.end(), m.group().lower()) for m in _ASCII_TOKEN.finditer(text)]
    spans: list[tuple[int, int, str]] = []
    start = None
    for i, ch in enumerate(text):
        if _is_token_char(ch):
            if start is None:
                start = i
        elif start is not None:
            spans.append((start, i, _fold(text[start:i])))
            start = None
    if start is not None:
        spans.append((start, len(text), _fold(text[start:])))
    return [s for s in spans if s[2]]


def tokens(text: str) -> list[str]:
    return [t for _s, _e, t in token_spans(text)]


# -- queries -----------------------------------------------------------------------
# The records here (and in the store's search modules) are NamedTuples, not
# dataclasses: ``ckpt-tui search`` would import ``dataclasses`` and the
# ``inspect`` it imports only for them (about 7 ms of a 60 ms command), as
# ``core.model`` found before.


class Term(NamedTuple):
    """One thing to look for: consecutive tokens; the last one a prefix if
    ``prefix``; a document that has it is left out if ``negated``."""

    tokens: tuple[str, ...]
    prefix: bool = False
    negated: bool = False

    def fts(self) -> str:
        return '"' + " ".join(self.tokens) + '"' + ("*" if self.prefix else "")


class Query(NamedTuple):
    terms: tuple[Term, ...]
    #: Set when the query could not be read as written and its literal words
    #: are searched instead: says why.
    note: str | None = None

    @property
    def positive(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if not t.negated)

    @property
    def negative(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.negated)

    @property
    def empty(self) -> bool:
        return not self.positive

    def expression(self, column: str | None = None) -> str:
        """The FTS5 MATCH expression: quoted tokens only (see module doc)."""
        expr = "(" + " AND ".join(t.fts() for t in self.positive) + ")"
        expr += "".join(f" NOT {t.fts()}" for t in self.negative)
        return f"{{{column}}} : ({expr})" if column else expr


_PIECE = re.compile(r'(-?)"([^"]*)"(\*?)|(\S+)')


def _literal(text: str, why: str) -> Query:
    words = tokens(text)
    return Query(tuple(Term((w,)) for w in words), why if words else None)


def parse(text: str) -> Query:
    """Words, ``"phrases"``, ``prefix*`` and ``-exclusions``; see module doc."""
    if text.count('"') % 2:
        return _literal(text, "unbalanced quotes: searching the words as written")
    terms: list[Term] = []
    for match in _PIECE.finditer(text):
        if match.group(4) is not None:
            word = match.group(4)
            negated = word.startswith("-") and len(word) > 1
            body = word[1:] if negated else word
            prefix = body.endswith("*")
            if '"' in body:  # a quote inside a word: no phrase opens there
                return _literal(text, "a quote inside a word: searching the words as written")
            found = tuple(tokens(body))
        else:
            negated, prefix = bool(match.group(1)), bool(match.group(3))
            found = tuple(tokens(match.group(2)))
        if found:
            terms.append(Term(found, prefix, negated))
    query = Query(tuple(terms))
    if query.empty and query.negative:
        return _literal(text, "nothing to look for besides exclusions: searching the words")
    return query


# -- matching text (snippets; the same rules as FTS5) ------------------------------


def _term_ranges(term: Term, spans: Sequence[tuple[int, int, str]]) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    n = len(term.tokens)
    for i in range(len(spans) - n + 1):
        ok = all(spans[i + k][2] == term.tokens[k] for k in range(n - 1))
        last = spans[i + n - 1][2]
        ok = ok and (last.startswith(term.tokens[-1]) if term.prefix else last == term.tokens[-1])
        if ok:
            found.append((spans[i][0], spans[i + n - 1][1]))
    return found


def match_ranges(query: Query, text: str) -> list[tuple[int, int]]:
    """Where the query's positive terms occur in ``text``, in order."""
    if text.isascii():
        lowered = text.lower()
        if not any(t.tokens[0] in lowered for t in query.positive):
            return []  # no term can start here: skip tokenizing a long value
    spans = token_spans(text)
    ranges = [r for term in query.positive for r in _term_ranges(term, spans)]
    return sorted(set(ranges))


class Snippet(NamedTuple):
    """A piece of one field around the first match: ``parts`` are
    ``(text, matched)``, printable (control characters made visible, line
    breaks shown as ``⏎``), never markup."""

    field: str
    parts: tuple[tuple[str, bool], ...]

    @property
    def text(self) -> str:
        return "".join(p for p, _m in self.parts)

    @property
    def highlights(self) -> list[tuple[int, int]]:
        out, at = [], 0
        for part, matched in self.parts:
            if matched:
                out.append((at, at + len(part)))
            at += len(part)
        return out


def _show(text: str) -> str:
    return printable(text.replace("\r\n", "\n").replace("\n", " ⏎ "), len(text) * 4 + 8)


#: Longer values are not tokenized whole for a snippet (a 10 MB field would
#: take seconds): only windows around where a term's text occurs.
LONG_VALUE = 20_000
_WINDOW = 400


def _bounded_ranges(query: Query, text: str) -> list[tuple[int, int]]:
    if len(text) <= LONG_VALUE:
        return match_ranges(query, text)
    if not text.isascii():
        return match_ranges(query, text[: LONG_VALUE * 10])
    lowered = text.lower()
    for term in query.positive:
        at, tries = lowered.find(term.tokens[0]), 0
        while at >= 0 and tries < 50:
            lo = max(0, at - _WINDOW)
            window = text[lo : at + _WINDOW + SNIPPET_LENGTH]
            found = match_ranges(query, window)
            if found:
                return [(a + lo, b + lo) for a, b in found]
            at, tries = lowered.find(term.tokens[0], at + 1), tries + 1
    return []


def snippet(query: Query, columns: dict[str, str], only: str | None = None) -> Snippet | None:
    """The first field (in payload order, the snapshot's name first) where a
    positive term occurs, cut around its first match."""
    for name in [only] if only else list(search_text.COLUMNS):
        text = columns.get(name) or ""
        ranges = _bounded_ranges(query, text)
        if not ranges:
            continue
        start = max(0, ranges[0][0] - SNIPPET_BEFORE)
        if start:
            space = text.rfind(" ", start - 15, start)
            start = space + 1 if space > 0 else start
        end = min(len(text), start + SNIPPET_LENGTH)
        parts: list[tuple[str, bool]] = [("…", False)] if start else []
        at = start
        for a, b in ranges:
            if a >= end:
                break
            a, b = max(a, at), min(b, end)
            if a < at:
                continue
            if a > at:
                parts.append((_show(text[at:a]), False))
            parts.append((_show(text[a:b]), True))
            at = b
        if at < end:
            parts.append((_show(text[at:end]), False))
        if end < len(text):
            parts.append(("…", False))
        return Snippet(name, tuple(p for p in parts if p[0]))
    return None


# -- searching ----------------------------------------------------------------------


class Hit(NamedTuple):
    """A snapshot, or a session's current checkpoint, that matches."""

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

    @property
    def key(self) -> tuple[str, str]:
        return (
            ("current", self.session_id) if self.current else ("snapshot", self.snapshot_id or "")
        )


class Results(NamedTuple):
    query: Query
    hits: list[Hit]
    #: More hits exist beyond ``hits``.
    more: bool = False
    #: The ``offset`` that gives the next page.
    next_offset: int = 0


class Filters(NamedTuple):
    project_id: str | None = None
    session_id: str | None = None
    kinds: tuple[str, ...] = ()
    field: str | None = None
    current_only: bool = False
    by_recency: bool = False

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
        checking it is a readable checkpoint store (one clear line if not)."""
        path = Path(db).expanduser() if db else paths.default_store_path()
        Store(path, read_only=True).close()
        return cls(path)

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
        self, text: str, filters: Filters | None = None, *, limit: int = 50, offset: int = 0
    ) -> Results:
        """One page of hits, each checked against the store."""
        filters = filters or Filters()
        if filters.field is not None and filters.field not in SEARCH_FIELDS:
            raise CkptError(f"unknown field {filters.field!r}; one of: {', '.join(SEARCH_FIELDS)}")
        query = parse(text)
        if query.empty:
            return Results(query, [])
        expression = query.expression(filters.field)
        hits: list[tuple[int, Hit]] = []
        at = offset
        while len(hits) <= limit:
            want = limit - len(hits) + 1
            found = self._guard(
                lambda at=at, want=want: self.index.match(
                    expression,
                    project_id=filters.project_id,
                    session_id=filters.session_id,
                    kinds=filters.kind_list(),
                    by_recency=filters.by_recency,
                    limit=want,
                    offset=at,
                )
            )
            hits.extend(self._check(query, found, filters.field, at))
            at += len(found)
            if len(found) < want:
                break
        more = len(hits) > limit
        kept = hits[:limit]
        next_offset = kept[-1][0] + 1 if kept else at
        return Results(query, [h for _i, h in kept], more, next_offset)

    def _check(
        self, query: Query, found: Iterable[search_query.IndexHit], only: str | None, start: int
    ) -> list[tuple[int, Hit]]:
        """The hits whose rows the store still has, with their snippets."""
        found = list(found)
        snaps, currents = search_store.fetch_docs(
            self.store_path,
            [h.ref for h in found if h.doc_type == search_file.SNAPSHOT],
            [h.ref for h in found if h.doc_type == search_file.CURRENT],
        )
        out: list[tuple[int, Hit]] = []
        for position, h in enumerate(found, start):
            current = h.doc_type == search_file.CURRENT
            doc = (currents if current else snaps).get(h.ref)
            if doc is None:
                continue  # pruned since the index last saw the store
            columns = (
                doc.payload if current else search_text.payload_columns(str(doc.name), doc.payload)
            )
            out.append(
                (
                    position,
                    Hit(
                        current=current,
                        project_id=h.project_id,
                        project_dir=doc.project_dir,
                        session_id=h.session_id,
                        session_title=doc.session_title,
                        snapshot_id=None if current else h.ref,
                        snapshot_name=None if current else str(doc.name),
                        kind=h.kind,
                        at=h.at,
                        score=h.score,
                        snippet=snippet(query, columns, only),  # type: ignore[arg-type]
                    ),
                )
            )
        return out

"""What a query is, and where it occurs in a text: the rules of FTS5's
tokenizer, the query parser and the snippets (``core.search`` runs the
searches).

What a person types is never handed to FTS5: it is parsed here into words,
``"phrases"``, ``prefix*`` and ``-exclusions``, each reduced to the same
tokens FTS5's ``unicode61 remove_diacritics 2`` tokenizer makes (letters and
digits, lower case, accents removed), and the MATCH expression is built
from those tokens in double quotes, so no operator, column name or quote of
the user's can reach the FTS5 parser. A query with an odd number of quotes,
or one that only excludes, searches its literal words instead of failing.

A snippet is cut around the first match in a document's text and carries
the matched ranges separately, so the caller styles them (the text stays
literal).
"""

from __future__ import annotations

import re
from collections import namedtuple
from collections.abc import Sequence
from functools import lru_cache

from ckpt_tui.core.text import printable
from ckpt_tui.store import search_text

#: Characters of context on each side of the first match in a snippet.
SNIPPET_BEFORE = 40
SNIPPET_LENGTH = 160


# -- tokens: what FTS5's unicode61 tokenizer makes of a text ------------------------


def _fold(token: str) -> str:
    """Lower case without diacritics (``remove_diacritics 2``)."""
    if token.isascii():
        return token.lower()
    from unicodedata import category, normalize  # text beyond ASCII only

    decomposed = normalize("NFD", token.lower())
    return "".join(ch for ch in decomposed if category(ch) != "Mn")


_ASCII_TOKEN = re.compile(r"[A-Za-z0-9]+")
#: A run of characters none of which is ASCII but a letter or a digit: the
#: ASCII ones in it are token characters, the others are looked up.
_RUN = re.compile(r"[^\x00-/:-@\[-`{-\x7f]+")


def token_spans(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, folded token)`` for each token of ``text``: runs of
    letters, digits, combining marks (Mn) and private-use characters (Co).

    ASCII text (the common case) is split in C; other text is cut into runs
    between ASCII separators in C too, and only a run that holds a character
    beyond ASCII is walked character by character."""
    if text.isascii():
        return [(m.start(), m.end(), m.group().lower()) for m in _ASCII_TOKEN.finditer(text)]
    from unicodedata import category

    spans: list[tuple[int, int, str]] = []
    for run in _RUN.finditer(text):
        word = run.group()
        if word.isascii():
            spans.append((run.start(), run.end(), word.lower()))
            continue
        start = None
        for i, ch in enumerate(word, run.start()):
            cat = "Ll" if ch.isascii() else category(ch)
            if cat[0] in "LN" or cat in ("Co", "Mn"):
                if start is None:
                    start = i
            elif start is not None:
                spans.append((start, i, _fold(text[start:i])))
                start = None
        if start is not None:
            spans.append((start, run.end(), _fold(text[start : run.end()])))
    return [s for s in spans if s[2]]


_LOWER_ASCII_TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> list[str]:
    if text.isascii():  # what token_spans makes of it, without the spans
        return _LOWER_ASCII_TOKEN.findall(text.lower())
    return [t for _s, _e, t in token_spans(text)]


# -- queries -----------------------------------------------------------------------
# The records here (and in the store's search modules) are NamedTuples, not
# dataclasses: ``ckpt-tui search`` would import ``dataclasses`` and the
# ``inspect`` it imports only for them (about 7 ms of a 60 ms command), as
# ``core.model`` found before. Nor ``typing.NamedTuple``: ``collections.
# namedtuple`` with the fields described in the docstring, so the command
# never imports ``typing`` (2.5 ms), and no annotation is compiled at import
# (``typing.NamedTuple`` compiles each string annotation: 3 ms for the ten
# records on the command's path).


class Term(namedtuple("Term", ("tokens", "prefix", "negated"), defaults=(False, False))):
    """One thing to look for: ``tokens``, consecutive folded tokens (a tuple
    of str); the last one a prefix if ``prefix``; a document that has it is
    left out if ``negated``."""

    __slots__ = ()
    tokens: tuple[str, ...]
    prefix: bool
    negated: bool

    def fts(self) -> str:
        return '"' + " ".join(self.tokens) + '"' + ("*" if self.prefix else "")


class Query(namedtuple("Query", ("terms", "note"), defaults=(None,))):
    """A parsed query: its ``terms``; ``note`` is set when the query could
    not be read as written and its literal words are searched instead: it
    says why."""

    __slots__ = ()
    terms: tuple[Term, ...]
    note: str | None

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


@lru_cache(maxsize=64)
def _ascii_pattern(term: Term) -> re.Pattern[str] | None:
    """Where ``term`` occurs in lower-cased ASCII text, whose tokens are the
    runs of ``[a-z0-9]``: its tokens, each starting and (the last unless a
    prefix) ending at a token's edge, with non-token characters between
    them. ``None``: a term with a non-ASCII token occurs in no ASCII text."""
    if not all(t.isascii() for t in term.tokens):
        return None
    body = "[^a-z0-9]+".join(term.tokens)  # tokens are [a-z0-9]+: nothing to escape
    return re.compile(f"(?<![a-z0-9]){body}" + ("[a-z0-9]*" if term.prefix else "(?![a-z0-9])"))


def _ranges(terms: Sequence[Term], text: str) -> list[tuple[int, int]]:
    """Where ``terms`` occur in ``text``, in order. ASCII text (the common
    case) is matched by a regular expression per term, in C; other text is
    tokenized as FTS5 does and walked token by token (``tests/test_search.py``
    checks the two agree)."""
    if text.isascii():
        lowered = text.lower()
        found: list[tuple[int, int]] = []
        for term in terms:
            pattern = _ascii_pattern(term) if term.tokens[0] in lowered else None
            at = 0
            while pattern is not None and (m := pattern.search(lowered, at)):
                found.append(m.span())
                at = m.start() + 1  # a phrase may overlap itself ("a a" in "a a a")
        return sorted(set(found))
    spans = token_spans(text)
    return sorted({r for term in terms for r in _term_ranges(term, spans)})


def match_ranges(query: Query, text: str) -> list[tuple[int, int]]:
    """Where the query's positive terms occur in ``text``, in order."""
    return _ranges(query.positive, text)


class Snippet(namedtuple("Snippet", ("field", "parts"))):
    """A piece of one field around the first match: ``parts`` are
    ``(text, matched)``, printable (control characters made visible, line
    breaks shown as ``⏎``), never markup."""

    __slots__ = ()
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


def _bounded_ranges(terms: Sequence[Term], text: str) -> list[tuple[int, int]]:
    if len(text) <= LONG_VALUE:
        return _ranges(terms, text)
    if not text.isascii():
        return _ranges(terms, text[: LONG_VALUE * 10])
    lowered = text.lower()
    for term in terms:
        at, tries = lowered.find(term.tokens[0]), 0
        while at >= 0 and tries < 50:
            lo = max(0, at - _WINDOW)
            window = text[lo : at + _WINDOW + SNIPPET_LENGTH]
            found = _ranges(terms, window)
            if found:
                return [(a + lo, b + lo) for a, b in found]
            at, tries = lowered.find(term.tokens[0], at + 1), tries + 1
    return []


def snippet(query: Query, columns: dict[str, str], only: str | None = None) -> Snippet | None:
    """The first field (in payload order, the snapshot's name first) where a
    positive term occurs, cut around its first match."""
    terms = query.positive
    for name in [only] if only else search_text.COLUMNS:
        text = columns.get(name) or ""
        ranges = _bounded_ranges(terms, text)
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

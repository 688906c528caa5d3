"""``ckpt-tui search``: every snapshot and current checkpoint of the store.

The index is brought up to the store before each search (a first build
says how far it got on stderr when that is a terminal). Hits of one text are
one item: the documents of a session (its snapshots and current checkpoint)
whose matching field holds the same text, the first in order standing for
the rest (``count``, ``others``); ``--limit`` counts items. Text: one line
per item (time, session, title, which snapshot or the current checkpoint,
"+N more with this <field>"), then the field and its snippet. JSON shape::

    {"query", "note", "more",
     "items": [{"sessionId", "sessionTitle", "projectId", "projectDirectory",
                "current": bool, "snapshot": {"id", "name"} | null,
                "kind", "time", "score", "field", "snippet",
                "highlights": [[start, end]],
                "count": 12,           # documents with this text, this one included
                "others": [{"current": bool, "snapshot": {"id", "name"} | null,
                            "kind", "time"}]}],
     "index": {"path", "sizeBytes"}}

``current`` is true (and ``snapshot`` null) when the hit is the session's
current checkpoint; ``highlights`` are character ranges of ``snippet``.
"""

from __future__ import annotations

import argparse
import sys

from ckpt_tui.cli.output import emit_json, say
from ckpt_tui.core.text import printable
from ckpt_tui.plural import counted

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (2.5 ms of a command
#: that needs nothing else of it); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ckpt_tui.core.search import Hit

#: A catch-up smaller than this prints no progress line.
PROGRESS_FROM = 1000


class _SearchFields:
    """``--field``'s choices, ``core.search.SEARCH_FIELDS``, looked up only
    when argparse checks a value or prints them: importing the search module
    (and its index's) would cost every command and ``--help`` some 20 ms."""

    @staticmethod
    def _fields() -> tuple[str, ...]:
        from ckpt_tui.core.search import SEARCH_FIELDS

        return tuple(SEARCH_FIELDS)

    def __contains__(self, value: object) -> bool:
        return value in self._fields()

    def __iter__(self):
        return iter(self._fields())


class _ProgressLine:
    """``indexing 12,000 / 200,000 snapshots (6%)`` rewritten in place."""

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if total < PROGRESS_FROM:
            return
        pct = 100 * done // max(total, 1)
        sys.stderr.write(
            f"\rckpt-tui: indexing {done:,} / {counted(total, 'snapshot', grouped=True)} ({pct}%)"
        )
        sys.stderr.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def _hit_json(hit: Hit) -> dict:
    snip = hit.snippet
    return {
        "sessionId": hit.session_id,
        "sessionTitle": hit.session_title,
        "projectId": hit.project_id,
        "projectDirectory": hit.project_dir,
        "current": hit.current,
        "snapshot": None if hit.current else {"id": hit.snapshot_id, "name": hit.snapshot_name},
        "kind": hit.kind,
        "time": hit.at,
        "score": round(-hit.score, 4),
        "field": snip.field if snip else None,
        "snippet": snip.text if snip else "",
        "highlights": [list(r) for r in snip.highlights] if snip else [],
        "count": hit.count,
        "others": [
            {
                "current": o.current,
                "snapshot": None if o.current else {"id": o.snapshot_id, "name": o.snapshot_name},
                "kind": o.kind,
                "time": o.at,
            }
            for o in hit.others
        ],
    }


def _what(hit: Hit) -> str:
    """Which document the item is, and how many more hold its text."""
    what = "current checkpoint" if hit.current else f"{hit.snapshot_name} ({hit.kind})"
    if hit.count > 1:
        field = hit.snippet.field if hit.snippet else "text"
        what += f" +{hit.count - 1} more with this {field}"
    return what


def cmd_search(args) -> int:
    from ckpt_tui.core.search import Filters, Searcher

    searcher = Searcher.open(args.db)
    try:
        progress = _ProgressLine() if sys.stderr.isatty() else None
        try:
            searcher.sync(progress)
        finally:
            if progress is not None:
                progress.finish()
        kinds = tuple(args.kind or ())
        filters = Filters(
            project_id=args.project, session_id=args.session, kinds=kinds, field=args.field
        )
        results = searcher.search(args.query, filters, limit=args.limit, group=True)
        if args.json:
            emit_json(
                {
                    "query": args.query,
                    "note": results.query.note,
                    "more": results.more,
                    "items": [_hit_json(h) for h in results.hits],
                    "index": {"path": str(searcher.path), "sizeBytes": searcher.size_bytes()},
                }
            )
            return 0
        if results.query.note:
            print(f"ckpt-tui: {results.query.note}", file=sys.stderr)
        for hit in results.hits:
            title = hit.session_title or ""
            say(f"{hit.at}  {hit.session_id}  {printable(title, 60)}  ·  {_what(hit)}")
            if hit.snippet:
                say(f"    {hit.snippet.field}: {hit.snippet.text}")
        if not results.hits:
            say("no matches")
        elif results.more:
            say(f"(first {len(results.hits)}; --limit N for more)")
        return 0
    finally:
        searcher.close()


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    help_text = 'search every snapshot and current checkpoint (words, "phrases", prefix*, -word)'
    p = sub.add_parser("search", parents=[common], help=help_text, description=help_text)
    p.add_argument(
        "query",
        metavar="QUERY",
        help='words, "a phrase", prefix*, -excluded (a query that starts with - goes after '
        "--: ckpt-tui search -- -word)",
    )
    p.add_argument("--project", metavar="PROJECT", help="only this project")
    p.add_argument("--session", metavar="SESSION", help="only this session")
    kind = p.add_argument(
        "--kind",
        metavar="KIND",
        action="append",
        help="auto, manual, pre-restore, compaction, legacy, or current (repeatable)",
    )
    kind.complete = "=auto manual pre-restore compaction legacy current"
    p.add_argument("--field", metavar="F", choices=_SearchFields(), help="%(choices)s")
    p.add_argument(
        "--limit", metavar="N", type=_positive, default=20, help="at most N results, each a text and every snapshot holding it (default 20)"
    )
    p.set_defaults(run=cmd_search)

"""Overviews: field history (blame) and the board of sessions in flight."""

from __future__ import annotations

import argparse

from ckpt_tui.cli.output import emit_json, paint, paint_status, say, status_style, table, when
from ckpt_tui.core.text import printable
from ckpt_tui.fields import FIELDS, LABEL, STATUSES, status_label
from ckpt_tui.plural import counted

# Command bodies import the core modules they use when they run: the parser
# is built on the way to the app too.

PAGE = 500


def _origin(o) -> str:
    if o.is_current:
        return f"current checkpoint, {when(o.captured_at)}"
    return f"{o.name} ({o.kind}), {when(o.captured_at)}"


def _local(value) -> str:
    """A time as a column shows it: local, to the minute."""
    return when(value).split(" (", 1)[0]


def cmd_history(args) -> int:
    from ckpt_tui.core import history
    from ckpt_tui.core.service import open_service

    svc = open_service(args.db, read_only=True)
    return report_history(args, history.field_history(svc, args.session, args.field, args.snapshot))


def report_history(args, found) -> int:
    """Print a field history (the store's or the archive's)."""
    if args.json:
        emit_json(found.to_json())
        return 0
    say(f"{LABEL.get(found.field, found.field)} of {_origin(found.shown)}, session {found.session_id}", "bold")
    say(
        f"{counted(found.versions, 'version')} walked"
        + (f", {found.skipped} damaged skipped" if found.skipped else "")
    )
    if found.transitions:
        say("status timeline:")
        for t in found.transitions:
            old = paint_status(t.old) if t.old is not None else "(first version)"
            at = printable(f"{_local(t.at.captured_at)}  ", 200)
            print(f"  {at}{old} → {paint_status(t.new)}  [{printable(t.at.name, 200)}]")
    say("")

    def shown(text: str) -> str:  # a status as a person reads it; other items as they are
        return status_label(text) if found.field == "status" else text

    if not found.lines:
        say("(empty)")
    for line in found.lines:
        mark = " (re-added)" if line.readded else ""
        since = paint(f"{printable(line.since.name, 200):<32} {_local(line.since.captured_at)}{mark}", "dim")
        print(f"{since}  | {printable(shown(line.text), 100_000)}")
    if found.removed:
        say("")
        say(f"removed ({len(found.removed)}):")
        for gone in found.removed:
            say(f"  - {shown(gone.text)}")
            say(f"      was there from {gone.since.name}, gone in {_origin(gone.removed_at)}")
    return 0


def cmd_board(args) -> int:
    from ckpt_tui.core import board as boards
    from ckpt_tui.core.service import open_service

    svc = open_service(args.db, read_only=True)
    statuses = boards.parse_statuses(args.status)
    unknown = [s for s in statuses if s not in STATUSES]
    rows, total, after = [], 0, None
    while True:
        page = boards.board(
            svc, statuses, group=args.group, project_id=args.project, after=after, limit=PAGE
        )
        rows += page.rows
        total, after = page.total, page.cursor
        if after is None:
            break
    _check_statuses(unknown, rows)
    return report_board(args, rows, total, statuses)


def report_board(args, rows, total: int, statuses) -> int:
    """Print the board's rows (the store's or the archive's)."""
    if args.json:
        emit_json(
            {
                "total": total,
                "group": getattr(args, "group", "status"),
                "statuses": list(statuses),
                "items": [r.to_json() for r in rows],
            }
        )
        return 0
    by_origin = any(r.archive_origin for r in rows)  # the archive's board: whose session
    table(
        ["SESSION", *(["ORIGIN"] if by_origin else [])]
        + ["PROJECT", "STATUS", "SNAPSHOTS", "LAST ACTIVITY", "TITLE", "BLOCKERS", "NEXT"],
        [
            (
                r.session_id,
                *([(r.archive_origin or "")[:8]] if by_origin else []),
                r.directory,
                status_label(r.status),
                r.snapshot_count,
                when(r.last_activity),
                r.title,
                "; ".join(r.blockers) or "-",
                r.next_step or "-",
            )
            for r in rows
        ],
        styles={3 if by_origin else 2: status_style},
    )
    return 0


def _check_statuses(unknown: list[str], rows) -> None:
    """A status that is none of SPEC's and that no session has is a mistake
    (``--status bogus``), not an empty board."""
    from ckpt_tui.cli.exits import UsageError
    from ckpt_tui.core.config import closest

    seen = {r.status for r in rows}
    for status in unknown:
        if status not in seen:
            raise UsageError(
                f"no session has status {status!r}{closest(status, STATUSES)}; "
                f"the statuses are {', '.join(STATUSES)} (or any a session has)"
            )


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "history",
        parents=[common],
        help="where each line or item of a field came from (blame)",
        description="Each line of a text field, item of a list field, or the status, with the "
        "snapshot where it first appeared in the run of versions leading to the shown value; "
        "then the items removed, and the status timeline.",
    )
    p.add_argument("session", metavar="SESSION", help="the session id")
    p.add_argument("field", metavar="FIELD", help=f"the field: {', '.join(FIELDS)}")
    p.add_argument(
        "--snapshot",
        metavar="SNAPSHOT",
        help="blame this snapshot (name or id) instead of the current checkpoint",
    )
    p.set_defaults(run=cmd_history, paged=True)
    p = sub.add_parser(
        "board",
        parents=[common],
        help="every session in flight, across projects",
        description="Sessions in progress or blocked in every project, newest activity first.",
    )
    p.add_argument(
        "--status",
        metavar="STATUSES",
        help="the statuses to show, comma-separated (default: in_progress,blocked)",
    )
    p.add_argument("--project", metavar="PROJECT", help="only this project's sessions")
    p.add_argument("--group", choices=("status", "project"), default="status", help="group rows by")
    p.set_defaults(run=cmd_board)

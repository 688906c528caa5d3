"""``ckpt-tui archive ...``: the team archive on PostgreSQL.

Writing it: ``init``, ``migrate`` (its schema), ``push`` (a store into it,
once or ``--watch``). Reading it, as the local commands read the store:
``list origins|projects|sessions|snapshots``, ``show``, ``diff``,
``history``, ``board``, ``search``; ``status`` and ``grants`` (the SQL that
makes a read-only role). Copying an archived snapshot back is the ``copy``
command's (``copy archive:SESSION:SNAPSHOT SESSION``).

The archive is named by ``--archive URL`` on any of them (``init``,
``migrate``, ``push`` and ``status`` also take it as their argument), else
``$CKPT_ARCHIVE_URL``, else the config's ``archive.url``. A URL never
appears here with its password.
"""

from __future__ import annotations

import argparse
import sys

from ckpt_tui.cli.output import emit_json, say, table
from ckpt_tui.errors import CkptError
from ckpt_tui.fields import FIELDS
from ckpt_tui.plural import counted

# Command bodies import the core modules they use when they run.

URL_HELP = (
    "the archive's PostgreSQL URL, postgresql://USER@HOST/DB?sslmode=... (default: "
    "$CKPT_ARCHIVE_URL, else archive.url in the config); libpq's PG* variables and "
    "~/.pgpass fill in what it leaves out. Prefer ~/.pgpass to a password in the URL"
)
ORIGIN_HELP = "the origin (store file) the session was pushed from: its id, or the start of it"
#: Rows a reading command fetches per page while it prints everything.
PAGE = 500


def _url(args) -> str | None:
    given = getattr(args, "url", None)
    option = getattr(args, "archive", None)
    if given and option and given != option:
        raise CkptError("give the archive's URL once: as the argument or as --archive")
    return given or option


def _archive(args):
    from ckpt_tui.core.archive import open_archive

    return open_archive(_url(args))


def _reader(args):
    from ckpt_tui.core.archive_reader import ArchiveReader

    return ArchiveReader(_archive(args))


# -- schema ------------------------------------------------------------------------------


def cmd_init(args) -> int:
    archive = _archive(args)
    try:
        message = archive.init()
    finally:
        archive.close()
    _done(args, message)
    return 0


def cmd_migrate(args) -> int:
    archive = _archive(args)
    try:
        message = archive.migrate()
    finally:
        archive.close()
    _done(args, message)
    return 0


def _done(args, message: str) -> None:
    if args.json:
        emit_json({"message": message})
    else:
        say(message)


def cmd_grants(args) -> int:
    from ckpt_tui.core.archive import read_only_grants

    for line in read_only_grants(args.role):
        say(line)
    return 0


def cmd_status(args) -> int:
    from ckpt_tui.core.archive import schema_name

    reader = _reader(args)
    try:
        version = reader.archive.version_in_force()
        size = reader.archive.size_bytes()
        origins = reader.origins()
    finally:
        reader.close()
    if args.json:
        emit_json(
            {
                "archive": reader.archive.shown,
                "schema": schema_name(),
                "version": version,
                "sizeBytes": size,
                "origins": [_origin_json(o) for o in origins],
            }
        )
        return 0
    say(
        f"archive {reader.archive.shown}: schema {schema_name()} version {version}, {size / 1e6:.1f} MB"
    )
    snapshots = sum(o.snapshot_count for o in origins)
    say(f"{counted(len(origins), 'origin')}, {counted(snapshots, 'snapshot', grouped=True)}")
    return 0


# -- push --------------------------------------------------------------------------------


class _Progress:
    """``pushing snapshots 12,000 / 50,000 (24%)`` rewritten in place on a
    terminal's stderr; nothing when stderr is not a terminal."""

    LABEL = {
        "projects": "projects",
        "sessions": "sessions",
        "snapshots": "snapshots",
        "checkpoints": "checkpoints",
        "pruned": "marking pruned snapshots",
        "index-snapshots": "indexing snapshots for search",
    }

    def __init__(self, stream) -> None:
        self.stream = stream
        self.shown = False

    def __call__(self, phase: str, done: int, total: int) -> None:
        if not total:
            return
        pct = 100 * done // total
        self.stream.write(f"\r\x1b[Kckpt-tui: {self._verb(phase)} {done:,} / {total:,} ({pct}%)")
        self.stream.flush()
        self.shown = True

    def _verb(self, phase: str) -> str:
        label = self.LABEL.get(phase, phase)
        return label if phase.startswith("index-") else f"pushing {label}"

    def finish(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def progress_for(stream):
    """A progress line on ``stream`` if it is a terminal, else ``None``."""
    isatty = getattr(stream, "isatty", None)
    return _Progress(stream) if isatty is not None and isatty() else None


def _push_json(result) -> dict:
    s = result.stats
    return {
        "store": str(result.store),
        "archive": result.archive,
        "projects": s.projects,
        "sessions": s.sessions,
        "checkpoints": s.checkpoints,
        "snapshots": s.snapshots,
        "restored": s.restored,
        "pruned": s.pruned,
        "skipped": list(s.skipped),
        "archivedSnapshots": s.archived_snapshots,
        "archivedPruned": s.archived_pruned,
        "seconds": round(result.seconds, 3),
        "indexed": None
        if result.indexed is None
        else {"snapshots": result.indexed.snapshots, "seconds": round(result.indexed.seconds, 3)},
    }


def _report_push(args, result, progress) -> None:
    if progress is not None:
        progress.finish()
    if args.json:
        emit_json(_push_json(result))
        return
    say(result.message())
    for line in result.stats.skipped:
        print(f"ckpt-tui: warning: {line}", file=sys.stderr)


def cmd_push(args) -> int:
    archive = _archive(args)
    progress = progress_for(sys.stderr)
    try:
        if args.watch:
            return _watch(args, archive, progress)
        result = archive.push(
            args.db, host=args.host, batch=args.batch, progress=progress, index=not args.no_index
        )
        _report_push(args, result, progress)
        return 0
    finally:
        if progress is not None:
            progress.finish()
        archive.close()


def cmd_index(args) -> int:
    archive = _archive(args)
    progress = progress_for(sys.stderr)
    try:
        done = archive.index(batch=args.batch, progress=progress)
    finally:
        if progress is not None:
            progress.finish()
        archive.close()
    message = f"indexed {counted(done.snapshots, 'snapshot')} for search in {done.seconds:.1f} s"
    _done(args, message)
    return 0


def _watch(args, archive, progress) -> int:
    """Push now and on every change of the store until Ctrl-C (or SIGTERM):
    the push under way finishes first; a second Ctrl-C stops at once."""
    import signal
    import threading

    stop = threading.Event()

    def stop_watching(signum, frame):  # noqa: ARG001 - the signal module's signature
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = {s: signal.signal(s, stop_watching) for s in (signal.SIGINT, signal.SIGTERM)}

    def on_error(error: CkptError) -> None:
        if progress is not None:
            progress.finish()
        print(f"ckpt-tui: {error} (trying again)", file=sys.stderr)

    try:
        pushes = archive.watch(
            args.db,
            stop=stop,
            interval=args.interval,
            on_push=lambda result: _report_push(args, result, progress),
            on_error=on_error,
            host=args.host,
            batch=args.batch,
            progress=progress,
        )
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if not args.json:
        print(f"ckpt-tui: stopped watching after {counted(pushes, 'push')}", file=sys.stderr)
    return 0


# -- reading -------------------------------------------------------------------------------


def _origin_json(o) -> dict:
    return {
        "id": o.id,
        "host": o.host,
        "storePath": o.store_path,
        "firstPushAt": o.first_push_at,
        "lastPushAt": o.last_push_at,
        "projects": o.project_count,
        "sessions": o.session_count,
        "snapshots": o.snapshot_count,
        "pruned": o.pruned_count,
    }


def _all(fetch) -> tuple[list, int]:
    """Every row of a paged list: ``fetch(after, limit)`` page after page."""
    rows, after = [], None
    while True:
        page = fetch(after, PAGE)
        rows += page.rows
        if page.cursor is None:
            return rows, page.total
        after = page.cursor


def cmd_list_origins(args) -> int:
    reader = _reader(args)
    try:
        rows = reader.origins()
    finally:
        reader.close()
    if args.json:
        emit_json({"total": len(rows), "items": [_origin_json(o) for o in rows]})
        return 0
    table(
        ["ORIGIN", "HOST", "STORE", "SNAPSHOTS", "PRUNED", "LAST PUSH"],
        [
            (o.id, o.host, o.store_path, o.snapshot_count, o.pruned_count, o.last_push_at)
            for o in rows
        ],
    )
    return 0


def cmd_list_projects(args) -> int:
    from ckpt_tui.cli import jsonview

    reader = _reader(args)
    try:
        origin = reader.origin(args.origin) if args.origin else None
        rows, total = _all(lambda after, limit: reader.projects(after, limit, origin=origin))
    finally:
        reader.close()
    if args.json:
        items = [jsonview.project(r) | {"origins": list(r.origins)} for r in rows]
        emit_json({"total": total, "items": items})
        return 0
    table(
        ["ID", "DIRECTORY", "SESSIONS", "ORIGINS", "LAST ACTIVITY"],
        [
            (
                r.id,
                r.directory,
                r.session_count,
                ",".join(o[:8] for o in r.origins),
                r.last_activity,
            )
            for r in rows
        ],
    )
    return 0


def cmd_list_sessions(args) -> int:
    from ckpt_tui.cli import jsonview
    from ckpt_tui.cli.store_cmds import _status

    reader = _reader(args)
    try:
        origin = reader.origin(args.origin) if args.origin else None
        rows, total = _all(
            lambda after, limit: reader.sessions(args.project, after, limit, origin=origin)
        )
    finally:
        reader.close()
    if args.json:
        items = [jsonview.session(r) | {"origin": r.archive_origin} for r in rows]
        emit_json({"total": total, "items": items})
        return 0
    table(
        ["ID", "ORIGIN", "PROJECT", "STATUS", "SNAPSHOTS", "UPDATED", "TITLE"],
        [
            (
                r.id,
                (r.archive_origin or "")[:8],
                r.project_id,
                _status(r),
                r.snapshot_count,
                r.updated_at,
                r.display_title,
            )
            for r in rows
        ],
    )
    return 0


def cmd_list_snapshots(args) -> int:
    from ckpt_tui.cli import jsonview

    reader = _reader(args)
    try:
        kinds = [args.kind] if args.kind else None
        rows, total = _all(
            lambda after, limit: reader.snapshots(
                args.session, origin=args.origin, kinds=kinds, after=after, limit=limit
            )
        )
    finally:
        reader.close()
    if args.json:
        items = [jsonview.snapshot(r) | {"archived": r.archived} for r in rows]
        emit_json({"total": total, "items": items})
        return 0
    table(
        ["NAME", "KIND", "CAPTURED", "RESTORED", "ARCHIVED"],
        [
            (r.name, r.kind, r.captured_at, r.restored_at or "", "pruned" if r.archived else "")
            for r in rows
        ],
    )
    return 0


def cmd_show(args) -> int:
    from ckpt_tui import timeutil
    from ckpt_tui.cli import jsonview
    from ckpt_tui.cli.store_cmds import _print_checkpoint
    from ckpt_tui.core.model import Damaged

    reader = _reader(args)
    try:
        if args.snapshot:
            view = reader.snapshot(args.session, args.snapshot, origin=args.origin)
            current = None
        else:
            current = reader.current(args.session, origin=args.origin)
    finally:
        reader.close()
    if current is None:
        row = view.row
        if args.json:
            emit_json(
                {
                    "snapshot": jsonview.snapshot(row) | {"archived": row.archived},
                    "origin": view.origin,
                    **jsonview.content(view.content),
                }
            )
            return 0
        pruned = ", pruned from its store: only the archive has it" if row.archived else ""
        say(f"snapshot {row.name} ({row.kind}, {row.captured_at}{pruned})")
        if isinstance(view.content, Damaged):
            say(f"DAMAGED: {view.content.reason}")
            say(view.content.raw)
        else:
            _print_checkpoint(view.content)
        return 0
    if current.checkpoint is None:
        raise CkptError(f"session {args.session} has no checkpoint in the archive")
    if args.json:
        emit_json(
            {
                "session": jsonview.session(current.session)
                | {"origin": current.session.archive_origin},
                "updatedAt": timeutil.normalize(current.updated_at),
                **jsonview.content(current.checkpoint),
            }
        )
        return 0
    say(
        f"session {current.session.id} (origin {current.session.archive_origin}, "
        f"as last pushed: updated {timeutil.normalize(current.updated_at)})"
    )
    _print_checkpoint(current.checkpoint)
    return 0


def cmd_diff(args) -> int:
    from ckpt_tui.cli.store_cmds import report_comparison

    reader = _reader(args)
    try:
        comparison = reader.compare(args.session, args.a, args.b, origin=args.origin)
    finally:
        reader.close()
    return report_comparison(args, comparison)


def cmd_history(args) -> int:
    from ckpt_tui.cli.views_cmds import report_history

    reader = _reader(args)
    try:
        found = reader.field_history(args.session, args.field, args.snapshot, origin=args.origin)
    finally:
        reader.close()
    return report_history(args, found)


def cmd_board(args) -> int:
    from ckpt_tui.cli.views_cmds import report_board
    from ckpt_tui.core.board import parse_statuses

    statuses = parse_statuses(args.status)
    reader = _reader(args)
    try:
        rows, total = _all(
            lambda after, limit: reader.board(
                statuses, project_id=args.project, origin=args.origin, after=after, limit=limit
            )
        )
    finally:
        reader.close()
    return report_board(args, rows, total, statuses)


def cmd_search(args) -> int:
    from ckpt_tui.cli.search_cmd import _hit_json
    from ckpt_tui.core.text import printable

    reader = _reader(args)
    try:
        results = reader.search(
            args.query,
            origin=args.origin,
            project_id=args.project,
            session_id=args.session,
            kinds=tuple(args.kind or ()),
            current_only=args.current,
            limit=args.limit,
        )
    finally:
        reader.close()
    if args.json:
        items = [
            _hit_json(h.hit) | {"origin": h.origin, "archived": h.archived} for h in results.hits
        ]
        emit_json({"query": args.query, "more": results.more, "items": items})
        return 0
    for found in results.hits:
        hit = found.hit
        what = "current checkpoint" if hit.current else f"{hit.snapshot_name} ({hit.kind})"
        if found.archived:
            what += ", pruned from its store"
        title = printable(hit.session_title or "", 60)
        say(f"{hit.at}  {found.origin[:8]}  {hit.session_id}  {title}  ·  {what}")
        if hit.snippet:
            say(f"    {hit.snippet.field}: {hit.snippet.text}")
    if not results.hits:
        say("no matches")
    elif results.more:
        say(f"(first {len(results.hits)}; --limit N for more)")
    return 0


# -- copying back (the ``copy`` command's archive form) ------------------------------------


def archive_copy_planner(args, fields: list[str] | None):
    """For ``copy archive:SESSION:SNAPSHOT TARGET``: the archived snapshot is
    read now, before the store's write lock; the plan is made under it."""
    from ckpt_tui.core import archive

    ref = archive.parse_ref(args.source)
    reader = _reader(args)
    try:
        source = archive.copy_source(reader, ref)
    finally:
        reader.close()
    return lambda svc: archive.plan_copy(svc, source, args.target, fields)


def add_archive_option(parser) -> None:
    parser.add_argument("--archive", metavar="URL", help=URL_HELP)


# -- the parser ----------------------------------------------------------------------------


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError("must be more than 0 seconds")
    return value


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    text = "the team archive on PostgreSQL: push this store into it, read every machine's"
    top = sub.add_parser("archive", help=text, description=text)
    asub = top.add_subparsers(dest="archive_command", metavar="WHAT", required=True)

    def add(name, func, help_text, *, url_argument=False):
        p = asub.add_parser(name, parents=[common], help=help_text, description=help_text)
        if url_argument:
            p.add_argument("url", metavar="URL", nargs="?", help=URL_HELP)
        add_archive_option(p)
        p.set_defaults(run=func)
        return p

    add("init", cmd_init, "create the archive's schema (once)", url_argument=True)
    add(
        "migrate",
        cmd_migrate,
        "bring the archive's schema to this ckpt-tui's version",
        url_argument=True,
    )
    p = add(
        "push",
        cmd_push,
        "copy this store's projects, sessions, checkpoints and every snapshot into the archive "
        "(only what is new; the archive keeps what the plugin prunes)",
        url_argument=True,
    )
    p.add_argument(
        "--watch",
        action="store_true",
        help="keep pushing each time the store changes, until Ctrl-C",
    )
    p.add_argument(
        "--interval",
        metavar="SECONDS",
        type=_seconds,
        default=2.0,
        help="with --watch: how often to look for a change (default: 2)",
    )
    p.add_argument(
        "--batch",
        metavar="N",
        type=_positive,
        help="snapshots per transaction (default: 5000); a push stopped midway keeps "
        "every whole batch",
    )
    p.add_argument(
        "--host",
        metavar="LABEL",
        help="the host label of this store's rows (default: this machine's host name)",
    )
    p.add_argument(
        "--no-index",
        action="store_true",
        help="copy only; leave the new snapshots' search words to a later push or archive index",
    )
    p = add(
        "index",
        cmd_index,
        "make the search words of snapshots pushed without them (a push makes them as it copies)",
        url_argument=True,
    )
    p.add_argument("--batch", metavar="N", type=_positive, help="rows per transaction")
    add("status", cmd_status, "the archive's schema version, size and origins", url_argument=True)
    p = asub.add_parser(
        "grants",
        parents=[common],
        help="print the SQL that lets a role browse the archive, read-only",
        description="Print the GRANT statements a PostgreSQL role needs to browse the archive "
        "(SELECT only); run them as the archive's owner.",
    )
    p.add_argument("role", metavar="ROLE", help="the role to grant")
    p.set_defaults(run=cmd_grants)

    lst = asub.add_parser("list", help="list origins, projects, sessions or snapshots")
    lsub = lst.add_subparsers(dest="what", metavar="WHAT", required=True)

    def add_list(name, func, help_text):
        p = lsub.add_parser(name, parents=[common], help=help_text, description=help_text)
        add_archive_option(p)
        p.set_defaults(run=func)
        return p

    add_list("origins", cmd_list_origins, "the store files that pushed, and their hosts")
    p = add_list("projects", cmd_list_projects, "projects across origins, newest first")
    p.add_argument("--origin", metavar="ORIGIN", help="only this origin's projects")
    p = add_list("sessions", cmd_list_sessions, "sessions across origins, newest first")
    p.add_argument("--project", metavar="PROJECT", help="only this project's sessions")
    p.add_argument("--origin", metavar="ORIGIN", help="only this origin's sessions")
    p = add_list(
        "snapshots", cmd_list_snapshots, "a session's snapshots, pruned ones included, newest first"
    )
    p.add_argument(
        "session", metavar="SESSION", help="a session id (ckpt-tui archive list sessions)"
    )
    p.add_argument("--origin", metavar="ORIGIN", help=ORIGIN_HELP)
    p.add_argument("--kind", metavar="KIND", help="only this kind")

    p = add("show", cmd_show, "show an archived session's checkpoint or one of its snapshots")
    p.add_argument("session", metavar="SESSION", help="a session id")
    p.add_argument("--snapshot", metavar="SNAPSHOT", help="show this snapshot (name or id)")
    p.add_argument("--origin", metavar="ORIGIN", help=ORIGIN_HELP)
    p = add("diff", cmd_diff, "diff archived snapshot A against B (default: the checkpoint)")
    p.add_argument("session", metavar="SESSION", help="a session id")
    p.add_argument("a", metavar="A", help="the older side: a snapshot (name or id)")
    p.add_argument("b", metavar="B", nargs="?", help="the newer side (default: the checkpoint)")
    p.add_argument("--origin", metavar="ORIGIN", help=ORIGIN_HELP)
    p = add(
        "history",
        cmd_history,
        "where each line or item of a field came from, over every archived snapshot",
    )
    p.add_argument("session", metavar="SESSION", help="a session id")
    p.add_argument("field", metavar="FIELD", help=f"the field: {', '.join(FIELDS)}")
    p.add_argument("--snapshot", metavar="SNAPSHOT", help="blame this snapshot instead")
    p.add_argument("--origin", metavar="ORIGIN", help=ORIGIN_HELP)
    p = add("board", cmd_board, "every session in flight, across projects and origins")
    p.add_argument(
        "--status",
        metavar="STATUSES",
        help="the statuses to show, comma-separated (default: in_progress,blocked)",
    )
    p.add_argument("--project", metavar="PROJECT", help="only this project's sessions")
    p.add_argument("--origin", metavar="ORIGIN", help="only this origin's sessions")
    p = add(
        "search",
        cmd_search,
        'search every archived snapshot and checkpoint, newest first (words, "phrases", '
        "prefix*, -word)",
    )
    p.add_argument("query", metavar="QUERY", help="what to look for")
    p.add_argument("--origin", metavar="ORIGIN", help="only this origin's rows")
    p.add_argument("--project", metavar="PROJECT", help="only this project's")
    p.add_argument("--session", metavar="SESSION", help="only this session's")
    p.add_argument("--kind", metavar="KIND", action="append", help="only this snapshot kind")
    p.add_argument("--current", action="store_true", help="only current checkpoints")
    p.add_argument("--limit", metavar="N", type=_positive, default=20, help="hits (default: 20)")

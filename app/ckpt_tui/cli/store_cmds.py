"""Commands over the checkpoint store: list, show, diff, restore, copy, undo,
redo, snapshot, migrate, doctor, demo."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ckpt_tui import paths, timeutil
from ckpt_tui.cli.output import emit_json, say, status_style, table, when
from ckpt_tui.cli.plans import add_write_options
from ckpt_tui.cli.plans import report as _report
from ckpt_tui.cli.plans import report_dry_run as _dry_run
from ckpt_tui.core.text import printable
from ckpt_tui.errors import CkptError, NotFound
from ckpt_tui.fields import FIELDS, LABEL, status_label

if TYPE_CHECKING:
    from ckpt_tui.core.model import Checkpoint

# Command bodies import the views and the core modules they use when they
# run: `ckpt-tui` with no subcommand builds this parser on its way to the app.


#: Help lines shared by every command that takes these arguments.
SESSION_HELP = "a session id (ckpt-tui list sessions)"
SNAPSHOT_HELP = "its name or id; ckpt-tui list snapshots SESSION"


def _service(args, *, read_only: bool = False):
    from ckpt_tui.core.service import open_service

    return open_service(args.db, read_only=read_only or getattr(args, "read_only", False))


def _reader(args):
    """The store, read only, for list, show and diff (no write side imported)."""
    from ckpt_tui.core.reads import open_reader

    return open_reader(args.db)


# -- list -------------------------------------------------------------------


def cmd_list_projects(args) -> int:
    svc = _reader(args)
    page = svc.all_projects()  # plain sqlite3: no SQLAlchemy import for this command
    rows, total = _limited(page.rows, args), page.total
    if args.json:
        from ckpt_tui.cli import jsonview

        emit_json({"total": total, "items": [jsonview.project(r) for r in rows]})
        return 0
    table(
        ["ID", "DIRECTORY", "SESSIONS", "LAST ACTIVITY"],
        [(r.id, r.directory, r.session_count, when(r.last_activity)) for r in rows],
    )
    _more(len(rows), total)
    return 0


def _limited(rows: list, args) -> list:
    """``--limit N``: the first N rows (the total is still the store's)."""
    limit = getattr(args, "limit", None)
    return rows if limit is None else rows[:limit]


def _more(shown: int, total: int) -> None:
    """Under a table cut by ``--limit``: how many rows there are."""
    if shown < total:
        import sys

        print(f"ckpt-tui: {shown} of {total} shown (--limit)", file=sys.stderr)


def cmd_list_sessions(args) -> int:
    if getattr(args, "opencode", False):
        from ckpt_tui.cli.opencode_cmds import list_opencode_sessions

        return list_opencode_sessions(args)
    svc = _reader(args)
    page = svc.all_sessions(args.project)  # plain sqlite3, as list projects
    rows, total = _limited(page.rows, args), page.total
    if args.json:
        from ckpt_tui.cli import jsonview

        emit_json({"total": total, "items": [jsonview.session(r) for r in rows]})
        return 0
    table(
        ["ID", "PROJECT", "STATUS", "SNAPSHOTS", "UPDATED", "TITLE"],
        [
            (r.id, r.project_id, _status(r), r.snapshot_count, when(r.updated_at), r.display_title)
            for r in rows
        ],
        styles={2: status_style},
    )
    _more(len(rows), total)
    return 0


def _status(row) -> str:
    if not row.has_checkpoint:
        return "-"
    label = status_label(str(row.status))  # as the app says it; JSON keeps the value
    return f"{label} (placeholder)" if row.synthesized else label


def cmd_list_snapshots(args) -> int:
    svc = _reader(args)
    svc.session(args.session)  # an unknown id is an error, not an empty list
    kind = svc.check_kind(args.kind, args.session) if args.kind is not None else None
    page = svc.all_snapshots(args.session, kind)  # plain sqlite3, as list projects
    rows, total = _limited(page.rows, args), page.total
    summaries = svc.summaries(args.session, rows) if args.summary else {}
    if args.json:
        from ckpt_tui.cli import jsonview

        emit_json(
            {"total": total, "items": [jsonview.snapshot(r, summaries.get(r.id)) for r in rows]}
        )
        return 0
    headers = ["NAME", "KIND", "CAPTURED", "RESTORED"] + (["CHANGES"] if args.summary else [])
    table(
        headers,
        [
            (r.name, r.kind, when(r.captured_at), when(r.restored_at) if r.restored_at else "")
            + ((summaries.get(r.id, ""),) if args.summary else ())
            for r in rows
        ],
    )
    _more(len(rows), total)
    return 0


# -- show / diff --------------------------------------------------------------


def _print_checkpoint(cp: Checkpoint) -> None:
    """The fields as ``diff --format patch`` renders them (it applies to this
    text), then what the payload says beyond them."""
    from ckpt_tui.cli.textdiff import field_lines, painted
    from ckpt_tui.core.model import DamagedField

    for name in FIELDS:
        for line in field_lines(name, cp.get(name)):
            print(painted(line))
    if isinstance(cp.synthesized, DamagedField):
        bad = cp.synthesized
        say(f"synthesized: DAMAGED ({bad.reason}): {printable(bad.shown(), 2000)}")
    elif cp.synthesized:
        say("(placeholder made by the plugin at compaction)")
    for key, value in cp.extra.items():
        say(f"{key} (extra): {value!r}")


def cmd_show(args) -> int:
    from ckpt_tui.cli import jsonview
    from ckpt_tui.core.model import Damaged

    svc = _reader(args)
    if args.snapshot:
        view = svc.snapshot(args.session, args.snapshot)
        if args.json:
            emit_json({"snapshot": jsonview.snapshot(view.row), **jsonview.content(view.content)})
            return 0
        say(f"snapshot {view.row.name} ({view.row.kind}), captured {when(view.row.captured_at)}", "dim")
        if isinstance(view.content, Damaged):
            say(f"DAMAGED: {view.content.reason}")
            say(view.content.raw)
        else:
            _print_checkpoint(view.content)
        return 0
    current = svc.current(args.session)
    if current.checkpoint is None:
        raise NotFound(f"session {args.session} has no checkpoint")
    if args.json:
        emit_json(
            {
                "session": jsonview.session(current.session),
                "updatedAt": timeutil.normalize(current.updated_at),
                **jsonview.content(current.checkpoint),
            }
        )
        return 0
    say(f"session {current.session.id}, updated {when(current.updated_at)}", "dim")
    _print_checkpoint(current.checkpoint)
    return 0


def cmd_diff(args) -> int:
    svc = _reader(args)
    if getattr(args, "against", None):
        comparison = _compare_across(svc, args)
    else:
        comparison = svc.compare(args.session, args.a, args.b)
    return report_comparison(args, comparison)


def report_comparison(args, comparison) -> int:
    """Print a diff (the store's or the archive's): unified lines, or JSON."""
    from ckpt_tui.cli import jsonview, textdiff

    if args.json:
        emit_json(jsonview.diff(comparison.diff, comparison.old_label, comparison.new_label))
        return 0
    if args.format == "patch":
        lines = textdiff.patch_lines(
            comparison.diff, args.session, comparison.old_label, comparison.new_label
        )
        if lines:
            print(lines[0])
            print("\n".join(textdiff.diff_painted(line) for line in lines[1:]))
        return 0
    say(f"--- {comparison.old_label}", "bold")
    say(f"+++ {comparison.new_label}", "bold")
    if comparison.diff.is_empty:
        say("(no differences)")
    for line in textdiff.unified_lines(comparison.diff):
        print(textdiff.diff_painted(printable(line, 100_000)))
    return 0


def _compare_across(svc, args):
    from ckpt_tui.core import across

    if args.b is not None:
        raise CkptError("give B or --against, not both")
    return across.compare(
        svc, across.Ref(args.session, args.a), across.parse_ref(svc, args.against)
    )


# -- writes ---------------------------------------------------------------------


def _plan_then_write(args, make_plan) -> int:
    """``--dry-run``: print the plan. Otherwise plan and write under one lock
    (a save of the plugin meanwhile is included, not refused), unless
    ``--if-unchanged`` asks to refuse when the checkpoint moved."""
    svc = _service(args, read_only=args.dry_run)
    try:
        if args.dry_run:
            return _dry_run(args, make_plan(svc))
        plan, outcome = svc.plan_and_apply(lambda: make_plan(svc), if_unchanged=args.if_unchanged)
    finally:
        svc.close()
    return _report(args, outcome, plan)


def cmd_restore(args) -> int:
    fields = args.fields.split(",") if args.fields else None
    return _plan_then_write(args, lambda svc: svc.plan_restore(args.session, args.snapshot, fields))


def cmd_copy(args) -> int:
    """A copy across sessions is planned and applied exactly as a restore is;
    so is a copy from the archive (``archive:SESSION:SNAPSHOT``)."""
    from ckpt_tui.core import across

    fields = args.fields.split(",") if args.fields else None
    if args.source.startswith(("archive:", "archive@")):
        from ckpt_tui.cli.archive_cmds import archive_copy_planner

        return _plan_then_write(args, archive_copy_planner(args, fields))
    return _plan_then_write(
        args,
        lambda svc: across.plan_copy(svc, across.parse_ref(svc, args.source), args.target, fields),
    )


def cmd_undo(args) -> int:
    """An undo that cannot tell which fields to take back prints them in one
    line and writes nothing; ``--fields`` chooses."""
    from ckpt_tui.errors import ChooseFields
    from ckpt_tui.fields import LABEL

    fields = args.fields.split(",") if args.fields else None
    try:
        return _plan_then_write(args, lambda svc: svc.plan_undo(args.session, fields))
    except ChooseFields as exc:
        chosen = ",".join(LABEL.get(k, k).lower() for k in exc.candidates)
        raise ChooseFields(
            f"{exc}; `ckpt-tui undo {args.session} --fields {chosen}` takes them back",
            exc.candidates,
        ) from None


def cmd_redo(args) -> int:
    fields = args.fields.split(",") if args.fields else None
    return _plan_then_write(args, lambda svc: svc.plan_redo(args.session, fields))


def cmd_snapshot(args) -> int:
    svc = _service(args)
    return _report(args, svc.snapshot_create(args.session, args.name))


# -- maintenance ------------------------------------------------------------------


def cmd_migrate(args) -> int:
    from ckpt_tui.core.maintenance import migrate

    result = migrate(args.db)
    if args.json:
        emit_json(result)
    else:
        say(result["message"])
    return 0


def cmd_doctor(args) -> int:
    from ckpt_tui.core.maintenance import doctor

    report = doctor(args.db)
    if args.json:
        emit_json(report)
    else:
        for check in report["checks"]:
            mark = "ok " if check["ok"] else "BAD"
            say(f"[{mark}] {check['name']}: {check['detail']}")
            for item in check.get("items") or check.get("problems") or ():
                for line in _doctor_item(item).splitlines():
                    say(f"      {line}")
    return 0 if report["ok"] else 1


def _doctor_item(item) -> str:
    """One thing ``doctor`` found, on one line: where, which field, why."""
    if not isinstance(item, dict):
        return " ".join(item) if isinstance(item, list) else str(item)
    if "table" in item:  # a value that is not UTF-8, in any table
        return f"{item['table']} {item['row']} {item['column']}: {item['reason']}"
    where = item["session"] + (f"/{item['snapshot']}" if item.get("snapshot") else "")
    if "field" in item:
        where += ("" if item.get("snapshot") else " (checkpoint)") + f" {item['field']}"
    return f"{where}: {item['reason']}" if item.get("reason") else where


def cmd_demo(args) -> int:
    import shlex
    from pathlib import Path

    from ckpt_tui.core.demo import build_demo

    target = Path(args.dir) if args.dir else paths.cache_dir() / "demo"
    result = build_demo(target, seed=args.seed, force=args.force)
    if args.json:
        emit_json(result)
    else:
        say(f"demo store written to {result['db']}, opencode's data for it to {result['opencode']}")
        say(
            f"open it with: {_this_executable()} --db {shlex.quote(result['db'])} "
            f"--opencode-data {shlex.quote(result['opencode'])}"
        )
    return 0


def _this_executable() -> str:
    """How to run this ckpt-tui again: ``ckpt-tui`` when that is what the
    PATH finds, else its own path (after ``make demo`` the venv's bin is not
    on the PATH), else ``python -m ckpt_tui``."""
    import os
    import shlex
    import shutil
    import sys

    me = os.path.abspath(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if os.path.basename(me) != "ckpt-tui":
        return f"{shlex.quote(sys.executable)} -m ckpt_tui"
    found = shutil.which("ckpt-tui")
    if found and os.path.realpath(found) == os.path.realpath(me):
        return "ckpt-tui"
    return shlex.quote(me)


def _register_list(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    """``list projects``, ``list sessions``, ``list snapshots``."""
    lst = sub.add_parser("list", help="list projects, sessions or snapshots")
    lsub = lst.add_subparsers(dest="what", metavar="WHAT", required=True)
    p = lsub.add_parser("projects", parents=[common], help="projects in the store")
    _limit_option(p)
    p.set_defaults(run=cmd_list_projects)
    p = lsub.add_parser("sessions", parents=[common], help="sessions, newest first")
    p.add_argument("--project", metavar="PROJECT", help="only this project's sessions")
    p.add_argument("--opencode", action="store_true", help="opencode's sessions, with checkpoints")
    p.add_argument(
        "--opencode-data", metavar="DIR", help="opencode's data dir", default=argparse.SUPPRESS
    )
    _limit_option(p)
    p.set_defaults(run=cmd_list_sessions)
    p = lsub.add_parser("snapshots", parents=[common], help="a session's snapshots, newest first")
    p.add_argument("session", metavar="SESSION", help=SESSION_HELP)
    p.add_argument(
        "--kind",
        metavar="KIND",
        help="only this kind: auto, manual, pre-restore, compaction, legacy (or one in the store)",
    )
    p.add_argument("--summary", action="store_true", help="add each row's change summary")
    _limit_option(p)
    p.set_defaults(run=cmd_list_snapshots)


def positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _limit_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--limit",
        metavar="N",
        type=positive,
        help="at most N rows, the first in the list's order (JSON's total still counts all)",
    )


def _register_writes(add) -> None:
    """The commands that change a checkpoint: restore, copy, undo, redo,
    snapshot (``add`` makes a subcommand with the common options)."""
    p = add("restore", cmd_restore, "restore a snapshot, whole or some fields")
    p.add_argument("session", metavar="SESSION", help=SESSION_HELP)
    p.add_argument(
        "snapshot", metavar="SNAPSHOT", help=f"the snapshot to restore ({SNAPSHOT_HELP})"
    )
    p.add_argument(
        "--fields",
        metavar="FIELDS",
        help="restore only these fields, comma-separated, as the app names them or as "
        "JSON does (any case): " + ", ".join(f"{LABEL[k]}/{k}" for k in FIELDS),
    )
    add_write_options(p)
    p = add(
        "copy", cmd_copy, "copy a snapshot or checkpoint of one session into another's checkpoint"
    )
    p.add_argument(
        "source",
        metavar="FROM",
        help="what to copy: SESSION (its current checkpoint), SESSION:SNAPSHOT, or "
        "archive[@ORIGIN]:SESSION:SNAPSHOT (a snapshot of the team archive, pruned ones too)",
    )
    p.add_argument("target", metavar="SESSION", help="the session whose checkpoint receives it")
    p.add_argument(
        "--fields",
        metavar="FIELDS",
        help="copy only these fields, comma-separated, as the app names them or as "
        "JSON does (any case): " + ", ".join(f"{LABEL[k]}/{k}" for k in FIELDS),
    )
    add_write_options(p)
    p.add_argument(
        "--archive",
        metavar="URL",
        help="with FROM archive:...: the archive's PostgreSQL URL (default: $CKPT_ARCHIVE_URL, "
        "else archive.url in the config)",
    )
    p = add("undo", cmd_undo, "undo the last restore, undo's redo, adoption or snapshot")
    p.add_argument("session", metavar="SESSION", help=SESSION_HELP)
    p.add_argument(
        "--fields",
        metavar="FIELDS",
        help="take back only these fields, comma-separated; when ckpt-tui did not record the "
        "last restore, undo lists the fields it may take back and writes nothing until "
        "they are chosen here",
    )
    add_write_options(p)
    p = add("redo", cmd_redo, "redo what undo took back")
    p.add_argument("session", metavar="SESSION", help=SESSION_HELP)
    p.add_argument("--fields", metavar="FIELDS", help="redo only these fields, comma-separated")
    add_write_options(p)
    p = add("snapshot", cmd_snapshot, "save the current checkpoint as a named manual snapshot")
    p.add_argument("session", metavar="SESSION", help=SESSION_HELP)
    p.add_argument("name", metavar="NAME", help="the new snapshot's name (unique in the session)")


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    def add(name, func, help_text, paged=False, **kw):
        p = sub.add_parser(name, parents=[common], help=help_text, description=help_text, **kw)
        p.set_defaults(run=func, paged=paged)
        return p

    _register_list(sub, common)

    p = add("show", cmd_show, "show the current checkpoint or a snapshot", paged=True)
    p.add_argument("session", metavar="SESSION", help=SESSION_HELP)
    p.add_argument(
        "--snapshot", metavar="SNAPSHOT", help=f"show this snapshot instead ({SNAPSHOT_HELP})"
    )
    p = add(
        "diff", cmd_diff, "diff snapshot A against B (default: the current checkpoint)", paged=True
    )
    p.add_argument("session", metavar="SESSION", help=SESSION_HELP)
    p.add_argument("a", metavar="A", help=f"the older side: a snapshot ({SNAPSHOT_HELP})")
    p.add_argument(
        "b",
        metavar="B",
        nargs="?",
        help="the newer side: a snapshot (default: the current checkpoint)",
    )
    p.add_argument(
        "--against",
        metavar="OTHER",
        help="diff A against another session: OTHER is SESSION (its current checkpoint) or "
        "SESSION:SNAPSHOT (B is then not given)",
    )
    p.add_argument(
        "--format",
        choices=("human", "patch"),
        default="human",
        help="human: each changed field as a person reads it (the default); patch: a unified "
        "diff of the two checkpoints as `show` prints them, for patch, git apply and diff viewers",
    )
    _register_writes(add)
    add("migrate", cmd_migrate, "migrate the store to the current schema, after a backup copy")
    add("doctor", cmd_doctor, "check the store: schema, integrity, keys, damaged payloads")
    p = add("demo", cmd_demo, "write a demo store")
    p.add_argument("--dir", metavar="DIR", help="where (default: the cache dir)")
    p.add_argument(
        "--seed", metavar="N", type=int, default=7, help="seed for the made-up data (default: 7)"
    )
    p.add_argument("--force", action="store_true", help="replace an existing demo store")

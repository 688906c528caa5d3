"""Commands for legacy state and hand-offs: legacy scan/import/imports/undo,
adopt, handoff.

Exit codes: 0 when done (or nothing to do), 1 on a :class:`CkptError` (one
line on stderr) and when ``legacy import`` skipped a foreign or damaged file
(the report is still printed, as JSON with ``--json``).

JSON shapes (``--json``)

``legacy scan [--scan DIR ...]``::

    {"directoriesChecked": 3,
     "counts": {"importable": 1, "already-imported": 1, "foreign": 0, "damaged": 1},
     "items": [{"file": ".../.opencode/state/checkpoint.json", "directory": "...",
                "status": "importable|already-imported|foreign|damaged",
                "reason": null | "history[2].checkpoint is not an object (it is a string)",
                "sha256": "..." | null, "size": 123 | null, "entries": 2,
                "projectId": "p1" | "<opencode's id>" | "global" | null,
                "projectSource": RULE | null,
                "projectKnown": true, "projectCandidates": ["p1"],
                "projectNote": null | "<the rule in words, e.g. the root commit of the
                               git repository /src/app (git rev-list ...)>",
                "importId": "legacy-import:p1:<sha>" | null,
                "session": "legacy::p1" | null}]}

``legacy import DIR [--project ID] [--dry-run]``::

    {"status": "imported|would-import|already-imported|foreign|damaged",
     "dryRun": false, "message": "...", "file": "...", "directory": "...",
     "reason": null | "...", "sha256": "...", "entries": 2,
     "projectId": "p1", "projectSource": RULE,
     "projectNote": "...",          # the rule in words (also in "message")
     "session": "legacy::p1",
     "importId": "legacy-import:p1:<sha>", "createdProject": false,
     "createdSession": true,
     "snapshots": [{"name": "legacy-1", "originalName": "before refactor",
                    "capturedAt": "2026-...Z", "id": "<uuid, not in a dry run>"}],
     "entriesSkipped": 0,           # history entries already imported (changed file)
     "checkpointChanged": true, "changed": ["objective", ...],
     "preRestore": null | "pre-restore-...", "backup": ".../checkpoint-<sha>.json"}

``RULE``, which decided the project id (SPEC 6, in this order): ``given``
(``--project``), ``store`` (the store's project for the directory),
``opencode-worktree`` (opencode's project record has the directory as
worktree), ``opencode-sandbox`` (a record lists it among the project's
directories), ``opencode-subdirectory`` (inside such a directory),
``git-cache`` (the id opencode cached in ``<repository>/.git/opencode``),
``git-root-commit`` (the first line of `git rev-list --max-parents=0 HEAD`),
``global`` (outside git). A file imported by an earlier version under a
derived ``dir-<16 hex>`` id is ``store`` there, and its note says under
which id the plugin files the directory and how to move the import.

``legacy imports [--project ID]``::

    {"items": [{"id": "legacy-import:p1:<sha>", "projectId": "p1", "appliedAt": "...",
                "file": "...", "sha256": "...", "backup": "...", "entries": 2,
                "session": "legacy::p1", "snapshots": ["legacy-1"],
                "importedBy": "ckpt-tui", "undoable": true}]}

``legacy undo IMPORT_ID``::

    {"importId": "...", "projectId": "p1", "session": "legacy::p1",
     "deletedSession": true, "deletedProject": false, "deletedSnapshots": 2,
     "checkpointReverted": false, "preRestore": null, "message": "..."}

``adopt PROJECT_ID SESSION [--snapshot NAME] [--dry-run] [--if-unchanged UPDATED_AT]``:
the shapes of ``restore``, plus ``source``::

    dry run: {"action": "adopt", "session": "s1", "dryRun": true,
              "changed": ["objective"], "updatedAt": "..." | null, "diff": {...},
              "source": SOURCE}
    applied: {"action": "adopt", "session": "s1", "wrote": true, "changed": [...],
              "preRestore": "pre-restore-...", "pruned": 0, "snapshot": null,
              "message": "...", "warning": null | "...", "diff": {...}, "source": SOURCE}
    SOURCE = {"session": "legacy::p1", "snapshot": null | "legacy-2",
              "snapshotId": null | "<uuid>", "capturedAt": "..."}

``handoff SESSION [--snapshot NAME] [--stdout | --output PATH]``: the note
of the checkpoint is written to the session's hand-off file; a snapshot's
note is printed (``--snapshot`` implies ``--stdout``), or written to a new
file with ``--output``, never over the session's file::

    {"session": "s1", "projectId": "p1", "path": ".../handoff-s1.md" | null,
     "bytes": 1234,
     "source": {"kind": "checkpoint|snapshot", "snapshot": null | "name",
                "snapshotKind": null | "manual", "time": "..."},
     "madeAt": "...", "markdown": "..." (only when printed),
     "warning": null | "..." (written, but the undo journal could not record it)}
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ckpt_tui.cli.output import emit_json, say, table
from ckpt_tui.cli.plans import add_write_options, report, report_dry_run
from ckpt_tui.core.text import printable
from ckpt_tui.errors import CkptError
from ckpt_tui.plural import counted

# Command bodies import the views and the core modules they use when they
# run: `ckpt-tui` with no subcommand builds this parser on its way to the app.


def _service(args, *, read_only: bool = False):
    from ckpt_tui.core.service import open_service

    return open_service(args.db, read_only=read_only or getattr(args, "read_only", False))


def _opencode_data(args):
    """``--opencode-data``, given before or after the subcommand (else SPEC 1)."""
    return getattr(args, "opencode_data", None)


# -- legacy -------------------------------------------------------------------------


def cmd_scan(args) -> int:
    from ckpt_tui.core import legacy as lg

    svc = _service(args, read_only=True)
    try:
        report = lg.scan(svc, args.scan or (), opencode_data=_opencode_data(args))
    finally:
        svc.close()
    if args.json:
        emit_json(report.to_json())
        return 0
    if not report.files:
        say(f"no legacy state files in {report.directories} director(ies) checked")
        return 0
    table(
        ["STATUS", "PROJECT", "ID FROM", "ENTRIES", "FILE", "REASON"],
        [
            (
                lg.status_label(f.status),
                f.project_id or "-",
                f.project_source or "-",
                f.entries,
                f.path,
                f.reason or "",
            )
            for f in report.files
        ],
    )
    return 0


def cmd_import(args) -> int:
    from ckpt_tui.core import legacy as lg

    svc = _service(args, read_only=args.dry_run)
    try:
        if args.dry_run:
            outcome = lg.plan_import(
                svc, args.dir, args.project, opencode_data=_opencode_data(args)
            )
        else:
            outcome = lg.import_legacy(
                svc, args.dir, args.project, opencode_data=_opencode_data(args)
            )
    finally:
        svc.close()
    if args.json:
        emit_json(outcome.to_json())
    elif outcome.status == "imported" and outcome.import_id:
        # The core names no command; this front end says which takes it back.
        say(f"{outcome.message}; `ckpt-tui legacy undo {outcome.import_id}` takes it back")
    else:
        say(outcome.message)
    return 0 if outcome.ok else 1


def cmd_imports(args) -> int:
    from ckpt_tui.core import legacy as lg

    svc = _service(args, read_only=True)
    try:
        records = lg.list_imports(svc, args.project)
    finally:
        svc.close()
    if args.json:
        emit_json({"items": [r.to_json() for r in records]})
        return 0
    if not records:
        say("no legacy imports in the store")
        return 0
    for r in records:
        state = "undoable" if r.undoable else "not undoable (a newer import, or not ours)"
        say(r.id)
        entries = r.details.get("entries")
        said = counted(entries, "entry", "entries") if isinstance(entries, int) else "? entries"
        say(
            f"  applied {r.applied_at}, {said}, {state}; "
            f"file {r.details.get('file', '?')}"
        )
    return 0


def cmd_undo_import(args) -> int:
    from ckpt_tui.core import legacy as lg

    svc = _service(args)
    try:
        outcome = lg.undo_import(svc, args.import_id)
    finally:
        svc.close()
    if args.json:
        emit_json(outcome.to_json())
    else:
        say(outcome.message)
    return 0


# -- adopt --------------------------------------------------------------------------


def cmd_adopt(args) -> int:
    from ckpt_tui.core import legacy as lg

    svc = _service(args, read_only=args.dry_run)

    def make_plan():
        return lg.plan_adoption(svc, args.project, args.session, args.snapshot)

    try:
        if args.dry_run:
            plan = make_plan()  # checks the project and the session before the source
            return report_dry_run(args, plan, _adopted_from(svc, args))
        # Planned under the write lock: a save of the plugin meanwhile is included.
        plan, outcome = svc.plan_and_apply(make_plan, if_unchanged=args.if_unchanged)
        extra = _adopted_from(svc, args)
    finally:
        svc.close()
    return report(args, outcome, plan, extra)


def _adopted_from(svc, args) -> dict:
    from ckpt_tui.core import legacy as lg

    source, _ = lg.adoption_source(svc, args.project, args.snapshot)
    return {"source": source.to_json()}


# -- handoff ----------------------------------------------------------------------------


def cmd_handoff(args) -> int:
    """The core's refusals name no flag; this command adds its own."""
    from ckpt_tui.core import handoff as ho

    try:
        return _handoff(args)
    except ho.NoCheckpoint as exc:
        raise CkptError(f"{exc}; pick a snapshot with --snapshot") from None
    except ho.NotWritable as exc:
        raise CkptError(f"{exc}; --stdout prints the hand-off instead") from None


def _handoff(args) -> int:
    from ckpt_tui.core import handoff as ho

    svc = _service(args, read_only=True)
    try:
        if args.output:
            made = ho.build(svc, args.session, args.snapshot)
            size = ho.write_to(Path(args.output), made)
            if args.json:
                emit_json(
                    {
                        "session": made.session_id,
                        "projectId": made.project_id,
                        "path": str(Path(args.output).absolute()),
                        "bytes": size,
                        "source": made.source_json(),
                        "madeAt": made.made_at,
                        "warning": None,
                    }
                )
            else:
                say(f"wrote {args.output} ({size} bytes, from {made.source_kind})")
            return 0
        if args.stdout or args.snapshot:  # a snapshot's note never replaces the session's
            made = ho.build(svc, args.session, args.snapshot)
            if args.json:
                emit_json(
                    {
                        "session": made.session_id,
                        "projectId": made.project_id,
                        "path": None,
                        "bytes": len(made.markdown.encode("utf-8")),
                        "source": made.source_json(),
                        "madeAt": made.made_at,
                        "markdown": made.markdown,
                    }
                )
            else:
                # Already neutralised by the handoff module; printed whole.
                sys.stdout.write(made.markdown)
            return 0
        if getattr(args, "read_only", False):
            raise ho.HandoffError("--read-only: no note was written; --stdout prints it")
        written = svc.write_handoff(args.session, args.snapshot)
    finally:
        svc.close()
    if args.json:
        emit_json(written.to_json())
    else:
        say(f"wrote {written.path} ({written.bytes} bytes, from {written.handoff.source_kind})")
    if written.warning:
        print(printable(f"ckpt-tui: warning: {written.warning}", 4000), file=sys.stderr)
    return 0


# -- registration ------------------------------------------------------------------------


def _opencode_option(p: argparse.ArgumentParser) -> None:
    # SUPPRESS: an unset sub-option must not hide ``ckpt-tui --opencode-data DIR legacy ...``.
    p.add_argument(
        "--opencode-data",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="opencode's data dir, where the project id of an unknown directory is looked up",
    )


def _register_adopt_and_handoff(
    sub: argparse._SubParsersAction, common: argparse.ArgumentParser
) -> None:
    """``adopt`` and ``handoff``, top-level commands kept beside ``legacy``."""
    p = sub.add_parser(
        "adopt",
        parents=[common],
        help="copy a project's legacy checkpoint (or one legacy snapshot) into a live session",
    )
    p.add_argument("project", metavar="PROJECT", help="the project whose legacy state to copy")
    p.add_argument("session", metavar="SESSION", help="the live session to copy it into")
    p.add_argument("--snapshot", metavar="SNAPSHOT", help="one snapshot of legacy::PROJECT instead")
    add_write_options(p)
    p.set_defaults(run=cmd_adopt)

    p = sub.add_parser(
        "handoff",
        parents=[common],
        help="write a Markdown hand-off note of a session's checkpoint (or a snapshot)",
    )
    p.add_argument("session", metavar="SESSION", help="a session id (ckpt-tui list sessions)")
    p.add_argument(
        "--snapshot",
        metavar="SNAPSHOT",
        help="the note of this snapshot (name or id), printed (or written to --output): "
        "the session's hand-off file is its checkpoint's",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--stdout", action="store_true", help="print it instead of writing the file")
    where.add_argument(
        "--output", metavar="PATH", help="write it to PATH, a new file (an existing one is left alone)"
    )
    p.set_defaults(run=cmd_handoff)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    legacy = sub.add_parser(
        "legacy",
        help="find, import and take back legacy checkpoint.json state",
        description="Legacy state files (.opencode/state/checkpoint.json) written by the plugin before it used SQLite.",
    )
    lsub = legacy.add_subparsers(dest="legacy_command", metavar="WHAT", required=True)

    p = lsub.add_parser(
        "scan",
        parents=[common],
        help="list legacy state files of the store's and opencode's projects and --scan dirs",
    )
    p.add_argument("--scan", metavar="DIR", action="append", help="also look in DIR (repeatable)")
    _opencode_option(p)
    p.set_defaults(run=cmd_scan)

    p = lsub.add_parser(
        "import", parents=[common], help="import DIR's legacy state into legacy::<project>"
    )
    p.add_argument("dir", metavar="DIR", help="the project directory (or its checkpoint.json)")
    p.add_argument(
        "--project",
        metavar="PROJECT",
        help="the project id (default: the store's project of DIR, else opencode's id for DIR)",
    )
    p.add_argument(
        "--dry-run", action="store_true", help="say what would be created; write nothing"
    )
    _opencode_option(p)
    p.set_defaults(run=cmd_import)

    p = lsub.add_parser("imports", parents=[common], help="list legacy imports (the ledger)")
    p.add_argument("--project", metavar="PROJECT", help="only this project's imports")
    p.set_defaults(run=cmd_imports)

    p = lsub.add_parser("undo", parents=[common], help="take back a legacy import, newest first")
    p.add_argument("import_id", metavar="IMPORT_ID", help="legacy-import:<project>:<sha256>")
    p.set_defaults(run=cmd_undo_import)

    _register_adopt_and_handoff(sub, common)

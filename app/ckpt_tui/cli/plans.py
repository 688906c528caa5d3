"""Printing a plan (``--dry-run``) or what applying it did: restore, undo,
redo, adopt share one shape."""

from __future__ import annotations

from typing import Any

from ckpt_tui import timeutil
from ckpt_tui.cli.output import emit_json, say
from ckpt_tui.core.text import printable
from ckpt_tui.fields import field_labels


def add_write_options(parser) -> None:
    """``--dry-run`` and ``--if-unchanged``, shared by restore, undo, redo, adopt."""
    parser.add_argument(
        "--dry-run", action="store_true", help="show what would change; write nothing"
    )
    parser.add_argument(
        "--if-unchanged",
        metavar="UPDATED_AT",
        help="write only if the checkpoint's updatedAt is still this (as --dry-run --json "
        "prints it); otherwise refuse and write nothing. Without it, a save of the plugin "
        "since is included",
    )


def report(args, outcome, plan=None, extra: dict[str, Any] | None = None) -> int:
    from ckpt_tui.cli import jsonview

    if args.json:
        data = jsonview.outcome(outcome)
        if plan is not None:
            data["diff"] = jsonview.diff(plan.diff, "current", "result")
            data["skipped"] = _skipped(plan)
        emit_json({**data, **(extra or {})})
    else:
        say(outcome.said_with(command_hint(outcome)))
    return 0


def command_hint(outcome) -> str | None:
    """The command that takes a write back (the core's message names none;
    the app names its key instead)."""
    step = outcome.taken_back_by
    if step is None:
        return None
    verb = "undoes" if step == "undo" else "redoes"
    return f"`ckpt-tui {step} {outcome.session_id}` {verb} it"


def _prunes(plan) -> list[dict[str, str]]:
    """The snapshots the write's pruning will delete (the history limit)."""
    return [{"id": i, "name": name} for i, name in plan.prunes]


def _skipped(plan) -> list[dict[str, str]]:
    """Damaged fields a whole restore left out (never restored, SPEC 3)."""
    return [{"field": k, "reason": r} for k, r in plan.skipped.items()]


def report_dry_run(args, plan, extra: dict[str, Any] | None = None) -> int:
    from ckpt_tui.cli import jsonview, textdiff

    if args.json:
        emit_json(
            {
                "action": plan.action,
                "session": plan.session_id,
                "dryRun": True,
                "changed": list(plan.keys),
                "updatedAt": _updated_at(plan),
                "skipped": _skipped(plan),
                "candidates": list(plan.candidates),
                "prunes": _prunes(plan),
                "prunesRestored": plan.prunes_source,
                "note": plan.note,
                "diff": jsonview.diff(plan.diff, "current", "result"),
                **(extra or {}),
            }
        )
        return 0
    if plan.needs_fields:
        say(f"{plan.label}: {plan.note}")
        say("(dry run: nothing written)")
        return 0
    if plan.is_noop:
        say(f"{plan.label}: nothing would change")
        return 0
    if plan.entry_only is not None:
        say(f"{plan.label}; the checkpoint would not change")
        say("(dry run: nothing written)")
        return 0
    say(f"{plan.label} would change: {field_labels(plan.keys)}")
    if plan.note:
        say(plan.note)
    for line in textdiff.unified_lines(plan.diff):
        print(textdiff.diff_painted(printable(line, 100_000)))
    say("(dry run: nothing written)")
    stamp = _updated_at(plan)
    if stamp:
        say(f"(--if-unchanged {stamp} writes it only if the checkpoint is still this one)")
    return 0


def _updated_at(plan) -> str | None:
    """The checkpoint's ``updatedAt`` the plan was made from (``None``: the
    session had no checkpoint), what ``--if-unchanged`` compares."""
    return None if plan.base_updated_at is None else timeutil.normalize(plan.base_updated_at)

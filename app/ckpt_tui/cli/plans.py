"""Printing a plan (``--dry-run``) or what applying it did: restore, undo,
redo, adopt share one shape."""

from __future__ import annotations

from typing import Any

from ckpt_tui.cli.output import emit_json, say


def report(args, outcome, plan=None, extra: dict[str, Any] | None = None) -> int:
    from ckpt_tui.cli import jsonview

    if args.json:
        data = jsonview.outcome(outcome)
        if plan is not None:
            data["diff"] = jsonview.diff(plan.diff, "current", "result")
        emit_json({**data, **(extra or {})})
    else:
        say(outcome.message)
    return 0


def report_dry_run(args, plan, extra: dict[str, Any] | None = None) -> int:
    from ckpt_tui.cli import jsonview, textdiff

    if args.json:
        emit_json(
            {
                "action": plan.action,
                "session": plan.session_id,
                "dryRun": True,
                "changed": list(plan.keys),
                "diff": jsonview.diff(plan.diff, "current", "result"),
                **(extra or {}),
            }
        )
        return 0
    if plan.is_noop:
        say(f"{plan.label}: nothing would change")
        return 0
    say(f"{plan.label} would change: {', '.join(plan.keys)}")
    for line in textdiff.unified_lines(plan.diff):
        say(line)
    say("(dry run: nothing written)")
    return 0

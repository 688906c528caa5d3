"""``ckpt-tui resume SESSION``: back to work in opencode.

Runs ``opencode --session SESSION`` in the session's project directory (the
directory opencode recorded for the session, else the store's project
directory) and exits with opencode's exit status. ``--print`` only prints
the command, with the ``cd``, shell-quoted: the command the app's ``y``
copies (both come from ``core.resume``). Exit 4 for a session neither the
store nor opencode knows; exit 1 with one line on stderr when there is
nothing to resume (a ``legacy::`` session), the directory is gone, unknown
or not absolute, or (without ``--print``) opencode is not on the PATH.

``--print --json``::

    {"session": "ses_...", "directory": "/abs/dir", "command": "cd -- /abs/dir && opencode --session ses_...",
     "argv": ["opencode", "--session", "ses_..."], "opencode": "/usr/bin/opencode" | null,
     "problem": null | "opencode is not on the PATH"}
"""

from __future__ import annotations

import argparse

from ckpt_tui.cli.output import emit_json, say
from ckpt_tui.errors import CkptError, StoreMissing


def _directories(args) -> list[str | None]:
    from ckpt_tui.core import resume
    from ckpt_tui.core.activity import Activity
    from ckpt_tui.core.service import open_service

    activity = Activity.load(getattr(args, "opencode_data", None))
    try:
        service = open_service(args.db, read_only=True)
    except StoreMissing:
        return resume.directories_for(None, activity, args.session)
    try:
        return resume.directories_for(service, activity, args.session)
    finally:
        service.close()


def cmd_resume(args) -> int:
    from ckpt_tui.core import resume

    resume.check_session_id(args.session)
    plan = resume.plan(args.session, _directories(args))
    if args.print:
        if plan.command is None:
            raise CkptError(plan.problem or f"no directory for session {args.session}")
        if args.json:
            emit_json(plan.to_json())
        else:
            say(plan.command)
        return 0
    if plan.problem:
        hint = f"; the command is: {plan.command}" if plan.command else ""
        raise CkptError(f"{plan.problem}{hint}")
    return resume.run(plan)


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    help_text = "resume a session in opencode, in its project directory"
    p = sub.add_parser("resume", parents=[common], help=help_text, description=help_text)
    p.add_argument("session", metavar="SESSION", help="session id")
    p.add_argument(
        "--print", action="store_true", help="only print the command (with the cd), do not run it"
    )
    p.add_argument(
        "--opencode-data", metavar="DIR", default=argparse.SUPPRESS, help="opencode's data dir"
    )
    p.set_defaults(run=cmd_resume)

"""``ckpt-tui watch``: each save as it lands, until interrupted.

One line per new snapshot: time (UTC), kind, the session (when following
more than one) and the history row's change summary with the status change
said in full. ``--json`` writes one JSON object per line (NDJSON)::

    {"session": "ses_...", "sessionTitle": "...", "project": "...",
     "snapshot": "<id>", "name": "auto-...", "kind": "auto",
     "capturedAt": "2026-11-29T13:15:54.123Z", "previousSnapshot": "<id>" | null,
     "summary": "+1 done  -1 next  status→blocked",
     "fieldsChanged": ["status", "completedSteps", "nextSteps"],
     "statusBefore": "in_progress", "statusAfter": "blocked"}

``statusBefore`` is ``null`` for a session's first snapshot (or after a
damaged one), ``fieldsChanged`` then ``[]``. What the store held when the
command started is not printed; a line on stderr says what is followed once
it is. Ctrl-C ends it without a traceback, exit code 130 (as a shell
reports a command ended by SIGINT); a closed pipe ends it with 0.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading

from ckpt_tui import timeutil
from ckpt_tui.core.text import printable
from ckpt_tui.errors import CkptError


def cmd_watch(args) -> int:
    from ckpt_tui.core.reads import open_reader
    from ckpt_tui.core.watch import Watcher

    if args.session and args.project:
        raise CkptError("give a SESSION or --project, not both")
    reader = open_reader(args.db)
    if args.session:
        what = f"session {args.session}"
        reader.session(args.session)  # "no such session" before waiting for nothing
    elif args.project:
        what = f"project {args.project}"
        reader.project(args.project)
    else:
        what = "every session"
    watcher = Watcher(reader.store, session_id=args.session, project_id=args.project)
    watcher.start()
    print(
        f"ckpt-tui: following {printable(what, 200)} in {reader.store.path} (Ctrl-C stops)",
        file=sys.stderr,
        flush=True,
    )
    write = _json_line if args.json else _text_line(several=not args.session)
    try:
        for events in watcher.follow(threading.Event()):
            for notice in reader.store.take_notices():
                print(f"ckpt-tui: {printable(notice, 2000)}", file=sys.stderr, flush=True)
            sys.stdout.write("".join(write(event) for event in events))
            sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``| head``): nothing more to say, and Python
        # must not complain when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0  # not reached: follow() ends only when interrupted


def _json_line(event) -> str:
    import json

    from ckpt_tui.core.jsjson import escape_surrogates

    text = json.dumps(event.to_json(), ensure_ascii=False)
    return (text if text.isascii() else escape_surrogates(text)) + "\n"


def _text_line(*, several: bool):
    def line(event) -> str:
        moment = timeutil.parse(event.captured_at)
        when = moment.strftime("%H:%M:%S") if moment else "?"
        who = ""
        if several:
            title = event.session_title or "(untitled)"
            who = f"{printable(title, 40)} ({printable(event.session_id, 60)})  "
        return f"{when}  {printable(event.kind, 20):<11} {who}{printable(event.line(), 2000)}\n"

    return line


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "watch",
        parents=[common],
        help="follow saves as they land (one session, a project, or every session)",
        description="Print each new snapshot as it lands: time, kind and what changed, as the "
        "history rows say it, with the status before and after. Runs until interrupted "
        "(Ctrl-C: exit code 130). --json writes one JSON object per line.",
    )
    p.add_argument("session", metavar="SESSION", nargs="?", help="the session to follow")
    p.add_argument("--project", metavar="PROJECT", help="follow every session of this project")
    p.set_defaults(run=cmd_watch)

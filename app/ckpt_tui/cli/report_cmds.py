"""``ckpt-tui report SESSION``: a session's report in Markdown or HTML
(``core/report.py``), on stdout or in a file.

Markdown (the default) fits a pull request's description; ``--format
html`` is one self-contained page (inline CSS and SVG, no script, nothing
loaded from elsewhere). Time and cost come from opencode's data dir
(``--opencode-data``, ``$CKPT_OPENCODE_DATA``, else opencode's default)
when it knows the session. ``-o FILE`` writes the file atomically
(a temporary file renamed over it) and says where on stderr.
"""

from __future__ import annotations

import argparse
import sys


def cmd_report(args) -> int:
    from ckpt_tui.core import report, report_formats
    from ckpt_tui.core.activity import Activity
    from ckpt_tui.core.reads import open_reader

    reader = open_reader(args.db)
    reader.session(args.session)  # "no such session" before reading opencode
    activity = Activity.load(getattr(args, "opencode_data", None))
    built = report.build(reader, args.session, activity)
    text = report_formats.html(built) if args.format == "html" else report_formats.markdown(built)
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    from pathlib import Path

    from ckpt_tui.core.handoff import write_atomic

    target = Path(args.output).expanduser()
    write_atomic(target, text.encode("utf-8"))
    print(f"ckpt-tui: wrote {target}", file=sys.stderr)
    return 0


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "report",
        parents=[common],
        help="a Markdown or HTML report of a session: state, timeline, changes",
        description="Write a report of a session someone can read without ckpt-tui: the "
        "objective, the current state, the timeline (a table in Markdown, a picture in HTML), "
        "each change in order, and time and cost from opencode where known.",
    )
    p.add_argument("session", metavar="SESSION", help="the session id")
    p.add_argument("--format", choices=("md", "html"), default="md", help="md (default) or html")
    p.add_argument("-o", "--output", metavar="PATH", help="write to this file (default: stdout)")
    # SUPPRESS: an unset sub-option must not hide ``ckpt-tui --opencode-data DIR report ...``.
    p.add_argument(
        "--opencode-data",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="opencode's data dir, for time and cost (default: $CKPT_OPENCODE_DATA, else "
        "$XDG_DATA_HOME/opencode or ~/.local/share/opencode)",
    )
    p.set_defaults(run=cmd_report)

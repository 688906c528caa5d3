"""How a command ends: its exit status and, on failure, the one line (or,
with ``--json``, the one JSON object) on stderr.

======  ============  ====================================================
status  ``code``      when
======  ============  ====================================================
0                     done (or nothing to do)
1       ``error``     anything else that went wrong, said in one line
2       ``usage``     a bad command, option or argument (a malformed id)
3       ``conflict``  the checkpoint changed (``--if-unchanged``)
4       ``not_found`` no such session, snapshot or project (or checkpoint)
75      ``busy``      the store stayed locked by another writer; try again
======  ============  ====================================================

With ``--json`` the failure is one line on stderr::

    {"error": {"code": "not_found", "exit": 4, "message": "no such session 'x'"}}
"""

from __future__ import annotations

import sys

from ckpt_tui.errors import CkptError, Conflict, InvalidId, NotFound, StoreBusy

OK, ERROR, USAGE, CONFLICT, NOT_FOUND, BUSY = 0, 1, 2, 3, 4, 75

class UsageError(CkptError):
    """A command line that names nothing valid; ``usage`` is the parser's
    usage line to print before it (empty when the parse itself went well)."""

    def __init__(self, message: str, usage: str = "", prog: str = "ckpt-tui") -> None:
        super().__init__(message)
        self.usage = usage
        self.prog = prog


def classify(error: BaseException) -> tuple[str, int]:
    """``(code, exit status)`` of a failure."""
    if isinstance(error, UsageError | InvalidId):
        return "usage", USAGE
    if isinstance(error, Conflict):
        return "conflict", CONFLICT
    if isinstance(error, NotFound):
        return "not_found", NOT_FOUND
    if isinstance(error, StoreBusy):
        return "busy", BUSY
    return "error", ERROR


def fail(error: BaseException, message: str, *, as_json: bool) -> int:
    """Say ``message`` (already one printable line) on stderr; the exit status."""
    code, status = classify(error)
    if as_json:
        from ckpt_tui.cli.output import json_text

        body = {"error": {"code": code, "exit": status, "message": message}}
        print(json_text(body, indent=None), file=sys.stderr)
    elif isinstance(error, UsageError) and error.usage:
        sys.stderr.write(error.usage)
        print(f"{error.prog}: error: {message}", file=sys.stderr)
    else:
        print(f"ckpt-tui: {message}", file=sys.stderr)
    return status

"""``ckpt-tui __complete KIND [--db PATH] [ARG]``: the candidates a shell's
TAB offers from the store, one a line. Called by the completion scripts
(:mod:`ckpt_tui.cli.completion`), never by a person.

=============================  ===============================================
``sessions`` / ``projects``    the store's ids, most recently updated first
``snapshots SESSION``          the session's snapshot names, newest first
``refs WORD``                  what ``copy FROM`` and ``diff --against`` take:
                               session ids, or ``SESSION:NAME`` once WORD holds
                               a session's id and a ``:``
=============================  ===============================================

Imports nothing it does not use (no argparse, no dataclasses, no parser):
a TAB is an interpreter and one small read. Silent on any error: a TAB
must never print a traceback, so a missing or damaged store offers nothing.
"""

from __future__ import annotations

import sys

KINDS = ("sessions", "projects", "snapshots", "refs")


def complete_main(argv: list[str]) -> int:
    what, db, rest = (argv[0] if argv else ""), None, []
    args = iter(argv[1:])
    for arg in args:
        if arg == "--db":
            db = next(args, None)
        elif arg.startswith("--db="):
            db = arg[5:]
        elif arg != "--":
            rest.append(arg)
    if what not in KINDS:
        return 2
    try:
        found = _refs(db, rest[0] if rest else "") if what == "refs" else _ids(what, db, rest)
    except Exception:  # noqa: BLE001 - completion stays silent
        return 1
    out = [c for c in found if c and c.isprintable() and not any(ch.isspace() for ch in c)]
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    return 0


def _ids(what: str, db: str | None, rest: list[str]) -> list[str]:
    from ckpt_tui.core.ids import candidates

    return candidates(what, db, rest[0] if rest else None)


def _refs(db: str | None, word: str) -> list[str]:
    """``SESSION:NAME`` for the session named before a ``:`` of ``word``
    (ids may hold ``:`` themselves: ``legacy::p``), else session ids."""
    from ckpt_tui.core.ids import candidates

    at = len(word)
    while (at := word.rfind(":", 0, at)) > 0:
        session = word[:at]
        names = candidates("snapshots", db, session)
        if names:
            return [f"{session}:{name}" for name in names]
    return candidates("sessions", db)

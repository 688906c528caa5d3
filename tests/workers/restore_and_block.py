"""A ckpt-tui process that starts a restore and stops at a chosen point.

Usage: ``python -m tests.workers.restore_and_block DB SESSION SNAPSHOT WHERE [FIELDS]``.

WHERE is ``prune`` (inside the write transaction, after the pre-restore
snapshot and the new checkpoint were written, before the journal's intent
and COMMIT), ``intent`` (inside the transaction, the intent recorded,
before COMMIT) or ``journal`` (after COMMIT, before the intent is settled).
At that point it prints one line to stdout and blocks reading stdin, so the
parent can SIGKILL it exactly there (or let the plugin save meanwhile).
FIELDS: comma-separated, as ``restore --fields`` takes them.
"""

from __future__ import annotations

import sys

from ckpt_tui.core.service import open_service
from ckpt_tui.core.undo_redo import UndoRedo
from ckpt_tui.store import writes


def stop_here(label: str) -> None:
    print(label, flush=True)
    sys.stdin.readline()  # the parent never writes: we wait to be killed
    raise SystemExit("stdin closed before the kill")


def main() -> None:
    db, session, snapshot, where = sys.argv[1:5]
    fields = sys.argv[5].split(",") if len(sys.argv) > 5 else None
    if where == "prune":
        real_prune = writes.prune

        def prune(conn, session_id, history_limit):
            pruned = real_prune(conn, session_id, history_limit)
            stop_here("inside-transaction")
            return pruned

        writes.prune = prune
    elif where == "intent":
        real_intend = UndoRedo.intend_write

        def intend_write(self, plan, written):
            warning = real_intend(self, plan, written)
            stop_here("intent-recorded")
            return warning

        UndoRedo.intend_write = intend_write
    elif where == "journal":

        def settle(self, anchor):
            stop_here("committed")

        UndoRedo.settle = settle
    else:
        raise SystemExit(f"unknown stop point {where}")
    svc = open_service(db)
    svc.restore(session, snapshot, fields)
    print("finished", flush=True)


if __name__ == "__main__":
    main()

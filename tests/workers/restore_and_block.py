"""A ckpt-tui process that starts a restore and stops at a chosen point.

Usage: ``python -m tests.workers.restore_and_block DB SESSION SNAPSHOT WHERE``.

WHERE is ``prune`` (inside the write transaction, after the pre-restore
snapshot and the new checkpoint were written but before COMMIT) or
``journal`` (after COMMIT, before the undo journal records the restore).
At that point it prints one line to stdout and blocks reading stdin, so the
parent can SIGKILL it exactly there.
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
    if where == "prune":
        real_prune = writes.prune

        def prune(conn, session_id, history_limit):
            pruned = real_prune(conn, session_id, history_limit)
            stop_here("inside-transaction")
            return pruned

        writes.prune = prune
    elif where == "journal":

        def record_write(self, plan, pre_id):
            stop_here("committed")

        UndoRedo.record_write = record_write
    else:
        raise SystemExit(f"unknown stop point {where}")
    svc = open_service(db)
    svc.restore(session, snapshot)
    print("finished", flush=True)


if __name__ == "__main__":
    main()

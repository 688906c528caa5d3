"""A ckpt-tui process using the undo journal for the first time.

Usage: ``python -m tests.workers.journal_first_use JOURNAL STORE SESSION [FORMER]``.

Prints ``ready`` and waits for a line on stdin, so the parent can release
several of them at once; then opens the journal (creating the file and its
tables if nobody has yet, or moving it from FORMER, where an older ckpt-tui
kept it) and records one entry. Exit status 0 on success.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ckpt_tui.store import Store
from ckpt_tui.store.journal import JournalFile


def main() -> None:
    journal_path, store_path, session_id = sys.argv[1:4]
    former = Path(sys.argv[4]) if len(sys.argv) > 4 else None
    print("ready", flush=True)
    sys.stdin.readline()
    journal = JournalFile(Path(journal_path), Store(Path(store_path)), former)
    journal.push(
        session_id,
        action="snapshot",
        label="first use",
        before="{}",
        after="{}",
        before_snapshot_id=None,
        after_snapshot_id=None,
    )
    journal.close()


if __name__ == "__main__":
    main()

"""What the reads past the first screen import, imported ahead of need.

The first screen reads its pages through cached SQL without SQLAlchemy
(ARCHITECTURE.md, "Start-up"); the first read past it (another session's
tree, a diff, a restore plan) would import SQLAlchemy and the diff engine
(about 0.2 s) while a person waits for a key. The app calls this in a worker
once its screen has settled and nothing else is running.
"""

from __future__ import annotations


def import_readers() -> None:
    import ckpt_tui.core.diff
    import ckpt_tui.store.snapshot_reads
    import ckpt_tui.store.sorting  # the project, session and tree reads too
    import ckpt_tui.store.summary_reads  # noqa: F401

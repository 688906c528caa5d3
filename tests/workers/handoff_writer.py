"""A hand-off note writer that stops at a chosen point of its atomic write.

Usage: ``python -m tests.workers.handoff_writer DB STAGE NOW``: writes
session s9's note with the clock fixed at NOW, and at STAGE prints
``at STAGE`` and blocks reading stdin, so the parent can SIGKILL it there.
STAGE is ``chunk`` (the temporary file's third chunk flushed), ``synced``
(the temporary file complete and synced, not yet renamed) or ``replaced``
(renamed, its folder not yet synced).
"""

from __future__ import annotations

import os
import sys

from ckpt_tui import timeutil
from ckpt_tui.core import handoff
from ckpt_tui.core.service import open_service


def pause(stage: str) -> None:
    print("at " + stage, flush=True)
    sys.stdin.readline()  # wait here until killed


class Chunks:
    """The temporary file, pausing once its third chunk is flushed."""

    def __init__(self, fh, stop: str) -> None:
        self.fh, self.stop, self.writes = fh, stop, 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return self.fh.__exit__(*exc)

    def fileno(self):
        return self.fh.fileno()

    def write(self, data):
        self.writes += 1
        return self.fh.write(data)

    def flush(self):
        self.fh.flush()
        if self.stop == "chunk" and self.writes == 3:
            pause("chunk")


def main() -> None:
    svc = open_service(sys.argv[1])
    stop = sys.argv[2]
    real_fdopen, real_replace, real_fsync_dir = os.fdopen, os.replace, handoff._fsync_dir

    def replace(src, dst):
        if stop == "synced":
            pause("synced")  # the temporary file is complete and synced, not renamed
        real_replace(src, dst)

    def fsync_dir(directory):
        real_fsync_dir(directory)
        if stop == "replaced":
            pause("replaced")

    os.fdopen = lambda *a, **k: Chunks(real_fdopen(*a, **k), stop)
    os.replace = replace
    handoff._fsync_dir = fsync_dir
    with timeutil.clock.fixed(timeutil.parse(sys.argv[3])):
        handoff.write_handoff(svc, "s9")
    print("finished", flush=True)


if __name__ == "__main__":
    main()

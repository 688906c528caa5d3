"""A plugin process: N saves of distinct values, as the plugin saves.

Usage: ``python -m tests.workers.plugin_saver DB SESSION FIELD TAG N [EVERY_MS]``.
Prints ``ready`` once connected, waits for a line on stdin (the start
signal), saves ``FIELD = f"{TAG}-{i}"`` for i in 0..N-1 (one save every
``EVERY_MS`` milliseconds if given, the pace of a plugin in use; else as fast
as it can; N = 0: until a second line arrives on stdin), then prints one
JSON line: how many saves changed something, and the last value written.
"""

from __future__ import annotations

import itertools
import json
import os
import select
import sys
import time
from pathlib import Path

from tests.factory import PluginWriter


def main() -> None:
    db, session, field, tag, n = sys.argv[1:6]
    every = float(sys.argv[6]) / 1000 if len(sys.argv) > 6 else 0.0
    writer = PluginWriter(Path(db), history_limit=1_000_000)
    print("ready", flush=True)
    sys.stdin.readline()
    changed = 0
    last = None
    for i in range(int(n)) if int(n) else itertools.count():
        if not int(n) and select.select([sys.stdin], [], [], 0)[0]:
            break  # told to stop
        last = f"{tag}-{i}"
        changed += bool(writer.save(session, **{field: last}))
        if every:
            time.sleep(every)  # the load's pace, not synchronisation
    writer.close()
    print(json.dumps({"changed": changed, "last": last, "pid": os.getpid()}), flush=True)


if __name__ == "__main__":
    main()

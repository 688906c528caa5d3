"""A plugin process: N saves of distinct values, as the plugin saves.

Usage: ``python -m tests.workers.plugin_saver DB SESSION FIELD TAG N``.
Prints ``ready`` once connected, waits for a line on stdin (the start
signal), saves ``FIELD = f"{TAG}-{i}"`` for i in 0..N-1, then prints one JSON
line: how many saves changed something, and the last value written.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tests.factory import PluginWriter


def main() -> None:
    db, session, field, tag, n = sys.argv[1:6]
    writer = PluginWriter(Path(db), history_limit=1_000_000)
    print("ready", flush=True)
    sys.stdin.readline()
    changed = 0
    last = None
    for i in range(int(n)):
        last = f"{tag}-{i}"
        changed += bool(writer.save(session, **{field: last}))
    writer.close()
    print(json.dumps({"changed": changed, "last": last, "pid": os.getpid()}), flush=True)


if __name__ == "__main__":
    main()

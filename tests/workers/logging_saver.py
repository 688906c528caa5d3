"""A plugin process that logs every save and checks, at each save, that the
fields it owns still hold what it last saved: a ckpt-tui write that put
back an older value of one of them reverted a plugin save.

Usage: ``python -m tests.workers.logging_saver DB SESSION FIELDS TAG EVERY_MS LIMIT``.
FIELDS: comma-separated payload keys this writer owns (nobody else is meant
to write them). Prints ``ready``, waits for a line on stdin (start), saves
``FIELD = f"{TAG}-{i}"`` (a list field: ``[that]``) cycling over FIELDS,
one every EVERY_MS milliseconds (the pace of a plugin in use), pruning to
LIMIT snapshots as the plugin does, until a second line arrives; then
prints one JSON line: ``saves``, ``reverted`` (each found value that was
not the last one saved) and ``last`` (field -> last value saved).
"""

from __future__ import annotations

import json
import select
import sys
import time
from pathlib import Path

from ckpt_tui.core.model import LIST_FIELDS
from tests.factory import PluginWriter


def main() -> None:
    db, session, fields, tag, every, limit = sys.argv[1:7]
    owned = fields.split(",")
    writer = PluginWriter(Path(db), history_limit=int(limit))
    last: dict[str, object] = {}
    reverted: list[dict] = []
    saves = 0

    def check(current) -> None:
        for field, value in last.items():
            found = current.get(field)
            if found != value:
                reverted.append({"field": field, "expected": value, "found": found, "at": saves})

    print("ready", flush=True)
    sys.stdin.readline()
    i = 0
    while not select.select([sys.stdin], [], [], 0)[0]:
        field = owned[i % len(owned)]
        text = f"{tag}-{i}"
        value = [text] if field in LIST_FIELDS else text
        if writer.save(session, check=check, **{field: value}):
            saves += 1
            last[field] = tuple(value) if isinstance(value, list) else value
        i += 1
        time.sleep(float(every) / 1000)  # the load's pace, not synchronisation
    writer.close()
    print(json.dumps({"saves": saves, "reverted": reverted,
                      "last": {k: list(v) if isinstance(v, tuple) else v
                               for k, v in last.items()}}, default=list), flush=True)


if __name__ == "__main__":
    main()

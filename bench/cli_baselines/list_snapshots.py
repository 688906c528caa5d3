"""Baseline of ``ckpt-tui list snapshots SESSION``:
python bench/cli_baselines/list_snapshots.py DB SESSION"""

import sys

from _common import connect, table, when

rows = connect(sys.argv[1]).execute(
    "SELECT name, kind, captured_at, restored_at FROM snapshots"
    " WHERE session_id = ? ORDER BY captured_at DESC, id DESC",
    (sys.argv[2],),
)
table(["NAME", "KIND", "CAPTURED", "RESTORED"], [[r[0], r[1], when(r[2]), when(r[3]) if r[3] else ""] for r in rows])

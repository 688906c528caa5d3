"""Baseline of ``ckpt-tui list snapshots SESSION``:
python bench/cli_baselines/list_snapshots.py DB SESSION"""

import sys

from _common import connect, table

rows = connect(sys.argv[1]).execute(
    "SELECT name, kind, captured_at, coalesce(restored_at, '') FROM snapshots"
    " WHERE session_id = ? ORDER BY captured_at DESC, id DESC",
    (sys.argv[2],),
)
table(["NAME", "KIND", "CAPTURED", "RESTORED"], rows.fetchall())

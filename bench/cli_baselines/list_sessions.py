"""Baseline of ``ckpt-tui list sessions [--project P]``:
python bench/cli_baselines/list_sessions.py DB [PROJECT]"""

import sys

from _common import connect, table

where, params = ("WHERE s.project_id = ?", sys.argv[2:3]) if len(sys.argv) > 2 else ("", [])
rows = connect(sys.argv[1]).execute(
    "SELECT s.id, s.project_id,"
    " CASE WHEN c.session_id IS NULL THEN '-'"
    "  WHEN c.synthesized THEN c.status || ' (placeholder)' ELSE c.status END,"
    " (SELECT count(*) FROM snapshots n WHERE n.session_id = s.id),"
    " s.updated_at, coalesce(nullif(s.title, ''), c.title, '')"
    f" FROM sessions s LEFT JOIN checkpoints c ON c.session_id = s.id {where}"
    " ORDER BY s.updated_at DESC, s.id DESC",
    params,
)
table(["ID", "PROJECT", "STATUS", "SNAPSHOTS", "UPDATED", "TITLE"], rows.fetchall())

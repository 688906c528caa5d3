"""Baseline of ``ckpt-tui list sessions [--project P]``: the status as a
person reads it (``in progress``), as ckpt-tui's table shows it.
python bench/cli_baselines/list_sessions.py DB [PROJECT]"""

import sys

from _common import connect, table, when

where, params = ("WHERE s.project_id = ?", sys.argv[2:3]) if len(sys.argv) > 2 else ("", [])
rows = connect(sys.argv[1]).execute(
    "SELECT s.id, s.project_id,"
    " CASE WHEN c.session_id IS NULL THEN '-' ELSE"
    "  CASE c.status WHEN 'in_progress' THEN 'in progress' ELSE c.status END"
    "  || CASE WHEN c.synthesized THEN ' (placeholder)' ELSE '' END END,"
    " (SELECT count(*) FROM snapshots n WHERE n.session_id = s.id),"
    " s.updated_at, coalesce(nullif(s.title, ''), c.title, '')"
    f" FROM sessions s LEFT JOIN checkpoints c ON c.session_id = s.id {where}"
    " ORDER BY s.updated_at DESC, s.id DESC",
    params,
)
table(["ID", "PROJECT", "STATUS", "SNAPSHOTS", "UPDATED", "TITLE"], [[when(c) if i in (4,) else c for i, c in enumerate(r)] for r in rows])

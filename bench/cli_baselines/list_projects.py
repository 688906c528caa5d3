"""Baseline of ``ckpt-tui list projects``: python bench/cli_baselines/list_projects.py DB"""

import sys

from _common import connect, table, when

rows = connect(sys.argv[1]).execute(
    "SELECT p.id, p.directory,"
    " (SELECT count(*) FROM sessions s WHERE s.project_id = p.id),"
    " coalesce((SELECT max(s.updated_at) FROM sessions s WHERE s.project_id = p.id), p.updated_at)"
    " FROM projects p ORDER BY p.updated_at DESC, p.id DESC"
)
table(["ID", "DIRECTORY", "SESSIONS", "LAST ACTIVITY"], [[when(c) if i in (3,) else c for i, c in enumerate(r)] for r in rows])

"""Baseline of ``ckpt-tui diff SESSION A B``: both payloads read, each
field's lines compared with difflib, changed fields printed as a unified
diff. python bench/cli_baselines/diff.py DB SESSION A B"""

import difflib
import json
import sys

from _common import connect

FIELDS = [
    "title",
    "objective",
    "status",
    "summary",
    "currentPlan",
    "completedSteps",
    "nextSteps",
    "blockers",
    "filesTouched",
    "notes",
]

conn = connect(sys.argv[1])
session, a, b = sys.argv[2:5]
sql = "SELECT payload FROM snapshots WHERE session_id = ? AND (name = ? OR id = ?)"
old = json.loads(conn.execute(sql, (session, a, a)).fetchone()[0])
new = json.loads(conn.execute(sql, (session, b, b)).fetchone()[0])
out = [f"--- {a}", f"+++ {b}"]
for key in FIELDS:
    before, after = old.get(key) or "", new.get(key) or ""
    before = before if isinstance(before, list) else str(before).splitlines()
    after = after if isinstance(after, list) else str(after).splitlines()
    if before != after:
        out.append(f"@@ {key}")
        out += [line for line in difflib.ndiff(before, after) if line[:1] in "-+ "]
print("\n".join(out))

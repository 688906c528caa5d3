"""Baseline of ``ckpt-tui show SESSION [--snapshot NAME]``: the checkpoint's
fields, labelled, lists as items. python bench/cli_baselines/show.py DB SESSION [NAME]"""

import json
import sys

from _common import connect, when

FIELDS = [
    ("title", "title", "Title"),
    ("objective", "objective", "Objective"),
    ("status", "status", "Status"),
    ("summary", "summary", "Summary"),
    ("currentPlan", "current_plan", "Plan"),
    ("completedSteps", "completed_steps", "Done"),
    ("nextSteps", "next_steps", "Next"),
    ("blockers", "blockers", "Blockers"),
    ("filesTouched", "files_touched", "Files"),
    ("notes", "notes", "Notes"),
]
LISTS = {"completedSteps", "nextSteps", "blockers", "filesTouched"}
STATUS = {"in_progress": "in progress"}

conn = connect(sys.argv[1])
session = sys.argv[2]
out = []
if len(sys.argv) > 3:
    name, kind, at, payload = conn.execute(
        "SELECT name, kind, captured_at, payload FROM snapshots"
        " WHERE session_id = ? AND (name = ? OR id = ?)",
        (session, sys.argv[3], sys.argv[3]),
    ).fetchone()
    out.append(f"snapshot {name} ({kind}), captured {when(at)}")
    values = json.loads(payload)
else:
    columns = ", ".join(column for _, column, _ in FIELDS)
    row = conn.execute(
        f"SELECT updated_at, {columns} FROM checkpoints WHERE session_id = ?", (session,)
    ).fetchone()
    out.append(f"session {session}, updated {when(row[0])}")
    values = {
        key: json.loads(v) if key in LISTS else v
        for (key, _, _), v in zip(FIELDS, row[1:], strict=True)
    }
for key, _, label in FIELDS:
    value = values.get(key) or ([] if key in LISTS else "")
    if key == "status":
        value = STATUS.get(value, value)
    if key in LISTS:
        out.append(f"{label}:")
        out += [f"  - {item}" for item in value] or ["  (none)"]
    elif "\n" in value:
        out.append(f"{label}:")
        out += [f"  {line}" for line in value.splitlines()]
    else:
        out.append(f"{label}: {value}")
print("\n".join(out))

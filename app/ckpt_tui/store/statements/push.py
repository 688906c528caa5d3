"""What an archive push reads of the store (``store/archive_push.py``):
every row of each table it copies, the keys it compares, and rows by key.

Each table's rows are its columns in the store schema's order, which is the
order the archive's copy of the table lists them (``archive_schema.
copied_columns``); ``tests/test_read_sql.py`` checks that the two agree.
"""

from __future__ import annotations

from sqlalchemy import select

from ckpt_tui.store.schema import checkpoints, projects, sessions, snapshots
from ckpt_tui.store.statements.common import json_values

#: The tables a push copies.
COPIED = (projects, sessions, snapshots, checkpoints)


def statements() -> dict[str, object]:
    out: dict[str, object] = {f"push_{t.name}": select(t) for t in COPIED}
    out["push_snapshot_keys"] = select(snapshots.c.id, snapshots.c.restored_at)
    out["push_checkpoint_keys"] = select(checkpoints.c.session_id, checkpoints.c.updated_at)
    # rows whose key is in the JSON array ``:ids`` (``keys.json_list``)
    out["push_snapshots_by_id"] = select(snapshots).where(snapshots.c.id.in_(json_values("ids")))
    out["push_checkpoints_by_session"] = select(checkpoints).where(
        checkpoints.c.session_id.in_(json_values("ids"))
    )
    return out

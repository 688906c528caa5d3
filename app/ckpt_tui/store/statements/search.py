"""What search reads of the checkpoint store: new and changed rows to index
(by rowid, the order they were written in), what each session holds to
find removals, and a result page's rows as the store has them now
(``store/search_sync.py``, ``store/search_store.py``)."""

from __future__ import annotations

from sqlalchemy import (
    Integer,
    Text,
    bindparam,
    func,
    literal,
    literal_column,
    null,
    select,
    union_all,
)

from ckpt_tui.store.schema import checkpoints, projects, sessions, snapshots
from ckpt_tui.store.statements.common import json_values


def statements() -> dict[str, object]:
    rowid = literal_column("snapshots.rowid")
    indexed = select(
        rowid.label("src"),
        snapshots.c.id,
        snapshots.c.session_id,
        snapshots.c.project_id,
        snapshots.c.name,
        snapshots.c.kind,
        snapshots.c.captured_at,
        snapshots.c.payload,
    )
    low, high = bindparam("low", type_=Integer), bindparam("high", type_=Integer)
    # each part length-prefixed, so no two lists read alike
    listed = func.group_concat(
        func.length(checkpoints.c.session_id).concat(":").concat(checkpoints.c.session_id)
        .concat(func.length(checkpoints.c.updated_at)).concat(":")
        .concat(checkpoints.c.updated_at),
        "",
    )
    joined_snapshots = snapshots.outerjoin(sessions, sessions.c.id == snapshots.c.session_id)
    joined_snapshots = joined_snapshots.outerjoin(projects, projects.c.id == snapshots.c.project_id)
    joined_checkpoints = checkpoints.outerjoin(
        sessions, sessions.c.id == checkpoints.c.session_id
    ).outerjoin(projects, projects.c.id == checkpoints.c.project_id)
    labels = union_all(
        select(literal(0), sessions.c.id, sessions.c.title).where(
            sessions.c.id.in_(json_values("session_ids"))
        ),
        select(literal(1), projects.c.id, projects.c.directory).where(
            projects.c.id.in_(json_values("project_ids"))
        ),
        select(literal(2), snapshots.c.id, null()).where(
            snapshots.c.id.in_(json_values("snapshot_ids"))
        ),
        select(literal(3), checkpoints.c.session_id, checkpoints.c.updated_at).where(
            checkpoints.c.session_id.in_(json_values("checkpoint_ids"))
        ),
    )
    return {
        "search_max_rowid": select(func.coalesce(func.max(rowid), 0)).select_from(snapshots),
        # ``:limit`` snapshots after rowid ``:low``, up to ``:high``, to index
        "search_batch": indexed.where(rowid > low, rowid <= high)
        .order_by(rowid)
        .limit(bindparam("limit", type_=Integer)),
        "search_snapshot_at": indexed.where(rowid == bindparam("src", type_=Integer)),
        "search_snapshot_by_id": indexed.where(snapshots.c.id == bindparam("id", type_=Text)),
        "search_count": select(func.count()).select_from(snapshots),
        "search_session_sums": select(
            snapshots.c.session_id, func.count(), func.total(rowid)
        ).group_by(snapshots.c.session_id),
        "search_rowids": select(rowid, snapshots.c.id).where(rowid > low, rowid <= high),
        "search_session_rowids": select(snapshots.c.id, rowid).where(
            snapshots.c.session_id == bindparam("session_id", type_=Text)
        ),
        "search_checkpoints_listed": select(listed),
        "search_checkpoint_stamps": select(checkpoints.c.session_id, checkpoints.c.updated_at),
        "search_checkpoints_by_ids": select(checkpoints).where(
            checkpoints.c.session_id.in_(json_values("ids"))
        ),
        # a result page's rows with what a result line shows
        "search_docs_snapshots": select(
            snapshots.c.id,
            snapshots.c.name,
            snapshots.c.kind,
            snapshots.c.payload,
            sessions.c.title,
            projects.c.directory,
        )
        .select_from(joined_snapshots)
        .where(snapshots.c.id.in_(json_values("ids"))),
        "search_docs_checkpoints": select(
            checkpoints,
            sessions.c.title.label("session_title"),
            projects.c.directory.label("project_dir"),
        )
        .select_from(joined_checkpoints)
        .where(checkpoints.c.session_id.in_(json_values("ids"))),
        "search_labels": labels,
    }

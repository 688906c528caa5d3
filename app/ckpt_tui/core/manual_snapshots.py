"""Manual snapshots: saving one (journaled, so undo deletes it), and the
undo (delete) and redo (put back, same id, name and time) of that step.
They change no checkpoint, so they need no optimistic check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.plans import Outcome, Plan, Step
from ckpt_tui.core.undo_redo import UndoRedo, journal_after_write
from ckpt_tui.errors import CkptError, NotFound, NothingToDo
from ckpt_tui.plural import counted

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from ckpt_tui.store import Store

MAX_NAME = 200


def validate_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise CkptError("a snapshot name is required")
    if len(name) > MAX_NAME:
        raise CkptError(f"a snapshot name is at most {MAX_NAME} characters")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise CkptError("a snapshot name cannot contain control characters")
    return name


def name_problem(store: Store, session_id: str, name: str) -> str | None:
    """Why ``name`` cannot be saved now, or ``None``: asked before the
    write, so a prompt can say it where the name is typed (the write checks
    again, under its lock)."""
    from ckpt_tui.store.snapshot_reads import snapshot_exists

    try:
        name = validate_name(name)
    except CkptError as exc:
        return str(exc)
    with store.read() as conn:
        if snapshot_exists(conn, session_id, name):
            return f"this session already has a snapshot named {name!r}"
    return None


def create(
    store: Store, undo_redo: UndoRedo, session_id: str, name: str, history_limit: int
) -> Outcome:
    """Save the session's checkpoint as the manual snapshot ``name``, prune,
    and journal it: the step is recorded before the commit (its anchor is
    the new snapshot), settled after."""
    from ckpt_tui.store import journal
    from ckpt_tui.store import writes as w
    from ckpt_tui.store.session_reads import get_checkpoint, get_session
    from ckpt_tui.store.snapshot_reads import newest_snapshot, snapshot_exists

    name = validate_name(name)

    def work(conn: Connection):
        get_session(conn, session_id)
        row = get_checkpoint(conn, session_id)
        if row is None:
            raise NotFound(f"session {session_id!r} has no checkpoint to snapshot")
        if snapshot_exists(conn, session_id, name):
            raise CkptError(f"session {session_id} already has a snapshot named {name!r}")
        payload = Checkpoint.from_row(row.columns).to_json()
        newest = newest_snapshot(conn, session_id, "pre-restore")
        at = w.write_instant(conn, session_id)
        snap = w.insert_snapshot(
            conn,
            session_id=session_id,
            project_id=row.project_id,
            kind="manual",
            name=name,
            payload_json=payload,
            captured_at=at,
        )
        w.touch_activity(conn, session_id, row.project_id, at)
        pruned = w.prune(conn, session_id, history_limit)
        step = undo_redo.entry_only_step(
            Step.SNAPSHOT,
            label=f"snapshot {name!r}",
            before=snap["payload"],
            after=snap["payload"],
            after_snapshot_id=snap["id"],
            newest_pre_restore=newest,
            detail={"name": name, "captured_at": at, "project": snap["project_id"]},
        )
        anchor = journal.snapshot_anchor(snap["id"])
        warning = journal_after_write(
            lambda: undo_redo.journal.intend(session_id, anchor, {"push": step}),
            "undo cannot delete this snapshot",
        )
        return anchor, pruned, warning

    anchor, pruned, warning = store.write(work)
    if warning is None:
        undo_redo.settle(anchor)
    return Outcome(
        Step.SNAPSHOT,
        session_id,
        f"saved snapshot {name!r}",
        True,
        pruned=len(pruned),
        snapshot=name,
    ).warned(warning)


def undo_or_redo(store: Store, undo_redo: UndoRedo, plan: Plan, history_limit: int) -> Outcome:
    """Undo deletes the snapshot; redo puts it back as it was."""
    from ckpt_tui.store import writes as w

    entry = plan.entry
    assert entry is not None
    name = entry.detail.get("name")
    if plan.action == Step.UNDO:
        def delete(conn: Connection) -> bool:
            gone = w.delete_snapshot(conn, plan.session_id, entry.after_snapshot_id)
            if gone:
                at = w.write_instant(conn, plan.session_id)
                w.touch_activity(conn, plan.session_id, plan.project_id, at)
            return gone

        gone = store.write(delete)
        warning = journal_after_write(
            lambda: undo_redo.record_entry_step(plan), "redo cannot bring it back"
        )
        what = f"deleted snapshot {name!r}" if gone else f"snapshot {name!r} was already gone"
        message = f"undid: {what}"
        return Outcome(Step.UNDO, plan.session_id, message, gone).warned(warning)
    made, pruned = store.write(lambda conn: _recreate(conn, plan, history_limit))
    warning = journal_after_write(
        lambda: undo_redo.record_entry_step(plan), "undo may not delete it again"
    )
    message = f"redid: snapshot {name!r} is back"
    if pruned:
        message += f" (pruned {counted(pruned, 'old snapshot')})"
    return Outcome(Step.REDO, plan.session_id, message, made, pruned=pruned).warned(warning)


def _recreate(conn: Connection, plan: Plan, history_limit: int) -> tuple[bool, int]:
    """Inside the write lock: put the snapshot of ``plan.entry`` back, unless
    a snapshot of that name exists; (made, pruned)."""
    from ckpt_tui.store import writes as w
    from ckpt_tui.store.snapshot_reads import snapshot_exists

    entry = plan.entry
    assert entry is not None
    name = entry.detail.get("name")
    if snapshot_exists(conn, plan.session_id, name):
        return False, 0
    snap = w.insert_snapshot(
        conn,
        session_id=plan.session_id,
        project_id=entry.detail.get("project") or plan.project_id,
        kind="manual",
        name=name,
        payload_json=entry.after,
        snapshot_id=entry.after_snapshot_id,
        captured_at=entry.detail.get("captured_at"),
    )
    # Pruned like any write (invariant 4). It keeps its old time, so it may
    # be older than the newest history_limit itself: then putting it back
    # would only delete others, and nothing is done.
    doomed = w.prunable_ids(conn, plan.session_id, history_limit)
    if snap["id"] in doomed:
        raise NothingToDo(
            f"snapshot {name!r} is older than the newest {counted(history_limit, 'snapshot')} "
            "of the session (the history limit): redo would prune it at once, so "
            "nothing was changed"
        )
    w.touch_activity(conn, plan.session_id, snap["project_id"], w.write_instant(conn, plan.session_id))
    return True, len(w.prune(conn, plan.session_id, history_limit))

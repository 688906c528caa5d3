"""Writes that change a checkpoint: planning a restore or a copy, and
writing any such plan (restore, adoption, undo, redo) under the write lock.

A plan someone previewed is computed from one read; writing it
(:func:`write_plan`) re-reads the checkpoint inside ``BEGIN IMMEDIATE`` and
refuses with :class:`Conflict` if ``updated_at`` moved since the plan, so
the plugin's newer write is never silently overwritten after a person
looked at another state. Each write first takes a ``pre-restore`` snapshot
of what it overwrites, writes the changed columns, marks the restored
snapshot and prunes (SPEC 5.3). Journaling what was written is
``core.undo_redo``'s job, after the commit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ckpt_tui import timeutil
from ckpt_tui.core.model import Checkpoint, Damaged, field_labels, validate_fields
from ckpt_tui.core.plans import (
    WRITABLE,
    Outcome,
    Plan,
    Step,
    changed_keys,
    restorable,
    skipped_note,
    take,
)
from ckpt_tui.errors import Conflict, DamagedPayload

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from ckpt_tui.core.reads import Reader


@dataclass(frozen=True, slots=True)
class PlanWritten:
    """What :func:`write_plan` wrote: the pre-restore snapshot it took and
    how many snapshots pruning removed."""

    pre_restore_id: str
    pre_restore_name: str
    pruned: int


def plan_restore(
    reader: Reader, session_id: str, snapshot: str, fields: list[str] | None = None
) -> Plan:
    """Restore ``snapshot`` (all fields, or the ``fields`` named) into the
    session's checkpoint. A damaged payload is refused; a damaged field is
    refused when named and left out of a whole restore."""
    view = reader.snapshot(session_id, snapshot)
    if isinstance(view.content, Damaged):
        raise DamagedPayload(
            f"snapshot {view.row.name!r} is damaged ({view.content.reason}); it cannot be restored"
        )
    chosen = validate_fields(fields) if fields is not None else WRITABLE
    scope = "all fields" if fields is None else field_labels(chosen)
    chosen, skipped = restorable(
        view.content, chosen, explicit=fields is not None, what=f"snapshot {view.row.name!r}"
    )
    return Plan.merge(
        Step.RESTORE,
        reader.current(session_id),
        view.content,
        chosen,
        label=f"restore of {view.row.name} ({scope}{skipped_note(skipped)})",
        source_snapshot_id=view.row.id,
        snapshot_name=view.row.name,
        fields=chosen,
        skipped=skipped,
    )


def plan_copy(
    reader: Reader,
    session_id: str,
    content: Checkpoint,
    *,
    label: str,
    source_snapshot_id: str | None,
    fields: list[str] | None = None,
    action: Step = Step.ADOPT,
) -> Plan:
    """Copy ``content`` (all fields, or ``fields``) into a session as a
    restore would: an adoption of legacy state (``Step.ADOPT``), or a copy
    from another session (``Step.COPY``, ``core.across``). Damaged fields are
    skipped, or refused when chosen by name, as a restore does."""
    chosen = validate_fields(fields) if fields is not None else WRITABLE
    keys, skipped = restorable(content, chosen, explicit=fields is not None, what=label)
    return Plan.merge(
        action,
        reader.current(session_id),
        content,
        keys,
        label=label + skipped_note(skipped),
        source_snapshot_id=source_snapshot_id,
        fields=keys if fields is not None else None,
        skipped=skipped,
    )


def save_pre_restore(conn: Connection, session_id: str, project_id: str, current: Checkpoint):
    """The ``pre-restore`` snapshot every write takes of what it overwrites
    (SPEC 5.3); the new row (``id``, ``name``, ...)."""
    from ckpt_tui.store import writes as w

    return w.insert_snapshot(
        conn,
        session_id=session_id,
        project_id=project_id,
        kind="pre-restore",
        payload_json=current.to_json(),
        schema_version=current.schemaVersion,
    )


def write_plan(conn: Connection, plan: Plan, history_limit: int) -> PlanWritten | None:
    """Inside ``BEGIN IMMEDIATE``: re-read, check, snapshot, write, prune.
    ``None``: nothing left to change, nothing written (invariant 3)."""
    from ckpt_tui.store import writes as w
    from ckpt_tui.store.session_reads import get_checkpoint

    row = get_checkpoint(conn, plan.session_id)
    now_at = row.updated_at if row else None
    if now_at != plan.base_updated_at:
        raise conflict(plan.session_id, now_at)
    current = Checkpoint.from_row(row.columns) if row else Checkpoint()
    after = take(current, plan.after, plan.keys)
    changed = changed_keys(current, after)
    if not changed:
        return None
    pre = save_pre_restore(conn, plan.session_id, plan.project_id, current)
    w.write_checkpoint(
        conn,
        session_id=plan.session_id,
        project_id=plan.project_id,
        # Only the changed columns: one that is not part of the change (a
        # damaged one above all) keeps its bytes.
        columns=after.to_row(changed if row is not None else None),
        exists=row is not None,
    )
    w.mark_restored(conn, plan.source_snapshot_id)
    pruned = w.prune(conn, plan.session_id, history_limit)
    return PlanWritten(pre["id"], pre["name"], pruned)


def outcome(plan: Plan, written: PlanWritten | None) -> Outcome:
    """What :func:`write_plan` did, in words a person reads (field labels);
    the key or command that takes it back is each front end's to add
    (``Outcome.said_with``)."""
    if written is None:
        return Outcome(plan.action, plan.session_id, f"{plan.label}: nothing to change", False)
    kept = f"; kept {field_labels(plan.kept)} as saved since" if plan.kept else ""
    return Outcome(
        plan.action,
        plan.session_id,
        f"{plan.label}: changed {field_labels(plan.keys)}{kept}; saved the previous state as "
        f"{written.pre_restore_name}",
        True,
        plan.keys,
        written.pre_restore_name,
        written.pruned,
    )


def check_unchanged(plan: Plan, if_unchanged: str | None) -> None:
    """``--if-unchanged``: :class:`Conflict` when the checkpoint the plan was
    made from is not the one a dry run printed."""
    if if_unchanged is not None and timeutil.normalize(plan.base_updated_at) != timeutil.normalize(
        if_unchanged
    ):
        raise conflict(plan.session_id, plan.base_updated_at)


def conflict(session_id: str, now_at: object) -> Conflict:
    return Conflict(
        f"session {session_id} changed at {timeutil.normalize(now_at)}, after this "
        "was prepared (the plugin saved meanwhile); nothing was written, look at the "
        "new diff"
    )

"""Writes that change a checkpoint: planning a restore or a copy, and
writing any such plan (restore, adoption, undo, redo) under the write lock.

A plan someone previewed is computed from one read; writing it
(:func:`write_plan`) re-reads the checkpoint inside ``BEGIN IMMEDIATE`` and
refuses with :class:`Conflict` if ``updated_at`` moved since the plan, so
the plugin's newer write is never silently overwritten after a person
looked at another state. Each write first takes a ``pre-restore`` snapshot
of what it overwrites (none when there was no checkpoint: there is nothing
to keep), writes the changed columns, marks the restored snapshot, stamps
the session's and project's activity, all with one instant, and prunes
(SPEC 5.3). Before the commit it hands the step to the journal as an
intent (``core.undo_redo``), so no crash and no other process can separate
the two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ckpt_tui import timeutil
from ckpt_tui.core.model import COLUMN, Checkpoint, Damaged, field_labels, validate_fields
from ckpt_tui.core.plans import (
    WRITABLE,
    Outcome,
    Plan,
    Step,
    restorable,
    row_columns,
    skipped_note,
)
from ckpt_tui.errors import Conflict, DamagedPayload
from ckpt_tui.plural import counted

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from ckpt_tui.core.reads import Reader


@dataclass(frozen=True, slots=True)
class PlanWritten:
    """What :func:`write_plan` wrote: the rows before and after (the
    journal's bytes), the pre-restore snapshot it took (``None``: there was
    no checkpoint to keep), what pruning deleted, and the anchor by which
    the journal recognises that it committed."""

    pre_restore_id: str | None
    pre_restore_name: str | None
    pruned: tuple[tuple[str, str], ...]
    before_row: Mapping[str, Any] | None
    after_row: Mapping[str, Any] | None
    changed: tuple[str, ...]
    at: str
    anchor: str
    #: the session's newest pre-restore snapshot after the write
    head: str | None
    #: the journal could not record the intent (the write stands)
    warning: str | None = None


def plan_restore(
    reader: Reader,
    session_id: str,
    snapshot: str,
    fields: list[str] | None = None,
    history_limit: int | None = None,
) -> Plan:
    """Restore ``snapshot`` (all fields, or the ``fields`` named) into the
    session's checkpoint. A damaged payload is refused; a damaged field is
    refused when named and left out of a whole restore. ``history_limit``:
    name what the write's pruning will delete."""
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
    plan = Plan.merge(
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
    return with_prunes(reader, plan, history_limit)


def plan_copy(
    reader: Reader,
    session_id: str,
    content: Checkpoint,
    *,
    label: str,
    source_snapshot_id: str | None,
    fields: list[str] | None = None,
    action: Step = Step.ADOPT,
    history_limit: int | None = None,
) -> Plan:
    """Copy ``content`` (all fields, or ``fields``) into a session as a
    restore would: an adoption of legacy state (``Step.ADOPT``), or a copy
    from another session (``Step.COPY``, ``core.across``). Damaged fields are
    skipped, or refused when chosen by name, as a restore does."""
    chosen = validate_fields(fields) if fields is not None else WRITABLE
    keys, skipped = restorable(content, chosen, explicit=fields is not None, what=label)
    plan = Plan.merge(
        action,
        reader.current(session_id),
        content,
        keys,
        label=label + skipped_note(skipped),
        source_snapshot_id=source_snapshot_id,
        fields=keys if fields is not None else None,
        skipped=skipped,
    )
    return with_prunes(reader, plan, history_limit)


def with_prunes(reader: Reader, plan: Plan, history_limit: int | None) -> Plan:
    """``plan`` naming the snapshots its write's pruning will delete (a
    write that keeps a pre-restore snapshot adds the newest one first)."""
    from ckpt_tui.store import writes as w

    if history_limit is None or plan.is_noop or plan.needs_fields:
        return plan
    adding = 1 if plan.base_updated_at is not None else 0
    with reader.store.read() as q:
        if not w.over_limit(q, plan.session_id, history_limit, adding):
            return plan  # the common case: nothing to prune, one count
        doomed = w.prunable(q, plan.session_id, history_limit, adding)
    return replace(plan, prunes=tuple(doomed))


def save_pre_restore(
    conn: Connection,
    session_id: str,
    project_id: str,
    current: Checkpoint,
    at: str | None = None,
    snapshot_id: str | None = None,
):
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
        snapshot_id=snapshot_id,
        captured_at=at,
    )


#: ``intend(plan, written) -> warning``: records a write's step before its commit.
Intend = Callable[[Plan, "PlanWritten"], "str | None"]


def write_plan(
    conn: Connection, plan: Plan, history_limit: int, intend: Intend | None = None
) -> PlanWritten | None:
    """Inside ``BEGIN IMMEDIATE``: re-read, check, snapshot, write, prune,
    then ``intend`` (the journal's intent, before the caller commits).
    ``None``: nothing left to change, nothing written (invariant 3).

    Compares and writes the columns' stored bytes: a column whose bytes are
    already the plan's is not part of the change."""
    from ckpt_tui.core.undo_redo import refuse_unchosen
    from ckpt_tui.store import journal
    from ckpt_tui.store import writes as w
    from ckpt_tui.store.session_reads import get_checkpoint
    from ckpt_tui.store.snapshot_reads import newest_snapshot

    row = get_checkpoint(conn, plan.session_id)
    now_at = row.updated_at if row else None
    if now_at != plan.base_updated_at:
        raise conflict(plan.session_id, now_at)
    refuse_unchosen(plan)
    before = row_columns(row.columns) if row else None
    if plan.delete_row:
        changed = plan.keys if before is not None else ()
        after = None
    elif before is None:
        changed = plan.keys
        after = {**Checkpoint().to_row(), **plan.columns}
    else:
        changed = tuple(k for k in plan.keys if before[COLUMN[k]] != plan.columns[COLUMN[k]])
        after = {**before, **{COLUMN[k]: plan.columns[COLUMN[k]] for k in changed}}
    if not changed:
        return None
    at = w.write_instant(conn, plan.session_id)
    pre = None
    if row is not None:
        pre = save_pre_restore(
            conn, plan.session_id, plan.project_id, Checkpoint.from_row(row.columns), at
        )
        head = pre["id"]
        anchor = journal.snapshot_anchor(pre["id"])
    else:
        newest = newest_snapshot(conn, plan.session_id, "pre-restore")
        head = newest["id"] if newest is not None else None
        anchor = journal.created_anchor(plan.session_id, at)
    if after is None:
        w.delete_checkpoint(conn, plan.session_id)
    else:
        w.write_checkpoint(
            conn,
            session_id=plan.session_id,
            project_id=plan.project_id,
            # Only the changed columns: one that is not part of the change (a
            # damaged one above all) keeps its bytes.
            columns={COLUMN[k]: after[COLUMN[k]] for k in changed} if row is not None else after,
            exists=row is not None,
            at=at,
        )
    w.mark_restored(conn, plan.source_snapshot_id, at)
    w.touch_activity(conn, plan.session_id, plan.project_id, at)
    pruned = w.prune(conn, plan.session_id, history_limit)
    written = PlanWritten(
        pre["id"] if pre else None,
        pre["name"] if pre else None,
        tuple(pruned),
        before,
        after,
        changed,
        at,
        anchor,
        head,
    )
    if intend is not None:
        written = replace(written, warning=intend(plan, written))
    return written


def outcome(plan: Plan, written: PlanWritten | None) -> Outcome:
    """What :func:`write_plan` did, in words a person reads (field labels);
    the key or command that takes it back is each front end's to add
    (``Outcome.said_with``)."""
    if written is None:
        return Outcome(plan.action, plan.session_id, f"{plan.label}: nothing to change", False)
    kept = f"; kept {field_labels(plan.kept)} as saved since" if plan.kept else ""
    if plan.delete_row:
        what = "removed the checkpoint (the session had none before)"
    else:
        what = f"changed {field_labels(written.changed)}"
    saved = (
        f"; saved the previous state as {written.pre_restore_name}"
        if written.pre_restore_name
        else "; the session had no checkpoint before"
    )
    pruned = ""
    if written.pruned:
        names = [name for _id, name in written.pruned]
        pruned = f"; pruned {counted(len(names), 'old snapshot')} ({', '.join(names[:3])}" + (
            ", ...)" if len(names) > 3 else ")"
        )
    return Outcome(
        plan.action,
        plan.session_id,
        f"{plan.label}: {what}{kept}{saved}{pruned}",
        True,
        written.changed,
        written.pre_restore_name,
        len(written.pruned),
    ).warned(written.warning)


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

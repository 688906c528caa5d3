"""Write policy: restore, undo, redo, manual snapshots (SPEC 5.3).

Every change to a checkpoint goes through a :class:`Plan`. A plan someone
previewed (:meth:`Service.apply`) is computed from one read; applying it
re-reads the checkpoint inside ``BEGIN IMMEDIATE`` and refuses with
:class:`Conflict` if ``updated_at`` moved since the plan, so the plugin's
newer write is never silently overwritten after a person looked at another
state. A write nobody previewed (:meth:`Service.plan_and_apply`: the command
line, undo and redo without a preview) is planned once the write lock is
ours, so it includes the plugin's latest save instead of refusing. Each
write first takes a ``pre-restore`` snapshot of what it overwrites, marks
the restored snapshot, prunes, and only then is recorded in the undo journal.

Undo/redo semantics are written down in ARCHITECTURE.md ("Undo and redo").
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ckpt_tui import timeutil
from ckpt_tui.core.model import (
    FIELDS,
    LABEL,
    Checkpoint,
    Damaged,
    DamagedField,
    decode,
    validate_fields,
)
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import (
    CkptError,
    Conflict,
    DamagedPayload,
    JournalError,
    NotFound,
    NothingToDo,
    ReadOnly,
)
from ckpt_tui.store import Store

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from ckpt_tui.core.diff import CheckpointDiff
    from ckpt_tui.core.handoff import Written
    from ckpt_tui.store.journal import Entry, JournalFile

# The write and query layers (SQLAlchemy), the diff and the hand-off are
# imported by the functions that use them: the first frame needs none.

#: Journal entries whose undo and redo change no checkpoint.
ENTRY_ONLY = ("snapshot", "handoff")
#: Their detail key for the id of the session's newest pre-restore snapshot
#: when they were made: unchanged at undo time, nothing restored since.
NEWEST_PRE_RESTORE = "newestPreRestore"

#: What a restore may write: the content fields plus the placeholder flag.
WRITABLE = (*FIELDS, "synthesized")
MAX_NAME = 200


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


def changed_keys(old: Checkpoint, new: Checkpoint) -> tuple[str, ...]:
    return tuple(k for k in WRITABLE if old.get(k) != new.get(k))


def take(base: Checkpoint, source: Checkpoint, keys: tuple[str, ...]) -> Checkpoint:
    """``base`` with the ``keys`` taken from ``source``."""
    return replace(base, **{k: source.get(k) for k in keys})


def restorable(
    source: Checkpoint, keys: tuple[str, ...], *, explicit: bool, what: str
) -> tuple[tuple[str, ...], dict[str, str]]:
    """The ``keys`` that may be copied from ``source``, and the damaged ones
    left out (key -> reason). A damaged field is never restored (SPEC 3):
    asked for by name (``explicit``) it is refused, naming it; as part of a
    whole restore it is skipped, and the plan's label says so."""
    damaged = {k: v.reason for k in keys if isinstance(v := source.get(k), DamagedField)}
    if damaged and explicit:
        raise DamagedPayload(
            f"{what} has damaged {', '.join(f'{k} ({r})' for k, r in damaged.items())}; "
            "a damaged field cannot be restored, nothing was written"
        )
    return tuple(k for k in keys if k not in damaged), damaged


def _skipped_note(skipped: dict[str, str]) -> str:
    return f"; skipped damaged {', '.join(skipped)}" if skipped else ""


@dataclass(frozen=True)
class Plan:
    """What a write will do, computed before doing it (the preview)."""

    action: str  # restore | undo | redo | adopt | copy | snapshot
    session_id: str
    project_id: str
    label: str
    before: Checkpoint
    after: Checkpoint
    base_updated_at: object
    keys: tuple[str, ...]
    source_snapshot_id: str | None = None
    entry: Entry | None = None
    fallback: bool = False  # undo: journal not usable, do what the plugin does
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def diff(self) -> CheckpointDiff:
        from ckpt_tui.core import diff as diffs

        return diffs.diff_checkpoints(self.before, self.after)

    @property
    def is_noop(self) -> bool:
        return not self.keys and self.action != "snapshot" and "entry_only" not in self.detail

    @property
    def kept_note(self) -> str | None:
        """Which later changes a journaled undo (or redo) keeps, named.

        Undo reverts only the fields the step changed; fields saved since
        (by the plugin, usually) keep their current values. The plugin's own
        undo restores its newest pre-restore snapshot whole and would revert
        them too, so a preview must say so.
        """
        kept = self.detail.get("kept")
        if not kept or self.entry is None:
            return None
        names = ", ".join(LABEL.get(k, k) for k in kept)
        if self.action == "redo":
            return f"Kept as they are now: {names} (changed since the undo)."
        step = "adoption" if self.entry.action == "adopt" else self.entry.action
        return (
            f"Kept as they are now: {names} (changed after the {step}). Only the fields the "
            f"{step} changed are reverted; the plugin's own undo would revert these too."
        )


@dataclass(frozen=True)
class Outcome:
    action: str
    session_id: str
    message: str
    wrote: bool
    changed: tuple[str, ...] = ()
    pre_restore: str | None = None
    pruned: int = 0
    snapshot: str | None = None
    #: The write stands but the undo journal could not record it (also at
    #: the end of ``message``).
    warning: str | None = None

    def warned(self, warning: str | None) -> Outcome:
        if warning is None:
            return self
        return replace(self, message=f"{self.message}. Warning: {warning}", warning=warning)


class Service(Reader):
    """The one object the app and the command line talk to."""

    def __init__(self, store: Store, journal: JournalFile, history_limit: int = 50) -> None:
        super().__init__(store)
        self.journal = journal
        self.history_limit = history_limit

    def close(self) -> None:
        self.store.close()
        self.journal.close()

    # -- planning ---------------------------------------------------------
    def _base(self, session_id: str) -> tuple[Checkpoint, object, str]:
        current = self.current(session_id)
        base = current.checkpoint or Checkpoint()
        return base, current.updated_at, current.session.project_id

    def plan_restore(self, session_id: str, snapshot: str, fields: list[str] | None = None) -> Plan:
        view = self.snapshot(session_id, snapshot)
        if isinstance(view.content, Damaged):
            raise DamagedPayload(
                f"snapshot {view.row.name!r} is damaged ({view.content.reason}); "
                "it cannot be restored"
            )
        chosen = validate_fields(fields) if fields is not None else WRITABLE
        scope = "all fields" if fields is None else ", ".join(chosen)
        chosen, skipped = restorable(
            view.content, chosen, explicit=fields is not None, what=f"snapshot {view.row.name!r}"
        )
        base, updated_at, project_id = self._base(session_id)
        after = take(base, view.content, chosen)
        return Plan(
            action="restore",
            session_id=session_id,
            project_id=project_id,
            label=f"restore of {view.row.name} ({scope}{_skipped_note(skipped)})",
            before=base,
            after=after,
            base_updated_at=updated_at,
            keys=changed_keys(base, after),
            source_snapshot_id=view.row.id,
            detail={"snapshot": view.row.name, "fields": list(chosen), "skipped": skipped},
        )

    def plan_copy(
        self,
        session_id: str,
        content: Checkpoint,
        *,
        label: str,
        source_snapshot_id: str | None,
        fields: list[str] | None = None,
        action: str = "adopt",
    ) -> Plan:
        """Copy ``content`` (all fields, or the chosen ones) into a session as
        a restore would: an adoption of legacy state, or a ``copy`` from
        another session (core.across). Damaged fields are skipped, or
        refused when chosen by name, as a restore does."""
        chosen = validate_fields(fields) if fields is not None else WRITABLE
        keys, skipped = restorable(content, chosen, explicit=fields is not None, what=label)
        base, updated_at, project_id = self._base(session_id)
        after = take(base, content, keys)
        return Plan(
            action=action,
            session_id=session_id,
            project_id=project_id,
            label=label + _skipped_note(skipped),
            before=base,
            after=after,
            base_updated_at=updated_at,
            keys=changed_keys(base, after),
            source_snapshot_id=source_snapshot_id,
            detail={"skipped": skipped, **({"fields": list(keys)} if fields is not None else {})},
        )

    def _newest_pre_restore(self, session_id: str):
        from ckpt_tui.store import queries as q

        with self.store.read() as conn:
            return q.newest_snapshot(conn, session_id, "pre-restore")

    def _journal_usable(self, newest) -> bool:
        """The journal speaks for this session only if the newest pre-restore
        snapshot is one we took: otherwise someone else (the plugin, or a
        crash between our commit and the journal) restored last."""
        return newest is None or self.journal.is_ours(newest["id"])

    def plan_undo(self, session_id: str) -> Plan:
        base, updated_at, project_id = self._base(session_id)
        newest = self._newest_pre_restore(session_id)
        try:
            entry = self.journal.last_done(session_id)
            trusted = self._journal_usable(newest)
        except JournalError:
            # No journal to read: undo as the plugin does, from the newest
            # pre-restore snapshot (the journal is an addition, never needed).
            # Without one, the journal's failure is the honest answer.
            if newest is None:
                raise
            entry, trusted = None, False
        if entry is not None and entry.action in ENTRY_ONLY and _after(entry, newest):
            # A snapshot or a note made since someone else restored: the
            # user's last step, and it does not depend on the checkpoint.
            return self._entry_plan("undo", session_id, project_id, base, updated_at, entry)
        if trusted:
            if entry is None:
                hint = " (redo is available)" if self.journal.first_undone(session_id) else ""
                raise NothingToDo(f"nothing to undo in session {session_id}{hint}")
            if entry.action in ENTRY_ONLY:
                return self._entry_plan("undo", session_id, project_id, base, updated_at, entry)
            target = _journaled(entry.before)
            keys = tuple(entry.detail.get("keys", WRITABLE))
            after = take(base, target, keys)
            return Plan(
                "undo",
                session_id,
                project_id,
                f"undo {entry.label}",
                base,
                after,
                updated_at,
                changed_keys(base, after),
                entry.before_snapshot_id,
                entry,
                detail={"kept": list(_kept(base, target, keys))},
            )
        content = decode(newest["payload"])
        if isinstance(content, Damaged):
            raise DamagedPayload(f"the newest pre-restore snapshot is damaged: {content.reason}")
        keys, skipped = restorable(content, WRITABLE, explicit=False, what=newest["name"])
        after = take(base, content, keys)
        return Plan(
            "undo",
            session_id,
            project_id,
            f"undo: back to {newest['name']}{_skipped_note(skipped)}",
            base,
            after,
            updated_at,
            changed_keys(base, after),
            newest["id"],
            None,
            fallback=True,
            detail={"skipped": skipped},
        )

    def plan_redo(self, session_id: str) -> Plan:
        base, updated_at, project_id = self._base(session_id)
        entry = self.journal.first_undone(session_id)
        if entry is None:
            raise NothingToDo(f"nothing to redo in session {session_id}")
        newest = self._newest_pre_restore(session_id)
        if entry.action in ENTRY_ONLY and _after(entry, newest):
            return self._entry_plan("redo", session_id, project_id, base, updated_at, entry)
        if not self._journal_usable(newest):
            self.journal.forget_session(session_id)
            raise NothingToDo(
                f"nothing to redo in session {session_id}: it was restored outside ckpt-tui "
                "since the undo"
            )
        if entry.action in ENTRY_ONLY:
            return self._entry_plan("redo", session_id, project_id, base, updated_at, entry)
        target = _journaled(entry.after)
        keys = tuple(entry.detail.get("keys", WRITABLE))
        after = take(base, target, keys)
        return Plan(
            "redo",
            session_id,
            project_id,
            f"redo {entry.label}",
            base,
            after,
            updated_at,
            changed_keys(base, after),
            entry.after_snapshot_id,
            entry,
            detail={"kept": list(_kept(base, target, keys))},
        )

    @staticmethod
    def _entry_plan(action, session_id, project_id, base, updated_at, entry) -> Plan:
        """Undo or redo of a step that changed no checkpoint: a manual
        snapshot (deleted, re-created) or a hand-off note (the previous note
        put back or the new one removed; written again)."""
        if entry.action == "snapshot":
            verb = "delete" if action == "undo" else "re-create"
            what = f"snapshot {entry.detail.get('name')!r} ({verb} it)"
        elif action == "undo":
            how = "put back the previous note" if entry.detail.get("existed") else "remove it"
            what = f"{entry.label} ({how})"
        else:
            what = f"{entry.label} (write it again)"
        return Plan(
            action,
            session_id,
            project_id,
            f"{action} {what}",
            base,
            base,
            updated_at,
            (),
            entry.after_snapshot_id,
            entry,
            detail={"entry_only": entry.action},
        )

    # -- applying -----------------------------------------------------------
    def restore(self, session_id: str, snapshot: str, fields: list[str] | None = None) -> Outcome:
        return self.plan_and_apply(lambda: self.plan_restore(session_id, snapshot, fields))[1]

    def undo(self, session_id: str) -> Outcome:
        return self.plan_and_apply(lambda: self.plan_undo(session_id))[1]

    def redo(self, session_id: str) -> Outcome:
        return self.plan_and_apply(lambda: self.plan_redo(session_id))[1]

    def plan_and_apply(
        self, make_plan: Callable[[], Plan], *, if_unchanged: str | None = None
    ) -> tuple[Plan, Outcome]:
        """Plan and write under one write lock, for a write nobody previewed
        (the command line; undo and redo in the app without a preview).

        ``make_plan`` runs once ``BEGIN IMMEDIATE`` has the lock: its reads see
        the newest commit and nobody can commit before ours, so a save of the
        plugin since the command started is part of the plan instead of a
        reason to refuse. ``if_unchanged`` (the ``updatedAt`` a dry run
        printed) keeps the refusal for scripts that looked first: a
        :class:`Conflict` when the checkpoint moved since.
        """

        def work(conn: Connection) -> tuple[Plan, object]:
            plan = make_plan()
            if if_unchanged is not None and timeutil.normalize(
                plan.base_updated_at
            ) != timeutil.normalize(if_unchanged):
                raise _conflict(plan.session_id, plan.base_updated_at)
            if "entry_only" in plan.detail:
                return plan, _ENTRY_ONLY  # applied below: no checkpoint to check
            return plan, self._write(conn, plan)

        plan, result = self.store.write(work)
        if result is _ENTRY_ONLY:
            return plan, self.apply(plan)
        return plan, self._applied(plan, result)

    def apply(self, plan: Plan) -> Outcome:
        """Apply a plan someone previewed: :class:`Conflict` if the checkpoint
        moved since the plan was made (the preview then shows the new diff)."""
        kind = plan.detail.get("entry_only")
        if kind == "snapshot":
            return self._apply_snapshot_entry(plan)
        if kind == "handoff":
            return self._apply_handoff_entry(plan)
        return self._applied(plan, self.store.write(lambda conn: self._write(conn, plan)))

    def _applied(self, plan: Plan, result: tuple[str, str, int] | None) -> Outcome:
        """After the commit of ``_write``: journal it and say what it did."""
        if result is None:
            self._journal_noop(plan)
            return Outcome(plan.action, plan.session_id, f"{plan.label}: nothing to change", False)
        pre_id, pre_name, pruned = result
        warning = _journal_after_write(
            lambda: self._journal_record(plan, pre_id),
            f"u restores {pre_name} whole, as the plugin's undo does",
        )
        undo_hint = "u undoes it" if plan.action != "undo" else "ctrl+r redoes it"
        later = plan.detail.get("kept")
        kept = f"; kept {', '.join(later)} as saved since" if later else ""
        return Outcome(
            plan.action,
            plan.session_id,
            f"{plan.label}: changed {', '.join(plan.keys)}{kept}; saved the previous state as "
            f"{pre_name} ({undo_hint}; `ckpt-tui {'redo' if plan.action == 'undo' else 'undo'} "
            f"{plan.session_id}`)",
            True,
            plan.keys,
            pre_name,
            pruned,
        ).warned(warning)

    def _write(self, conn: Connection, plan: Plan) -> tuple[str, str, int] | None:
        """Inside ``BEGIN IMMEDIATE``: re-read, check, snapshot, write, prune."""
        from ckpt_tui.store import queries as q
        from ckpt_tui.store import writes as w

        row = q.get_checkpoint(conn, plan.session_id)
        now_at = row.updated_at if row else None
        if now_at != plan.base_updated_at:
            raise _conflict(plan.session_id, now_at)
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
        pruned = w.prune(conn, plan.session_id, self.history_limit)
        return pre["id"], pre["name"], pruned

    def _journal_record(self, plan: Plan, pre_id: str) -> None:
        """After the commit. A crash before this line leaves a pre-restore
        snapshot the journal does not know, and undo falls back to the plugin's
        behaviour: exactly right for the one step that was lost."""
        before, after = plan.before.to_json(), plan.after.to_json()
        if plan.action in ("restore", "adopt", "copy"):
            self.journal.push(
                plan.session_id,
                action=plan.action,
                label=plan.label,
                before=before,
                after=after,
                before_snapshot_id=pre_id,
                after_snapshot_id=plan.source_snapshot_id,
                detail={**plan.detail, "keys": list(plan.keys)},
            )
        elif plan.action == "undo" and plan.fallback:
            self.journal.push(
                plan.session_id,
                action="restore",
                label=f"restore of {plan.label.removeprefix('undo: back to ')}",
                before=after,
                after=before,
                before_snapshot_id=plan.source_snapshot_id,
                after_snapshot_id=pre_id,
                detail={"keys": list(plan.keys)},
                done=False,
                reset=True,
            )
        elif plan.action == "undo":
            self.journal.flip(
                plan.session_id, plan.entry.seq, done=False, after=before, after_snapshot_id=pre_id
            )
            self.journal.remember(plan.session_id, pre_id)
        elif plan.action == "redo":
            self.journal.flip(
                plan.session_id, plan.entry.seq, done=True, before=before, before_snapshot_id=pre_id
            )
            self.journal.remember(plan.session_id, pre_id)

    def _journal_noop(self, plan: Plan) -> None:
        """An undo or redo with nothing left to change still moves the cursor,
        and records the current state as the side it (did not) overwrite, so
        the opposite step brings back exactly that: nothing."""
        if plan.entry is not None and plan.action in ("undo", "redo"):
            side = "after" if plan.action == "undo" else "before"
            self.journal.flip(
                plan.session_id,
                plan.entry.seq,
                done=plan.action == "redo",
                **{side: plan.before.to_json()},
            )

    # -- manual snapshots -----------------------------------------------------
    def snapshot_create(self, session_id: str, name: str) -> Outcome:
        from ckpt_tui.store import queries as q
        from ckpt_tui.store import writes as w

        name = validate_name(name)

        def work(conn: Connection):
            q.get_session(conn, session_id)
            row = q.get_checkpoint(conn, session_id)
            if row is None:
                raise NotFound(f"session {session_id!r} has no checkpoint to snapshot")
            if q.snapshot_exists(conn, session_id, name):
                raise CkptError(f"session {session_id} already has a snapshot named {name!r}")
            payload = Checkpoint.from_row(row.columns).to_json()
            newest = q.newest_snapshot(conn, session_id, "pre-restore")
            snap = w.insert_snapshot(
                conn,
                session_id=session_id,
                project_id=row.project_id,
                kind="manual",
                name=name,
                payload_json=payload,
            )
            return snap, w.prune(conn, session_id, self.history_limit), newest

        snap, pruned, newest = self.store.write(work)
        warning = _journal_after_write(
            lambda: self._journal_snapshot(session_id, name, snap, newest),
            "u cannot delete this snapshot",
        )
        return Outcome(
            "snapshot",
            session_id,
            f"saved snapshot {name!r} (u undoes it)",
            True,
            pruned=pruned,
            snapshot=name,
        ).warned(warning)

    def _journal_snapshot(self, session_id: str, name: str, snap, newest) -> None:
        self.journal.push(
            session_id,
            action="snapshot",
            label=f"snapshot {name!r}",
            before=snap["payload"],
            after=snap["payload"],
            before_snapshot_id=None,
            after_snapshot_id=snap["id"],
            detail={
                "name": name,
                "captured_at": snap["captured_at"],
                "project": snap["project_id"],
                NEWEST_PRE_RESTORE: newest["id"] if newest else None,
            },
        )

    def _apply_snapshot_entry(self, plan: Plan) -> Outcome:
        from ckpt_tui.store import queries as q
        from ckpt_tui.store import writes as w

        entry = plan.entry
        assert entry is not None
        name = entry.detail.get("name")
        if plan.action == "undo":
            gone = self.store.write(
                lambda conn: w.delete_snapshot(conn, plan.session_id, entry.after_snapshot_id)
            )
            warning = _journal_after_write(
                lambda: self.journal.flip(plan.session_id, entry.seq, done=False),
                "ctrl+r cannot bring it back",
            )
            what = f"deleted snapshot {name!r}" if gone else f"snapshot {name!r} was already gone"
            message = f"undid: {what} (ctrl+r redoes it)"
            return Outcome("undo", plan.session_id, message, gone).warned(warning)

        def recreate(conn: Connection) -> tuple[bool, int]:
            if q.snapshot_exists(conn, plan.session_id, name):
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
            # Pruned like any write (invariant 4). It keeps its old time, so
            # it may be older than the newest history_limit itself: then
            # putting it back would only delete others, and nothing is done.
            doomed = w.prunable_ids(conn, plan.session_id, self.history_limit)
            if snap["id"] in doomed:
                raise NothingToDo(
                    f"snapshot {name!r} is older than the newest {self.history_limit} snapshots "
                    "of the session (the history limit): redo would prune it at once, so "
                    "nothing was changed"
                )
            return True, w.prune(conn, plan.session_id, self.history_limit)

        made, pruned = self.store.write(recreate)
        warning = _journal_after_write(
            lambda: self.journal.flip(plan.session_id, entry.seq, done=True),
            "u may not delete it again",
        )
        message = f"redid: snapshot {name!r} is back"
        if pruned:
            message += f" (pruned {pruned} old snapshot{'s' if pruned != 1 else ''})"
        return Outcome("redo", plan.session_id, message, made, pruned=pruned).warned(warning)

    # -- hand-off notes ----------------------------------------------------------
    def write_handoff(self, session_id: str, snapshot: str | None = None) -> Written:
        """Write the session's hand-off note, journaled like any other step:
        undo puts back what the file held before (or removes it)."""
        from ckpt_tui.core import handoff as ho

        newest = self._newest_pre_restore(session_id)
        written = ho.write_handoff(self, session_id, snapshot)
        before, encoding = _as_text(written.previous or b"")
        detail = {
            "path": str(written.path),
            "existed": written.previous is not None,
            "encoding": encoding,
            NEWEST_PRE_RESTORE: newest["id"] if newest else None,
        }
        warning = _journal_after_write(
            lambda: self._journal_handoff(session_id, written, before, detail),
            "u cannot take this note back",
        )
        return replace(written, warning=warning)

    def _journal_handoff(self, session_id: str, written: Written, before: str, detail) -> None:
        self.journal.push(
            session_id,
            action="handoff",
            label=f"hand-off note {written.path.name}",
            before=before,
            after=written.handoff.markdown,
            before_snapshot_id=None,
            after_snapshot_id=None,
            detail=detail,
        )

    def _apply_handoff_entry(self, plan: Plan) -> Outcome:
        from ckpt_tui.core import handoff as ho

        entry = plan.entry
        assert entry is not None
        if self.store.read_only_reason:
            raise ReadOnly(f"read-only ({self.store.read_only_reason}): the note was not changed")
        path = Path(entry.detail["path"])
        if path.name != ho.handoff_filename(plan.session_id):
            raise CkptError(f"{path} is not this session's hand-off note; nothing was changed")
        ours = entry.after.encode("utf-8")
        previous = _from_text(entry.before, entry.detail.get("encoding", "utf-8"))
        if not entry.detail.get("existed"):
            previous = None
        if plan.action == "undo":
            ho.put_back(path, ours, previous)
            warning = _journal_after_write(
                lambda: self.journal.flip(plan.session_id, entry.seq, done=False),
                "ctrl+r cannot write it again",
            )
            what = "put back the previous note" if previous is not None else "removed the note"
            message = f"undid the hand-off: {what} at {path} (ctrl+r redoes it)"
            return Outcome("undo", plan.session_id, message, True).warned(warning)
        ho.put_back(path, previous, ours)
        warning = _journal_after_write(
            lambda: self.journal.flip(plan.session_id, entry.seq, done=True),
            "u cannot take it back again",
        )
        message = f"redid the hand-off: wrote {path} again"
        return Outcome("redo", plan.session_id, message, True).warned(warning)


#: ``plan_and_apply``'s marker for a plan whose write is not ``_write``.
_ENTRY_ONLY = object()


def _conflict(session_id: str, now_at: object) -> Conflict:
    return Conflict(
        f"session {session_id} changed at {timeutil.normalize(now_at)}, after this "
        "was prepared (the plugin saved meanwhile); nothing was written, look at the "
        "new diff"
    )


def _kept(current: Checkpoint, target: Checkpoint, keys: tuple[str, ...]) -> tuple[str, ...]:
    """Fields an undo or redo leaves alone although they differ from the state
    it goes back to: changed since the step, outside the fields it changed."""
    return tuple(k for k in WRITABLE if k not in keys and current.get(k) != target.get(k))


def _journaled(payload: str) -> Checkpoint:
    """A checkpoint the journal kept; a damaged one is a JournalError."""
    try:
        return Checkpoint.from_payload(json.loads(payload))
    except (ValueError, TypeError, CkptError) as exc:
        raise JournalError(f"the undo journal holds a damaged entry ({exc})") from None


def _journal_after_write(record, consequence: str) -> str | None:
    """Journal a write that is already committed. If the journal cannot be
    used the write stands, and what undo can still do is said as a warning
    rather than as a failure that did not happen."""
    try:
        record()
    except JournalError as exc:
        return f"{exc}; {consequence}"
    return None


def _after(entry: Entry, pre_restore) -> bool:
    """Whether nothing restored since the entry was recorded: the newest
    pre-restore snapshot is still the one that was newest then. (By id, not
    by time: our own snapshot times may run a millisecond ahead.)"""
    return entry.detail.get(NEWEST_PRE_RESTORE, "?") == (pre_restore["id"] if pre_restore else None)


def _as_text(data: bytes) -> tuple[str, str]:
    """File bytes as journal text: UTF-8 when they are, else base64."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return base64.b64encode(data).decode("ascii"), "base64"


def _from_text(text: str, encoding: str) -> bytes:
    return base64.b64decode(text) if encoding == "base64" else text.encode("utf-8")


def validate_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise CkptError("a snapshot name is required")
    if len(name) > MAX_NAME:
        raise CkptError(f"a snapshot name is at most {MAX_NAME} characters")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        raise CkptError("a snapshot name cannot contain control characters")
    return name

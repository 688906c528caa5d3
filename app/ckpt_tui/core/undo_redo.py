"""Undo, redo and the journal policy (ARCHITECTURE.md, "Undo and redo").

:class:`UndoRedo` decides what an undo or a redo does (the journal's step,
or the plugin's own undo when the journal does not speak for the session),
and records every step after its commit: a checkpoint write, a manual
snapshot, a hand-off note. The journal is never needed: when it cannot be
used the write stands and :func:`journal_after_write` turns the failure
into a warning that says what undo can still do.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ckpt_tui.core.model import Checkpoint, Damaged, decode
from ckpt_tui.core.plans import (
    ENTRY_ONLY,
    WRITABLE,
    Plan,
    Step,
    restorable,
    skipped_note,
)
from ckpt_tui.errors import CkptError, DamagedPayload, JournalError, NothingToDo

if TYPE_CHECKING:
    from ckpt_tui.core.reads import Current, Reader
    from ckpt_tui.store.journal import Entry, JournalFile

#: The detail key of a snapshot's or a note's entry for the id of the
#: session's newest pre-restore snapshot when it was made: unchanged at undo
#: time, nothing restored since.
NEWEST_PRE_RESTORE = "newestPreRestore"


class NextSteps(NamedTuple):
    """What undo and redo of a session would take back or bring back, as
    the key bar says it ("restore of X"); ``None``: nothing to undo (redo)."""

    undo: str | None
    redo: str | None


class UndoRedo:
    """Plans undo and redo from the journal, and keeps the journal."""

    def __init__(self, reader: Reader, journal: JournalFile) -> None:
        self.reader = reader
        self.journal = journal

    # -- planning -------------------------------------------------------------
    def newest_pre_restore(self, session_id: str):
        """The session's newest ``pre-restore`` snapshot row, or ``None``."""
        from ckpt_tui.store.snapshot_reads import newest_snapshot

        with self.reader.store.read() as q:
            return newest_snapshot(q, session_id, "pre-restore")

    def _newest_pre_restore_named(self, session_id: str):
        """:meth:`newest_pre_restore`'s row without its payload: the key bar
        asks for its id and name after every write and poll."""
        from ckpt_tui.store.snapshot_reads import newest_listed

        with self.reader.store.read() as q:
            return newest_listed(q, session_id, "pre-restore")

    def _usable(self, newest) -> bool:
        """The journal speaks for this session only if the newest pre-restore
        snapshot is one we took: otherwise someone else (the plugin, or a
        crash between our commit and the journal) restored last."""
        return newest is None or self.journal.is_ours(newest["id"])

    def next_steps(self, session_id: str) -> NextSteps:
        """The labels of the steps :meth:`plan_undo` and :meth:`plan_redo`
        would take, by the same rules, without reading or diffing any
        checkpoint: two journal rows and one snapshot row (cheap enough to
        ask after every write and poll)."""
        newest = self._newest_pre_restore_named(session_id)
        try:
            if not self.journal.exists():
                # Nothing written yet: browsing never creates the journal.
                done, undone, trusted = None, None, newest is None
            else:
                done = self.journal.last_done(session_id)
                undone = self.journal.first_undone(session_id)
                trusted = self._usable(newest)
        except JournalError:
            done, undone, trusted = None, None, False
        if done is not None and done.action in ENTRY_ONLY and _nothing_restored_since(done, newest):
            undo: str | None = done.label
        elif not trusted:
            undo = f"restore of {newest['name']}" if newest is not None else None
        else:
            undo = done.label if done is not None else None
        redo = undone.label if undone is not None else None
        if (
            undone is not None
            and not (undone.action in ENTRY_ONLY and _nothing_restored_since(undone, newest))
            and not self._usable(newest)
        ):
            redo = None  # restored outside ckpt-tui since: plan_redo refuses
        return NextSteps(undo, redo)

    def plan_undo(self, session_id: str) -> Plan:
        current = self.reader.current(session_id)
        newest = self.newest_pre_restore(session_id)
        try:
            entry = self.journal.last_done(session_id)
            trusted = self._usable(newest)
        except JournalError:
            # No journal to read: undo as the plugin does, from the newest
            # pre-restore snapshot (the journal is an addition, never needed).
            # Without one, the journal's failure is the honest answer.
            if newest is None:
                raise
            entry, trusted = None, False
        if (
            entry is not None
            and entry.action in ENTRY_ONLY
            and _nothing_restored_since(entry, newest)
        ):
            # A snapshot or a note made since someone else restored: the
            # user's last step, and it does not depend on the checkpoint.
            return Plan.entry_step(Step.UNDO, current, entry)
        if not trusted:
            return _plugin_undo(current, newest)
        if entry is None:
            hint = " (redo is available)" if self.journal.first_undone(session_id) else ""
            raise NothingToDo(f"nothing to undo in session {session_id}{hint}")
        if entry.action in ENTRY_ONLY:
            return Plan.entry_step(Step.UNDO, current, entry)
        return _journaled_step(Step.UNDO, current, entry)

    def plan_redo(self, session_id: str) -> Plan:
        current = self.reader.current(session_id)
        entry = self.journal.first_undone(session_id)
        if entry is None:
            raise NothingToDo(f"nothing to redo in session {session_id}")
        newest = self.newest_pre_restore(session_id)
        if entry.action in ENTRY_ONLY and _nothing_restored_since(entry, newest):
            return Plan.entry_step(Step.REDO, current, entry)
        if not self._usable(newest):
            self.journal.forget_session(session_id)
            raise NothingToDo(
                f"nothing to redo in session {session_id}: it was restored outside ckpt-tui "
                "since the undo"
            )
        if entry.action in ENTRY_ONLY:
            return Plan.entry_step(Step.REDO, current, entry)
        return _journaled_step(Step.REDO, current, entry)

    # -- recording --------------------------------------------------------------
    def record_write(self, plan: Plan, pre_id: str) -> None:
        """After the commit of a checkpoint write. A crash before this line
        leaves a pre-restore snapshot the journal does not know, and undo falls
        back to the plugin's behaviour: exactly right for the one step that
        was lost."""
        before, after = plan.before.to_json(), plan.after.to_json()
        if plan.action in (Step.RESTORE, Step.ADOPT, Step.COPY):
            self.journal.push(
                plan.session_id,
                action=plan.action.value,
                label=plan.label,
                before=before,
                after=after,
                before_snapshot_id=pre_id,
                after_snapshot_id=plan.source_snapshot_id,
                detail=plan.journal_detail(),
            )
        elif plan.action == Step.UNDO and plan.fallback:
            # The plugin's undo, journaled as the restore it undid: redo
            # brings back what it overwrote.
            self.journal.push(
                plan.session_id,
                action=Step.RESTORE.value,
                label=f"restore of {plan.label.removeprefix('undo: back to ')}",
                before=after,
                after=before,
                before_snapshot_id=plan.source_snapshot_id,
                after_snapshot_id=pre_id,
                detail={"keys": list(plan.keys)},
                done=False,
                reset=True,
            )
        elif plan.action in (Step.UNDO, Step.REDO):
            assert plan.entry is not None
            if plan.action == Step.UNDO:
                overwritten = {"after": before, "after_snapshot_id": pre_id}
            else:
                overwritten = {"before": before, "before_snapshot_id": pre_id}
            self.journal.flip(
                plan.session_id, plan.entry.seq, done=plan.action == Step.REDO, **overwritten
            )
            self.journal.remember(plan.session_id, pre_id)

    def record_noop(self, plan: Plan) -> None:
        """An undo or redo with nothing left to change still moves the cursor,
        and records the current state as the side it (did not) overwrite, so
        the opposite step brings back exactly that: nothing."""
        if plan.entry is not None and plan.action in (Step.UNDO, Step.REDO):
            side = "after" if plan.action == Step.UNDO else "before"
            self.journal.flip(
                plan.session_id,
                plan.entry.seq,
                done=plan.action == Step.REDO,
                **{side: plan.before.to_json()},
            )

    def record_entry_step(self, plan: Plan) -> None:
        """The undo (or redo) of a snapshot or a note was done: move the cursor."""
        assert plan.entry is not None
        self.journal.flip(plan.session_id, plan.entry.seq, done=plan.action == Step.REDO)

    def push_entry_only(
        self,
        session_id: str,
        step: Step,
        *,
        label: str,
        before: str,
        after: str,
        after_snapshot_id: str | None,
        newest_pre_restore,
        detail: dict[str, Any],
    ) -> None:
        """Record a step that changed no checkpoint (a manual snapshot, a
        note), with the newest pre-restore snapshot of the moment: while that
        stays the newest, its undo and redo need not trust the journal."""
        self.journal.push(
            session_id,
            action=step.value,
            label=label,
            before=before,
            after=after,
            before_snapshot_id=None,
            after_snapshot_id=after_snapshot_id,
            detail={
                **detail,
                NEWEST_PRE_RESTORE: newest_pre_restore["id"] if newest_pre_restore else None,
            },
        )


def journal_after_write(record: Callable[[], None], consequence: str) -> str | None:
    """Journal a write that is already committed. If the journal cannot be
    used the write stands, and what undo can still do is said as a warning
    rather than as a failure that did not happen."""
    try:
        record()
    except JournalError as exc:
        return f"{exc}; {consequence}"
    return None


def _journaled_step(action: Step, current: Current, entry: Entry) -> Plan:
    """Undo (back to the entry's ``before``) or redo (to its ``after``) of a
    journaled checkpoint write: only the entry's keys, the others kept."""
    if action == Step.UNDO:
        target, snapshot_id = _journaled(entry.before), entry.before_snapshot_id
    else:
        target, snapshot_id = _journaled(entry.after), entry.after_snapshot_id
    keys = tuple(entry.detail.get("keys", WRITABLE))
    base = current.checkpoint or Checkpoint()
    return Plan.merge(
        action,
        current,
        target,
        keys,
        label=f"{action} {entry.label}",
        source_snapshot_id=snapshot_id,
        entry=entry,
        kept=_kept(base, target, keys),
    )


def _plugin_undo(current: Current, newest) -> Plan:
    """Undo as the plugin does: the newest pre-restore snapshot, whole (its
    damaged fields left out)."""
    content = decode(newest["payload"])
    if isinstance(content, Damaged):
        raise DamagedPayload(f"the newest pre-restore snapshot is damaged: {content.reason}")
    keys, skipped = restorable(content, WRITABLE, explicit=False, what=newest["name"])
    return Plan.merge(
        Step.UNDO,
        current,
        content,
        keys,
        label=f"undo: back to {newest['name']}{skipped_note(skipped)}",
        source_snapshot_id=newest["id"],
        fallback=True,
        skipped=skipped,
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


def _nothing_restored_since(entry: Entry, pre_restore) -> bool:
    """Whether nothing restored since the entry was recorded: the newest
    pre-restore snapshot is still the one that was newest then. (By id, not
    by time: our own snapshot times may run a millisecond ahead.)"""
    return entry.detail.get(NEWEST_PRE_RESTORE, "?") == (pre_restore["id"] if pre_restore else None)

"""Undo, redo and the journal policy (ARCHITECTURE.md, "Undo and redo").

:class:`UndoRedo` decides what an undo or a redo does, and records every
step: a checkpoint write as an intent before its commit, settled after
(``store.journal``), a manual snapshot likewise, a hand-off note after it
is written.

**What an undo may change.** Only fields the undone write changed, and of
those only the ones that still hold the bytes it wrote: a field saved
since (by the plugin, usually) is kept and named. Undo writes back the
exact bytes each column held. When the journal does not speak for the
session (its newest pre-restore snapshot is not the head of our steps:
the plugin restored, or the journal was lost), ckpt-tui cannot know which
fields the last restore changed: the plan lists the candidates and writes
nothing until fields are chosen.

The journal is never needed for a write: when it cannot be used the write
stands and the failure is said as a warning with what undo can still do.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from ckpt_tui.core.model import COLUMN, Checkpoint, Damaged, decode, field_labels, validate_fields
from ckpt_tui.core.plans import (
    ENTRY_ONLY,
    WRITABLE,
    Plan,
    Step,
    changed_keys,
    restorable,
    row_columns,
    skipped_note,
)
from ckpt_tui.errors import (
    ChooseFields,
    CkptError,
    Conflict,
    DamagedPayload,
    JournalError,
    NothingToDo,
)

if TYPE_CHECKING:
    from ckpt_tui.core.checkpoint_writes import PlanWritten
    from ckpt_tui.core.reads import Current, Reader
    from ckpt_tui.store.journal import Entry, JournalFile, SessionSteps

#: The detail key of a snapshot's or a note's entry for the id of the
#: session's newest pre-restore snapshot when it was made: unchanged at undo
#: time, nothing restored since.
NEWEST_PRE_RESTORE = "newestPreRestore"
#: The detail key saying an entry's ``before``/``after`` are checkpoint rows
#: (column -> stored value, ``null``: no row), not payloads.
ROWS = "rows"


class NextSteps(NamedTuple):
    """What undo and redo of a session would take back or bring back, as
    the key bar says it ("restore of X"); ``None``: nothing to undo (redo)."""

    undo: str | None
    redo: str | None


class Situation(NamedTuple):
    """A session as undo and redo see it: the store's newest pre-restore
    snapshot (read first), then the journal's steps (``None``: the journal
    cannot be read)."""

    newest: Any
    steps: SessionSteps | None
    trusted: bool


class UndoRedo:
    """Plans undo and redo from the journal, and keeps the journal."""

    def __init__(self, reader: Reader, journal: JournalFile) -> None:
        self.reader = reader
        self.journal = journal
        self._locked = threading.local()

    # -- what the journal says about a session -------------------------------------------
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

    @contextmanager
    def under_lock(self) -> Iterator[None]:
        """``with undo_redo.under_lock():`` while the caller holds the store's
        write lock: intents whose anchor is missing are then dead, dropped."""
        previous = getattr(self._locked, "on", False)
        self._locked.on = True
        try:
            yield
        finally:
            self._locked.on = previous

    def situation(self, session_id: str, *, named: bool = False) -> Situation:
        """Which file this is, then the store, then the journal: an intent
        whose anchor the store shows was written before that anchor's
        commit, so it is settled here, before the steps are read. Without
        the write lock another ckpt-tui may write in between; a head newer
        than the store read first is then read again, not taken for a
        restore made outside ckpt-tui."""
        try:
            exists = self.journal.exists()  # browsing never creates the journal
            if exists:
                self.journal.identify()
        except JournalError:
            exists, failed = False, True
        else:
            failed = False
        read = self._newest_pre_restore_named if named else self.newest_pre_restore
        newest = read(session_id)
        if failed:
            return Situation(newest, None, False)
        if not exists:  # nothing written yet
            return Situation(newest, None, newest is None)
        try:
            for _attempt in range(3):
                self.journal.settle(session_id, locked=getattr(self._locked, "on", False))
                steps = self.journal.steps(session_id)
                if not steps.head_known:  # a journal of an older version: any snapshot of ours
                    trusted = newest is None or self.journal.is_ours(newest["id"])
                    break
                trusted = _id(newest) == steps.head
                if trusted:
                    break
                again = read(session_id)
                if _id(again) == _id(newest):
                    break  # the store did not move: someone else restored
                newest = again
        except JournalError:
            return Situation(newest, None, False)
        return Situation(newest, steps, trusted)

    def next_steps(self, session_id: str) -> NextSteps:
        """The labels of the steps :meth:`plan_undo` and :meth:`plan_redo`
        would take, by the same rules, without reading or diffing any
        checkpoint: a few journal rows and one snapshot row (cheap enough
        to ask after every write and poll)."""
        now = self.situation(session_id, named=True)
        done = now.steps.last_done if now.steps else None
        undone = now.steps.first_undone if now.steps else None
        if done is not None and done.action in ENTRY_ONLY and _nothing_restored_since(
            done, now.newest
        ):
            undo: str | None = done.label
        elif not now.trusted:
            undo = f"restore of {now.newest['name']}" if now.newest is not None else None
        else:
            undo = done.label if done is not None else None
        redo = undone.label if undone is not None else None
        if (
            undone is not None
            and not (undone.action in ENTRY_ONLY and _nothing_restored_since(undone, now.newest))
            and not now.trusted
        ):
            redo = None  # restored outside ckpt-tui since: plan_redo refuses
        return NextSteps(undo, redo)

    # -- planning -------------------------------------------------------------------------
    def _current(self, session_id: str) -> tuple[Current, dict[str, Any] | None]:
        """The session's checkpoint, decoded and as stored (one read)."""
        from ckpt_tui.core.reads import Current
        from ckpt_tui.store.session_reads import get_checkpoint, get_session

        with self.reader.store.read() as conn:
            session = get_session(conn, session_id)
            row = get_checkpoint(conn, session_id)
        if row is None:
            return Current(session, None, None), None
        return (
            Current(session, Checkpoint.from_row(row.columns), row.updated_at),
            row_columns(row.columns),
        )

    def plan_undo(self, session_id: str, fields: list[str] | None = None) -> Plan:
        """Undo the session's last step. ``fields``: only these (a journaled
        step), or the ones chosen among the candidates (an undo the journal
        cannot speak for)."""
        current, row = self._current(session_id)
        now = self.situation(session_id)
        if now.steps is None and now.newest is None:
            self.journal.steps(session_id)  # the journal's own failure says why
        entry = now.steps.last_done if now.steps else None
        if (
            entry is not None
            and entry.action in ENTRY_ONLY
            and _nothing_restored_since(entry, now.newest)
        ):
            # A snapshot or a note made since someone else restored: the
            # user's last step, and it does not depend on the checkpoint.
            return Plan.entry_step(Step.UNDO, current, entry)
        if not now.trusted:
            if now.newest is None:
                raise NothingToDo(f"nothing to undo in session {session_id}")
            return _unrecorded_undo(current, now.newest, fields)
        if entry is None:
            hint = " (redo is available)" if now.steps and now.steps.first_undone else ""
            raise NothingToDo(f"nothing to undo in session {session_id}{hint}")
        if entry.action in ENTRY_ONLY:
            return Plan.entry_step(Step.UNDO, current, entry)
        return _journaled_step(Step.UNDO, current, row, entry, fields)

    def plan_redo(self, session_id: str, fields: list[str] | None = None) -> Plan:
        current, row = self._current(session_id)
        now = self.situation(session_id)
        if now.steps is None:
            self.journal.steps(session_id)  # the journal's own failure says why
        entry = now.steps.first_undone if now.steps else None
        if entry is None:
            raise NothingToDo(f"nothing to redo in session {session_id}")
        if entry.action in ENTRY_ONLY and _nothing_restored_since(entry, now.newest):
            return Plan.entry_step(Step.REDO, current, entry)
        if not now.trusted:
            raise NothingToDo(
                f"nothing to redo in session {session_id}: it was restored outside ckpt-tui "
                "since the undo"
            )
        if entry.action in ENTRY_ONLY:
            return Plan.entry_step(Step.REDO, current, entry)
        return _journaled_step(Step.REDO, current, row, entry, fields)

    def check_still_next(self, plan: Plan) -> None:
        """With the write lock held, before a previewed undo or redo is
        written: its step is still the one next to the cursor (another
        ckpt-tui may have taken it meanwhile)."""
        if plan.entry is None or plan.action not in (Step.UNDO, Step.REDO):
            return
        now = self.situation(plan.session_id)
        steps = now.steps
        nxt = None if steps is None else (
            steps.last_done if plan.action == Step.UNDO else steps.first_undone
        )
        if nxt is None or nxt.seq != plan.entry.seq or nxt.done != plan.entry.done:
            raise Conflict(
                f"the undo history of session {plan.session_id} changed after this was "
                "prepared (another ckpt-tui undid or redid meanwhile); nothing was written"
            )

    # -- recording --------------------------------------------------------------------------
    def intend_write(self, plan: Plan, written: PlanWritten) -> str | None:
        """Inside the store's write transaction, before its commit: the step
        this write will be. ``None``, or why undo cannot rely on it (the
        write stands all the same)."""
        op = self._write_op(plan, written)
        try:
            self.journal.intend(plan.session_id, written.anchor, op)
        except JournalError as exc:
            return (
                f"{exc}; undo will ask which fields to take back ({written.pre_restore_name} "
                "holds the state before)"
                if written.pre_restore_name
                else f"{exc}; undo cannot take this write back"
            )
        return None

    def settle(self, anchor: str) -> None:
        """After the commit: the intent is the step now. A failure here is no
        loss: the next reader settles it (its anchor is in the store)."""
        try:
            self.journal.settle_anchor(anchor)
        except JournalError:
            pass

    def _write_op(self, plan: Plan, written: PlanWritten) -> dict[str, Any]:
        before, after = _row_text(written.before_row), _row_text(written.after_row)
        keys = list(written.changed)
        op: dict[str, Any] = {"head": written.head, "remember": written.pre_restore_id}
        if plan.action in (Step.RESTORE, Step.ADOPT, Step.COPY):
            op["push"] = {
                "action": plan.action.value,
                "label": plan.label,
                "before": before,
                "after": after,
                "before_snapshot_id": written.pre_restore_id,
                "after_snapshot_id": plan.source_snapshot_id,
                "detail": {**plan.journal_detail(), "keys": keys, ROWS: True},
            }
        elif plan.action == Step.UNDO and plan.fallback:
            # An undo of a write we did not record, journaled as the restore
            # it undid: redo brings back what it overwrote.
            op["push"] = {
                "action": Step.RESTORE.value,
                "label": f"restore of {plan.label.removeprefix('undo: back to ')}",
                "before": after,
                "after": before,
                "before_snapshot_id": plan.source_snapshot_id,
                "after_snapshot_id": written.pre_restore_id,
                "detail": {"keys": keys, ROWS: True},
                "done": False,
                "reset": True,
            }
        elif plan.action in (Step.UNDO, Step.REDO):
            assert plan.entry is not None
            op["flip"] = {
                "seq": plan.entry.seq,
                "done": plan.action == Step.REDO,
                "values": _flipped(plan, before, after, written.pre_restore_id, keys),
            }
        return op

    def record_noop(self, plan: Plan) -> None:
        """An undo or redo with nothing left to change still moves the cursor,
        and records the current state as the side it (did not) overwrite, so
        the opposite step brings back exactly that: nothing."""
        if plan.entry is None or plan.action not in (Step.UNDO, Step.REDO):
            return
        _current, row = self._current(plan.session_id)
        text = _row_text(row)
        values = _flipped(plan, text, text, None, [])
        self.journal.flip(plan.session_id, plan.entry.seq, done=plan.action == Step.REDO, **values)

    def record_entry_step(self, plan: Plan) -> None:
        """The undo (or redo) of a snapshot or a note was done: move the cursor."""
        assert plan.entry is not None
        self.journal.flip(plan.session_id, plan.entry.seq, done=plan.action == Step.REDO)

    def entry_only_step(
        self,
        step: Step,
        *,
        label: str,
        before: str,
        after: str,
        after_snapshot_id: str | None,
        newest_pre_restore,
        detail: dict[str, Any],
    ) -> dict[str, Any]:
        """The journal step of a write that changed no checkpoint (a manual
        snapshot, a note), with the newest pre-restore snapshot of the
        moment: while that stays the newest, its undo and redo need not
        trust the journal."""
        return {
            "action": step.value,
            "label": label,
            "before": before,
            "after": after,
            "before_snapshot_id": None,
            "after_snapshot_id": after_snapshot_id,
            "detail": {
                **detail,
                NEWEST_PRE_RESTORE: newest_pre_restore["id"] if newest_pre_restore else None,
            },
        }


def journal_after_write(record: Callable[[], None], consequence: str) -> str | None:
    """Journal a write that is already committed (a hand-off note, the
    undo of a manual snapshot). If the journal cannot be used the write
    stands, and what undo can still do is said as a warning rather than as
    a failure that did not happen."""
    try:
        record()
    except JournalError as exc:
        return f"{exc}; {consequence}"
    return None


def _row_text(row: Mapping[str, Any] | None) -> str:
    from ckpt_tui.store.journal import row_to_text

    return row_to_text(row)


def _flipped(
    plan: Plan, before: str, after: str, pre_id: str | None, keys: list[str]
) -> dict[str, Any]:
    """The entry's new sides once an undo (or redo) wrote: undo rewrote its
    ``after`` (what it overwrote), redo its ``before``; both in row form."""
    entry = plan.entry
    assert entry is not None
    old_before, old_after = _side_rows(entry)
    detail = {**entry.detail, "keys": keys, ROWS: True}
    if plan.action == Step.UNDO:
        values = {"before": _row_text(old_before), "after": before}
        if pre_id is not None:
            values["after_snapshot_id"] = pre_id
    else:
        values = {"before": before, "after": _row_text(old_after)}
        if pre_id is not None:
            values["before_snapshot_id"] = pre_id
    return {**values, "detail": json.dumps(detail, ensure_ascii=False)}


def _side_rows(entry: Entry) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The rows before and after an entry's step: kept as rows (byte for
    byte), or made from the payloads an older version kept."""
    from ckpt_tui.store.journal import row_from_text

    try:
        if entry.detail.get(ROWS):
            return row_from_text(entry.before), row_from_text(entry.after)
        return (
            Checkpoint.from_payload(json.loads(entry.before)).to_row(),
            Checkpoint.from_payload(json.loads(entry.after)).to_row(),
        )
    except (ValueError, TypeError, KeyError, CkptError) as exc:
        raise JournalError(f"the undo journal holds a damaged entry ({exc})") from None


def _journaled_step(
    action: Step,
    current: Current,
    row: dict[str, Any] | None,
    entry: Entry,
    fields: list[str] | None,
) -> Plan:
    """Undo (back to the entry's ``before``) or redo (to its ``after``) of a
    journaled checkpoint write: of the fields it changed, those that still
    hold what it wrote; the others are kept, and named."""
    before_row, after_row = _side_rows(entry)
    if action == Step.UNDO:
        wrote, target, snapshot_id = after_row, before_row, entry.before_snapshot_id
    else:
        wrote, target, snapshot_id = before_row, after_row, entry.after_snapshot_id
    keys = tuple(entry.detail.get("keys", WRITABLE))
    if fields is not None:
        chosen = _chosen(fields)
        keys = tuple(k for k in keys if k in chosen)
    typed: dict[str, Any] = {"label": f"{action} {entry.label}", "entry": entry}
    if row is None:
        # The checkpoint is gone (or was never there): only a step that
        # removed it is taken back, by making it again.
        if wrote is None and target is not None:
            return Plan.rows(
                action, current, None, target, keys, source_snapshot_id=snapshot_id, **typed
            )
        return Plan.merge(
            action, current, Checkpoint(), (), source_snapshot_id=snapshot_id, kept=keys, **typed
        )
    if wrote is None:
        wrote = Checkpoint().to_row()  # a row created since: its fresh values
    unchanged = tuple(k for k in keys if row[COLUMN[k]] == wrote.get(COLUMN[k]))
    if target is None:
        if unchanged == keys and all(row[c] == wrote.get(c) for c in row):
            # nothing saved in it since the write that made it: it goes
            return Plan.rows(
                action, current, row, None, keys, source_snapshot_id=snapshot_id, **typed
            )
        target = Checkpoint().to_row()  # a fresh checkpoint's values for what it wrote
    base = current.checkpoint or Checkpoint()
    whole_target = Checkpoint.from_row({**row, **target})
    kept = tuple(k for k in keys if k not in unchanged) + tuple(
        k for k in WRITABLE if k not in keys and base.get(k) != whole_target.get(k)
    )
    changing = tuple(k for k in unchanged if row[COLUMN[k]] != target[COLUMN[k]])
    return Plan.rows(
        action, current, row, target, changing, source_snapshot_id=snapshot_id, kept=kept, **typed
    )


def _unrecorded_undo(current: Current, newest, fields: list[str] | None) -> Plan:
    """Undo of a write the journal does not speak for (the plugin's restore,
    or ours whose record was lost): back to the newest pre-restore
    snapshot, but only in the fields a person chooses among the ones that
    differ from it (its damaged fields left out)."""
    content = decode(newest["payload"])
    if isinstance(content, Damaged):
        raise DamagedPayload(f"the newest pre-restore snapshot is damaged: {content.reason}")
    keys, skipped = restorable(content, WRITABLE, explicit=False, what=newest["name"])
    base = current.checkpoint or Checkpoint()
    candidates = changed_keys(base, base.replace(**{k: content.get(k) for k in keys}))
    chosen: tuple[str, ...] = ()
    if fields is not None:
        wanted = _chosen(fields)
        chosen = tuple(k for k in candidates if k in wanted)
        if not chosen:
            raise NothingToDo(
                f"none of {field_labels(wanted)} differs from {newest['name']}; nothing was "
                f"written (the fields that do: {field_labels(candidates) or 'none'})"
            )
    return Plan.merge(
        Step.UNDO,
        current,
        content,
        chosen,
        label=f"undo: back to {newest['name']}{skipped_note(skipped)}",
        source_snapshot_id=newest["id"],
        snapshot_name=newest["name"],
        fallback=True,
        skipped=skipped,
        candidates=candidates,
    )


def _chosen(fields: list[str]) -> tuple[str, ...]:
    """Fields named for an undo or redo: as ``--fields`` names them, and the
    placeholder flag (``synthesized``), which a write may have changed."""
    flag = [f for f in fields if f.strip().lower() == "synthesized"]
    rest = [f for f in fields if f not in flag]
    return (validate_fields(rest) if rest else ()) + (("synthesized",) if flag else ())


def refuse_unchosen(plan: Plan) -> None:
    """An undo that cannot tell which fields to take back writes nothing
    until they are chosen: :class:`ChooseFields`, naming the candidates."""
    if plan.needs_fields:
        raise ChooseFields(
            f"undo in {plan.session_id}: choose the fields to take back among "
            f"{field_labels(plan.candidates)}; ckpt-tui did not record the last restore, so it "
            f"cannot tell which it changed ({plan.snapshot_name} holds the state before); "
            "nothing was written",
            plan.candidates,
        )


def _id(row) -> str | None:
    return row["id"] if row is not None else None


def _nothing_restored_since(entry: Entry, pre_restore) -> bool:
    """Whether nothing restored since the entry was recorded: the newest
    pre-restore snapshot is still the one that was newest then. (By id, not
    by time: our own snapshot times may run a millisecond ahead.)"""
    return entry.detail.get(NEWEST_PRE_RESTORE, "?") == (pre_restore["id"] if pre_restore else None)

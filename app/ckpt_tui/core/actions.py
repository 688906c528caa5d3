"""The service: the one object the app and the command line talk to.

:class:`Service` is a :class:`~ckpt_tui.core.reads.Reader` (every list,
detail and diff read) with the write entry points on top, each a short
delegation to the module that does the job:

* ``core.checkpoint_writes``: planning a restore or a copy, and writing any
  plan that changes a checkpoint under the write lock (SPEC 5.3);
* ``core.undo_redo``: what undo and redo do, and the journal policy;
* ``core.manual_snapshots`` and ``core.handoff_steps``: the two steps that
  change no checkpoint, and their undo and redo.

Why a subclass of ``Reader`` and not a ``Reader`` inside: the app and the
command line read through the service everywhere (``service.current``,
``service.snapshots``, ...), and the functions that only read
(``core.handoff.build``, the legacy scan) take a ``Reader``, which a service
is. Wrapping would add a forwarding method per read and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

from ckpt_tui.core.plans import Outcome, Plan, Step
from ckpt_tui.core.reads import Reader

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from ckpt_tui.core.checkpoint_writes import PlanWritten
    from ckpt_tui.core.handoff import Handoff, Written
    from ckpt_tui.core.model import Checkpoint
    from ckpt_tui.core.undo_redo import UndoRedo
    from ckpt_tui.store import Store
    from ckpt_tui.store.journal import JournalFile


class Service(Reader):
    """Reads, plans, writes, undo and redo over one store and its journal."""

    def __init__(self, store: Store, journal: JournalFile, history_limit: int = 50) -> None:
        super().__init__(store)
        self.journal = journal
        self.history_limit = history_limit

    @cached_property
    def undo_redo(self) -> UndoRedo:
        """Made on first use: the write side's modules (``checkpoint_writes``,
        ``undo_redo``, the two steps) are imported by the first plan, write or
        undo label, not by the app's start (they would delay its first frame) nor by
        a reading command. Stateless over the journal: two threads making
        one each at once would do no harm."""
        from ckpt_tui.core.undo_redo import UndoRedo

        return UndoRedo(self, self.journal)

    def close(self) -> None:
        self.store.close()
        self.journal.close()

    # -- planning (the preview) ---------------------------------------------------
    def plan_restore(self, session_id: str, snapshot: str, fields: list[str] | None = None) -> Plan:
        from ckpt_tui.core import checkpoint_writes

        return checkpoint_writes.plan_restore(
            self, session_id, snapshot, fields, self.history_limit
        )

    def plan_copy(
        self,
        session_id: str,
        content: Checkpoint,
        *,
        label: str,
        source_snapshot_id: str | None,
        fields: list[str] | None = None,
        action: Step = Step.ADOPT,
    ) -> Plan:
        """Copy ``content`` (all fields, or ``fields``) into a session as a
        restore would: an adoption of legacy state, or a copy from another
        session (``core.across``)."""
        from ckpt_tui.core import checkpoint_writes

        return checkpoint_writes.plan_copy(
            self,
            session_id,
            content,
            label=label,
            source_snapshot_id=source_snapshot_id,
            fields=fields,
            action=action,
            history_limit=self.history_limit,
        )

    def plan_undo(self, session_id: str, fields: list[str] | None = None) -> Plan:
        """Undo the session's last step; ``fields``: only these (an undo
        ckpt-tui cannot tell the fields of writes nothing until chosen)."""
        from ckpt_tui.core.checkpoint_writes import with_prunes

        return with_prunes(self, self.undo_redo.plan_undo(session_id, fields), self.history_limit)

    def plan_redo(self, session_id: str, fields: list[str] | None = None) -> Plan:
        from ckpt_tui.core.checkpoint_writes import with_prunes

        return with_prunes(self, self.undo_redo.plan_redo(session_id, fields), self.history_limit)

    def next_steps(self, session_id: str):
        """What undo and redo of the session would do (labels; see
        :meth:`UndoRedo.next_steps`)."""
        return self.undo_redo.next_steps(session_id)

    # -- writing ------------------------------------------------------------------
    def restore(self, session_id: str, snapshot: str, fields: list[str] | None = None) -> Outcome:
        return self.plan_and_apply(lambda: self.plan_restore(session_id, snapshot, fields))[1]

    def undo(self, session_id: str, fields: list[str] | None = None) -> Outcome:
        return self.plan_and_apply(lambda: self.plan_undo(session_id, fields))[1]

    def redo(self, session_id: str, fields: list[str] | None = None) -> Outcome:
        return self.plan_and_apply(lambda: self.plan_redo(session_id, fields))[1]

    def plan_and_apply(
        self, make_plan: Callable[[], Plan], *, if_unchanged: str | None = None
    ) -> tuple[Plan, Outcome]:
        """Plan and write under one write lock, for a write nobody previewed
        (the command line; undo and redo in the app without a preview).

        ``make_plan`` runs once ``BEGIN IMMEDIATE`` has the lock: its reads see
        the newest commit and nobody can commit before ours, so a save of the
        plugin since the command started is part of the plan instead of a
        reason to refuse, and the journal's intents are settled for sure.
        ``if_unchanged`` (the ``updatedAt`` a dry run printed) keeps the
        refusal for scripts that looked first: a :class:`Conflict` when the
        checkpoint moved since. A step that changes no checkpoint is planned
        under the lock and applied right after it.
        """
        from ckpt_tui.core import checkpoint_writes

        def work(conn: Connection) -> tuple[Plan, PlanWritten | None]:
            with self.undo_redo.under_lock():
                plan = make_plan()
            checkpoint_writes.check_unchanged(plan, if_unchanged)
            if plan.entry_only is not None:
                return plan, None  # applied below: no checkpoint to check
            return plan, checkpoint_writes.write_plan(
                conn, plan, self.history_limit, self.undo_redo.intend_write
            )

        plan, written = self.store.write(work)
        if plan.entry_only is not None:
            return plan, self.apply(plan)
        return plan, self._settled(plan, written)

    def apply(self, plan: Plan) -> Outcome:
        """Apply a plan someone previewed: :class:`Conflict` if the checkpoint
        moved since the plan was made (the preview then shows the new diff),
        or if its undo or redo is no longer the next step."""
        from ckpt_tui.core import checkpoint_writes, handoff_steps, manual_snapshots

        if plan.entry_only == Step.SNAPSHOT:
            return manual_snapshots.undo_or_redo(
                self.store, self.undo_redo, plan, self.history_limit
            )
        if plan.entry_only == Step.HANDOFF:
            return handoff_steps.undo_or_redo(self, self.undo_redo, plan)

        def work(conn: Connection) -> PlanWritten | None:
            with self.undo_redo.under_lock():
                self.undo_redo.check_still_next(plan)
            return checkpoint_writes.write_plan(
                conn, plan, self.history_limit, self.undo_redo.intend_write
            )

        return self._settled(plan, self.store.write(work))

    def _settled(self, plan: Plan, written: PlanWritten | None) -> Outcome:
        """After the commit of a checkpoint write: its intent becomes the
        step; say what it did."""
        from ckpt_tui.core import checkpoint_writes
        from ckpt_tui.core.undo_redo import journal_after_write

        if written is None:
            warning = journal_after_write(
                lambda: self.undo_redo.record_noop(plan), "the undo history did not move"
            )
            return checkpoint_writes.outcome(plan, None).warned(warning)
        self.undo_redo.settle(written.anchor)
        return checkpoint_writes.outcome(plan, written)

    # -- steps that change no checkpoint -----------------------------------------------
    def snapshot_create(self, session_id: str, name: str) -> Outcome:
        from ckpt_tui.core import manual_snapshots

        return manual_snapshots.create(
            self.store, self.undo_redo, session_id, name, self.history_limit
        )

    def snapshot_name_problem(self, session_id: str, name: str) -> str | None:
        """Why a manual snapshot cannot take ``name`` (``None``: it can)."""
        from ckpt_tui.core import manual_snapshots

        return manual_snapshots.name_problem(self.store, session_id, name)

    def write_handoff(
        self, session_id: str, snapshot: str | None = None, built: Handoff | None = None
    ) -> Written:
        """Write the session's hand-off note (``built``: this one, made
        ahead), journaled like any other step: undo puts back what the file
        held before (or removes it)."""
        from ckpt_tui.core import handoff_steps

        return handoff_steps.write(self, self.undo_redo, session_id, snapshot, built)

"""What a write will do (:class:`Plan`) and what it did (:class:`Outcome`).

Pure values, no I/O: the preview shows a plan, ``core.checkpoint_writes``
applies it, ``core.undo_redo`` makes the plans of undo and redo and journals
what was applied. Every plan is built by one of three constructors:
:meth:`Plan.merge` (a checkpoint write from a checkpoint: a restore, a copy,
an undo that asks which fields), :meth:`Plan.rows` (undo or redo of a
journaled write, with the columns' own bytes) and :meth:`Plan.entry_step`
(the undo or redo of a step that changed no checkpoint).

A plan carries the columns it writes (``columns``, the bytes as they go
into the store), so what a write compares and writes under its lock is
exactly what the plan said.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ckpt_tui.core.model import COLUMN, FIELDS, LABEL, Checkpoint, DamagedField, field_labels
from ckpt_tui.errors import DamagedPayload

if TYPE_CHECKING:
    from ckpt_tui.core.diff import CheckpointDiff
    from ckpt_tui.core.reads import Current
    from ckpt_tui.store.journal import Entry

#: What a restore may write: the content fields plus the placeholder flag.
WRITABLE = (*FIELDS, "synthesized")
#: The columns of a checkpoint row that a journal keeps and a write may
#: create: every writable field and the schema version.
ROW_COLUMNS = tuple(COLUMN[k] for k in (*WRITABLE, "schemaVersion"))


def row_columns(row: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """:data:`ROW_COLUMNS` of a ``checkpoints`` row, as stored."""
    return None if row is None else {c: row[c] for c in ROW_COLUMNS}


class Step(StrEnum):
    """A kind of step: what a plan does, and what a journal entry recorded.

    A ``str`` (``Step.RESTORE == "restore"``): the journal stores and the
    command line prints the plain word.
    """

    RESTORE = "restore"
    ADOPT = "adopt"
    COPY = "copy"
    UNDO = "undo"
    REDO = "redo"
    SNAPSHOT = "snapshot"
    HANDOFF = "handoff"


#: Journal steps whose undo and redo change no checkpoint.
ENTRY_ONLY = (Step.SNAPSHOT, Step.HANDOFF)


def changed_keys(old: Checkpoint, new: Checkpoint) -> tuple[str, ...]:
    return tuple(k for k in WRITABLE if old.get(k) != new.get(k))


def take(base: Checkpoint, source: Checkpoint, keys: tuple[str, ...]) -> Checkpoint:
    """``base`` with the ``keys`` taken from ``source``."""
    return base.replace(**{k: source.get(k) for k in keys})


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
            f"{what} has damaged {', '.join(f'{LABEL.get(k, k)} ({r})' for k, r in damaged.items())}; "
            "a damaged field cannot be restored, nothing was written"
        )
    return tuple(k for k in keys if k not in damaged), damaged


def skipped_note(skipped: Mapping[str, str]) -> str:
    """The end of a label that says which damaged fields were left out."""
    return f"; skipped damaged {field_labels(skipped)}" if skipped else ""


@dataclass(frozen=True, slots=True)
class Plan:
    """What a write will do, computed before doing it (the preview)."""

    action: Step  # restore | adopt | copy | undo | redo
    session_id: str
    project_id: str
    label: str
    before: Checkpoint
    after: Checkpoint
    #: The checkpoint's ``updated_at`` the plan was made from (raw column
    #: value): applying refuses when it moved (a previewed plan).
    base_updated_at: object
    keys: tuple[str, ...]
    #: restore and adopt: the snapshot copied from, marked restored; undo and
    #: redo: the snapshot of the state they go back to.
    source_snapshot_id: str | None = None
    #: undo and redo: the journal entry they take back or do again.
    entry: Entry | None = None
    #: undo without a usable journal: the newest pre-restore snapshot, whole,
    #: as the plugin's own undo does.
    fallback: bool = False
    #: The undo or redo of a step that changed no checkpoint (a manual
    #: snapshot, a hand-off note): its journal step; ``None`` for the others.
    entry_only: Step | None = None
    #: restore: the name of the snapshot restored; adoption: of the legacy
    #: snapshot adopted (``None``: the legacy checkpoint).
    snapshot_name: str | None = None
    #: restore (always) and copy (when fields were chosen): the fields asked
    #: for, without the damaged ones left out; ``None``: not recorded.
    fields: tuple[str, ...] | None = None
    #: Damaged fields a whole restore left out (key -> reason, SPEC 3).
    skipped: Mapping[str, str] = field(default_factory=dict)
    #: Journaled undo or redo: the fields it leaves as they are now.
    kept: tuple[str, ...] = ()
    #: Adoption: the legacy session adopted from.
    legacy_session: str | None = None
    #: The column values this plan writes, as stored (column -> value): those
    #: of ``keys``; every one of :data:`ROW_COLUMNS` when it creates the row.
    columns: Mapping[str, Any] = field(default_factory=dict)
    #: Undo of a write that created the checkpoint: the row goes (there was
    #: none before), as nothing else was changed in it since.
    delete_row: bool = False
    #: Undo of a write ckpt-tui did not journal: the fields it may take back,
    #: none chosen; the plan writes nothing until fields are chosen.
    candidates: tuple[str, ...] = ()
    #: The snapshots this write's pruning will delete (id, name), oldest last.
    prunes: tuple[tuple[str, str], ...] = ()

    @classmethod
    def _over(cls, action: Step, current: Current, after: Checkpoint, **fields: Any) -> Plan:
        """A plan over ``current`` that leaves ``after``; ``fields``: the rest."""
        return cls(
            action=action,
            session_id=current.session.id,
            project_id=current.session.project_id,
            before=current.checkpoint or Checkpoint(),
            after=after,
            base_updated_at=current.updated_at,
            **fields,
        )

    @classmethod
    def merge(
        cls,
        action: Step,
        current: Current,
        source: Checkpoint,
        keys: tuple[str, ...],
        *,
        label: str,
        source_snapshot_id: str | None,
        **typed: Any,
    ) -> Plan:
        """A checkpoint write: ``current`` with ``keys`` taken from ``source``.
        ``typed``: the optional fields above that this kind of plan sets."""
        after = take(current.checkpoint or Checkpoint(), source, keys)
        changed = changed_keys(current.checkpoint or Checkpoint(), after)
        return cls._over(
            action,
            current,
            after,
            label=label,
            keys=changed,
            source_snapshot_id=source_snapshot_id,
            columns=after.to_row(changed if current.checkpoint is not None else None),
            **typed,
        )

    @classmethod
    def rows(
        cls,
        action: Step,
        current: Current,
        base_row: Mapping[str, Any] | None,
        target_row: Mapping[str, Any] | None,
        keys: tuple[str, ...],
        *,
        label: str,
        source_snapshot_id: str | None,
        **typed: Any,
    ) -> Plan:
        """Undo or redo of a journaled write: the ``keys`` columns of
        ``target_row`` (the journal's bytes) into ``base_row`` (the row now);
        ``target_row`` ``None``: the row goes (``keys`` are all it held)."""
        if target_row is None:
            columns: dict[str, Any] = {}
            after = Checkpoint()
        else:
            columns = (
                dict(target_row)
                if base_row is None
                else {COLUMN[k]: target_row[COLUMN[k]] for k in keys}
            )
            after = Checkpoint.from_row({**(base_row or target_row), **columns})
        return cls._over(
            action,
            current,
            after,
            label=label,
            keys=keys,
            source_snapshot_id=source_snapshot_id,
            columns=columns,
            delete_row=target_row is None,
            **typed,
        )

    @classmethod
    def entry_step(cls, action: Step, current: Current, entry: Entry) -> Plan:
        """Undo or redo of a step that changed no checkpoint: a manual
        snapshot (deleted, re-created) or a hand-off note (the previous note
        put back or the new one removed; written again)."""
        if entry.action == Step.SNAPSHOT:
            verb = "delete" if action == Step.UNDO else "re-create"
            what = f"snapshot {entry.detail.get('name')!r} ({verb} it)"
        elif action == Step.UNDO:
            how = "put back the previous note" if entry.detail.get("existed") else "remove it"
            what = f"{entry.label} ({how})"
        else:
            what = f"{entry.label} (write it again)"
        return cls._over(
            action,
            current,
            current.checkpoint or Checkpoint(),
            label=f"{action} {what}",
            keys=(),
            source_snapshot_id=entry.after_snapshot_id,
            entry=entry,
            entry_only=Step(entry.action),
        )

    @property
    def diff(self) -> CheckpointDiff:
        from ckpt_tui.core import diff as diffs

        return diffs.diff_checkpoints(self.before, self.after)

    @property
    def is_noop(self) -> bool:
        return not self.keys and self.entry_only is None

    def journal_detail(self) -> dict[str, Any]:
        """What the journal entry of a restore or adoption records besides
        its payloads: the source, the skipped fields and the keys changed
        (the keys are what its undo reverts)."""
        if self.action == Step.RESTORE:
            detail = {
                "snapshot": self.snapshot_name,
                "fields": list(self.fields or ()),
                "skipped": dict(self.skipped),
            }
        else:
            detail = {"skipped": dict(self.skipped)}
            if self.fields is not None:
                detail["fields"] = list(self.fields)
            if self.legacy_session is not None:
                detail |= {"legacySession": self.legacy_session, "snapshot": self.snapshot_name}
        return {**detail, "keys": list(self.keys)}

    @property
    def note(self) -> str | None:
        """What a preview says besides the diff, one paragraph: the fields
        an undo or redo keeps, the fields an undo may take back when
        ckpt-tui cannot tell which, and what pruning will delete."""
        parts = [p for p in (self._kept_note(), self._candidates_note(), self._prunes_note()) if p]
        return " ".join(parts) or None

    def _kept_note(self) -> str | None:
        """Undo reverts only the fields the step changed and that still hold
        what it wrote; the others (saved since, by the plugin usually) keep
        their current values. The plugin's own undo restores its newest
        pre-restore snapshot whole and would revert them too."""
        if not self.kept or self.entry is None:
            return None
        names = ", ".join(LABEL.get(k, k) for k in self.kept)
        if self.action == Step.REDO:
            return f"Kept as they are now: {names} (changed since the undo)."
        step = "adoption" if self.entry.action == Step.ADOPT else self.entry.action
        return (
            f"Kept as they are now: {names} (changed after the {step}). Only the fields the "
            f"{step} changed, still as it left them, are reverted; the plugin's own undo "
            "would revert these too."
        )

    def _candidates_note(self) -> str | None:
        if not self.candidates or self.keys:
            return None
        return (
            f"ckpt-tui did not record the write it would undo, so it cannot tell which fields "
            f"that write changed; it may take back {field_labels(self.candidates)}. Nothing "
            "changes until fields are chosen."
        )

    def _prunes_note(self) -> str | None:
        if not self.prunes:
            return None
        names = [name for _id, name in self.prunes]
        shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        note = f"Pruning (the history limit) deletes {len(names)} old snapshot" + (
            "s" if len(names) != 1 else ""
        ) + f": {shown}."
        if self.prunes_source:
            note += f" Among them the snapshot restored, {self.snapshot_name or 'its source'}."
        return note

    @property
    def prunes_source(self) -> bool:
        """Whether pruning deletes the very snapshot this write copies from."""
        return self.source_snapshot_id is not None and any(
            i == self.source_snapshot_id for i, _name in self.prunes
        ) and self.action in (Step.RESTORE, Step.ADOPT, Step.COPY)

    @property
    def needs_fields(self) -> bool:
        """An undo that cannot tell which fields to take back, none chosen."""
        return bool(self.candidates) and not self.keys


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a write did, in one line (``message``) and in parts."""

    action: Step
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

    @property
    def taken_back_by(self) -> Step | None:
        """The step that takes this write back: redo after an undo, undo
        after anything else; ``None`` when nothing was written. The core's
        message names neither a key nor a command: each front end adds its
        own with :meth:`said_with`."""
        if not self.wrote:
            return None
        return Step.REDO if self.action == Step.UNDO else Step.UNDO

    def said_with(self, hint: str | None) -> str:
        """The message with a front end's hint (``u undoes it``, a command)
        before any warning, so the warning stays last."""
        if not hint:
            return self.message
        tail = f". Warning: {self.warning}" if self.warning else ""
        base = self.message.removesuffix(tail) if tail else self.message
        return f"{base} ({hint}){tail}"

    def warned(self, warning: str | None) -> Outcome:
        if warning is None:
            return self
        return replace(self, message=f"{self.message}. Warning: {warning}", warning=warning)

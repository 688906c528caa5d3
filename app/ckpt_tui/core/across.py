"""Across sessions: compare a snapshot or checkpoint of one session with one
of another, and copy chosen fields of one into another session's checkpoint.

A copy is a :class:`~ckpt_tui.core.plans.Plan` from ``Service.plan_copy``
(the same plan an adoption of legacy state is), so it has the restore's
preview, field picker, pre-restore snapshot, conflict refusal, undo and redo.
"""

from __future__ import annotations

from typing import NamedTuple

from ckpt_tui.core.actions import Service
from ckpt_tui.core.model import Checkpoint, Damaged, field_labels, validate_fields
from ckpt_tui.core.plans import Plan, Step
from ckpt_tui.core.reads import Comparison, Reader
from ckpt_tui.errors import CkptError, DamagedPayload, NotFound


class Ref(NamedTuple):
    """A session's live checkpoint (``snapshot`` None) or one of its snapshots."""

    session_id: str
    snapshot: str | None = None

    def label(self) -> str:
        return (
            f"{self.session_id}:{self.snapshot}"
            if self.snapshot
            else f"{self.session_id} (current)"
        )


def parse_ref(reader: Reader, text: str) -> Ref:
    """``SESSION[:SNAPSHOT]``. Session ids may hold colons (``legacy::p1``):
    the longest prefix that names a session in the store is the session, the
    rest (if any) the snapshot."""
    if not text or not text.strip():
        raise CkptError("a session is required (SESSION or SESSION:SNAPSHOT)")
    cuts = [len(text)] + [i for i in range(len(text) - 1, 0, -1) if text[i] == ":"]
    for cut in cuts:
        session_id, snapshot = text[:cut], text[cut + 1 :] or None
        try:
            reader.current(session_id)
        except NotFound:
            continue
        return Ref(session_id, snapshot)
    raise NotFound(f"no session in the store matches {text[:200]!r}")


def content(reader: Reader, ref: Ref) -> tuple[Checkpoint, str | None, str | None, str]:
    """What ``ref`` holds, the id and name of the snapshot it came from
    (however ``ref`` named it), and a label; a damaged snapshot or a session
    without a checkpoint is refused."""
    if ref.snapshot is None:
        current = reader.current(ref.session_id)
        if current.checkpoint is None:
            raise NotFound(f"session {ref.session_id!r} has no checkpoint")
        return current.checkpoint, None, None, f"the checkpoint of session {ref.session_id}"
    view = reader.snapshot(ref.session_id, ref.snapshot)
    if isinstance(view.content, Damaged):
        raise DamagedPayload(
            f"snapshot {view.row.name!r} is damaged ({view.content.reason}); it cannot be copied"
        )
    return view.content, view.row.id, view.row.name, f"{view.row.name} of session {ref.session_id}"


def compare(reader: Reader, old: Ref, new: Ref) -> Comparison:
    """``old`` against ``new``, any two sessions."""
    from ckpt_tui.core import diff as diffs

    a, _, old_name, _ = content(reader, old)
    b, _, new_name, _ = content(reader, new)
    return Comparison(
        old._replace(snapshot=old_name).label(),
        new._replace(snapshot=new_name).label(),
        diffs.diff_checkpoints(a, b),
    )


def plan_copy(
    service: Service, source: Ref, target_session: str, fields: list[str] | None = None
) -> Plan:
    """Copy ``source`` (all fields, or ``fields``) into ``target_session``'s
    checkpoint. Copying a session into itself is a restore, and refused here."""
    if source.session_id == target_session:
        raise CkptError(
            "source and target are the same session; restoring one of its snapshots does that"
        )
    service.current(target_session)  # the target must exist: a clear error first
    cp, snapshot_id, _, what = content(service, source)
    scope = "all fields" if fields is None else field_labels(validate_fields(fields))
    return service.plan_copy(
        target_session,
        cp,
        label=f"copy of {what} ({scope})",
        source_snapshot_id=snapshot_id,
        fields=fields,
        action=Step.COPY,
    )

"""Adoption of imported legacy state into a live session of its project.

Adoption
    :func:`plan_adoption` returns the :class:`~ckpt_tui.core.actions.Plan` of
    :meth:`Service.plan_copy` for the legacy checkpoint, or one snapshot of
    the legacy session, copied into a live session of the same project.
    ``service.apply(plan)`` performs it like a restore (pre-restore snapshot,
    ``restored_at`` on the source, undo journal), so ``ckpt-tui undo``
    undoes it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ckpt_tui import timeutil
from ckpt_tui.core.actions import Service
from ckpt_tui.core.legacy.names import LegacyError, legacy_session_id
from ckpt_tui.core.model import Checkpoint, Damaged
from ckpt_tui.core.plans import Plan
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import DamagedPayload, NotFound
from ckpt_tui.store.valid_ids import require_id


@dataclass(frozen=True)
class AdoptionSource:
    session_id: str
    snapshot: str | None  # snapshot name, or None for the legacy checkpoint
    snapshot_id: str | None
    captured_at: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session_id,
            "snapshot": self.snapshot,
            "snapshotId": self.snapshot_id,
            "capturedAt": self.captured_at,
        }


def adoption_source(
    reader: Reader, project_id: str, snapshot_name: str | None = None
) -> tuple[AdoptionSource, Checkpoint]:
    require_id(project_id, "project id")
    sid = legacy_session_id(project_id)
    try:
        current = reader.current(sid)
    except NotFound:
        raise NotFound(
            f"project {project_id!r} has no imported legacy state ({sid}); "
            "`ckpt-tui legacy import DIR` imports it"
        ) from None
    if snapshot_name is None:
        if current.checkpoint is None:
            raise NotFound(f"{sid} has no checkpoint; adopt one of its snapshots with --snapshot")
        return AdoptionSource(sid, None, None, timeutil.normalize(current.updated_at)), (
            current.checkpoint
        )
    view = reader.snapshot(sid, snapshot_name)
    if isinstance(view.content, Damaged):
        raise DamagedPayload(
            f"snapshot {view.row.name!r} of {sid} is damaged ({view.content.reason}); "
            "it cannot be adopted"
        )
    return AdoptionSource(sid, view.row.name, view.row.id, view.row.captured_at), view.content


def plan_adoption(
    service: Service,
    project_id: str,
    target_session_id: str,
    snapshot_name: str | None = None,
    fields: list[str] | None = None,
) -> Plan:
    """Copy the legacy checkpoint (or one legacy snapshot) into a live session:
    every field, or only ``fields`` (as a restore picks them).

    Refuses the legacy session itself and a session of another project.
    ``service.apply(plan)`` performs it; ``service.undo(session)`` undoes it.
    """
    require_id(target_session_id)
    service.project(project_id)  # "no such project" before anything else
    if target_session_id.startswith("legacy::"):
        raise LegacyError(
            f"{target_session_id} is a legacy session; adopt into a live session of the project"
        )
    target = service.current(target_session_id).session
    if target.project_id != project_id:
        raise LegacyError(
            f"session {target_session_id} belongs to project {target.project_id!r}, not "
            f"{project_id!r}; legacy state is only adopted into a session of its own project"
        )
    source, content = adoption_source(service, project_id, snapshot_name)
    what = f"snapshot {source.snapshot}" if source.snapshot else "checkpoint"
    plan = service.plan_copy(
        target_session_id,
        content,
        label=f"adoption of the legacy {what} of project {project_id}",
        source_snapshot_id=source.snapshot_id,
        fields=fields,
    )
    return replace(plan, legacy_session=source.session_id, snapshot_name=source.snapshot)

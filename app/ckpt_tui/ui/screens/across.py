"""Across sessions: the diff of the mark against another session's snapshot
or checkpoint, and the preview of copying the mark into another session (the
restore preview, field picker included, on ``Service.plan_copy``)."""

from __future__ import annotations

from ckpt_tui.core import across
from ckpt_tui.core.actions import Service
from ckpt_tui.core.diff import CheckpointDiff
from ckpt_tui.core.plans import Plan
from ckpt_tui.ui.mark import Mark
from ckpt_tui.ui.screens.diff import DiffScreen
from ckpt_tui.ui.screens.plan import PlanScreen


class AcrossDiffScreen(DiffScreen):
    """``old`` and ``new`` may be in different sessions (or projects)."""

    def __init__(self, service: Service, old: across.Ref, new: across.Ref, title: str) -> None:
        super().__init__(service, new.session_id, old.snapshot or "", new.snapshot, title)
        self.refs = (old, new)

    def compare(self) -> CheckpointDiff:
        return across.compare(self.service, *self.refs).diff


def copy_preview(service: Service, mark: Mark, target_session: str) -> PlanScreen:
    """The preview of copying ``mark`` into ``target_session``'s checkpoint."""

    def make_plan(fields: list[str] | None) -> Plan:
        return across.plan_copy(service, mark.ref, target_session, fields)

    return PlanScreen(
        f"Copy {mark.name} (session {mark.session_id}) into session {target_session}",
        make_plan,
        service.apply,
        verb="Copy",
        pick_fields=True,
    )

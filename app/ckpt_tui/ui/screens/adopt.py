"""``A``: choose which live session of the project receives legacy state.

The left column lists the project's live sessions; the diff shows what the
highlighted one would become. Nothing is adopted until ``y``; the copy is
made as a restore is (a pre-restore snapshot first), so ``u`` in that
session undoes it.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ckpt_tui.core import legacy
from ckpt_tui.core.actions import Service
from ckpt_tui.core.plans import Plan
from ckpt_tui.errors import CkptError
from ckpt_tui.records import SessionRow
from ckpt_tui.ui.render import safe
from ckpt_tui.ui.screens.plan import PlanScreen


class AdoptScreen(PlanScreen):
    def __init__(
        self,
        service: Service,
        project_id: str,
        snapshot: str | None,
        targets: list[SessionRow],
    ) -> None:
        what = f"legacy snapshot {snapshot}" if snapshot else "legacy checkpoint"
        super().__init__(
            f"Adopt the {what} of project {project_id} into…",
            self._plan,
            service.apply,
            verb="Adopt",
        )
        self.service = service
        self.project_id = project_id
        self.snapshot_name = snapshot
        self.targets = targets
        self.target: str | None = targets[0].id if targets else None

    def compose_picker(self) -> ComposeResult:
        options = OptionList(
            *(Option(safe(t.display_title or t.id, 200), id=t.id) for t in self.targets),
            id="targets",
        )
        options.border_title = "Target session"
        yield options

    def on_mount(self) -> None:
        super().on_mount()
        if self.targets:
            picker = self.query_one("#targets", OptionList)
            picker.highlighted = 0
            picker.focus()

    def _plan(self, _fields: list[str] | None) -> Plan:
        if self.target is None:
            raise CkptError(f"project {self.project_id} has no live session to adopt into")
        return legacy.plan_adoption(self.service, self.project_id, self.target, self.snapshot_name)

    @on(OptionList.OptionHighlighted, "#targets")
    def _target_changed(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id != self.target:
            self.target = event.option.id
            self._prepare(None)

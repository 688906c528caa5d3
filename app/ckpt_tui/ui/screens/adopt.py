"""``A``: choose which live session of the project receives legacy state,
and which of its fields.

The left column lists the project's live sessions, and below them the
fields the adoption would change, as a restore's field picker; the diff
shows what the highlighted session would become. A field the legacy state
has left blank (an empty title, no plan) starts unticked: a blank legacy
value never blanks a live one unless it is chosen. Nothing is adopted
until ``y``; the copy is made as a restore is (a pre-restore snapshot
first), so ``u`` in that session undoes it.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Button, OptionList
from textual.widgets.option_list import Option

from ckpt_tui.core import legacy
from ckpt_tui.core.actions import Service
from ckpt_tui.core.model import DamagedField
from ckpt_tui.core.plans import Plan
from ckpt_tui.errors import CkptError
from ckpt_tui.records import SessionRow
from ckpt_tui.ui.render import safe
from ckpt_tui.ui.screens.plan import PlanScreen
from ckpt_tui.ui.widgets.pickers import FieldPicker, TargetPicker


def is_blank(value: object) -> bool:
    """An empty text, list or missing value (a damaged one is not blank)."""
    if isinstance(value, DamagedField):
        return False
    if isinstance(value, str):
        return not value.strip()
    return value is None or (isinstance(value, list | tuple) and not value)


class AdoptScreen(PlanScreen):
    DEFAULT_CSS = """
    AdoptScreen #left { width: 34; height: 1fr; }
    AdoptScreen #left TargetPicker { height: 1fr; max-height: 40%; }
    """
    FOCUS_FIELDS: ClassVar[bool] = False  # the session is chosen first

    def __init__(
        self,
        service: Service,
        project_id: str,
        snapshot: str | None,
        targets: list[SessionRow],
    ) -> None:
        what = f"legacy snapshot {snapshot}" if snapshot else "legacy checkpoint"
        super().__init__(
            f"Adopt the {what} of {project_id}",
            self._plan,
            service.apply,
            verb="Adopt",
            pick_fields=True,
        )
        self.service = service
        self.project_id = project_id
        self.snapshot_name = snapshot
        self.targets = targets
        self.target: str | None = targets[0].id if targets else None

    def compose_picker(self) -> ComposeResult:
        with Vertical(id="left"):
            options = TargetPicker(
                *(Option(safe(t.display_title or t.id, 200), id=t.id) for t in self.targets),
                id="targets",
            )
            options.border_title = "Into session"
            yield options
            yield FieldPicker(id="fields")

    def on_mount(self) -> None:
        # PlanScreen's on_mount runs too (Textual calls each class's): no super().
        if self.targets:
            self.query_one("#targets", OptionList).highlighted = 0

    def initial_focus(self) -> Widget:
        """The session is chosen first."""
        return self.query_one("#targets" if self.targets else "#cancel")

    def _plan(self, fields: list[str] | None) -> Plan:
        if self.target is None:
            raise CkptError(f"project {self.project_id} has no live session to adopt into")
        return legacy.plan_adoption(
            self.service, self.project_id, self.target, self.snapshot_name, fields
        )

    def default_fields(self, plan: Plan, offered: tuple[str, ...]) -> tuple[str, ...]:
        """Every field the legacy state has a value for."""
        return tuple(k for k in offered if not is_blank(getattr(plan.after, k, None)))

    @on(OptionList.OptionHighlighted, "#targets")
    def _target_changed(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id != self.target:
            self.target = event.option.id
            self.query_one("#confirm", Button).disabled = True
            self._prepare(None, first=True)  # another session: other fields change

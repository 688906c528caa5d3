"""Preview of a write: the diff from the current checkpoint to the result.

Restore, undo/redo (when previews are on) and adoption all come here.
Nothing is written until the user confirms; the safe choice (cancel) is
where the focus starts, unless there are fields to pick. If the plugin
saved in between, applying is refused by the core and this screen shows the
new diff instead.

The restore preview is kept (``ui/screens/kept.py``) and opened again with the next
snapshot (:meth:`PlanScreen.reopen`); a plan worked out ahead
(``ui/prepared.py``) is shown at once, and the screen's worker checks that
nothing was written since (else it plans again and shows that).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Label, SelectionList
from textual.widgets.selection_list import Selection

from ckpt_tui.core.model import FIELDS, LABEL
from ckpt_tui.core.plans import Outcome, Plan
from ckpt_tui.errors import CkptError, Conflict
from ckpt_tui.plural import counted
from ckpt_tui.ui.painted_lines import Paints
from ckpt_tui.ui.prepared import DiffShown, PlanShown, Ready, still_current
from ckpt_tui.ui.render import safe
from ckpt_tui.ui.screens.dialog import Dialog
from ckpt_tui.ui.screens.kept import KeptScreen, in_stack
from ckpt_tui.ui.widgets.blank_background import KeptBackground
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.drawn_button import DrawnButton
from ckpt_tui.ui.widgets.pickers import FieldPicker
from ckpt_tui.ui.widgets.steady import update_in_place
from ckpt_tui.ui.widgets.themed_text import ThemedLabel

PlanMaker = Callable[[list[str] | None], Plan]
DIFF_TITLE = "current → result"


def shown_as_new(view: DiffView, shown: DiffShown) -> bool:
    """``view`` shows ``shown`` as a new preview would (unified, unchanged
    fields folded, at the top): ``r`` again on the same snapshot, nothing
    written since (the same plan worked out ahead)."""
    return (
        view.diff is shown.diff
        and view.no_diff is None
        and not (view.side_by_side or view.show_unchanged)
        and view.scroll_offset == (0, 0)
        and str(view.border_title) == DIFF_TITLE
    )


class PlanScreen(KeptScreen, Dialog[Outcome | None]):
    DEFAULT_CSS = """
    PlanScreen { align: center middle; background: $background; }
    PlanScreen > Vertical {
        width: 96%; height: 92%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    PlanScreen #title { width: 100%; }
    PlanScreen #what { width: 100%; height: auto; margin: 0 0 1 0; }
    PlanScreen #body { height: 1fr; }
    PlanScreen SelectionList, PlanScreen OptionList {
        width: 34; height: 1fr; border: round $panel-lighten-2;
    }
    PlanScreen SelectionList:focus, PlanScreen OptionList:focus { border: round $accent; }
    /* A restore's picker, as wide as its fields (FieldPicker.fitting_width),
       keeps the scrollbar's room: one appearing does not cut a label. */
    PlanScreen #body > FieldPicker { scrollbar-gutter: stable; }
    PlanScreen DiffView { width: 1fr; }
    PlanScreen #buttons { height: 3; align-horizontal: right; }
    PlanScreen Button { margin-left: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "confirm", "Confirm", id="plan.confirm"),
        # The diff's own keys (its subtitle says "s toggles") also from the
        # field picker, where the focus starts; focused, the diff has them.
        Binding("s", "diff('toggle_layout')", "Side by side", id="plan.toggle_layout"),
        Binding("f", "diff('toggle_unchanged')", "Unfold unchanged", id="plan.toggle_unchanged"),
    ]
    #: Whether the field picker takes the focus when it is filled.
    FOCUS_FIELDS: ClassVar[bool] = True

    def __init__(
        self,
        title: str,
        make_plan: PlanMaker,
        apply: Callable[[Plan], Outcome],
        *,
        verb: str = "Restore",
        pick_fields: bool = False,
        ready: Ready[PlanShown] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.make_plan = make_plan
        self.apply_plan = apply
        self.verb = verb
        self.pick_fields = pick_fields
        self.plan: Plan | None = None
        self._offered: tuple[str, ...] = ()
        self._busy = False
        self._ready = ready
        #: The latest request for a plan: a worker's answer to an earlier
        #: one (other fields, an earlier opening of a kept screen) is dropped.
        self._asked = 0
        #: The fields the latest plan asked for is of (``None``: all).
        self._planned_for: frozenset[str] | None = None
        #: Which opening this is (a kept screen is opened again).
        self._opened = 0
        self._title_shown: str | None = None
        #: Mounted yet (``None``: a kept screen reopened while mounting).
        self._mounted: bool | None = False
        # Its background (around the box) not drawn again on each opening.
        self._styles_cache = KeptBackground()

    def compose(self) -> ComposeResult:
        with Vertical():
            self._title_shown = self.title_text
            yield Label(Text(self.title_text, style="bold"), id="title")
            yield ThemedLabel("Preparing the preview…", id="what")
            with Horizontal(id="body"):
                yield from self.compose_picker()
                yield DiffView(title=DIFF_TITLE, id="diff")
            with Horizontal(id="buttons"):
                yield Button("Cancel (esc)", id="cancel", variant="default")
                # (its lines kept per label: another snapshot's, then this one's again)
                confirm = DrawnButton(
                    f"{self.verb} (y)", id="confirm", variant="warning", disabled=True
                )
                # As wide as its widest label ("Restore 10 fields (y)"): a new
                # label does not lay out the screen (a kept preview opened
                # again), and is never cut short.
                confirm.styles.width = cell_len(self._confirm_label(len(FIELDS))) + 2
                yield confirm

    def compose_picker(self) -> ComposeResult:
        """The left column: the field picker of a restore (subclasses replace it)."""
        if self.pick_fields:
            yield FieldPicker(id="fields", fits=tuple(LABEL[k] for k in FIELDS))

    def on_mount(self) -> None:
        if not in_stack(self):  # built ahead, kept: the first reopen opens it
            self._mounted = True
            # Laid out ahead (``kept.lay_out``) as a plan shows: the two lines
            # saying what it changes, so the diff view's height, and the paint
            # its diff is painted ahead for, are those of the first ``r``.
            self.query_one("#what", ThemedLabel).update(Text("Preparing the preview…\n"))
            # And its diff view with a scrollbar, as most diffs a restore
            # shows are longer than the view: one appearing on the first
            # ``r`` lays the screen out again, twice (the bar's size too).
            lines = [Text("")] * self.app.size.height
            self.query_one("#diff", DiffView).set_rows(lines)
            self._looks_as_opened()
            self.mark_styled()
            return
        ready, self._ready = self._ready, None
        if self._mounted is None:  # reopened while it was still mounting
            self._reset(ready)
        self._mounted = True
        self._open(ready)

    def _looks_as_opened(self) -> None:
        """Built ahead: styled as a restore with a plan to confirm shows it
        (the confirm button enabled, the field picker titled and focused),
        so the first ``r`` restyles no node and draws its picker's border
        and blank rows from the lines drawn ahead (``KeptRowLines``).
        Never seen: the first opening sets each of them for its plan."""
        self.query_one("#confirm", Button).disabled = False
        if self.pick_fields and self.FOCUS_FIELDS:
            picker = self.query_one("#fields", SelectionList)
            picker.border_title = "Fields"  # (as a plan shows it)
            self.set_focus(picker, scroll_visible=False)

    def reopen(
        self, title: str, make_plan: PlanMaker, ready: Ready[PlanShown] | None = None
    ) -> None:
        """Preview another write, exactly as a new screen would: called just
        before the kept screen is pushed again."""
        self.title_text, self.make_plan = title, make_plan
        if not self._mounted:
            self._ready, self._mounted = ready, None  # on_mount opens it
            return
        self._reset(ready)
        self.hide_earlier_notes()
        self._open(ready)

    def _reset(self, ready: Ready[PlanShown] | None) -> None:
        """Every widget as a new screen composes it, for ``title_text``; with
        a plan ``ready``, only what showing it (:meth:`_show`) leaves as it was."""
        self.plan, self._offered, self._busy = None, (), False
        if self._title_shown != self.title_text:  # (unchanged: no layout)
            self._title_shown = self.title_text
            title = self.query_one("#title", Label)
            update_in_place(title, Text(self.title_text, style="bold"))
        view = self.query_one("#diff", DiffView)
        if ready is None:
            view.reset(DIFF_TITLE)
        elif not shown_as_new(view, ready.value.shown):  # (the same: not drawn again)
            view.reset(DIFF_TITLE, *ready.value.shown)
        if ready is not None:
            return
        self.query_one("#what", ThemedLabel).update("Preparing the preview…")
        if self.pick_fields:
            picker = self.query_one("#fields", SelectionList)
            picker.clear_options()
            picker.border_title = None
        confirm = self.query_one("#confirm", Button)
        confirm.disabled = True
        confirm.label = self._confirm_label(None)

    def _open(self, ready: Ready[PlanShown] | None) -> None:
        """The plan shown at once if ``ready``, else planned. The worker
        checks a ready one, after the frame that shows it."""
        self._opened += 1
        if ready is None:
            self.initial_focus().focus()
            self._prepare(None, first=True)
            return
        self._asked += 1
        self._planned_for = None
        self._show(ready.value.plan, True, "", ready.value.shown)
        if not (self.pick_fields and self.FOCUS_FIELDS and self._offered):
            self.initial_focus().focus()  # else the fields have it (_show)
        asked = self._asked
        self.call_after_refresh(
            lambda: self._plan_worker(None, True, "", asked, ready.token, self._paints())
        )

    def initial_focus(self) -> Widget:
        """Where the focus starts: the safe answer (a subclass may say otherwise;
        Textual runs every class's ``on_mount``, so subclasses do not focus there)."""
        return self.query_one("#cancel", Button)

    def _prepare(self, fields: list[str] | None, first: bool = False, note: str = "") -> None:
        """Plan (in a worker) for ``fields`` (``None``: all) and show it."""
        self._asked += 1
        self._planned_for = None if fields is None else frozenset(fields)
        self._plan_worker(fields, first, note, self._asked, None, self._paints())

    def _paints(self) -> Paints | None:
        """How the diff view draws now, for the worker to paint the plan's
        diff for (``ui/painted_lines.py``): showing it is then a swap, not
        a wrap and draw on the UI thread (a field ticked or not)."""
        view = next(self.query("#diff").results(DiffView), None)  # (closed since: none)
        paint = view.paint() if view is not None else None
        if paint is None:
            return None
        paints = Paints(keep=1)
        paints.publish("preview", paint)
        return paints

    @work(thread=True, exclusive=True, group="plan")
    def _plan_worker(
        self,
        fields: list[str] | None,
        first: bool,
        note: str,
        asked: int,
        token: object,
        paints: Paints | None,
    ) -> None:
        """The plan, unless the one shown was made at ``token`` and nothing
        was written since; its diff painted for ``paints``."""
        if token is not None and still_current(self.app.service, token):
            return
        try:
            plan = self.make_plan(fields)
            shown = DiffShown.of(plan.diff, paints)
        except CkptError as exc:
            self.app.call_from_thread(self._answered, asked, self._failed, str(exc))
            return
        self.app.call_from_thread(self._answered, asked, self._show, plan, first, note, shown)

    def _answered(self, asked: int, show: Callable[..., None], *args) -> None:
        if asked == self._asked:
            show(*args)

    def _failed(self, message: str) -> None:
        self.query_one("#what", ThemedLabel).update(Text(message, style="ckpt--error-bold"))
        self.query_one("#diff", DiffView).set_no_diff(f"No preview: {message}")
        self.query_one("#confirm", Button).disabled = True

    def _show(self, plan: Plan, first: bool, note: str, shown: DiffShown) -> None:
        self.plan = plan
        view = self.query_one("#diff", DiffView)
        if view.diff is not shown.diff:  # a kept screen's reset may have shown it
            view.set_diff(shown.diff, rows=shown.rows)
        if self.pick_fields and first:
            self._offered = tuple(k for k in plan.keys if k in FIELDS)
            chosen = self.default_fields(plan, self._offered)
            picker = self.query_one("#fields", SelectionList)
            shown = tuple(option.value for option in picker.options)
            if shown != self._offered or set(picker.selected) != set(chosen):
                # (a kept screen's picker may show these already: not redrawn)
                picker.clear_options()
                picker.add_options([Selection(LABEL[k], k, k in chosen) for k in self._offered])
            picker.border_title = "Fields"  # (space: the key bar says it)
            if self._offered:
                picker.highlighted = 0
                if self.FOCUS_FIELDS:
                    picker.focus()
            if set(chosen) != set(self._offered):
                # Fewer fields than the plan has: the diff is of those (the
                # button says how many now; it is enabled when that plan comes).
                confirm = self.query_one("#confirm", Button)
                confirm.label, confirm.disabled = self._confirm_label(len(chosen)), True
                if chosen:
                    self._prepare(list(chosen))
                else:
                    self._no_fields()
                return
        what = Text()
        if note:
            what.append(note + "\n", style="ckpt--warning-bold")
        if plan.needs_fields:
            what.append_text(safe(plan.label, 300, style="bold"))
            what.append("\n" + (plan.note or ""), style="italic")
        elif plan.is_noop:
            what.append("Nothing would change: the checkpoint already matches.", style="dim")
        elif plan.entry_only is not None:
            what.append_text(safe(plan.label, 300, style="bold"))
            what.append("\nThe checkpoint itself does not change.")
        else:
            names = ", ".join(LABEL.get(k, k) for k in plan.keys)
            what.append_text(safe(plan.label, 300, style="bold"))
            what.append(
                f"\nwill change {names}. The current state is saved first as a "
                "pre-restore snapshot, so u undoes it."
            )
            if plan.note:
                what.append("\n" + plan.note, style="italic")
        label = self.query_one("#what", ThemedLabel)
        if label.shown != what:  # a kept screen may show it already: no layout
            update_in_place(label, what)
        confirm = self.query_one("#confirm", Button)
        confirm.disabled = plan.is_noop
        count = len([k for k in plan.keys if k in FIELDS])
        confirm.label = self._confirm_label(count if plan.keys else None)

    def _confirm_label(self, count: int | None) -> str:
        """The confirm button's label for ``count`` fields (``None``: not said)."""
        fields = "" if count is None else f" {counted(count, 'field')}"
        return f"{self.verb}{fields} (y)"

    def default_fields(self, plan: Plan, offered: tuple[str, ...]) -> tuple[str, ...]:
        """The fields ticked when the picker opens: all of them (a restore)."""
        return offered

    @on(SelectionList.SelectedChanged, "#fields")
    def _fields_changed(self, event: SelectionList.SelectedChanged) -> None:
        if not self._offered:  # emptied for a new opening: nothing was chosen
            return
        chosen = list(event.selection_list.selected)
        wanted = None if set(chosen) == set(self._offered) else frozenset(chosen)
        if wanted == self._planned_for:  # filling the picker: planned already
            return
        if wanted is None:
            self._prepare(None)
        elif chosen:
            self._prepare(chosen)
        else:
            self._no_fields()

    def _no_fields(self) -> None:
        self._asked += 1  # a plan still coming for other fields is not shown
        self._planned_for = frozenset()
        self.plan = None
        self.query_one("#confirm", Button).disabled = True
        self.query_one("#what", ThemedLabel).update(Text("No field chosen.", style="dim"))
        self.query_one("#diff", DiffView).set_no_diff("No field chosen: nothing would change.")

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_close()

    def action_diff(self, toggle: str) -> None:
        getattr(self.query_one("#diff", DiffView), f"action_{toggle}")()

    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        if self.plan is None or self.plan.is_noop or self._busy:
            return
        if self.query_one("#confirm", Button).disabled:
            return
        self._busy = True
        self._apply(self.plan, self._opened)

    @work(thread=True, exclusive=True, group="apply")
    def _apply(self, plan: Plan, opened: int) -> None:
        try:
            outcome = self.apply_plan(plan)
        except Conflict as exc:
            self.app.call_from_thread(self._applied, opened, self._conflict, str(exc))
            return
        except CkptError as exc:
            self.app.call_from_thread(self._applied, opened, self._apply_failed, str(exc))
            return
        self.app.call_from_thread(self._applied, opened, self.dismiss, outcome)

    def _applied(self, opened: int, then: Callable[..., object], *args) -> None:
        """What a write answered, for the opening that asked (a kept screen
        opened again since: not this opening's to show)."""
        if opened == self._opened:
            then(*args)

    def _conflict(self, message: str) -> None:
        self._busy = False
        self.notify(message, title="Not written", severity="warning", timeout=8)
        fields = (
            list(self.query_one("#fields", SelectionList).selected) if self.pick_fields else None
        )
        if fields is not None and set(fields) == set(self._offered):
            fields = None
        self._prepare(
            fields,
            note="The plugin saved meanwhile: this is the new diff. Confirm again to apply it.",
        )

    def _apply_failed(self, message: str) -> None:
        self._busy = False
        self.notify(message, title="Not written", severity="error", timeout=8)

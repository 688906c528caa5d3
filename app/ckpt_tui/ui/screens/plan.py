"""Preview of a write: the diff from the current checkpoint to the result.

Restore, undo/redo (when previews are on) and adoption all come here.
Nothing is written until the user confirms; the safe choice (cancel) is
where the focus starts, unless there are fields to pick. If the plugin
saved in between, applying is refused by the core and this screen shows the
new diff instead.

The restore preview is one screen opened again with the next snapshot
(:meth:`PlanScreen.open`, ``ui/flows/restore.py``); a plan worked out ahead
is shown at once, and the screen's worker checks that nothing was written
since (else it plans again and shows that).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, NamedTuple

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
from ckpt_tui.ui.explain import Explains, key_of
from ckpt_tui.ui.render import safe
from ckpt_tui.ui.screens.dialog import Dialog
from ckpt_tui.ui.screens.installed import Reused
from ckpt_tui.ui.store_token import AsOf, still_current
from ckpt_tui.ui.widgets.diff_view import DiffShown, DiffView
from ckpt_tui.ui.widgets.pickers import FieldPicker
from ckpt_tui.ui.widgets.text_lines import Look
from ckpt_tui.ui.widgets.themed_text import ThemedLabel

PlanMaker = Callable[[list[str] | None], Plan]
DIFF_TITLE = "current → result"
#: What an undo's picker may offer besides the fields: the placeholder flag.
UNDO_PICKABLE = (*FIELDS, "synthesized")
#: After a field's label in the picker: the plugin saved it since the
#: preview opened (left unticked; ticking it overwrites that save).
SAVED_MARK = " •"


def field_label(key: str) -> str:
    return LABEL.get(key, "Placeholder")


#: What the preview says above the diff it shows again after a refused confirm.
SAVED_NOTE = "The plugin saved meanwhile: this is the new diff. Confirm again to apply it."


class PlanShown(NamedTuple):
    """A plan and its diff as the preview first shows it, made in a worker."""

    plan: Plan
    shown: DiffShown

    @classmethod
    def of(cls, plan: Plan, look: Look | None = None) -> PlanShown:
        return cls(plan, DiffShown.of(plan.diff, look))


class PlanScreen(Explains, Reused, Dialog[Outcome | None]):
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
        make_plan: PlanMaker | None,
        apply: Callable[[Plan], Outcome],
        *,
        verb: str = "Restore",
        pick_fields: bool = False,
        pickable: tuple[str, ...] = FIELDS,
        ready: AsOf[PlanShown] | None = None,
    ) -> None:
        """``make_plan`` ``None``: a preview built ahead, shown nothing until
        :meth:`open` gives it a write to preview. ``pickable``: the fields
        the picker may offer."""
        super().__init__()
        self.title_text = title
        self.make_plan = make_plan
        self.apply_plan = apply
        self.verb = verb
        self.pick_fields = pick_fields
        self.pickable = pickable
        self.plan: Plan | None = None
        #: The plan's fields are always named (an undo that cannot tell
        #: which fields the write changed: all of them is not "None").
        self._explicit = False
        #: Fields the plugin saved since the preview opened (marked, unticked).
        self._saved: frozenset[str] = frozenset()
        #: The ticks the next filling of the picker keeps (after a save).
        self._keep_ticked: tuple[str, ...] | None = None
        #: Why no plan is shown (planning failed), for ``y`` to say.
        self._failure: str | None = None
        self._offered: tuple[str, ...] = ()
        self._busy = False
        self._ready = ready
        #: The latest request for a plan: a worker's answer to an earlier
        #: one (other fields, an earlier opening) is dropped.
        self._request = 0
        #: The fields the latest plan asked for is of (``None``: all).
        self._planned_for: frozenset[str] | None = None
        #: Which opening this is (the restore preview is opened again).
        self._opened = 0
        #: The title the title line shows.
        self._title_shown = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(self.title_text, style="bold"), id="title")
            yield ThemedLabel("Preparing the preview…", id="what")
            with Horizontal(id="body"):
                yield from self.compose_picker()
                yield DiffView(title=DIFF_TITLE, id="diff")
            with Horizontal(id="buttons"):
                yield Button("Cancel (esc)", id="cancel", variant="default")
                confirm = Button(f"{self.verb} (y)", id="confirm", variant="warning", disabled=True)
                # As wide as its widest label ("Restore 10 fields (y)"): a new
                # label does not lay out the screen, and is never cut short.
                confirm.styles.width = cell_len(self._confirm_label(len(FIELDS))) + 2
                yield confirm

    @property
    def diff_view(self) -> DiffView:
        return self.query_one("#diff", DiffView)

    def compose_picker(self) -> ComposeResult:
        """The left column: the field picker of a restore (subclasses replace it)."""
        if self.pick_fields:
            yield FieldPicker(
                id="fields", fits=tuple(field_label(k) + SAVED_MARK for k in self.pickable)
            )

    def on_mount(self) -> None:
        # The key bar offers "y Confirm" only while the button is enabled.
        self.watch(
            self.query_one("#confirm", Button), "disabled",
            lambda _disabled: self.refresh_bindings(), init=False,
        )
        if self.make_plan is not None:  # (built ahead: nothing to preview yet)
            self._open(self._ready)
            self._ready = None

    def open(self, title: str, make_plan: PlanMaker, ready: AsOf[PlanShown] | None = None) -> None:
        """Preview another write, exactly as a new screen would: called just
        before the screen is pushed again."""
        self.title_text, self.make_plan = title, make_plan
        if not self.is_mounted:
            self._ready = ready  # on_mount opens it
            return
        self._reset(ready)
        self._open(ready)

    def _reset(self, ready: AsOf[PlanShown] | None) -> None:
        """Every widget as a new screen composes it, for ``title_text``; with
        a plan ``ready``, what showing it sets is left to :meth:`_show`."""
        self.plan, self._offered, self._busy = None, (), False
        self._explicit, self._saved, self._keep_ticked = False, frozenset(), None
        self._failure = None
        if self._title_shown != self.title_text:
            self._title_shown = self.title_text
            self.query_one("#title", Label).update(Text(self.title_text, style="bold"))
        self.diff_view.reset(DIFF_TITLE, None if ready is None else ready.value.shown)
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

    def _open(self, ready: AsOf[PlanShown] | None) -> None:
        """The plan shown at once if ``ready``, else planned. The worker
        checks a ready one, after the frame that shows it."""
        self._opened += 1
        if ready is None:
            self.set_focus(self.initial_focus())  # now: the plan may be shown first
            self._prepare(None, first=True)
            return
        self._request += 1
        self._planned_for = None
        self._show(ready.value.plan, True, "", ready.value.shown)
        if not (self.pick_fields and self.FOCUS_FIELDS and self._offered):
            self.initial_focus().focus()  # else the fields have it (_show)
        request = self._request
        self.call_after_refresh(
            lambda: self._plan_worker(None, True, "", request, ready.token, self.diff_view.look())
        )

    def initial_focus(self) -> Widget:
        """Where the focus starts: the safe answer (a subclass may say otherwise;
        Textual runs every class's ``on_mount``, so subclasses do not focus there)."""
        return self.query_one("#cancel", Button)

    def _prepare(self, fields: list[str] | None, first: bool = False, note: str = "") -> None:
        """Plan (in a worker) for ``fields`` (``None``: all) and show it."""
        self._request += 1
        self._planned_for = None if fields is None else frozenset(fields)
        self._plan_worker(fields, first, note, self._request, None, self.diff_view.look())

    @work(thread=True, exclusive=True, group="plan")
    def _plan_worker(
        self,
        fields: list[str] | None,
        first: bool,
        note: str,
        request: int,
        token: object,
        look: Look | None,
    ) -> None:
        """The plan, unless the one shown was made at ``token`` and nothing
        was written since; its diff drawn as the view draws (``look``)."""
        if token is not None and still_current(self.app.service, token):
            return
        make_plan = self.make_plan
        if make_plan is None:
            return
        try:
            plan = make_plan(fields)
            shown = DiffShown.of(plan.diff, look)
        except CkptError as exc:
            self.app.call_from_thread(self._answered, request, self._failed, str(exc))
            return
        self.app.call_from_thread(self._answered, request, self._show, plan, first, note, shown)

    def _answered(self, request: int, show: Callable[..., None], *args) -> None:
        if request == self._request:
            show(*args)

    def _failed(self, message: str) -> None:
        self._failure = message
        self.query_one("#what", ThemedLabel).update(Text(message, style="ckpt--error-bold"))
        self.diff_view.set_no_diff(f"No preview: {message}")
        self.query_one("#confirm", Button).disabled = True

    def _show(self, plan: Plan, first: bool, note: str, shown: DiffShown) -> None:
        self.plan, self._failure = plan, None
        if self.diff_view.diff is not shown.diff:  # (the opening may show it already)
            self.diff_view.show(shown)
        if self.pick_fields and first:
            # An undo that cannot tell which fields the write changed offers
            # its candidates, none ticked: it writes nothing until chosen.
            self._explicit = bool(plan.candidates)
            self._offered = tuple(
                k for k in (plan.candidates or plan.keys) if k in self.pickable
            )
            if self._keep_ticked is not None:  # rebuilt after a save of the plugin
                chosen = tuple(k for k in self._offered if k in self._keep_ticked)
                self._keep_ticked = None
            elif plan.needs_fields:
                chosen = ()
            else:
                chosen = self.default_fields(plan, self._offered)
            picker = self.query_one("#fields", SelectionList)
            wanted = [
                (k, field_label(k) + (SAVED_MARK if k in self._saved else ""))
                for k in self._offered
            ]
            listed = [(option.value, str(option.prompt)) for option in picker.options]
            if listed != wanted or set(picker.selected) != set(chosen):
                # (the preview opened again may show these fields already)
                picker.clear_options()
                picker.add_options(
                    [Selection(prompt, k, k in chosen) for k, prompt in wanted]
                )
            if picker.border_title != "Fields":  # (space: the key bar says it)
                picker.border_title = "Fields"
            if self._offered:
                if picker.highlighted != 0:
                    picker.highlighted = 0
                if self.FOCUS_FIELDS and not picker.has_focus:
                    picker.focus()
            if set(chosen) != set(self._offered):
                # Fewer fields than the plan has: the diff is of those (the
                # button says how many now; it is enabled when that plan comes).
                confirm = self.query_one("#confirm", Button)
                confirm.label, confirm.disabled = self._confirm_label(len(chosen)), True
                if chosen:
                    self._prepare(list(chosen), note=note)
                else:
                    self._no_fields(plan, note)
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
        if label.shown != what:  # (the preview opened again may say it already)
            label.update(what)
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
        every = set(chosen) == set(self._offered) and not self._explicit
        wanted = None if every else frozenset(chosen)
        if wanted == self._planned_for:  # filling the picker: planned already
            return
        if wanted is None:
            self._prepare(None)
        elif chosen:
            self._prepare(chosen)
        else:
            self._no_fields()

    def _no_fields(self, plan: Plan | None = None, note: str = "") -> None:
        """No field ticked: nothing to write. ``plan``: an undo that cannot
        tell which fields to take back, whose note says why none is ticked."""
        self._request += 1  # a plan still coming for other fields is not shown
        self._planned_for = frozenset()
        self.plan = None
        confirm = self.query_one("#confirm", Button)
        confirm.disabled, confirm.label = True, self._confirm_label(0)
        what = Text()
        if note:
            what.append(note + "\n", style="ckpt--warning-bold")
        if plan is not None and plan.needs_fields:
            what.append_text(safe(plan.label, 300, style="bold"))
            what.append("\n" + (plan.note or ""), style="italic")
            self.diff_view.set_no_diff(
                "Tick the fields to take back (space): nothing changes until you do."
            )
        else:
            what.append("No field chosen.", style="dim")
            self.diff_view.set_no_diff("No field chosen: nothing would change.")
        self.query_one("#what", ThemedLabel).update(what)

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """``y`` while the confirm button is disabled: why (one line)."""
        if action != "confirm" or not self.is_mounted:
            return None
        if not self.query_one("#confirm", Button).disabled:
            return None
        if self._failure is not None:
            return f"nothing to confirm: {self._failure}"
        if self._planned_for == frozenset():
            toggle = key_of(self.query_one("#fields", FieldPicker), "fields.toggle")
            if self._explicit:
                return f"nothing is written until fields are ticked: {toggle} ticks one"
            return f"no field is ticked: {toggle} ticks the one under the cursor"
        if self.plan is not None and self.plan.is_noop:
            return "nothing would change: the checkpoint already matches"
        return "the preview is still being worked out"

    def describe_binding(self, binding: Binding) -> str | None:
        """The key bar's words for a disabled confirm: not "Confirm", but
        what it waits for (the key is dimmed; pressed, it says why)."""
        if binding.action != "confirm" or not self.why_not("confirm", ()):
            return None
        if self._failure is not None:
            return "Nothing to confirm"
        if self._planned_for == frozenset():
            return "Tick fields first"
        if self.plan is not None and self.plan.is_noop:
            return "Nothing to change"
        return "Preparing…"

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_close()

    def action_diff(self, toggle: str) -> None:
        getattr(self.diff_view, f"action_{toggle}")()

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
        """What a write answered, for the opening that asked (the reused preview
        opened again since: not this opening's to show)."""
        if opened == self._opened:
            then(*args)

    def _conflict(self, message: str) -> None:
        """The checkpoint moved since the plan was made (the plugin saved),
        or the undo history did: plan again (:meth:`_replan_worker`)."""
        seen = self.plan
        if not self.pick_fields or seen is None:
            self._busy = False
            self.notify(message, title="Not written", severity="warning", timeout=8)
            self._prepare(None, note=SAVED_NOTE)
            return
        picked = tuple(self.query_one("#fields", SelectionList).selected)
        self._request += 1
        self._replan_worker(seen, picked, message, self._request, self._opened, self.diff_view.look())

    @work(thread=True, exclusive=True, group="plan")
    def _replan_worker(
        self, seen: Plan, picked: tuple[str, ...], message: str, request: int, opened: int, look
    ) -> None:
        """After a refused confirm: where the save touched none of the picked
        fields (the same write otherwise), those fields are written at once,
        planned over the save; else the picker is filled from the new plan,
        the fields the plugin saved marked and unticked."""
        make_plan = self.make_plan
        if make_plan is None:
            return
        try:
            fresh = make_plan(None)
            saved = tuple(k for k in self.pickable if seen.before.get(k) != fresh.before.get(k))
            same = (fresh.action, fresh.source_snapshot_id, fresh.entry) == (
                seen.action, seen.source_snapshot_id, seen.entry,
            )
            if picked and same and not set(saved) & set(picked):
                try:
                    outcome = self.apply_plan(make_plan(list(picked)))
                except Conflict:
                    pass  # saved again meanwhile: show what is there now
                else:
                    self.app.call_from_thread(self._applied, opened, self.dismiss, outcome)
                    return
                fresh = make_plan(None)
                saved = tuple(
                    k for k in self.pickable if seen.before.get(k) != fresh.before.get(k)
                )
            shown = DiffShown.of(fresh.diff, look)
        except CkptError as exc:
            self.app.call_from_thread(self._applied, opened, self._apply_failed, str(exc))
            return
        self.app.call_from_thread(
            self._answered, request, self._rebuilt, fresh, picked, saved, message, shown
        )

    def _rebuilt(
        self, fresh: Plan, picked: tuple[str, ...], saved: tuple[str, ...], message: str, shown
    ) -> None:
        """The new plan with its picker rebuilt: what was ticked stays
        ticked, except the fields the plugin saved, marked and unticked."""
        self._busy = False
        self.notify(message, title="Not written", severity="warning", timeout=8)
        self._saved = frozenset(saved)
        self._keep_ticked = tuple(k for k in picked if k not in self._saved)
        self._planned_for = None
        note = SAVED_NOTE
        if marked := [k for k in saved if k in (fresh.candidates or fresh.keys)]:
            note += (
                f"\n{SAVED_MARK.strip()} just saved by the plugin: "
                f"{', '.join(field_label(k) for k in marked)}; left unticked (ticked, "
                "the plugin's save is overwritten)."
            )
        self._show(fresh, True, note, shown)

    def _apply_failed(self, message: str) -> None:
        self._busy = False
        self.notify(message, title="Not written", severity="error", timeout=8)

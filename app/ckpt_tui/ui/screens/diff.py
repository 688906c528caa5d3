"""The diff of a snapshot against the current checkpoint or a marked snapshot.

``d`` opens a kept one (``ui/screens/kept.py``) with the next pair
(:meth:`DiffScreen.reopen`): no compose, styling or mount per key. A diff
worked out ahead (``ui/prepared.py``) is shown at once; the screen's worker
then checks that nothing was written since, and computes it again if so.
"""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ckpt_tui.core.actions import Service
from ckpt_tui.core.diff import CheckpointDiff
from ckpt_tui.errors import CkptError
from ckpt_tui.ui.prepared import DiffShown, Ready, still_current
from ckpt_tui.ui.screens.kept import KeptScreen, in_stack
from ckpt_tui.ui.widgets.diff_view import DiffView, painted_ahead
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.quick_lines import QuickLines


class DiffScreen(KeptScreen, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="diffscreen.close"),
    ]

    def __init__(
        self,
        service: Service,
        session_id: str,
        old: str,
        new: str | None,
        title: str,
        ready: Ready[DiffShown] | None = None,
    ) -> None:
        super().__init__()
        self.service = service
        self.session_id = session_id
        self.old = old
        self.new = new
        self.title_text = title
        self._ready = ready
        #: Which opening a worker's result is for: one for an earlier pair
        #: (the screen is kept and opened again) is dropped.
        self._opening = 0
        self._mounted = False
        # Its background (under the view) drawn without Textual's per-line work.
        self._styles_cache = QuickLines()
        #: Its view, found once (a DOM query was a tenth of opening it again).
        self._view: DiffView | None = None

    def compose(self) -> ComposeResult:
        yield DiffView(title=self.title_text, id="diff")
        yield KeyBar()

    @property
    def diff_view(self) -> DiffView:
        if self._view is None:
            self._view = self.query_one(DiffView)
        return self._view

    def on_mount(self) -> None:
        self._mounted = True
        if in_stack(self):
            self._open()
        else:  # built ahead: the first reopen opens it
            self.mark_styled()

    def reopen(
        self,
        session_id: str,
        old: str,
        new: str | None,
        title: str,
        ready: Ready[DiffShown] | None = None,
    ) -> None:
        """Show another pair, exactly as a new screen would (unified, the
        unchanged fields folded, at the top): called just before it is pushed
        again. (Built ahead and still mounting: ``on_mount`` opens it.)"""
        self.session_id, self.old, self.new, self.title_text = session_id, old, new, title
        self._ready = ready
        if self._mounted:
            self._open()

    def _open(self) -> None:
        """The view as new, showing the diff if it is ready; the worker
        checks that one (after the frame that shows it), or computes it."""
        ready, self._ready = self._ready, None
        self._opening += 1
        view = self.diff_view
        if ready is None:
            view.reset(self.title_text)
        else:
            view.reset(self.title_text, *ready.value)
        view.focus()
        if ready is None:
            self._load(self._opening, None)
        else:  # checked after the frame that shows it
            self.call_after_refresh(self._load, self._opening, ready.token)

    @work(thread=True, exclusive=True)
    def _load(self, opening: int, token: object) -> None:
        """The diff, unless the one shown was computed at ``token`` and
        nothing was written since."""
        if token is not None and still_current(self.service, token):
            return
        try:
            shown = DiffShown.of(self.compare(), painted_ahead(self.app))
        except CkptError as exc:
            self.app.call_from_thread(self._failed, opening, str(exc))
            return
        self.app.call_from_thread(self._show, opening, shown)

    def compare(self) -> CheckpointDiff:
        """In the worker: the diff to show (a subclass compares across sessions)."""
        return self.service.compare(self.session_id, self.old, self.new).diff

    def _show(self, opening: int, shown: DiffShown) -> None:
        if opening == self._opening:
            self.diff_view.set_diff(shown.diff, rows=shown.rows)

    def _failed(self, opening: int, message: str) -> None:
        if opening == self._opening:
            self.notify(message, severity="error")
            if self.is_current:
                self.dismiss()

    def action_close(self) -> None:
        self.dismiss()

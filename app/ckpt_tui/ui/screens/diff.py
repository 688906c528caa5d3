"""The diff of a snapshot against the current checkpoint or a marked snapshot.

``d`` opens one screen again and again (``ui/flows/diff.py``), each time on
the next pair (:meth:`DiffScreen.open`); a diff worked out ahead is shown
at once, and the screen's worker then checks that nothing was written
since, and works it out again if so.
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
from ckpt_tui.ui.screens.installed import Reused
from ckpt_tui.ui.store_token import AsOf, still_current
from ckpt_tui.ui.widgets.diff_view import DiffShown, DiffView
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.text_lines import Look


class DiffScreen(Reused, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="diffscreen.close"),
    ]

    def __init__(
        self,
        service: Service,
        session_id: str = "",
        old: str = "",
        new: str | None = None,
        title: str = "",
    ) -> None:
        """A screen on this pair; none (``session_id`` empty): one built
        ahead, given its pair when it opens (:meth:`open`)."""
        super().__init__()
        self.service = service
        self.session_id = session_id
        self.old = old
        self.new = new
        self.title_text = title
        #: Given a pair to show, and a diff worked out ahead (``open``).
        self._given = bool(session_id)
        self._ready: AsOf[DiffShown] | None = None
        #: Which opening a worker's result is for: one for an earlier pair
        #: (the screen is opened again) is dropped.
        self._opening = 0

    def compose(self) -> ComposeResult:
        yield DiffView(title=self.title_text, id="diff")
        yield KeyBar()

    @property
    def diff_view(self) -> DiffView:
        return self.query_one(DiffView)

    def on_mount(self) -> None:
        if self._given:  # (built ahead: nothing to show until it is opened)
            self._open()

    def open(
        self,
        session_id: str,
        old: str,
        new: str | None,
        title: str,
        ready: AsOf[DiffShown] | None = None,
    ) -> None:
        """Show this pair, exactly as a new screen would (unified, the
        unchanged fields folded, at the top): called just before it is pushed."""
        self.session_id, self.old, self.new, self.title_text = session_id, old, new, title
        self._ready, self._given = ready, True
        if self.is_mounted:
            self._open()

    def _open(self) -> None:
        """The view as new, showing the diff if it is ready; the worker
        checks that one (after the frame that shows it), or works it out."""
        ready, self._ready = self._ready, None
        self._opening += 1
        view = self.diff_view
        view.reset(self.title_text, ready.value if ready is not None else None)
        view.focus()
        opening = self._opening
        if ready is None:
            self._load(opening, None, view.look())
        else:  # checked after the frame that shows it
            self.call_after_refresh(lambda: self._load(opening, ready.token, view.look()))

    @work(thread=True, exclusive=True)
    def _load(self, opening: int, token: object, look: Look | None) -> None:
        """The diff, unless the one shown was worked out at ``token`` and
        nothing was written since; drawn as the view draws (``look``)."""
        if token is not None and still_current(self.service, token):
            return
        try:
            shown = DiffShown.of(self.compare(), look)
        except CkptError as exc:
            self.app.call_from_thread(self._failed, opening, str(exc))
            return
        self.app.call_from_thread(self._show, opening, shown)

    def compare(self) -> CheckpointDiff:
        """In the worker: the diff to show (a subclass compares across sessions)."""
        return self.service.compare(self.session_id, self.old, self.new).diff

    def _show(self, opening: int, shown: DiffShown) -> None:
        if opening == self._opening:
            self.diff_view.show(shown)

    def _failed(self, opening: int, message: str) -> None:
        if opening == self._opening:
            self.notify(message, severity="error")
            if self.is_current:
                self.dismiss()

    def action_close(self) -> None:
        self.dismiss()

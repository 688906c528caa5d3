"""The diff of a snapshot against the current checkpoint or a marked snapshot.

The main screen keeps one (``ui/kept.py``) and opens it again with the next
pair (:meth:`DiffScreen.reopen`): no compose, styling or mount per ``d``. A
diff worked out ahead (``ui/prepared.py``) is shown at once; the screen's
worker then checks that nothing was written since, and computes it again if
something was.
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
from ckpt_tui.ui.prepared import Ready, still_current
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.key_bar import KeyBar


class DiffScreen(Screen[None]):
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
        ready: Ready[CheckpointDiff] | None = None,
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

    def compose(self) -> ComposeResult:
        ready = self._ready
        yield DiffView(ready.value if ready else None, title=self.title_text, id="diff")
        yield KeyBar()

    def on_mount(self) -> None:
        ready, self._ready = self._ready, None
        self._open(ready)

    def reopen(
        self,
        session_id: str,
        old: str,
        new: str | None,
        title: str,
        ready: Ready[CheckpointDiff] | None = None,
    ) -> None:
        """Show another pair, exactly as a new screen would (unified, the
        unchanged fields folded, at the top): called before it is pushed again."""
        self.session_id, self.old, self.new, self.title_text = session_id, old, new, title
        self.query_one(DiffView).reset(title, ready.value if ready is not None else None)
        self._open(ready)

    def _open(self, ready: Ready[CheckpointDiff] | None) -> None:
        """The diff shown (if ``ready``): the worker checks it, or computes it."""
        self._opening += 1
        self.query_one(DiffView).focus()
        self._load(self._opening, ready.token if ready is not None else None)

    @work(thread=True, exclusive=True)
    def _load(self, opening: int, token: object) -> None:
        """The diff, unless the one shown was computed at ``token`` and
        nothing was written since."""
        if token is not None and still_current(self.service.store, token):
            return
        try:
            diff = self.compare()
        except CkptError as exc:
            self.app.call_from_thread(self._failed, opening, str(exc))
            return
        self.app.call_from_thread(self._show, opening, diff)

    def compare(self) -> CheckpointDiff:
        """In the worker: the diff to show (a subclass compares across sessions)."""
        return self.service.compare(self.session_id, self.old, self.new).diff

    def _show(self, opening: int, diff: CheckpointDiff) -> None:
        if opening == self._opening:
            self.query_one(DiffView).set_diff(diff)

    def _failed(self, opening: int, message: str) -> None:
        if opening == self._opening:
            self.notify(message, severity="error")
            if self.is_current:
                self.dismiss()

    def action_close(self) -> None:
        self.dismiss()

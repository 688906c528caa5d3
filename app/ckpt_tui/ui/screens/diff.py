"""The diff of a snapshot against the current checkpoint or a marked snapshot."""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ckpt_tui.core.actions import Service
from ckpt_tui.errors import CkptError
from ckpt_tui.ui.widgets.diff_view import DiffView
from ckpt_tui.ui.widgets.key_bar import KeyBar


class DiffScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="diffscreen.close"),
    ]

    def __init__(
        self, service: Service, session_id: str, old: str, new: str | None, title: str
    ) -> None:
        super().__init__()
        self.service = service
        self.session_id = session_id
        self.old = old
        self.new = new
        self.title_text = title

    def compose(self) -> ComposeResult:
        yield DiffView(title=self.title_text, id="diff")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(DiffView).focus()
        self._load()

    @work(thread=True, exclusive=True)
    def _load(self) -> None:
        try:
            comparison = self.service.compare(self.session_id, self.old, self.new)
        except CkptError as exc:
            self.app.call_from_thread(self.notify, str(exc), severity="error")
            self.app.call_from_thread(self.dismiss)
            return
        self.app.call_from_thread(self._show, comparison.diff)

    def _show(self, diff) -> None:
        self.query_one(DiffView).set_diff(diff)

    def action_close(self) -> None:
        self.dismiss()

"""The keys every dialog shares: ``esc`` and ``q`` close it with its safe
answer (nothing written), ``?`` lists every key. A dialog subclasses this
and adds only its own keys (``y`` confirms, ...); its own key bar, over the
main screen's, shows those keys and no others."""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

from ckpt_tui.ui.screens.installed import being_built
from ckpt_tui.ui.widgets.key_bar import KeyBar

ResultT = TypeVar("ResultT")
#: Titles of the notes said once at start-up (a person must get to read them).
STARTUP = ("Keymap", "Config")


class Dialog(ModalScreen[ResultT], Generic[ResultT]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="dialog.close"),
        Binding("question_mark", "app.help", "Help", id="dialog.help"),
        Binding("M", "app.notices", "Messages (full text)", show=False, id="dialog.notices"),
    ]
    # A notification shows at the top of a dialog: its buttons are at the bottom.
    DEFAULT_CSS = """
    Dialog ToastRack { dock: top; align: right top; margin-bottom: 0; margin-top: 1; }
    """

    def on_mount(self) -> None:
        # Mounted here, not in compose: every dialog composes its own body.
        self.mount(KeyBar())

    def on_screen_resume(self) -> None:
        if self.is_current and not being_built(self):
            self.hide_earlier_notes()

    def hide_earlier_notes(self) -> None:
        """What a write reported before the dialog opened must not cover it (M
        keeps the full text); warnings, errors and the start-up notes on the
        config stay, and all that is said while it is open shows at its top."""
        self.app.hide_notifications(
            lambda n: n.severity != "information" or n.title in STARTUP
        )

    def closed_result(self) -> ResultT | None:
        """What closing answers: nothing chosen."""
        return None

    def action_close(self) -> None:
        self.dismiss(self.closed_result())

"""The keys every dialog shares: ``esc`` and ``q`` close it with its safe
answer (nothing written), ``?`` lists every key. A dialog subclasses this
and adds only its own keys (``y`` confirms, ...)."""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

ResultT = TypeVar("ResultT")


class Dialog(ModalScreen[ResultT], Generic[ResultT]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="dialog.close"),
        Binding("question_mark", "app.help", "Help", id="dialog.help"),
    ]

    def closed_result(self) -> ResultT | None:
        """What closing answers: nothing chosen."""
        return None

    def action_close(self) -> None:
        self.dismiss(self.closed_result())

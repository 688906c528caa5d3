"""A yes/no question whose safe answer (cancel) has the focus."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from ckpt_tui.ui.render import literal
from ckpt_tui.ui.screens.dialog import Dialog


class ConfirmScreen(Dialog[bool]):
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > VerticalScroll {
        width: 90; height: auto; max-height: 80%;
        border: thick $accent; background: $surface; padding: 1 2;
    }
    ConfirmScreen #buttons { height: 3; align-horizontal: right; margin-top: 1; }
    ConfirmScreen Button { margin-left: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "confirm", "Confirm", id="confirm.confirm"),
    ]

    def __init__(self, title: str, body: RenderableType, verb: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.verb = verb

    def compose(self) -> ComposeResult:
        box = VerticalScroll()
        box.border_title = literal(self.title_text)
        with box:
            yield Static(self.body)
            with Horizontal(id="buttons"):
                yield Button("Cancel (esc)", id="cancel")
                yield Button(f"{self.verb} (y)", id="confirm", variant="warning")

    def on_mount(self) -> None:
        self.query_one("#cancel", Button).focus()

    def closed_result(self) -> bool:
        return False

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_close()

    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        self.dismiss(True)

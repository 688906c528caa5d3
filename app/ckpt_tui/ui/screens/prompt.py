"""A one-line prompt (the manual snapshot's name)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from ckpt_tui.ui.render import literal
from ckpt_tui.ui.screens.dialog import Dialog


class NamePrompt(Dialog[str | None]):
    DEFAULT_CSS = """
    NamePrompt { align: center middle; }
    NamePrompt > Vertical {
        width: 64; height: auto; padding: 1 2;
        border: thick $accent; background: $surface;
    }
    NamePrompt Label { margin-bottom: 1; }
    NamePrompt .hint { color: $text-muted; margin: 1 0 0 0; }
    """

    def __init__(self, question: str, placeholder: str = "") -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(literal(self.question, 500))
            yield Input(placeholder=self.placeholder, id="name")
            yield Label("enter saves · escape cancels", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

"""A one-line prompt (the manual snapshot's name).

What is typed is checked in place: a name that cannot be used (empty,
already taken) is said under the field, which keeps the text, and the
prompt stays open until a usable name or ``esc``. The check may read the
store, so it runs in a worker.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from ckpt_tui.errors import CkptError
from ckpt_tui.ui.render import literal
from ckpt_tui.ui.screens.dialog import Dialog
from ckpt_tui.ui.widgets.themed_text import ThemedLabel

#: Why a name cannot be used, or ``None``; may read the store.
NameCheck = Callable[[str], "str | None"]


class NamePrompt(Dialog[str | None]):
    DEFAULT_CSS = """
    NamePrompt { align: center middle; }
    NamePrompt > Vertical {
        width: 64; max-width: 100%; height: auto; padding: 1 2;
        border: thick $accent; background: $surface;
    }
    NamePrompt Label { width: 100%; margin-bottom: 1; }
    NamePrompt #problem { width: 100%; margin: 1 0 0 0; height: auto; }
    NamePrompt .hint { color: $text-muted; margin: 1 0 0 0; }
    """

    def __init__(
        self, question: str, placeholder: str = "", check: NameCheck | None = None
    ) -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(literal(self.question, 500))
            yield Input(placeholder=self.placeholder, id="name")
            yield ThemedLabel("", id="problem")
            yield Label("enter saves · esc cancels", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._check(event.value)

    def on_input_changed(self) -> None:
        self._say("")  # a new name: the last one's problem no longer applies

    @work(thread=True, exclusive=True, group="name-check")
    def _check(self, value: str) -> None:
        name = value.strip()
        try:
            problem = self.check(name) if self.check else (None if name else "a name is required")
        except CkptError as exc:
            problem = str(exc)
        if problem:
            self.app.call_from_thread(self._say, problem)
        else:
            self.app.call_from_thread(self.dismiss, name)

    def _say(self, problem: str) -> None:
        self.query_one("#problem", ThemedLabel).update(
            Text(problem, style="ckpt--error-bold") if problem else Text("")
        )

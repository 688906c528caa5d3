"""``e``: the hand-off note that was written (or could not be), as Markdown."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ckpt_tui.ui.explain import key_of
from ckpt_tui.ui.render import home_relative, home_relative_in, safe, safe_block
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.themed_text import ThemedStatic


def note_renderable(markdown: str):
    """The note as Rich's Markdown: one widget, drawn in one pass (Textual's
    ``Markdown`` widget mounts a widget per block, which made ``e`` take
    0.4-0.8 s). As in the detail pane: links show their address and are
    never followed (no OSC 8 link), and a note too long for a Markdown parse
    is shown as plain text."""
    from rich.markdown import Markdown

    from ckpt_tui.core.text import printable
    from ckpt_tui.ui.checkpoint_view import MARKDOWN_LIMIT

    if len(markdown) > MARKDOWN_LIMIT:
        return safe_block(markdown)
    return Markdown(printable(markdown, MARKDOWN_LIMIT, keep_newlines=True), hyperlinks=False)


class HandoffScreen(Screen[None]):
    #: The app's undo and redo work here: the note is the selected session's
    #: newest step, and the line above it names the key that takes it back.
    UNDO_HERE = True
    DEFAULT_CSS = """
    HandoffScreen #where { height: auto; padding: 0 1; background: $panel; }
    HandoffScreen VerticalScroll { border: round $accent; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="handoff.close"),
    ]

    def __init__(
        self, markdown: str, path: str | None, problem: str | None, warning: str | None = None
    ) -> None:
        super().__init__()
        self.markdown = markdown
        self.path = path
        self.problem = problem
        self.warning = warning

    def compose(self) -> ComposeResult:
        if self.problem:
            where = Text.assemble(("Not written: ", "ckpt--error-bold"), safe(self.problem, 600))
        else:
            where = Text.assemble(("Written to ", "ckpt--success-bold"), safe(home_relative(self.path), 600))
            if self.warning:
                where.append_text(safe(f"  warning: {self.warning}", 600, style="ckpt--warning"))
            else:
                where.append(f"  ({key_of(self.app, 'app.undo')} undoes it)", style="dim")
        yield ThemedStatic(where, id="where")
        scroll = VerticalScroll()
        scroll.border_title = "Hand-off preview"
        with scroll:
            yield Static(note_renderable(home_relative_in(self.markdown)), id="note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss()

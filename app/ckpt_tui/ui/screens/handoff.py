"""``e``: the hand-off note that was written (or could not be), as Markdown.

``u`` works here (the app's undo, on the session shown): after it, the
screen looks at the file again and says what is there now (nothing, or
the note that was there before), so the preview never shows a note that
is gone."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.visual import VisualType
from textual.widgets import Static

from ckpt_tui.ui.explain import key_of
from ckpt_tui.ui.messages import StoreWritten
from ckpt_tui.ui.render import home_relative, home_relative_in, safe, safe_block
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.rendered_once import RenderedOnce
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


class NoteText(RenderedOnce, Static):
    """The note: its Markdown rendered once per width and version, not once
    for its height and again to draw it (``ui/widgets/rendered_once.py``)."""

    def __init__(self, content: RenderableType, **kwargs) -> None:
        super().__init__(content, **kwargs)
        self._version = 0

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._version += 1  # what undo or redo left in the file
        super().update(content, layout=layout)

    def render_key(self) -> Hashable:
        return self._version


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
            yield NoteText(note_renderable(home_relative_in(self.markdown)), id="note")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    @on(StoreWritten)
    def _store_written(self) -> None:
        if self.path is not None:
            self._look_again(self.path)

    @work(thread=True, exclusive=True, group="handoff-file")
    def _look_again(self, path: str) -> None:
        try:
            now: str | None = Path(path).read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            now = None
        except OSError as exc:
            self.app.call_from_thread(self.notify, f"cannot read {path}: {exc}", severity="error")
            return
        self.app.call_from_thread(self._show_file, now)

    def _show_file(self, now: str | None) -> None:
        """What the file holds after a write of the app (an undo or a redo)."""
        where = safe(home_relative(self.path), 600)
        if now == self.markdown:
            line = Text.assemble(("Written to ", "ckpt--success-bold"), where)
            line.append("  (u undoes it)", style="dim")
            shown = self.markdown
        elif now is None:
            line = Text.assemble(("Undone: ", "ckpt--warning-bold"), "no note at ", where)
            line.append("  (ctrl+r writes it again)", style="dim")
            shown = "*No hand-off note: undo removed it.*"
        else:
            line = Text.assemble(("Undone: ", "ckpt--warning-bold"), "the previous note is back at ", where)
            line.append("  (ctrl+r writes ours again)", style="dim")
            shown = now
        self.query_one("#where", ThemedStatic).update(line)
        self.query_one("#note", NoteText).update(note_renderable(home_relative_in(shown)))
        self.query_one(VerticalScroll).border_title = (
            "Hand-off preview" if now == self.markdown else "The file now"
        )

    def action_close(self) -> None:
        self.dismiss()

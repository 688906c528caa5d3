"""``e``: the hand-off note that was written (or could not be), as Markdown.

``u`` works here (the app's undo, on the session shown): after it, the
screen looks at the file again and says what is there now (nothing, or
the note that was there before), so the preview never shows a note that
is gone."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ckpt_tui.ui.explain import key_of
from ckpt_tui.ui.messages import StoreWritten
from ckpt_tui.ui.render import home_relative, home_relative_in, safe, safe_block
from ckpt_tui.ui.screens.installed import Reused
from ckpt_tui.ui.widgets.document_view import DocumentView, Stamped
from ckpt_tui.ui.widgets.key_bar import KeyBar
from ckpt_tui.ui.widgets.themed_text import PathLine, ThemedStatic


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


#: The name the hand-off screen is installed under.
HANDOFF_SCREEN = "handoff"


def handoff_screen(app) -> HandoffScreen:
    """The one hand-off screen, made the first time: every ``e`` after the
    first shows its note in the widgets already composed, styled and laid
    out (a new screen each time was most of the cost of an ``e``)."""
    if not app.is_screen_installed(HANDOFF_SCREEN):
        app.install_screen(HandoffScreen(), HANDOFF_SCREEN)
    return app.get_screen(HANDOFF_SCREEN)


class HandoffScreen(Reused, Screen[None]):
    #: The app's undo and redo work here: the note is the selected session's
    #: newest step, and the line above it names the key that takes it back.
    UNDO_HERE = True
    DEFAULT_CSS = """
    HandoffScreen #where { height: auto; padding: 0 1; background: $panel; }
    HandoffScreen DocumentView { border: round $accent; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", id="handoff.close"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.markdown = ""
        self.path: str | None = None
        self.problem: str | None = None
        self.warning: str | None = None
        self._note: RenderableType | Stamped = Text("")
        #: Which ``e`` the screen shows (a count): a look at the file made
        #: for an earlier one (``_look_again``) is not shown over a newer note.
        self.showing = 0
        #: Shown at the key, being written (``ui/flows/handoff.py``): where
        #: to (``None``: not known yet).
        self.writing: str | None = None
        self._writing = False

    def show_note(
        self,
        markdown: str,
        path: str | None,
        problem: str | None,
        warning: str | None = None,
        note: RenderableType | Stamped | None = None,
    ) -> None:
        """What this ``e`` wrote (or could not): ``note`` is ``markdown`` as
        drawn (:func:`note_renderable`, parsed in a worker), from the top,
        under the title "Hand-off preview"."""
        self.markdown, self.path, self.problem, self.warning = markdown, path, problem, warning
        self._note = note if note is not None else note_renderable(home_relative_in(markdown))
        self._writing, self.writing = False, None
        self.showing += 1
        if self._composed():
            self._show_where()
            view = self.query_one("#note", DocumentView)
            view.show(self._note)
            if view.border_title != "Hand-off preview":  # setting it draws it again
                view.border_title = "Hand-off preview"

    def show_writing(
        self,
        markdown: str,
        path: str | None,
        problem: str | None = None,
        note: RenderableType | Stamped | None = None,
    ) -> None:
        """A note made ahead, shown at the key while the ``e`` worker writes
        it (``path``: where, if known; ``problem``: why it will not be, as
        read-only): the line above it says so until :meth:`show_written`."""
        self.show_note(markdown, None, problem, None, note)
        self._writing, self.writing = True, path
        if self._composed():
            self._show_where()

    def show_written(
        self, path: str | None, problem: str | None, warning: str | None, showing: int | None
    ) -> None:
        """The note shown at the key (``showing``) was written to ``path``,
        or not (``problem``): only the line above it changes."""
        if showing != self.showing or not self._writing:
            return  # another note is shown now
        self.path, self.problem, self.warning = path, problem, warning
        self._writing, self.writing = False, None
        if self._composed():
            self._show_where()

    def _show_where(self) -> None:
        """The line above the note: laid out again only if it may not fit
        on one line, before or now (a layout is most of the cost of ``e``)."""
        where = self.query_one("#where", ThemedStatic)
        line = self._where()
        room = where.content_region.width
        shown = where.shown
        one_line = isinstance(shown, Text) and "\n" not in shown.plain
        width = shown.cell_len if one_line else room + 1
        fits = "\n" not in line.plain and 0 < line.cell_len <= room and 0 < width <= room
        where.update(line, layout=not fits or not where.is_mounted)

    def _composed(self) -> bool:
        """Its widgets exist: from compose on, before the screen is mounted
        too (a worker's result can land between the two; the widgets must
        show it, as they were composed with what came before)."""
        return bool(self.query("#where"))

    def _where(self) -> Text:
        if self._writing and not self.problem:
            where = Text.assemble(("Writing", "ckpt--warning-bold"))
            if self.writing is not None:
                where.append(" to ")
                where.append_text(safe(home_relative(self.writing), 600))
            where.append("…")
            return where
        if self.problem:
            return Text.assemble(("Not written: ", "ckpt--error-bold"), safe(self.problem, 600))
        where = Text.assemble(("Written to ", "ckpt--success-bold"), safe(home_relative(self.path), 600))
        if self.warning:
            where.append_text(safe(f"  warning: {self.warning}", 600, style="ckpt--warning"))
        else:
            where.append(f"  ({key_of(self.app, 'app.undo')} undoes it)", style="dim")
        return where

    def compose(self) -> ComposeResult:
        yield PathLine(self._where(), id="where")
        view = DocumentView(self._note, id="note")
        view.border_title = "Hand-off preview"
        yield view
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#note", DocumentView).focus()

    @on(StoreWritten)
    def _store_written(self) -> None:
        if self.path is not None:
            self._look_again(self.path, self.showing)

    @work(thread=True, exclusive=True, group="handoff-file")
    def _look_again(self, path: str, showing: int) -> None:
        try:
            now: str | None = Path(path).read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            now = None
        except OSError as exc:
            self.app.call_from_thread(self.notify, f"cannot read {path}: {exc}", severity="error")
            return
        self.app.call_from_thread(self._show_file, now, showing)

    def _show_file(self, now: str | None, showing: int | None = None) -> None:
        """What the file holds after a write of the app (an undo or a redo)."""
        if showing is not None and showing != self.showing:
            return  # read for a note this screen no longer shows
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
        # Our note again (after a redo): as ``e`` showed it.
        note = self._note if now == self.markdown else note_renderable(home_relative_in(shown))
        view = self.query_one("#note", DocumentView)
        view.show(note)
        view.border_title = (
            "Hand-off preview" if now == self.markdown else "The file now"
        )

    def action_close(self) -> None:
        self.dismiss()

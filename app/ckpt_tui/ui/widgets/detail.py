"""The detail pane: whatever the lists have selected, laid out to read.

When it shows a checkpoint (live or a snapshot) it has a field cursor:
``]`` and ``[`` move it, and ``b`` asks for that field's history (blame).
The cursor is drawn only while the pane has the focus. ``j``/``k`` and
``g``/``G`` scroll it, as they move the lists.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import ClassVar, NamedTuple

from rich.console import Group, RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.ui.checkpoint_view import SHOWN_ORDER, checkpoint_parts
from ckpt_tui.ui.render import literal
from ckpt_tui.ui.widgets.steady import SteadyScroll
from ckpt_tui.ui.widgets.themed_text import DetailText


class Shown(NamedTuple):
    """A checkpoint on display: whose, and which version (``snapshot_id`` None: live)."""

    project_id: str
    session_id: str
    snapshot_id: str | None
    checkpoint: Checkpoint
    heading: Text
    title: str


def _render_key(shown: Shown, focused: str | None) -> Hashable:
    """What the pane's lines for ``shown`` depend on: equal keys, equal
    lines (so a checkpoint seen again is drawn from the kept render).
    ``extra`` is not part of a checkpoint's equality, so its text is here."""
    cp = shown.checkpoint
    return (
        shown.session_id, shown.snapshot_id, shown.title, shown.heading.plain,
        repr(shown.heading.spans), focused, cp, repr(cp.extra) if cp.extra else "",
    )


class DetailPane(SteadyScroll, VerticalScroll, can_focus=True):
    """New content lays out the screen once, or not at all if it is as tall
    as the last (``DetailText.show``): its height is its own (``1fr``), so
    its scroll height changing is no layout (``SteadyScroll``), and whether
    the content overflows (the scrollbar shows, the body gets narrower) is
    known before that layout (:meth:`_fit_scrollbar`), not found by it and
    laid out again, and again for the narrower body's height."""

    DEFAULT_CSS = """
    DetailPane {
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        padding: 0 1;
        height: 1fr;
    }
    DetailPane:focus { border: round $accent; border-title-color: $text; }
    DetailPane > Static { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right_square_bracket", "move_field(1)", "Next field", id="detail.next_field"),
        Binding(
            "left_square_bracket", "move_field(-1)", "Previous field", id="detail.previous_field"
        ),
        Binding("b", "history", "History of field", id="detail.history"),
        # Scrolling with the keys the lists and the diff views move with
        # (``paged_list.py``, ``text_lines.py``); the arrows, Home, End and
        # the page keys are VerticalScroll's own, named here for the help.
        Binding("down,j", "scroll_down", "Down", show=False, id="detail.down"),
        Binding("up,k", "scroll_up", "Up", show=False, id="detail.up"),
        Binding("pagedown", "page_down", "Page down", show=False, id="detail.page_down"),
        Binding("pageup", "page_up", "Page up", show=False, id="detail.page_up"),
        Binding("g,home", "scroll_home", "Top", show=False, id="detail.top"),
        Binding("G,end", "scroll_end", "Bottom", show=False, id="detail.bottom"),
    ]

    class HistoryRequested(Message):
        """Show where each line of ``field`` of this checkpoint came from."""

        def __init__(
            self, project_id: str, session_id: str, snapshot_id: str | None, field: str
        ) -> None:
            super().__init__()
            self.project_id = project_id
            self.session_id = session_id
            self.snapshot_id = snapshot_id
            self.field = field

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "4 Detail"
        self._body = DetailText("Select a session or a snapshot.", classes="detail-body")
        self._shown: tuple[str, RenderableType] | None = None
        self.checkpoint: Shown | None = None
        self.field = SHOWN_ORDER[0]
        self._reveal: tuple[str, str] | None = None
        #: The parts of the last few checkpoints shown, by :func:`_render_key`.
        self._laid_out: OrderedDict[Hashable, tuple[list[RenderableType], int]] = OrderedDict()

    def compose(self):
        yield self._body

    def show(self, renderable: RenderableType, title: str = "Detail") -> None:
        """Anything that is not a checkpoint (a project, an error, a damaged payload)."""
        self.checkpoint = None
        self._show(renderable, title)

    def show_checkpoint(self, shown: Shown) -> None:
        self.checkpoint = shown
        self._draw(scroll=False, home=True)

    def _show(
        self,
        renderable: RenderableType,
        title: str,
        scroll_home: bool = True,
        key: Hashable | None = None,
    ) -> None:
        # Every highlight asks again; the same text again would only cost a
        # layout and a repaint (three of them on the first frame).
        if self._shown == (title, renderable):
            return
        self._shown = (title, renderable)
        if str(self.border_title) != f"4 {title}":  # a new title repaints the whole pane
            self.border_title = literal(f"4 {title}")
        self._body.show(renderable, key)
        self._fit_scrollbar()
        if scroll_home:
            self.scroll_home(animate=False)
        if self._reveal is not None and self._reveal[0] == title:
            label, self._reveal = self._reveal[1], None
            line = self._line_of(renderable, label)
            if line:
                self.call_after_refresh(self.scroll_to, y=line, animate=False)

    def _fit_scrollbar(self) -> None:
        """Show or hide the scrollbar as the layout the body's new content
        asks for would (Textual's ``_refresh_scrollbars``: the body's height
        at its width now over the pane's height), so that layout is the only one."""
        width = self._body.content_size.width
        height = self.container_size.height
        if not width or not height or self._body.text_selection is not None:
            return
        overflows = self._body.line_count(width) > height
        if overflows != self.show_vertical_scrollbar:
            self.show_vertical_scrollbar = overflows  # a layout reactive: lays the screen out
            self.vertical_scrollbar.display = overflows

    def reveal(self, title: str, label: str) -> None:
        """When content titled ``title`` is shown next, scroll to the line
        that is exactly ``label`` (a field's heading): a search hit's field."""
        self._reveal = (title, label)

    @property
    def revealing(self) -> bool:
        """A line waits to be scrolled to when its content is shown next."""
        return self._reveal is not None

    def _line_of(self, renderable: RenderableType, label: str) -> int | None:
        from rich.console import Group
        from rich.text import Text

        if not isinstance(renderable, Group):
            return None
        width = max(self.scrollable_content_region.width, 20)
        options = self.app.console.options.update_width(width)
        line = 0
        for part in renderable.renderables:
            if isinstance(part, Text) and part.plain == label:
                return line
            line += len(self.app.console.render_lines(part, options, pad=False))
        return None

    def _draw(self, scroll: bool, home: bool = False) -> None:
        shown = self.checkpoint
        if shown is None:
            return
        focused = self.field if self.has_focus else None
        key = _render_key(shown, focused)
        kept = self._laid_out.get(key)
        if kept is None:  # Markdown is parsed here: once per checkpoint and field
            parts, at = checkpoint_parts(shown.checkpoint, shown.heading, focused)
            kept = self._laid_out[key] = (parts, at)
            while len(self._laid_out) > DetailText.KEPT_RENDERS:
                self._laid_out.popitem(last=False)
        else:
            self._laid_out.move_to_end(key)
        parts, at = kept
        self._show(Group(*parts), shown.title, scroll_home=home, key=key)
        if scroll and focused is not None:
            width = max(self.scrollable_content_region.width, 10)
            options = self.app.console.options.update_width(width)
            y = len(self.app.console.render_lines(Group(*parts[:at]), options, pad=False))
            self.call_after_refresh(self.scroll_to, y=max(y - 1, 0), animate=False)

    def on_focus(self) -> None:
        self._draw(scroll=True)

    def on_blur(self) -> None:
        self._draw(scroll=False)

    def action_move_field(self, step: int) -> None:
        if self.checkpoint is None:
            return
        index = (SHOWN_ORDER.index(self.field) + step) % len(SHOWN_ORDER)
        self.field = SHOWN_ORDER[index]
        self._draw(scroll=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move_field", "history"):
            return True if self.checkpoint is not None else None
        return True

    def action_history(self) -> None:
        shown = self.checkpoint
        if shown is not None:
            self.post_message(
                self.HistoryRequested(
                    shown.project_id, shown.session_id, shown.snapshot_id, self.field
                )
            )

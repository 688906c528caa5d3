"""The detail pane: whatever the lists have selected, laid out to read.

When it shows a checkpoint (live or a snapshot) it has a field cursor:
``]`` and ``[`` move it, and ``b`` asks for that field's history (blame).
The cursor is drawn only while the pane has the focus. ``j``/``k`` and
``g``/``G`` scroll it, as they move the lists.

The ages it shows ("captured 45s ago") are worked out at the app's clock
(``CkptApp.now``), the one the lists use; when the clock moves and an age
reads otherwise, the pane is drawn again.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, NamedTuple

from rich.console import Group, RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.containers import VerticalScroll
from textual.message import Message

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.ui.checkpoint_view import SHOWN_ORDER, checkpoint_parts
from ckpt_tui.ui.render import Aged, literal
from ckpt_tui.ui.widgets.themed_text import DetailText

#: Checkpoints whose laid-out parts are kept (Markdown parsed once each).
PARTS_KEPT = 16


class Shown(NamedTuple):
    """A checkpoint on display: whose, and which version (``snapshot_id`` None: live)."""

    project_id: str
    session_id: str
    snapshot_id: str | None
    checkpoint: Checkpoint
    heading: Aged
    title: str


def _parts_key(shown: Shown, focused: str | None) -> Hashable:
    """What the checkpoint's parts depend on (the heading is drawn apart):
    ``extra`` is not part of a checkpoint's equality, so its text is here."""
    cp = shown.checkpoint
    return (shown.session_id, shown.snapshot_id, focused, cp, repr(cp.extra) if cp.extra else "")


class DetailPane(VerticalScroll, can_focus=True):
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
        #: What is shown that is not a checkpoint, and its title.
        self._plain: tuple[RenderableType | Aged, str] | None = None
        self.checkpoint: Shown | None = None
        #: The ages it shows, as drawn (the text they are in).
        self._ages_drawn: str | None = None
        self._shown: tuple[str, RenderableType] | None = None
        self.field = SHOWN_ORDER[0]
        self._reveal: tuple[str, str] | None = None
        #: The parts of the last few checkpoints shown, by :func:`_parts_key`.
        self._parts: LRUCache[Hashable, tuple[list[RenderableType], int]] = LRUCache(PARTS_KEPT)

    def compose(self):
        yield self._body

    def on_mount(self) -> None:
        self.watch(self.app, "now", self._clock_moved, init=False)

    def show(self, body: RenderableType | Aged, title: str = "Detail") -> None:
        """Anything that is not a checkpoint (a project, an error, a damaged payload)."""
        self.checkpoint = None
        self._plain = (body, title)
        self._draw(scroll=False, home=True)

    def show_checkpoint(self, shown: Shown) -> None:
        self.checkpoint = shown
        self._plain = None
        self._draw(scroll=False, home=True)

    def _aged(self) -> Aged | None:
        """What of the content shown has ages in it."""
        if self.checkpoint is not None:
            return self.checkpoint.heading
        if self._plain is not None and isinstance(self._plain[0], Aged):
            return self._plain[0]
        return None

    def _clock_moved(self) -> None:
        """Drawn again if an age it shows reads otherwise now."""
        aged = self._aged()
        if aged is not None and aged.text(self.app.now).plain != self._ages_drawn:
            self._draw(scroll=False)

    def _show(self, renderable: RenderableType, title: str, scroll_home: bool = True) -> None:
        # Every highlight asks again; the same text again would only cost a
        # layout and a repaint.
        if self._shown == (title, renderable):
            return
        self._shown = (title, renderable)
        if str(self.border_title) != f"4 {title}":  # a new title repaints the whole pane
            self.border_title = literal(f"4 {title}")
        self._body.update(renderable)
        if scroll_home:
            self.scroll_home(animate=False)
        if self._reveal is not None and self._reveal[0] == title:
            label, self._reveal = self._reveal[1], None
            line = self._line_of(renderable, label)
            if line:
                self.call_after_refresh(self.scroll_to, y=line, animate=False)

    def reveal(self, title: str, label: str) -> None:
        """When content titled ``title`` is shown next, scroll to the line
        that is exactly ``label`` (a field's heading): a search hit's field."""
        self._reveal = (title, label)

    @property
    def revealing(self) -> bool:
        """A line waits to be scrolled to when its content is shown next."""
        return self._reveal is not None

    def _line_of(self, renderable: RenderableType, label: str) -> int | None:
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
        now = self.app.now
        aged = self._aged()
        self._ages_drawn = aged.text(now).plain if aged is not None else None
        shown = self.checkpoint
        if shown is None:
            if self._plain is not None:
                body, title = self._plain
                self._show(body.at(now) if isinstance(body, Aged) else body, title, home)
            return
        focused = self.field if self.has_focus else None
        key = _parts_key(shown, focused)
        kept = self._parts.get(key)
        if kept is None:  # Markdown is parsed here: once per checkpoint and field
            kept = checkpoint_parts(shown.checkpoint, None, focused)
            self._parts.set(key, kept)
        parts, at = kept
        heading = shown.heading.text(now)
        self._show(Group(heading, *parts), shown.title, scroll_home=home)
        if scroll and focused is not None:
            width = max(self.scrollable_content_region.width, 10)
            options = self.app.console.options.update_width(width)
            lines = self.app.console.render_lines(Group(heading, *parts[:at]), options, pad=False)
            self.call_after_refresh(self.scroll_to, y=max(len(lines) - 1, 0), animate=False)

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
